/**
 * `npm run demo`: the main job, end to end, against the embedded emulator: the example program
 * examples/team-rooms run through the engine stand-in as `pulumi preview`, `pulumi up`, a second
 * `up` (nothing to do), a change made outside Pulumi caught by `pulumi preview --refresh` and put
 * back by `pulumi up`, then `pulumi destroy`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../emulator";
import { Engine, formatPlan, type RunResult } from "./engine";

const ROOT = path.resolve(__dirname, "../../..");

function show(title: string, result: RunResult): void {
    console.log(`\n$ ${title}`);
    console.log(formatPlan(result));
    const outputs = Object.entries(result.outputs);
    if (outputs.length > 0) console.log(`  outputs: ${outputs.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")}`);
    if (result.failed) throw new Error(`${title} failed`);
}

async function main(): Promise<void> {
    const emulator = await startEmulator({ domain: "acme" });
    console.log(`Embedded Rooms API emulator on ${emulator.baseUrl} (team ${emulator.teamId})`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-demo-"));
    const engine = new Engine({
        stateFile: path.join(dir, "state.json"),
        project: "team-rooms",
        config: { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey },
        secretConfig: ["vcrooms:developerKey"],
        hostCwd: ROOT,
        linkPackages: { "pulumi-vcrooms": ROOT },
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const program = require(path.join(ROOT, "dist/examples/team-rooms/index.js"));
    const headers = { authorization: `Bearer ${emulator.developerKey}`, "content-type": "application/json" };
    try {
        show("pulumi preview", await engine.preview(program));
        show("pulumi up", await engine.up(program));
        show("pulumi up   # again: nothing to do", await engine.up(program));
        await fetch(`${emulator.baseUrl}/rooms/board-q3`, { method: "PATCH", headers, body: JSON.stringify({ max_participants: 8, watermark_enabled: false }) });
        console.log("\n# someone edits the board room outside Pulumi: max_participants 8, watermark off");
        show("pulumi preview --refresh", await engine.preview(program, { refresh: true }));
        show("pulumi up --refresh", await engine.up(program, { refresh: true }));
        const room = (await (await fetch(`${emulator.baseUrl}/rooms/board-q3`, { headers })).json()) as Record<string, unknown>;
        console.log(`  board-q3 now: max_participants ${room.max_participants}, watermark_enabled ${room.watermark_enabled}`);
        show("pulumi destroy", await engine.destroy());
        const state = fs.readFileSync(path.join(dir, "state.json"), "utf8");
        console.log(`\nDeveloper key in the state file: ${state.includes(emulator.developerKey) ? "FOUND (bug)" : "no"}`);
    } finally {
        await emulator.close();
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

main().then(
    () => process.exit(0),
    (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
    },
);
