/**
 * Issue 11's figures at scale, against an emulator with 50 ms of latency and the API's fixed 60 s
 * window of 1000 requests: first up of 500 and 2,000 rooms (alone, then with another client of
 * the same key spending 30% of the budget), then a no-change preview, a no-change up and a refresh
 * of the 2,000 rooms beside the same three for 2,000 no-op dynamic resources (the engine's floor).
 *
 * The engine is chosen in one place, `engineFor`: the real Pulumi CLI when one can be had
 * (scripts/pulumi-cli), else the in-process stand-in, and the section says which. Through the real
 * CLI the engine's per-step checkpoints are skipped (`PULUMI_SKIP_CHECKPOINTS=true`, for rooms and
 * no-ops alike): the file backend rewrites the whole state file after every step, which is quadratic
 * in the stack's size (measured: three quarters of the engine's CPU in a first up of 250 rooms) and
 * would make 2,000 rooms a matter of an hour. bench/realCli.ts measures 500 rooms with checkpoints on.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Pool } from "undici";
import { CLIENT_DEFAULTS } from "../provider/api/config";
import { Engine, type Program } from "../harness/engine";
import { locateCli, PulumiProject, ROOT, type CommandResult } from "../harness/pulumiCli";
import { Room } from "../sdk";
import { benchRoomArgs } from "./programs/roomArgs";
import { control, fmt, startChildEmulator, type ChildEmulator } from "./support";

const API_LIMIT = 1000;
const LATENCY_MS = 50;
const PARALLEL = 32;
const WINDOW_S = 60;

export type Operation = "up" | "preview" | "refresh";
export interface Timing {
    wallMs: number;
    failures: number;
    /** Steps other than "same"/"refresh-same". */
    changes: number;
}
export interface BenchEngine {
    name: string;
    run(operation: Operation, rooms: number): Promise<Timing>;
    dispose(): void;
}

const ROOMS_PROGRAM = path.join(ROOT, "dist/bench/programs/manyRooms.js");
const NOOP_PROGRAM = path.join(ROOT, "dist/bench/programs/noopResources.js");

/** THE place the engine is chosen: the real CLI when there is one, else the stand-in. */
function engineFor(emulator: ChildEmulator | undefined, cliDir: string | undefined): BenchEngine {
    return cliDir ? realCliEngine(cliDir, emulator) : standInEngine(emulator!);
}

const timed = async (task: () => Promise<CommandResult>): Promise<[CommandResult, number]> => {
    const started = performance.now();
    const result = await task();
    return [result, performance.now() - started];
};

/**
 * The real CLI on one project: the rooms program against `emulator`, or the no-op program without one. The
 * provider keeps its default budget, as a user's would; `--parallel` bounds the engine like the stand-in's;
 * counts of failures and changes come from the `--json` output.
 */
function realCliEngine(cliDir: string, emulator: ChildEmulator | undefined): BenchEngine {
    const project = new PulumiProject({ cliDir, program: emulator ? ROOMS_PROGRAM : NOOP_PROGRAM, name: emulator ? "bench-scale" : "bench-noop", env: { PULUMI_SKIP_CHECKPOINTS: "true" } });
    let initialized: Promise<unknown> | undefined;
    const countKey = emulator ? "bench:rooms" : "bench:resources";
    return {
        name: "real Pulumi CLI",
        async run(operation, count) {
            initialized ??= project.init(emulator ? { "vcrooms:apiUrl": emulator.baseUrl } : {}, emulator ? { "vcrooms:developerKey": emulator.developerKey } : {});
            await initialized;
            await project.setConfig({ [countKey]: String(count) });
            const flags = ["--json", "--non-interactive", "--parallel", String(PARALLEL)];
            const args = operation === "preview" ? ["preview", ...flags] : operation === "up" ? ["up", "--yes", "--skip-preview", ...flags] : ["refresh", "--yes", "--skip-preview", ...flags];
            const [result, wallMs] = await timed(() => project.run(args));
            const events = result.stdout.split("\n").filter((l) => l.startsWith("{"));
            const failures = events.filter((l) => l.includes('"resOpFailedEvent"')).length + (result.code !== 0 && !events.some((l) => l.includes('"resOpFailedEvent"')) ? 1 : 0);
            const changes = events.filter((l) => l.includes('"resOutputsEvent"') && !/"op":"(same|refresh)"/.test(l)).length;
            if (result.code !== 0) console.log(`  (pulumi ${operation} exited ${result.code}: ${result.stderr.trim().split("\n").slice(-3).join(" | ")})`);
            return { wallMs, failures, changes: operation === "preview" ? previewChanges(result.stdout) : changes };
        },
        dispose: () => project.dispose(),
    };
}

