/**
 * Whether a declared value and a value read back from the API mean the same thing.
 *
 * The API accepts one form and reads back another (roles written as names, read back as objects;
 * images uploaded as base64, read back as CDN URLs; colours echoed in whatever case). Comparing
 * raw values would show these as changes on every run: the perpetual diff that
 * docs/architecture.md (decision 3) rules out. One function per compare kind of the settings table.
 */
import { createHash } from "node:crypto";
import { API_DATE_TIME, type CompareKind } from "./settings";

/** A role as the API reads it back; written, it is an id or a name. */
export interface RoleObject {
    id?: unknown;
    name?: unknown;
}

/** Roles the record shows as objects: they tell which id a role name stands for. */
export type KnownRoles = readonly RoleObject[];

function roleMatches(declared: unknown, live: unknown, known: KnownRoles = []): boolean {
    if (typeof live === "string") {
        // Some fields (private_group_chat_roles) read back as bare ids while users write names.
        return declared === live || known.some((r) => (r.id === live && r.name === declared) || (r.name === live && r.id === declared));
    }
    if (live !== null && typeof live === "object") {
        const role = live as RoleObject;
        return declared === role.id || declared === role.name;
    }
    return false;
}

/** `#abc` -> `#aabbcc`, lower case. */
function canonicalColour(value: unknown): unknown {
    if (typeof value !== "string") return value;
    const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
    return (short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : value).toLowerCase();
}

/** "2027-01-02 03:04:05", "2027-01-02T03:04:05Z" and "2027-01-02T03:04:05.000000Z" are one instant. */
export function canonicalInstant(value: unknown): unknown {
    if (typeof value !== "string") return value;
    const iso = API_DATE_TIME.test(value) ? `${value.replace(" ", "T")}Z` : value;
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? value : ms;
}

function deepEqual(a: unknown, b: unknown): boolean {
    return JSON.stringify(a) === JSON.stringify(b);
}

/** The SHA-256 of an uploaded image as declared, so the state never holds the file twice. */
export function imageDigest(value: string): string {
    return createHash("sha256").update(value.replace(/\s+/g, "")).digest("hex");
}

/** True when a declared value is a base64 upload rather than a URL. */
export function isImageUpload(value: unknown): value is string {
    return typeof value === "string" && !/^https?:\/\//.test(value);
}

/**
 * Compares a declared value with the live value for a compare kind. For images, `upload` is
 * what the last write recorded: the digest of the base64 sent and the URL the API answered with.
 */
export function sameValue(
    kind: CompareKind,
    declared: unknown,
    live: unknown,
    upload?: { digest: string; url: unknown },
    knownRoles: KnownRoles = [],
): boolean {
    switch (kind) {
        case "colour":
            return canonicalColour(declared) === canonicalColour(live);
        case "role":
            return roleMatches(declared, live, knownRoles);
        case "roleList":
        case "roleIdList":
        case "namedList":
            if (declared === null || live === null) return declared === live;
            return (
                Array.isArray(declared) &&
                Array.isArray(live) &&
                declared.length === live.length &&
                declared.every((d, i) => roleMatches(d, live[i], knownRoles))
            );
        case "image":
            if (isImageUpload(declared)) {
                // The API turned the upload into a URL: the same upload, and the URL it gave is still there.
                return upload !== undefined && upload.digest === imageDigest(declared) && upload.url === live;
            }
            return declared === live;
        case "numberString":
            return declared !== undefined && declared !== null && live !== undefined && live !== null && String(declared) === String(live);
        case "datetime":
            return canonicalInstant(declared) === canonicalInstant(live);
        case "nullableInteger":
            return (declared === null || declared === "" ? null : declared) === (live === null || live === "" ? null : live);
        case "stringSet":
            return (
                Array.isArray(declared) &&
                Array.isArray(live) &&
                deepEqual([...new Set(declared)].sort(), [...new Set(live)].sort())
            );
        case "exact":
            return deepEqual(declared, live);
    }
}

/**
 * The declared form of a live value, for `read` to hand back as the resource's input when it
 * differs (drift): role objects become the id or name the user wrote (name preferred, matching
 * the user's own style), colours and instants keep the API's spelling.
 */
export function declaredFormOf(kind: CompareKind, live: unknown, previouslyDeclared: unknown): unknown {
    const roleForm = (role: unknown, hint: unknown): unknown => {
        if (role === null || typeof role !== "object") return role;
        const r = role as RoleObject;
        return typeof hint === "string" && hint === r.id ? r.id : (r.name ?? r.id);
    };
    switch (kind) {
        case "role":
            return roleForm(live, previouslyDeclared);
        case "roleList":
        case "roleIdList":
        case "namedList":
            return Array.isArray(live)
                ? live.map((r, i) => roleForm(r, Array.isArray(previouslyDeclared) ? previouslyDeclared[i] : undefined))
                : live;
        case "datetime":
            // expires_at is written "YYYY-MM-DD hh:mm:ss"; keep that form so the input stays valid.
            if (typeof live === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(live)) return live.slice(0, 19).replace("T", " ");
            return live;
        default:
            return live;
    }
}
