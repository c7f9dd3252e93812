/**
 * The Room provider: check, diff, create, read, update, delete against /rooms, driven by the
 * declaration in provider/declarations/room.ts and given its API clients; and what only a room does: its
 * generated friendly URL and creation marker, adoption, the create body, expiry.
 *
 * Every method has the same shape: read the inputs, make the fewest calls that reach the
 * declared state, return outputs built from what the API answered.
 */
import { createHash, randomBytes } from "node:crypto";
import { ApiError, NotFoundError, ValidationError, type RoomRecord, type RoomsClient } from "../api";
import { containsUnknown, failure, UNKNOWN } from "../model/check";
import { canonicalInstant, sameValue, type KnownRoles } from "../model/compare";
import { isCreationMarker, MARKER_PREFIX, markedStack, markerParts, stackOfUrn } from "../model/creationMark";
import type { ConnectionInput } from "../model/connection";
import { deepKeysToCamel } from "../model/names";
import type { ProviderInputsOf, ProviderOutputsOf, Values } from "../declarations/declaration";
import { room } from "../declarations/room";
import { checkInputs } from "./check";
import { Claims, declaredDomainKey, domainKey, friendlyUrlKey, roomAddressKey, roomKey, teamOf } from "./claims";
import { configurationFailures, withTeamMove, type ClientFor } from "./connections";
import { diffOf, replacedBy } from "./diff";
import { identityLabel, identityOf, PROCESS_CONTEXT, sameOwner, type Context, type KindCheck, type KindDiff, type KindRead, type ResourceKind } from "./kind";
import { teamRolesFor } from "./teamRoles";
import { LocalRecords, recordsFolder, type RecordKey } from "./localRecords";
import { describeFailure } from "../api/messages";
import { changedSettings, apiBody, declaredSettings, importedInputs, inputsAfterRead, roleIdsAsNames, outputsOf, previousInputs, recordFromOutputs, sentSettings, unappliedSettings, type Bookkeeping } from "./reconcile";
import { inputsAsPlanned, replacementInputs } from "../declarations/derive";
import { WARNINGS, type Warning } from "./warnings";
import { givenAsSecret } from "./secretRedaction";

type RoomInputs = ProviderInputsOf<typeof room>;
/** What the provider keeps: the record's fields, the extra inputs, and its bookkeeping. */
type RoomOutputs = ProviderOutputsOf<typeof room, Bookkeeping>;

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The create id check keeps in a room's inputs: random, so that no other stack (whatever its project and stack
 * names) and no replacement of this resource shares it. The plugin face derives it from the engine's random seed for
 * the check, which an update plan (`preview --save-plan`, `up --plan`) keeps; the dynamic face has no seed.
 */
export function newCreateId(ctx: Pick<Context, "randomSeed">): string {
    return ctx.randomSeed !== undefined && ctx.randomSeed.length > 0 ? digest(`create id\n${ctx.randomSeed}`).slice(0, 32) : randomBytes(16).toString("hex");
}

/**
 * Pulumi-style auto-name: the resource name, made URL-safe, plus 7 hex digits of the create id; 3 to 32 characters.
 * Decided by create (check keeps only the create id), so the preview of a create shows it as unknown rather than a
 * name up would not create; a replacement, with its new create id, gets a new name.
 */
export function generateFriendlyUrl(name: string, createId: string): string {
    const base = name.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 24) || "room";
    return `${base}-${digest(`friendly URL\n${createId}`).slice(0, 7)}`;
}

/**
 * The creation marker: the `external_id` a create writes when the program declares none, derived from the create
 * id. A room under the resource's friendly URL that carries it was made by an earlier attempt of this very create
 * whose answer was lost, not by another stack, a replacement's original or a person.
 */
export function creationMarker(inputs: Values): string | undefined {
    if (inputs.externalId !== undefined || typeof inputs.createId !== "string") return undefined;
    return `${MARKER_PREFIX}${digest(`creation marker\n${inputs.createId}`).slice(0, 24)}`;
}

/** Whether a room carries the marker of one create (whatever stack its marker names). */
const carriesMarker = (found: RoomRecord, marker: string) => markerParts(found.external_id)?.create === marker;

/**
 * The `external_id` a create writes: its marker, followed by the stack that makes the room, so a later create under
 * the same friendly URL can tell another stack's room (never adopted, see `foreignRoom`) from one this stack left.
 */
function stackMarker(marker: string, ctx: Context): string {
    const stack = stackOfUrn(ctx.resourceUrn);
    return stack === undefined ? marker : `${marker}@${stack}`;
}

/**
 * A room under a friendly URL that another stack's state manages: its creation marker (a Room of this provider made
 * it) names another stack than this resource's. Undefined for a room whose marker names this stack (one it left: a
 * resource dropped, a create interrupted), for a marker naming no stack (an earlier release's: whose it is cannot be
 * told, and refusing it would break an upgraded stack's own hand-overs within one up), and for a room without a
 * marker (made by hand, or with a declared externalId). The caller first asks whether a resource of this deployment
 * manages it.
 */
function foreignRoom(found: RoomRecord, ctx: Context): { marker: string; stack: string } | undefined {
    const stack = markedStack(found.external_id);
    if (stack === undefined) return undefined;
    const ours = stackOfUrn(ctx.resourceUrn);
    return stack === ours ? undefined : { marker: found.external_id as string, stack };
}

/** Whose a room is, by its mark: the stack named, and that its state may still manage the room. */
function foreignRoomOwner(foreign: { marker: string; stack: string }): string {
    return `stack ${foreign.stack} made it (its externalId ${JSON.stringify(foreign.marker)} is the mark of that stack's Room), and that stack's state manages it unless it dropped it`;
}

/**
 * How a room goes from the stack its mark names to this one, its content kept: that stack forgets it without
 * deleting it (`pulumi state delete`; or retainOnDelete, then the Room leaves its program: leaving alone deletes the
 * room), then this program declares its mark as externalId with adoptExisting, a deliberate choice of that very room.
 */
