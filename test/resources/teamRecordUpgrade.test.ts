/**
 * A state written before the team record (0.1.0: no `__team`), for every kind of the declarations, as the runtime
 * builds them for both faces, with two emulators as two teams. Made in team A, its provider then pointed at team B
 * before the record was ever written: a Room or TeamDefaults is never dropped by a read (a refresh), never takes team
 * B's defaults, and its diff, update and delete send no write to team B; each is refused naming the resource, that
 * its state predates the record, and the ways out. A join token or purge stays in the stack. Pointed back, a read
 * records team A with no change shown, and the recorded resource is then judged as any other.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { declarations, type Kind } from "../../provider/declarations";
import type { Values } from "../../provider/declarations/declaration";
import type { Context } from "../../provider/resources/kind";
import { teamOf } from "../../provider/resources/claims";
import { TEAM_RECORD } from "../../provider/resources/teamRecord";
import { ctxOf, KINDS, roomsOf, useTwoTeams } from "../support/twoTeams";
import { apiCaller, control } from "../support/http";

const teams = useTwoTeams();
const runtimeOf = (team: RunningEmulator, apiUrl?: string) => teams.runtimeOf(team, "stack", apiUrl);

/** Each kind's least inputs; a Record over the kinds, so a new kind must be given here. */
const INPUTS: Record<Kind, (roomId: string) => Values> = {
    room: () => ({ friendlyUrl: "old-room", description: "made by 0.1.0" }),
    teamDefaults: () => ({ paletteMode: "dark", lobbyMessage: "team A's lobby" }),
    joinToken: (roomId) => ({ room: roomId, userName: "Guest" }),
    roomContentPurge: (roomId) => ({ room: roomId, kinds: ["chat"] }),
};
/** The state a 0.1.0 provider wrote: the outputs without the record. */
const asWrittenBy010 = (outs: Values): Values => {
    const { [TEAM_RECORD]: _, ...stored } = outs;
    return stored;
};

/** The requests a team was sent that change something (every method but GET). */
const writesTo = async (team: RunningEmulator) => Object.entries((await control(team, "GET", "/requests")).counts as Record<string, number>).filter(([call]) => !call.startsWith("GET "));
const failureOf = (call: Promise<unknown>) => call.then(() => "(no failure)", (error: unknown) => (error as Error).message);

