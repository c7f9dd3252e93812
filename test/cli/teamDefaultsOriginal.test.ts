/**
 * A TeamDefaults puts back the team's values from before the first up, whatever happened in between, and keeps them
 * secret, through the real Pulumi CLI (issue 38 items 1 and 3; item 2, a crash, is test/invariants/crash.test.ts):
 * - `up --replace` of it (its replacement created first, the engine's default order), then destroy: after the
 *   replace the team holds the declared values, as the state says; after destroy its own values again. In both faces.
 * - its state never holds a secret in plain text: its own secret consentMessage after a replace, nor another stack's
 *   secret consentMessage it found in the team when it took the defaults over (that other stack's destroy puts back
 *   what it found). One test, stepped through both.
 */
import { describe, expect, it } from "vitest";
import * as path from "node:path";
import { useEmulator } from "../support/emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, PLUGIN_PROGRAM, programProject, projectFor } from "./support";
import { ROOT } from "../../harness/pulumiCli";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/crashEveryKind.js");
const projects: PulumiProject[] = [];

/** The settings these tests declare, as the API names them. */
const MANAGED = ["language", "palette_mode", "consent_message"] as const;

describe.skipIf("skip" in cli)("the real Pulumi CLI: a TeamDefaults keeps the team's original values", { timeout: 900_000 }, () => {
    const env = useEmulator({ rateLimit: 0 }, { projects });
    const teamValues = async (): Promise<Record<string, unknown>> => {
        const record = (await env.api("GET", "/")).body as Record<string, unknown>;
        return Object.fromEntries(MANAGED.map((k) => [k, record[k]]));
    };
    const must = (run: { code: number; stdout: string; stderr: string }) => expect(run.code, run.stdout + run.stderr).toBe(0);

    it("up --replace, then destroy: the declared values after the replace, the team's own after destroy, and the secret consentMessage encrypted in state (both faces); another stack's TeamDefaults keeps the first stack's secret, found in the team, encrypted in its state", async () => {
        await env.control("POST", "/reset");
        const original = await teamValues();
        const secret = "consent-canary-7f3a: recordings go to the board";
        const declared = { language: "de-DE", palette_mode: "dark", consent_message: secret };

        // The dynamic face, the consentMessage a secret in code.
        const dynamic = await projectFor(env.emulator, { "test:defaults": JSON.stringify({ language: "de-DE", paletteMode: "dark" }) }, { program: PROGRAM, secretConfig: { "test:consentMessage": secret } });
        projects.push(dynamic);
        must(await dynamic.up([], { preview: false }));
        expect(await teamValues()).toEqual(declared);
        const urn = String((await dynamic.resourceState("defaults"))!.urn);
        must(await dynamic.up(["--replace", urn], { preview: false }));
        expect(await teamValues(), "after the replace the team holds what the state says").toEqual(declared);
        expect(await dynamic.exportText(), "stack export of the replaced TeamDefaults").not.toContain(secret);
        expect(dynamic.writtenText(), "the files under the project and its PULUMI_HOME").not.toContain(secret);

        // Another stack's TeamDefaults of the team takes over what the first declared, its secret consentMessage
        // included: kept encrypted in its state, and put back at its destroy.
        const other = programProject({ program: PROGRAM, stack: "other" });
        projects.push(other);
        await other.init({ "vcrooms:apiUrl": env.emulator.baseUrl, "test:defaults": JSON.stringify({ paletteMode: "light" }) }, { "vcrooms:developerKey": env.emulator.developerKey, "test:consentMessage": "consent-b: stack B's text" });
        must(await other.up([], { preview: false }));
        expect(await other.exportText(), "the other stack's export").not.toContain(secret);
        expect(other.writtenText(), "the files under the other stack's project and its PULUMI_HOME").not.toContain(secret);
        must(await other.destroy([], { preview: false }));
        expect(await teamValues(), "the other stack's destroy puts back what it found").toEqual(declared);
        must(await dynamic.destroy([], { preview: false }));
        expect(await teamValues(), "destroy after a replace").toEqual(original);

        // The plugin face: the replacement's create and the old one's delete go through the plugin's process.
        const plugin = await projectFor(env.emulator, { "test:defaults": JSON.stringify({ language: "de-DE", paletteMode: "dark" }) }, { plugin: true, program: PLUGIN_PROGRAM });
        projects.push(plugin);
        must(await plugin.up([], { preview: false }));
        const pluginUrn = String((await plugin.resourceState("defaults"))!.urn);
        must(await plugin.up(["--replace", pluginUrn], { preview: false }));
        expect(await teamValues(), "after the plugin face's replace").toEqual({ ...original, language: "de-DE", palette_mode: "dark" });
        must(await plugin.destroy([], { preview: false }));
        expect(await teamValues(), "destroy after the plugin face's replace").toEqual(original);
    });
});
