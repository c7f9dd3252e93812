/**
 * What the real-CLI suites share: the CLI's location (or why the suites are skipped), projects configured for an
 * emulator, and the emulator's request log. The emulator itself comes from the one fixture, test/support/emulator.ts.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { control } from "../support/http";
import { locateCli, PulumiProject, ROOT, type CommandResult, type JsonStep, type ProjectOptions } from "../../harness/pulumiCli";

export { plannedChanges } from "../../harness/pulumiCli";

export const cli = locateCli();
export const cliDir = "dir" in cli ? cli.dir : "";
if ("skip" in cli) console.warn(cli.skip);

export const DECLARED_PROGRAM = path.join(ROOT, "dist/test/cli/programs/declared.js");
/** The same scenarios through the plugin face (vcrooms:index:* resources, explicit providers, invokes). */
export const PLUGIN_PROGRAM = path.join(ROOT, "dist/test/cli/programs/plugin.js");

/**
 * A project running a compiled program of ours (not a user's folder): its Node.js processes load the SDK's closure
 * modules on first use (harness/deferClosureModules.ts).
 */
export const programProject = (options: Omit<ProjectOptions, "cliDir" | "folder" | "python" | "deferClosureModules"> & { program: string }) =>
    new PulumiProject({ cliDir, ...options, deferClosureModules: true });

/**
 * A project running `program` (or a user's installed `folder`, as it is) against the emulator, configured as a user
 * would: apiUrl in config, the key as a secret.
 */
export async function projectFor(emulator: RunningEmulator, config: Record<string, string> = {}, options: { program?: string; folder?: string; secretConfig?: Record<string, string>; plugin?: boolean } = {}): Promise<PulumiProject> {
    const project = options.folder
        ? new PulumiProject({ cliDir, folder: options.folder })
        : programProject({ program: options.program ?? (options.plugin ? PLUGIN_PROGRAM : DECLARED_PROGRAM), plugin: options.plugin });
    return project.init({ "vcrooms:apiUrl": emulator.baseUrl, ...config }, { "vcrooms:developerKey": emulator.developerKey, ...options.secretConfig });
}

export interface RequestLog {
    total: number;
    routes: Record<string, number>;
    entries: Array<{ method: string; path: string; status: number }>;
}

export const requestLog = (emulator: RunningEmulator): Promise<RequestLog> => control(emulator, "GET", "/requests");
export const clearLog = (emulator: RunningEmulator) => control(emulator, "DELETE", "/requests");
export const writes = async (emulator: RunningEmulator) => (await requestLog(emulator)).entries.filter((e) => e.method !== "GET").length;

/** The steps on our resources (the stack and the default provider left out), as `op name`, sorted. */
export function resourceOps(steps: JsonStep[]): string[] {
    return steps.filter((s) => s.type.startsWith("pulumi-nodejs:dynamic/")).map((s) => `${s.op} ${s.name}`).sort();
}

/**
 * CLI output without the SDK's debug events. @pulumi/pulumi logs every RegisterResource response at debug level,
 * secret values included in plaintext, and `--json` streams carry debug events (the normal display shows them
 * only with --debug or -v). That is upstream behaviour we cannot change; docs/assumptions.md says so. Everything
 * else the CLI prints must be free of secrets.
 */
export function withoutDebugEvents(text: string): string {
    return text
        .split("\n")
        .filter((line) => !(line.startsWith("{") && line.includes('"severity":"debug"') && line.includes('"diagnosticEvent"')))
        .join("\n");
}

const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

/**
 * `pulumi package add <repository>` in a project, then what `npm install` does for the `file:` dependency it
 * lists: the generated SDK's own postinstall (tsc into bin/, with this repository's tsc on the PATH standing in
 * for the SDK's typescript dependency) and its link into node_modules. Offline, with the repository's modules.
 */
export async function addGeneratedSdk(project: PulumiProject): Promise<CommandResult> {
    const add = await project.must(["package", "add", ROOT]);
    const sdk = path.join(project.dir, "sdks", "vcrooms");
    execFileSync(process.execPath, ["scripts/postinstall.js"], { cwd: sdk, stdio: "pipe", env: { ...process.env, PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}` } });
    fs.mkdirSync(path.join(project.dir, "node_modules", "@vcrooms"), { recursive: true });
    fs.symlinkSync(sdk, path.join(project.dir, "node_modules", "@vcrooms", "pulumi"), "dir");
    return add;
}

/** Type-checks a TypeScript program (strict) and compiles it to the index.js the project runs. */
export function compileProgram(project: PulumiProject, file = "index.ts"): void {
    const tsconfig = { compilerOptions: { target: "ES2022", module: "nodenext", moduleResolution: "nodenext", strict: true, types: ["node"], skipLibCheck: true }, files: [file] };
    fs.writeFileSync(path.join(project.dir, "tsconfig.json"), JSON.stringify(tsconfig));
    try {
        execFileSync(process.execPath, [TSC, "-p", project.dir], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
        const err = e as { stdout?: string; stderr?: string };
        throw new Error(`tsc -p ${project.dir} failed:\n${err.stdout ?? ""}${err.stderr ?? ""}`);
    }
}