describe("a state written before the team record, its provider pointed at another team", () => {
    it("every kind: a Room or TeamDefaults is refused at read, diff, update and delete naming it and the ways out, never dropped nor written in the other team; pointed back, a read records the team with no change", async () => {
        const a = runtimeOf(teams.teamA);
        const b = runtimeOf(teams.teamB);
        const host = await a.kinds.room.create((await a.kinds.room.check({}, { friendlyUrl: "host-room" }, ctxOf("room"))).inputs, ctxOf("room"));
        const defaultsOfB = (await apiCaller(teams.teamB)("GET", "/")).body;
        await control(teams.teamB, "DELETE", "/requests");
        for (const kind of KINDS) {
            const ctx = ctxOf(kind);
            const checked = await a.kinds[kind].check({}, INPUTS[kind](host.id), ctx);
            expect(checked.failures, kind).toEqual([]);
            const created = await a.kinds[kind].create(checked.inputs, ctx);
            const stored = asWrittenBy010(created.outs);
            const inputs = checked.inputs;

            if (declarations[kind].deleteSendsNothing) {
                // Nothing of it is in the team to lose: kept in the stack by a read, replaced on a move as before.
                expect((await b.kinds[kind].read(created.id, stored, ctx)).id, kind).toBe(created.id);
            } else {
                const refusal = (text: string) => {
                    expect(text, kind).toContain(`${declarations[kind].type} "${kind}-r" is not in the team at ${JSON.stringify(teams.teamB.baseUrl)}`);
                    expect(text, kind).toContain("its state predates the record of the team that made it");
                    expect(text, kind).toContain("point it back at the team that made the resource and run `pulumi refresh --run-program` once");
                    expect(text, kind).toContain(`pulumi state delete '${ctx.resourceUrn}'`);
                    expect(text, kind).not.toContain(teams.teamB.developerKey);
                };
                // The refresh: refused, not dropped (an empty id) and not read from team B.
                refusal(await failureOf(b.kinds[kind].read(created.id, stored, ctx)));
                refusal(await failureOf(b.kinds[kind].diff(created.id, stored, inputs, ctx)));
                refusal(await failureOf(b.kinds[kind].update!(created.id, stored, { ...inputs, description: "changed" }, ctx)));
                refusal(await failureOf(b.kinds[kind].delete(created.id, stored, ctx)));
                expect(await writesTo(teams.teamB), `${kind}: nothing written to team B`).toEqual([]);

                // Pointed back: the read records team A, and the refresh's diff (the read's outputs against the stored inputs) shows nothing.
                const read = await a.kinds[kind].read(created.id, stored, ctx);
                expect(read.id, kind).toBe(created.id);
                expect(read.props[TEAM_RECORD], kind).toBe(teamOf({ config: { apiUrl: teams.teamA.baseUrl } }));
                expect((await a.kinds[kind].diff(created.id, read.props, inputs, ctx)).changes, `${kind}: the refresh shows no change`).toBe(false);
                // Recorded, it is judged as any resource made by this version: a move is refused naming the team reached now.
                expect(await failureOf(b.kinds[kind].diff(created.id, read.props, inputs, ctx)), kind).toContain(`was made in another team (its API URL is kept as a secret`);
            }
            await a.kinds[kind].delete(created.id, created.outs, ctx);
        }
        expect((await apiCaller(teams.teamB)("GET", "/")).body, "team B's defaults as they were").toEqual(defaultsOfB);
        expect(await roomsOf(teams.teamA)).toEqual([host.id]);
        expect(await roomsOf(teams.teamB)).toEqual([]);
    });

    it("a state without the record lists no secret inputs, so no text input it holds is shown: a join token's secret user name stays out of the warning that its key no longer verifies", async () => {
        const a = runtimeOf(teams.teamA);
        const b = runtimeOf(teams.teamB);
        const host = await a.kinds.room.create((await a.kinds.room.check({}, { friendlyUrl: "host-room" }, ctxOf("room"))).inputs, ctxOf("room"));
        const warnings: string[] = [];
        const ctx: Context = { ...ctxOf("joinToken"), warn: (message) => void warnings.push(message) };
        const checked = await a.kinds.joinToken.check({}, { room: host.id, userName: "cnryUpgradeUser" }, ctx);
        const created = await a.kinds.joinToken.create(checked.inputs, ctx);
        // Read with team B's key, which does not verify the token: the stale warning names the token.
        await b.kinds.joinToken.read(created.id, asWrittenBy010(created.outs), ctx);
        expect(warnings.join("\n")).toContain("does not verify with the developer key");
        expect(warnings.join("\n")).not.toContain("cnryUpgradeUser");
        // A state written by this version lists what was given as a secret; a plain user name is shown as before (here
        // recorded as team B's, whose key does not verify it either).
        warnings.length = 0;
        await b.kinds.joinToken.read(created.id, { ...created.outs, [TEAM_RECORD]: teamOf({ config: { apiUrl: teams.teamB.baseUrl } }) }, ctx);
        expect(warnings.join("\n")).toContain('join token for "cnryUpgradeUser"');
    });

    it("a Room without the record deleted outside Pulumi is refused too, naming the command that drops it; an expired one is kept; an import (no state) is not judged, and records the team it finds the room in", async () => {
        const a = runtimeOf(teams.teamA);
        const ctx = ctxOf("room");
        const checked = await a.kinds.room.check({}, INPUTS.room(""), ctx);
        const created = await a.kinds.room.create(checked.inputs, ctx);
        await apiCaller(teams.teamA)("DELETE", `/rooms/${created.id}`);
        const stored = asWrittenBy010(created.outs);
        const refused = await failureOf(a.kinds.room.read(created.id, stored, ctx));
        expect(refused).toContain(`if the Room was deleted outside Pulumi (or is to be forgotten), drop it from the stack with \`pulumi state delete '${ctx.resourceUrn}'\``);
        // The CLI refuses to drop a room a JoinToken depends on without --target-dependents.
        expect(refused).toContain("with `--target-dependents` when a resource of the stack depends on it");
        // A 0.1.0 state of the dynamic face may hold no URN: the message says how to find it.
        expect(await failureOf(a.kinds.room.read(created.id, stored, { ...ctx, resourceUrn: undefined }))).toContain("`pulumi state delete` with its URN (`pulumi stack --show-urns`)");
        // Gone at its expiresAt, as declared: kept as expired, as before.
        const expired = await a.kinds.room.read(created.id, { ...stored, expiresAt: "2001-01-01T00:00:00Z" }, ctx);
        expect(expired.id).toBe(created.id);
        expect(expired.props.expired).toBe(true);
        // An import (a read with no state): one not found is not judged, one found records the team as a refresh does.
        expect((await a.kinds.room.read("no-such-room", {}, ctx)).id).toBe("");
        const byHand = (await apiCaller(teams.teamA)("POST", "/rooms", { friendly_url: "made-by-hand" })).body as { id: string };
        expect((await a.kinds.room.read(byHand.id, {}, ctx)).props[TEAM_RECORD]).toBe(teamOf({ config: { apiUrl: teams.teamA.baseUrl } }));
    });
});
