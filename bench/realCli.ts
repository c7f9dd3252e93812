/**
 * Through the real Pulumi CLI (built by scripts/pulumi-cli), with the engine's checkpoints ON (the default a user
 * and a pipeline run), against an emulator without latency or rate limit: N rooms of the dynamic face (the SDK's
 * `Room`), N rooms of the plugin face (`vcrooms:index:Room` run by the provider plugin, as a generated SDK
 * registers it), N dynamic resources whose provider does nothing (the engine's own floor) and N such resources
 * that carry a Room's outputs (the engine's floor for a resource of a Room's size: bench/programs/payloadResources.ts).
 * For each: first `up`, no-change `up`, no-change `preview` and `refresh`, in wall seconds and as ratios to the
 * floors, and the state bytes per resource from `pulumi stack export`. The faces take turns within each operation,
 * so the shared machine's load falls on all of them alike. Then the same no-change `up` and `preview` at a larger size,
 * and the program's start-up. Nothing is tuned for the bench; these are the figures as they are.
 *
 *   BENCH_ROOMS        N (default 500)
 *   BENCH_LARGE_ROOMS  the larger size (default 2000; 0 leaves it out)
 *
 * The refresh skips its preview (a default `pulumi refresh` reads every resource twice: once to preview, once
 * to refresh).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { locateCli, PulumiProject, ROOT } from "../harness/pulumiCli";
import type { RoomPayload } from "./programs/roomArgs";
import { control, fmt, startChildEmulator, type ChildEmulator } from "./support";

const COUNT = Number(process.env.BENCH_ROOMS ?? 500);
const LARGE = Number(process.env.BENCH_LARGE_ROOMS ?? 2000);

interface Face {
    title: string;
    project: PulumiProject;
    countKey: string;
    /** The type of the face's resources in state. */
    type: string;
    /** The face calls the emulator (the floors do not). */
    rooms: boolean;
    /** Which floor the face is, if it is one: the ratios are taken to them. */
    floor?: "bare" | "room-size";
}

const OPERATIONS: Array<[string, string[]]> = [
    ["no-change up", ["up", "--yes", "--skip-preview", "--non-interactive", "--expect-no-changes"]],
    ["no-change preview", ["preview", "--non-interactive", "--expect-no-changes"]],
    ["refresh", ["refresh", "--yes", "--skip-preview", "--non-interactive"]],
];
const FIRST_UP = ["up", "--yes", "--skip-preview", "--non-interactive"];

async function timed(task: () => Promise<unknown>): Promise<number> {
    const start = performance.now();
    await task();
    return (performance.now() - start) / 1000;
}

const program = (name: string) => path.join(ROOT, `dist/bench/programs/${name}.js`);

/** The faces in the order they take turns. */
function faces(cliDir: string, tag: string): Face[] {
    return [
        { title: "dynamic", project: new PulumiProject({ cliDir, program: program("manyRooms"), name: `bench-dynamic-${tag}` }), countKey: "bench:rooms", type: "pulumi-nodejs:dynamic/vcrooms:Room", rooms: true },
        { title: "plugin", project: new PulumiProject({ cliDir, program: program("pluginRooms"), name: `bench-plugin-${tag}`, plugin: true }), countKey: "bench:rooms", type: "vcrooms:index:Room", rooms: true },
        { title: "no-op floor", project: new PulumiProject({ cliDir, program: program("noopResources"), name: `bench-noop-${tag}` }), countKey: "bench:resources", type: "pulumi-nodejs:dynamic/vcrooms:Noop", rooms: false, floor: "bare" },
        { title: "Room-size floor", project: new PulumiProject({ cliDir, program: program("payloadResources"), name: `bench-payload-${tag}` }), countKey: "bench:resources", type: "pulumi-nodejs:dynamic/vcrooms:Payload", rooms: false, floor: "room-size" },
    ];
}

/**
 * One Room of the dynamic face made in a stack of its own (not timed), its outputs taken from `pulumi stack export
 * --show-secrets` (less the dynamic provider's `__provider`, which the carrier has its own of) and written to
 * `file` for the Room-size floor.
 */
