/**
 * Drives the real Pulumi CLI, built from Go modules by scripts/pulumi-cli, with the file backend in a
 * temporary directory, offline: the proof that lifecycle claims hold under the real engine.
 *
 * A project here is a temporary folder with a Pulumi.yaml whose `index.js` re-exports a compiled program
 * from dist/, and a node_modules folder of links to this repository's packages plus `pulumi-vcrooms`
 * itself, as a user's project has after `npm install pulumi-vcrooms`; or a user's own project folder, installed
 * from the packed tarball (test/cli/install.ts), run as it is.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { withDeferredClosureModules } from "./preloads";
import { tallyCommand } from "./commandTally";
import { prepareStackConfig, setStackConfig } from "./stackConfig";

/** The repository: the nearest folder above with our package.json (this file runs from harness/ and dist/harness/). */
export const ROOT = (() => {
    for (let dir = __dirname; ; dir = path.dirname(dir)) {
        const manifest = path.join(dir, "package.json");
        if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, "utf8")).name === "pulumi-vcrooms") return dir;
        if (path.dirname(dir) === dir) throw new Error(`pulumi-vcrooms's package.json not found above ${__dirname}`);
    }
})();

/** The `vcrooms` plugin folder (PulumiPlugin.yaml and a package.json whose `main` is the built plugin), as a program names it. */
export const PLUGIN_FOLDER = path.join(ROOT, "plugin");

export type CliLocation = { dir: string } | { skip: string };

let located: CliLocation | undefined;

/**
 * Where the CLI is: PULUMI_CLI_DIR, else whatever scripts/pulumi-cli prints (it builds on first use). On a
 * machine without Go the answer says why the real-CLI suite is skipped; under CI that is a failure instead.
 */
export function locateCli(options: { preferPath?: boolean } = {}): CliLocation {
    if (located) return located;
    if (process.env.PULUMI_CLI_DIR) return (located = { dir: process.env.PULUMI_CLI_DIR });
    // A user's own installation (the demo prefers it); the test suites use the pinned build for repeatable runs.
    if (options.preferPath) {
        const onPath = (process.env.PATH ?? "").split(path.delimiter).find((d) => d && fs.existsSync(path.join(d, "pulumi")) && fs.existsSync(path.join(d, "pulumi-language-nodejs")));
        if (onPath) return (located = { dir: onPath });
    }
    try {
        const out = execFileSync(path.join(ROOT, "scripts/pulumi-cli"), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 40 * 60_000 });
        located = { dir: out.trim().split("\n").pop()! };
    } catch (e) {
        const err = e as { status?: number; stderr?: string; message: string };
        const reason = (err.stderr ?? "").trim() || err.message;
        if (process.env.CI) throw new Error(`the real Pulumi CLI is required under CI, but scripts/pulumi-cli failed: ${reason}`);
        located = { skip: `real-CLI suite skipped: ${reason}` };
    }
    return located;
}

let locatedPython: CliLocation | undefined;

/**
 * The Python virtualenv with the pinned `pulumi` package: PULUMI_PYTHON_VENV, else whatever scripts/pulumi-python
 * prints (it makes one on first use). Without Python, or without PyPI on a first run, the answer says why the
 * Python suite is skipped; under CI that is a failure instead.
 */
export function locatePythonVenv(): CliLocation {
    if (locatedPython) return locatedPython;
    if (process.env.PULUMI_PYTHON_VENV) return (locatedPython = { dir: process.env.PULUMI_PYTHON_VENV });
    try {
        const out = execFileSync(path.join(ROOT, "scripts/pulumi-python"), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 15 * 60_000 });
        locatedPython = { dir: out.trim().split("\n").pop()! };
    } catch (e) {
        const err = e as { stderr?: string; message: string };
        const reason = (err.stderr ?? "").trim() || err.message;
        if (process.env.CI) throw new Error(`a Python virtualenv is required under CI, but scripts/pulumi-python failed: ${reason}`);
        locatedPython = { skip: `Python suite skipped: ${reason}` };
    }
    return locatedPython;
}

export interface CommandResult {
    code: number;
    stdout: string;
    stderr: string;
}

/** A step of `--json` output, reduced to what the tests compare. */
export interface JsonStep {
    op: string;
    urn: string;
    name: string;
    type: string;
    diffs?: string[];
    replaceReasons?: string[];
    detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }>;
    old?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
    new?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
}

export interface JsonRun {
    steps: JsonStep[];
    changeSummary: Record<string, number>;
    diagnostics: Array<{ message: string; severity: string; urn?: string }>;
}

