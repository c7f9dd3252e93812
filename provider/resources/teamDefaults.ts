/**
 * The TeamDefaults provider: the team's single default-settings record (GET and PATCH on the base
 * path), driven by the declaration in provider/declarations/teamDefaults.ts. The record cannot be
 * created or deleted, so `create` takes it over and records the values it is about to change, and
 * `delete` puts those values back (restoreOnDestroy, default true).
 *
 * Those original values are kept twice: in state (`restoreValues`, secret), and, before any write, in a record
 * outside it (localRecords.ts), which a later create of the same resource takes over rather than the team as it finds
 * it: the create after an `up` killed between the PATCH and the state's save, and a replacement created before the
 * old resource is deleted. That old one's delete then restores nothing: its replacement holds the originals now.
 */
import { givenAsSecret } from "./secretRedaction";
import { ApiError, ValidationError, type RoomsClient } from "../api";
import { toApiName, toCamelName } from "../model/names";
import { settingByName } from "../model/settings";
import type { ConnectionInput } from "../model/connection";
import { inputSettings, type ProviderInputsOf, type ProviderOutputsOf, type Values } from "../declarations/declaration";
import { teamDefaults } from "../declarations/teamDefaults";
import { containsUnknown } from "../model/check";
import { checkInputs } from "./check";
import { Claims, declaredDomainKey, domainKey, teamOf } from "./claims";
import { declaredFormOf, isImageUpload, type KnownRoles } from "../model/compare";
import { configurationFailures, withTeamMove, type ClientFor } from "./connections";
import { diffOf } from "./diff";
import { identityLabel, identityOf, PROCESS_CONTEXT, sameOwner, type Context, type KindCheck, type KindDiff, type KindRead, type ResourceKind } from "./kind";
import { teamRolesFor } from "./teamRoles";
import { describeFailure } from "../api/messages";
import { LocalRecords, recordsFolder, type RecordKey } from "./localRecords";
import { apiBody, changedSettings, declaredSettings, inputsAfterRead, outputsOf, previousInputs, recordFromOutputs, sentSettings, unappliedSettings, type Bookkeeping } from "./reconcile";
import { WARNINGS } from "./warnings";

type DefaultsInputs = ProviderInputsOf<typeof teamDefaults>;
/** What the provider keeps: the record's fields, the extra inputs, its bookkeeping and the values to restore. */
type DefaultsOutputs = ProviderOutputsOf<typeof teamDefaults, Bookkeeping & { restoreValues: Values }>;

const LABEL = "team defaults";

/** A team's defaults record, as claims.ts knows it. */
const defaultsKey = (client: RoomsClient) => `${teamOf(client)} defaults`;

/**
 * The write form (API names) of the live values of `keys`, to restore later. Roles read back as
 * objects are written back by name; everything else as read.
 */
function snapshot(live: Values, keys: readonly string[]): Values {
    const settings = inputSettings(teamDefaults);
    const values: Values = {};
    for (const key of keys) {
        const setting = settings.get(key);
        // A value the service never showed cannot be put back: it is left out, not written as `undefined`.
        if (setting && live[key] !== undefined) values[toApiName(key)] = declaredFormOf(setting.compare, live[key], undefined);
    }
    return values;
}

/**
 * The values to restore that the API can take back, and the names (with why) of those it cannot: an empty value
 * (null) is written only where the setting's rule allows it (session length: unlimited); a logo or favicon that was
 * empty before cannot be emptied again.
 */
function splitRestorable(restoreValues: Values): { writable: Values; refused: string[] } {
    const writable: Values = {};
    const refused: string[] = [];
    for (const [field, value] of Object.entries(restoreValues)) {
        const setting = settingByName(field);
        if (value === null && setting && !setting.schema("defaults").safeParse(null).success) refused.push(`${toCamelName(field)} (it was empty, and the API takes no empty value)`);
        else writable[field] = value;
    }
    return { writable, refused };
}

