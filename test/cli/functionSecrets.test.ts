/**
 * A data function's secret fields through the real Pulumi CLI, SDK face: a program that exports getRoom's and
 * getRoomOutput's result keeps the room's restream key and telephony PIN secret in stack outputs, in the state
 * file and in everything the CLI printed. (The plugin face: test/functions/secretResults.test.ts.)
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { ROOT } from "../../harness/pulumiCli";
import { cli, projectFor, withoutDebugEvents } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/tokens.js");
const RESTREAM_KEY = "cli-fn-restream-7d21";
const PIN = "9911W42";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the real Pulumi CLI: secret fields of data function results", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("getRoom and getRoomOutput exported: restreamKey and telephonyPinDtmf secret in outputs and state", async () => {
        await api("POST", "/rooms", { friendly_url: "fn-secrets", restream_key: RESTREAM_KEY, telephony_pin_dtmf: PIN });
        const p = await projectFor(emulator, { "test:getRoom": "fn-secrets" }, { program: PROGRAM });
        projects.push(p);
        const up = await p.up();
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const outputs = await p.outputs();
        for (const name of ["room", "roomOutput"]) {
            expect(outputs[name], name).toMatchObject({ friendlyUrl: "fn-secrets" });
        }
        expect(outputs.room).toMatchObject({ restreamKey: "[secret]", telephonyPinDtmf: "[secret]" });
        const shown = JSON.parse((await p.must(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, Record<string, unknown>>;
        expect(shown.room).toMatchObject({ restreamKey: RESTREAM_KEY, telephonyPinDtmf: PIN });
        expect(shown.roomOutput).toMatchObject({ restreamKey: RESTREAM_KEY, telephonyPinDtmf: PIN });
        const everywhere = [await p.exportText(), withoutDebugEvents(up.stdout), up.stderr, p.writtenText()].join("\n");
        expect(everywhere).not.toContain(RESTREAM_KEY);
        expect(everywhere).not.toContain(PIN);
    });
});
