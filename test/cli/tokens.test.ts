/**
 * JoinToken and the data functions through the real Pulumi CLI against the emulator: tokens verified with the
 * developer key, secret in exported state and stack outputs, rotated when the emulator's clock (moved, never slept
 * on) brings them within renewBefore, quiet when unchanged; every data function called from the program against
 * seeded data and checked field by field. A purge of exactly the kinds named, again only on a trigger change, is the
 * provider's logic, proven by the engine stand-in (test/resources/joinToken.test.ts, "RoomContentPurge"); that the real
 * engine replaces a purge whose purge changed, and the replacement purges again, is test/cli/roomContentPurge.test.ts's
 * (issue 42). An up whose plan nothing reads skips its own preview (the
 * previews that are claims run on their own), and no destroy cleans up: the emulator and folder are discarded.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { deepKeysToCamel } from "../../provider/model/names";
import { secretResultFields, type FunctionName } from "../../provider/functions";
import { verifyJoinToken } from "../../provider/api/joinToken";
import { control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { ROOT } from "../../harness/pulumiCli";
import { clearLog, cli, projectFor, requestLog, resourceOps, withoutDebugEvents } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/tokens.js");

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

async function project(config: Record<string, unknown>): Promise<PulumiProject> {
    const p = await projectFor(emulator, Object.fromEntries(Object.entries(config).map(([k, v]) => [`test:${k}`, typeof v === "string" ? v : JSON.stringify(v)])), { program: PROGRAM });
    projects.push(p);
    return p;
}
const tokenPosts = async () => (await requestLog(emulator)).entries.filter((e) => e.method === "POST" && e.path.endsWith("/token")).length;

describe.skipIf("skip" in cli)("the real Pulumi CLI: tokens, purges, data functions", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a room and its tokens: verifiable, secret, rotated within renewBefore by the API's clock, quiet when unchanged", async () => {
        const p = await project({
            room: "board-cli",
            tokens: [
                { name: "soon", args: { userName: "Ada", role: "moderator", expiresAt: 60, renewBefore: "30m" } },
                { name: "later", args: { userName: "Bob", expiresAt: 600, renewBefore: "30m" } },
            ],
        });
        const up = await p.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(resourceOps(up.steps)).toEqual(["create board", "create later", "create soon"]);

        // Stack outputs: token and link secret; the claims readable.
        const outputs = await p.outputs();
        expect(outputs).toMatchObject({ soonToken: "[secret]", soonLink: "[secret]", laterToken: "[secret]", laterLink: "[secret]" });
        const claimsOut = outputs.soonClaims as Record<string, string>;
        expect(claimsOut).toMatchObject({ teamId: emulator.teamId, roomId: outputs.roomId });

        // Exported state: token and link are ciphertext; no token text anywhere the CLI wrote or printed.
        const shown = JSON.parse((await p.must(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, string>;
        const token = shown.soonToken!;
        const exported = await p.exportDeployment();
        const soonState = exported.deployment.resources!.find((r) => String(r.urn).endsWith("::soon"))!;
        for (const key of ["token", "link"]) expect(JSON.stringify(soonState.outputs[key])).toContain("ciphertext");
        const everywhere = [await p.exportText(), withoutDebugEvents(up.stdout), up.stderr, p.writtenText()].join("\n");
        expect(everywhere).not.toContain(token);
        expect(everywhere).not.toContain(emulator.developerKey);

        // The token verifies with the developer key and carries td and rd; the link carries it.
        const claims = await verifyJoinToken(token, emulator.developerKey);
        expect(claims).toMatchObject({ td: emulator.teamId, rd: outputs.roomId, u: "Ada", role: "moderator" });
        expect(claims.exp).toBe(claims.iat! + 3600);
        expect(claimsOut.expiresAt).toBe(new Date(claims.exp! * 1000).toISOString());
        expect(shown.soonLink).toBe(`https://acme.digitalsamba.com/board-cli?token=${token}`);

        // Unchanged: nothing is issued.
        await clearLog(emulator);
        const again = await p.up(["--expect-no-changes"], { preview: false });
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(await tokenPosts()).toBe(0);

        // 31 minutes on by the API's clock: the preview shows the 60-minute token's replacement, the up makes it.
        await control(emulator, "POST", "/clock", { advanceSeconds: 31 * 60 });
        const preview = await p.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(resourceOps(preview.steps).filter((op) => !op.startsWith("same"))).toEqual(["replace soon"]);
        // Its diff shows expiresAt unchanged: a warning says why it is issued anew.
        expect(preview.diagnostics.map((d) => d.message).join("\n")).toMatch(/join token for "[^"]+" \(room [^)]+\): it expires at \S+ by the API's clock, within renewBefore \(30m\); an up issues it anew/);
        await clearLog(emulator);
        const rotate = await p.up([], { preview: false }); // the plan was just previewed
        expect(rotate.code, rotate.stdout + rotate.stderr).toBe(0);
        expect(resourceOps(rotate.steps).filter((op) => !op.startsWith("same"))).toEqual(["create-replacement soon", "delete-replaced soon", "replace soon"]);
        expect(await tokenPosts()).toBe(1);
        const rotated = JSON.parse((await p.must(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, string>;
        expect(rotated.soonToken).not.toBe(token);
        expect(rotated.laterToken).toBe(shown.laterToken);
        expect((await verifyJoinToken(rotated.soonToken!, emulator.developerKey)).rd).toBe(outputs.roomId);

        // Quiet again afterwards.
        await clearLog(emulator);
        expect((await p.up(["--expect-no-changes"], { preview: false })).code).toBe(0);
        expect(await tokenPosts()).toBe(0);
    });

    it("every data function from a program, against seeded data, field by field", async () => {
        // 130 rooms (two pages), a few tagged; content and usage in one of them.
        for (let i = 0; i < 130; i++) await api("POST", "/rooms", { friendly_url: `r-${String(i).padStart(3, "0")}`, ...(i % 50 === 0 ? { tags: ["q3"] } : {}) });
        const room = (await api("GET", "/rooms/r-007")).body;
        const session = "5b1c8a52-0f3e-4a8e-9d55-2c1f0e7a9b31";
        await control(emulator, "POST", "/rooms/r-007/content", { chat: [{ message: "hello" }, { message: "in session", session_id: session }], transcripts: [{ transcript: "Guten Tag", session_id: session }, { transcript: "other" }] });
        const subscription = (await api("GET", "/")).body;
        const inPeriod = String(subscription.subscription_start).slice(0, 10);
        await control(emulator, "POST", "/usage", { room: "r-007", date: "2025-01-10", metrics: { participation_minutes: 30, sessions: 2, questions: 5 } });
        await control(emulator, "POST", "/usage", { room: "r-007", date: "2025-02-10", metrics: { participation_minutes: 1000 } });
        await control(emulator, "POST", "/usage", { room: "r-007", date: inPeriod, metrics: { participation_minutes: 7 } });
        await control(emulator, "POST", "/usage", { date: "2025-01-11", metrics: { rooms: 3, participation_minutes: 4 } });
        const args = { room: "r-007", sessionId: session, dateStart: "2025-01-01", dateEnd: "2025-01-31", metrics: ["participation_minutes", "sessions"], teamMetrics: ["participation_minutes", "rooms"], tags: ["q3"] };
        const p = await project({ functions: args });
        await clearLog(emulator);
        // Skip the preview: the program (and so every function) runs once, for the request-log checks.
        const up = await p.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const afterUp = await requestLog(emulator);
        const out = await p.outputs();
        const camel = (v: unknown) => JSON.parse(JSON.stringify(deepKeysToCamel(v)));

        // The secret settings are secret, whatever they hold (test/functions/secretResults.test.ts): their list is the
        // functions' own.
        const masked = (fn: FunctionName, record: Record<string, unknown>) => ({ ...record, ...Object.fromEntries(secretResultFields(fn).filter((k) => k in record).map((k) => [k, "[secret]"])) });
        expect(out.getTeamDefaults).toEqual(masked("getTeamDefaults", camel((await api("GET", "/")).body)));
        expect(out.getRoom).toEqual(masked("getRoom", camel(room)));
        expect(secretResultFields("getRoom")).toEqual(expect.arrayContaining(["restreamKey", "telephonyPinDtmf"]));
        const rooms = out.getRooms as { rooms: Array<{ friendlyUrl: string }> };
        expect(rooms.rooms).toHaveLength(130);
        expect(new Set(rooms.rooms.map((r) => r.friendlyUrl)).size).toBe(130);
        const page1 = (await api("GET", "/rooms?limit=100")).body.data;
        const page2 = (await api("GET", "/rooms?limit=100&offset=100")).body.data;
        expect(rooms.rooms).toEqual(camel([...page1, ...page2]));
        expect((out.getRoomsTagged as { rooms: Array<{ friendlyUrl: string }> }).rooms.map((r) => r.friendlyUrl)).toEqual(["r-100", "r-050", "r-000"]);
        expect(out.getRoles).toEqual({ roles: camel((await api("GET", "/roles")).body.data) });
        expect(out.getRole).toEqual(camel((await api("GET", "/roles/moderator")).body));
        expect(out.getRoomStatistics).toEqual({ ...camel((await api("GET", "/rooms/r-007/statistics?date_start=2025-01-01&date_end=2025-01-31&metrics=participation_minutes,sessions")).body) });
        expect(out.getRoomStatistics).toMatchObject({ roomId: room.id, roomFriendlyUrl: "r-007", participationMinutes: 30, sessions: 2, dateStart: "2025-01-01", dateEnd: "2025-01-31" });
        expect(out.getRoomStatistics).not.toHaveProperty("questions");
        expect(out.getRoomStatisticsDefault).toMatchObject({ participationMinutes: 7, dateStart: inPeriod, dateEnd: String(subscription.subscription_end).slice(0, 10) });
        expect(out.getTeamStatistics).toEqual({ teamId: emulator.teamId, participationMinutes: 34, rooms: 3, dateStart: "2025-01-01", dateEnd: "2025-01-31" });
        expect(out.getTeamStatisticsDefault).toEqual(camel((await api("GET", "/statistics")).body));
        expect(out.getRoomChat).toEqual({ messages: camel((await api("GET", "/rooms/r-007/chat")).body.data) });
        expect((out.getRoomChat as { messages: unknown[] }).messages).toHaveLength(2);
        expect(out.getRoomChatSession).toEqual({ messages: camel((await api("GET", `/rooms/r-007/chat?session_id=${session}`)).body.data) });
        expect((out.getRoomChatSession as { messages: Array<{ message: string }> }).messages.map((m) => m.message)).toEqual(["in session"]);
        expect(out.getRoomTranscripts).toEqual({ transcripts: camel((await api("GET", `/rooms/r-007/transcripts?session_id=${session}`)).body.data) });
        expect((out.getRoomTranscripts as { transcripts: Array<{ transcript: string }> }).transcripts.map((t) => t.transcript)).toEqual(["Guten Tag"]);
        const exported = out.exportRoomTranscripts as { content: string };
        expect(JSON.parse(exported.content)).toMatchObject({ room_id: room.id, lang: "de", locale: "de" });

        // getRooms read each page once, by `after`: the untagged listing asked the first page, then the rooms after
        // the first page's last one, and nothing twice.
        const listings = afterUp.entries.filter((e) => e.method === "GET" && e.path === "/api/v1/rooms") as Array<{ query?: string }>;
        const untagged = listings.map((e) => new URLSearchParams(e.query ?? "")).filter((q) => !q.has("tag[]"));
        expect(untagged.map((q) => [q.get("after"), q.get("offset")])).toEqual([[null, null], [page1[page1.length - 1].id, null]]);
        expect(listings.length - untagged.length).toBe(1);
    });
});
