/**
 * Every data function returns, against both answer profiles of the emulator: the contract's, and the shape of the
 * vendor's published document (team statistics without team_id, other role permissions, the rooms list's total_count
 * as a string, a text/plain transcript export). Functions parse what they need and keep the rest.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AnswerProfile, RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import { sdk } from "../support/pulumi";

describe.each<AnswerProfile>(["contract", "documented"])("every data function (%s profile)", (profile) => {
    let emulator: RunningEmulator;
    let connection: { apiUrl: string; developerKey: string };
    // The functions run on the process's runtime (provider/index.ts), with its own budgets and pools.
    useEmulator({ rateLimit: 0, profile }, { started: (started) => (emulator = started) });
    beforeAll(async () => {
        connection = { apiUrl: emulator.baseUrl, developerKey: emulator.developerKey };
        const api = apiCaller(emulator);
        await api("POST", "/rooms", { friendly_url: "fn-room", tags: ["fn"] });
        await control(emulator, "POST", "/rooms/fn-room/content", { chat: [{}, {}], transcripts: [{}] });
        await control(emulator, "POST", "/usage", { date: "2026-03-02", room: "fn-room", metrics: { participation_minutes: 7, polls: 2 } });
    });

    it("getTeamDefaults, getRoom, getRooms (every page, total_count however typed), getRoles, getRole", async () => {
        expect((await sdk.getTeamDefaults({ connection })).domain).toBe("acme");
        expect((await sdk.getRoom({ room: "fn-room", connection })).friendlyUrl).toBe("fn-room");
        expect((await sdk.getRooms({ tags: ["fn"], connection })).rooms.map((r) => r.friendlyUrl)).toEqual(["fn-room"]);
        expect((await sdk.getRoles({ connection })).roles.map((r) => r.name).sort()).toEqual(["attendee", "moderator", "speaker"]);
        const role = await sdk.getRole({ role: "moderator", connection });
        expect(role.name).toBe("moderator");
        expect(role.permissions.remoteMuting).toBeDefined();
        expect(role.permissions.manageRoles).toBeDefined();
    });

    it("getRoomStatistics and getTeamStatistics, with the metrics the service documents beyond the contract", async () => {
        const period = { dateStart: "2026-03-01", dateEnd: "2026-03-31" };
        const room = await sdk.getRoomStatistics({ room: "fn-room", ...period, metrics: ["participation_minutes", "polls", "transcription_minutes", "captions_minutes", "summaries"], connection });
        expect(room).toMatchObject({ participationMinutes: 7, polls: 2, transcriptionMinutes: 0, dateStart: "2026-03-01", dateEnd: "2026-03-31" });
        const team = await sdk.getTeamStatistics({ ...period, metrics: ["participation_minutes", "polls", "summaries"], connection });
        expect(team).toMatchObject({ participationMinutes: 7, polls: 2, summaries: 0, dateStart: "2026-03-01", dateEnd: "2026-03-31" });
        if (profile === "documented") expect(team.teamId).toBeUndefined();
        else expect(team.teamId).toBe(emulator.teamId);
        const current = await sdk.getTeamStatistics({ connection });
        expect(current.dateStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it("getRoomChat, getRoomTranscripts, exportRoomTranscripts (text and JSON)", async () => {
        expect((await sdk.getRoomChat({ room: "fn-room", connection })).messages).toHaveLength(2);
        expect((await sdk.getRoomTranscripts({ room: "fn-room", connection })).transcripts).toHaveLength(1);
        expect((await sdk.exportRoomTranscripts({ room: "fn-room", connection })).content).toContain("fn-room");
        expect(JSON.parse((await sdk.exportRoomTranscripts({ room: "fn-room", format: "json", connection })).content).transcripts).toHaveLength(1);
    });
});
