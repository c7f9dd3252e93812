/**
 * The Room provider: check, diff, create, read, update, delete against /rooms, driven by the
 * declaration in provider/declarations/room.ts and given its API clients.
 *
 * Every method has the same shape: read the inputs, make the fewest calls that reach the
 * declared state, return outputs built from what the API answered.
 */
import type * as pulumi from "@pulumi/pulumi";
import { NotFoundError, ValidationError, type RoomRecord, type RoomsClient } from "../api";
import { deepKeysToCamel } from "../api/names";
import type { ConnectionInput } from "../declarations/connection";
import type { ProviderInputsOf, ProviderOutputsOf, Values } from "../declarations/declare";
import { creationMarker, droppedExpiryWarning, expiredDiff, hasExpired, room } from "../declarations/room";
import { checkInputs, containsUnknown, failure } from "./check";
import { claim, ownerOf, teamOf } from "./claims";
import { warn } from "./diagnostics";
import { configurationFailures, withTeamMove, type ClientFor } from "./connections";
import type { KnownRoles } from "./compare";
import { diffOf, type NamedDiff } from "./diff";
import { teamRolesFor } from "./teamRoles";
import { describeFailure } from "./messages";
import { changedSettings, apiBody, declaredSettings, importedInputs, inputsAfterRead, outputsOf, previousInputs, recordFromOutputs, sentSettings, unappliedSettings, type Bookkeeping } from "./reconcile";
import { replacementInputs } from "../declarations/derive";

type RoomInputs = ProviderInputsOf<typeof room>;
/** What the provider keeps: the record's fields, the extra inputs, and its bookkeeping. */
type RoomOutputs = ProviderOutputsOf<typeof room, Bookkeeping>;

function roomLabel(inputs: { resourceName?: string; friendlyUrl?: string }, id?: string): string {
    const name = typeof inputs.resourceName === "string" ? `"${inputs.resourceName}"` : id ? `"${id}"` : "";
    const url = typeof inputs.friendlyUrl === "string" ? ` (friendly URL ${inputs.friendlyUrl})` : "";
    return `room ${name}${url}`.replace("room  (", "room (");
}

/** A room, as claims.ts knows it: by team and id. */
function roomKey(client: RoomsClient, id: string): string {
    return `${teamOf(client)} room ${id}`;
}

async function findRoom(client: RoomsClient, ref: string): Promise<RoomRecord | undefined> {
    try {
        return await client.getRoom(ref);
    } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
    }
}

/** The declared settings that differ and may be sent in a PATCH (create-only ones replace instead). */
async function updatableChanges(client: RoomsClient, news: Values, olds: Values): Promise<string[]> {
    const createOnly = replacementInputs(room);
    return changedSettings(room, news, olds, await teamRolesFor(client, room, news)).filter((k) => !createOnly.includes(k));
}

export class RoomProvider implements pulumi.dynamic.ResourceProvider<RoomInputs, RoomOutputs> {
    constructor(private readonly clientFor: ClientFor) {}

    private client(values: { connection?: ConnectionInput }): RoomsClient {
        return this.clientFor(values.connection);
    }

    async check(olds: RoomInputs, news: RoomInputs): Promise<pulumi.dynamic.CheckResult<RoomInputs>> {
        const inputs = room.hooks.complete(olds, news) as RoomInputs;
        const failures = checkInputs(room, inputs, new Date(), olds);
        const dropped = droppedExpiryWarning(olds, inputs);
        if (dropped) warn(dropped);
        if (!failures.some((f) => f.property === "connection")) failures.push(...configurationFailures(this.clientFor, inputs.connection));
        const { friendlyUrl, resourceName } = inputs;
        if (failures.length === 0 && typeof friendlyUrl === "string" && !containsUnknown(friendlyUrl) && typeof resourceName === "string") {
            const other = claim(`${teamOf(this.client(inputs))} friendly URL ${friendlyUrl}`, resourceName);
            if (other) {
                failures.push(failure("friendlyUrl", `is also declared by Room "${other}" of this stack: a room can be managed by one resource only; give each Room its own friendlyUrl`, friendlyUrl));
            }
        }
        return { inputs, failures };
    }

