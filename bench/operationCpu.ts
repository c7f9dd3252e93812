/**
 * Where the CPU of one real-CLI operation goes (docs/testing.md, "Where a real-CLI operation's CPU goes"): the
 * Pulumi CLI, upstream's Node.js language host, the Node.js processes under them (the program, the provider plugin,
 * the dynamic provider's host) for a first `up` and a no-change `preview` of one Room, in each face (the plugin's
 * `vcrooms:index:Room`, the SDK's dynamic `Room`), as the real-CLI suites run them (test/cli/support.ts's projects).
 *
 * Each process is run under `/usr/bin/time` by wrappers in a copy of the CLI's folder: `pulumi` (its figure holds
 * every process it waited for), `pulumi-language-nodejs` (idem) and `node`, first on PATH (each Node.js process on
 * its own, named by its script). The CLI's binary is copied, not linked, because it looks for its language hosts
 * beside its own resolved path. The provider plugin is ended by a signal, never waited for, so neither its own
 * `time` nor its parents' figures hold it: a preload (NODE_OPTIONS) writes its CPU every 100 ms and at exit. The CLI's
 * own share is its figure less the host's and the Node.js processes it started itself; the host's, its figure less
 * the Node.js processes it waited for.
 *
 *   npm run build && PULUMI_CLI_DIR=... node dist/bench/operationCpu.js   (BENCH_RUNS: runs per operation, default 3;
 *   NODE_COMPILE_CACHE, if set, reaches every process, as the suites' does: vitest.config.mts)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { locateCli, PulumiProject, ROOT } from "../harness/pulumiCli";
import { fmt, startChildEmulator } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** One process's figures, as the wrappers write them: `role wall user system command...`. */
interface Timed {
    role: string;
    user: number;
    system: number;
    command: string;
}

function wrapperFolder(cliDir: string, log: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-cpu-cli-"));
    for (const entry of fs.readdirSync(cliDir)) fs.symlinkSync(path.join(cliDir, entry), path.join(dir, entry));
    const timed = (role: string, real: string) => `#!/bin/sh\nexec /usr/bin/time -a -o ${JSON.stringify(log)} -f "${role} %e %U %S %C" ${JSON.stringify(real)} "$@"\n`;
    fs.rmSync(path.join(dir, "pulumi"));
    fs.copyFileSync(path.join(cliDir, "pulumi"), path.join(dir, "pulumi.bin"));
    fs.chmodSync(path.join(dir, "pulumi.bin"), 0o755);
    fs.writeFileSync(path.join(dir, "pulumi"), timed("pulumi", path.join(dir, "pulumi.bin")), { mode: 0o755 });
    fs.rmSync(path.join(dir, "pulumi-language-nodejs"));
    fs.writeFileSync(path.join(dir, "pulumi-language-nodejs"), timed("host", path.join(cliDir, "pulumi-language-nodejs")), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "node"), timed("node", process.execPath), { mode: 0o755 });
    return dir;
}

/** Written by the preload of every Node.js process that runs the plugin: its CPU so far, then its command. */
const PLUGIN_PRELOAD = `const fs = require("fs");
if (process.argv.some((a) => a.includes("run-plugin"))) {
    const note = () => { const u = process.cpuUsage(); fs.writeFileSync(process.env.BENCH_CPU_DIR + "/plugin-" + process.pid, "plugin 0 " + u.user / 1e6 + " " + u.system / 1e6 + " " + process.argv.join(" ")); };
    setInterval(note, 100).unref();
    process.on("exit", note);
}
`;

function read(log: string): Timed[] {
    if (!fs.existsSync(log)) return [];
    const plugins = fs.readdirSync(path.dirname(log)).filter((f) => f.startsWith("plugin-")).map((f) => fs.readFileSync(path.join(path.dirname(log), f), "utf8"));
    return [...fs.readFileSync(log, "utf8").split("\n"), ...plugins]
        .filter((l) => /^(pulumi|host|node|plugin) /.test(l))
        .map((line) => {
            const [role, , user, system, ...command] = line.split(" ");
            return { role: role!, user: Number(user), system: Number(system), command: command.join(" ") };
        });
}

/** A Node.js process by what it runs. */
function nodeRole(command: string): string {
    if (/ -e .*cmd\/run/.test(command)) return "node: -e (the language host's look-ups)";
    if (/cmd\/run(\/|-wrapper| |$)/.test(command)) return "node: the program (language host's run)";
    if (/dynamic-provider/.test(command)) return "node: the dynamic provider's host";
    if (/ -e .*dynamic-provider/.test(command)) return "node: -e (the dynamic provider's launcher script)";
    if (/ -e .*typescript|--version/.test(command)) return "node: the language host's version checks (node, npm, typescript)";
    return `node: ${command.slice(0, 200)}`;
}

