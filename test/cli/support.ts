/**
 * What the real-CLI suites share: the CLI's location (or why the suites are skipped), projects configured for an
 * emulator, and the emulator's request log. The emulator itself comes from the one fixture, test/support/emulator.ts.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { expect } from "vitest";
import { apiCaller, control } from "../support/http";
import { locateCli, PulumiProject, ROOT, type CommandResult, type JsonStep, type ProjectOptions } from "../../harness/pulumiCli";
import { NPM_INSTALL_FLAGS, outsideRepository, packedTarball } from "./install";

export { plannedChanges } from "../../harness/pulumiCli";

export const cli = locateCli();
export const cliDir = "dir" in cli ? cli.dir : "";
if ("skip" in cli) console.warn(cli.skip);

/**
 * The requirement on Pulumi's Go SDK every Go program of the tests writes: examples/go-rooms's own, the version
 * scripts/go-warm compiles before the suites, so that no Go test compiles another version of it from cold.
 */
export const GO_PULUMI_SDK = (() => {
    const line = fs.readFileSync(path.join(ROOT, "examples/go-rooms/go.mod"), "utf8").match(/^\s*(github\.com\/pulumi\/pulumi\/sdk\/v3 v\S+)/m);
    if (!line) throw new Error("examples/go-rooms/go.mod requires no github.com/pulumi/pulumi/sdk/v3");
    return line[1]!;
})();

/**
 * Which language hosts the CLI folder holds, for a test to print: each host's digest, and whether it is one of the
 * upstream builds listed in the shared SHA256SUMS scripts/pulumi-cli checked them against (else they came from a
 * Pulumi installation on PATH).
 */
export function languageHosts(dir: string): string {
    const sums = path.join(process.env.PULUMI_UPSTREAM_HOSTS ?? path.join(ROOT, "..", "shared", "pulumi-hosts"), "SHA256SUMS");
    const listed = fs.existsSync(sums) ? fs.readFileSync(sums, "utf8") : "";
    return ["nodejs", "python", "go"]
        .map((language) => `pulumi-language-${language}`)
        .filter((host) => fs.existsSync(path.join(dir, host)))
        .map((host) => {
            const digest = createHash("sha256").update(fs.readFileSync(path.join(dir, host))).digest("hex");
            return `${host} ${digest.slice(0, 16)} (${listed.includes(digest) ? "upstream's, as listed in the shared SHA256SUMS" : "from a Pulumi installation"})`;
        })
        .join("; ");
}

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
export async function projectFor(emulator: RunningEmulator, config: Record<string, string> = {}, options: { program?: string; folder?: string; secretConfig?: Record<string, string>; plugin?: boolean; env?: Record<string, string>; stack?: string } = {}): Promise<PulumiProject> {
    const project = options.folder
        ? new PulumiProject({ cliDir, folder: options.folder })
        : programProject({ program: options.program ?? (options.plugin ? PLUGIN_PROGRAM : DECLARED_PROGRAM), plugin: options.plugin, env: options.env, ...(options.stack ? { stack: options.stack } : {}) });
    return project.init({ "vcrooms:apiUrl": emulator.baseUrl, ...config }, { "vcrooms:developerKey": emulator.developerKey, ...options.secretConfig });
}

export interface RequestLog {
    total: number;
    routes: Record<string, number>;
    entries: Array<{ method: string; path: string; status: number }>;
}

export const requestLog = (emulator: RunningEmulator): Promise<RequestLog> => control(emulator, "GET", "/requests");
export const clearLog = (emulator: RunningEmulator) => control(emulator, "DELETE", "/requests");
/**
 * The API requests in the emulator's log but the one a plugin preview makes for a new room's address: a GET of the
 * team's defaults, for its domain (provider/resources/room.ts, `planned`). A preview the provider or the policy pack
 * refuses sends nothing else.
 */
export const requestsBesidesDomainRead = async (emulator: RunningEmulator) =>
    (await requestLog(emulator)).entries.filter((e) => e.path.startsWith("/api/v1") && !(e.method === "GET" && e.path === "/api/v1/"));
export const writes = async (emulator: RunningEmulator) => (await requestLog(emulator)).entries.filter((e) => e.method !== "GET").length;

