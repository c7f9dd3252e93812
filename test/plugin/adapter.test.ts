/**
 * The plugin's adapter against the emulator, without the engine: what the protocol asks of it that the
 * dynamic face never did. Configuration from Configure only; secrets wrapped on the way out; the resource
 * name from the URN; detailed diffs; import reads; invokes; provider-config validation.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { DeploymentClaims } from "../../provider/plugin/deploymentClaims";
import { Claims } from "../../provider/resources/claims";
import { isSecretValue, secretValue, unwrapSecrets, wrapSecrets } from "../../provider/plugin/secrets";
import { control } from "../support/http";
import { usePluginAdapter } from "../support/pluginAdapter";

const urn = (type: string, name: string) => ({ urn: `urn:pulumi:dev::proj::vcrooms:index:${type}::${name}` });

describe("secrets as the protocol carries them", () => {
    it("unwraps at any depth, remembering where, and wraps those places again", () => {
        const given = { a: secretValue("x"), b: { key: secretValue("k"), url: "u" }, c: [1, secretValue(2)] };
        const { plain, secrets } = unwrapSecrets(given);
        expect(plain).toEqual({ a: "x", b: { key: "k", url: "u" }, c: [1, 2] });
        expect(wrapSecrets(plain, secrets)).toEqual(given);
        // A path under a wrapped one is not wrapped twice; absent paths are left alone.
        expect(wrapSecrets({ a: { b: 1 } }, [["a", "b"], ["a"], ["missing"]])).toEqual({ a: secretValue({ b: 1 }) });
    });
});

describe("the plugin adapter", () => {
    const adapter = usePluginAdapter();
    const { api } = adapter;

    it("checks the provider's configuration: each rule, a client that can be built, the key secret", () => {
        const ok = adapter.plugin.checkConfig({ apiUrl: adapter.emulator.baseUrl, developerKey: "k", requestsPerMinute: "60" });
        expect(ok.failures).toEqual([]);
        expect(ok.inputs.requestsPerMinute).toBe(60);
        expect(isSecretValue(ok.inputs.developerKey)).toBe(true);
        const bad = adapter.plugin.checkConfig({ apiUrl: adapter.emulator.baseUrl, developerKey: secretValue("k"), auth: "digest", requestsPerMinute: -1 });
        expect(bad.failures.map((f) => f.property).sort()).toEqual(["auth", "requestsPerMinute"]);
        const noUrl = adapter.plugin.checkConfig({ developerKey: "secret-key-1", apiUrl: "https://example.com/v2" });
        expect(noUrl.failures[0]!.reason).toMatch(/must end in \/api\/v1/);
        // The key leaves only wrapped, for the engine to encrypt; never in a message.
        expect(JSON.stringify(noUrl.failures)).not.toContain("secret-key-1");
        expect(isSecretValue(noUrl.inputs.developerKey)).toBe(true);
        expect(adapter.plugin.diffConfig({ apiUrl: "a" }, { apiUrl: "b" }).detailedDiff).toEqual({ apiUrl: "UPDATE" });
    });

    it("create, diff with the changed properties named, update and delete a room through the configured provider", async () => {
        const checked = await adapter.plugin.check(urn("Room", "board"), {}, { friendlyUrl: "board", description: "Board", restreamKey: "stream-key-1" });
        expect(checked.failures).toEqual([]);
        expect(checked.inputs.__resourceName).toBe("board");
        expect(isSecretValue(checked.inputs.restreamKey)).toBe(true);
        const created = await adapter.plugin.create(urn("Room", "board"), checked.inputs);
        expect(isSecretValue(created.outs.restreamKey)).toBe(true);
        expect(isSecretValue(created.outs.declaredInputs)).toBe(true);
        expect((await api("GET", "/rooms/board")).body.description).toBe("Board");

        const news = (await adapter.plugin.check(urn("Room", "board"), checked.inputs, { friendlyUrl: "board", description: "Board 2", tags: ["t"], restreamKey: secretValue("stream-key-1") })).inputs;
        const diff = await adapter.plugin.diff(urn("Room", "board"), created.id, created.outs, news);
        expect(diff).toMatchObject({ changes: true, replaces: ["tags"], detailedDiff: { description: "UPDATE", tags: "UPDATE_REPLACE" } });
        const same = await adapter.plugin.diff(urn("Room", "board"), created.id, created.outs, checked.inputs);
        expect(same).toMatchObject({ changes: false, detailedDiff: {} });

        const descriptionOnly = (await adapter.plugin.check(urn("Room", "board"), checked.inputs, { friendlyUrl: "board", description: "Board 3" })).inputs;
        await adapter.plugin.update(urn("Room", "board"), created.id, created.outs, descriptionOnly);
        expect((await api("GET", "/rooms/board")).body.description).toBe("Board 3");
        await adapter.plugin.delete(urn("Room", "board"), created.id, created.outs);
        expect((await api("GET", "/rooms/board")).status).toBe(404);
    });

    it("reads with only an id (pulumi import): found by friendly URL, answered with its UUID and, as inputs, what differs from the team's defaults, never a secret", async () => {
        const made = (await api("POST", "/rooms", { friendly_url: "legacy", description: "By hand", max_participants: 30, restream_key: "rk-123" })).body;
        const read = await adapter.plugin.read(urn("Room", "legacy"), "legacy", {}, {});
        expect(read.id).toBe(made.id);
        expect(read.inputs).toMatchObject({ friendlyUrl: "legacy", description: "By hand", maxParticipants: 30 });
        // The generated code would hold an imported secret in plain text: it stays an output (secret), not an input.
        expect(read.inputs.restreamKey).toBeUndefined();
        expect(isSecretValue(read.props.restreamKey)).toBe(true);
        // Settings equal to the team's defaults are left to them (the emulator's team has chat on by default).
        expect(read.inputs.chatEnabled).toBeUndefined();
        // The program declaring what the room holds: no change.
        const news = (await adapter.plugin.check(urn("Room", "legacy"), read.inputs, { friendlyUrl: "legacy", description: "By hand", maxParticipants: 30 })).inputs;
        expect((await adapter.plugin.diff(urn("Room", "legacy"), read.id, read.props, news)).changes).toBe(false);
        // Role settings are imported as the names users write, privateGroupChatRoles too (it reads back as role ids).
        await api("POST", "/rooms", { friendly_url: "roled", roles: ["moderator", "speaker"], private_group_chat_roles: ["moderator"] });
        const roled = await adapter.plugin.read(urn("Room", "roled"), "roled", {}, {});
        expect(roled.inputs).toMatchObject({ roles: ["moderator", "speaker"], privateGroupChatRoles: ["moderator"] });
        const roledNews = (await adapter.plugin.check(urn("Room", "roled"), roled.inputs, roled.inputs)).inputs;
        expect((await adapter.plugin.diff(urn("Room", "roled"), roled.id, roled.props, roledNews)).changes).toBe(false);
        // An import of a room that is not there is refused (test/cli/pluginImport.test.ts runs it through the CLI).
        await expect(adapter.plugin.read(urn("Room", "gone"), "no-such-room", {}, {})).rejects.toThrow('Room "no-such-room" not found');
    });

    it("answers the data functions by token, and refuses unknown tokens and types", async () => {
        await api("POST", "/rooms", { friendly_url: "fn-room", description: "Functions" });
        expect(await adapter.plugin.invoke("vcrooms:index:getRoom", { room: "fn-room" })).toMatchObject({ friendlyUrl: "fn-room", description: "Functions" });
        await expect(adapter.plugin.invoke("vcrooms:index:getNothing", {})).rejects.toThrow(/Unknown function vcrooms:index:getNothing/);
        await expect(adapter.plugin.invoke("vcrooms:index:getRoom", {})).rejects.toThrow(/room is required/);
        await expect(adapter.plugin.check(urn("Nothing", "x"), {}, {})).rejects.toThrow(/Unknown resource type vcrooms:index:Nothing/);
    });

    it("a requestsPerMinute above the API's rate of 1000 a minute is taken with a warning, once per configuration; 1000 and below, or an API on this machine, with none", () => {
        const warnings: Array<{ urn: string; message: string }> = [];
        const plugin = new VcroomsPlugin("0.1.0", new Claims(), (urn, message) => warnings.push({ urn, message }));
        // Configure reads no API: a team's address is enough.
        const config = (rate: string, apiUrl = "https://team.example.com/api/v1") => ({ apiUrl, developerKey: secretValue("k"), requestsPerMinute: rate });
        // Valid: the budget is the provider's own, the API's 429 past its rate is waited out.
        expect(plugin.checkConfig(config("5000")).failures).toEqual([]);
        plugin.configure(config("5000"));
        plugin.configure(config("5000"));
        expect(warnings).toEqual([
            {
                urn: "",
                message:
                    "vcrooms:requestsPerMinute 5000 is above the API's rate of 1000 requests per minute for a team: past it the API answers 429 and each call waits out its retry-after, so an up is no faster, and the team's other traffic on the key is refused meanwhile; 1000 at most (the default, 700, leaves the rest to that traffic)",
            },
        ]);
        for (const rate of ["1000", "700", "1"]) plugin.configure(config(rate));
        // An emulator's rate is its own (the stand-in engine's tests configure 100000).
        for (const apiUrl of [adapter.emulator.baseUrl, "http://localhost:1/api/v1", "http://[::1]:1/api/v1"]) plugin.configure(config("100000", apiUrl));
        expect(warnings).toHaveLength(1);
    });

    it("uses the configuration Configure gave, not the environment", async () => {
        const unconfigured = new VcroomsPlugin("0.1.0");
        unconfigured.configure({ apiUrl: adapter.emulator.baseUrl, developerKey: "wrong-key" });
        await expect(unconfigured.invoke("vcrooms:index:getRooms", {})).rejects.toThrow();
        expect(await adapter.plugin.invoke("vcrooms:index:getRooms", {})).toEqual({ rooms: [] });
    });
});

describe("inherited secrets across the provider processes of one deployment", () => {
    let emulator: RunningEmulator;
    useEmulator({ rateLimit: 0 }, { resetEach: true, started: (started) => (emulator = started) });

    it("a TeamDefaults' secret settings, checked by one provider process, stay secret in a room's outputs created by another, and in its later updates", async () => {
        // Two explicit providers are two processes of one deployment: they share only its claims folder.
        // The deployment's folder inside a claims folder of the user's own (mode 700), as deploymentClaims.ts makes it.
        const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-inherited-")), "deployment");
        const [p1, p2] = [new VcroomsPlugin("0.1.0", new Claims(new DeploymentClaims(folder))), new VcroomsPlugin("0.1.0", new Claims(new DeploymentClaims(folder)))];
        for (const p of [p1, p2]) p.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
        try {
            const team = await p1.check(urn("TeamDefaults", "team"), {}, { consentMessage: secretValue("Inherited secret 5e1a"), domain: secretValue("secretteam") });
            await p1.create(urn("TeamDefaults", "team"), team.inputs);
            const checked = await p2.check(urn("Room", "heir"), {}, { friendlyUrl: "heir" });
            const created = await p2.create(urn("Room", "heir"), checked.inputs);
            expect(created.outs.consentMessage).toEqual(secretValue("Inherited secret 5e1a"));
            // The room's address holds the team's domain.
            expect(isSecretValue(created.outs.roomUrl)).toBe(true);
            expect(isSecretValue(created.outs.description)).toBe(false);
            // A later update by a process that has not seen the TeamDefaults keeps what was secret.
            const later = new VcroomsPlugin("0.1.0", new Claims(new DeploymentClaims(fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-later-")))));
            later.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
            const updated = await later.update(urn("Room", "heir"), created.id, created.outs, { ...checked.inputs, description: "Now described" });
            expect(isSecretValue(updated.consentMessage)).toBe(true);
            expect(isSecretValue(updated.roomUrl)).toBe(true);
        } finally {
            fs.rmSync(path.dirname(folder), { recursive: true, force: true });
        }
    });
});
