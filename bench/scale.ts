/**
 * Issue 11's figures at scale, against an emulator with 50 ms of latency and the API's fixed 60 s
 * window of 1000 requests: first up of 500 and 2,000 rooms (alone, then with another client of
 * the same key spending 30% of the budget), then a no-change preview, a no-change up and a refresh
 * of the 2,000 rooms.
 *
 * The engine is the stand-in (harness/engine), made in `engineFor`: these figures are about the provider's
 * pacing under the API's window, which the stand-in drives through the SDK's own dynamic-provider host as the
 * real engine does. The real CLI's own figures (500 rooms beside its no-op floor, no rate limit) are
 * bench/realCli.ts's; the scale runs here have not been run through the real CLI.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Pool } from "undici";
import { CLIENT_DEFAULTS } from "../provider/api/config";
import { Engine, type Program } from "../harness/engine";
import { Room } from "../sdk";
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
    run(operation: Operation, program: Program): Promise<Timing>;
    dispose(): void;
}

/** The stand-in engine for one emulator, with its own state in a temporary folder. */
function engineFor(emulator: ChildEmulator): BenchEngine {
    const root = path.resolve(__dirname, "../..");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-bench-"));
    const engine = new Engine({
        stateFile: path.join(dir, "state.json"),
        config: { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey },
        secretConfig: ["vcrooms:developerKey"],
        hostCwd: root,
        linkPackages: { "pulumi-vcrooms": root },
        parallel: PARALLEL,
    });
    return {
        name: "stand-in",
        async run(operation, program) {
            const started = performance.now();
            const result = operation === "refresh" ? await engine.refresh() : await engine[operation](program);
            const wallMs = performance.now() - started;
            return { wallMs, failures: result.errors.length, changes: result.steps.filter((s) => s.op !== "same" && s.op !== "refresh-same").length };
        },
        dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
}

function roomsProgram(count: number): Program {
    return async () => {
        for (let i = 0; i < count; i++) {
            new Room(`room-${i}`, { description: `Bench room ${i}`, maxParticipants: 10 + (i % 100), toolbarColor: "#ABCDEF", roles: ["moderator", "attendee"], defaultRole: "moderator", tags: ["bench"] });
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

async function firstUp(rooms: number, withOther: boolean): Promise<BenchEngine & { emulator: ChildEmulator }> {
    const emulator = await startChildEmulator(API_LIMIT, ["--latency-ms", String(LATENCY_MS)]);
    const engine = engineFor(emulator);
    const other = withOther ? otherClient(emulator, 0.3 * API_LIMIT) : undefined;
    const timing = await engine.run("up", roomsProgram(rooms));
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
            (theirs ? `; other client: ${theirs.sent} requests, ${theirs.limited} 429s` : ""),
    );
    return { ...engine, emulator };
}

async function noChange(engine: BenchEngine, emulator: ChildEmulator, rooms: number): Promise<void> {
    const program = roomsProgram(rooms);
    for (const [operation, target] of [["preview", 0], ["up", 0], ["refresh", rooms]] as const) {
        await control(emulator.controlUrl, "DELETE", "/requests");
        const timing = await engine.run(operation, program);
        const log = (await control(emulator.controlUrl, "GET", "/requests")) as LogSummary;
        console.log(
            `no-change ${operation.padEnd(8)} ${rooms} rooms: requests ${log.total} (target ${target}), 429s ${log.entries.filter((e) => e.status === 429).length}, changes ${timing.changes}, failures ${timing.failures}; wall ${fmt(timing.wallMs / 1000, 1)} s = ${fmt(timing.wallMs / rooms, 1)} ms per resource`,
        );
    }
}

export async function run(): Promise<void> {
    console.log(`## Scale: emulator with ${LATENCY_MS} ms latency, fixed ${WINDOW_S} s window of ${API_LIMIT} requests; client default budget ${CLIENT_DEFAULTS.requestsPerMinute}/min; parallel ${PARALLEL}`);
    console.log(`engine: the stand-in (the engine's own floor for no-op dynamic resources: measured by the real-CLI harness, not here)`);
    const only = process.env.BENCH_SCALE_ROOMS ? [Number(process.env.BENCH_SCALE_ROOMS)] : [500, 2000];
    for (const rooms of only) {
        const alone = await firstUp(rooms, false);
        if (rooms === Math.max(...only)) await noChange(alone, alone.emulator, rooms);
        alone.dispose();
        alone.emulator.stop();
        const shared = await firstUp(rooms, true);
        shared.dispose();
        shared.emulator.stop();
    }
}

if (require.main === module) void run().then(() => process.exit(0));