function foreignRoomHandOver(foreign: { marker: string; stack: string }): string {
    return (
        `to hand it over with its content, in stack ${foreign.stack} run \`pulumi state delete\` with its Room's URN (or set retainOnDelete: true on that Room and then remove it from that program; ` +
        `removing it alone deletes the room), then declare here externalId ${JSON.stringify(foreign.marker)} with adoptExisting: true`
    );
}

/**
 * What to do about a room another stack may manage, for a create refused on its name or an adoptExisting refused: never
 * adoptExisting alone, which would take that stack's room from under it.
 */
function foreignRoomAdvice(foreign: { marker: string; stack: string }): string {
    return `${foreignRoomOwner(foreign)}; a room is managed by one stack, so choose another friendlyUrl, or ${foreignRoomHandOver(foreign)}; adoptExisting alone does not take it`;
}

/**
 * Why `pulumi import` takes no room whose mark names another stack: the engine's import read has the id alone, so
 * nothing a program declares can say the room was handed over; the way in is adoptExisting with the mark declared.
 */
function foreignImportRefusal(foreign: { marker: string; stack: string }): string {
    return `it is not imported: ${foreignRoomOwner(foreign)}; a room is managed by one stack, and an import cannot tell whether that stack let it go, so ${foreignRoomHandOver(foreign)} and the Room's friendlyUrl`;
}

/**
 * Imported inputs without an `externalId` that is a creation marker: the marker is the bookkeeping of the stack
 * that created the room (its create id, which this stack does not have), not a value a user chose, so a generated
 * program must not declare it. Left undeclared, the room keeps it and no diff follows.
 */
function withoutCreationMarker(inputs: Values): Values {
    if (!isCreationMarker(inputs.externalId)) return inputs;
    const { externalId: _marker, ...rest } = inputs;
    return rest;
}

/** True when a room's recorded expiry (its `expiresAt` output, as the API wrote it) has passed. */
export function hasExpired(outputs: Values, now: Date): boolean {
    const at = canonicalInstant(outputs.expiresAt);
    return typeof at === "number" && at <= now.getTime();
}

/**
 * Whether a room found gone had reached `expiresAt` (an expiry as the API's record gives it): by this machine's clock,
 * or else by the API's, which deleted it (one small read, made only for a room gone before its expiry by ours). With
 * the API's clock ahead, a room it deleted at its expiry would otherwise count as deleted outside Pulumi.
 */
export async function expiredWhenGone(client: RoomsClient, expiresAt: unknown): Promise<boolean> {
    if (typeof canonicalInstant(expiresAt) !== "number") return false;
    if (hasExpired({ expiresAt }, new Date())) return true;
    const apiNow = await client.serverTime();
    return apiNow !== undefined && hasExpired({ expiresAt }, apiNow);
}

/**
 * The diff of a room kept as expired (the API deleted it at expiresAt): with the same expiresAt declared and
 * nothing else changed, the program is met; any other program needs a room again, so a new one replaces it
 * (the old one is already gone, so it goes first).
 */
export function expiredDiff(diff: KindDiff, olds: Values, news: Values): KindDiff {
    const same = news.expiresAt !== undefined && canonicalInstant(news.expiresAt) === canonicalInstant(olds.expiresAt);
    if (same && !diff.changes) return diff;
    const replacing = diff.replaces.length > 0 ? { ...diff, changes: true } : replacedBy(diff, "expiresAt", olds, news);
    return { ...replacing, deleteBeforeReplace: true };
}

/**
 * A diff that also updates the room's address (`roomUrl`), for a room whose team's domain changes in the same
 * deployment: the update reads the new address, so the outputs (and what a program builds on them) carry it from
 * that up on. A diff that replaces already gives the new room its address.
 */
function withAddressUpdate(diff: KindDiff): KindDiff {
    if (diff.replaces.length > 0) return diff;
    return { ...diff, changes: true, detailedDiff: { ...diff.detailedDiff, roomUrl: "UPDATE" } };
}

/** Warns at check that dropping expiresAt keeps the expiry: the API cannot clear one (null is refused). */
export function droppedExpiryWarning(olds: Values, news: Values, name: string | undefined): Warning | undefined {
    if (typeof olds.expiresAt !== "string" || news.expiresAt !== undefined) return undefined;
    return WARNINGS.roomExpiryKept(name, olds.expiresAt);
}

