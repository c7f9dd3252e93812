/**
 * The release's files as `npm run release:plugin` and `npm run release:sdks` make them, for the suites that install
 * the provider as a first-party provider is installed (test/release/programs.test.ts, test/examples/readmeCommands.test.ts).
 * VCROOMS_RELEASE_DIR names a folder where both commands already wrote (CI builds once); else they are built into a
 * temporary folder, which `owned` says is the caller's to remove. The plugin's build runs as `node
 * scripts/release-plugin.mjs`, the command `npm run release:plugin` runs after `npm run build`: dist/ is the suite's
 * build already, and rebuilding it would rewrite files other suites are loading.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { locatePythonVenv, ROOT } from "../../harness/pulumiCli";
import { outsideRepository } from "../cli/install";
import { cliDir } from "../cli/support";

export const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;

export interface Release {
    dir: string;
    /** The linux-amd64 plugin archive. */
    archive: string;
    emulatorArchive: string;
    wheel: string;
    goModule: string;
    /** Built here, into a temporary folder: the caller removes it. */
    owned: boolean;
}

export const runQuietly = (file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
    execFileSync(file, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 1_500_000 });

/**
 * The archives (`products`, linux-amd64) and the SDK packages (`languages`): VCROOMS_RELEASE_DIR's (which holds every
 * file), or made by the release commands. The files asked for exist, or it throws.
 */
export function buildRelease(products: Array<"plugin" | "emulator"> = ["emulator", "plugin"], languages: Array<"nodejs" | "python" | "go"> = ["nodejs", "python", "go"]): Release {
    const given = process.env.VCROOMS_RELEASE_DIR;
    const dir = given ?? outsideRepository("vcrooms-release-");
    const found: Release = {
        dir,
        archive: path.join(dir, `pulumi-resource-vcrooms-v${VERSION}-linux-amd64.tar.gz`),
        emulatorArchive: path.join(dir, `vcrooms-emulator-v${VERSION}-linux-amd64.tar.gz`),
        wheel: path.join(dir, `pulumi_vcrooms-${VERSION}-py3-none-any.whl`),
        goModule: path.join(dir, "sdk", "go"),
        owned: given === undefined,
    };
    if (!given) {
        // The plugin last: its archive is the build's last line.
        const ordered = ["emulator", "plugin"].filter((p) => products.includes(p as "plugin"));
        const plugin = runQuietly(process.execPath, [path.join(ROOT, "scripts", "release-plugin.mjs"), "--platforms", "linux-amd64", "--products", ordered.join(","), "--out", dir]);
        const last = plugin.trim().split("\n").pop();
        if (products.includes("plugin") && last !== found.archive) throw new Error(`release-plugin's last line is ${last}, not ${found.archive}`);
        const python = locatePythonVenv();
        runQuietly(process.execPath, [path.join(ROOT, "scripts", "release-sdks.mjs"), "--languages", languages.join(","), "--out", dir], { env: "dir" in python ? { PULUMI_PYTHON_VENV: python.dir, PULUMI_CLI_DIR: cliDir } : {} });
    }
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
