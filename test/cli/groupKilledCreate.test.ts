/**
 * A SIGKILL of the CLI's process group only (as a CI job's timeout does: not the process groups of its own that the
 * engine's plugins run in) while a Room with a generated friendly URL is being created, after a TeamDefaults'
 * write. Through each face, with the real CLI against the emulator's crash point (the Room's POST acted on, its
 * answer held):
 * - within a bounded time no process of ours from that run is left: the dynamic-provider host running our code,
 *   the plugin, the program. Before, the dynamic-provider host lived on under init, and once the API answered again
 *   it finished the create for an engine that was gone and marked its record returned, so the recovery's up made a
 *   second room under a new name (an outside tester's finding);
 * - after the documented recovery (docs/assumptions.md, "An up killed midway": cancel, refresh
 *   --clear-pending-creates, up) the team holds exactly one room, the Room's in the state, and the TeamDefaults'
 *   destroy puts the team's values back.
 */
import { describe, expect, it } from "vitest";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor, requestLog } from "./support";
import { useEmulator } from "../support/emulator";
import { killAll, untilCrashPoint, untilGone, type ProcessInfo } from "../support/processes";

const projects: PulumiProject[] = [];
const DEFAULTS = { language: "de-DE", paletteMode: "dark" };
const config = {
    "test:defaults": JSON.stringify(DEFAULTS),
    "test:rooms": JSON.stringify([{ name: "kroom", args: { description: "generated" } }]),
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shown = (run: { stdout: string; stderr: string }) => `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`;
/** Ours: the Node.js processes (provider hosts, plugin, program); the CLI's language hosts and shell wrappers are upstream's. */
const ours = (p: ProcessInfo) => /(^|\/)node[^/]*$/.test(p.exe);
const described = (p: ProcessInfo) => `${p.pid} ${p.args.slice(0, 3).join(" ")}`;

describe.skipIf("skip" in cli)("the real Pulumi CLI's process group killed while a Room with a generated name is created", { timeout: 600_000 }, () => {
    const env = useEmulator({ rateLimit: 0 }, { resetEach: true, projects });
    const rooms = async () => (await env.control("GET", "/state")).rooms as Array<{ id: string; friendly_url: string }>;
    const team = async () => (await env.control("GET", "/state")).defaults as Record<string, unknown>;

    it.each([
        { face: "dynamic", plugin: false },
        { face: "plugin", plugin: true },
    ])("$face face: no process of ours outlives the engine, and the recovery's up takes the room the killed create made", async ({ plugin }) => {
        const original = await team();
        const project = await projectFor(env.emulator, config, { plugin });
        projects.push(project);

        // Write 1: the TeamDefaults' PATCH; write 2: the Room's POST, acted on and its answer held.
        const { run, reached, below } = await untilCrashPoint(project, env.emulator, 2);
        expect(reached, "the up ended before the Room's create").toBe(true);
        const left: ProcessInfo[] = [];
        try {
            // The CLI's group only (the started CLI leads it): the plugins' groups are left as a CI job's timeout leaves them.
            process.kill(-run.child.pid!, "SIGKILL");
            await run.result;
            const running = await untilGone(below.filter(ours).map((p) => p.pid), 10_000);
            left.push(...below.filter((p) => running.includes(p.pid)));
            expect.soft(left.map(described), "processes of ours still running 10 s after the engine was killed").toEqual([]);

            // The API answers again: a provider still running settles its create (the held answer lost, a lookup finds the room).
            await env.control("DELETE", "/crash-point");
            if (left.length > 0) {
                const settled = async () => (await requestLog(env.emulator)).entries.some((e) => e.method === "GET" && e.path.startsWith("/api/v1/rooms/") && e.status === 200);
                for (let i = 0; i < 300 && !(await settled()); i++) await pause(100);
                await pause(2000);
            }
        } finally {
            killAll(below.map((p) => p.pid));
        }

        // The documented recovery: the lock, the pending creates, then up.
        await project.run(["cancel", "--yes", "--non-interactive"]);
        const refreshed = await project.refresh(["--clear-pending-creates"], { preview: false });
        expect(refreshed.code, shown(refreshed)).toBe(0);
        const up = await project.up([], { preview: false });
        expect(up.code, shown(up)).toBe(0);
        const made = await rooms();
        expect(made.map((r) => r.friendly_url), "the team's rooms after the recovery").toHaveLength(1);
        expect((await project.resourceState("kroom"))?.id).toBe(made[0]!.id);

        const destroyed = await project.destroy([], { preview: false });
        expect(destroyed.code, shown(destroyed)).toBe(0);
        expect(await rooms()).toEqual([]);
        expect(await team()).toEqual(original);
    });
});
