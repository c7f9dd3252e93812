/**
 * `npm run bench:first-room`: how long a user waits for a first room, per language and per way of installing the
 * provider, from a clone where `npm ci` has run (it builds dist/) to `pulumi up` done in an empty folder. Two parts:
 * - the release's files each way needs, built as the READMEs say (`npm pack`, `npm run release:plugin`, `npm run
 *   release:sdks`), each timed;
 * - each example README's marked steps (harness/readmeSteps.ts), as written, from an empty folder, the
 *   emulators they start on ports of their own (put for the README's): the time until its first `pulumi up` returned, and all
 *   its steps. The ways run one after the other, so that they do not skew each other.
 * A user's first room is the build of what their way needs plus the steps. BENCH_FIRST_ROOM (comma-separated
 * example names) runs only those. The release is built into a scratch folder standing for the clone's.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { locateCli, ROOT } from "../harness/pulumiCli";
import { freePorts, readmeEmulators, readmeSteps, runSteps, withPorts } from "../harness/readmeSteps";
import { fmt } from "./support";

const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;

function timed(what: string, run: () => void): number {
    const started = performance.now();
    run();
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${what.padEnd(58)} ${fmt(seconds, 1)} s`);
    return seconds;
}

export async function run(): Promise<void> {
    const cli = locateCli({ preferPath: true });
    if ("skip" in cli) throw new Error(cli.skip);
    const chosen = process.env.BENCH_FIRST_ROOM?.split(",").map((s) => s.trim());
    const examples = fs
        .readdirSync(path.join(ROOT, "examples"))
        .filter((e) => fs.existsSync(path.join(ROOT, "examples", e, "README.md")) && (!chosen || chosen.includes(e)))
        .map((e) => [e, readmeSteps(fs.readFileSync(path.join(ROOT, "examples", e, "README.md"), "utf8"))] as const)
        .filter(([, steps]) => steps.size > 0);
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-bench-clone-"));
    const quiet = (file: string, args: string[]) => execFileSync(file, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PULUMI_CLI_DIR: cli.dir } });
    try {
        console.log(`first room (${os.cpus().length} cores, load ${os.loadavg().map((l) => fmt(l, 1)).join(" ")}; Pulumi CLI ${cli.dir})`);
        for (const file of execFileSync("git", ["ls-files", "-z", "examples"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter((f) => f !== "")) {
            fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
            fs.copyFileSync(path.join(ROOT, file), path.join(clone, file));
        }
        const release = path.join(clone, "release");
        const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
        const build = {
            pack: timed("npm pack (the package folder's tarball)", () => quiet("npm", ["pack", "--ignore-scripts", "--pack-destination", clone, "--loglevel=error"])),
            plugin: timed(`release:plugin --platforms ${platform} --products emulator,plugin`, () => quiet(process.execPath, [path.join(ROOT, "scripts", "release-plugin.mjs"), "--platforms", platform, "--products", "emulator,plugin", "--out", release, "--runs", "1"])),
            python: timed("release:sdks --languages python (the wheel)", () => quiet(process.execPath, [path.join(ROOT, "scripts", "release-sdks.mjs"), "--languages", "python", "--out", release])),
            go: timed("release:sdks --languages go (the Go module)", () => quiet(process.execPath, [path.join(ROOT, "scripts", "release-sdks.mjs"), "--languages", "go", "--out", release])),
        };
        if (!fs.existsSync(path.join(clone, `pulumi-vcrooms-${VERSION}.tgz`))) throw new Error("npm pack wrote no tarball");
        console.log(`\n  ${"example, way".padEnd(30)} ${"built first".padStart(12)} ${"steps to first room".padStart(20)} ${"first room".padStart(11)} ${"all steps".padStart(10)}`);
        for (const [example, steps] of examples) {
            for (const [way, script] of steps) {
                // What this way builds before its steps: the executable way the plugin and its language's SDK, the package folder the tarball.
                const language = example.replace(/-rooms$/, "");
                const before = way === "executable" ? build.plugin + (language === "python" ? build.python : language === "go" ? build.go : 0) : build.pack;
                // The emulators the steps start, on ports of this run's own, put in the example's files too.
                const ports = await freePorts(readmeEmulators(script).map((e) => e.port));
                for (const file of execFileSync("git", ["ls-files", "-z", `examples/${example}`], { cwd: ROOT, encoding: "utf8" }).split("\0").filter((f) => f !== "")) {
                    fs.writeFileSync(path.join(clone, file), withPorts(fs.readFileSync(path.join(ROOT, file), "utf8"), ports));
                }
                const folder = fs.mkdtempSync(path.join(os.tmpdir(), `vcrooms-bench-${example}-`));
                let stop = () => {};
                try {
                    const result = await runSteps({ script, folder, clone, ports, cliDir: cli.dir });
                    stop = result.stop;
                    if (result.code !== 0) throw new Error(`${example}, ${way}: a step failed:\n${result.output.slice(-4000)}`);
                    const first = result.firstRoomMs === undefined ? undefined : result.firstRoomMs / 1000;
                    console.log(
                        `  ${`${example}, ${way}`.padEnd(30)} ${`${fmt(before, 1)} s`.padStart(12)} ${(first === undefined ? "-" : `${fmt(first, 1)} s`).padStart(20)} ${(first === undefined ? "-" : `${fmt(before + first, 1)} s`).padStart(11)} ${`${fmt(result.totalMs / 1000, 1)} s`.padStart(10)}`,
                    );
                } finally {
                    stop();
                    fs.rmSync(folder, { recursive: true, force: true });
                }
            }
        }
    } finally {
        fs.rmSync(clone, { recursive: true, force: true });
    }
}

if (require.main === module) {
    run().catch((e) => {
        console.error(e instanceof Error ? e.message : e);
        process.exit(1);
    });
}