    async diff(id: string, olds: RoomOutputs, news: RoomInputs): Promise<NamedDiff> {
        if (containsUnknown(news.connection)) return diffOf(room, olds, news);
        const client = this.client(news);
        if (typeof news.resourceName === "string") claim(roomKey(client, id), news.resourceName);
        const diff = withTeamMove(diffOf(room, olds, news, await teamRolesFor(client, room, news)), this.clientFor, olds, news);
        return olds.expired === true ? expiredDiff(diff, olds, news) : diff;
    }

    /**
     * Creates the room, or adopts it (adoptExisting). A create that may have reached the API without an answer
     * is settled by the friendly URL, unique per team and ours (generated, or declared for this resource): a room
     * found under it is taken only when it carries this resource's creation marker and no resource of this
     * deployment manages it, i.e. when an earlier attempt of this create made it. Inside the client's retry loop
     * that settles a lost answer; on a later run (the lookup failed too) the create is refused as "taken", and the
     * same lookup takes the room. Any other room under the name is left alone: the create fails, naming the way
     * out (another friendlyUrl, or adoptExisting).
     */
    async create(inputs: RoomInputs): Promise<pulumi.dynamic.CreateResult<RoomOutputs>> {
        let record: RoomRecord;
        try {
            const client = this.client(inputs);
            const friendlyUrl = inputs.friendlyUrl;
            const existing = inputs.adoptExisting === true && friendlyUrl !== undefined ? await findRoom(client, friendlyUrl) : undefined;
            const adopt = (found: RoomRecord) => {
                const other = ownerOf(roomKey(client, found.id));
                if (other !== undefined && other !== inputs.resourceName) {
                    throw new Error(`it is managed by Room "${other}" of this stack; a room can be managed by one resource only, so declare another friendlyUrl`);
                }
                return room.hooks.adopt(client, inputs, found);
            };
            const marker = creationMarker(inputs);
            const madeEarlier = friendlyUrl === undefined || marker === undefined ? undefined : async () => {
                const found = await findRoom(client, friendlyUrl);
                const ours = found !== undefined && found.external_id === marker && ownerOf(roomKey(client, found.id)) === undefined;
                return ours ? room.hooks.adopt(client, inputs, found) : undefined;
            };
            const body = marker === undefined ? room.hooks.createBody(inputs) : { ...room.hooks.createBody(inputs), external_id: marker };
            try {
                record = existing ? await adopt(existing) : await client.createRoom(body, madeEarlier);
            } catch (error) {
                const taken = error instanceof ValidationError && error.fieldErrors.friendly_url !== undefined;
                const earlier = taken && madeEarlier ? await madeEarlier() : undefined;
                if (!earlier) throw error;
                record = earlier;
            }
        } catch (error) {
            throw describeFailure("create", roomLabel(inputs), error);
        }
        if (typeof inputs.resourceName === "string") claim(roomKey(this.client(inputs), record.id), inputs.resourceName);
        // Fields the answer leaves out are as sent (tags, notably: a create answer without them must not look like a change).
        const outs = outputsOf(room, record, inputs, {}, sentSettings(room, inputs));
        await this.warnUnapplied(inputs, declaredSettings(room, inputs).map(([k]) => k), record, outs, roomLabel(inputs, record.id));
        return { id: record.id, outs: outs as RoomOutputs };
    }

