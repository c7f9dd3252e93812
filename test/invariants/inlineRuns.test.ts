/**
 * Two deployments in one process, as a GitOps controller runs them with the Automation API: inline programs of two
 * stacks, one after the other, through the real Pulumi CLI. Nothing one run's program declared reaches the next:
 * stack a1 (team A) gives its TeamDefaults a secret language; stack b1 (team B, another API, no TeamDefaults)
 * declares a Room, whose language, inherited from team B's plain defaults, stays plain. (Not a free-text setting:
 * those a Room keeps secret whenever it does not declare them, since another stack may have given them as secrets.)
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as automation from "@pulumi/pulumi/automation";
import type * as pulumiType from "@pulumi/pulumi";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { ROOT } from "../../harness/pulumiCli";
import { cli, cliDir } from "../cli/support";

// The built package, as a program requires it; and the @pulumi/pulumi the Automation API and the package share.
const load = createRequire(path.join(ROOT, "package.json"));
const auto = load("@pulumi/pulumi/automation") as typeof automation;
const pulumi = load("@pulumi/pulumi") as typeof pulumiType;
const vcrooms = load(path.join(ROOT, "dist/sdk")) as typeof import("../../sdk");

describe.skipIf("skip" in cli)("Automation API: inline programs of two stacks in one process", { timeout: 600_000 }, () => {
    let teamA: RunningEmulator;
    let teamB: RunningEmulator;
    let workDir: string;
    let cwd: string | undefined;
    const stacks: automation.Stack[] = [];

    beforeAll(async () => {
        [teamA, teamB] = await Promise.all([startEmulator({ rateLimit: 0 }), startEmulator({ rateLimit: 0 })]);
        // The folder the CLI runs the inline programs' dynamic-provider host in: the package in its node_modules, as a
        // controller's own folder has it.
        workDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-inline-"));
        const modules = path.join(workDir, "node_modules");
        fs.mkdirSync(modules);
        for (const entry of fs.readdirSync(path.join(ROOT, "node_modules"))) if (!entry.startsWith(".")) fs.symlinkSync(path.join(ROOT, "node_modules", entry), path.join(modules, entry), "dir");
        fs.symlinkSync(ROOT, path.join(modules, "pulumi-vcrooms"), "dir");
        fs.mkdirSync(path.join(workDir, ".backend"));
        process.env.PATH = `${cliDir}${path.delimiter}${process.env.PATH ?? ""}`;
        // An inline program's providers run in the controller's own folder (the engine starts them in the process's
        // working directory), whose node_modules has the package.
        cwd = process.cwd();
        process.chdir(workDir);
    });

    afterAll(async () => {
        for (const stack of stacks) await stack.destroy().catch(() => undefined);
        if (cwd) process.chdir(cwd);
        await Promise.all([teamA?.close(), teamB?.close()]);
        if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
    });

    const stackOf = async (name: string, team: RunningEmulator, program: automation.PulumiFn) => {
        const stack = await auto.LocalWorkspace.createOrSelectStack(
            { stackName: name, projectName: "gitops", program },
            {
                workDir,
                envVars: {
                    PULUMI_HOME: path.join(workDir, ".pulumi-home"),
                    PULUMI_BACKEND_URL: `file://${path.join(workDir, ".backend")}`,
                    PULUMI_CONFIG_PASSPHRASE: "vcrooms-test-passphrase",
                    PULUMI_SKIP_UPDATE_CHECK: "true",
                    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
                    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
                },
            },
        );
        await stack.setAllConfig({ "vcrooms:apiUrl": { value: team.baseUrl }, "vcrooms:developerKey": { value: team.developerKey, secret: true } });
        stacks.push(stack);
        return stack;
    };

    it("a secret language of stack a1's TeamDefaults does not make stack b1's inherited language secret", async () => {
        const a1 = await stackOf("a1", teamA, async () => {
            new vcrooms.TeamDefaults("defaults", { language: pulumi.secret("de-DE") });
            const room = new vcrooms.Room("standup", { description: "Team A standup" });
            return { language: room.language };
        });
        const upA = await a1.up();
        expect(upA.summary.result).toBe("succeeded");
        expect((await a1.outputs()).language?.secret).toBe(true);

        const b1 = await stackOf("b1", teamB, async () => {
            const room = new vcrooms.Room("standup", { description: "Team B standup", language: "es-ES" });
            const plain = new vcrooms.Room("retro", { description: "Team B retro" });
            return { own: room.language, inherited: plain.language };
        });
        const upB = await b1.up();
        expect(upB.summary.result).toBe("succeeded");
        const outputs = await b1.outputs();
        expect(outputs.own).toEqual({ value: "es-ES", secret: false });
        // Team B's own default language, which no program of this process declared secret.
        expect(typeof outputs.inherited?.value).toBe("string");
        expect(outputs.inherited?.secret).toBe(false);
    });
});
