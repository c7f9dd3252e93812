/**
 * A resource whose provider now speaks for another team, at the provider layer, for every kind of the declarations
 * (the kinds as the runtime builds them for both faces), with two emulators as two teams. Its state records the team
 * that made it (`__team`, the API URL as teamOf resolves it); through a provider configured for another team, a kind
 * whose delete reaches the API (a Room, a TeamDefaults) fails its diff, update and delete in one line naming the
 * resource and both teams, and a kind whose delete sends nothing (a join token, a purge) is replaced; a read keeps the
 * state as it is. Another spelling of the same URL is the same team; a state without the record (0.1.0) is judged by
 * teamRecordUpgrade.test.ts. The plugin's DiffConfig replaces a provider whose arguments name another team.
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { declarations, type Kind } from "../../provider/declarations";
import type { Values } from "../../provider/declarations/declaration";
import { teamOf } from "../../provider/resources/claims";
import { TEAM_RECORD } from "../../provider/resources/teamRecord";
import type { Runtime } from "../../provider/runtime";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { isSecretValue, secretValue } from "../../provider/plugin/secrets";
import { UNKNOWN } from "../../provider/model/check";
import { ctxOf, KINDS, roomsOf, useTwoTeams } from "../support/twoTeams";
import { control } from "../support/http";
import { engineFor, engineModule, sdk, tempStateFile } from "../support/pulumi";

const teams = useTwoTeams();
const runtimeOf = (team: RunningEmulator, apiUrl?: string) => teams.runtimeOf(team, "environment", apiUrl);

/** Each kind's least inputs; a Record over the kinds, so a new kind must be given here. */
const INPUTS: Record<Kind, (roomId: string) => Values> = {
    room: () => ({ friendlyUrl: "moved-room" }),
    teamDefaults: () => ({ paletteMode: "dark" }),
    joinToken: (roomId) => ({ room: roomId, userName: "Guest" }),
    roomContentPurge: (roomId) => ({ room: roomId, kinds: ["chat"] }),
};
/** Made in team A through `r` (checked, then created): its id, checked inputs and state. */
async function made(r: Runtime, kind: Kind, roomId: string): Promise<{ id: string; inputs: Values; outs: Values }> {
    const checked = await r.kinds[kind].check({}, INPUTS[kind](roomId), ctxOf(kind));
    expect(checked.failures, kind).toEqual([]);
    const created = await r.kinds[kind].create(checked.inputs, ctxOf(kind));
    return { id: created.id, inputs: checked.inputs, outs: created.outs };
}


