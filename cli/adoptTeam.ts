/**
 * `pulumi-vcrooms adopt-team`: a whole team's rooms taken under management in two commands. It reads the team
 * through the API (every room, paged by `after`, read until two readings agree) and writes a `pulumi import --file`
 * document: one entry per room, named after its friendly URL, through the plugin face (`vcrooms:index:Room`, which
 * the engine can import; the SDK's dynamic resources cannot be imported). `pulumi import --file` then reads each
 * room and generates the program.
 *
 * What the generated program declares is the plugin's import read's (provider/resources/reconcile.ts,
 * importedInputs): the friendly URL, each setting that differs from the team's defaults, the room-only settings
 * that are on, never a secret. So it reads like hand-written code and previews with no change.
 */
import { createHash } from "node:crypto";
import type { RoomListItem, RoomsClient } from "../provider/api";
import { markedStack, stackOfUrn } from "../provider/model/creationMark";
import { SECRET_SIG_KEY } from "../provider/plugin/secrets";

export const ROOM_TOKEN = "vcrooms:index:Room";

/** One entry of a `pulumi import --file` document (the CLI's importSpec). */
export interface ImportEntry {
    type: string;
    name: string;
    id: string;
}

export interface ImportDocument {
    resources: ImportEntry[];
}

export interface AdoptOptions {
    /** Friendly-URL globs (`*`, `?`); a room is taken when it matches any. All rooms when empty. */
    filters?: string[];
    /** Room ids (UUIDs) already managed, left out. */
    skipIds?: ReadonlySet<string>;
    /**
     * Resource names the stack already uses (`--skip-stack`): no room is given one, since `pulumi import` refuses a
     * resource whose URN is already in the stack and the generated code would declare the name twice.
     */
    takenNames?: ReadonlySet<string>;
    /**
     * Room ids whose friendly URL a stack holds as a secret (StackHoldings.secretUrlIds): such a room's name is
     * derived from its id, never from its friendly URL, which the document and the code `pulumi import` generates
     * from it (the resource name, the URN) would otherwise show in clear.
     */
    secretUrlIds?: ReadonlySet<string>;
    /**
     * The stack the document is for, `{project}/{stack}` (its state's URNs name it). A room whose creation mark names
     * another stack is left out: that stack may manage it, and the provider's import refuses it. Unknown (no state
     * read, or an empty one): every room whose mark names a stack is left out.
     */
    ownStack?: string;
    /** Readings of the team at most before giving up on two that agree. Default 5. */
    maxReadings?: number;
}

export interface Adoption {
    document: ImportDocument;
    /** Rooms the team holds, rooms left out by the filters, and rooms left out as already managed. */
    counts: { team: number; filtered: number; skipped: number };
    /**
     * The rooms left out as another stack's (their creation mark names it), after the filters and the managed ones:
     * each by its friendly URL (the derived name where a stack holds that as a secret), with its mark and that stack.
     */
    otherStacks: Array<{ id: string; room: string; stack: string; externalId: string }>;
    /** How many times the team's rooms were read (2 when nothing changed meanwhile). */
    readings: number;
}

/** A failure of the command's own (its arguments, its files, a team that would not hold still): said as it is. */
export class CommandError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "CommandError";
    }
}

/** A friendly-URL glob as a regular expression: `*` any run of characters, `?` one, everything else literal. */
export function globPattern(glob: string): RegExp {
    const body = glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
    return new RegExp(`^${body}$`, "u");
}

/**
 * A friendly URL that is its own resource name: lower-case letters and digits in `-`-separated words, starting with
 * a letter. Such a name is a valid Pulumi name and gives a distinct variable in the generated code.
 */
const PLAIN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** The readable part of a name for any other friendly URL: accents dropped, lower case, other runs of characters as `-`. */
function readableBase(friendlyUrl: string): string {
    const base = friendlyUrl
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 24)
        .replace(/-+$/, "");
    return !base ? "room" : /^[0-9]/.test(base) ? `room-${base}` : base;
}

/**
 * The resource name of each room, from its own friendly URL alone, so a room keeps its name from run to run
 * whatever rooms are added or removed: the friendly URL itself when it is plain (above), else its readable form,
 * `_` and the first 8 hex digits of a SHA-256 of the exact friendly URL (`Board` is `board_1b3f...`, `café-ü` is
 * `cafe-u_...`). A plain name has no `_`, so a derived one can never be another room's plain name; friendly URLs are
 * unique, so plain names are. Only where derived names would still meet (another one, or another room's friendly
 * URL: 8 hex digits in common) are the digits lengthened for those rooms. A name in `taken` (the stack's own) is
 * never given: a plain friendly URL that is taken gets a derived name, and a derived name that is taken gets more digits.
 */
