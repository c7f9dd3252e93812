/**
 * Several teams in one program: a resource's own `connection` (Bearer or Basic) beside the stack's,
 * `vcrooms:auth` selecting Basic auth, and no developer key in plain text in the state file, the
 * outputs or the errors, whichever way it came in.
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { Connections } from "../../provider/resources/connections";
import { apiCaller } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";

let teamA: RunningEmulator;
let teamB: RunningEmulator;
useEmulator({ rateLimit: 0, domain: "alpha" }, { resetEach: true, started: (started) => (teamA = started) });
useEmulator({ rateLimit: 0, domain: "beta" }, { resetEach: true, started: (started) => (teamB = started) });

const stateOf = (engine: unknown) => fs.readFileSync((engine as { options: { stateFile: string } }).options.stateFile, "utf8");
const roomsOf = async (team: RunningEmulator) => (await apiCaller(team)("GET", "/rooms")).body.data.map((r: { friendly_url: string }) => r.friendly_url);

describe("several teams in one program", () => {
    it("each resource reaches the team of its connection; no key is in the state file", async () => {
        const engine = engineFor(teamA, "two-teams");
        const program = async () => {
            const a = new sdk.Room("a", { friendlyUrl: "room-a", description: "Team A" });
            // The key given as a plain string, not a secret: the SDK makes it one.
            const defaultsB = new sdk.TeamDefaults("defaults-b", { paletteMode: "dark", connection: { apiUrl: teamB.baseUrl, developerKey: teamB.developerKey } });
            const b = new sdk.Room(
                "b",
                { friendlyUrl: "room-b", description: "Team B", connection: { apiUrl: teamB.baseUrl, developerKey: teamB.developerKey, teamId: teamB.teamId, auth: "basic" } },
                // The room inherits the team's defaults: set them first, or a refresh sees the inherited value change.
                { dependsOn: defaultsB },
            );
            return { a: a.roomUrl, b: b.roomUrl, domainB: defaultsB.domain };
        };
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        expect(up.outputs).toMatchObject({ a: "https://alpha.digitalsamba.com/room-a", b: "https://beta.digitalsamba.com/room-b", domainB: "beta" });
        expect(await roomsOf(teamA)).toEqual(["room-a"]);
        expect(await roomsOf(teamB)).toEqual(["room-b"]);
        expect((await apiCaller(teamB)("GET", "/")).body.palette_mode).toBe("dark");

        const again = await engine.up(program);
        expect(again.steps.every((s) => s.op === "same")).toBe(true);
        const refresh = await engine.refresh();
        expect(refresh.steps.filter((s) => s.op !== "refresh-same")).toEqual([]);
        for (const key of [teamA.developerKey, teamB.developerKey]) expect(stateOf(engine)).not.toContain(key);
        expect(JSON.stringify(again.outputs)).not.toContain(teamB.developerKey);

        const destroy = await engine.destroy();
        expect(destroy.errors).toEqual([]);
        expect(await roomsOf(teamA)).toEqual([]);
        expect(await roomsOf(teamB)).toEqual([]);
        for (const key of [teamA.developerKey, teamB.developerKey]) expect(stateOf(engine)).not.toContain(key);
    });

    it("vcrooms:auth basic signs in with the team id; a wrong key fails without showing it", async () => {
        const basic = engineFor(teamA, "basic", {
            config: { "vcrooms:apiUrl": teamA.baseUrl, "vcrooms:developerKey": teamA.developerKey, "vcrooms:teamId": teamA.teamId, "vcrooms:auth": "basic" },
            secretConfig: ["vcrooms:developerKey"],
        });
        const up = await basic.up(async () => {
            new sdk.Room("basic", { friendlyUrl: "basic-room" });
        });
        expect(up.errors).toEqual([]);
        expect(await roomsOf(teamA)).toEqual(["basic-room"]);
        await basic.destroy();

        const wrongKey = "not-the-key-of-team-b-0123456789";
        const wrong = engineFor(teamA, "wrong-key");
        const failed = await wrong.up(async () => {
            new sdk.Room("wrong", { friendlyUrl: "wrong-room", connection: { apiUrl: teamB.baseUrl, developerKey: wrongKey } });
        });
        expect(failed.failed).toBe(true);
        expect(failed.errors.join("\n")).toMatch(/Unable to create room "wrong" \(friendly URL wrong-room\): POST .* 401/);
        expect(failed.errors.join("\n")).not.toContain(wrongKey);
        expect(stateOf(wrong)).not.toContain(wrongKey);
    });

    it("a TeamDefaults create refused (401) names the create and the resource, not an update", async () => {
        const wrongKey = "not-the-key-of-team-b-0123456789";
        const wrong = engineFor(teamA, "wrong-key-defaults");
        const failed = await wrong.up(async () => {
            new sdk.TeamDefaults("branding", { paletteMode: "dark", connection: { apiUrl: teamB.baseUrl, developerKey: wrongKey } });
        });
        expect(failed.failed).toBe(true);
        const errors = failed.errors.join("\n");
        expect(errors).toMatch(/Unable to create team defaults "branding": GET .* 401/);
        expect(errors).not.toMatch(/Unable to update/);
        expect(errors).not.toContain(wrongKey);
    });

    it("check refuses a malformed connection without showing the key", async () => {
        const engine = engineFor(teamA, "bad-connection");
        const result = await engine.preview(async () => {
            new sdk.Room("bad", { connection: { developerKey: "secret-key-value", auth: "digest" as never } });
        });
        expect(result.failed).toBe(true);
        expect(result.errors.join("\n")).toContain("connection auth must be bearer or basic");
        expect(result.errors.join("\n")).not.toContain("secret-key-value");
    });
});

describe("where a connection's fields come from", () => {
    const env = { VCROOMS_API_URL: "http://127.0.0.1:1/api/v1", VCROOMS_DEVELOPER_KEY: "env-key", VCROOMS_TEAM_ID: "env-team", VCROOMS_AUTH: "basic" };
    const stack = (values: Record<string, string | undefined>) => ({ get: (key: string) => values[key] });

    it.each([
        { name: "the environment alone", config: {}, connection: undefined, expected: { apiUrl: "http://127.0.0.1:1/api/v1", teamId: "env-team", auth: "basic" } },
        { name: "stack config before the environment", config: { "vcrooms:apiUrl": "http://127.0.0.1:2/api/v1", "vcrooms:auth": "bearer" }, connection: undefined, expected: { apiUrl: "http://127.0.0.1:2/api/v1", teamId: "env-team", auth: "bearer" } },
        { name: "the resource's connection first, field by field", config: { "vcrooms:teamId": "stack-team" }, connection: { apiUrl: "http://127.0.0.1:3/api/v1", developerKey: "team-3-key", auth: "bearer" as const }, expected: { apiUrl: "http://127.0.0.1:3/api/v1", teamId: "stack-team", auth: "bearer" } },
    ])("$name", ({ config, connection, expected }) => {
        const connections = new Connections(env);
        connections.configure(stack(config));
        expect(connections.clientFor(connection).config).toMatchObject(expected);
    });

    it("refuses an auth that is neither bearer nor basic, naming the setting", () => {
        const connections = new Connections(env);
        expect(() => connections.configure(stack({ "vcrooms:auth": "digest" }))).toThrow("Invalid configuration vcrooms:auth: must be bearer or basic");
        expect(() => new Connections({ ...env, VCROOMS_AUTH: "digest" }).clientFor()).toThrow("VCROOMS_AUTH");
    });
});