describe("a resource whose provider now speaks for another team", () => {
    it("every kind records the team that made it; through another team's provider a Room or TeamDefaults is refused naming the team reached now, a token or purge replaced, a read keeps the state", async () => {
        const a = runtimeOf(teams.teamA);
        const b = runtimeOf(teams.teamB);
        const room = await a.kinds.room.create((await a.kinds.room.check({}, { friendlyUrl: "host-room" }, ctxOf("room"))).inputs, ctxOf("room"));
        for (const kind of KINDS) {
            const { id, inputs, outs } = await made(a, kind, room.id);
            expect(outs[TEAM_RECORD], kind).toBe(teamOf({ config: { apiUrl: teams.teamA.baseUrl } }));
            const requestsB = (await control(teams.teamB, "GET", "/requests")).entries.length;

            // A read (a refresh) sends nothing to team B and keeps the state: the resource is not dropped.
            const read = await b.kinds[kind].read(id, outs, ctxOf(kind));
            expect(read.id, kind).toBe(id);
            expect(read.props, kind).toEqual(outs);
            if (declarations[kind].deleteSendsNothing) {
                const diff = await b.kinds[kind].diff(id, outs, inputs, ctxOf(kind));
                expect(diff, kind).toMatchObject({ changes: true, detailedDiff: { connection: "UPDATE_REPLACE" } });
                expect(diff.replaces, kind).toContain("connection");
            } else {
                const quoted = (team: RunningEmulator) => JSON.stringify(team.baseUrl).replace(/[./]/g, "\\$&");
                const named = new RegExp(`${declarations[kind].type} "${kind}-r" was made in another team \\(its API URL is kept as a secret in the resource's state, under __team: \`pulumi stack export --show-secrets\` shows it\\), but its provider's configuration now names the team at ${quoted(teams.teamB)}.*pulumi state delete`);
                await expect(b.kinds[kind].diff(id, outs, inputs, ctxOf(kind)), kind).rejects.toThrow(named);
                await expect(b.kinds[kind].update!(id, outs, inputs, ctxOf(kind)), kind).rejects.toThrow(named);
                await expect(b.kinds[kind].delete(id, outs, ctxOf(kind)), kind).rejects.toThrow(named);
                expect((await a.kinds[kind].read(id, outs, ctxOf(kind))).id, `${kind} is still in team A`).toBe(id);
            }
            expect((await control(teams.teamB, "GET", "/requests")).entries.length, `${kind}: no request to team B`).toBe(requestsB);

            // The same team under another spelling of its URL: no change at all.
            const sameTeam = runtimeOf(teams.teamA, teams.teamA.baseUrl.replace("127.0.0.1", "localhost"));
            expect(await sameTeam.kinds[kind].diff(id, outs, inputs, ctxOf(kind)), kind).toMatchObject({ changes: false });

            // A state without the record (written by 0.1.0): a token or purge is not moved (a token signed with another key
            // is still replaced as stale, under `token`, as it was); a Room or TeamDefaults team B does not hold is refused
            // (teamRecordUpgrade.test.ts).
            const { [TEAM_RECORD]: _, ...stored } = outs;
            if (declarations[kind].deleteSendsNothing) expect((await b.kinds[kind].diff(id, stored, inputs, ctxOf(kind))).detailedDiff.connection, kind).toBeUndefined();
            else await expect(b.kinds[kind].diff(id, stored, inputs, ctxOf(kind)), kind).rejects.toThrow("its state predates the record of the team that made it");

            await a.kinds[kind].delete(id, outs, ctxOf(kind));
        }
        expect(await roomsOf(teams.teamA)).toEqual([room.id]);
        expect(await roomsOf(teams.teamB)).toEqual([]);
    });

    it("the refusal names what set the team and the way out that works: the stack's configuration pointed back and an up before the destroy, or the VCROOMS_* variables", async () => {
        const { id, inputs, outs } = await made(runtimeOf(teams.teamA), "room", "");
        const refusal = (call: Promise<unknown>) => call.then(() => "", (error: unknown) => (error as Error).message);
        const [urlA, urlB] = [JSON.stringify(teams.teamA.baseUrl), JSON.stringify(teams.teamB.baseUrl)];

        // Moved through the environment (runtimeOf): the variables are named; the state does not keep them.
        const byEnvironment = runtimeOf(teams.teamB);
        for (const text of [await refusal(byEnvironment.kinds.room.diff(id, outs, inputs, ctxOf("room"))), await refusal(byEnvironment.kinds.room.delete(id, outs, ctxOf("room")))]) {
            expect(text).toContain(`now names the team at ${urlB} (VCROOMS_API_URL), through which it cannot be updated or deleted`);
            expect(text).toContain("set the environment variables VCROOMS_API_URL and VCROOMS_DEVELOPER_KEY back to the team that made it and run `pulumi destroy`");
            expect(text).not.toContain(urlA);
            expect(text).not.toContain("vcrooms:apiUrl");
        }

        // Moved through the stack's configuration: refresh and destroy run with what the state holds, which an up stores;
        // so the way back is an up with the configuration pointed back, then the destroy.
        const byStack = teams.runtimeOf(teams.teamB, "stack");
        const diffText = await refusal(byStack.kinds.room.diff(id, outs, inputs, ctxOf("room")));
        expect(diffText).toContain("(`pulumi refresh` and `pulumi destroy` run with the configuration the stack's state holds, so they still reach it until an up stores the new one)");
        expect(diffText).toContain("point the configuration (vcrooms:apiUrl and vcrooms:developerKey, or the explicit provider's apiUrl and developerKey) back at the team that made it and run `pulumi up`");
        expect(diffText).not.toContain(urlA);
        expect(diffText).toMatch(/run `pulumi up` [^;]*, then `pulumi destroy`/);
        expect(diffText).not.toContain("VCROOMS_");
        // A delete refused so is one whose stored configuration is the new team's already: no word that destroy reaches it.
        const deleteText = await refusal(byStack.kinds.room.delete(id, outs, ctxOf("room")));
        expect(deleteText).toContain("run `pulumi up`");
        expect(deleteText).not.toContain("still reach it");
        await runtimeOf(teams.teamA).kinds.room.delete(id, outs, ctxOf("room"));
    });

    it("an update records the team, so a state of 0.1.0 gains the record when it is next updated", async () => {
        const a = runtimeOf(teams.teamA);
        const { id, inputs, outs } = await made(a, "room", "");
        const { [TEAM_RECORD]: _, ...stored } = outs;
        const updated = await a.kinds.room.update!(id, stored, { ...inputs, description: "Renamed" }, ctxOf("room"));
        expect(updated.outs[TEAM_RECORD]).toBe(teamOf({ config: { apiUrl: teams.teamA.baseUrl } }));
        // A refresh that finds it in the team reached records it too (teamRecordUpgrade.test.ts).
        expect((await a.kinds.room.read(id, stored, ctxOf("room"))).props[TEAM_RECORD]).toBe(teamOf({ config: { apiUrl: teams.teamA.baseUrl } }));
    });
});

