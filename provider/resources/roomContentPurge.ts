/**
 * The RoomContentPurge provider: deletes the named kinds of a room's content (one DELETE per kind
 * of the content endpoints) when created, and again when replaced, which a change of `kinds` or `triggers`
 * does, and a `room` that names another room. The API's deletes cannot be undone.
 *
 * A purge follows its room, not the room's name: it keeps the room's UUID (`roomId`), so a `room` given as the
 * friendly URL of a room renamed since (`room: board.friendlyUrl`) is the same purge.
 */
import { randomUUID } from "node:crypto";
import { NotFoundError, type RoomsClient } from "../api";
import type { ProviderInputsOf, ProviderOutputsOf } from "../declarations/declaration";
import { kindsToDelete, roomContentPurge } from "../declarations/roomContentPurge";
import { inputsAsPlanned } from "../declarations/derive";
import { containsUnknown } from "../model/check";
import { checkInputs } from "./check";
import { Claims, friendlyUrlKey, roomKey } from "./claims";
import { configurationFailures, withTeamMove, type ClientFor } from "./connections";
import { diffOf } from "./diff";
import { sameOwner, type KindCheck, type KindDiff, type KindRead, type ResourceKind } from "./kind";
import { describeFailure } from "../api/messages";

type PurgeInputs = ProviderInputsOf<typeof roomContentPurge>;
type PurgeOutputs = ProviderOutputsOf<typeof roomContentPurge, {}>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function roomIdOf(client: RoomsClient, ref: string): Promise<string | undefined> {
    try {
        return (await client.getRoom(ref)).id;
    } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
    }
}

export class RoomContentPurgeProvider implements ResourceKind<PurgeInputs, PurgeOutputs> {
    /** `claims`: the runtime's, shared by every kind of the process, to see a rename a Room of the deployment plans. */
    constructor(private readonly clientFor: ClientFor, private readonly claims: Claims = new Claims()) {}

    /** Fills `deletes`, the kinds to be deleted, so that a preview lists them before anything is deleted. */
    async check(_olds: PurgeInputs, news: PurgeInputs): Promise<KindCheck<PurgeInputs>> {
        const failures = checkInputs(roomContentPurge, news, new Date());
        // No API URL, a bad one or no key fails here, naming the setting, as for the other kinds.
        if (!failures.some((f) => f.property === "connection")) failures.push(...configurationFailures(this.clientFor, news.connection));
        const inputs = containsUnknown(news.kinds) ? news : { ...news, deletes: kindsToDelete(news.kinds) };
        return { inputs, failures };
    }

    /**
     * `room`, `kinds` and `triggers` replace (the purge runs again), and so does a `connection` to another team; a
     * `connection` change within the team alone updates in place.
     * `kinds` counts by what it purges: reordered, or every kind written out where it was omitted (or the reverse),
     * it deletes the same content, so it is no change. `room` counts by the room it names: the same room under its
     * new friendly URL, or by its UUID, is no change.
     */
    async diff(_id: string, olds: PurgeOutputs, news: PurgeInputs): Promise<KindDiff> {
        const samePurge = !containsUnknown(news.kinds) && kindsToDelete(news.kinds).join() === kindsToDelete(olds.kinds).join();
        const sameRoom = await this.sameRoom(olds, news);
        const compared = { ...news, ...(samePurge ? { kinds: olds.kinds } : {}), ...(sameRoom ? { room: olds.room } : {}) };
        return withTeamMove(diffOf(roomContentPurge, olds, compared), this.clientFor, olds, news);
    }

    /**
     * Whether a `room` written otherwise names the room the purge ran on. Asked of the API by the new name; at
     * preview a rename not made yet is known from the Room of this deployment that declares the new friendly URL
     * and manages that room (its check and diff ran before this one, which depends on it). A connection to another
     * team is left to withTeamMove.
     */
    private async sameRoom(olds: PurgeOutputs, news: PurgeInputs): Promise<boolean> {
        if (typeof news.room !== "string" || containsUnknown(news.connection) || news.room === olds.room || typeof olds.room !== "string") return false;
        let client: RoomsClient;
        try {
            client = this.clientFor(news.connection);
        } catch {
            return false;
        }
        try {
            const ran = olds.roomId ?? (UUID.test(olds.room) ? olds.room : await roomIdOf(client, olds.room));
            if (ran === undefined) return false;
            if (news.room === ran) return true;
            const named = await roomIdOf(client, news.room);
            if (named !== undefined) return named === ran;
            const renamer = this.claims.ownerOf(friendlyUrlKey(client, news.room));
            const holder = this.claims.ownerOf(roomKey(client, ran));
            return renamer !== undefined && holder !== undefined && sameOwner(renamer, holder);
        } catch (error) {
            throw describeFailure("look up", `room ${news.room}`, error);
        }
    }

    async create(inputs: PurgeInputs): Promise<{ id: string; outs: PurgeOutputs }> {
        const kinds = kindsToDelete(inputs.kinds);
        const client = this.clientFor(inputs.connection);
        // The room's UUID first: the purge follows it (diff), and every delete then names the same room.
        let roomId: string;
        try {
            roomId = (await client.getRoom(inputs.room!)).id;
        } catch (error) {
            throw describeFailure("find", `room ${inputs.room}`, error);
        }
        // One kind after another: a failure names the kind, and what was deleted before it stays deleted either way.
        for (const kind of kinds) {
            try {
                await client.deleteRoomContent(roomId, kind);
            } catch (error) {
                throw describeFailure(`delete the ${kind} of`, `room ${inputs.room}`, error);
            }
        }
        return { id: randomUUID(), outs: { ...inputs, deletes: kinds, purged: kinds, roomId } };
    }

    /**
     * Nothing of a purge can be read back (it was an action, not a record): what was kept is what is. Refresh
     * needs it in the SDK's face, whose shim forwards every call; `pulumi import` is refused before this (plugin face).
     */
    async read(id: string, props: PurgeOutputs = {}): Promise<KindRead<PurgeOutputs>> {
        return { id, props };
    }

    /** Only the connection changed: nothing to delete again. */
    async update(_id: string, olds: PurgeOutputs, news: PurgeInputs): Promise<{ outs: PurgeOutputs }> {
        return { outs: { ...olds, connection: news.connection } };
    }

    /**
     * A preview's create or update, as each produces its outputs with no write: a create gives back the inputs and
     * the kinds it deletes (the room's UUID is the up's to find), an update keeps what the purge holds.
     */
    async planned(id: string | undefined, news: PurgeInputs, olds: PurgeOutputs | undefined): Promise<PurgeOutputs> {
        if (id !== undefined && olds !== undefined) return { ...olds, connection: news.connection };
        return { ...inputsAsPlanned(roomContentPurge, news), purged: kindsToDelete(news.kinds) } as PurgeOutputs;
    }

    /** Deleted content cannot come back, and there is nothing else to remove. */
    async delete(): Promise<void> {}
}
