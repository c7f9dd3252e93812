/**
 * `pulumi-vcrooms adopt-team`: a whole team's rooms taken under management in two commands. It reads the team
 * through the API (every room, paged, and the team's defaults) and writes a `pulumi import --file` document:
 * one entry per room, named after its friendly URL, through the plugin face (`vcrooms:index:Room`, which the
 * engine can import; the SDK's dynamic resources cannot be imported). `pulumi import --file` then reads each
 * room and generates the program.
 *
 * What the generated program declares is the plugin's import read's (provider/resources/reconcile.ts,
 * importedInputs): the friendly URL, each setting that differs from the team's defaults, the room-only settings
 * that are on, never a secret. So it reads like hand-written code and previews with no change.
 */
import type { RoomsClient } from "../provider/api";

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
}

export interface Adoption {
    document: ImportDocument;
    /** Rooms the team holds, rooms left out by the filters, and rooms left out as already managed. */
    counts: { team: number; filtered: number; skipped: number };
}

/** A friendly-URL glob as a regular expression: `*` any run of characters, `?` one, everything else literal. */
export function globPattern(glob: string): RegExp {
    const body = glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
    return new RegExp(`^${body}$`);
}

/**
 * A Pulumi resource name from a friendly URL: readable (the URL itself where it can be), valid as a name and as the
 * variable the code generator derives from it (letters, digits, `-` and `_`, not starting with a digit), unique
 * among `taken` (a suffix `-2`, `-3`, ... in the order rooms are sorted, so the same team gives the same names).
 */
export function resourceName(friendlyUrl: string, taken: Set<string>): string {
    let base = friendlyUrl.toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "room";
    if (/^[0-9]/.test(base)) base = `room-${base}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    return name;
}

/** Reads the team and builds the import document. */
export async function adoptTeam(client: RoomsClient, options: AdoptOptions = {}): Promise<Adoption> {
    // Offset paging can repeat a room while another client creates rooms: one entry per id.
    const listed = new Map<string, { id: string; friendly_url: string }>();
    for await (const item of client.iterateRooms({ limit: 100 })) listed.set(item.id, item);
    const patterns = (options.filters ?? []).map(globPattern);
    const rooms = [...listed.values()].sort((a, b) => a.friendly_url.localeCompare(b.friendly_url));
    const matching = patterns.length === 0 ? rooms : rooms.filter((r) => patterns.some((p) => p.test(r.friendly_url)));
    const wanted = matching.filter((r) => !options.skipIds?.has(r.id));
    const taken = new Set<string>();
    const resources: ImportEntry[] = [];
    for (const item of wanted) resources.push({ type: ROOM_TOKEN, name: resourceName(item.friendly_url, taken), id: item.id });
    return { document: { resources }, counts: { team: rooms.length, filtered: rooms.length - matching.length, skipped: matching.length - wanted.length } };
}

/** The room ids a `pulumi stack export` document manages, of either face, for `--skip-stack`. */
export function managedRoomIds(stackExport: unknown): Set<string> {
    const resources = ((stackExport as { deployment?: { resources?: Array<{ type?: string; id?: string }> } }).deployment?.resources ?? []);
    return new Set(resources.filter((r) => (r.type === ROOM_TOKEN || r.type === "pulumi-nodejs:dynamic/vcrooms:Room") && typeof r.id === "string").map((r) => r.id!));
}