export function resourceNames(friendlyUrls: readonly string[], taken: ReadonlySet<string> = new Set()): Map<string, string> {
    const urls = new Set(friendlyUrls);
    const names = new Map<string, string>();
    const derived = (url: string, digits: number) => `${readableBase(url)}_${createHash("sha256").update(url).digest("hex").slice(0, digits)}`;
    const plain = (url: string) => PLAIN.test(url) && !taken.has(url);
    let pending = friendlyUrls.filter((url) => !plain(url));
    for (const url of friendlyUrls) if (plain(url)) names.set(url, url);
    for (const digits of [8, 16, 64]) {
        const proposed = new Map(pending.map((url) => [url, derived(url, digits)]));
        const uses = new Map<string, number>();
        for (const name of proposed.values()) uses.set(name, (uses.get(name) ?? 0) + 1);
        const clash = (name: string) => (uses.get(name) ?? 0) > 1 || urls.has(name) || taken.has(name);
        for (const [url, name] of proposed) if (!clash(name) || digits === 64) names.set(url, name);
        pending = pending.filter((url) => !names.has(url));
        if (pending.length === 0) break;
    }
    return names;
}

/**
 * The names of rooms whose friendly URL is a secret: `room_` and the first 8 hex digits of a SHA-256 of the room's
 * id (more where one would meet a name in `used`, or another's), so the name tells nothing of the friendly URL.
 */
export function namesByIds(ids: readonly string[], used: ReadonlySet<string>): Map<string, string> {
    const names = new Map<string, string>();
    const taken = new Set(used);
    for (const id of ids) {
        const hash = createHash("sha256").update(id).digest("hex");
        const name = [8, 16, 64].map((digits) => `room_${hash.slice(0, digits)}`).find((n) => !taken.has(n)) ?? `room_${hash}`;
        names.set(id, name);
        taken.add(name);
    }
    return names;
}

/** One reading of every room, paged by `after`, oldest first: id to friendly URL. */
async function readRooms(client: RoomsClient): Promise<Map<string, RoomListItem>> {
    const rooms = new Map<string, RoomListItem>();
    for await (const item of client.iterateRooms({ limit: 100, order: "asc" })) rooms.set(item.id, item);
    return rooms;
}

function sameRooms(a: Map<string, RoomListItem>, b: Map<string, RoomListItem>): boolean {
    return a.size === b.size && [...a].every(([id, room]) => b.get(id)?.friendly_url === room.friendly_url);
}

/**
 * The team's rooms as two readings in a row agree on them (the same ids, under the same friendly URLs). A reading by
 * `after` misses no room present throughout it, but a room read and then deleted would still be written: the next
 * reading no longer has it. So the rooms written are those the team held between the last two readings.
 */
export async function settledRooms(client: RoomsClient, maxReadings = 5): Promise<{ rooms: RoomListItem[]; readings: number }> {
    let previous = await readRooms(client);
    for (let reading = 2; reading <= maxReadings; reading++) {
        const current = await readRooms(client);
        if (sameRooms(previous, current)) return { rooms: [...current.values()], readings: reading };
        previous = current;
    }
    throw new CommandError(`the team's rooms changed between each of ${maxReadings} readings (rooms created, deleted or renamed meanwhile), so no document was written: run adopt-team again once they settle`);
}

/** Reads the team and builds the import document. */
export async function adoptTeam(client: RoomsClient, options: AdoptOptions = {}): Promise<Adoption> {
    const { rooms: listed, readings } = await settledRooms(client, options.maxReadings);
    const patterns = (options.filters ?? []).map(globPattern);
    // Sorted by friendly URL, code unit by code unit: the same team gives the same document, whatever the locale.
    const rooms = [...listed].sort((a, b) => (a.friendly_url < b.friendly_url ? -1 : a.friendly_url > b.friendly_url ? 1 : 0));
    const matching = patterns.length === 0 ? rooms : rooms.filter((r) => patterns.some((p) => p.test(r.friendly_url)));
    const unmanaged = matching.filter((r) => !options.skipIds?.has(r.id));
    const othersStack = (r: RoomListItem) => {
        const stack = markedStack(r.external_id);
        return stack !== undefined && stack !== options.ownStack ? stack : undefined;
    };
    const wanted = unmanaged.filter((r) => othersStack(r) === undefined);
    const names = resourceNames(rooms.map((r) => r.friendly_url), options.takenNames);
    const secretNames = namesByIds(
        rooms.filter((r) => options.secretUrlIds?.has(r.id)).map((r) => r.id),
        new Set([...names.values(), ...rooms.map((r) => r.friendly_url), ...(options.takenNames ?? [])]),
    );
    const resources = wanted.map((item): ImportEntry => ({ type: ROOM_TOKEN, name: secretNames.get(item.id) ?? names.get(item.friendly_url)!, id: item.id }));
    const otherStacks = unmanaged.flatMap((r) => {
        const stack = othersStack(r);
        return stack === undefined ? [] : [{ id: r.id, room: secretNames.get(r.id) ?? r.friendly_url, stack, externalId: String(r.external_id) }];
    });
    return { document: { resources }, counts: { team: rooms.length, filtered: rooms.length - matching.length, skipped: matching.length - unmanaged.length }, otherStacks, readings };
}