async function writePayload(cliDir: string, emulator: ChildEmulator, file: string): Promise<void> {
    const project = new PulumiProject({ cliDir, program: program("manyRooms"), name: "bench-payload-source" });
    try {
        await project.init({ "vcrooms:apiUrl": emulator.baseUrl, "bench:rooms": "1" }, { "vcrooms:developerKey": emulator.developerKey });
        await project.must(FIRST_UP);
        const exported = JSON.parse((await project.must(["stack", "export", "--show-secrets"])).stdout) as { deployment: { resources: Array<{ type: string; outputs: Record<string, unknown> }> } };
        const room = exported.deployment.resources.find((r) => r.type === "pulumi-nodejs:dynamic/vcrooms:Room")!;
        const payload: RoomPayload = { outputs: {}, secretOutputs: [] };
        for (const [key, value] of Object.entries(room.outputs)) {
            if (key === "__provider") continue;
            const secret = value !== null && typeof value === "object" && "plaintext" in value;
            payload.outputs[key] = secret ? JSON.parse(String((value as { plaintext: unknown }).plaintext)) : value;
            if (secret) payload.secretOutputs.push(key);
        }
        fs.writeFileSync(file, JSON.stringify(payload));
        await project.must(["destroy", "--yes", "--skip-preview", "--non-interactive"]);
    } finally {
        project.dispose();
    }
}