describe("a team whose API URL is a secret (vcrooms:apiUrl set with --secret)", () => {
    /** A value as the engine would store it: each secret the adapter wrapped shown as the engine encrypts it, never its text. */
    const stored = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (isSecretValue(v) ? "[encrypted]" : v));

    it("plugin face: every kind's record of the team is a secret output, and the refusal through another team's provider does not show its URL", async () => {
        const configured = (team: RunningEmulator, apiUrl: unknown) => {
            const plugin = new VcroomsPlugin("0.1.0");
            plugin.configure({ apiUrl, developerKey: secretValue(team.developerKey) });
            return plugin;
        };
        const a = configured(teams.teamA, secretValue(teams.teamA.baseUrl));
        const b = configured(teams.teamB, teams.teamB.baseUrl);
        const ref = (kind: Kind) => ({ urn: ctxOf(kind).resourceUrn! });
        const secretHost = new URL(teams.teamA.baseUrl).host;
        try {
            const host = await a.create({ urn: ref("room").urn.replace("room-r", "host") }, (await a.check({ urn: ref("room").urn.replace("room-r", "host") }, {}, { friendlyUrl: "secret-host" })).inputs);
            for (const kind of KINDS) {
                const checked = await a.check(ref(kind), {}, INPUTS[kind](host.id));
                expect(checked.failures, kind).toEqual([]);
                const created = await a.create(ref(kind), checked.inputs);
                expect(isSecretValue(created.outs[TEAM_RECORD]), `${kind}: ${TEAM_RECORD} wrapped as a secret`).toBe(true);
                expect(stored(created.outs), kind).not.toContain(secretHost);
                if (!declarations[kind].deleteSendsNothing) {
                    const refusal = await b.diff(ref(kind), created.id, created.outs, checked.inputs).then(() => "", (error: unknown) => (error as Error).message);
                    expect(refusal, kind).toContain("was made in another team");
                    expect(refusal, kind).not.toContain(secretHost);
                }
                await a.delete(ref(kind), created.id, created.outs);
            }
        } finally {
            a.cancel();
            b.cancel();
        }
    });

    it("dynamic face (the engine stand-in): the record is encrypted in the state file, and the preview refused through another team does not show its URL", async () => {
        const stateFile = tempStateFile("secret-team");
        const program = async () => {
            new sdk.Room("solo", { friendlyUrl: "secret-solo" });
        };
        const secretHost = new URL(teams.teamA.baseUrl).host;
        const inTeamA = engineFor(teams.teamA, "secret-team", { stateFile, secretConfig: ["vcrooms:apiUrl", "vcrooms:developerKey"] });
        expect((await inTeamA.up(program)).errors).toEqual([]);
        const [solo] = Object.values(inTeamA.resources());
        expect(engineModule.isSecretWire(solo!.outputs[TEAM_RECORD]), `${TEAM_RECORD} kept as a secret`).toBe(true);
        expect(fs.readFileSync(stateFile, "utf8")).not.toContain(secretHost);

        const inTeamB = engineFor(teams.teamB, "secret-team", { stateFile });
        const refused = await inTeamB.preview(program);
        expect(refused.errors.join("\n")).toContain("was made in another team");
        expect(refused.errors.join("\n")).not.toContain(secretHost);
        expect((await inTeamA.destroy()).errors).toEqual([]);
    });
});

