/** What every part of the team model shares: records as JSON, its two failures, time stamps, derived ids and stored images. */
import { createHash } from "node:crypto";

export type Json = Record<string, unknown>;

/** A 422 with the API's body: every bad field at once. */
export class ValidationFailure extends Error {
    constructor(readonly errors: Record<string, string[]>) {
        const reasons = Object.values(errors).flat();
        super(reasons.length > 1 ? `${reasons[0]} (and ${reasons.length - 1} more error${reasons.length > 2 ? "s" : ""})` : reasons[0]);
    }
}

export class NotFound extends Error {}

export function stamp(d: Date): string {
    return d.toISOString().slice(0, 19) + "Z";
}

/** A stable UUID-shaped id derived from a string (for generated sub-records). */
export function uuidFrom(seed: string): string {
    const h = createHash("sha256").update(seed).digest("hex");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A base64 upload becomes a CDN URL derived from its content: the same file, the same URL. */
export function storedImage(value: unknown): unknown {
    if (typeof value !== "string" || /^https?:\/\//.test(value)) return value;
    const digest = createHash("sha256").update(value.replace(/\s+/g, "")).digest("hex").slice(0, 32);
    return `https://cdn.digitalsamba.com/uploads/${digest}.png`;
}