async function init(face: Face, emulator: ChildEmulator, count: number, payloadFile: string): Promise<void> {
    // The bench measures the engine, not the rate limit: the emulator and the provider allow everything at once.
    const connection: Record<string, string> = face.rooms ? { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:requestsPerMinute": "1000000" } : {};
    const payload: Record<string, string> = face.floor === "room-size" ? { "bench:payload": payloadFile } : {};
    await face.project.init({ ...connection, ...payload, [face.countKey]: String(count) }, face.rooms ? { "vcrooms:developerKey": emulator.developerKey } : {});
}

/**
 * One operation on every face in turn, printed as one line per face with its ratio to the bare floor and, for the
 * Room faces, to the Room-size floor.
 */
async function operation(title: string, args: string[], all: Face[], count: number, emulator: ChildEmulator): Promise<void> {
    const seconds: number[] = [];
    const requests: number[] = [];
    for (const face of all) {
        await control(emulator.controlUrl, "DELETE", "/requests");
        seconds.push(await timed(() => face.project.must(args)));
        requests.push(((await control(emulator.controlUrl, "GET", "/requests")) as { total: number }).total);
    }
    const floor = seconds[all.findIndex((f) => f.floor === "bare")]!;
    const roomSizeFloor = seconds[all.findIndex((f) => f.floor === "room-size")]!;
    all.forEach((face, i) => {
        const ratio = face.floor === "bare" ? "" : `, ratio ${fmt(seconds[i]! / floor)}x` + (face.rooms ? ` (${fmt(seconds[i]! / roomSizeFloor)}x the Room-size floor)` : "");
        console.log(`  ${title.padEnd(18)} ${face.title.padEnd(15)} ${fmt(seconds[i]!, 1).padStart(6)} s${ratio}, ${fmt((seconds[i]! / count) * 1000, 1)} ms per resource${face.rooms ? `, ${requests[i]} requests` : ""}`);
    });
}

/** The face's state from `pulumi stack export`: the whole deployment's bytes per resource, and one resource's own. */
async function stateBytes(face: Face, count: number): Promise<void> {
    const text = await face.project.exportText();
    const resources = (JSON.parse(text).deployment.resources ?? []) as Array<Record<string, unknown>>;
    const ours = resources.filter((r) => r.type === face.type);
    const one = ours.reduce((sum, r) => sum + JSON.stringify(r, null, 4).length, 0) / Math.max(1, ours.length);
    const provider = (r: Record<string, any>) => String(r.inputs?.__provider ?? "").length + String(r.outputs?.__provider ?? "").length;
    const providerBytes = ours.reduce((sum, r) => sum + provider(r), 0) / Math.max(1, ours.length);
    console.log(
        `  state ${face.title.padEnd(15)} ${fmt(text.length / count / 1024, 2)} KB per resource (stack export / ${count}); one resource ${fmt(one / 1024, 2)} KB as exported` +
            (providerBytes ? `, of which __provider ${fmt(providerBytes / 1024, 2)} KB` : ""),
    );
}

/** N of each face: first up, the three no-change operations, the state; then destroyed. */
async function atSize(cliDir: string, emulator: ChildEmulator, payloadFile: string): Promise<void> {
    console.log(`-- ${COUNT} resources of each face, checkpoints on --`);
    const all = faces(cliDir, "n");
    try {
        for (const face of all) await init(face, emulator, COUNT, payloadFile);
        await operation("first up", FIRST_UP, all, COUNT, emulator);
        for (const [title, args] of OPERATIONS) await operation(title, args, all, COUNT, emulator);
        for (const face of all) await stateBytes(face, COUNT);
        await startup(all[0]!, "dynamic");
        await startup(all[1]!, "plugin");
    } finally {
        for (const face of all) face.project.dispose();
    }
}

/**
 * The larger size: created with checkpoints skipped (setup only: with them, the file backend rewrites the whole
 * state after every step, so a first up of 2,000 would take the better part of an hour), then the no-change `up`
 * and `preview` timed with checkpoints on.
 */
async function large(cliDir: string, emulator: ChildEmulator, payloadFile: string): Promise<void> {
    console.log(`-- ${LARGE} resources of each face: created with PULUMI_SKIP_CHECKPOINTS=true (setup, not timed), then timed with checkpoints on --`);
    const all = faces(cliDir, "large");
    try {
        for (const face of all) {
            await init(face, emulator, LARGE, payloadFile);
            await face.project.must(FIRST_UP, { env: { PULUMI_SKIP_CHECKPOINTS: "true" } });
        }
        for (const [title, args] of OPERATIONS.slice(0, 2)) await operation(title, args, all, LARGE, emulator);
    } finally {
        for (const face of all) face.project.dispose();
    }
}

/** Time from the program's process start to its first registration, in a preview (the update's program is the same). */
async function startup(face: Face, title: string): Promise<void> {
    const file = path.join(os.tmpdir(), `vcrooms-bench-startup-${process.pid}.json`);
    try {
        await face.project.must(["preview", "--non-interactive"], { env: { BENCH_STARTUP_FILE: file } });
        const noted = JSON.parse(fs.readFileSync(file, "utf8")) as { firstRegistrationMs: number; modules: number };
        console.log(`  start-up ${title.padEnd(9)} first registration ${fmt(noted.firstRegistrationMs, 0)} ms after the program's process started, ${noted.modules} modules loaded by then`);
    } finally {
        fs.rmSync(file, { force: true });
    }
}

/** What `require("pulumi-vcrooms")` loads after @pulumi/pulumi, in a fresh node process. */
function sdkModules(): void {
    const script = `
        const t0 = performance.now();
        require(${JSON.stringify(path.join(ROOT, "node_modules/@pulumi/pulumi"))});
        const t1 = performance.now();
        const before = new Set(Object.keys(require.cache));
        require(${JSON.stringify(path.join(ROOT, "dist/sdk/index.js"))});
        const t2 = performance.now();
        const added = Object.keys(require.cache).filter((m) => !before.has(m));
        const count = (re) => added.filter((m) => re.test(m)).length;
        console.log(JSON.stringify({ pulumiMs: t1 - t0, sdkMs: t2 - t1, pulumi: before.size, added: added.length, ours: count(/pulumi-vcrooms|\\/dist\\//), client: count(/\\/provider\\/api\\//), undici: count(/node_modules\\/undici\\//), zod: count(/node_modules\\/zod\\//), zodLocales: count(/node_modules\\/zod\\/.*locales/) }));`;
    const out = JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" })) as Record<string, number>;
    console.log(
        `  require("pulumi-vcrooms") after @pulumi/pulumi (${out.pulumi} modules, ${fmt(out.pulumiMs!, 0)} ms): ${out.added} more modules in ${fmt(out.sdkMs!, 0)} ms ` +
            `(the API client's ${out.client}, undici's ${out.undici}, zod's ${out.zod} of which locales ${out.zodLocales})`,
    );
}

export async function run(): Promise<void> {
    console.log(`== Real Pulumi CLI, checkpoints on: ${COUNT} rooms (dynamic and plugin faces) vs ${COUNT} no-op dynamic resources (BENCH_ROOMS); ${LARGE || "no"} for the larger size (BENCH_LARGE_ROOMS) ==`);
    sdkModules();
    let cli: ReturnType<typeof locateCli>;
    try {
        cli = locateCli();
    } catch (e) {
        cli = { skip: (e as Error).message };
    }
    if ("skip" in cli) {
        console.log(`  skipped: ${cli.skip}`);
        return;
    }
    const emulator = await startChildEmulator(0);
    const payloadFile = path.join(os.tmpdir(), `vcrooms-bench-payload-${process.pid}.json`);
    try {
        await writePayload(cli.dir, emulator, payloadFile);
        if (COUNT > 0) await atSize(cli.dir, emulator, payloadFile);
        if (LARGE > 0) await large(cli.dir, emulator, payloadFile);
    } finally {
        emulator.stop();
        fs.rmSync(payloadFile, { force: true });
    }
}

if (require.main === module) void run().then(() => process.exit(0));
