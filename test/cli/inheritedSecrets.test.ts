/**
 * Two stacks of one team through the real Pulumi CLI. Stack A's TeamDefaults gives the team a secret consentMessage;
 * stack B's, which does not declare it, keeps it secret in its outputs, state and printed diffs, in both faces: another
 * stack's secret is not B's to show (docs/assumptions.md, "Inherited free text is kept secret"). The data functions
 * return the team's free text as the API answers it: the program keeps secret what it reads (docs/assumptions.md,
 * "A data function's result is the program's to keep secret"). That the plugin face's messages show a plain room's
 * name and friendly URL in clear (only the inputs given as secrets are taken out) is the adapter's logic, proven
 * without the engine by test/plugin/plainMessages.test.ts.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { ROOT, type PulumiProject } from "../../harness/pulumiCli";
import { cli, programProject, withoutDebugEvents } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/teamSecrets.js");
const CANARY = "LEAKCANARY consent text 3f9c";
const ROOM = "h3-room";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

async function stack(emulator: RunningEmulator, plugin: boolean, config: Record<string, string>, secretConfig: Record<string, string> = {}): Promise<PulumiProject> {
    const p = await programProject({ program: PROGRAM, plugin }).init({ "vcrooms:apiUrl": emulator.baseUrl, "test:plugin": String(plugin), ...config }, { "vcrooms:developerKey": emulator.developerKey, ...secretConfig });
    projects.push(p);
    return p;
}

describe.skipIf("skip" in cli)("the real Pulumi CLI: another stack's secrets on the team", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("stack B's TeamDefaults keeps stack A's secret consentMessage secret, in both faces", async () => {
        expect((await api("POST", "/rooms", { friendly_url: ROOM })).status).toBeLessThan(300);
        const secretConsent = { consentMessage: CANARY };
        const a = await stack(emulator, false, { "test:defaults": JSON.stringify({ consentMessageType: "custom" }), "test:secretKeys": JSON.stringify(Object.keys(secretConsent)) }, { "test:secretDefaults": JSON.stringify(secretConsent) });
        const upA = await a.up([], { preview: false });
        expect(upA.code, upA.stdout + upA.stderr).toBe(0);
        expect((await api("GET", "/")).body.consent_message).toBe(CANARY);

        for (const plugin of [false, true]) {
            const face = plugin ? "plugin" : "sdk";
            const b = await stack(emulator, plugin, { "test:defaults": JSON.stringify({ toolbarColor: "#334455" }) });
            const up = await b.run(["up", "--yes", "--diff", "--non-interactive"]);
            expect(up.code, `${face}: ${up.stdout}${up.stderr}`).toBe(0);
            const outputs = await b.outputs();
            // The state read once: searched as text, then B's TeamDefaults found in it.
            const exported = await b.exportText();
            const printed = [withoutDebugEvents(up.stdout), up.stderr, JSON.stringify(outputs), exported, b.writtenText()].join("\n");
            expect(printed.includes(CANARY), `${face}: stack B shows stack A's secret`).toBe(false);
            // It was there to show: B's TeamDefaults holds it, encrypted.
            const shown = JSON.parse((await b.must(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, Record<string, unknown>>;
            const state = (JSON.parse(exported) as { deployment: { resources?: Array<Record<string, any>> } }).deployment.resources?.find((r) => String(r.urn).endsWith("::defaults"));
            expect(state?.outputs?.consentMessage, face).toMatchObject({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" });
            if (!plugin) expect(shown.defaults?.consentMessage, face).toBe(CANARY);
        }
    });
});
