/**
 * The dynamic face (`require("pulumi-vcrooms")`) plans a room's generated friendly URL at an update preview as the up
 * keeps it: the engine answers a dynamic resource's update preview with its checked inputs, which carry the name under
 * a hidden input (provider/index.ts, `planningGenerated`; sdk/declaredResource.ts, `withCarried`), never shown by
 * `preview --diff`. A purge and a join token that name the room by it (as the docs show) are
 * then previewed as the up leaves them, unchanged, and `preview --save-plan` + `up --plan` holds. Before, the name was
 * unknown at preview: both showed as replaced (an irreversible purge planned) and `up --plan` failed with "expected
 * resource operations for ...RoomContentPurge::wipe but none were seen" (issue 38 item 9).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { ROOT, type JsonRun, type PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor, resourceOps } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/generatedNamed.js");

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

/** The operations of a run on our resources but those that leave one as it is. */
const changes = (run: JsonRun) => resourceOps(run.steps).filter((op) => !op.startsWith("same "));

/** The operations a saved plan holds for our resources but those that leave one as it is, as `op name`. */
const plannedOps = (plans: Record<string, { steps?: string[] }>) =>
    Object.entries(plans)
        .filter(([urn]) => urn.includes("pulumi-nodejs:dynamic/"))
        .flatMap(([urn, plan]) => (plan.steps ?? []).filter((op) => op !== "same").map((op) => `${op} ${urn.slice(urn.lastIndexOf("::") + 2)}`))
        .sort();

/** What a failed run printed. */
const shown = (run: { stdout: string; stderr: string }) => `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`;

describe.skipIf("skip" in cli)("the real Pulumi CLI, dynamic face: a generated friendly URL planned at an update preview", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a description change previews and plans only the room's update: the purge and the token naming it by its generated friendly URL stay, and up --plan holds", async () => {
        const project = await projectFor(emulator, { "test:description": "Generated name" }, { program: PROGRAM });
        projects.push(project);
        const created = await project.up([], { preview: false });
        expect(created.code, shown(created)).toBe(0);
        const url = (await project.outputs()).genFriendlyUrl;
        expect(url).toMatch(/^gen-[0-9a-f]{7}$/);
        const stackUrn = created.steps.find((s) => s.type === "pulumi:pulumi:Stack")!.urn;

        // Twice: the first update carries the name the create made, the second the one the first kept in the inputs.
        for (const description of ["Generated name, moved", "Generated name, moved again"]) {
            await project.setConfig({ "test:description": description });
            // One preview, as a user reads it, saving its plan: the description changes, and no friendly URL shows as
            // declared; the plan's steps are the preview's.
            const plan = path.join(project.dir, "plan.json");
            fs.rmSync(plan, { force: true });
            const diff = await project.run(["preview", "--diff", "--non-interactive", "--save-plan", plan]);
            expect(diff.code, shown(diff)).toBe(0);
            expect(diff.stdout).toContain(description);
            expect(diff.stdout, description).not.toMatch(/^\s*[-+~]\s*(__)?friendlyUrl\b/m);
            const saved = JSON.parse(fs.readFileSync(plan, "utf8")) as { resourcePlans: Record<string, { steps?: string[]; state?: Record<string, unknown> }> };
            expect(plannedOps(saved.resourcePlans), description).toEqual(["update gen"]);
            // What the program saw at preview: the plan's stack outputs.
            expect(saved.resourcePlans[stackUrn]?.state?.genFriendlyUrl, description).toBe(url);

            const up = await project.up(["--plan", plan], { preview: false });
            expect(up.code, shown(up)).toBe(0);
            expect(changes(up), description).toEqual(["update gen"]);
            expect((await project.outputs()).genFriendlyUrl).toBe(url);
        }
        const again = await project.preview(["--expect-no-changes"]);
        expect(again.code, shown(again)).toBe(0);
    });
});
