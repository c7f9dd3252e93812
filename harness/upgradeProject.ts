/**
 * The projects of the recorded upgrade stacks (test/upgrade/): a program of test/upgrade/programs/ (or its recorded
 * copy) in a temporary folder, run on one version of the package, as a user's project is after `npm install` of
 * that version: `node_modules/pulumi-vcrooms` is that version's checkout (built), and every other package is the
 * checkout's own. The SDK a plugin program imports (plugin-ts's `@vcrooms/pulumi`, python's `pulumi_vcrooms`, go's
 * module) is generated from that version's plugin and installed or built there. scripts/record-upgrade-baseline.mjs records with a release's checkout; test/upgrade/upgrade.test.ts runs
 * the recordings on this one.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { layeredVirtualenv, locatePythonVenv, OFFLINE_PIP_ENV, ROOT } from "./pulumiCli";

/** The stack name every recording uses: an import into a stack of another name would not match its URNs. */
export const UPGRADE_STACK = "upgrade";

/** The files of a recording that are not the program: what the recording script writes beside it. */
export const RECORDED_FILES = ["stack.json", "team-before.json", "team.json", `Pulumi.${UPGRADE_STACK}.yaml`, "recorded.json"];

/** Links every package of `checkout`'s node_modules, and `pulumi-vcrooms` itself as the checkout, into `into`. */
function linkPackages(checkout: string, into: string): void {
    const source = path.join(checkout, "node_modules");
    fs.mkdirSync(into, { recursive: true });
    for (const entry of fs.readdirSync(source)) {
        if (entry.startsWith(".") || entry === "@vcrooms") continue;
        fs.symlinkSync(path.join(fs.realpathSync(source), entry), path.join(into, entry), "dir");
    }
    fs.symlinkSync(checkout, path.join(into, "pulumi-vcrooms"), "dir");
}

/** Runs `file` and throws with its output, saying what it was `about`, when it fails. */
function run(about: string, file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): void {
    try {
        execFileSync(file, args, { ...options, stdio: "pipe" });
    } catch (e) {
        const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
        throw new Error(`${about} failed: ${err.message}\n${err.stdout ?? ""}${err.stderr ?? ""}`);
    }
}

/**
 * `pulumi package gen-sdk` of the checkout's plugin in `language` (nodejs, python, go), copied to `target`: the SDK
 * of that version, as `pulumi install` or the published package gives it.
 */
function generateSdk(checkout: string, project: string, language: string, target: string, options: { cliDir: string; env: NodeJS.ProcessEnv }): void {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-upgrade-sdk-"));
    try {
        run(`generating the ${language} SDK from ${checkout}/plugin`, path.join(options.cliDir, "pulumi"), ["package", "gen-sdk", path.join(checkout, "plugin"), "--language", language, "--out", out], { cwd: project, env: options.env });
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.cpSync(path.join(out, language), target, { recursive: true });
    } finally {
        fs.rmSync(out, { recursive: true, force: true });
    }
}

/**
 * The checkout's TypeScript SDK compiled with the checkout's TypeScript into `node_modules/@vcrooms/pulumi` (its
 * compiled `bin/` with its package.json, as it is published), as `pulumi package add` would link it but without an
 * npm install: the SDK's one dependency, @pulumi/pulumi, is the checkout's.
 */
function installTypeScriptSdk(checkout: string, project: string, options: { cliDir: string; env: NodeJS.ProcessEnv }): void {
    // Compiled where it is linked, so that its imports (@pulumi/pulumi) resolve to the checkout's packages.
    const target = path.join(project, "node_modules", "@vcrooms", "pulumi");
    generateSdk(checkout, project, "nodejs", target, options);
    const tsc = path.join(checkout, "node_modules", "typescript", "bin", "tsc");
    run(`compiling @vcrooms/pulumi from ${checkout}/plugin`, process.execPath, [tsc, "-p", target, "--skipLibCheck", "--ignoreDeprecations", "6.0"], { cwd: target });
    // The SDK reads its version from the package.json beside its compiled files, as it is published from bin/
    // (scripts/release-sdks.mjs copies it there too).
    const manifest = JSON.parse(fs.readFileSync(path.join(target, "package.json"), "utf8"));
    delete manifest.scripts;
    fs.writeFileSync(path.join(target, "bin", "package.json"), JSON.stringify(manifest, null, 2));
    fs.writeFileSync(path.join(target, "package.json"), JSON.stringify({ ...manifest, main: "bin/index.js", types: "bin/index.d.ts" }, null, 2));
}