/**
 * PATCHes the values back. One PATCH applies all or nothing: when the API refuses some values, the others are put
 * back without them, and the refused ones are added to `refused` with the API's reason.
 */
async function restore(client: RoomsClient, writable: Values, refused: string[]): Promise<void> {
    if (Object.keys(writable).length === 0) return;
    try {
        await client.updateDefaults(writable);
    } catch (error) {
        const fields = error instanceof ValidationError ? Object.keys(error.fieldErrors).filter((f) => f in writable) : [];
        if (fields.length === 0) throw error;
        const rest = { ...writable };
        for (const f of fields) {
            refused.push(`${toCamelName(f)} (${(error as ValidationError).fieldErrors[f]!.join("; ")})`);
            delete rest[f];
        }
        await restore(client, rest, refused);
    }
}

/** Names, in a warning at this up, the settings a PATCH answered with other values than sent (as Room does). */
function warnUnapplied(inputs: Values, sentKeys: readonly string[], record: Values, outs: Values, roles: KnownRoles, ctx: Context): void {
    const unapplied = sentKeys.length === 0 ? undefined : unappliedSettings(teamDefaults, inputs, sentKeys, record, outs, roles, (key) => givenAsSecret(teamDefaults, key, ctx, [inputs]));
    if (unapplied) ctx.warn(WARNINGS.defaultsUnapplied(unapplied));
}

const declaredKeys = (inputs: Values) => declaredSettings(teamDefaults, inputs).map(([k]) => k);

/** A create of `resource` in this deployment took the team's defaults over (a replacement): see `delete`. */
const takenOverKey = (client: RoomsClient, resource: string) => `${defaultsKey(client)} taken over by ${resource}`;

/** Whether a failed write surely changed nothing: the API answered it with a refusal (4xx). */
const refused = (error: unknown) => error instanceof ApiError && !error.mayHaveActed && error.status !== undefined && error.status >= 400 && error.status < 500;

export class TeamDefaultsProvider implements ResourceKind<DefaultsInputs, DefaultsOutputs> {
    /**
     * `claims`: the runtime's, shared by every kind of the process (a provider made on its own has its own).
     * `originals`: where the team's original values are kept outside the state (localRecords.ts); used only for a
     * resource whose stack and name are known (both faces give them; a kind called alone keeps nothing there).
     */
    constructor(
        private readonly clientFor: ClientFor,
        private readonly claims: Claims = new Claims(),
        private readonly originals: LocalRecords = new LocalRecords(recordsFolder("team-defaults"), "the team's values from before Pulumi changed them"),
    ) {}

    private client(values: { connection?: ConnectionInput }): RoomsClient {
        return this.clientFor(values.connection);
    }

    /** The key of this resource's record of original values, when its stack and name are known. */
    private originalKey(client: RoomsClient, values: { stack?: string }, ctx: Context): RecordKey | undefined {
        // The resource's identity (its URN where the face knows it), as the claims key on it.
        const identity = identityOf(ctx);
        if (typeof values.stack !== "string" || identity === undefined) return undefined;
        return { team: teamOf(client), stack: values.stack, resource: identity };
    }

    /**
     * A resource whose originals are kept only in its state (created before the record existed, or recorded under
     * another developer key) gets its record now, in its own team, so that a replacement created before it is
     * deleted finds them. A connection that no longer resolves is left alone.
     */
    private recordFromState(olds: DefaultsOutputs, ctx: Context): void {
        if (olds.restoreValues === undefined || containsUnknown(olds.connection)) return;
        let client: RoomsClient;
        try {
            client = this.client(olds);
        } catch {
            return;
        }
        const key = this.originalKey(client, olds, ctx);
        const found = key && this.originals.read(key, client.config.developerKey);
        if (!key || (found !== undefined && !("unreadable" in found))) return;
        try {
            this.originals.write(key, client.config.developerKey, olds.restoreValues);
        } catch (error) {
            ctx.warn(WARNINGS.defaultsRecordUnwritten((error as Error).message));
        }
    }

