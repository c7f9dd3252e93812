/**
 * The emulator's "documented" answer profile: answers in the shape of the vendor's published OpenAPI document,
 * and the data it works from (emulator/vendorShapes.ts) regenerated from that document when it is on the machine.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { VENDOR_SHAPES } from "../../emulator/vendorShapes";
import { useEmulator } from "../support/emulator";

const REPO = path.resolve(__dirname, "../..");
/** Beside the repository (not part of it); VCROOMS_VENDOR_REFERENCE names another folder (a git worktree sits deeper). */
const DOCUMENT = path.resolve(process.env.VCROOMS_VENDOR_REFERENCE ?? path.resolve(REPO, "../shared/reference"), "vendor-openapi.yaml");

describe("emulator/vendorShapes.ts", () => {
    it.skipIf(!existsSync(DOCUMENT))("is what scripts/vendor-shapes.mjs generates from the vendor's document (run it to update)", () => {
        const generated = execFileSync(process.execPath, [path.join(REPO, "scripts/vendor-shapes.mjs"), "--print", DOCUMENT], { encoding: "utf8" });
        expect(generated).toBe(readFileSync(path.join(REPO, "emulator/vendorShapes.ts"), "utf8"));
    });
});

describe("the documented profile", () => {
    const env = useEmulator({ rateLimit: 0, profile: "documented" }, { resetEach: true });

    it("answers room and defaults records with only the fields the document lists: no tags", async () => {
        const created = await env.api("POST", "/rooms", { friendly_url: "documented", tags: ["a"], restream_key: "k3y" });
        expect(created.status).toBe(200);
        expect(created.body.tags).toBeUndefined();
        expect(Object.keys(created.body).every((k) => k in VENDOR_SHAPES.records.roomCreated)).toBe(true);
        const read = await env.api("GET", "/rooms/documented");
        expect(read.body).toMatchObject({ friendly_url: "documented", room_url: expect.any(String) });
        expect(read.body.tags).toBeUndefined();
        expect(Object.keys(read.body).every((k) => k in VENDOR_SHAPES.records.room)).toBe(true);
        // Stored all the same: the list filters by the tag the record no longer shows.
        const list = await env.api("GET", "/rooms?tag=a");
        expect(list.body.total_count).toBe("1");
        const defaults = await env.api("GET", "/");
        expect(defaults.body.languages).toBeUndefined();
        expect(Object.keys(defaults.body).every((k) => k in VENDOR_SHAPES.records.defaults)).toBe(true);
    });

    it("answers team statistics without team_id, the document's role permissions, and a text/plain export", async () => {
        const stats = await env.api("GET", "/statistics");
        expect(stats.status).toBe(200);
        expect(stats.body.team_id).toBeUndefined();
        expect(stats.body.date_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const role = await env.api("GET", "/roles/moderator");
        expect(typeof role.body.permissions.remote_muting).toBe("boolean");
        expect(Array.isArray(role.body.permissions.manage_roles)).toBe(true);
        expect(Object.keys(role.body.permissions)).toHaveLength(Object.keys(VENDOR_SHAPES.records.rolePermissions).length);
        await env.api("POST", "/rooms", { friendly_url: "exported" });
        const exported = await env.api("GET", "/rooms/exported/transcripts/export?format=json");
        expect(exported.headers.get("content-type")).toMatch(/^text\/plain/);
    });
});
