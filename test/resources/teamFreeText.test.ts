/**
 * A TeamDefaults keeps secret the team's free-text settings it does not declare, in both faces: another stack on the
 * team may have given them to its own TeamDefaults as secrets, which this deployment cannot see (the rule a Room
 * follows for what it inherits, `maybeSecretInherited`). Those it declares plainly stay plain, and so does every
 * setting that is no free text. The settings are taken from the settings table's `freeText`.
 */
import * as fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { inputSettings } from "../../provider/declarations/declaration";
import { declarations } from "../../provider/declarations";
import { settingsFor } from "../../provider/model/settings";
import { toCamelName, toApiName } from "../../provider/model/names";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { isSecretValue, secretValue } from "../../provider/plugin/secrets";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";

/** A valid value of each of the team's free-text settings, as another stack gave it: text or an image URL. */
const TEAM_FREE_TEXT = settingsFor("defaults").filter((s) => s.freeText === true);
const valueOf = (apiName: string) => (/logo|favicon/.test(apiName) ? `https://img.example.com/canary-${apiName}.png` : `Canary ${apiName.replace(/_/g, " ")} text`);

const ref = (name: string) => ({ urn: `urn:pulumi:dev::team-b::vcrooms:index:TeamDefaults::${name}`, type: "vcrooms:index:TeamDefaults", name });

describe("a TeamDefaults that does not declare the team's free text", () => {
    let emulator: RunningEmulator;
    const { api } = useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });
    beforeEach(async () => {
        await control(emulator, "POST", "/reset");
        // What stack A's TeamDefaults left on the team, given there as secrets.
        const set = await api("PATCH", "/", { consent_message_type: "custom", ...Object.fromEntries(TEAM_FREE_TEXT.map((s) => [s.name, valueOf(s.name)])) });
        expect(set.status, JSON.stringify(set.body)).toBeLessThan(300);
    });

    it("the free-text settings are the team's record's own, from the settings table", () => {
        expect(TEAM_FREE_TEXT.map((s) => toCamelName(s.name))).toEqual(expect.arrayContaining(["consentMessage", "lobbyMessage", "customLogo", "favicon"]));
        for (const s of TEAM_FREE_TEXT) expect(inputSettings(declarations.teamDefaults).has(toCamelName(s.name)), s.name).toBe(true);
    });

    it("plugin face: create, read and update keep each one secret, but one declared plainly and a colour", async () => {
        const plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
        const declared = { toolbarColor: "#334455", htmlTitle: "Our own plain title" };
        const checked = await plugin.check(ref("defaults"), {}, declared);
        expect(checked.failures).toEqual([]);
        const created = await plugin.create(ref("defaults"), checked.inputs);
        const read = await plugin.read(ref("defaults"), created.id, created.outs, checked.inputs);
        const next = await plugin.check(ref("defaults"), checked.inputs, { ...declared, toolbarColor: "#223344" });
        const updated = await plugin.update(ref("defaults"), created.id, created.outs, next.inputs, false, 0, checked.inputs);
        for (const [step, outs] of [["create", created.outs], ["read", read.props], ["update", updated]] as const) {
            for (const s of TEAM_FREE_TEXT) {
                const name = toCamelName(s.name);
                if (name in declared) expect(outs[name], `${step} ${name}`).toBe(declared[name as keyof typeof declared]);
                else expect(isSecretValue(outs[name]), `${step} ${name}: ${JSON.stringify(outs[name])}`).toBe(true);
            }
            expect(typeof outs.toolbarColor, step).toBe("string");
            expect(outs.consentMessageType, step).toBe("custom");
        }
    });

    it("SDK face: the state keeps each one encrypted, but one declared plainly and a colour", async () => {
        const engine = engineFor(emulator, "team-free-text");
        const up = await engine.up(async () => {
            const defaults = new sdk.TeamDefaults("defaults", { toolbarColor: "#334455", htmlTitle: "Our own plain title" });
            return { title: defaults.htmlTitle };
        });
        expect(up.errors).toEqual([]);
        expect(up.outputs).toEqual({ title: "Our own plain title" });
        const state = fs.readFileSync((engine as unknown as { options: { stateFile: string } }).options.stateFile, "utf8");
        expect(state).toContain("#334455");
        for (const s of TEAM_FREE_TEXT) if (s.name !== toApiName("htmlTitle")) expect(state, s.name).not.toContain(valueOf(s.name));
    });
});
