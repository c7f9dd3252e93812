/**
 * Secret inputs that come back under other names stay secret, in both faces: a Room's `topic` carries its
 * `description` (declared `sameAs`), and a room inherits the team defaults it does not declare, so a setting given as
 * a secret to TeamDefaults (`lobbyMessage`) is secret in the outputs of every Room that does not declare it.
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { isSecretValue, secretValue } from "../../provider/plugin/secrets";
import { room } from "../../provider/declarations/room";
import { carryingOutputs } from "../../provider/declarations/derive";
import { control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pulumi: typeof import("@pulumi/pulumi") = require("@pulumi/pulumi");

const DESCRIPTION = "Board room: acquisition of Q-corp 61b2";
const LOBBY = "Welcome to the secret lobby 9d4e";

let emulator: RunningEmulator;
useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });

/**
 * A value for each input some Room output carries, and for maxParticipants, which caps max_broadcasters (so a room
 * declaring only maxParticipants below the default 100 gets it as max_broadcasters too): each is given alone, as a secret.
 */
const SECRET_SAMPLES: Record<string, string | number> = { description: DESCRIPTION, friendlyUrl: "carried-7e3a", maxParticipants: 57 };
/** The Room outputs that carry an input, by the input: from the declaration, so a new one must get a sample here. */
const carried = (): Map<string, string[]> => {
    const byInput = new Map<string, string[]>();
    for (const [output, input] of carryingOutputs(room)) byInput.set(input, [...(byInput.get(input) ?? []), output]);
    return byInput;
};
const isWrapped = (v: unknown) => typeof v === "object" && v !== null && ("ciphertext" in v || isSecretValue(v));
/** The names of the plain (not secret) fields among `outs` that show `sample`: equal to it, or holding it in text. */
const showing = (outs: Record<string, unknown>, sample: string | number): string[] =>
    Object.entries(outs)
        .filter(([, v]) => !isWrapped(v) && (v === sample || (typeof sample === "string" && JSON.stringify(v ?? null).includes(sample))))
        .map(([k]) => k);

const stateOf = (engine: unknown) => fs.readFileSync((engine as { options: { stateFile: string } }).options.stateFile, "utf8");

describe("secrets under other names (SDK face)", () => {
    it("a secret description is secret as topic; a secret TeamDefaults lobbyMessage is secret in rooms that inherit it", async () => {
        await control(emulator, "POST", "/reset");
        const engine = engineFor(emulator, "secret-aliases");
        const program = async () => {
            // The rooms first: a TeamDefaults declared later in the program still reaches them.
            const board = new sdk.Room("board", { friendlyUrl: "board-alias", description: pulumi.secret(DESCRIPTION) });
            const plain = new sdk.Room("plain", { friendlyUrl: "plain-alias" });
            const own = new sdk.Room("own", { friendlyUrl: "own-lobby", lobbyMessage: "Our own lobby text" });
            new sdk.TeamDefaults("defaults", { lobbyMessage: pulumi.secret(LOBBY) });
            return { topic: board.topic, inherited: plain.lobbyMessage, own: own.lobbyMessage, url: plain.roomUrl };
        };
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        // The first up creates the rooms before the defaults change; the second reads the inherited text back.
        const again = await engine.up(program, { refresh: true });
        expect(again.errors).toEqual([]);
        expect(again.outputs).toMatchObject({ topic: "[secret]", inherited: "[secret]", own: "Our own lobby text", url: "https://acme.digitalsamba.com/plain-alias" });
        expect(stateOf(engine)).not.toContain(DESCRIPTION);
        expect(stateOf(engine)).not.toContain(LOBBY);
    });
    it("a secret friendlyUrl keeps roomUrl, which holds it, secret in the outputs and the state", async () => {
        await control(emulator, "POST", "/reset");
        const engine = engineFor(emulator, "secret-room-url");
        const name = "hidden-board-7c1f";
        const up = await engine.up(async () => {
            const hidden = new sdk.Room("hidden", { friendlyUrl: pulumi.secret(name) });
            return { url: hidden.roomUrl, name: hidden.friendlyUrl };
        });
        expect(up.errors).toEqual([]);
        expect(up.outputs).toMatchObject({ url: "[secret]", name: "[secret]" });
        expect(stateOf(engine)).not.toContain(name);
    });
    it("no output shows a secret input in clear: every carrying output is secret, and no other output holds the value", async () => {
        await control(emulator, "POST", "/reset");
        for (const input of carried().keys()) expect(SECRET_SAMPLES).toHaveProperty(input);
        const engine = engineFor(emulator, "secret-carried");
        const up = await engine.up(async () => {
            const outs: Record<string, unknown> = {};
            for (const input of Object.keys(SECRET_SAMPLES)) {
                const r = new sdk.Room(`carries-${input.toLowerCase()}`, { [input]: pulumi.secret(SECRET_SAMPLES[input]) }) as unknown as Record<string, unknown>;
                for (const output of carried().get(input) ?? []) outs[`${input}.${output}`] = r[output];
            }
            return outs;
        });
        expect(up.errors).toEqual([]);
        expect(Object.entries(up.outputs ?? {}).filter(([, v]) => v !== "[secret]")).toEqual([]);
        const state = JSON.parse(stateOf(engine)) as { resources: Record<string, { outputs: Record<string, unknown> }> };
        const leaks = Object.entries(SECRET_SAMPLES).flatMap(([input, sample]) =>
            Object.entries(state.resources)
                .filter(([urn]) => urn.endsWith(`::carries-${input.toLowerCase()}`))
                .flatMap(([, r]) => showing(r.outputs, sample).map((field) => `${input} in ${field}`)),
        );
        expect(leaks).toEqual([]);
    });
});

