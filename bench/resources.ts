/**
 * 500 rooms through the engine stand-in against an emulator at the contract's 1000 requests per
 * minute: requests sent by a no-change preview, a no-change up and a refresh; the provider's CPU
 * time per resource for check and diff; the first up's wall time against the rate-limit floor.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { providers } from "../provider";
import { Engine } from "../test/engine";
import { Room } from "../sdk";
import { control, fmt, startChildEmulator } from "./support";

const roomProvider = providers.room;

const ROOMS = 500;
const PER_MINUTE = 1000;

function args(i: number) {
    return { description: `Bench room ${i}`, maxParticipants: 10 + (i % 100), toolbarColor: "#ABCDEF", roles: ["moderator", "attendee"], defaultRole: "moderator", tags: ["bench"] };
}

export async function cpuPerResource(): Promise<void> {
    console.log(`## Provider CPU per resource, in process`);
    const checked = [];
    let before = process.cpuUsage();
    for (let i = 0; i < ROOMS; i++) checked.push((await roomProvider.check({}, { resourceName: `room-${i}`, ...args(i) })).inputs);
    const checkCpu = process.cpuUsage(before);
    // Outputs as the provider would keep them (inputs as declared, roles as read back).
    const outputs = checked.map((inputs) => ({ ...inputs, declaredInputs: inputs, roles: [{ id: "1", name: "moderator", displayName: "Moderator" }, { id: "3", name: "attendee", displayName: "Attendee" }], defaultRole: { id: "1", name: "moderator", displayName: "Moderator" } }) as unknown as Parameters<typeof roomProvider.diff>[1]);
    before = process.cpuUsage();
    for (let i = 0; i < ROOMS; i++) await roomProvider.diff("id", outputs[i]!, checked[i]!);
    const diffCpu = process.cpuUsage(before);
    const perResource = (u: NodeJS.CpuUsage) => fmt((u.user + u.system) / 1000 / ROOMS, 3);
    console.log(`provider CPU per resource: check ${perResource(checkCpu)} ms, diff ${perResource(diffCpu)} ms (${ROOMS} rooms, in process)`);
}

export async function run(): Promise<void> {
    console.log(`## ${ROOMS} rooms through the engine stand-in, emulator at ${PER_MINUTE} requests/min`);
    await cpuPerResource();
    const emulator = await startChildEmulator(PER_MINUTE);
    const root = path.resolve(__dirname, "../..");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-bench-"));
    const engine = new Engine({
        stateFile: path.join(dir, "state.json"),
        config: { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey },
        secretConfig: ["vcrooms:developerKey"],
        hostCwd: root,
        linkPackages: { "pulumi-vcrooms": root },
        parallel: 32,
    });
    const program = async () => {
        for (let i = 0; i < ROOMS; i++) new Room(`room-${i}`, args(i));
    };
    const requests = async () => (await control(emulator.controlUrl, "GET", "/requests")).total as number;
    const limited = async () => (await control(emulator.controlUrl, "GET", "/requests")).entries.filter((e: { status: number }) => e.status === 429).length as number;

    let started = performance.now();
    const up = await engine.up(program);
    const upSeconds = (performance.now() - started) / 1000;
    const floor = (ROOMS / PER_MINUTE) * 60;
    console.log(`first up: ${up.steps.length} steps, errors ${up.errors.length}, wall ${fmt(upSeconds, 1)} s = ${fmt(upSeconds / floor)}x the ${fmt(floor, 0)} s floor; requests ${await requests()}, 429s ${await limited()}`);
    await control(emulator.controlUrl, "DELETE", "/requests");
    started = performance.now();
    await engine.preview(program);
    console.log(`no-change preview: requests ${await requests()} (target 0), wall ${fmt((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
    const again = await engine.up(program);
    console.log(`no-change up: requests ${await requests()} (target 0), non-same steps ${again.steps.filter((s) => s.op !== "same").length}, wall ${fmt((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
    const refresh = await engine.refresh();
    console.log(`refresh: requests ${await requests()} (target ${ROOMS}), drift ${refresh.steps.filter((s) => s.op !== "refresh-same").length}, wall ${fmt((performance.now() - started) / 1000, 1)} s`);
    emulator.stop();
    fs.rmSync(dir, { recursive: true, force: true });
}

if (require.main === module) void run().then(() => process.exit(0));