/** The steps on our resources (the stack and the default provider left out), as `op name`, sorted. */
export function resourceOps(steps: JsonStep[]): string[] {
    return steps.filter((s) => s.type.startsWith("pulumi-nodejs:dynamic/")).map((s) => `${s.op} ${s.name}`).sort();
}

/**
 * The steps on the plugin's resources (types `vcrooms:index:{Kind}`; the stack and the providers left out), as `op Kind
 * name`, sorted: what the plugin-face files compare, as resourceOps is for the dynamic face. `changes` leaves out the
 * steps that change nothing (`same`, and the reads of a `--refresh`).
 */
export function pluginOps(steps: JsonStep[], { changes = false }: { changes?: boolean } = {}): string[] {
    return steps
        .filter((s) => s.type.startsWith("vcrooms:index:") && !(changes && (s.op === "same" || s.op === "refresh")))
        .map((s) => `${s.op} ${s.type.slice("vcrooms:index:".length)} ${s.name}`)
        .sort();
}

/**
 * A change made outside Pulumi, found and put back, as the README's "Configure and run" says: `change` (snake_case, as
 * the API takes it) PATCHed on the room with friendly URL `friendlyUrl`, then `preview --refresh` plans an update of
 * that room alone (resource `name`) whose diff names the changed fields, `up --refresh` puts back what the program
 * declares (`declared`, as the API answers it), and the next `preview --refresh --expect-no-changes` passes.
 */
export async function expectDriftRepaired(
    project: PulumiProject,
    api: ReturnType<typeof apiCaller>,
    drift: { friendlyUrl: string; name: string; change: Record<string, unknown>; changedFields: string[]; declared: Record<string, unknown> },
): Promise<void> {
    expect((await api("PATCH", `/rooms/${drift.friendlyUrl}`, drift.change)).status).toBe(200);
    const preview = await project.preview(["--refresh"]);
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect(pluginOps(preview.steps, { changes: true })).toEqual([`update Room ${drift.name}`]);
    expect(Object.keys(preview.steps.find((s) => s.name === drift.name && s.op === "update")?.detailedDiff ?? {}).sort()).toEqual([...drift.changedFields].sort());
    const repair = await project.up(["--refresh"], { preview: false });
    expect(repair.code, repair.stdout + repair.stderr).toBe(0);
    expect((await api("GET", `/rooms/${drift.friendlyUrl}`)).body).toMatchObject(drift.declared);
    const again = await project.preview(["--refresh", "--expect-no-changes"]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
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

/** The version of a package this repository installed (so that a user folder's install comes from npm's cache). */
const installedVersion = (name: string): string => JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;

/**
 * A user's TypeScript project for the plugin face, outside the repository: a Pulumi.yaml running the compiled
 * `index.js`, and the packed package installed with @pulumi/pulumi, typescript and @types/node, as the README's
 * install says. Its `index.js` (empty at first) is the test's to write (`compileProgram`).
 */
export function installedProject(name: string): PulumiProject {
    const dir = outsideRepository(`${name}-`);
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`);
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, main: "index.js" }, null, 2));
    // A program from the start, as a user's project has: the CLI reads the project's main before an import too.
    fs.writeFileSync(path.join(dir, "index.js"), "// The test compiles its program over this file.\n");
    const packages = ["@pulumi/pulumi", "typescript", "@types/node"].map((p) => `${p}@${installedVersion(p)}`);
    execFileSync("npm", ["install", packedTarball(), ...packages, ...NPM_INSTALL_FLAGS], { cwd: dir, stdio: "pipe", timeout: 300_000 });
    return new PulumiProject({ cliDir, folder: dir });
}

/**
 * `pulumi package add ./node_modules/pulumi-vcrooms/plugin` in an installed project: the CLI generates the SDK into
 * sdks/vcrooms and the Node.js language host links it (package.json's `@vcrooms/pulumi`, then `npm install`, which
 * runs the SDK's postinstall that compiles it).
 */
export const addGeneratedSdk = (project: PulumiProject): Promise<CommandResult> => project.must(["package", "add", "./node_modules/pulumi-vcrooms/plugin"]);

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