export interface ProjectOptions {
    cliDir: string;
    /** The compiled program module (absolute), e.g. dist/test/cli/programs/declared.js. */
    program?: string;
    /** A project folder as a user has it (an example copied out and installed): run where it is, as it is. */
    folder?: string;
    /** A Python project instead of `program`: see {@link PythonProgram}. */
    python?: PythonProgram;
    name?: string;
    stack?: string;
    /** Extra environment for every command (the VCROOMS_* variables of a test, for example). */
    env?: Record<string, string>;
    /** Run the `vcrooms` provider plugin from this repository (the plugin face), as `plugins:` in Pulumi.yaml names it. */
    plugin?: boolean;
    /**
     * The Node.js processes under the CLI (program, dynamic-provider host, plugin) load the SDK's closure-serialization
     * modules only if they use them (harness/deferClosureModules.ts): a third of the CPU of an operation on the suites'
     * own programs. Never for a user's installed folder or the bench, which run as a user's do.
     */
    deferClosureModules?: boolean;
}

/**
 * A Python program folder (an example) copied into the project as it is, Pulumi.yaml included, with its local
 * packages (`packages:` name to folder, e.g. vcrooms to the repository) pointed at this machine. The virtualenv
 * its Pulumi.yaml names is made in the project, layered over `shared` (scripts/pulumi-python's, never installed
 * into): a `.pth` file puts the shared packages (pulumi, pip, setuptools) on its path, so `pulumi install` and
 * pip work offline and install only the project's own packages (its generated SDK) into it.
 */
export interface PythonProgram {
    source: string;
    shared: string;
    packages?: Record<string, string>;
}

/** How an up, refresh or destroy runs: with its preview first (the default, as a user runs it) or without. */
export interface Operation {
    preview?: boolean;
}

const skipPreview = (options: Operation) => `--skip-preview=${options.preview === false}`;

export const PASSPHRASE = "vcrooms-test-passphrase";

/**
 * What pip and Python are given in a project's virtualenv: offline (nothing but the shared virtualenv and the
 * project's folders), building local packages with the setuptools and wheel it has rather than fetching them, and no
 * bytecode written into the shared virtualenv.
 */
export const OFFLINE_PIP_ENV = { PIP_NO_INDEX: "1", PIP_NO_BUILD_ISOLATION: "false", PIP_DISABLE_PIP_VERSION_CHECK: "1", PYTHONDONTWRITEBYTECODE: "1" };

/**
 * Makes the virtualenv `venv` layered over `shared` (scripts/pulumi-python's, never installed into): a `.pth` file
 * puts the shared packages (pulumi, pip, setuptools) on its path, so pip works offline and installs only a
 * project's own packages (its generated SDK) into it.
 */
export function layeredVirtualenv(venv: string, shared: string): void {
    const sharedPython = path.join(shared, "bin", "python");
    execFileSync(sharedPython, ["-m", "venv", "--without-pip", venv], { stdio: "ignore" });
    const purelib = (python: string) => execFileSync(python, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], { encoding: "utf8" }).trim();
    fs.writeFileSync(path.join(purelib(path.join(venv, "bin", "python")), "vcrooms-shared.pth"), `${purelib(sharedPython)}\n`);
}

/** Copies a Python program's files (not a virtualenv or SDK left in its folder) and points its Pulumi.yaml at this machine. */
function writePythonProject(into: string, program: PythonProgram, name: string): void {
    for (const entry of fs.readdirSync(program.source, { withFileTypes: true })) {
        if (entry.isFile() && !entry.name.startsWith("Pulumi.") && !entry.name.endsWith(".pyc")) fs.copyFileSync(path.join(program.source, entry.name), path.join(into, entry.name));
    }
    const project = yaml.load(fs.readFileSync(path.join(program.source, "Pulumi.yaml"), "utf8")) as Record<string, any>;
    project.name = name;
    if (program.packages) project.packages = { ...project.packages, ...program.packages };
    const venv = path.resolve(into, project.runtime?.options?.virtualenv ?? "venv");
    project.runtime = { name: "python", options: { ...project.runtime?.options, virtualenv: venv } };
    layeredVirtualenv(venv, program.shared);
    // JSON is YAML too: js-yaml's `load` is all this repository declares of it (examples/gitops/js-yaml.d.ts).
    fs.writeFileSync(path.join(into, "Pulumi.yaml"), JSON.stringify(project, null, 2) + "\n");
}