/** What a parsed JSON value is, for a message: never the value itself. */
function kindOf(value: unknown): string {
    if (value === null) return "null";
    if (Array.isArray(value)) return "an array";
    if (typeof value !== "object") return `a ${typeof value}`;
    const keys = Object.keys(value);
    if ("resources" in value && !("deployment" in value)) return "a `pulumi import` document (resources at the top)";
    return keys.length === 0 ? "an empty object" : `an object with ${keys.slice(0, 5).join(", ")}`;
}

/** What `--skip-stack` takes from a stack: the room ids it manages and the resource names it uses. */
export interface StackHoldings {
    /** Room ids either face manages. */
    ids: Set<string>;
    /** The name (the URN's last part) of every resource of the stack. */
    names: Set<string>;
    /** The ids of its rooms whose friendly URL it holds as a secret (the engine's mark in inputs or outputs). */
    secretUrlIds: Set<string>;
    /** The stack's `{project}/{stack}`, from its resources' URNs (undefined for a stack with none). */
    stack?: string;
}

/** Whether a value of a stack's export is, or holds, a secret (the engine's marker object). */
function holdsSecret(value: unknown): boolean {
    if (value === null || typeof value !== "object") return false;
    return SECRET_SIG_KEY in value || Object.values(value).some(holdsSecret);
}

/**
 * The room ids a `pulumi stack export` document manages, of either face, and the names its resources use, for
 * `--skip-stack`. Anything else is refused naming the file and what it is: taken as skipping nothing, it would put
 * rooms another stack manages into the import.
 */
export function managedByStack(stackExport: unknown, file: string): StackHoldings {
    const refuse = (what: string) =>
        new CommandError(`--skip-stack ${JSON.stringify(file)} is not a \`pulumi stack export\` document ({"version": 3, "deployment": {"resources": [...]}}): ${what}`);
    if (stackExport === null || typeof stackExport !== "object" || Array.isArray(stackExport)) throw refuse(`it is ${kindOf(stackExport)}`);
    const { version, deployment } = stackExport as { version?: unknown; deployment?: unknown };
    if (deployment === null || typeof deployment !== "object" || Array.isArray(deployment) || typeof version !== "number") {
        throw refuse(`it is ${kindOf(stackExport)}, without ${typeof version !== "number" ? "a numeric version" : "a deployment object"}`);
    }
    // An empty stack's export has no resources list at all.
    const resources = (deployment as { resources?: unknown }).resources ?? [];
    if (!Array.isArray(resources)) throw refuse(`its deployment.resources is ${kindOf(resources)}`);
    const ids = new Set<string>();
    const names = new Set<string>();
    const secretUrlIds = new Set<string>();
    let stack: string | undefined;
    type Resource = { type?: unknown; id?: unknown; urn?: unknown; inputs?: Record<string, unknown>; outputs?: Record<string, unknown>; additionalSecretOutputs?: unknown };
    for (const r of resources as Array<Resource | null>) {
        if ((r?.type === ROOM_TOKEN || r?.type === "pulumi-nodejs:dynamic/vcrooms:Room") && typeof r.id === "string" && r.id !== "") {
            ids.add(r.id);
            const secretOutputs = Array.isArray(r.additionalSecretOutputs) ? r.additionalSecretOutputs : [];
            if (holdsSecret(r.inputs?.friendlyUrl) || holdsSecret(r.outputs?.friendlyUrl) || secretOutputs.includes("friendlyUrl")) secretUrlIds.add(r.id);
        }
        // urn:pulumi:<stack>::<project>::<type path>::<name>; a name may itself hold "::", so all after the fourth.
        if (typeof r?.urn === "string") {
            names.add(r.urn.split("::").slice(3).join("::"));
            stack ??= stackOfUrn(r.urn);
        }
    }
    return { ids, names, secretUrlIds, ...(stack !== undefined ? { stack } : {}) };
}