    /**
     * A read with only an id is `pulumi import` (the plugin face): the room is found by UUID or friendly URL,
     * every setting it holds becomes an input, and the id is its UUID whichever was given.
     */
    async read(id: string, props: RoomOutputs = {}): Promise<pulumi.dynamic.ReadResult<RoomOutputs>> {
        const importing = Object.keys(props).length === 0;
        let record: RoomRecord | undefined;
        let teamRoles: KnownRoles = [];
        let declared: Values = {};
        try {
            const client = this.client(props);
            record = await findRoom(client, id);
            if (record) {
                declared = importing
                    ? importedInputs(room, outputsOf(room, record, {}), deepKeysToCamel(await client.getDefaults()) as Values)
                    : previousInputs(room, props);
                teamRoles = await teamRolesFor(client, room, declared);
            }
        } catch (error) {
            throw describeFailure("read", roomLabel(props, id), error);
        }
        if (!record) {
            // Gone at its expiresAt, as declared: kept as expired, so the unchanged program stays valid and green
            // (see expiredDiff). Gone otherwise (deleted outside Pulumi): an empty id tells the engine to drop it.
            if (props.expired === true || hasExpired(props, new Date())) {
                const outs = { ...props, expired: true };
                return { id, props: outs, inputs: inputsAfterRead(room, props, outs) as RoomOutputs };
            }
            return { id: "", props: {}, inputs: {} };
        }
        // Found, so not expired: only the record's last known fields stand in for those the answer leaves out.
        const { expired: _found, ...lastKnown } = props;
        const outs = outputsOf(room, record, declared, props.imageUploads, lastKnown);
        const inputs = inputsAfterRead(room, importing ? outs : props, outs, teamRoles);
        return { id: importing ? record.id : id, props: outs as RoomOutputs, inputs: inputs as RoomOutputs };
    }

    async update(id: string, olds: RoomOutputs, news: RoomInputs): Promise<pulumi.dynamic.UpdateResult<RoomOutputs>> {
        let record: Values;
        let keys: string[] = [];
        try {
            const client = this.client(news);
            keys = await updatableChanges(client, news, olds);
            // Only the resource's own options changed: nothing to send, the record is as last seen.
            record = keys.length === 0 ? recordFromOutputs(room, olds) : await client.updateRoom(id, apiBody(news, keys));
        } catch (error) {
            throw describeFailure("update", roomLabel(news, id), error);
        }
        const outs = outputsOf(room, record, news, olds.imageUploads, { ...olds, ...sentSettings(room, news, keys) });
        await this.warnUnapplied(news, keys, record, outs, roomLabel(news, id));
        return { outs: outs as RoomOutputs };
    }

    /**
     * A write the API answered with other values than were sent for some settings: a warning at this up names them
     * (the write did succeed, and the room exists: failing would lose track of it), and the outputs keep what the API
     * answered, so the next preview shows them as changes instead of hiding them.
     */
    private async warnUnapplied(inputs: RoomInputs, sentKeys: readonly string[], record: Values, outs: Values, label: string): Promise<void> {
        if (sentKeys.length === 0) return;
        const roles = await teamRolesFor(this.client(inputs), room, inputs).catch(() => []);
        const unapplied = unappliedSettings(room, inputs, sentKeys, record, outs, roles);
        if (unapplied) warn(`${label}: ${unapplied}`);
    }

    async delete(id: string, props: RoomOutputs): Promise<void> {
        const owner = ownerOf(roomKey(this.client(props), id));
        if (owner !== undefined && owner !== props.resourceName) {
            // Dropped from the program while another Room of the stack took the room over (adoptExisting): the room
            // is that resource's now, and deleting it would take it from under it.
            warn(`${roomLabel(props, id)} is not deleted: Room "${owner}" of this stack manages it now; it only leaves the stack`);
            return;
        }
        try {
            await this.client(props).deleteRoom(id, { deleteResources: props.deleteContentOnDestroy === true });
        } catch (error) {
            // Already gone (deleted outside Pulumi, or expired at expiresAt): the goal is reached.
            if (error instanceof NotFoundError) return;
            throw describeFailure("delete", roomLabel(props, id), error);
        }
    }
}
