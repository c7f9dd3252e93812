/**
 * The Automation API (`@pulumi/pulumi/automation`) as a GitOps controller runs it, on the real CLI: a place per
 * project (a work folder with the file backend and its own PULUMI_HOME, the repository's packages linked into its
 * node_modules, as a user's project has them installed) and inline programs, run in this process, whose stacks
 * the CLI of scripts/pulumi-cli drives with upstream's language hosts.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand, type ProjectSettings, type PulumiFn, type Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../emulator";
import { linkNodeModules, PLUGIN_FOLDER } from "../../harness/pulumiCli";
import { cliDir } from "./support";

/** One project's folder: what its workspace runs in, and the CLI's environment there. */
export interface AutomationPlace {
    dir: string;
    envVars: Record<string, string>;
    command: PulumiCommand;
    dispose(): void;
}

/**
 * A folder for one project. The dynamic face's provider host resolves `pulumi-vcrooms/provider` from the work folder,
 * as it would from a user's project, so the repository's packages are linked there. `PulumiCommand` takes a root
 * holding `bin/pulumi`: a link to the built CLI.
 */
export async function automationPlace(name: string): Promise<AutomationPlace> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vcrooms-automation-${name}-`));
    fs.mkdirSync(path.join(dir, ".backend"));
    fs.mkdirSync(path.join(dir, "cli", "bin"), { recursive: true });
    fs.symlinkSync(path.join(cliDir, "pulumi"), path.join(dir, "cli", "bin", "pulumi"));
    linkNodeModules(path.join(dir, "node_modules"));
    const envVars = {
        PATH: `${cliDir}${path.delimiter}${process.env.PATH ?? ""}`,
        PULUMI_HOME: path.join(dir, ".pulumi-home"),
        PULUMI_BACKEND_URL: `file://${path.join(dir, ".backend")}`,
        PULUMI_CONFIG_PASSPHRASE: "vcrooms-automation-passphrase",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        NO_COLOR: "1",
    };
    const command = await PulumiCommand.get({ root: path.join(dir, "cli"), skipVersionCheck: true });
    return { dir, envVars, command, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * An inline program's stack in `place`, configured for `emulator`'s team (the key a secret config value). `plugin`:
 * the project names the vcrooms plugin (this repository's `plugin/` folder), as `plugins:` in a Pulumi.yaml does.
 */
export async function inlineStack(place: AutomationPlace, options: { project: string; stack: string; program: PulumiFn; plugin?: boolean; emulator: RunningEmulator }): Promise<Stack> {
    const stack = await LocalWorkspace.createOrSelectStack(
        { projectName: options.project, stackName: options.stack, program: options.program },
        {
            workDir: place.dir,
            pulumiCommand: place.command,
            envVars: place.envVars,
            // `plugins` is a Pulumi.yaml key the Automation API's type leaves out; the workspace writes the settings as given.
            projectSettings: {
                name: options.project,
                runtime: "nodejs",
                backend: { url: place.envVars.PULUMI_BACKEND_URL! },
                ...(options.plugin ? { plugins: { providers: [{ name: "vcrooms", path: PLUGIN_FOLDER }] } } : {}),
            } as ProjectSettings,
        },
    );
    await stack.setAllConfig({
        "vcrooms:apiUrl": { value: options.emulator.baseUrl },
        "vcrooms:developerKey": { value: options.emulator.developerKey, secret: true },
    });
    return stack;
}

/** The message of a failed Automation API command: the CLI's output, where the engine's diagnostics are. */
export function failureText(error: unknown): string {
    const e = error as { message?: string; commandResult?: { stdout?: string; stderr?: string } };
    return [e.message ?? String(error), e.commandResult?.stdout ?? "", e.commandResult?.stderr ?? ""].join("\n");
}
