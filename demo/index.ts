/**
 * `npm run demo`: the main job, end to end, against the embedded emulator (started on a free loopback
 * port): the example program examples/quickstart as `pulumi preview`, `pulumi up`, a second `up` (nothing to do), a change made outside
 * Pulumi caught by `pulumi preview --refresh` and put back by `pulumi up --refresh`, then `pulumi destroy`.
 *
 * It uses the real Pulumi CLI when one can be had (PULUMI_CLI_DIR, a `pulumi` with its Node.js language host
 * on PATH, or scripts/pulumi-cli where Go is installed), else the engine stand-in, and says which.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator";
import { plannedChanges, locateCli, PulumiProject, ROOT, type JsonRun, type CommandResult } from "../harness/pulumiCli";
import { Engine, formatPlan, type RunResult } from "../harness/engine";

const PROGRAM = path.join(ROOT, "dist/examples/quickstart/index.js");

async function outsideChange(emulator: RunningEmulator): Promise<void> {
    const headers = { authorization: `Bearer ${emulator.developerKey}`, "content-type": "application/json" };
    await fetch(`${emulator.baseUrl}/rooms/quickstart-standup`, { method: "PATCH", headers, body: JSON.stringify({ max_participants: 8 }) });
    console.log("\n# someone edits the stand-up room outside Pulumi: max_participants 12 -> 8");
}

async function standupNow(emulator: RunningEmulator): Promise<string> {
    const room = (await (await fetch(`${emulator.baseUrl}/rooms/quickstart-standup`, { headers: { authorization: `Bearer ${emulator.developerKey}` } })).json()) as Record<string, unknown>;
    if (room.max_participants !== 12) throw new Error(`the repair did not put max_participants back: ${room.max_participants}`);
    return `quickstart-standup now: max_participants ${room.max_participants}`;
}

/** Through the real CLI: each step's plan from its --json output; fails unless each step did what it should. */
async function withRealCli(emulator: RunningEmulator, cliDir: string): Promise<void> {
    console.log(`Engine: the real Pulumi CLI (${cliDir})`);
    const project = new PulumiProject({ cliDir, program: PROGRAM, name: "quickstart" });
    try {
        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        const show = (title: string, run: JsonRun & CommandResult, expectSuccess = true) => {
            console.log(`\n$ ${title}`);
            for (const step of run.steps.filter((s) => s.type.startsWith("pulumi-nodejs:dynamic/") && s.op !== "same" && s.op !== "refresh")) {
                const keys = step.op === "update" ? plannedChanges(step) : [];
                console.log(`  ${step.op.padEnd(8)} ${step.type.replace("pulumi-nodejs:dynamic/", "")} ${step.name}${keys.length ? ` [${keys.join(", ")}]` : ""}`);
            }
            console.log(`  (${Object.entries(run.changeSummary).map(([op, n]) => `${n} ${op}`).join(", ") || "no changes"})`);
            for (const d of run.diagnostics.filter((x) => x.severity === "error")) console.log(`  error: ${d.message.trim()}`);
            if (expectSuccess && run.code !== 0) throw new Error(`${title} failed:\n${run.stderr}`);
        };
        show("pulumi preview", await project.preview());
        show("pulumi up", await project.up());
        console.log(`  outputs: ${JSON.stringify(await project.outputs())}`);
        show("pulumi up --expect-no-changes   # again: nothing to do", await project.up(["--expect-no-changes"]));
        await outsideChange(emulator);
        const drift = await project.preview(["--refresh", "--expect-no-changes"]);
        show("pulumi preview --refresh --expect-no-changes   # the drift audit fails, as it should", drift, false);
        if (drift.code === 0) throw new Error("the drift audit did not see the change made outside Pulumi");
        show("pulumi up --refresh", await project.up(["--refresh"]));
        console.log(`  ${await standupNow(emulator)}`);
        show("pulumi destroy", await project.destroy());
        const written = [await project.exportText(), project.writtenText()].join("\n");
        console.log(`\nDeveloper key in plaintext in the stack or any file the CLI wrote: ${written.includes(emulator.developerKey) ? "FOUND (bug)" : "no"}`);
        if (written.includes(emulator.developerKey) || written.includes("token=ey")) throw new Error("a secret is in plain text in the stack or a file the CLI wrote");
    } finally {
        project.dispose();
    }
}

function show(title: string, result: RunResult): void {
    console.log(`\n$ ${title}`);
    console.log(formatPlan(result));
    const outputs = Object.entries(result.outputs);
    if (outputs.length > 0) console.log(`  outputs: ${outputs.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")}`);
    if (result.failed) throw new Error(`${title} failed`);
}

/** Through the engine stand-in, for machines with neither a Pulumi CLI nor Go. */
async function withStandIn(emulator: RunningEmulator, why: string): Promise<void> {
    console.log(`Engine: the in-process stand-in (harness/engine), since ${why}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-demo-"));
    const engine = new Engine({
        stateFile: path.join(dir, "state.json"),
        project: "quickstart",
        config: { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey },
        secretConfig: ["vcrooms:developerKey"],
        hostCwd: ROOT,
        linkPackages: { "pulumi-vcrooms": ROOT },
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const program = require(PROGRAM);
    try {
        show("pulumi preview", await engine.preview(program));
        show("pulumi up", await engine.up(program));
        show("pulumi up   # again: nothing to do", await engine.up(program));
        await outsideChange(emulator);
        show("pulumi preview --refresh", await engine.preview(program, { refresh: true }));
        show("pulumi up --refresh", await engine.up(program, { refresh: true }));
        console.log(`  ${await standupNow(emulator)}`);
        show("pulumi destroy", await engine.destroy());
        const state = fs.readFileSync(path.join(dir, "state.json"), "utf8");
        console.log(`\nDeveloper key in the state file: ${state.includes(emulator.developerKey) ? "FOUND (bug)" : "no"}`);
        if (state.includes(emulator.developerKey)) throw new Error("the developer key is in plain text in the state file");
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

async function main(): Promise<void> {
    const emulator = await startEmulator({ domain: "acme" });
    console.log(`Embedded Rooms API emulator on ${emulator.baseUrl} (team ${emulator.teamId})`);
    try {
        let cli: ReturnType<typeof locateCli>;
        try {
            cli = locateCli({ preferPath: true });
        } catch (e) {
            cli = { skip: (e as Error).message };
        }
        if ("dir" in cli) await withRealCli(emulator, cli.dir);
        else await withStandIn(emulator, cli.skip.replace(/^real-CLI suite skipped: /, "no real Pulumi CLI is available: "));
    } finally {
        await emulator.close();
    }
}

main().then(
    () => process.exit(0),
    (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
    },
);