/**
 * The checkout's Python SDK in `sdks/vcrooms`, pip-installed from the program's requirements.txt into the `venv`
 * its Pulumi.yaml names, as `pulumi install` does; the virtualenv is layered over the shared one (pulumi at the
 * pinned version), so pip runs offline.
 */
function installPythonSdk(checkout: string, project: string, options: { cliDir: string; env: NodeJS.ProcessEnv }): void {
    const shared = locatePythonVenv();
    if ("skip" in shared) throw new Error(`the python program needs a Python virtualenv: ${shared.skip}`);
    generateSdk(checkout, project, "python", path.join(project, "sdks", "vcrooms"), options);
    const venv = path.join(project, "venv");
    layeredVirtualenv(venv, shared.dir);
    const env = { ...options.env, ...OFFLINE_PIP_ENV };
    run(`installing pulumi_vcrooms from ${checkout}/plugin`, path.join(venv, "bin", "python"), ["-m", "pip", "install", "-r", "requirements.txt"], { cwd: project, env });
}

/**
 * The checkout's Go SDK in `sdks/vcrooms` (where go.mod's replace points, as `pulumi install` puts it), and the
 * program built against it into the binary its Pulumi.yaml names: one build per project rather than one at each
 * command. `-trimpath` keeps the project's temporary folder out of the SDK package's build-cache key, so a version's
 * SDK compiles once and later projects only link (Pulumi's SDK stays as scripts/go-warm compiled it).
 */
function buildGoProgram(checkout: string, project: string, options: { cliDir: string; env: NodeJS.ProcessEnv }): void {
    generateSdk(checkout, project, "go", path.join(project, "sdks", "vcrooms"), options);
    const binary = (yaml.load(fs.readFileSync(path.join(project, "Pulumi.yaml"), "utf8")) as { runtime: { options: { binary: string } } }).runtime.options.binary;
    run(`building the go program with the SDK of ${checkout}/plugin`, "go", ["build", "-trimpath", "-o", binary, "."], { cwd: project, env: { ...options.env, GOTOOLCHAIN: "local" } });
}

/** What each program needs of the checkout beyond its node_modules: the SDK it imports, generated from the plugin. */
const SDKS: Record<string, (checkout: string, project: string, options: { cliDir: string; env: NodeJS.ProcessEnv }) => void> = {
    "plugin-ts": installTypeScriptSdk,
    python: installPythonSdk,
    go: buildGoProgram,
};

export interface PreparedProject {
    dir: string;
    program: string;
}

/**
 * A temporary folder holding `programDir`'s program files (not a recording's files) with the packages of
 * `checkout` (a built checkout of pulumi-vcrooms: this repository or a release's worktree).
 */
export function prepareUpgradeProject(programDir: string, checkout: string, options: { cliDir: string; env: NodeJS.ProcessEnv }): PreparedProject {
    const program = path.basename(programDir);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vcrooms-upgrade-${program}-`));
    for (const entry of fs.readdirSync(programDir, { withFileTypes: true })) {
        if (entry.isFile() && !RECORDED_FILES.includes(entry.name)) fs.copyFileSync(path.join(programDir, entry.name), path.join(dir, entry.name));
    }
    try {
        linkPackages(checkout, path.join(dir, "node_modules"));
        SDKS[program]?.(checkout, dir, options);
    } catch (e) {
        // No one else knows the folder yet: a failed SDK generation or build leaves nothing behind.
        fs.rmSync(dir, { recursive: true, force: true });
        throw e;
    }
    return { dir, program };
}

/** The programs of test/upgrade/programs/, by folder name. */
export const UPGRADE_PROGRAMS_DIR = path.join(ROOT, "test", "upgrade", "programs");
export const upgradePrograms = (): string[] =>
    fs.readdirSync(UPGRADE_PROGRAMS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