describe("a resource's own connection spelt another way", () => {
    it("replaces no kind when its connection's API URL names the same team another way (localhost, a trailing slash)", async () => {
        const a = runtimeOf(teams.teamA);
        const connection = { apiUrl: teams.teamA.baseUrl, developerKey: teams.teamA.developerKey };
        const respelt = { apiUrl: `${teams.teamA.baseUrl.replace("127.0.0.1", "localhost")}/`, developerKey: teams.teamA.developerKey };
        const host = await a.kinds.room.create((await a.kinds.room.check({}, { friendlyUrl: "conn-host", connection }, ctxOf("room"))).inputs, ctxOf("room"));
        for (const kind of KINDS) {
            const checked = await a.kinds[kind].check({}, { ...INPUTS[kind](host.id), connection }, ctxOf(kind));
            expect(checked.failures, kind).toEqual([]);
            const created = await a.kinds[kind].create(checked.inputs, ctxOf(kind));
            const news = (await a.kinds[kind].check(checked.inputs, { ...INPUTS[kind](host.id), connection: respelt }, ctxOf(kind))).inputs;
            const diff = await a.kinds[kind].diff(created.id, created.outs, news, ctxOf(kind));
            expect(diff.replaces, `${kind}: the same team's URL spelt another way replaces nothing`).toEqual([]);
            await a.kinds[kind].delete(created.id, created.outs, ctxOf(kind));
        }
    });
});

describe("the plugin's DiffConfig", () => {
    const plugin = new VcroomsPlugin("0.1.0");
    const args = (apiUrl: unknown, extra: Values = {}) => ({ apiUrl, developerKey: secretValue("key-1"), ...extra });

    it("replaces the provider when its arguments name another team (another API URL, or two team ids), and only then", () => {
        const a = "http://127.0.0.1:4001/api/v1";
        const b = "http://127.0.0.1:4002/api/v1";
        expect(plugin.diffConfig(args(a), args(b))).toMatchObject({ changes: true, replaces: ["apiUrl"], detailedDiff: { apiUrl: "UPDATE_REPLACE" } });
        expect(plugin.diffConfig(args(a, { teamId: "t1" }), args(a, { teamId: "t2" }))).toMatchObject({ replaces: ["teamId"] });
        // One team: the URL spelt another way, a rotated key, a team id named on one side only; or not known yet.
        expect(plugin.diffConfig(args(a), args("http://localhost:4001/api/v1/"))).toMatchObject({ changes: true, replaces: [] });
        expect(plugin.diffConfig(args(a), { ...args(a), developerKey: secretValue("key-2") })).toMatchObject({ changes: true, replaces: [] });
        expect(plugin.diffConfig(args(a), args(a, { teamId: "t1" }))).toMatchObject({ replaces: [] });
        expect(plugin.diffConfig(args(a), args(UNKNOWN))).toMatchObject({ replaces: [] });
    });
});