/** Characters a room's link cannot carry as they are (the friendly URL is a path segment of it), named for a warning. */
const LINK_BREAKERS: ReadonlyArray<[RegExp, string]> = [
    [/\s/u, "white space"],
    [/(?![\t\n\v\f\r])\p{Cc}/u, "a control character"],
    [/\//, '"/"'],
    [/\\/, '"\\"'],
    [/\?/, '"?"'],
    [/#/, '"#"'],
    [/%/, '"%"'],
];

/**
 * Warns at check when the program sets a friendly URL (a new room, or a rename) that the API takes but the room's
 * link cannot carry as it is: "/" and ".." change the path, "?" and "#" start a query or fragment (a join token then
 * lands in it), "%" reads as an escape. Never a refusal: the API accepts them, and a room it holds (adopted,
 * imported, or `adoptExisting`) must stay manageable. The value is not quoted (it may be a secret made in code).
 */
export function brokenLinkWarning(olds: Values, news: Values, name: string | undefined): Warning | undefined {
    const url = news.friendlyUrl;
    if (typeof url !== "string" || containsUnknown(url) || url === olds.friendlyUrl || news.adoptExisting === true) return undefined;
    const found = LINK_BREAKERS.filter(([pattern]) => pattern.test(url)).map(([, words]) => words);
    if (url === "." || url.includes("..")) found.push('".."');
    if (found.length === 0) return undefined;
    return WARNINGS.roomLinkBroken(name, found);
}

/**
 * Fills the bookkeeping check keeps: the create id (the olds', else a new one: a new resource, or a replacement,
 * which the engine checks with no olds) and, when the program declares no friendlyUrl, the generated flag, keeping
 * a name held in the inputs before (one generated by an earlier version, or one the program no longer declares).
 */
export function completeRoom(olds: Values, news: Values, ctx: Pick<Context, "resourceName" | "randomSeed">): Values {
    const createId = typeof olds.createId === "string" ? olds.createId : newCreateId(ctx);
    if (news.friendlyUrl !== undefined || ctx.resourceName === undefined) return { ...news, createId };
    const kept = typeof olds.friendlyUrl === "string" ? { friendlyUrl: olds.friendlyUrl } : {};
    return { ...news, ...kept, friendlyUrlGenerated: true, createId };
}

/** The inputs a create sends: with the generated friendly URL when check left it to create. */
function withGeneratedName(inputs: RoomInputs, ctx: Context): RoomInputs {
    const name = ctx.resourceName;
    if (inputs.friendlyUrl !== undefined || inputs.friendlyUrlGenerated !== true || typeof inputs.createId !== "string" || name === undefined) return inputs;
    return { ...inputs, friendlyUrl: generateFriendlyUrl(name, inputs.createId) };
}

/** Takes an existing room over: one PATCH of the declared settings that differ; create-only ones must already match. */
async function adoptRoom(client: RoomsClient, inputs: Values, existing: RoomRecord): Promise<RoomRecord> {
    const live = deepKeysToCamel(existing) as Values;
    const createOnly = replacementInputs(room);
    for (const [key, value, setting] of declaredSettings(room, inputs)) {
        // Absent from the record (the service's documented room record has no tags) is not a difference.
        if (createOnly.includes(key) && live[key] !== undefined && !sameValue(setting.compare, value, live[key])) {
            throw new Error(
                `it exists with ${key} ${JSON.stringify(live[key] ?? null)} but the program declares ${JSON.stringify(value)}; ${key} can be set only when a room is created, so declare the existing ${key} or drop adoptExisting`,
            );
        }
    }
    const keys = changedSettings(room, inputs, live, await teamRolesFor(client, room, inputs)).filter((k) => !createOnly.includes(k));
    return keys.length === 0 ? existing : client.updateRoom(existing.id, apiBody(inputs, keys));
}

/** The create body: every declared setting. */
function createBody(inputs: Values): Values {
    return apiBody(inputs, declaredSettings(room, inputs).map(([k]) => k));
}

/**
 * The prefix of the id a create whose outcome stayed unknown is kept under. Ids are never secret, so what follows is
 * the create id (random, the resource's own; a create is kept unsettled only when it has one, as its proof needs it),
 * never the friendly URL, which may be a secret made in code. Stacks
 * written before kept `unsettled-create:<friendly URL>`: only the prefix is read, so those are still recognised.
 */
const UNSETTLED = "unsettled-create:";


/** True for an error after which whether the create took effect is unknown (its answer and the lookup were lost). */
function outcomeUnknown(error: unknown): boolean {
    return error instanceof ApiError && error.mayHaveActed;
}

/**
 * What proves a room found under a create's friendly URL was made by that very create, when the name itself may be
 * another's: its marker; with a declared externalId (no marker), that externalId under a generated name, whose
 * suffix is the create's own. Undefined: nothing can (a declared name and a declared externalId).
 */
function creationProof(inputs: Values, given: Values): ((found: RoomRecord) => boolean) | undefined {
    const marker = creationMarker(inputs);
    if (marker !== undefined) return (found) => carriesMarker(found, marker);
    const externalId = inputs.externalId;
    return typeof externalId === "string" && given.friendlyUrl === undefined && typeof inputs.createId === "string" ? (found) => found.external_id === externalId : undefined;
}

/** How messages name a room: by its resource name (else its id), with its friendly URL. */
function roomLabel(ctx: Context, inputs: { friendlyUrl?: string }, id?: string): string {
    const name = ctx.resourceName !== undefined ? `"${ctx.resourceName}"` : id ? `"${id}"` : "";
    const url = typeof inputs.friendlyUrl === "string" ? ` (friendly URL ${inputs.friendlyUrl})` : "";
    return `room ${name}${url}`.replace("room  (", "room (");
}

/**
 * A friendly URL a room's address carries as it is: the characters a URL path segment keeps unescaped. Any other
 * (non-ASCII, spaces, "/", "%"...) the service may encode in its own way, so a preview does not guess the address.
 */
const PLAIN_PATH = /^[A-Za-z0-9._~-]+$/;

/** A team domain that is one plain DNS label, as the room address puts it before `.digitalsamba.com`. */
const PLAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * The address the service gives a room (`room_url`): the team's domain and the room's friendly URL, in the form the
 * vendor's API reference documents.
 */
function roomAddress(domain: string, friendlyUrl: string): string {
    return `https://${domain}.digitalsamba.com/${friendlyUrl}`;
}

/** The room the API knows by that id or friendly URL, or undefined when it answers 404. */
export async function findRoom(client: RoomsClient, ref: string): Promise<RoomRecord | undefined> {
    try {
        return await client.getRoom(ref);
    } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
    }
}

/**
 * A room by its friendly URL. A secret one is never put in a request's path, which an API's access log and any proxy
 * between keep: the room is found in the listing instead (a page per 100 rooms, only for a secret name), then read by
 * its UUID.
 */
async function findRoomNamed(client: RoomsClient, friendlyUrl: string, secret: boolean): Promise<RoomRecord | undefined> {
    if (!secret) return findRoom(client, friendlyUrl);
    for await (const item of client.iterateRooms()) if (item.friendly_url === friendlyUrl) return findRoom(client, item.id);
    return undefined;
}

/** The declared settings that differ and may be sent in a PATCH (create-only ones replace instead). */
async function updatableChanges(client: RoomsClient, news: Values, olds: Values): Promise<string[]> {
    const createOnly = replacementInputs(room);
    return changedSettings(room, news, olds, await teamRolesFor(client, room, news)).filter((k) => !createOnly.includes(k));
}

export class RoomProvider implements ResourceKind<RoomInputs, RoomOutputs> {
    /**
     * `claims`: the runtime's, shared by every kind of the process (a provider made on its own has its own).
     * `creates`: the create ids of creates under way, kept outside the state (localRecords.ts), for a resource whose
     * stack and name are known (both faces give them; a kind called alone keeps nothing there).
     */
    constructor(
        private readonly clientFor: ClientFor,
        private readonly claims: Claims = new Claims(),
        private readonly creates: LocalRecords = new LocalRecords(recordsFolder("room-creates"), "the create id of the room about to be created"),
    ) {}

    /**
     * The key of this resource's record of a create under way, when its stack and name are known and its team resolves.
     * Besides the team, `{project}/{stack}` and the resource, the stack instance where the face knows one: the plugin
     * face's provider id (each provider resource of a stack has its own, kept from its first create, so the up after a
     * killed one goes through the same), the dynamic face's organisation and backend digest (`stackInstance`, as far as
     * the program knows them). A stack of the same names in another backend or organisation, or one made under a renamed
     * stack's old name, then never reads this stack's record, so never takes its create id (under way) or the room its
     * returned create made. Without one (an engine that sends no provider id, a program of an SDK before it), the key
     * is the one records had before.
     */
    private createKey(inputs: { stack?: unknown; stackInstance?: unknown; connection?: unknown }, ctx: Context): { key: RecordKey; developerKey: string } | undefined {
        // The resource's identity (its URN where the face knows it): two Rooms of one name under two parents are two
        // resources, and one must never take the other's create under way (its create id, so its name and marker).
        const identity = identityOf(ctx);
        if (typeof inputs.stack !== "string" || identity === undefined || containsUnknown(inputs.connection)) return undefined;
        const instance = ctx.providerId !== undefined ? `provider ${ctx.providerId}` : typeof inputs.stackInstance === "string" ? `program ${inputs.stackInstance}` : undefined;
        try {
            const client = this.client(inputs as RoomInputs);
            return { key: { team: teamOf(client), stack: inputs.stack, resource: identity, ...(instance !== undefined ? { instance } : {}) }, developerKey: client.config.developerKey };
        } catch {
            return undefined;
        }
    }

    /**
     * This resource's record of its create: under way, or returned and not yet known to be in the engine's state. Else
     * a record the previous version kept under the key without the stack instance (`legacy`), which is read as before:
     * it was written before instances were known, so nothing tells whose it is, and the recovery it was written for
     * (an up killed, then the upgrade, then the up again) needs it. It goes once it has served (create, delete, or a
     * check that finds its create id in the state), so the window it leaves closes with it.
     */
    private createRecord(inputs: RoomInputs, ctx: Context): { at: { key: RecordKey; developerKey: string }; values: Values; legacy: boolean } | undefined {
        const at = this.createKey(inputs, ctx);
        if (at === undefined) return undefined;
        const found = this.creates.read(at.key, at.developerKey);
        if (found !== undefined && "values" in found) return { at, values: found.values, legacy: false };
        if (at.key.instance === undefined) return undefined;
        const { instance: _instance, ...before } = at.key;
        const legacy = this.creates.read(before, at.developerKey);
        return legacy !== undefined && "values" in legacy ? { at: { key: before, developerKey: at.developerKey }, values: legacy.values, legacy: true } : undefined;
    }

    /**
     * Marks a create's record returned. The room exists by now, so a record that cannot be written must not fail the
     * create: it goes instead (left under way, the next check with no olds, an `up --replace`, would take its create id).
     */
    private markReturned(at: { key: RecordKey; developerKey: string }, createId: string): void {
        try {
            this.creates.write(at.key, at.developerKey, { createId, returned: true });
        } catch {
            this.forget(at.key);
        }
    }

    /** Removes a record that has served; one that cannot be removed is read again later, and removed then. */
    private forget(key: RecordKey): void {
        try {
            this.creates.remove(key);
        } catch {
            // Kept: a returned record is never taken by a check, and a later check or delete tries again.
        }
    }

    /**
     * The create id of this resource's create that an up killed midway left under way, if any: a new resource (no
     * olds) takes it over, so its create finds the room that one may have made (under the same generated name, with
     * the same marker) as its own rather than making a second one or failing on the name. A create that returned is
     * not taken here: the engine checks an `up --replace` with no olds too, and that replacement would take the create
     * id of the very room it replaces (see `create`). With olds holding the recorded create id, the engine has the
     * create's result in its state: the record has served, and goes.
     */
    private interruptedCreateId(olds: RoomInputs, news: RoomInputs, ctx: Context): string | undefined {
        const record = this.createRecord(news, ctx);
        if (record === undefined) return undefined;
        const { createId, returned } = record.values;
        if (typeof olds.createId === "string") {
            if (olds.createId === createId) this.forget(record.at.key);
            return undefined;
        }
        return typeof createId === "string" && returned !== true ? createId : undefined;
    }

    /**
     * The rooms this process's creates took over with adoptExisting (by team and id). A replacement's create runs in
     * the deployment that deletes the resource it replaces: when it took that very room (`--replace` of a Room with a
     * declared friendlyUrl and adoptExisting), deleting it would leave the stack without it.
     */
    private readonly adoptedHere = new Set<string>();

    /**
     * By team, the domain its room addresses carry, read once per process for previews (undefined: not known, as the
     * read failed or the team has a custom CNAME its addresses may use).
     */
    private readonly domains = new Map<string, Promise<string | undefined>>();

    private client(values: { connection?: ConnectionInput }): RoomsClient {
        return this.clientFor(values.connection);
    }

    private teamDomain(client: RoomsClient): Promise<string | undefined> {
        const team = teamOf(client);
        let domain = this.domains.get(team);
        if (domain === undefined) {
            domain = client.getDefaults().then(
                (record) => {
                    const cname = (record as { custom_cname?: unknown }).custom_cname;
                    return cname === null && PLAIN_LABEL.test(record.domain) ? record.domain : undefined;
                },
                // A preview must not fail for want of a value it may leave unknown.
                () => undefined,
            );
            this.domains.set(team, domain);
        }
        return domain;
    }

    /**
     * The address a create gives the room: known for a plain friendly URL the inputs hold (declared; a generated one
     * is chosen by the create), under the team's domain as read now, when no TeamDefaults of this deployment declares
     * the domain (the up may change it first). Else `UNKNOWN`.
     */
    private async newAddress(client: RoomsClient, news: RoomInputs): Promise<string> {
        const url = news.friendlyUrl;
        if (typeof url !== "string" || containsUnknown(url) || !PLAIN_PATH.test(url)) return UNKNOWN;
        if (this.claims.changed(domainKey(client)) || this.claims.ownerOf(declaredDomainKey(client)) !== undefined) return UNKNOWN;
        const domain = await this.teamDomain(client);
        return domain === undefined ? UNKNOWN : roomAddress(domain, url);
    }

    /**
     * The address and friendly URL an update leaves the room with, as `update` produces them: those held when nothing
     * is sent; the new name's when the friendly URL is sent; else those the service answers for the room as it is, read
     * now (so a room renamed outside Pulumi since the last refresh shows its real name and address, not the state's).
     * A generated friendly URL the update keeps is planned known, so what names the room by it (a purge, a token) is
     * not previewed as replaced.
     */
    private async updatedAddress(client: RoomsClient, id: string, news: RoomInputs, olds: RoomOutputs): Promise<{ roomUrl: string; friendlyUrl?: string }> {
        const keys = await updatableChanges(client, news, olds);
        const held = (value: unknown) => (typeof value === "string" ? value : UNKNOWN);
        // The team's domain changes in this deployment: the up reads the address it then has (see `update`).
        if (keys.length === 0) return { roomUrl: this.domainMoves(client) ? UNKNOWN : held(olds.roomUrl), friendlyUrl: held(olds.friendlyUrl) };
        if (keys.includes("friendlyUrl")) return { roomUrl: await this.newAddress(client, news) };
        const live = await findRoom(client, id);
        if (live === undefined) return { roomUrl: UNKNOWN };
        const moving = this.claims.changed(domainKey(client)) || this.claims.ownerOf(declaredDomainKey(client)) !== undefined;
        return { roomUrl: moving ? UNKNOWN : live.room_url, friendlyUrl: live.friendly_url };
    }

    /**
     * A preview's create (`olds` undefined) or update: the inputs the up gives back as they are (`inputsAsPlanned`: a
     * generated friendly URL is not among them, the create chooses it), the planned address, and the friendly URL an
     * update keeps; every other output is left to the up. No write; a read that fails leaves those unknown rather
     * than failing the preview.
     */
    async planned(id: string | undefined, news: RoomInputs, olds: RoomOutputs | undefined): Promise<RoomOutputs> {
        let planned: { roomUrl: string; friendlyUrl?: string } = { roomUrl: UNKNOWN };
        if (!containsUnknown(news.connection)) {
            try {
                const client = this.client(news);
                planned = id === undefined || olds === undefined ? { roomUrl: await this.newAddress(client, news) } : await this.updatedAddress(client, id, news, olds);
            } catch {
                planned = { roomUrl: UNKNOWN };
            }
        }
        const kept = news.friendlyUrl === undefined && planned.friendlyUrl !== undefined ? { friendlyUrl: planned.friendlyUrl } : {};
        return { ...inputsAsPlanned(room, news), ...kept, roomUrl: planned.roomUrl } as RoomOutputs;
    }

    /**
     * The friendly URL a create made for a room whose name is generated: from the resource name and create id its
     * inputs held then (old inputs hold the name the create had, even when an alias renames the resource now).
     */
    generated(inputs: RoomInputs): string | undefined {
        const { resourceName, createId } = inputs;
        return inputs.friendlyUrlGenerated === true && typeof resourceName === "string" && typeof createId === "string" ? generateFriendlyUrl(resourceName, createId) : undefined;
    }

    async check(olds: RoomInputs, news: RoomInputs, ctx: Context = PROCESS_CONTEXT): Promise<KindCheck<RoomInputs>> {
        const interrupted = this.interruptedCreateId(olds, news, ctx);
        const inputs = completeRoom(interrupted === undefined ? olds : { ...olds, createId: interrupted }, news, ctx) as RoomInputs;
        const failures = checkInputs(room, inputs, new Date(), olds);
        const dropped = droppedExpiryWarning(olds, inputs, ctx.resourceName);
        if (dropped) ctx.warn(dropped);
        const brokenLink = brokenLinkWarning(olds, inputs, ctx.resourceName);
        if (brokenLink) ctx.warn(brokenLink);
        if (!failures.some((f) => f.property === "connection")) failures.push(...configurationFailures(this.clientFor, inputs.connection));
        const { friendlyUrl } = inputs;
        const identity = identityOf(ctx);
        if (failures.length === 0 && typeof friendlyUrl === "string" && !containsUnknown(friendlyUrl) && identity !== undefined) {
            const other = this.claims.claim(friendlyUrlKey(this.client(inputs), friendlyUrl), identity);
            if (other) {
                failures.push(failure("friendlyUrl", `is also declared by ${identityLabel("Room", other)} of this stack: a room can be managed by one resource only; give each Room its own friendlyUrl`, friendlyUrl));
            }
        }
        return { inputs, failures };
    }

    async diff(id: string, olds: RoomOutputs, news: RoomInputs, ctx: Context = PROCESS_CONTEXT): Promise<KindDiff> {
        if (containsUnknown(news.connection)) return diffOf(room, olds, news);
        if (id.startsWith(UNSETTLED)) {
            // A create whose outcome stayed unknown: a new create makes the room (the room the earlier one may have
            // made goes at its delete), first when the name is declared, which both would hold.
            const declared = news.friendlyUrl !== undefined;
            return { changes: true, replaces: ["id"], stables: [], deleteBeforeReplace: declared, detailedDiff: {} };
        }
        const client = this.client(news);
        const identity = identityOf(ctx);
        if (identity !== undefined) this.claims.claim(roomKey(client, id), identity);
        const diff = withTeamMove(diffOf(room, olds, news, await teamRolesFor(client, room, news)), this.clientFor, olds, news);
        // A new friendly URL is a new address: a join token of this room is issued anew in the same up (joinToken.ts).
        if (diff.detailedDiff.friendlyUrl !== undefined) this.claims.changes(roomAddressKey(client, id));
        if (olds.expired === true) return expiredDiff(diff, olds, news);
        return this.domainMoves(client) ? withAddressUpdate(diff) : diff;
    }

    /**
     * Whether a TeamDefaults of this deployment changes the room's team's `domain`, which the room's address carries.
     * Its diff ran before this one when the Room depends on it (`dependsOn`, as the docs advise), and its update then
     * ran before this one's too; without it, the order is the engine's, and the address may stay as it was until a
     * refresh.
     */
    private domainMoves(client: RoomsClient): boolean {
        return this.claims.changed(domainKey(client));
    }

    /**
     * Creates the room, or adopts it (adoptExisting). A create that may have reached the API without an answer is
     * settled by the friendly URL, unique per team: a room found under it is taken only when it is this very create's
     * (and no resource of this deployment manages it). That is a room carrying this create's marker; with a declared
     * `externalId` (no marker then), a room with that externalId under the generated name (whose suffix is this
     * create's own), or under a declared name that was free just before the first attempt. Inside the client's retry
     * loop that settles a lost answer. Any other room under the name is left alone: the create fails, naming the way
     * out (another friendlyUrl, or adoptExisting; never adoptExisting alone for a room another stack's mark is on).
     * A later run has a new create id, so it never takes a room an earlier run made: it cannot tell that room from
     * another stack's of the same names. The one exception is a run
     * killed during its create: its create id, recorded outside the state before the POST, is the next check's.
     */
    async create(given: RoomInputs, ctx: Context = PROCESS_CONTEXT): Promise<{ id: string; outs: RoomOutputs }> {
        // Recorded before the first write. A create that returned keeps its record (marked returned) until a later
        // check finds its create id in the engine's state, or its delete runs: a CLI killed alone leaves its provider
        // running, which finishes the create and answers an engine that is gone, so the result never reaches the
        // state. The next create of this resource under a declared name then knows the room that one made as its own
        // (`returnedCreateId`); one under a generated name gets a new name, as a replacement must.
        const underWay = typeof given.createId === "string" ? this.createKey(given, ctx) : undefined;
        const before = underWay && this.createRecord(given, ctx);
        const returnedCreateId = before?.values.returned === true && before.values.createId !== given.createId ? before.values.createId : before?.values.returnedCreateId;
        const earlier = typeof returnedCreateId === "string" ? { returnedCreateId } : {};
        if (underWay) this.creates.write(underWay.key, underWay.developerKey, { createId: given.createId, ...earlier });
        // A record of the previous version's has served: what it held is in this create's record now.
        if (underWay && before?.legacy === true) this.forget(before.at.key);
        try {
            const made = await this.createRoom(given, ctx, typeof returnedCreateId === "string" ? returnedCreateId : undefined);
            if (underWay) this.markReturned(underWay, given.createId as string);
            return made;
        } catch (error) {
            // Refused, or kept as unsettled (an id the engine records): nothing of this create is left to find later.
            if (underWay) this.creates.remove(underWay.key);
            throw error;
        }
    }

    private async createRoom(given: RoomInputs, ctx: Context, returnedCreateId?: string): Promise<{ id: string; outs: RoomOutputs }> {
        const inputs = withGeneratedName(given, ctx);
        let record: RoomRecord;
        // A name found taken by a room another stack may manage: what the refusal advises instead of adoptExisting.
        let takenAdvice: string | undefined;
        try {
            const client = this.client(inputs);
            const friendlyUrl = inputs.friendlyUrl;
            const secretName = givenAsSecret(room, "friendlyUrl", ctx, [given]);
            const existing = inputs.adoptExisting === true && friendlyUrl !== undefined ? await findRoomNamed(client, friendlyUrl, secretName) : undefined;
            const adopt = (found: RoomRecord) => {
                const other = this.claims.ownerOf(roomKey(client, found.id));
                const identity = identityOf(ctx);
                if (other !== undefined && (identity === undefined || !sameOwner(other, identity))) {
                    throw new Error(`it is managed by ${identityLabel("Room", other)} of this stack; a room can be managed by one resource only, so declare another friendlyUrl`);
                }
                // Another stack's room is never taken from under it; declaring its marker as externalId is the deliberate way.
                const foreign = other === undefined ? foreignRoom(found, ctx) : undefined;
                if (foreign !== undefined && inputs.externalId !== foreign.marker) throw new Error(`it is not adopted: ${foreignRoomAdvice(foreign)}`);
                return adoptRoom(client, inputs, found);
            };
            const marker = creationMarker(inputs);
            const made = existing ? undefined : await this.madeByThisCreate(client, inputs, given, secretName);
            // A declared name a returned create of this resource took, whose result the engine never saved: its marker.
            const returnedMarker = given.friendlyUrl !== undefined && returnedCreateId !== undefined ? creationMarker({ ...inputs, createId: returnedCreateId }) : undefined;
            const madeHere = (found: RoomRecord) => made?.(found) === true || (returnedMarker !== undefined && carriesMarker(found, returnedMarker));
            const madeEarlier = friendlyUrl === undefined || (made === undefined && returnedMarker === undefined) ? undefined : async () => {
                const found = await findRoomNamed(client, friendlyUrl, secretName);
                const ours = found !== undefined && madeHere(found) && this.claims.ownerOf(roomKey(client, found.id)) === undefined;
                if (!ours) return undefined;
                // An `up --replace` right after the create finds the room it replaces so: kept, not deleted (see delete).
                if (returnedMarker !== undefined && carriesMarker(found, returnedMarker)) this.adoptedHere.add(roomKey(client, found.id));
                return adoptRoom(client, inputs, found);
            };
            const body = marker === undefined ? createBody(inputs) : { ...createBody(inputs), external_id: stackMarker(marker, ctx) };
            try {
                record = existing ? await adopt(existing) : await client.createRoom(body, madeEarlier);
                if (existing) this.adoptedHere.add(roomKey(client, record.id));
            } catch (error) {
                const taken = error instanceof ValidationError && error.fieldErrors.friendly_url !== undefined;
                const earlier = taken && madeEarlier ? await madeEarlier() : undefined;
                if (!earlier) {
                    if (taken && !existing && friendlyUrl !== undefined) takenAdvice = await this.takenAdvice(client, friendlyUrl, secretName, ctx);
                    throw error;
                }
                record = earlier;
            }
        } catch (error) {
            const described = describeFailure("create", roomLabel(ctx, inputs), error, takenAdvice === undefined ? undefined : { friendly_url: takenAdvice });
            if (!outcomeUnknown(error) || inputs.friendlyUrl === undefined || creationProof(inputs, given) === undefined) throw described;
            // Kept in the stack as a resource whose create failed (the engine records the id and properties of such an
            // error), so the next up knows this create id and settles it (see `diff` and `delete`) instead of forgetting it.
            throw Object.assign(described, { id: `${UNSETTLED}${String(inputs.createId)}`, properties: { ...given, friendlyUrl: inputs.friendlyUrl }, reasons: [described.message] });
        }
        const identity = identityOf(ctx);
        if (identity !== undefined) this.claims.claim(roomKey(this.client(inputs), record.id), identity);
        // Fields the answer leaves out are as sent (tags, notably: a create answer without them must not look like a change).
        const outs = outputsOf(room, record, inputs, {}, sentSettings(room, inputs));
        await this.warnUnapplied(inputs, declaredSettings(room, inputs).map(([k]) => k), record, outs, roomLabel(ctx, inputs, record.id), ctx);
        return { id: record.id, outs: outs as RoomOutputs };
    }

    /**
     * How this create knows a room found under its friendly URL as its own (undefined: it cannot): its creation proof,
     * or, for a declared name with a declared externalId, that externalId on a room under a name a lookup found free
     * before the first attempt.
     */
    private async madeByThisCreate(client: RoomsClient, inputs: RoomInputs, given: RoomInputs, secretName: boolean): Promise<((found: RoomRecord) => boolean) | undefined> {
        const proof = creationProof(inputs, given);
        if (proof !== undefined) return proof;
        const externalId = inputs.externalId;
        if (typeof externalId !== "string" || typeof inputs.createId !== "string" || inputs.friendlyUrl === undefined) return undefined;
        return (await findRoomNamed(client, inputs.friendlyUrl, secretName)) === undefined ? (found) => found.external_id === externalId : undefined;
    }

    /**
     * The advice for a create refused because its friendly URL is taken, when the room under it may be another stack's
     * (`foreignRoom`) and no resource of this deployment manages it; undefined for the settings table's own advice
     * (adoptExisting, or deleteBeforeReplace for this Room's own room). A lookup that fails leaves the table's.
     */
    private async takenAdvice(client: RoomsClient, friendlyUrl: string, secretName: boolean, ctx: Context): Promise<string | undefined> {
        const found = await findRoomNamed(client, friendlyUrl, secretName).catch(() => undefined);
        if (found === undefined || this.claims.ownerOf(roomKey(client, found.id)) !== undefined) return undefined;
        const foreign = foreignRoom(found, ctx);
        return foreign === undefined ? undefined : foreignRoomAdvice(foreign);
    }

    /** The room a create kept as unsettled made, if it made one: found under its friendly URL and proven its own. */
    private async settledRoom(client: RoomsClient, props: RoomOutputs, ctx: Context): Promise<RoomRecord | undefined> {
        const proof = creationProof(props, props.friendlyUrlGenerated === true ? { ...props, friendlyUrl: undefined } : props);
        const secretName = givenAsSecret(room, "friendlyUrl", ctx, [props]);
        const found = typeof props.friendlyUrl === "string" && proof !== undefined ? await findRoomNamed(client, props.friendlyUrl, secretName) : undefined;
        return found !== undefined && proof!(found) ? found : undefined;
    }

    /**
     * A read with only an id is `pulumi import` (the plugin face): the room is found by UUID or friendly URL,
     * every setting it holds becomes an input, and the id is its UUID whichever was given.
     */
    async read(id: string, props: RoomOutputs = {}, ctx: Context = PROCESS_CONTEXT): Promise<KindRead<RoomOutputs>> {
        const importing = Object.keys(props).length === 0;
        let record: RoomRecord | undefined;
        let teamRoles: KnownRoles = [];
        let declared: Values = {};
        let expired = props.expired === true;
        try {
            const client = this.client(props);
            // A create kept as unsettled: the room it made, if provably its own, becomes the resource's (its id with it).
            record = id.startsWith(UNSETTLED) ? await this.settledRoom(client, props, ctx) : await findRoom(client, id);
            if (!record && props.expired !== true) expired = await expiredWhenGone(client, props.expiresAt);
            if (record) {
                declared = importing ? withoutCreationMarker(importedInputs(room, outputsOf(room, record, {}), deepKeysToCamel(await client.getDefaults()) as Values)) : previousInputs(room, props);
                teamRoles = await teamRolesFor(client, room, declared);
                if (importing) declared = roleIdsAsNames(room, declared, teamRoles);
            }
        } catch (error) {
            throw describeFailure("read", roomLabel(ctx, props, id), error);
        }
        // Another stack's room is not imported: two stacks would manage it (see foreignImportRefusal). No write was made.
        const foreign = importing && record ? foreignRoom(record, ctx) : undefined;
        if (foreign !== undefined) throw describeFailure("import", roomLabel(ctx, {}, id), new Error(foreignImportRefusal(foreign)));
        if (!record) {
            // Gone at its expiresAt, as declared: kept as expired, so the unchanged program stays valid and green
            // (see expiredDiff). Gone otherwise (deleted outside Pulumi): an empty id tells the engine to drop it.
            if (expired) {
                const outs = { ...props, expired: true };
                return { id, props: outs, inputs: inputsAfterRead(room, props, outs) as RoomOutputs };
            }
            return { id: "", props: {}, inputs: {} };
        }
        // Found, so not expired: only the record's last known fields stand in for those the answer leaves out.
        const { expired: _found, ...lastKnown } = props;
        const outs = outputsOf(room, record, declared, props.imageUploads, lastKnown);
        const inputs = inputsAfterRead(room, importing ? outs : props, outs, teamRoles);
        return { id: importing || id.startsWith(UNSETTLED) ? record.id : id, props: outs as RoomOutputs, inputs: inputs as RoomOutputs, foundInTeam: true };
    }

    async update(id: string, olds: RoomOutputs, news: RoomInputs, ctx: Context = PROCESS_CONTEXT): Promise<{ outs: RoomOutputs }> {
        let record: Values;
        let keys: string[] = [];
        try {
            const client = this.client(news);
            keys = await updatableChanges(client, news, olds);
            // Only the resource's own options changed: nothing to send, the record is as last seen; but for the
            // address when the team's domain changed in this deployment, read from the room (nothing is written).
            record = keys.length === 0 ? await this.heldRecord(client, id, olds) : await client.updateRoom(id, apiBody(news, keys));
        } catch (error) {
            throw describeFailure("update", roomLabel(ctx, news, id), error);
        }
        const outs = outputsOf(room, record, news, olds.imageUploads, { ...olds, ...sentSettings(room, news, keys) });
        await this.warnUnapplied(news, keys, record, outs, roomLabel(ctx, news, id), ctx);
        return { outs: outs as RoomOutputs };
    }

    /**
     * The record an update that sends nothing leaves: as last seen, with the address the service gives the room now
     * when the team's domain changed in this deployment (the contract gives `room_url` as the service's, so it is read,
     * not made up). A room gone since keeps the address last seen: a refresh finds it gone.
     */
    private async heldRecord(client: RoomsClient, id: string, olds: RoomOutputs): Promise<Values> {
        const held = recordFromOutputs(room, olds);
        if (!this.domainMoves(client)) return held;
        const live = await findRoom(client, id);
        return live === undefined ? held : { ...held, roomUrl: live.room_url };
    }

    /**
     * A write the API answered with other values than were sent for some settings: a warning at this up names them
     * (the write did succeed, and the room exists: failing would lose track of it), and the outputs keep what the API
     * answered, so the next preview shows them as changes instead of hiding them.
     */
    private async warnUnapplied(inputs: RoomInputs, sentKeys: readonly string[], record: Values, outs: Values, label: string, ctx: Context): Promise<void> {
        if (sentKeys.length === 0) return;
        const roles = await teamRolesFor(this.client(inputs), room, inputs).catch(() => []);
        const unapplied = unappliedSettings(room, inputs, sentKeys, record, outs, roles, (key) => givenAsSecret(room, key, ctx, [inputs]));
        if (unapplied) ctx.warn(WARNINGS.roomUnapplied(label, unapplied));
    }

    async delete(id: string, props: RoomOutputs, ctx: Context = PROCESS_CONTEXT): Promise<void> {
        // The resource's create returned and no check has run since (a destroy right after the up): its record goes.
        const record = typeof props.createId === "string" ? this.createRecord(props as RoomInputs, ctx) : undefined;
        if (record !== undefined && record.values.createId === props.createId) this.forget(record.at.key);
        if (id.startsWith(UNSETTLED)) {
            // A create whose outcome stayed unknown: the room it made, if it made one and it is provably that create's.
            let made: RoomRecord | undefined;
            try {
                made = await this.settledRoom(this.client(props), props, ctx);
            } catch (error) {
                throw describeFailure("delete", roomLabel(ctx, props), error);
            }
            if (made === undefined) return;
            id = made.id;
        }
        const owner = this.claims.ownerOf(roomKey(this.client(props), id));
        const identity = identityOf(ctx);
        if (owner !== undefined && (identity === undefined || !sameOwner(owner, identity))) {
            // Dropped from the program while another Room of the stack took the room over (adoptExisting): the room
            // is that resource's now, and deleting it would take it from under it.
            ctx.warn(WARNINGS.roomHandedOver(roomLabel(ctx, props, id), identityLabel("Room", owner)));
            return;
        }
        if (this.adoptedHere.has(roomKey(this.client(props), id))) {
            ctx.warn(WARNINGS.roomKeptByReplacement(roomLabel(ctx, props, id)));
            return;
        }
        try {
            await this.client(props).deleteRoom(id, { deleteResources: props.deleteContentOnDestroy === true });
        } catch (error) {
            // Already gone (deleted outside Pulumi, or expired at expiresAt): the goal is reached.
            if (error instanceof NotFoundError) return;
            throw describeFailure("delete", roomLabel(ctx, props, id), error);
        }
    }
}
