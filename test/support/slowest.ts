/**
 * A vitest reporter for where the suite's time goes. At the end of a run it prints the ten slowest tests, and it
 * writes test-results/times.md: every file's wall time split into setup (collecting the file and its hooks:
 * installs, builds, stacks made in beforeAll) and its tests (the operations it exists to prove), then every test's
 * time, with the machine's load average at the start and end of the run (figures from a loaded machine are not
 * comparable with an idle one's), each file's CPU (its worker's and the processes it started), and beside each
 * real-CLI file how many `pulumi` operations and other `pulumi` commands it ran and how long they took
 * (test/support/commandTally.ts). docs/testing.md keeps a copy of the latest full run's table.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";

const SHOWN = 10;

/**
 * The CPU seconds the whole machine has spent busy (every core, every process: user, nice, system, interrupts), from
 * /proc/stat's first line, in clock ticks (100 a second on Linux); undefined elsewhere. Beside the files' own figures
 * it holds what they cannot: the provider plugins the CLI ends by a signal without waiting for them, and whatever
 * else ran on the machine.
 */
function machineCpuSeconds(): number | undefined {
    try {
        const [, user, nice, system, , , irq, softirq, steal] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
        return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
    } catch {
        return undefined;
    }
}

/** What test/support/commandTally.ts writes for one file. */
interface FileTally {
    cpuS?: number;
    operationsMs: number;
    operations: number;
    otherMs: number;
    others: number;
}
const seconds = (ms: number) => (ms / 1000).toFixed(1);

export default class SlowestTests implements Reporter {
    private readonly startLoad = os.loadavg();
    private readonly startedAt = Date.now();
    private readonly machineCpuAtStart = machineCpuSeconds();
    /** Where the files leave their `pulumi` processes' times (test/support/commandTally.ts). */
    private tallyDir: string | undefined;

    onInit(vitest: Vitest): void {
        this.tallyDir = vitest.config.env?.VCROOMS_COMMAND_TALLY_DIR;
    }

    /** Each file's CPU and its `pulumi` operations and other `pulumi` commands, by its path from the root. */
    private tallies(): Map<string, FileTally> {
        const found = new Map<string, FileTally>();
        if (!this.tallyDir || !fs.existsSync(this.tallyDir)) return found;
        for (const entry of fs.readdirSync(this.tallyDir)) {
            const t = JSON.parse(fs.readFileSync(path.join(this.tallyDir, entry), "utf8")) as FileTally & { file: string };
            found.set(path.relative(path.resolve(__dirname, "../.."), t.file), t);
        }
        fs.rmSync(this.tallyDir, { recursive: true, force: true });
        return found;
    }

    onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
        const timed: Array<{ ms: number; file: string; name: string }> = [];
        const files: Array<{ file: string; total: number; tests: number; count: number }> = [];
        for (const module of testModules) {
            let tests = 0;
            let count = 0;
            for (const test of module.children.allTests()) {
                const ms = test.diagnostic()?.duration;
                if (ms === undefined) continue;
                timed.push({ ms, file: module.relativeModuleId, name: test.fullName });
                tests += ms;
                count++;
            }
            const diagnostic = module.diagnostic();
            // `duration` is the tests and hooks; collecting (importing) the file comes before it.
            files.push({ file: module.relativeModuleId, total: diagnostic.duration + diagnostic.collectDuration, tests, count });
        }
        const tallies = this.tallies();
        if (timed.length === 0) return;
        timed.sort((a, b) => b.ms - a.ms);
        files.sort((a, b) => b.total - a.total);
        const name = (t: { file: string; name: string }) => { const full = `${t.file} > ${t.name}`; return full.length > 160 ? `${full.slice(0, 157)}...` : full; };
        const lines = timed.slice(0, SHOWN).map((t) => `${seconds(t.ms).padStart(7)} s  ${name(t)}`);
        process.stdout.write(`\nSlowest ${Math.min(SHOWN, timed.length)} tests:\n${lines.join("\n")}\n`);

        const wallS = (Date.now() - this.startedAt) / 1000;
        const machineAtEnd = machineCpuSeconds();
        const machineBusy = this.machineCpuAtStart === undefined || machineAtEnd === undefined ? undefined : machineAtEnd - this.machineCpuAtStart;
        const cpuOf = (file: string) => tallies.get(file)?.cpuS;
        const cpuTotal = files.reduce((sum, f) => sum + (cpuOf(f.file) ?? 0), 0);
        const load = (l: number[]) => l.map((n) => n.toFixed(1)).join(" / ");
        const table = [
            `# Test times`,
            ``,
            `${new Date(this.startedAt).toISOString()}, ${seconds(Date.now() - this.startedAt)} s wall, ${files.length} files, ${timed.length} tests, ${os.cpus().length} cores.`,
            `Load average (1 / 5 / 15 min): ${load(this.startLoad)} at the start, ${load(os.loadavg())} at the end.`,
            `CPU of the files, summed: ${cpuTotal.toFixed(0)} s (user and system, each file's worker and what it waited for).`,
            machineBusy === undefined ? `` : `The machine was busy ${machineBusy.toFixed(0)} CPU s of its ${(os.cpus().length * wallS).toFixed(0)} (${((100 * machineBusy) / (os.cpus().length * wallS)).toFixed(0)} %), the provider plugins the files' figures miss and anything else on the machine included.`,
            ``,
            `"CPU s": the file's worker and every process it started and waited for, user and system time (not the provider`,
            `plugins, which the CLI ends by a signal and never waits for: about a third of a plugin-face operation); the table is`,
            `in its order, since on a loaded machine a file's wall time says more of its neighbours than of it. "pulumi`,
            `operations": how many \`pulumi\` preview, up, refresh, destroy and import processes the file ran`,
            `(harness/pulumiCli.ts) and their summed wall time, "other pulumi" the same for its other \`pulumi\` commands`,
            `(stack init, config, export); the rest of a file's time is installs, builds, emulators and the tests' own work.`,
            `Processes run at once add up.`,
            ``,
            `| file | CPU s | total s | setup s (collect, hooks) | tests s | tests | pulumi operations (n, s) | other pulumi (n, s) |`,
            `|---|---:|---:|---:|---:|---:|---:|---:|`,
            ...[...files].sort((a, b) => (cpuOf(b.file) ?? 0) - (cpuOf(a.file) ?? 0)).map((f) => {
                const t = tallies.get(f.file);
                const cpu = t?.cpuS === undefined ? "-" : t.cpuS.toFixed(1);
                const tally = t && t.operations + t.others > 0 ? `${t.operations}, ${seconds(t.operationsMs)} | ${t.others}, ${seconds(t.otherMs)}` : "- | -";
                return `| ${f.file} | ${cpu} | ${seconds(f.total)} | ${seconds(Math.max(0, f.total - f.tests))} | ${seconds(f.tests)} | ${f.count} | ${tally} |`;
            }),
            ``,
            `| test | s |`,
            `|---|---:|`,
            ...timed.map((t) => `| ${name(t).replace(/\|/g, "\\|")} | ${seconds(t.ms)} |`),
            ``,
        ].join("\n");
        const out = path.resolve(__dirname, "../../test-results/times.md");
        fs.mkdirSync(path.dirname(out), { recursive: true });
        fs.writeFileSync(out, table);
        process.stdout.write(`Per-file and per-test times: ${path.relative(process.cwd(), out)}\n`);
    }
}
