/**
 * JoinToken and RoomContentPurge through the engine stand-in against the emulator: a room and its tokens,
 * verified with the developer key; token and link secret in state and outputs; rotation by the emulator's
 * clock (moved, never slept on); an unchanged program issues nothing; a purge that empties exactly the kinds
 * named and runs again only when its triggers change.
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { isSecretWire } from "../../harness/engine";
import { control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";
import { RoomsClient, resolveClientConfig } from "../../provider/api";
import { JoinTokenProvider } from "../../provider/resources/joinToken";
import { WARNINGS } from "../../provider/resources/warnings";

let emulator: RunningEmulator;

const log = async () => (await control(emulator, "GET", "/requests")) as { routes: Record<string, number>; entries: Array<{ method: string; path: string }> };
const clearLog = () => control(emulator, "DELETE", "/requests");
const tokensIssued = async () => (await log()).routes["POST /api/v1/rooms/:room/token"] ?? 0;
const ops = (r: { steps: Array<{ op: string; name: string }> }) => r.steps.map((s) => `${s.op} ${s.name}`).sort();
const UUID = /^[0-9a-f-]{36}$/;

const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, started: (started) => (emulator = started) });

describe("JoinToken", () => {
    it("issues a verifiable token, keeps it secret, rotates it by the API's clock, and re-issues nothing unchanged", async () => {
        const engine = engineFor(emulator, "tokens");
        const program = async () => {
            const room = new sdk.Room("board", { friendlyUrl: "board-tokens", privacy: "private" });
            // 60 minutes, renewed in its last 30: due after 31 minutes. 600 minutes: not due then.
            const soon = new sdk.JoinToken("soon", { room: room.id, userName: "Ada", userId: "ada-1", role: "moderator", expiresAt: 60, renewBefore: "30m" });
            const later = new sdk.JoinToken("later", { room: room.id, userName: "Bob", expiresAt: 600, renewBefore: "30m" });
            const never = new sdk.JoinToken("never", { room: room.id });
            return { soonToken: soon.token, soonLink: soon.link, soonExpires: soon.expiresAt, laterToken: later.token, roomId: room.id, teamId: soon.teamId };
        };
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        expect(ops(up)).toEqual(["create board", "create later", "create never", "create soon"]);
        // (Stack outputs as "[secret]" need the real engine: the stand-in's mock monitor unwraps them; see test/cli/tokens.test.ts.)
        expect(up.outputs).toMatchObject({ teamId: emulator.teamId });

        // The token verifies with the developer key and carries td and rd.
        const state = engine.resources();
        const soon = Object.values(state).find((r) => r.outputs.userName === "Ada")!;
        expect(isSecretWire(soon.outputs.token)).toBe(true);
        expect(isSecretWire(soon.outputs.link)).toBe(true);
        const token = (soon.outputs.token as { value: string }).value;
        const claims = await sdk.verifyJoinToken(token, emulator.developerKey);
        expect(claims).toMatchObject({ td: emulator.teamId, rd: up.outputs.roomId, u: "Ada", ud: "ada-1", role: "moderator" });
        expect((soon.outputs.link as { value: string }).value).toBe(`https://acme.digitalsamba.com/board-tokens?token=${token}`);
        // The relative expiry was fixed at issue: 60 minutes after iat, by the API's clock.
        expect(claims.exp).toBe(claims.iat! + 3600);
        expect(soon.outputs).toMatchObject({ teamId: emulator.teamId, roomId: up.outputs.roomId, issuedAt: new Date(claims.iat! * 1000).toISOString(), expiresAt: new Date(claims.exp! * 1000).toISOString() });
        expect(soon.outputs.notBefore).toBeUndefined();

        // Neither the token nor the key is in the state file as text.
        const text = fs.readFileSync((engine as unknown as { options: { stateFile: string } }).options.stateFile, "utf8");
        expect(text).not.toContain(token);
        expect(text).not.toContain(emulator.developerKey);

        // Unchanged: nothing is issued.
        await clearLog();
        const again = await engine.up(program);
        expect(ops(again)).toEqual(["same board", "same later", "same never", "same soon"]);
        expect(await tokensIssued()).toBe(0);

        // 29 minutes on: still outside the renewal window.
        await control(emulator, "POST", "/clock", { advanceSeconds: 29 * 60 });
        expect(ops(await engine.preview(program))).toEqual(["same board", "same later", "same never", "same soon"]);

        // 31 minutes on: the 60-minute token is within 30 minutes of expiry; the preview shows its replacement.
        await control(emulator, "POST", "/clock", { advanceSeconds: 2 * 60 });
        const plan = await engine.preview(program);
        expect(ops(plan)).toEqual(["replace soon", "same board", "same later", "same never"]);
        expect(plan.steps.find((s) => s.name === "soon")).toMatchObject({ replaceKeys: ["expiresAt"] });
        // expiresAt shows unchanged (60 => 60): the warning says why the token is issued anew.
        expect(plan.warnings).toEqual([`warning: join token for "Ada" (room ${up.outputs.roomId as string}): it expires at ${soon.outputs.expiresAt as string} by the API's clock, within renewBefore (30m); an up issues it anew`]);
        await clearLog();
        const rotate = await engine.up(program);
        expect(rotate.errors).toEqual([]);
        expect(rotate.steps.filter((s) => s.name === "soon").map((s) => s.op)).toContain("replace");
        expect(await tokensIssued()).toBe(1);
        const rotated = Object.values(engine.resources()).find((r) => r.outputs.userName === "Ada")!;
        const newToken = (rotated.outputs.token as { value: string }).value;
        expect(newToken).not.toBe(token);
        const newClaims = await sdk.verifyJoinToken(newToken, emulator.developerKey);
        expect(newClaims.exp! - claims.exp!).toBeGreaterThanOrEqual(31 * 60);

        // And after rotation, an unchanged program is quiet again.
        await clearLog();
        expect(ops(await engine.up(program))).toEqual(["same board", "same later", "same never", "same soon"]);
        expect(await tokensIssued()).toBe(0);

        // An input change replaces the token.
        const renamed = async () => {
            const room = new sdk.Room("board", { friendlyUrl: "board-tokens", privacy: "private" });
            new sdk.JoinToken("soon", { room: room.id, userName: "Ada Lovelace", userId: "ada-1", role: "moderator", expiresAt: 60, renewBefore: "30m" });
        };
        const change = await engine.preview(renamed);
        expect(change.steps.find((s) => s.name === "soon")).toMatchObject({ op: "replace", replaceKeys: ["userName"] });
        const destroyed = await engine.destroy();
        expect(destroyed.errors).toEqual([]);
    });

    it("never renews a token with an absolute expiry within renewBefore: issued anew it would expire at the same time, so every up would replace it", async () => {
        const engine = engineFor(emulator, "fixed-expiry");
        // 100 minutes from now by this machine's clock, renewed in its last 60: check accepts it (40 minutes are left
        // outside the window).
        const expiresAt = new Date(Date.now() + 100 * 60_000).toISOString().slice(0, 19).replace("T", " ");
        const program = async () => {
            const room = new sdk.Room("board", { friendlyUrl: "board-fixed-expiry" });
            new sdk.JoinToken("fixed", { room: room.id, userName: "Abs", expiresAt, renewBefore: "60m" });
        };
        expect((await engine.up(program)).errors).toEqual([]);
        // The API's clock 62 minutes ahead of this machine's: the token is within renewBefore of its expiry by it.
        await control(emulator, "POST", "/clock", { advanceSeconds: 62 * 60 });
        await clearLog();
        const preview = await engine.preview(program);
        expect(ops(preview)).toEqual(["same board", "same fixed"]);
        expect((await engine.up(program)).steps.map((s) => s.op)).toEqual(["same", "same"]);
        expect(await tokensIssued()).toBe(0);
        await engine.destroy();
    });

    it("a new domain in TeamDefaults updates the roomUrl of the Room that depends on it and re-issues its token, in the same up, writing nothing to the room", async () => {
        const engine = engineFor(emulator, "domain");
        const program = (domain: string) => async () => {
            const defaults = new sdk.TeamDefaults("defaults", { domain });
            const room = new sdk.Room("board", { friendlyUrl: "board-domain", privacy: "private" }, { dependsOn: [defaults] });
            new sdk.JoinToken("guest", { room: room.id, userName: "Guest" });
            return { roomUrl: room.roomUrl };
        };
        const up = await engine.up(program("acme"));
        expect(up.errors).toEqual([]);
        expect(up.outputs.roomUrl).toBe("https://acme.digitalsamba.com/board-domain");

        await clearLog();
        const moved = await engine.up(program("acmetwo"));
        expect(moved.errors).toEqual([]);
        expect(ops(moved)).toEqual(["replace guest", "update board", "update defaults"]);
        // The address the service gives the room now, read (the room itself is not written).
        const live = (await api("GET", "/rooms/board-domain")).body.room_url;
        expect(live).toBe("https://acmetwo.digitalsamba.com/board-domain");
        expect(moved.outputs.roomUrl).toBe(live);
        expect(Object.values(engine.resources()).find((r) => r.outputs.friendlyUrl === "board-domain")?.outputs.roomUrl).toBe(live);
        expect((await log()).entries.filter((e) => e.method !== "GET" && e.path.includes("/rooms/board-domain"))).toEqual([]);

        // Nothing changed since: quiet.
        expect(ops(await engine.up(program("acmetwo")))).toEqual(["same board", "same defaults", "same guest"]);
        expect((await engine.destroy()).errors).toEqual([]);
    });

    it("a token whose room expired (the Room kept as expired) is kept with a warning naming the room's expiry, never planned for re-issue; a later expiresAt issues it for the new room; a room the API does not know is named at issue", async () => {
        const engine = engineFor(emulator, "expired-room");
        // Times by the API's clock (earlier tests moved it, and a reset keeps it): an hour ahead of it.
        const apiNow = async () => Date.parse(((await control(emulator, "GET", "/clock")) as { now: string }).now);
        const apiTime = (ms: number) => new Date(Math.ceil(ms / 1000) * 1000).toISOString().slice(0, 19).replace("T", " ");
        let expiresAt = apiTime((await apiNow()) + 3600_000);
        const program = async () => {
            const room = new sdk.Room("exp", { friendlyUrl: "exp-token", expiresAt });
            // 60 minutes, renewed in its last 30: by the time the room has expired, the token is due too.
            new sdk.JoinToken("etok", { room: room.id, userName: "E", expiresAt: 60, renewBefore: "30m" });
        };
        expect((await engine.up(program)).errors).toEqual([]);
        const first = (await api("GET", "/rooms/exp-token")).body.id as string;
        // Two hours on by the API's clock: it deleted the room at its expiresAt (this machine's clock is behind).
        await control(emulator, "POST", "/clock", { advanceSeconds: 2 * 3600 });
        expect((await api("GET", "/rooms/exp-token")).status).toBe(404);

        // `up --refresh`: its preview and its update plan nothing (they planned the token's re-issue, which failed on a 404).
        await clearLog();
        const up = await engine.up(program, { refresh: true });
        expect(up.errors).toEqual([]);
        expect(ops(up).filter((op) => !op.startsWith("refresh"))).toEqual(["same etok", "same exp"]);
        expect(up.warnings).toEqual([`warning: ${WARNINGS.tokenRoomExpired(`join token for "E" (room ${first})`, first, expiresAt)}`]);
        const kept = Object.values(engine.resources());
        expect(kept.find((r) => r.outputs.friendlyUrl === "exp-token")?.outputs.expired).toBe(true);
        expect(kept.find((r) => r.outputs.userName === "E")?.outputs.roomExpired).toBe(true);
        // Quiet without a refresh too (the token is due by its own expiry as well), and nothing was issued.
        expect(ops(await engine.preview(program))).toEqual(["same etok", "same exp"]);
        expect(await tokensIssued()).toBe(0);

        // A later expiresAt: a new room, and the token issued for it.
        expiresAt = apiTime((await apiNow()) + 3600_000);
        const renewed = await engine.up(program, { refresh: true });
        expect(renewed.errors).toEqual([]);
        expect(renewed.steps.find((s) => s.name === "etok" && !s.op.startsWith("refresh"))).toMatchObject({ op: "replace", replaceKeys: ["room"] });
        expect(await tokensIssued()).toBe(1);
        const second = (await api("GET", "/rooms/exp-token")).body.id as string;
        expect(Object.values(engine.resources()).find((r) => r.outputs.userName === "E")?.outputs).toMatchObject({ roomId: second, roomExpiresAt: expiresAt });

        // A room the API does not know (an up that issues a token for the expired room): the issue names it, in words,
        // and issues nothing. The provider called alone: the engine adds nothing to a create's error.
        const unknown = "0b7e4f0e-2d7c-4c55-9f3a-6b1f2a3c4d5e";
        await clearLog();
        const tokens = new JoinTokenProvider(() => new RoomsClient(resolveClientConfig({ apiUrl: emulator.baseUrl, developerKey: emulator.developerKey }, {})));
        await expect(tokens.create({ room: unknown, userName: "L" })).rejects.toThrow(`Unable to issue join token for "L" (room ${unknown}): the room ${unknown} does not exist (the API answered 404`);
        expect(await tokensIssued()).toBe(0);
    });

    it("refuses bad inputs in check, naming input, rule and value", async () => {
        const engine = engineFor(emulator, "bad-token");
        await clearLog();
        const result = await engine.preview(async () => {
            new sdk.JoinToken("bad", { room: "r", expiresAt: 30, renewBefore: "1h", avatar: "ftp://x", breakoutId: "nope", notBefore: "2025-01-01T10:00:00" });
        });
        expect(result.failed).toBe(true);
        const text = result.errors.join("\n");
        expect(text).toContain('renewBefore must be shorter than the token\'s lifetime (expiresAt 30 minutes), or every run would issue a new token; got "1h"');
        expect(text).toContain('avatar must be an http(s) URL; got "ftp://x"');
        expect(text).toContain('breakoutId must be a UUID; got "nope"');
        expect(text).toMatch(/notBefore must be Unix seconds or a date-time .*; got "2025-01-01T10:00:00"/);
        expect((await log()).entries).toHaveLength(0);
    });
});

describe("signJoinToken and verifyJoinToken", () => {
    it("sign and verify with HS256; td and rd required; clear errors that quote no token", async () => {
        const key = "a-developer-key-for-signing-0123456789";
        const claims = { td: "0d6e3c51-7f1e-4a43-9b1e-2a5c8f0e4b11", rd: "7b0e2a3c-1d4f-4e5a-8b6c-9d0e1f2a3b4c", u: "Ada", exp: Math.floor(Date.now() / 1000) + 600 };
        const token = await sdk.signJoinToken(claims, key);
        expect(await sdk.verifyJoinToken(token, key)).toMatchObject(claims);
        await expect(sdk.verifyJoinToken(token, "another-key-entirely-0123456789")).rejects.toThrow("Unable to verify a join token: the signature does not match this developer key");
        await expect(sdk.signJoinToken({ rd: claims.rd } as never, key)).rejects.toThrow("Unable to sign a join token: td is required (the team UUID) but missing");
        await expect(sdk.signJoinToken({ td: "team", rd: claims.rd }, key)).rejects.toThrow('td must be a UUID; got "team"');
        const noRoom = await sdk.signJoinToken({ td: claims.td, rd: claims.rd }, key).then(() => undefined);
        expect(noRoom).toBeUndefined();
        // A token signed without rd (built by hand) is refused on verify, naming the claim.
        const { SignJWT } = await import("jose");
        const partial = await new SignJWT({ td: claims.td }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(key));
        await expect(sdk.verifyJoinToken(partial, key)).rejects.toThrow("rd is required (the room UUID) but missing");
        const expired = await sdk.signJoinToken({ ...claims, exp: 1_000_000_000 }, key);
        const failure = await sdk.verifyJoinToken(expired, key).catch((e: Error) => e.message);
        expect(failure).toBe("Unable to verify a join token: it has expired (exp is past)");
        expect(failure).not.toContain(expired);
        await expect(sdk.verifyJoinToken("not-a-token", key)).rejects.toThrow("it is not a JWT");
    });
});

describe("RoomContentPurge", () => {
    const seed = { chat: [{ message: "hi" }, { message: "there" }], transcripts: [{ transcript: "hello" }], questions: 1, summaries: 1, polls: 1, quizzes: 1, recordings: 1 };
    const counts = async (room: string) => control(emulator, "GET", `/rooms/${room}/content`);

    it("empties exactly the kinds named, leaves the others, and runs again only when triggers change", async () => {
        const purgedId = (await api("POST", "/rooms", { friendly_url: "purged" })).body.id as string;
        await api("POST", "/rooms", { friendly_url: "all-gone" });
        await control(emulator, "POST", "/rooms/purged/content", seed);
        await control(emulator, "POST", "/rooms/all-gone/content", seed);
        const engine = engineFor(emulator, "purge");
        const program = (trigger: string) => async () => {
            const some = new sdk.RoomContentPurge("some", { room: "purged", kinds: ["chat", "recordings"], triggers: [trigger] });
            const all = new sdk.RoomContentPurge("all", { room: "all-gone" });
            return { some: some.purged, all: all.purged };
        };

        // The preview lists what would be deleted, and deletes nothing.
        await clearLog();
        const plan = await engine.preview(program("v1"));
        expect(ops(plan)).toEqual(["create all", "create some"]);
        expect((await log()).entries).toHaveLength(0);
        expect(await counts("purged")).toMatchObject({ chat: 2, recordings: 1 });

        const up = await engine.up(program("v1"));
        expect(up.errors).toEqual([]);
        const planned = Object.values(engine.resources()).map((r) => r.inputs.deletes);
        expect(planned).toEqual(expect.arrayContaining([["chat", "recordings"], ["chat", "questions", "summaries", "transcripts", "polls", "quizzes", "recordings"]]));
        expect(up.outputs).toEqual({ some: ["chat", "recordings"], all: ["chat", "questions", "summaries", "transcripts", "polls", "quizzes", "recordings"] });
        expect(await counts("purged")).toEqual({ chat: 0, questions: 1, summaries: 1, transcripts: 1, polls: 1, quizzes: 1, recordings: 0 });
        expect(await counts("all-gone")).toEqual({ chat: 0, questions: 0, summaries: 0, transcripts: 0, polls: 0, quizzes: 0, recordings: 0 });

        // New content, same program: nothing runs.
        await control(emulator, "POST", "/rooms/purged/content", { chat: [{ message: "again" }] });
        await clearLog();
        expect(ops(await engine.up(program("v1")))).toEqual(["same all", "same some"]);
        expect((await log()).entries.filter((e) => e.method === "DELETE")).toHaveLength(0);
        expect((await counts("purged")).chat).toBe(1);

        // A trigger change runs that purge again, and only that one.
        await clearLog();
        const rerun = await engine.up(program("v2"));
        expect(rerun.steps.filter((s) => s.op !== "same").map((s) => s.name)).toEqual(expect.arrayContaining(["some"]));
        expect(rerun.steps.filter((s) => s.name === "all").map((s) => s.op)).toEqual(["same"]);
        expect((await log()).entries.filter((e) => e.method === "DELETE").map((e) => e.path).sort()).toEqual([`/api/v1/rooms/${purgedId}/chat`, `/api/v1/rooms/${purgedId}/recordings`]);
        expect(await counts("purged")).toMatchObject({ chat: 0, questions: 1 });

        // Destroy deletes nothing more.
        await clearLog();
        expect((await engine.destroy()).errors).toEqual([]);
        expect((await log()).entries).toHaveLength(0);
    });

    it("refuses unknown kinds before any request", async () => {
        const engine = engineFor(emulator, "bad-purge");
        await clearLog();
        const result = await engine.preview(async () => {
            new sdk.RoomContentPurge("bad", { room: "x", kinds: ["chat", "emails" as never] });
        });
        expect(result.errors.join("\n")).toContain('kinds may hold only chat, questions, summaries, transcripts, polls, quizzes, recordings (not "emails"); got ["chat","emails"]');
        expect((await log()).entries).toHaveLength(0);
    });
});
