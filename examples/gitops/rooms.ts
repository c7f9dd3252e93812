/**
 * Reads and validates a rooms file. Every problem is reported as `<file>: room "<name>": field
 * "<field>" <what is wrong>`, so a reviewer sees at preview which line of the pull request to fix.
 */
/// <reference path="./js-yaml.d.ts" />
import * as fs from "node:fs";
import * as yaml from "js-yaml";

export interface RoomEntry {
    name: string;
    friendlyUrl?: string;
    description?: string;
    topic?: string;
    privacy?: "public" | "private";
    maxParticipants?: number;
    maxBroadcasters?: number;
    roles?: string[];
    defaultRole?: string;
    tags?: string[];
    chatEnabled?: boolean;
    recordingsEnabled?: boolean;
}

type Check = (value: unknown) => string | undefined;

const text: Check = (v) => (typeof v === "string" && v.length > 0 ? undefined : "must be a non-empty string");
const flag: Check = (v) => (typeof v === "boolean" ? undefined : "must be true or false");
const count: Check = (v) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? undefined : "must be a positive whole number");
const names: Check = (v) => (Array.isArray(v) && v.every((x) => typeof x === "string" && x.length > 0) ? undefined : "must be a list of names");

const FIELDS: Record<keyof RoomEntry, Check> = {
    name: (v) => (typeof v === "string" && /^[a-z0-9][a-z0-9._~-]{2,31}$/.test(v) ? undefined : "must be 3 to 32 lower-case letters, digits or - . _ ~"),
    friendlyUrl: (v) => (typeof v === "string" && /^[A-Za-z0-9._~-]{3,32}$/.test(v) && !v.includes("..") ? undefined : "must be 3 to 32 letters, digits or - . _ ~ (no ..)"),
    description: (v) => (typeof v === "string" && v.length >= 3 && v.length <= 500 ? undefined : "must be 3 to 500 characters"),
    topic: text,
    privacy: (v) => (v === "public" || v === "private" ? undefined : 'must be "public" or "private"'),
    maxParticipants: count,
    maxBroadcasters: count,
    roles: names,
    defaultRole: text,
    tags: names,
    chatEnabled: flag,
    recordingsEnabled: flag,
};

export class RoomsFileError extends Error {}

/** The rooms of `file`, or a RoomsFileError naming the file, the room and the field. */
export function readRooms(file: string): RoomEntry[] {
    let doc: unknown;
    try {
        doc = yaml.load(fs.readFileSync(file, "utf8"), { filename: file });
    } catch (e) {
        throw new RoomsFileError(`${file}: ${(e as Error).message}`);
    }
    const list = (doc as { rooms?: unknown } | null)?.rooms;
    if (!Array.isArray(list)) throw new RoomsFileError(`${file}: must have a top-level "rooms:" list`);
    const seen = new Set<string>();
    return list.map((entry, index) => {
        const label = typeof (entry as { name?: unknown } | null)?.name === "string" ? `room "${(entry as { name: string }).name}"` : `room #${index + 1}`;
        const fail = (field: string, reason: string) => new RoomsFileError(`${file}: ${label}: field "${field}" ${reason}`);
        if (entry === null || typeof entry !== "object" || Array.isArray(entry)) throw new RoomsFileError(`${file}: ${label}: must be a mapping of fields`);
        const fields = entry as Record<string, unknown>;
        if (fields.name === undefined) throw fail("name", "is required");
        for (const [field, value] of Object.entries(fields)) {
            const check = FIELDS[field as keyof RoomEntry];
            if (!check) throw fail(field, `is not a room field (fields: ${Object.keys(FIELDS).join(", ")})`);
            const problem = check(value);
            if (problem) throw fail(field, `${problem}; got ${JSON.stringify(value)}`);
        }
        const room = fields as unknown as RoomEntry;
        if (seen.has(room.name)) throw fail("name", "is used by an earlier entry; names must be unique");
        seen.add(room.name);
        return room;
    });
}