function split(processes: Timed[]): Map<string, number> {
    const cpu = (t: Timed) => t.user + t.system;
    const sum = (ts: Timed[]) => ts.reduce((s, t) => s + cpu(t), 0);
    const nodes = processes.filter((t) => t.role === "node");
    const hosts = processes.filter((t) => t.role === "host");
    const roles = new Map<string, number>();
    for (const n of nodes) roles.set(nodeRole(n.command), (roles.get(nodeRole(n.command)) ?? 0) + cpu(n));
    // The program and the host's look-ups run under the language host; the dynamic provider's host under the CLI.
    const underHost = nodes.filter((n) => !/dynamic provider/.test(nodeRole(n.command)));
    roles.set("pulumi-language-nodejs (its own)", sum(hosts) - sum(underHost));
    roles.set("pulumi CLI (its own)", sum(processes.filter((t) => t.role === "pulumi")) - sum(hosts) - sum(nodes.filter((n) => !underHost.includes(n))));
    const plugins = processes.filter((t) => t.role === "plugin");
    if (plugins.length) roles.set("node: the provider plugin (run-plugin)", sum(plugins));
    roles.set("total (the CLI's tree and the plugin)", sum(processes.filter((t) => t.role === "pulumi")) + sum(plugins));
    return roles;
}

async function main(): Promise<void> {
    const located = locateCli();
    if (!("dir" in located)) throw new Error(located.skip);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-cpu-"));
    const log = path.join(work, "times.log");
    fs.writeFileSync(path.join(work, "preload.js"), PLUGIN_PRELOAD);
    process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --require ${path.join(work, "preload.js")}`.trim();
    process.env.BENCH_CPU_DIR = work;
    const cliDir = wrapperFolder(located.dir, log);
    const emulator = await startChildEmulator(0);
    const faces = [
        { title: "plugin face (vcrooms:index:Room)", project: new PulumiProject({ cliDir, program: path.join(ROOT, "dist/bench/programs/pluginRooms.js"), name: "cpu-plugin", plugin: true }) },
        { title: "dynamic face (the SDK's Room)", project: new PulumiProject({ cliDir, program: path.join(ROOT, "dist/bench/programs/manyRooms.js"), name: "cpu-dynamic" }) },
    ];
    console.log(`CPU seconds (user + system) per process, mean of ${RUNS} runs; Node.js ${process.version}; NODE_COMPILE_CACHE ${process.env.NODE_COMPILE_CACHE ? "set" : "unset"}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" / ")}`);
    try {
        for (const face of faces) {
            await face.project.init({ "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:requestsPerMinute": "1000000", "bench:rooms": "1" }, { "vcrooms:developerKey": emulator.developerKey });
            const operations: Array<[string, string[], string[]]> = [
                ["first up", ["up", "--yes", "--skip-preview", "--non-interactive"], ["destroy", "--yes", "--skip-preview", "--non-interactive"]],
                ["no-change preview", ["preview", "--non-interactive", "--expect-no-changes"], []],
            ];
            for (const [title, args, undo] of operations) {
                if (title !== "first up") await face.project.must(["up", "--yes", "--skip-preview", "--non-interactive"]);
                const totals = new Map<string, number>();
                for (let i = 0; i < RUNS; i++) {
                    for (const f of fs.readdirSync(work)) if (f === "times.log" || f.startsWith("plugin-")) fs.rmSync(path.join(work, f));
                    await face.project.must(args);
                    if (process.env.BENCH_CPU_RAW) console.log(fs.readFileSync(log, "utf8"));
                    for (const [role, seconds] of split(read(log))) totals.set(role, (totals.get(role) ?? 0) + seconds / RUNS);
                    if (undo.length) await face.project.must(undo);
                }
                console.log(`${face.title}, ${title}:`);
                for (const [role, seconds] of [...totals].sort((a, b) => b[1] - a[1])) console.log(`  ${role.padEnd(50)} ${fmt(seconds).padStart(6)} s`);
            }
            await face.project.must(["destroy", "--yes", "--skip-preview", "--non-interactive"]);
        }
    } finally {
        emulator.stop();
        for (const face of faces) face.project.dispose();
        fs.rmSync(cliDir, { recursive: true, force: true });
        fs.rmSync(work, { recursive: true, force: true });
    }
}

main().catch((e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
});