    /** Removes this resource's record, unless a replacement created in this deployment holds it now; a connection that no longer resolves keeps it. */
    private forget(props: DefaultsOutputs, ctx: Context): void {
        let client: RoomsClient;
        try {
            client = this.client(props);
        } catch {
            return;
        }
        const key = this.originalKey(client, props, ctx);
        const identity = identityOf(ctx);
        if (key && (identity === undefined || this.claims.ownerOf(takenOverKey(client, identity)) !== identity)) this.originals.remove(key);
    }

    /** What an earlier create of this resource recorded, if anything; a record that cannot be read is named in a warning. */
    private recorded(client: RoomsClient, key: RecordKey | undefined, ctx: Context): { values: Values; written?: Values } | undefined {
        const found = key && this.originals.read(key, client.config.developerKey);
        if (found && "unreadable" in found) ctx.warn(WARNINGS.defaultsRecordUnread(found.unreadable));
        return found && "values" in found ? found : undefined;
    }

    /**
     * The part of an earlier record still to be trusted: a setting whose recorded original the team still holds (that
     * write never landed), or still holds what the record's writer was setting (`written`: it landed, and nothing
     * changed it since). A setting the team now holds at another value was changed since, outside this stack (by hand,
     * in the dashboard): its recorded original is stale, and the team's value now is the one to put back, so it is
     * left out, named in a warning (by name only: the values may be secrets). A setting the record has no `written`
     * value for (a record from before `written` was kept, or one no longer declared when it was written), one written
     * as an image upload (the API makes a URL of it), or one the team's record does not show, cannot be judged, and is
     * taken as recorded, as before.
     */
    private async stillHeld(client: RoomsClient, found: { values: Values; written?: Values }, live: Values, ctx: Context): Promise<{ values: Values; written: Values }> {
        const written = found.written ?? {};
        const roles = await teamRolesFor(client, teamDefaults, written);
        const now = snapshot(live, Object.keys(found.values).map(toCamelName));
        const values: Values = {};
        const moved: string[] = [];
        for (const [field, original] of Object.entries(found.values)) {
            const name = toCamelName(field);
            // An image sent as an upload reads back as the URL the API made of it, which the record cannot know.
            const judged = name in written && live[name] !== undefined && !(inputSettings(teamDefaults).get(name)?.compare === "image" && isImageUpload(written[name]));
            const holdsOriginal = JSON.stringify(now[field]) === JSON.stringify(original);
            const holdsWritten = judged && changedSettings(teamDefaults, { [name]: written[name] }, live, roles).length === 0;
            if (!judged || holdsOriginal || holdsWritten) values[field] = original;
            else moved.push(name);
        }
        if (moved.length > 0) {
            ctx.warn(
                WARNINGS.defaultsRecordUnread(
                    `for ${moved.join(", ")}, which the team holds at other values than it had before the create that wrote the record and than that create was setting (changed since, outside this stack): the values the team holds now are taken as the ones to put back`,
                ),
            );
        }
        return { values, written: Object.fromEntries(Object.entries(written).filter(([name]) => toApiName(name) in values)) };
    }

    async check(_olds: DefaultsInputs, news: DefaultsInputs, ctx: Context = PROCESS_CONTEXT): Promise<KindCheck<DefaultsInputs>> {
        const failures = checkInputs(teamDefaults, news, new Date());
        if (!failures.some((f) => f.property === "connection")) failures.push(...configurationFailures(this.clientFor, news.connection));
        const identity = identityOf(ctx);
        if (failures.length === 0 && identity !== undefined) {
            const team = this.client(news).config.apiUrl;
            const other = this.claims.claim(defaultsKey(this.client(news)), identity);
            if (other) {
                failures.push({
                    property: "",
                    reason: `${identityLabel("TeamDefaults", identity)} and ${identityLabel(undefined, other)} both declare the defaults of the team at ${team}: a team has one default-settings record, so declare one TeamDefaults per team and put every setting in it`,
                });
            }
            // Every room address of the team may change with it: previews of Rooms leave their roomUrl unknown (room.ts).
            if (news.domain !== undefined) this.claims.claim(declaredDomainKey(this.client(news)), identity);
        }
        return { inputs: news, failures };
    }

