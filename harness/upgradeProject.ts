/**
 * The projects of the recorded upgrade stacks (test/upgrade/): a program of test/upgrade/programs/ (or its recorded
 * copy) in a temporary folder, run on one version of the package, as a user's project is after `npm install` of
 * that version: `node_modules/pulumi-vcrooms` is that version's checkout (built), and every other package is the
 * checkout's own. The plugin-ts program's `@vcrooms/pulumi` is generated from that version's plugin and compiled
 * there. scripts/record-upgrade-baseline.mjs records with a release's checkout; test/upgrade/upgrade.test.ts runs
 * the recordings on this one.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "./pulumiCli";

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

/**
 * `pulumi package gen-sdk` of the checkout's plugin, compiled with the checkout's TypeScript into
 * `node_modules/@vcrooms/pulumi` (its compiled `bin/` with its package.json, as it is published), as `pulumi package add` would
 * link it but without an npm install: the SDK's one dependency, @pulumi/pulumi, is the checkout's.
 */
function generateTypeScriptSdk(checkout: string, project: string, pulumi: string, env: NodeJS.ProcessEnv): void {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-upgrade-sdk-"));
    try {
        execFileSync(pulumi, ["package", "gen-sdk", path.join(checkout, "plugin"), "--language", "nodejs", "--out", out], { cwd: project, env, stdio: "pipe" });
        // Compiled where it is linked, so that its imports (@pulumi/pulumi) resolve to the checkout's packages.
        const target = path.join(project, "node_modules", "@vcrooms", "pulumi");
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.cpSync(path.join(out, "nodejs"), target, { recursive: true });
        const tsc = path.join(checkout, "node_modules", "typescript", "bin", "tsc");
        execFileSync(process.execPath, [tsc, "-p", target, "--skipLibCheck", "--ignoreDeprecations", "6.0"], { cwd: target, stdio: "pipe" });
        // The SDK reads its version from the package.json beside its compiled files, as it is published from bin/
        // (scripts/release-sdks.mjs copies it there too).
        const manifest = JSON.parse(fs.readFileSync(path.join(target, "package.json"), "utf8"));
        delete manifest.scripts;
        fs.writeFileSync(path.join(target, "bin", "package.json"), JSON.stringify(manifest, null, 2));
        fs.writeFileSync(path.join(target, "package.json"), JSON.stringify({ ...manifest, main: "bin/index.js", types: "bin/index.d.ts" }, null, 2));
    } catch (e) {
        const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
        throw new Error(`generating @vcrooms/pulumi from ${checkout}/plugin failed: ${err.message}\n${err.stdout ?? ""}${err.stderr ?? ""}`);
    } finally {
        fs.rmSync(out, { recursive: true, force: true });
    }
}

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
    linkPackages(checkout, path.join(dir, "node_modules"));
    if (program === "plugin-ts") generateTypeScriptSdk(checkout, dir, path.join(options.cliDir, "pulumi"), options.env);
    return { dir, program };
}

/** The programs of test/upgrade/programs/, by folder name. */
export const UPGRADE_PROGRAMS_DIR = path.join(ROOT, "test", "upgrade", "programs");
export const upgradePrograms = (): string[] =>
    fs.readdirSync(UPGRADE_PROGRAMS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
