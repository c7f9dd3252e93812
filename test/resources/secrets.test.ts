/**
 * Secrets wherever a value is copied: a setting passed as pulumi.secret(...) stays
 * secret in the bookkeeping copy of the declared settings; telephonyPinDtmf is a secret like restreamKey; the
 * engine stand-in prints secret stack outputs as "[secret]", as the CLI does.
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { engineFor, sdk } from "../support/pulumi";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pulumi: typeof import("@pulumi/pulumi") = require("@pulumi/pulumi");

const EXTERNAL_ID = "crm-secret-4e1f9a";
const CONSENT = "Secret consent wording 7c2d";
const PIN = "4711W2w9";

let emulator: RunningEmulator;
useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });

const stateOf = (engine: unknown) => fs.readFileSync((engine as { options: { stateFile: string } }).options.stateFile, "utf8");

describe("secret inputs stay secret wherever they are copied", () => {
    it("any setting given as a secret, and telephonyPinDtmf always, never reach the state file or outputs in plain text", async () => {
        const engine = engineFor(emulator, "secret-copies");
        const program = async () => {
            const room = new sdk.Room("hotline", {
                friendlyUrl: "hotline",
                externalId: pulumi.secret(EXTERNAL_ID),
                consentMessage: pulumi.secret(CONSENT),
                telephonyEnabled: true,
                telephonyPinDtmf: PIN,
            });
            return { pin: room.telephonyPinDtmf, externalId: room.externalId, url: room.roomUrl };
        };
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        expect(up.outputs).toEqual({ pin: "[secret]", externalId: "[secret]", url: "https://acme.digitalsamba.com/hotline" });
        const again = await engine.up(program);
        expect(again.steps.map((s) => s.op)).toEqual(["same"]);
        expect((await engine.refresh()).steps.map((s) => s.op)).toEqual(["refresh-same"]);
        for (const secret of [EXTERNAL_ID, CONSENT, PIN]) expect(stateOf(engine)).not.toContain(secret);

        // A bad PIN is refused at check without showing it.
        const bad = await engine.preview(async () => {
            new sdk.Room("hotline", { friendlyUrl: "hotline", telephonyPinDtmf: "12ab34" });
        });
        expect(bad.errors.join("\n")).toContain("telephonyPinDtmf must be DTMF digits, * or #, with W (1 s) or w (0.5 s) pauses; got [secret]");
        expect(bad.errors.join("\n")).not.toContain("12ab34");
        await engine.destroy();
    });
});
