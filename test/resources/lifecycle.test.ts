/**
 * Room and TeamDefaults through the engine stand-in against the emulator: the acceptance steps
 * of terraform-plugin-testing (up, no-op up, refresh without drift, drift outside Pulumi put
 * back, deletion outside Pulumi, destroy), replacement, bad input, secrets, adoption, faults. Against both answer
 * profiles of the emulator: the contract's, and the vendor's document's (records without tags and most settings,
 * the rooms list's total_count a string); what the API stores is checked through the emulator's control state.
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { AnswerProfile, RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";

describe.each<AnswerProfile>(["contract", "documented"])("with the emulator answering as %s", (profile) => {
    let emulator: RunningEmulator;

    const log = async () => (await control(emulator, "GET", "/requests")) as { total: number; routes: Record<string, number>; entries: Array<{ method: string; status: number }> };
    const writes = async () => (await log()).entries.filter((e) => e.method !== "GET").length;
    const clearLog = () => control(emulator, "DELETE", "/requests");
    const ops = (r: { steps: Array<{ op: string; name: string }> }) => r.steps.map((s) => `${s.op} ${s.name}`).sort();
    /** The rooms as the emulator stores them, whatever shape its answers take. */
    const storedRoom = async (friendlyUrl: string) => ((await control(emulator, "GET", "/state")).rooms as Array<Record<string, unknown>>).find((r) => r.friendly_url === friendlyUrl);
    const roomCount = async () => Number((await api("GET", "/rooms")).body.total_count);

    const { api } = useEmulator({ rateLimit: 0, profile }, { resetEach: true, started: (started) => (emulator = started) });

    describe("acceptance steps", () => {
        it("Room and TeamDefaults: create, no-op, drift, deletion outside Pulumi, destroy", async () => {
            const engine = engineFor(emulator, "acceptance");
            const originalDefaults = (await api("GET", "/")).body;
            const program = async () => {
                const defaults = new sdk.TeamDefaults("defaults", { paletteMode: "dark", defaultRole: "speaker", sessionLength: 120 });
                const room = new sdk.Room("board", { friendlyUrl: "board-q3", description: "Quarterly board", maxParticipants: 50, maxBroadcasters: 10, roles: ["moderator", "attendee"], defaultRole: "moderator", toolbarColor: "#ABCDEF" }, { dependsOn: defaults });
                return { roomUrl: room.roomUrl };
            };

            // Create and read: the API holds exactly what was declared.
            const up = await engine.up(program);
            expect(up.errors).toEqual([]);
            expect(ops(up)).toEqual(["create board", "create defaults"]);
            expect(up.outputs.roomUrl).toBe("https://acme.digitalsamba.com/board-q3");
            const room = (await api("GET", "/rooms/board-q3")).body;
            expect(room).toMatchObject({ description: "Quarterly board", max_participants: 50, max_broadcasters: 10, toolbar_color: "#ABCDEF", default_role: { name: "moderator" }, palette_mode: "dark" });
            expect(room.roles.map((r: { name: string }) => r.name)).toEqual(["moderator", "attendee"]);
            expect((await api("GET", "/")).body).toMatchObject({ palette_mode: "dark", session_length: 120, default_role: { name: "speaker" } });

            // A second up changes nothing and writes nothing; a refresh finds no drift.
            await clearLog();
            const again = await engine.up(program);
            expect(ops(again)).toEqual(["same board", "same defaults"]);
            expect(await writes()).toBe(0);
            const refresh = await engine.refresh();
            expect(refresh.steps.map((s) => s.op)).toEqual(["refresh-same", "refresh-same"]);

            // Changed outside Pulumi: refresh and preview show that field only; up puts it back with one PATCH.
            await api("PATCH", "/rooms/board-q3", { toolbar_color: "#000000" });
            const drift = await engine.refresh();
            expect(drift.steps.find((s) => s.name === "board")).toMatchObject({ op: "refresh-update", changedKeys: ["toolbarColor", "updatedAt"] });
            const plan = await engine.preview(program);
            expect(plan.steps.find((s) => s.name === "board")).toMatchObject({ op: "update", changedKeys: ["toolbarColor"] });
            await clearLog();
            const fix = await engine.up(program);
            expect(ops(fix)).toEqual(["same defaults", "update board"]);
            expect((await log()).routes).toEqual({ "PATCH /api/v1/rooms/:room": 1 });
            expect((await api("GET", "/rooms/board-q3")).body.toolbar_color).toBe("#ABCDEF");

            // The same for team defaults.
            await api("PATCH", "/", { palette_mode: "light" });
            const defaultsDrift = await engine.preview(program, { refresh: true });
            expect(defaultsDrift.steps.find((s) => s.name === "defaults" && s.op === "update")).toMatchObject({ changedKeys: ["paletteMode"] });
            await clearLog();
            await engine.up(program, { refresh: true });
            expect((await log()).routes["PATCH /api/v1/"]).toBe(1);
            expect((await api("GET", "/")).body.palette_mode).toBe("dark");

            // Deleted outside Pulumi: refresh drops it, up re-creates it.
            await api("DELETE", "/rooms/board-q3");
            const gone = await engine.refresh();
            expect(gone.steps.find((s) => s.name === "board")?.op).toBe("refresh-delete");
            const recreate = await engine.up(program);
            expect(ops(recreate)).toEqual(["create board", "same defaults"]);
            expect((await api("GET", "/rooms/board-q3")).status).toBe(200);

            // Destroy: nothing left, team defaults back to what they were.
            const destroy = await engine.destroy();
            expect(destroy.errors).toEqual([]);
            expect(await roomCount()).toBe(0);
            const restored = (await api("GET", "/")).body;
            expect(restored).toMatchObject({ palette_mode: originalDefaults.palette_mode, session_length: originalDefaults.session_length, default_role: originalDefaults.default_role });
        });
    });

    describe("replacement", () => {
        it("changing tags replaces the room; a generated friendly URL is generated anew and the new room comes first; anything else never replaces", async () => {
            const engine = engineFor(emulator, "replace");
            let tags = ["a"];
            let description = "First";
            const program = async () => {
                new sdk.Room("room", { tags, description });
            };
            await engine.up(program);
            const first = (await api("GET", "/rooms")).body.data[0];
            description = "Second";
            const update = await engine.up(program);
            expect(update.steps[0]).toMatchObject({ op: "update", changedKeys: ["description"] });
            tags = ["a", "b"];
            const replace = await engine.up(program);
            // As under the real engine (test/cli): the replacement is checked with no olds, so it gets a new name.
            expect(replace.steps[0]).toMatchObject({ op: "replace", replaceKeys: ["tags"], deleteBeforeReplace: false });
            const rooms = (await api("GET", "/rooms")).body.data;
            expect(rooms).toHaveLength(1);
            expect(rooms[0].id).not.toBe(first.id);
            expect(rooms[0].friendly_url).not.toBe(first.friendly_url);
            expect(rooms[0].friendly_url).toMatch(/^room-[0-9a-f]{7}$/);
            expect((await storedRoom(rooms[0].friendly_url))?.tags).toEqual(["a", "b"]);
            await engine.destroy();
        });
    });

    describe("replacement of a declared friendly URL", () => {
        it("deletes the old room first, since the new one takes the same friendly URL", async () => {
            const engine = engineFor(emulator, "replace-declared");
            let tags = ["a"];
            const program = async () => {
                new sdk.Room("room", { friendlyUrl: "kept-url", tags });
            };
            await engine.up(program);
            const first = (await api("GET", "/rooms/kept-url")).body;
            tags = ["b"];
            const replace = await engine.up(program);
            expect(replace.steps[0]).toMatchObject({ op: "replace", replaceKeys: ["tags"], deleteBeforeReplace: true });
            const rooms = (await api("GET", "/rooms")).body.data;
            expect(rooms).toHaveLength(1);
            expect(rooms[0]).toMatchObject({ friendly_url: "kept-url" });
            expect((await storedRoom("kept-url"))?.tags).toEqual(["b"]);
            expect(rooms[0].id).not.toBe(first.id);
            await engine.destroy();
        });
    });

    describe("bad input", () => {
        it("fails at check during preview, naming property, rule and value, before any request", async () => {
            const engine = engineFor(emulator, "bad-input");
            await clearLog();
            const result = await engine.preview(async () => {
                new sdk.Room("board", { friendlyUrl: "board-q3", maxParticipants: 50, maxBroadcasters: 80, toolbarColor: "red", hdVideoQuality: "4k" as never });
            });
            expect(result.failed).toBe(true);
            const text = result.errors.join("\n");
            expect(text).toContain("maxBroadcasters must not exceed maxParticipants (50); got 80");
            expect(text).toContain('toolbarColor must be a hex colour code such as #1a2b3c; got "red"');
            expect(text).toContain("hdVideoQuality must be one of 720_1.5, 720_2.5, 1080_2.5, 1080_5.5");
            expect((await log()).total).toBe(0);
        });

        it("reports the API's refusal in the provider's words when only the API can tell", async () => {
            await api("POST", "/rooms", { friendly_url: "taken-url" });
            const engine = engineFor(emulator, "taken");
            const result = await engine.up(async () => {
                new sdk.Room("board", { friendlyUrl: "taken-url" });
            });
            expect(result.failed).toBe(true);
            expect(result.errors.join("\n")).toMatch(/Unable to create room "board" \(friendly URL taken-url\): friendlyUrl: The friendly url has already been taken\. \(choose another friendlyUrl, or set adoptExisting: true/);
        });
    });

    describe("secrets and adoption", () => {
        it("keeps the developer key and restream key out of the state file and outputs", async () => {
            const engine = engineFor(emulator, "secrets");
            const program = async () => {
                const room = new sdk.Room("stream", { restreamEnabled: true, restreamType: "custom", restreamUrl: "rtmp://live.example.com/app", restreamKey: "very-secret-stream-key" });
                return { key: room.restreamKey, url: room.roomUrl };
            };
            await engine.up(program);
            await engine.up(program);
            await engine.refresh();
            const state = fs.readFileSync((engine as unknown as { options: { stateFile: string } }).options.stateFile, "utf8");
            expect(state).not.toContain(emulator.developerKey);
            expect(state).not.toContain("very-secret-stream-key");
            expect(await roomCount()).toBe(1);
            await engine.destroy();
            const after = fs.readFileSync((engine as unknown as { options: { stateFile: string } }).options.stateFile, "utf8");
            expect(after).not.toContain(emulator.developerKey);
        });

        it("adoptExisting takes over a room with one PATCH instead of failing", async () => {
            await api("POST", "/rooms", { friendly_url: "legacy", description: "Old" });
            const engine = engineFor(emulator, "adopt");
            await clearLog();
            const result = await engine.up(async () => {
                new sdk.Room("legacy", { friendlyUrl: "legacy", description: "Managed now", adoptExisting: true });
            });
            expect(result.errors).toEqual([]);
            expect((await log()).routes).toEqual({ "GET /api/v1/rooms/:room": 1, "PATCH /api/v1/rooms/:room": 1 });
            expect(await roomCount()).toBe(1);
            expect((await api("GET", "/rooms/legacy")).body.description).toBe("Managed now");
        });
    });

    describe("adoption sends only what differs", () => {
        it("a room that already has every declared value is taken over with exactly one GET and no PATCH", async () => {
            await api("POST", "/rooms", { friendly_url: "legacy-same", description: "Same", max_participants: 40, max_broadcasters: 5, toolbar_color: "#abcdef", roles: ["moderator", "attendee"], default_role: "moderator", is_audio_only: false, session_length: 30 });
            const engine = engineFor(emulator, "adopt-same");
            await clearLog();
            const result = await engine.up(async () => {
                new sdk.Room("legacy", {
                    friendlyUrl: "legacy-same",
                    description: "Same",
                    maxParticipants: 40,
                    maxBroadcasters: 5,
                    toolbarColor: "#ABCDEF",
                    roles: ["moderator", "attendee"],
                    defaultRole: "moderator",
                    isAudioOnly: false,
                    sessionLength: 30,
                    adoptExisting: true,
                });
            });
            expect(result.errors).toEqual([]);
            // The documented record does not show session_length or is_audio_only: unknown, they are sent.
            expect((await log()).routes).toEqual(profile === "contract" ? { "GET /api/v1/rooms/:room": 1 } : { "GET /api/v1/rooms/:room": 1, "PATCH /api/v1/rooms/:room": 1 });
        });
    });

    describe("faults during an up of 50 rooms", () => {
        it("completes with exactly 50 rooms, and a second up is a no-op", async () => {
            const engine = engineFor(emulator, "faults");
            const program = async () => {
                for (let i = 0; i < 50; i++) new sdk.Room(`room-${i}`, { description: `Room number ${i}`, maxParticipants: 20 + i });
            };
            await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", status: 503, count: 3 });
            await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after", count: 3 });
            await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", status: 429, headers: { "retry-after": "1" }, count: 3 });
            await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/*", drop: "before", count: 2 });
            const up = await engine.up(program);
            expect(up.errors).toEqual([]);
            expect(up.steps.filter((s) => s.op === "create")).toHaveLength(50);
            expect(await roomCount()).toBe(50);
            await clearLog();
            const again = await engine.up(program);
            expect(again.steps.every((s) => s.op === "same")).toBe(true);
            expect(await writes()).toBe(0);
        });
    });
});
