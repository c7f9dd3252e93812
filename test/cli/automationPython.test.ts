/**
 * The Automation API from Python (`pulumi.automation`, the pinned `pulumi` package of the shared virtualenv), on the
 * real CLI: a GitOps controller's inline program on the vcrooms plugin (test/cli/programs/python-automation/
 * controller.py), run for two stacks of two teams (two emulators), one after the other in one Python process. Each
 * stack goes through preview, up, refresh (no change) and destroy (nothing left); its outputs and secrets
 * are its own: team A's Room has a secret description, so its topic is secret; team B's is plain and stays plain
 * after team A's run in the same process. The TypeScript inline programs are test/cli/automation.test.ts.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { locatePythonVenv, PLUGIN_FOLDER, ROOT } from "../../harness/pulumiCli";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import { cli, cliDir } from "./support";

const python = "skip" in cli ? cli : locatePythonVenv();
const CONTROLLER = path.join(ROOT, "test/cli/programs/python-automation/controller.py");

let teamA: RunningEmulator;
let teamB: RunningEmulator;

describe.skipIf("skip" in python)("the Automation API from Python through the real Pulumi CLI: inline programs of two teams in one process", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0, domain: "alpha" }, { started: (started) => (teamA = started) });
    useEmulator({ rateLimit: 0, domain: "beta" }, { started: (started) => (teamB = started) });

    it("each stack previews, ups, refreshes and destroys on its own team, with its own outputs and secrets", async () => {
        await Promise.all([control(teamA, "POST", "/reset"), control(teamB, "POST", "/reset")]);
        const work = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-automation-python-"));
        const teams = [
            { name: "a", apiUrl: teamA.baseUrl, developerKey: teamA.developerKey, secretTopic: true },
            { name: "b", apiUrl: teamB.baseUrl, developerKey: teamB.developerKey },
        ];
        const venv = "dir" in python ? python.dir : "";
        // Only what a user's shell would have, less anything of ours that could configure the provider behind the test's back.
        const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VCROOMS_") && !k.startsWith("PULUMI_")));
        try {
            const { stdout } = await promisify(execFile)(path.join(venv, "bin", "python"), [CONTROLLER, work, PLUGIN_FOLDER, JSON.stringify(teams)], {
                env: { ...inherited, PATH: `${cliDir}${path.delimiter}${process.env.PATH ?? ""}`, PYTHONDONTWRITEBYTECODE: "1" },
                maxBuffer: 16 * 1024 * 1024,
            });
            const reports = stdout.trim().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
            expect(reports).toEqual([
                { team: "a", preview: { create: 2 }, up: { create: 2 }, outputs: { roomUrl: "https://alpha.digitalsamba.com/py-a-board", topic: "[secret]" }, refresh: { same: 2 }, destroy: { delete: 2 } },
                { team: "b", preview: { create: 2 }, up: { create: 2 }, outputs: { roomUrl: "https://beta.digitalsamba.com/py-b-board", topic: "Team b board" }, refresh: { same: 2 }, destroy: { delete: 2 } },
            ]);
            // Nothing of either stack is left in its team, and team A's secret is nowhere in what the controller printed.
            for (const team of [teamA, teamB]) expect((await apiCaller(team)("GET", "/rooms")).body.data).toEqual([]);
            expect(stdout).not.toContain("Team a board");
        } finally {
            fs.rmSync(work, { recursive: true, force: true });
        }
    });
});
