/**
 * The plugin's previews of a create plan an output only as the up produces it (issue 38 items 8 and 10): an output of
 * an input's name that the up gives another value or type (`unplannedEchoes`: a join token's `expiresAt` of 60
 * minutes is an instant, a room's `defaultRole` name a role object) is unknown at preview, for every kind, and every
 * output planned from an input is one the declarations say the up gives back as it is. The real-CLI proof in every
 * face and language is test/invariants/previewEqualsUp.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { declarations, type Kind } from "../../provider/declarations";
import { plannedAsInputs, unplannedEchoes } from "../../provider/declarations/derive";
import { UNKNOWN } from "../../provider/model/check";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { secretValue, unwrapSecrets } from "../../provider/plugin/secrets";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";

/** Inputs of each kind that give every output of an input's name a value the up would change. */
const INPUTS: Record<Kind, Record<string, unknown>> = {
    room: { friendlyUrl: "planned-board", description: "Quarterly board", defaultRole: "speaker", expiresAt: "2030-01-01 00:00:00", tags: ["board"], primaryColor: "#ABC" },
    teamDefaults: { defaultRole: "speaker", primaryColor: "#ABC", consentMessage: "Recorded." },
    joinToken: { room: "planned-board", userName: "Ann", expiresAt: 60, notBefore: Math.floor(Date.now() / 1000) + 60, renewBefore: "10m" },
    roomContentPurge: { room: "planned-board" },
};

/** What a kind plans itself besides its inputs (a room's address, a purge's kinds). */
const OWN_PLANS: Partial<Record<Kind, string[]>> = { room: ["roomUrl"], roomContentPurge: ["purged"] };

describe("the plugin's preview of a create", () => {
    let emulator: RunningEmulator;
    let plugin: VcroomsPlugin;
    useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });
    beforeEach(async () => {
        await control(emulator, "POST", "/reset");
        plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
    });

    it.each(Object.keys(declarations) as Kind[])("%s: plans no input as an output the up gives otherwise, and no output the declarations do not plan", async (kind) => {
        const d = declarations[kind];
        const ref = { urn: `urn:pulumi:dev::proj::vcrooms:index:${d.type}::planned` };
        const checked = await plugin.check(ref, {}, INPUTS[kind]);
        expect(checked.failures).toEqual([]);
        const { outs } = await plugin.create(ref, checked.inputs, true);
        const planned = unwrapSecrets<Record<string, unknown>>(outs).plain;
        const known = Object.keys(planned).filter((k) => planned[k] !== UNKNOWN);
        for (const echo of unplannedEchoes(d)) expect(known, `${d.type}.${echo} planned as its input ${JSON.stringify(planned[echo])}`).not.toContain(echo);
        const allowed = new Set([...plannedAsInputs(d), ...plannedAsInputs(d)].flatMap((n) => [n, `__${n}`]).concat(OWN_PLANS[kind] ?? []));
        expect(known.filter((k) => !allowed.has(k))).toEqual([]);
    });
});
