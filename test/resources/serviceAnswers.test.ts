/**
 * Safe against the service's real answers, through the stand-in engine, against both answer profiles of
 * the emulator: the contract's, and the vendor's document's (records without most settings, tags and languages
 * among them).
 *
 * - Rule 1: a field absent from an answer is not a change; a create-only field absent never plans a replacement.
 * - languages on a room is create-only (the update body has no such field): a change is a replacement, never a PATCH.
 * - Rule 2: a setting a write's answer shows with another value than sent is named in a warning at that up, and the
 *   next preview shows it as a change (never a silent perpetual diff).
 */
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import type { AnswerProfile, RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";
import type { RoomArgs, TeamDefaultsArgs } from "../../sdk";

describe.each<AnswerProfile>(["contract", "documented"])("service answers (%s profile)", (profile) => {
    let emulator: RunningEmulator;
    useEmulator({ rateLimit: 0, profile }, { started: (started) => (emulator = started) });

    it("a tagged room: up, up again, refresh and preview show no change and no replacement; changing languages replaces", async () => {
        await control(emulator, "POST", "/reset");
        const engine = engineFor(emulator, `tagged-${profile}`);
        const args: RoomArgs = { friendlyUrl: "tagged-room", tags: ["team", "q3"], languages: ["en", "nl-NL"], maxParticipants: 30, videoTileLayoutMode: "bottom", captionsLanguage: "sv" };
        const defaultsArgs: TeamDefaultsArgs = { captionsLanguage: "tr", videoTileLayoutMode: "bottom", languages: ["en", "de-DE"] };
        const program = (roomArgs: RoomArgs | Record<string, unknown> = args) => async () => {
            new sdk.TeamDefaults("defaults", defaultsArgs);
            new sdk.Room("tagged", roomArgs as never);
        };
        const up = await engine.up(program());
        expect(up.errors).toEqual([]);
        expect(up.warnings).toEqual([]);
        const again = await engine.up(program());
        expect(again.steps.map((s) => s.op)).toEqual(["same", "same"]);
        const refresh = await engine.refresh();
        expect(refresh.steps.filter((s) => s.op !== "refresh-same")).toEqual([]);
        const preview = await engine.preview(program());
        expect(preview.steps.map((s) => s.op)).toEqual(["same", "same"]);

        await control(emulator, "DELETE", "/requests");
        const changed = await engine.preview(program({ ...args, languages: ["en"] }));
        const step = changed.steps.find((s) => s.name === "tagged")!;
        expect(step.op).toMatch(/replace/);
        const replaced = await engine.up(program({ ...args, languages: ["en"] }));
        expect(replaced.errors).toEqual([]);
        const log = await control(emulator, "GET", "/requests");
        expect(log.entries.filter((e: { method: string }) => e.method === "PATCH")).toEqual([]);
        await engine.destroy();
    });

    it("a setting the API did not apply is named in a warning at that up, and shows as a change at the next preview", async () => {
        await control(emulator, "POST", "/reset");
        const api = apiCaller(emulator);
        const engine = engineFor(emulator, `unapplied-${profile}`);
        const program = (maxParticipants: number) => async () => {
            new sdk.Room("held", { friendlyUrl: "held-room", maxParticipants, description: "Kept as is" });
        };
        expect((await engine.up(program(50))).errors).toEqual([]);
        // The service answers the PATCH with the room as it was: it took the request and changed nothing.
        const before = (await api("GET", "/rooms/held-room")).body;
        await control(emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/rooms/*", status: 200, body: before });
        const up = await engine.up(program(60));
        expect(up.errors).toEqual([]);
        expect(up.warnings.join("\n")).toContain('room "held" (friendly URL held-room): the API did not apply maxParticipants (sent 60, it answered 50)');
        const next = await engine.preview(program(60));
        expect(next.steps.find((s) => s.name === "held")?.op).toBe("update");
        await engine.destroy();
    });

    it("a setting the program gave as a secret that the API did not apply is named, and neither what was sent nor what the API answered is shown", async () => {
        await control(emulator, "POST", "/reset");
        const api = apiCaller(emulator);
        const engine = engineFor(emulator, `unapplied-secret-${profile}`);
        const program = (description: string, lobbyMessage: string) => async () => {
            const defaults = new sdk.TeamDefaults("defaults", { lobbyMessage: pulumi.secret(lobbyMessage) });
            new sdk.Room("held", { friendlyUrl: "held-secret-room", description: pulumi.secret(description) }, { dependsOn: defaults });
        };
        expect((await engine.up(program("cnryDescOne", "cnryLobbyOne"))).errors).toEqual([]);
        // The service answers each PATCH with another text than sent (as one that trims or truncates its input would).
        const room = (await api("GET", "/rooms/held-secret-room")).body as Record<string, unknown>;
        const defaults = (await api("GET", "/")).body as Record<string, unknown>;
        await control(emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/rooms/*", status: 200, body: { ...room, description: "cnryDescAnswered" } });
        await control(emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/", status: 200, body: { ...defaults, lobby_message: "cnryLobbyAnswered" } });
        const up = await engine.up(program("cnryDescTwo", "cnryLobbyTwo"));
        expect(up.errors).toEqual([]);
        const warnings = up.warnings.join("\n");
        expect(warnings).toContain("the API did not apply description (a secret)");
        // The vendor's documented answers carry no lobby_message (the emulator shapes the faults' answers too): nothing to compare there.
        if (profile === "contract") expect(warnings).toContain("the API did not apply lobbyMessage (a secret)");
        expect(warnings).not.toMatch(/cnry/);
        await engine.destroy();
    });
});
