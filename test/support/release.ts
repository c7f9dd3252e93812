/**
 * The release's files as `npm run release:plugin` and `npm run release:sdks` make them, for the suites that install
 * the provider as a first-party provider is installed (test/release/programs.test.ts, test/release/plugin.test.ts,
 * test/examples/readmeCommands.test.ts). Each part (the plugin's linux-amd64 archive, the other platforms'
 * archives for the one file that checks them, the emulator's linux-amd64 archive, each language's SDK package) is
 * built once per run, by the first file that asks, into the
 * run's folder (test/support/releaseOnce.ts), and only read after: the build took about 130 s of a loaded CI machine
 * for each file that made its own. VCROOMS_RELEASE_DIR names a folder where both commands already wrote (built
 * outside the run); `buildRelease` then takes it as it is. The plugin's build runs as `node
 * scripts/release-plugin.mjs`, the command `npm run release:plugin` runs after `npm run build`: dist/ is the suite's
 * build already, and rebuilding it would rewrite files other suites are loading.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { inject } from "vitest";
import { locatePythonVenv, ROOT } from "../../harness/pulumiCli";
import { cliDir } from "../cli/support";

export const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;

export interface Release {
    dir: string;
    /** The linux-amd64 plugin archive. */
    archive: string;
    emulatorArchive: string;
    wheel: string;
    goModule: string;
}

export const runQuietly = (file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
    execFileSync(file, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 1_500_000 });

/** Blocks this process for `ms` (another test file builds the part: waiting is all there is to do). */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * `part` of the run's release: the first file to ask runs `build` into the run's release folder, the others wait for
 * it (bounded: 25 minutes) or fail at once if it failed. A `lock` folder, made atomically, says who builds. Gives the
 * folder and what the build printed.
 */
function once(part: string, build: (dir: string) => string): { dir: string; stdout: string } {
    const run = inject("releaseDir");
    const dir = path.join(run, "release");
    fs.mkdirSync(dir, { recursive: true });
    const done = path.join(run, `${part}.out`);
    const failed = path.join(run, `${part}.failed`);
    try {
        fs.mkdirSync(path.join(run, `${part}.lock`));
    } catch {
        for (let waited = 0; !fs.existsSync(done); waited += 500) {
            if (fs.existsSync(failed)) throw new Error(`the run's build of ${part} failed (in another test file): ${fs.readFileSync(failed, "utf8")}`);
            if (waited > 1_500_000) throw new Error(`no ${part} in ${dir} after 25 minutes`);
            sleep(500);
        }
        return { dir, stdout: fs.readFileSync(done, "utf8") };
    }
    try {
        const stdout = build(dir);
        fs.writeFileSync(`${done}.tmp`, stdout);
        fs.renameSync(`${done}.tmp`, done);
        return { dir, stdout };
    } catch (e) {
        const err = e as { message: string; stderr?: string };
        fs.writeFileSync(failed, `${err.message}\n${err.stderr ?? ""}`);
        throw e;
    }
}

/** The platform the suites run the plugin's executable on (this machine's, in Pulumi's names). */
export const HOST_PLATFORM = "linux-amd64";

/**
 * The plugin's archive for this machine's platform, the one every suite installs and runs, as `npm run
 * release:plugin -- --products plugin --platforms linux-amd64` makes it (its start timed once: `--runs 1`), and
 * what the build printed: its archive last. The other platforms' archives are built only by the file that checks
 * them (`releasePluginPlatforms`): a run of the files that only run the plugin builds one executable, not five
 * (each other platform's injection and compression took about 11 s of CPU).
 */
export const releasePlugin = (): { dir: string; stdout: string } =>
    once("plugin", (dir) => runQuietly(process.execPath, [path.join(ROOT, "scripts", "release-plugin.mjs"), "--products", "plugin", "--platforms", HOST_PLATFORM, "--runs", "1", "--out", dir]));

/**
 * The plugin's archives for `platforms` (the platforms other than this machine's), built once per run into the same
 * folder, and what the build printed: its archives last, one per line, in the order given.
 */
export const releasePluginPlatforms = (platforms: string[]): { dir: string; stdout: string } =>
    once("plugin-platforms", (dir) => runQuietly(process.execPath, [path.join(ROOT, "scripts", "release-plugin.mjs"), "--products", "plugin", "--platforms", platforms.join(","), "--runs", "1", "--out", dir]));

/** The emulator's linux-amd64 archive (`npm run release:plugin -- --products emulator --platforms linux-amd64`). */
const releaseEmulator = () => once("emulator", (dir) => runQuietly(process.execPath, [path.join(ROOT, "scripts", "release-plugin.mjs"), "--platforms", HOST_PLATFORM, "--products", "emulator", "--out", dir]));

/** One language's SDK package (`npm run release:sdks -- --languages {language}`). */
function releaseSdk(language: "nodejs" | "python" | "go") {
    return once(`sdk-${language}`, (dir) => {
        const python = locatePythonVenv();
        return runQuietly(process.execPath, [path.join(ROOT, "scripts", "release-sdks.mjs"), "--languages", language, "--out", dir], { env: "dir" in python ? { PULUMI_PYTHON_VENV: python.dir, PULUMI_CLI_DIR: cliDir } : {} });
    });
}

/**
 * The archives (`products`; the plugin's and the emulator's for linux-amd64) and the SDK packages
 * (`languages`): VCROOMS_RELEASE_DIR's (which holds every file), or the run's, each part built once. The files asked
 * for exist, or it throws.
 */
export function buildRelease(products: Array<"plugin" | "emulator"> = ["emulator", "plugin"], languages: Array<"nodejs" | "python" | "go"> = ["nodejs", "python", "go"]): Release {
    const given = process.env.VCROOMS_RELEASE_DIR;
    let dir = given ?? "";
    if (!given) {
        const parts = [...(products.includes("plugin") ? [releasePlugin] : []), ...(products.includes("emulator") ? [releaseEmulator] : []), ...languages.map((l) => () => releaseSdk(l))];
        for (const part of parts) dir = part().dir;
    }
    const found: Release = {
        dir,
        archive: path.join(dir, `pulumi-resource-vcrooms-v${VERSION}-linux-amd64.tar.gz`),
        emulatorArchive: path.join(dir, `vcrooms-emulator-v${VERSION}-linux-amd64.tar.gz`),
        wheel: path.join(dir, `pulumi_vcrooms-${VERSION}-py3-none-any.whl`),
        goModule: path.join(dir, "sdk", "go"),
    };
    const expected = [
        ...(products.includes("plugin") ? [found.archive] : []),
        ...(products.includes("emulator") ? [found.emulatorArchive] : []),
        ...(languages.includes("python") ? [found.wheel] : []),
        ...(languages.includes("go") ? [path.join(found.goModule, "go.mod")] : []),
        ...(languages.includes("nodejs") ? [path.join(dir, `vcrooms-pulumi-${VERSION}.tgz`)] : []),
    ];
    for (const file of expected) if (!fs.existsSync(file)) throw new Error(`the release has no ${file}`);
    return found;
}