/** A folder of links to every package of this repository's node_modules, plus pulumi-vcrooms itself. */
export function linkNodeModules(into: string): void {
    const source = path.join(ROOT, "node_modules");
    fs.mkdirSync(into, { recursive: true });
    for (const entry of fs.readdirSync(source)) {
        if (entry.startsWith(".")) continue;
        fs.symlinkSync(path.join(source, entry), path.join(into, entry), "dir");
    }
    fs.symlinkSync(ROOT, path.join(into, "pulumi-vcrooms"), "dir");
}

export class PulumiProject {
    readonly dir: string;
    readonly stack: string;
    /** The stack `pulumi` commands without `--stack` act on: the last one `stack init` or `stack select` named. */
    private current: string;
    private readonly env: NodeJS.ProcessEnv;

    constructor(private readonly options: ProjectOptions) {
        this.dir = options.folder ?? fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-cli-"));
        this.stack = options.stack ?? "dev";
        this.current = this.stack;
        const name = options.name ?? "vcrooms-cli";
        // A `folder` has the user's own Pulumi.yaml, package.json and node_modules: nothing to write.
        if (options.folder) {
            if (options.python || options.program) throw new Error("a project is a folder, a program or a python program, not several");
            if (options.deferClosureModules) throw new Error("a user's folder runs as the user's does: no preload");
        } else if (options.python) {
            writePythonProject(this.dir, options.python, name);
        } else if (options.program) {
            const plugin = options.plugin ? `plugins:\n  providers:\n    - name: vcrooms\n      path: ${PLUGIN_FOLDER}\n` : "";
            fs.writeFileSync(path.join(this.dir, "Pulumi.yaml"), `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n${plugin}`);
            fs.writeFileSync(path.join(this.dir, "package.json"), JSON.stringify({ name, private: true, main: "index.js" }));
            fs.writeFileSync(path.join(this.dir, "index.js"), `module.exports = require(${JSON.stringify(options.program)});\n`);
            linkNodeModules(path.join(this.dir, "node_modules"));
        } else {
            throw new Error("a project needs a program or a python program");
        }
        fs.mkdirSync(path.join(this.dir, ".backend"));
        // Only what a user's shell would have, less anything of ours that could configure the provider behind the test's back.
        const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VCROOMS_") && !k.startsWith("PULUMI_")));
        this.env = {
            ...inherited,
            PATH: `${options.cliDir}${path.delimiter}${process.env.PATH ?? ""}`,
            PULUMI_HOME: path.join(this.dir, ".pulumi-home"),
            PULUMI_BACKEND_URL: `file://${path.join(this.dir, ".backend")}`,
            PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
            PULUMI_SKIP_UPDATE_CHECK: "true",
            PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
            NO_COLOR: "1",
            ...(options.deferClosureModules ? { NODE_OPTIONS: withDeferredClosureModules(process.env.NODE_OPTIONS) } : {}),
            ...(options.python ? OFFLINE_PIP_ENV : {}),
            ...options.env,
        };
    }

    /** Runs `pulumi <args>` in the project; never throws for a non-zero exit. */
    run(args: string[], options: { env?: Record<string, string> } = {}): Promise<CommandResult> {
        // `stack init` and `stack select` make their stack the current one, whose config file setConfig writes, as
        // `pulumi config` does.
        if (args[0] === "stack" && (args[1] === "init" || args[1] === "select") && args[2] !== undefined && !args[2].startsWith("-")) this.current = args[2];
        return this.runFile(path.join(this.options.cliDir, "pulumi"), args, options);
    }

    /** Runs an executable (an example's script, say) in the project, with the environment `pulumi` gets (the CLI first on PATH). */
    runFile(file: string, args: string[], options: { env?: Record<string, string> } = {}): Promise<CommandResult> {
        return this.startFile(file, args, options).result;
    }

    /**
     * Starts `pulumi <args>` in a process group of its own, which a test may kill as a CI job's timeout or the OOM
     * killer does: the CLI's process, and its result once it ends.
     */
    start(args: string[]): { child: ChildProcess; result: Promise<CommandResult> } {
        return this.startFile(path.join(this.options.cliDir, "pulumi"), args, { detached: true });
    }

