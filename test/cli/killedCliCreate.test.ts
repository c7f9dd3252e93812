/**
 * A Room's create that returned to a CLI that is gone, in the dynamic face with a declared friendly URL: the CLI is
 * stopped (SIGSTOP) while the create's POST is in flight, the provider finishes the create (the answer lost, its
 * lookup finds the room it made) and answers the stopped engine, then the CLI alone is SIGKILLed. The state never
 * holds the room. (A provider whose engine dies during the create ends at once, its record left under way:
 * test/cli/groupKilledCreate.test.ts; only an engine gone after the create returned leaves this window.) The create's
 * record is kept, marked returned, until a later check finds its create id in the state: the next up's create, refused
 * on the taken name, knows the room by that create's marker and takes it as the resource's. Before, the record was
 * removed when the create returned, and the next up failed on the taken name until adoptExisting (hostile finding
 * F5). Once the state holds the room, the record goes: a later run never takes the room again. The record is this stack
 * instance's: a stack of the same project and stack name in another file backend on the same machine, while it is
 * kept, is refused the room as any stack is (hostile run 6 F1).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { PulumiProject } from "../../harness/pulumiCli";
import { clearLog, cli, projectFor, requestLog } from "./support";
import { useEmulator } from "../support/emulator";
import { killAll, untilCrashPoint } from "../support/processes";

const projects: PulumiProject[] = [];
const NAME = "killed-board";
const rooms = { "test:rooms": JSON.stringify([{ name: "board", args: { friendlyUrl: NAME, description: "Killed board" } }]) };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shown = (run: { stdout: string; stderr: string }) => `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`;

describe.skipIf("skip" in cli)("the real Pulumi CLI killed alone while the dynamic face creates a room", { timeout: 600_000 }, () => {
    const env = useEmulator({ rateLimit: 0 }, { resetEach: true, projects });
    const roomsNamed = async () => ((await env.control("GET", "/state")).rooms as Array<{ id: string; friendly_url: string }>).filter((r) => r.friendly_url === NAME);

    it("the next up takes the room a create returned to a gone engine made as the resource's; once saved, a later run never takes it again", async () => {
        const project = await projectFor(env.emulator, rooms);
        projects.push(project);

        // The POST is acted on and its answer held; the CLI is stopped once it is sent.
        const { run, reached, below } = await untilCrashPoint(project, env.emulator, 1);
        expect(reached, "the up ended before its create").toBe(true);
        process.kill(run.child.pid!, "SIGSTOP");
        // The answer is lost (the connection closed unanswered): the provider looks the name up, finds the room its
        // create made, and returns the create to the stopped engine, which never saves it.
        await env.control("DELETE", "/crash-point");
        const settled = async () => (await requestLog(env.emulator)).entries.some((e) => e.method === "GET" && e.path === `/api/v1/rooms/${NAME}` && e.status === 200);
        for (let i = 0; i < 600 && !(await settled()); i++) await pause(100);
        expect(await settled(), "the provider's lookup of the room it made").toBe(true);
        // What is left of the create after its lookup is local (the record); then the CLI alone, and what it left, go.
        await pause(2000);
        process.kill(run.child.pid!, "SIGKILL");
        await run.result;
        killAll(below.map((p) => p.pid));
        const first = await roomsNamed();
        expect(first).toHaveLength(1);

        // The record of the create that made the room is kept, returned. A stack of the same project and stack name in
        // another file backend, on this machine (same PULUMI_HOME), is another stack: its create is refused on the taken
        // name, naming adoptExisting, writes nothing, and the record is left to this stack's recovery (hostile run 6 F1).
        const elsewhere = { PULUMI_BACKEND_URL: `file://${path.join(project.dir, ".backend-elsewhere")}` };
        fs.mkdirSync(path.join(project.dir, ".backend-elsewhere"));
        expect((await project.run(["stack", "init", project.stack, "--non-interactive"], { env: elsewhere })).code).toBe(0);
        await clearLog(env.emulator);
        const other = await project.run(["up", "--yes", "--skip-preview", "--non-interactive"], { env: elsewhere });
        expect(other.code, shown(other)).not.toBe(0);
        expect(other.stdout + other.stderr).toContain("already been taken");
        expect(other.stdout + other.stderr).toContain("adoptExisting");
        expect((await requestLog(env.emulator)).entries.filter((e) => e.method !== "GET")).toEqual([expect.objectContaining({ method: "POST", path: "/api/v1/rooms", status: 422 })]);
        expect(await roomsNamed()).toEqual([expect.objectContaining({ id: first[0]!.id })]);

        // The documented recovery: the lock, the pending create, then up.
        await project.run(["cancel", "--yes", "--non-interactive"]);
        const refreshed = await project.refresh(["--clear-pending-creates"], { preview: false });
        expect(refreshed.code, shown(refreshed)).toBe(0);
        const up = await project.up([], { preview: false });
        expect(up.code, shown(up)).toBe(0);
        const made = await roomsNamed();
        expect(made.map((r) => r.id)).toEqual([first[0]!.id]);
        expect((await project.resourceState("board"))?.id).toBe(made[0]!.id);

        // The state holds it now (a check sees its create id): a room the stack no longer holds is another's.
        expect((await project.preview(["--expect-no-changes"])).code).toBe(0);
        const urn = (await project.resourceState("board"))!.urn as string;
        await project.must(["state", "delete", urn, "--yes", "--non-interactive"]);
        const again = await project.up([], { preview: false });
        expect(again.code).not.toBe(0);
        expect(again.stdout + again.stderr).toContain("adoptExisting");
        expect(await roomsNamed()).toHaveLength(1);
    });
});
