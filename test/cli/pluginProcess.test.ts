/**
 * The plugin process under the real CLI, when the CLI is interrupted: Ctrl-C (SIGINT) cancels the operation, and
 * the plugin answers the engine's Cancel by abandoning its retries and sending nothing new, so the CLI ends within
 * seconds, not after the API's retry-after. The plugin runs from its package folder for a Pulumi YAML program. A
 * SIGKILL of the CLI is tried on the release executable (test/release/programs.test.ts): the package-folder plugin's
 * language host ends it already.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PLUGIN_FOLDER, type CommandResult, type PulumiProject } from "../../harness/pulumiCli";
import { cli, clearLog, projectFor, requestLog } from "./support";
import { outsideRepository } from "./install";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";
import { descendants, untilRequest } from "../support/processes";

const host = "dir" in cli ? path.join(cli.dir, "pulumi-language-yaml") : "";
const skip = "skip" in cli ? cli.skip : fs.existsSync(host) ? undefined : `no Pulumi YAML language host at ${host}`;
if (skip && process.env.CI) throw new Error(`the plugin process suite must run under CI: ${skip}`);

describe.skipIf(skip)("the plugin process when the CLI is interrupted", { timeout: 600_000 }, () => {
    let emulator: RunningEmulator;
    const projects: PulumiProject[] = [];
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });
    let root: string;
    let p: PulumiProject;

    beforeAll(async () => {
        root = outsideRepository("vcrooms-plugin-process-");
        // JSON is YAML too. Two rooms: the second is created after the first (it depends on it).
        const program = {
            name: "vcrooms-plugin-process",
            runtime: "yaml",
            packages: { vcrooms: PLUGIN_FOLDER },
            resources: {
                first: { type: "vcrooms:Room", properties: { friendlyUrl: "interrupted-first" } },
                second: { type: "vcrooms:Room", properties: { friendlyUrl: "interrupted-second", description: "${first.id}" } },
            },
        };
        fs.writeFileSync(path.join(root, "Pulumi.yaml"), JSON.stringify(program, null, 2));
        p = await projectFor(emulator, {}, { folder: root });
        projects.push(p);
    }, 300_000);
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    /**
     * Starts `pulumi up` with the API answering every room create 503, retry-after 40 s; resolves once the first is
     * refused, with the command still running (wrapped: an async function's promise would wait for it).
     */
    async function upAgainstBusyApi(): Promise<{ running: Promise<CommandResult> }> {
        await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", status: 503, body: { message: "Busy" }, headers: { "retry-after": "40" }, count: 100 });
        await clearLog(emulator);
        const running = p.run(["up", "--yes", "--skip-preview", "--non-interactive"]);
        await untilRequest(async () => (await requestLog(emulator)).entries.some((e) => e.method === "POST" && e.path === "/api/v1/rooms"), running);
        return { running };
    }

    const creates = async () => (await requestLog(emulator)).entries.filter((e) => e.method === "POST" && e.path === "/api/v1/rooms").length;
    /** The CLI this test runs: a child of the test's process. */
    const cliPid = () => descendants(process.pid).find((p) => path.basename(p.exe) === "pulumi" && p.args.includes("up"))?.pid;

    it("Ctrl-C: the CLI ends within seconds, not after the retry-after, and no request is sent after it", async () => {
        const { running } = await upAgainstBusyApi();
        const pid = cliPid();
        expect(pid, "the CLI's process").toBeDefined();
        const sent = await creates();
        process.kill(pid!, "SIGINT");
        // Without Cancel the plugin sleeps out the 40 s retry-after (twice: 76 to 79 s in all) before the CLI can end.
        const ended = await Promise.race([running, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 25_000))]);
        if (ended === undefined) process.kill(pid!, "SIGKILL");
        expect(ended, "the CLI still running 25 s after Ctrl-C").toBeDefined();
        expect(ended!.code).not.toBe(0);
        expect(ended!.stdout + ended!.stderr).toContain("the operation was cancelled");
        expect(await creates()).toBe(sent);
        await control(emulator, "DELETE", "/faults");
        // The stack is usable afterwards: the next up creates both rooms.
        const up = await p.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect((await p.destroy([], { preview: false })).code).toBe(0);
    });
});