/** The preview prints one JSON object; its change summary less the unchanged resources. */
function previewChanges(stdout: string): number {
    try {
        const summary = JSON.parse(stdout).changeSummary as Record<string, number>;
        return Object.entries(summary).filter(([op]) => op !== "same").reduce((a, [, n]) => a + n, 0);
    } catch {
        return -1;
    }
}

function standInEngine(emulator: ChildEmulator): BenchEngine {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-bench-"));
    const engine = new Engine({
        stateFile: path.join(dir, "state.json"),
        config: { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey },
        secretConfig: ["vcrooms:developerKey"],
        hostCwd: ROOT,
        linkPackages: { "pulumi-vcrooms": ROOT },
        parallel: PARALLEL,
    });
    return {
        name: "stand-in",
        async run(operation, rooms) {
            const started = performance.now();
            const program = roomsProgram(rooms);
            const result = operation === "refresh" ? await engine.refresh() : await engine[operation](program);
            const wallMs = performance.now() - started;
            return { wallMs, failures: result.errors.length, changes: result.steps.filter((s) => s.op !== "same" && s.op !== "refresh-same").length };
        },
        dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
}

/** The stand-in's program: the same rooms as bench/programs/manyRooms.ts declares for the real CLI. */
function roomsProgram(count: number): Program {
    return async () => {
        for (let i = 0; i < count; i++) {
            new Room(`room-${i}`, benchRoomArgs(i));
        }
    };
}

/**
 * The least time `requests` can take: under a fixed window of `limit`, every full window but the
 * last must be waited out, then the last window's requests at `PARALLEL` at a time; and never less
 * than all of them at `PARALLEL` at a time, each a round trip.
 */
export function floorSeconds(requests: number, limit: number): number {
    const windows = Math.ceil(requests / limit);
    const last = requests - (windows - 1) * limit;
    const rateFloor = (windows - 1) * WINDOW_S + (Math.ceil(last / PARALLEL) * LATENCY_MS) / 1000;
    const latencyFloor = (Math.ceil(requests / PARALLEL) * LATENCY_MS) / 1000;
    return Math.max(rateFloor, latencyFloor);
}

interface LogSummary {
    total: number;
    entries: Array<{ status: number }>;
}

/** Another client of the same key: GET / at an even pace, `perMinute` a minute, until stopped. */
function otherClient(emulator: ChildEmulator, perMinute: number): { stop(): Promise<{ sent: number; limited: number }> } {
    const url = new URL(emulator.baseUrl);
    const pool = new Pool(url.origin, { connections: 4 });
    let sent = 0;
    let limited = 0;
    let stopped = false;
    const inflight = new Set<Promise<void>>();
    const tick = setInterval(() => {
        if (stopped) return;
        sent += 1;
        const p = pool
            .request({ method: "GET", path: `${url.pathname}/`, headers: { authorization: `Bearer ${emulator.developerKey}` } })
            .then(async (res) => {
                await res.body.text();
                if (res.statusCode === 429) limited += 1;
            })
            .catch(() => undefined)
            .finally(() => inflight.delete(p));
        inflight.add(p);
    }, 60_000 / perMinute);
    return {
        async stop() {
            stopped = true;
            clearInterval(tick);
            await Promise.all(inflight);
            await pool.close();
            return { sent, limited };
        },
    };
}

async function firstUp(rooms: number, withOther: boolean, cliDir: string | undefined, engineFloorMs: number | undefined): Promise<BenchEngine & { emulator: ChildEmulator }> {
    const emulator = await startChildEmulator(API_LIMIT, ["--latency-ms", String(LATENCY_MS)]);
    const engine = engineFor(emulator, cliDir);
    const other = withOther ? otherClient(emulator, 0.3 * API_LIMIT) : undefined;
    const timing = await engine.run("up", rooms);
    const theirs = await other?.stop();
    const log = (await control(emulator.controlUrl, "GET", "/requests")) as LogSummary;
    // The other client's requests are GET /: ours are the rest (the provider never reads the defaults in a plain up).
    const ours = log.total - (theirs?.sent ?? 0);
    const our429s = log.entries.filter((e) => e.status === 429).length - (theirs?.limited ?? 0);
    const seconds = timing.wallMs / 1000;
    const floor = floorSeconds(ours, API_LIMIT);
    const budgetFloor = floorSeconds(ours, CLIENT_DEFAULTS.requestsPerMinute);
    const label = `first up, ${rooms} rooms${withOther ? " + other client at 30%" : ""}`;
    console.log(
        `${label.padEnd(44)} wall ${fmt(seconds, 1)} s; requests ${ours}, 429s ${our429s}, failures ${timing.failures}; floor ${fmt(floor, 1)} s (ratio ${fmt(seconds / floor)}x); floor at our ${CLIENT_DEFAULTS.requestsPerMinute}/min budget ${fmt(budgetFloor, 1)} s (ratio ${fmt(seconds / budgetFloor)}x)` +
            (engineFloorMs ? `; engine floor (no-op first up) ${fmt(engineFloorMs / 1000, 1)} s, max(floor at budget, engine floor) ratio ${fmt(seconds / Math.max(budgetFloor, engineFloorMs / 1000))}x` : "") +
            (theirs ? `; other client: ${theirs.sent} requests, ${theirs.limited} 429s` : ""),
    );
    return { ...engine, emulator };
}

async function noChange(engine: BenchEngine, emulator: ChildEmulator, rooms: number, noops: BenchEngine | undefined): Promise<void> {
    for (const [operation, target] of [["preview", 0], ["up", 0], ["refresh", rooms]] as const) {
        await control(emulator.controlUrl, "DELETE", "/requests");
        const timing = await engine.run(operation, rooms);
        const log = (await control(emulator.controlUrl, "GET", "/requests")) as LogSummary;
        const floor = noops ? await noops.run(operation, rooms) : undefined;
        console.log(
            `no-change ${operation.padEnd(8)} ${rooms} rooms: requests ${log.total} (target ${target}), 429s ${log.entries.filter((e) => e.status === 429).length}, changes ${timing.changes}, failures ${timing.failures}; wall ${fmt(timing.wallMs / 1000, 1)} s = ${fmt(timing.wallMs / rooms, 1)} ms per resource` +
                (floor ? `; no-op floor ${fmt(floor.wallMs / 1000, 1)} s = ${fmt(floor.wallMs / rooms, 1)} ms per resource, ratio ${fmt(timing.wallMs / floor.wallMs)}x` : "") +
                // A refresh's reads are paced by our budget like any requests: that floor, beside the engine's.
                (log.total > 0 ? `; floor at our ${CLIENT_DEFAULTS.requestsPerMinute}/min budget ${fmt(floorSeconds(log.total, CLIENT_DEFAULTS.requestsPerMinute), 1)} s (ratio ${fmt(timing.wallMs / 1000 / floorSeconds(log.total, CLIENT_DEFAULTS.requestsPerMinute))}x)` : ""),
        );
    }
}

/** The CLI's directory, or undefined (with the reason printed) when only the stand-in can run. */
function cliDirOrNone(): string | undefined {
    try {
        const cli = locateCli();
        if ("dir" in cli) return cli.dir;
        console.log(`(no real CLI: ${cli.skip})`);
    } catch (e) {
        console.log(`(no real CLI: ${(e as Error).message})`);
    }
    return undefined;
}

export async function run(): Promise<void> {
    const cliDir = cliDirOrNone();
    console.log(`## Scale: emulator with ${LATENCY_MS} ms latency, fixed ${WINDOW_S} s window of ${API_LIMIT} requests; client default budget ${CLIENT_DEFAULTS.requestsPerMinute}/min; parallel ${PARALLEL}`);
    console.log(cliDir ? "engine: real Pulumi CLI (checkpoints skipped, see bench/scale.ts); floors from no-op dynamic resources through the same CLI" : "engine: stand-in (no real CLI here; the engine's own floor is not measured)");
    const only = process.env.BENCH_SCALE_ROOMS ? [Number(process.env.BENCH_SCALE_ROOMS)] : [500, 2000];
    for (const rooms of only) {
        const noops = cliDir ? engineFor(undefined, cliDir) : undefined;
        const engineFloor = noops ? await noops.run("up", rooms) : undefined;
        const alone = await firstUp(rooms, false, cliDir, engineFloor?.wallMs);
        if (rooms === Math.max(...only)) await noChange(alone, alone.emulator, rooms, noops);
        noops?.dispose();
        alone.dispose();
        alone.emulator.stop();
        const shared = await firstUp(rooms, true, cliDir, engineFloor?.wallMs);
        shared.dispose();
        shared.emulator.stop();
    }
}

if (require.main === module) void run().then(() => process.exit(0));
