/**
 * Input the API would refuse fails at check during preview, naming field, rule and value, before any request; what
 * the API takes passes (a friendly URL that would break the room's link is warned about, not refused); what the contract allows
 * passes (`sessionLength: ""`, "an empty value means unlimited"). The rules are shown on the providers' check alone;
 * the engine tests show that its refusals surface at preview, before any request.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";
import { providers } from "../../provider";
import { brokenLinkWarning } from "../../provider/resources/room";

let emulator: RunningEmulator;
useEmulator({ rateLimit: 0 }, { resetEach: true, started: (started) => (emulator = started) });

const requests = async () => ((await control(emulator, "GET", "/requests")) as { total: number }).total;

/** What check says of one resource's inputs, as the engine prints it: `property: reason` (no property for a connection's). */
async function checkOf(kind: "room" | "teamDefaults", inputs: Record<string, unknown>): Promise<string[]> {
    const { failures } = await providers[kind].check!({}, inputs as never);
    return (failures ?? []).map((f) => f.reason);
}

/** Friendly URLs the API takes but a room's link cannot carry as they are, with what the warning names. */
const LINK_BREAKING: Record<string, string> = { "q3 review": "white space", "a/b-c": '"/"', "a..b": '".."', "abc?x=1": '"?"', "abc#frag": '"#"', "ab%20c": '"%"', "ab\tcd": "white space" };

describe("check refuses, naming field, rule and value (the rules alone, no engine)", () => {
    // check resolves the connection too: these inputs name the emulator's in the environment, as a stack would.
    beforeEach(() => {
        process.env.VCROOMS_API_URL = emulator.baseUrl;
        process.env.VCROOMS_DEVELOPER_KEY = emulator.developerKey;
    });
    afterEach(() => {
        delete process.env.VCROOMS_API_URL;
        delete process.env.VCROOMS_DEVELOPER_KEY;
    });

    it.each(Object.keys(LINK_BREAKING))("friendly URL %j: the API takes it, so check does too (a warning names what the link cannot carry)", async (friendlyUrl) => {
        expect(await checkOf("room", { friendlyUrl })).toEqual([]);
        expect(brokenLinkWarning({}, { friendlyUrl }, "board")).toBe(
            `Room "board": friendlyUrl holds ${LINK_BREAKING[friendlyUrl]}, which the API accepts but the room's link cannot carry as it is (its link and join links may not reach the room); letters, digits and - . _ ~ keep it plain`,
        );
        // Not when the room already has it (every later preview, an import) or is adopted: what the service holds.
        expect(brokenLinkWarning({ friendlyUrl }, { friendlyUrl }, "board")).toBeUndefined();
        expect(brokenLinkWarning({}, { friendlyUrl, adoptExisting: true }, "board")).toBeUndefined();
    });

    it("friendly URLs by the API's rule alone: 3 to 32 characters of any script, counted by code point", async () => {
        for (const friendlyUrl of ["café-ü", "會議室", "😀😀😀", "😀".repeat(32), "é".repeat(32)]) {
            expect(await checkOf("room", { friendlyUrl }), friendlyUrl).toEqual([]);
            expect(brokenLinkWarning({}, { friendlyUrl }, "board"), friendlyUrl).toBeUndefined();
        }
        for (const friendlyUrl of ["😀😀", "é".repeat(33), "😀".repeat(33)]) {
            expect(await checkOf("room", { friendlyUrl })).toEqual([`friendlyUrl must be 3 to 32 characters; got ${JSON.stringify(friendlyUrl)}`]);
        }
    });

    it("unreal dates: 30 February, 24:00:00", async () => {
        expect((await checkOf("room", { expiresAt: "2030-02-30 00:00:00" })).join("\n")).toContain('expiresAt must be a real date and time (no 30 February, no 24:00:00); got "2030-02-30 00:00:00"');
        expect((await checkOf("room", { expiresAt: "2030-01-01 24:00:00" })).join("\n")).toContain('expiresAt must be a real date and time (no 30 February, no 24:00:00); got "2030-01-01 24:00:00"');
    });

    it("a locked single-role room, or team defaults", async () => {
        expect((await checkOf("room", { roles: ["moderator"], isLocked: true })).join("\n")).toContain('isLocked cannot be true while roles has a single role ("moderator"): single-role rooms cannot be locked on join');
        expect((await checkOf("teamDefaults", { roles: ["attendee"], isLocked: true })).join("\n")).toContain('isLocked cannot be true while roles has a single role ("attendee")');
    });

    it("a connection's API URL not ending in /api/v1", async () => {
        expect((await checkOf("room", { connection: { apiUrl: "http://127.0.0.1:9/api/v2" } })).join("\n")).toContain('Invalid API URL "http://127.0.0.1:9/api/v2" from vcrooms:apiUrl (or the resource\'s connection.apiUrl): the path must end in /api/v1');
    });

    it("no API URL anywhere: check fails naming the config key and the environment variable", async () => {
        delete process.env.VCROOMS_API_URL;
        expect((await checkOf("room", { friendlyUrl: "board-q3" })).join("\n")).toContain("No API URL: set vcrooms:apiUrl in the stack config or VCROOMS_API_URL");
    });
});