describe("secrets under other names (plugin face)", () => {
    it("topic is secret when description came secret; an inherited lobbyMessage when TeamDefaults got it secret", async () => {
        await control(emulator, "POST", "/reset");
        const plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
        const ref = (type: string, name: string) => ({ urn: `urn:pulumi:dev::p::vcrooms:index:${type}::${name}`, type: `vcrooms:index:${type}`, name });
        const defaults = await plugin.check(ref("TeamDefaults", "defaults"), {}, { lobbyMessage: secretValue(LOBBY) });
        expect(defaults.failures).toEqual([]);
        await plugin.create(ref("TeamDefaults", "defaults"), defaults.inputs);

        const board = await plugin.check(ref("Room", "board"), {}, { friendlyUrl: "board-alias", description: secretValue(DESCRIPTION) });
        const created = await plugin.create(ref("Room", "board"), board.inputs);
        expect(isSecretValue(created.outs.topic)).toBe(true);
        expect(isSecretValue(created.outs.lobbyMessage)).toBe(true);
        const own = await plugin.check(ref("Room", "own"), {}, { friendlyUrl: "own-lobby", lobbyMessage: "Our own lobby text" });
        const ownOuts = (await plugin.create(ref("Room", "own"), own.inputs)).outs;
        expect(ownOuts.lobbyMessage).toBe("Our own lobby text");
        expect(ownOuts.topic).toBe("own-lobby");
        const read = await plugin.read(ref("Room", "board"), created.id, created.outs, board.inputs);
        expect(isSecretValue(read.props.topic) && isSecretValue(read.props.lobbyMessage)).toBe(true);
        // A secret friendlyUrl is in the room's address, and is its topic when it has no description.
        const hidden = await plugin.check(ref("Room", "hidden"), {}, { friendlyUrl: secretValue("hidden-board-7c1f") });
        const hiddenOuts = (await plugin.create(ref("Room", "hidden"), hidden.inputs)).outs;
        expect([hiddenOuts.friendlyUrl, hiddenOuts.roomUrl, hiddenOuts.topic].map(isSecretValue)).toEqual([true, true, true]);
    });
    it("no output shows a secret input in clear, in create and read: every carrying output is secret, no other holds the value", async () => {
        await control(emulator, "POST", "/reset");
        for (const input of carried().keys()) expect(SECRET_SAMPLES).toHaveProperty(input);
        const plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
        for (const [input, sample] of Object.entries(SECRET_SAMPLES)) {
            const name = `carries-${input.toLowerCase()}`;
            const ref = { urn: `urn:pulumi:dev::p::vcrooms:index:Room::${name}`, type: "vcrooms:index:Room", name };
            const checked = await plugin.check(ref, {}, { [input]: secretValue(sample) });
            expect(checked.failures).toEqual([]);
            const created = await plugin.create(ref, checked.inputs);
            const read = await plugin.read(ref, created.id, created.outs, checked.inputs);
            for (const output of carried().get(input) ?? []) expect([output, isSecretValue(created.outs[output]), isSecretValue(read.props[output])]).toEqual([output, true, true]);
            expect({ input, create: showing(created.outs, sample), read: showing(read.props, sample) }).toEqual({ input, create: [], read: [] });
        }
    });
});
