/**
 * One clear report per failure, through the real Pulumi CLI (dynamic face): a check failure, a refused configuration, an API error at
 * delete and at refresh, and a data function's failure in the program each appear once in the Diagnostics, naming
 * what failed, with no stack frames and no "Error: X: Error: X" (the dynamic-provider host's stderr copy of a
 * thrown error, which the provider drops: provider/resources/hostErrors.ts).
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { ROOT, type PulumiProject } from "../../harness/pulumiCli";
import { control } from "../support/http";
import { cli, projectFor } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

/** Every way the CLI could show a failure: its whole output. */
const shown = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;
const diagnostics = (r: { stdout: string }) => r.stdout.slice(r.stdout.indexOf("Diagnostics:"));
const count = (text: string, part: string) => text.split(part).length - 1;

function reportedOnce(result: { stdout: string; stderr: string }, message: string): void {
    expect(result.stdout).toContain("Diagnostics:");
    expect(count(diagnostics(result), message), diagnostics(result)).toBe(1);
    const text = shown(result);
    expect(text, text).not.toMatch(/^\s+at .+[:(]/m);
    expect(text).not.toMatch(/Error: [^\n]+: Error: /);
}

describe.skipIf("skip" in cli)("the real Pulumi CLI: one report per failure", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a check failure names field, rule and value once", async () => {
        const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "crowd", args: { maxParticipants: 1 } }]) });
        projects.push(project);
        const preview = await project.run(["preview", "--non-interactive"]);
        expect(preview.code).not.toBe(0);
        reportedOnce(preview, "maxParticipants must be an integer from 2 to 2000; got 1");
        // A provider configuration refused (the dynamic-provider host configures inside the first check): once too.
        await project.setConfig({ "vcrooms:requestsPerMinute": "abc" });
        const badConfig = await project.run(["preview", "--non-interactive"]);
        expect(badConfig.code).not.toBe(0);
        reportedOnce(badConfig, 'Invalid configuration vcrooms:requestsPerMinute: must be a positive whole number; got "abc"');
    });

    it("an API error at refresh and at delete is reported once, without stack frames", async () => {
        const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "board", args: { friendlyUrl: "one-error-board" } }]) });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);

        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/*", status: 403, count: 100, body: { message: "Forbidden by the test.", error: "forbidden" } });
        const refresh = await project.run(["refresh", "--yes", "--skip-preview", "--non-interactive"]);
        expect(refresh.code).not.toBe(0);
        reportedOnce(refresh, "Forbidden by the test.");
        await control(emulator, "DELETE", "/faults");

        await control(emulator, "POST", "/faults", { method: "DELETE", path: "/api/v1/rooms/*", status: 403, count: 100, body: { message: "Deletion forbidden by the test.", error: "forbidden" } });
        const destroy = await project.run(["destroy", "--yes", "--skip-preview", "--non-interactive"]);
        expect(destroy.code).not.toBe(0);
        reportedOnce(destroy, "Deletion forbidden by the test.");
        expect(diagnostics(destroy)).toContain('Unable to delete room "board"');
        // No cleanup destroy: the emulator and the folder are discarded after the file.
    });

    it("a data function's failure in the program is reported once, without stack frames", async () => {
        const project = await projectFor(emulator, { "test:getRoom": "no-such-room" }, { program: path.join(ROOT, "dist/test/cli/programs/tokens.js") });
        projects.push(project);
        const preview = await project.run(["preview", "--non-interactive"]);
        expect(preview.code).not.toBe(0);
        reportedOnce(preview, "Unable to run getRoom of room no-such-room: GET /rooms/no-such-room failed: 404 Not Found");
    });
});