    async diff(_id: string, olds: DefaultsOutputs, news: DefaultsInputs, ctx: Context = PROCESS_CONTEXT): Promise<KindDiff> {
        if (containsUnknown(news.connection)) return diffOf(teamDefaults, olds, news);
        const client = this.client(news);
        const identity = identityOf(ctx);
        if (identity !== undefined) this.claims.claim(defaultsKey(client), identity);
        this.recordFromState(olds, ctx);
        // Another team: the old team's saved values go back there (delete), and the new team's are saved and set (create).
        const diff = withTeamMove(diffOf(teamDefaults, olds, news, await teamRolesFor(client, teamDefaults, news)), this.clientFor, olds, news);
        // A new domain is a new address for every room of the team: their join tokens are issued anew (joinToken.ts).
        if (diff.detailedDiff.domain !== undefined) this.claims.changes(domainKey(client));
        return diff;
    }

    async create(inputs: DefaultsInputs, ctx: Context = PROCESS_CONTEXT): Promise<{ id: string; outs: DefaultsOutputs }> {
        try {
            const client = this.client(inputs);
            const current = await client.getDefaults();
            // The record as outputs name it (camelCase, nested objects too), to compare with declared values.
            const live = outputsOf(teamDefaults, current, {});
            // An earlier create of this resource recorded the team's values before it changed them: those are the
            // originals, not the team as it is now (which that create, or the resource this one replaces, changed).
            const key = this.originalKey(client, inputs, ctx);
            const found = this.recorded(client, key, ctx);
            const earlier = found && (await this.stillHeld(client, found, live, ctx));
            const restoreValues = { ...snapshot(live, declaredKeys(inputs)), ...earlier?.values };
            // What this create sets, beside the originals: a later create that finds the record (this one killed after its
            // write) trusts it only for the settings the team then still holds as this create leaves them.
            if (key) this.originals.write(key, client.config.developerKey, restoreValues, { ...earlier?.written, ...sentSettings(teamDefaults, inputs) });
            const identity = identityOf(ctx);
            if (identity !== undefined) this.claims.claim(takenOverKey(client, identity), identity);
            const roles = await teamRolesFor(client, teamDefaults, inputs);
            const changed = changedSettings(teamDefaults, inputs, live, roles);
            let record: Values;
            try {
                record = changed.length === 0 ? current : await client.updateDefaults(apiBody(inputs, changed));
            } catch (error) {
                // Refused, so nothing changed: a record this create made would only outlive it (a later create of the
                // resource would take these values for the originals after the team had moved on).
                if (key && earlier === undefined && refused(error)) this.originals.remove(key);
                throw error;
            }
            const outs = outputsOf(teamDefaults, record, inputs, {}, { ...live, ...sentSettings(teamDefaults, inputs, changed) });
            warnUnapplied(inputs, changed, record, outs, roles, ctx);
            return { id: record.id as string, outs: { ...outs, restoreValues } as DefaultsOutputs };
        } catch (error) {
            // The operation refused is this resource's create (a 401 here is not an update's), named as the user declared it.
            throw describeFailure("create", ctx.resourceName !== undefined ? `${LABEL} ${JSON.stringify(ctx.resourceName)}` : LABEL, error);
        }
    }