describe("check refuses at preview (through the engine)", () => {
    it("every refusal above surfaces at preview, one error per resource, before any request", async () => {
        const engine = engineFor(emulator, "check-refusals");
        await control(emulator, "DELETE", "/requests");
        const result = await engine.preview(async () => {
            new sdk.Room("rollover", { expiresAt: "2030-02-30 00:00:00" });
            new sdk.Room("midnight", { expiresAt: "2030-01-01 24:00:00" });
            new sdk.Room("locked", { roles: ["moderator"], isLocked: true });
            new sdk.TeamDefaults("defaults", { roles: ["attendee"], isLocked: true });
            new sdk.Room("elsewhere", { connection: { apiUrl: "http://127.0.0.1:9/api/v2" } });
        });
        const text = result.errors.join("\n");
        expect(text).toContain('expiresAt must be a real date and time (no 30 February, no 24:00:00); got "2030-02-30 00:00:00"');
        expect(text).toContain('expiresAt must be a real date and time (no 30 February, no 24:00:00); got "2030-01-01 24:00:00"');
        expect(text).toContain('isLocked cannot be true while roles has a single role ("moderator"): single-role rooms cannot be locked on join');
        expect(text).toContain('isLocked cannot be true while roles has a single role ("attendee")');
        expect(text).toContain('Invalid API URL "http://127.0.0.1:9/api/v2" from vcrooms:apiUrl (or the resource\'s connection.apiUrl): the path must end in /api/v1');
        expect(result.errors).toHaveLength(5);
        expect(await requests()).toBe(0);
    });

    it("no API URL anywhere: preview fails naming the config key and the environment variable", async () => {
        const engine = engineFor(emulator, "no-url", { config: { "vcrooms:developerKey": emulator.developerKey }, env: { VCROOMS_API_URL: undefined } });
        const result = await engine.preview(async () => {
            new sdk.Room("board", { friendlyUrl: "board-q3" });
        });
        expect(result.failed).toBe(true);
        expect(result.errors.join("\n")).toContain("No API URL: set vcrooms:apiUrl in the stack config or VCROOMS_API_URL");
    });
});

describe("check accepts what the contract allows", () => {
    it("a non-ASCII friendly URL the API holds is adopted (adoptExisting) and one a program sets is created, both with no diff after", async () => {
        expect((await apiCaller(emulator)("POST", "/rooms", { friendly_url: "café-ü", description: "Made in the dashboard" })).status).toBe(200);
        const engine = engineFor(emulator, "non-ascii");
        const program = async () => {
            new sdk.Room("cafe", { friendlyUrl: "café-ü", adoptExisting: true, description: "Adopted" });
            new sdk.Room("strasse", { friendlyUrl: "straße-été", description: "Created" });
        };
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        expect(up.warnings).toEqual([]);
        expect((await apiCaller(emulator)("GET", `/rooms/${encodeURIComponent("café-ü")}`)).body).toMatchObject({ description: "Adopted" });
        expect((await apiCaller(emulator)("GET", `/rooms/${encodeURIComponent("straße-été")}`)).body).toMatchObject({ description: "Created" });
        const again = await engine.up(program);
        expect(again.steps.map((s) => s.op)).toEqual(["same", "same"]);
        await engine.destroy();
    });

    it("a friendly URL with a character the room's link cannot carry is created with a warning at its first preview only", async () => {
        const engine = engineFor(emulator, "link-breaking");
        const program = async () => {
            new sdk.Room("review", { friendlyUrl: "q3 review/#1" });
        };
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        expect(up.warnings.join("\n")).toContain('Room "review": friendlyUrl holds white space, "/", "#", which the API accepts but the room\'s link cannot carry as it is');
        expect((await apiCaller(emulator)("GET", `/rooms/${encodeURIComponent("q3 review/#1")}`)).body).toMatchObject({ friendly_url: "q3 review/#1" });
        const again = await engine.up(program);
        expect(again.steps.map((s) => s.op)).toEqual(["same"]);
        expect(again.warnings).toEqual([]);
        await engine.destroy();
    });

    it('sessionLength "" means unlimited: created, read back as null, and no diff after', async () => {
        const engine = engineFor(emulator, "empty-session");
        const program = async () => {
            new sdk.Room("open-ended", { friendlyUrl: "open-ended", sessionLength: "", roles: ["moderator", "attendee"], isLocked: true });
        };
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        const room = (await apiCaller(emulator)("GET", "/rooms/open-ended")).body;
        expect(room).toMatchObject({ session_length: null, is_locked: true });
        expect((await engine.up(program)).steps.map((s) => s.op)).toEqual(["same"]);
        await engine.destroy();
    });
});
