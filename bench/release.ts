/**
 * The plugin as a release executable (scripts/release-plugin.mjs, docs/release.md), for this machine's platform: the
 * archive's and the executable's size, and its start time (spawn until it prints its gRPC port, which is what the
 * engine waits for) beside the package folder's plugin started by node, medians of BENCH_PLUGIN_STARTS runs
 * (default 9). The release build prints these itself; the bench runs it into a scratch folder.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "../harness/pulumiCli";

const RUNS = Number(process.env.BENCH_PLUGIN_STARTS ?? 9);

export async function run(): Promise<void> {
    const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-bench-release-"));
    try {
        console.log(`release executable (${platform}; start = spawn until the port is printed, median of ${RUNS})`);
        const stdout = execFileSync(process.execPath, [path.join(ROOT, "scripts", "release-plugin.mjs"), "--platforms", platform, "--out", out, "--runs", String(RUNS)], {
            cwd: ROOT,
            encoding: "utf8",
            stdio: ["ignore", "pipe", "ignore"],
        });
        // The figures' lines, not the archive's path (in a folder about to be removed).
        for (const line of stdout.split("\n").filter((l) => l.startsWith("  "))) console.log(line);
    } finally {
        fs.rmSync(out, { recursive: true, force: true });
    }
}