    async read(id: string, props: DefaultsOutputs = {}): Promise<KindRead<DefaultsOutputs>> {
        let record: Values;
        let teamRoles: KnownRoles;
        try {
            const client = this.client(props);
            record = await client.getDefaults();
            teamRoles = await teamRolesFor(client, teamDefaults, previousInputs(teamDefaults, props));
        } catch (error) {
            throw describeFailure("read", LABEL, error);
        }
        const outs = outputsOf(teamDefaults, record, previousInputs(teamDefaults, props), props.imageUploads, props);
        outs.restoreValues = props.restoreValues ?? {};
        // The team's one defaults record: another id is another team's record (the resource's id is its record's).
        return { id, props: outs as DefaultsOutputs, inputs: inputsAfterRead(teamDefaults, props, outs, teamRoles) as DefaultsOutputs, foundInTeam: record.id === id };
    }

    async update(_id: string, olds: DefaultsOutputs, news: DefaultsInputs, ctx: Context = PROCESS_CONTEXT): Promise<{ outs: DefaultsOutputs }> {
        try {
            // Settings managed for the first time join the snapshot, with their value before this change.
            const restoreValues = { ...(olds.restoreValues ?? {}) };
            for (const [k, v] of Object.entries(snapshot(olds, declaredKeys(news)))) if (!(k in restoreValues)) restoreValues[k] = v;
            const client = this.client(news);
            // Before the write: a record the next create of this resource (a replacement) takes over, under today's key.
            const key = this.originalKey(client, news, ctx);
            if (key) this.originals.write(key, client.config.developerKey, restoreValues, sentSettings(teamDefaults, news));
            const roles = await teamRolesFor(client, teamDefaults, news);
            const keys = changedSettings(teamDefaults, news, olds, roles);
            const record = keys.length === 0 ? recordFromOutputs(teamDefaults, olds) : await client.updateDefaults(apiBody(news, keys));
            const outs = outputsOf(teamDefaults, record, news, olds.imageUploads, { ...olds, ...sentSettings(teamDefaults, news, keys) });
            warnUnapplied(news, keys, record, outs, roles, ctx);
            return { outs: { ...outs, restoreValues } as DefaultsOutputs };
        } catch (error) {
            throw describeFailure("update", LABEL, error);
        }
    }

    async delete(id: string, props: DefaultsOutputs, ctx: Context = PROCESS_CONTEXT): Promise<void> {
        if (props.restoreOnDestroy === false) {
            this.forget(props, ctx);
            return;
        }
        const client = this.client(props);
        const key = this.originalKey(client, props, ctx);
        const owner = this.claims.ownerOf(defaultsKey(client));
        // A state written before the URN was kept names this resource by its name: the owner's URN, when it is this
        // resource's (sameOwner), is the one its replacement claimed under.
        const given = identityOf(ctx);
        const identity = given !== undefined && owner !== undefined && sameOwner(owner, given) ? owner : given;
        // Replaced, its replacement created first in this deployment: that one holds the originals (and their record)
        // now, and restoring them here would leave the team unlike the state, which says the declared values.
        if (identity !== undefined && this.claims.ownerOf(takenOverKey(client, identity)) === identity) return;
        if (owner !== undefined && owner !== identity) {
            // Dropped while another TeamDefaults of the stack manages the team (a rename): restoring would undo its settings.
            ctx.warn(WARNINGS.defaultsHandedOver(ctx.resourceName, identityLabel("TeamDefaults", owner)));
            if (key) this.originals.remove(key);
            return;
        }
        const { writable, refused: notWritable } = splitRestorable(props.restoreValues ?? {});
        try {
            await restore(client, writable, notWritable);
        } catch (error) {
            const failed = describeFailure("restore", `${LABEL} "${ctx.resourceName ?? id}"`, error);
            failed.message += `. To leave the team defaults as they are instead, declare the resource with restoreOnDestroy: false and run pulumi up before removing it, or drop it from the state with pulumi state delete`;
            throw failed;
        }
        // Put back: a later create of this resource finds the team as it was, and takes that for the originals.
        if (key) this.originals.remove(key);
        if (notWritable.length > 0) ctx.warn(WARNINGS.defaultsNotRestored(ctx.resourceName ?? id, notWritable));
    }
}