    private startFile(file: string, args: string[], options: { env?: Record<string, string>; detached?: boolean }): { child: ChildProcess; result: Promise<CommandResult> } {
        const child = spawn(file, args, { cwd: this.dir, env: { ...this.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"], detached: options.detached ?? false });
        const started = performance.now();
        const isCli = file === path.join(this.options.cliDir, "pulumi");
        const result = new Promise<CommandResult>((resolve, reject) => {
            let stdout = "";
            let stderr = "";
            child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
            child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
            child.on("error", reject);
            child.on("close", (code) => {
                if (isCli) tallyCommand(args, performance.now() - started);
                resolve({ code: code ?? -1, stdout, stderr });
            });
        });
        return { child, result };
    }

    /** Runs and throws with the CLI's own words when it fails. */
    async must(args: string[], options: { env?: Record<string, string> } = {}): Promise<CommandResult> {
        const result = await this.run(args, options);
        if (result.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
        return result;
    }

    /** The current stack's config file (harness/stackConfig.ts). */
    private get stackConfigFile(): string {
        return path.join(this.dir, `Pulumi.${this.current}.yaml`);
    }

    async init(config: Record<string, string> = {}, secretConfig: Record<string, string> = {}): Promise<this> {
        prepareStackConfig(path.join(this.dir, `Pulumi.${this.stack}.yaml`), PASSPHRASE);
        await this.must(["stack", "init", this.stack, "--non-interactive"]);
        await this.setConfig(config, secretConfig);
        return this;
    }

    /** Sets config as `pulumi config set-all --path=false` does: in the stack's config file, or through the CLI where a secret has no salt to go under. */
    async setConfig(config: Record<string, string> = {}, secretConfig: Record<string, string> = {}): Promise<void> {
        if (Object.keys(config).length + Object.keys(secretConfig).length === 0) return;
        const manifest = yaml.load(fs.readFileSync(path.join(this.dir, "Pulumi.yaml"), "utf8")) as { name: string };
        if (setStackConfig(this.stackConfigFile, manifest.name, PASSPHRASE, config, secretConfig)) return;
        // `config set-all` takes many keys in one process: one CLI start instead of one per key.
        const args = ["config", "set-all", "--path=false"];
        for (const [k, v] of Object.entries(config)) args.push("--plaintext", `${k}=${v}`);
        for (const [k, v] of Object.entries(secretConfig)) args.push("--secret", `${k}=${v}`);
        if (args.length > 3) await this.must(args);
    }

    async removeConfig(key: string): Promise<void> {
        await this.must(["config", "rm", key]);
    }

    private async jsonRun(args: string[]): Promise<JsonRun & CommandResult> {
        const result = await this.run([...args, "--json", "--non-interactive"]);
        return { ...result, ...parseJsonRun(result.stdout) };
    }

    preview(flags: string[] = []): Promise<JsonRun & CommandResult> {
        return this.jsonRun(["preview", ...flags]);
    }

    /**
     * `pulumi up --yes`, previewing first as a user's `pulumi up` does (refresh and destroy too). `{ preview: false }`
     * skips that preview (`--skip-preview`) for a step that only brings the stack to the state a test starts from,
     * for an update whose plan the test has just checked with a `preview` of the same program, config and state,
     * and for a destroy that cleans up after a test or whose only claim is what the API holds after it: the
     * operation then runs the program and the provider once instead of twice, and checks and diffs in its update as
     * it does anyway. A step whose plan, output or name a test is about keeps it.
     */
    up(flags: string[] = [], options: Operation = {}): Promise<JsonRun & CommandResult> {
        return this.jsonRun(["up", "--yes", skipPreview(options), ...flags]);
    }

    refresh(flags: string[] = [], options: Operation = {}): Promise<JsonRun & CommandResult> {
        return this.jsonRun(["refresh", "--yes", skipPreview(options), ...flags]);
    }

    destroy(flags: string[] = [], options: Operation = {}): Promise<JsonRun & CommandResult> {
        return this.jsonRun(["destroy", "--yes", skipPreview(options), ...flags]);
    }

    /** Stack outputs as `pulumi stack output --json` shows them: secrets as "[secret]". */
    async outputs(): Promise<Record<string, unknown>> {
        return JSON.parse((await this.must(["stack", "output", "--json"])).stdout || "{}");
    }

    /** `pulumi stack export` as text: secrets stay encrypted, as in the backend's files. */
    async exportText(): Promise<string> {
        return (await this.must(["stack", "export"])).stdout;
    }

    /**
     * The state the stack's last operation saved, as `pulumi stack export` prints it (secrets encrypted): the file
     * backend's checkpoint, read from its file (`{backend}/.pulumi/stacks/{project}/{stack}.json`, whose `latest` is
     * the deployment the export prints) rather than by a CLI start, a third of a second of CPU each. What `pulumi stack
     * export` itself prints is `exportText` (a channel of its own where a test searches it).
     */
    savedDeployment(): { resources?: Array<Record<string, any>>; pending_operations?: unknown[] } {
        return this.checkpoint().checkpoint.latest ?? {};
    }

    private checkpoint(): { version: number; checkpoint: { latest?: Record<string, any> } } {
        const stacks = path.join(this.dir, ".backend", ".pulumi", "stacks");
        const [project] = fs.readdirSync(stacks);
        // The current stack's, as `pulumi stack export` reads it.
        return JSON.parse(fs.readFileSync(path.join(stacks, project!, `${this.current}.json`), "utf8"));
    }

    /** What `pulumi stack export` prints, from the checkpoint file (`savedDeployment`): the version and the deployment, as `pulumi stack import` takes them. */
    async exportDeployment(): Promise<{ version: number; deployment: { resources?: Array<Record<string, any>> } }> {
        const saved = this.checkpoint();
        return { version: saved.version, deployment: saved.checkpoint.latest ?? {} };
    }

    /** The state of the resource named `name` in the stack's export (the first whose URN ends with it), if any. */
    async resourceState(name: string): Promise<Record<string, any> | undefined> {
        return (await this.exportDeployment()).deployment.resources?.find((r) => String(r.urn).endsWith(`::${name}`));
    }

    /** Every file the CLI wrote (state, backups, history, logs), for a search for leaked secrets. */
    writtenText(): string {
        const parts: string[] = [];
        const walk = (dir: string) => {
            for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
                if (entry.name === "node_modules") continue;
                const full = path.join(dir, entry.name);
                if (entry.isDirectory()) walk(full);
                else if (entry.isFile() && fs.statSync(full).size < 20_000_000) parts.push(fs.readFileSync(full, "utf8"));
            }
        };
        walk(this.dir);
        return parts.join("\n");
    }

    dispose(): void {
        fs.rmSync(this.dir, { recursive: true, force: true });
    }
}

/**
 * What `--json` prints: preview prints one JSON object; up, refresh and destroy print that preview object (when
 * they preview) followed by the update's engine events, one JSON object a line. The run's steps are the update's
 * when there are events, else the preview's.
 */
export function parseJsonRun(stdout: string): JsonRun {
    const lines = stdout.split("\n");
    let preview: any;
    let rest = lines;
    if (lines[0]?.startsWith("{") && lines[0].trim() === "{") {
        const end = lines.findIndex((l) => l === "}");
        if (end > 0) {
            preview = safeJson(lines.slice(0, end + 1).join("\n"));
            rest = lines.slice(end + 1);
        }
    }
    const events = rest.filter((l) => l.startsWith("{")).map(safeJson).filter((e): e is Record<string, any> => e !== undefined);
    const step = (m: any): JsonStep => {
        const urn: string = m.urn ?? "";
        const parts = urn.split("::");
        return { op: m.op, urn, type: parts[2] ?? "", name: parts[3] ?? "", diffs: m.diffs ?? undefined, replaceReasons: m.replaceReasons ?? undefined, detailedDiff: m.detailedDiff ?? undefined, old: m.oldState ?? m.old, new: m.newState ?? m.new };
    };
    if (events.length > 0) {
        const summary = events.find((e) => e.summaryEvent)?.summaryEvent;
        return {
            steps: events.filter((e) => e.resourcePreEvent).map((e) => step(e.resourcePreEvent.metadata)),
            changeSummary: summary?.resourceChanges ?? {},
            diagnostics: events.filter((e) => e.diagnosticEvent && e.diagnosticEvent.severity !== "debug").map((e) => ({ message: e.diagnosticEvent.message, severity: e.diagnosticEvent.severity, urn: e.diagnosticEvent.urn })),
        };
    }
    return {
        steps: (preview?.steps ?? []).map(step),
        changeSummary: preview?.changeSummary ?? {},
        diagnostics: (preview?.diagnostics ?? []).filter((d: any) => d.severity !== "debug").map((d: any) => ({ message: d.message, severity: d.severity, urn: d.urn })),
    };
}

function safeJson(text: string): any {
    try {
        return JSON.parse(text);
    } catch {
        return undefined;
    }
}

/**
 * The declared inputs whose values differ from what the resource holds now: the properties a plan shows as
 * changing. The dynamic provider host sends no detailed diff, so this is read from the step's old and new state.
 */
export function plannedChanges(step: JsonStep | undefined): string[] {
    if (!step) return [];
    const live = (step.old?.outputs ?? {}) as Record<string, unknown>;
    const declared = (step.new?.inputs ?? {}) as Record<string, unknown>;
    // Role-typed settings are declared as names and read back as objects: their plain comparison means nothing.
    const readBackAsObjects = (v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v)) || (Array.isArray(v) && v.some((x) => x !== null && typeof x === "object"));
    return Object.keys(declared)
        .filter((k) => !k.startsWith("__") && k !== "resourceName" && declared[k] !== undefined && !readBackAsObjects(live[k]) && JSON.stringify(declared[k]) !== JSON.stringify(live[k]))
        .sort();
}
