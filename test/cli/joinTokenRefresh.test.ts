/**
 * The plugin face's refresh of a JoinToken keeps its inputs: after `pulumi refresh`, `pulumi preview --diff`
 * plans no change and no replacement of the token (a read that answered empty inputs would make every input
 * an addition, and a create-only one a replacement).
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { ROOT, type PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the real Pulumi CLI: plugin-face refresh of a JoinToken", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("refresh keeps the token's inputs: the next preview --diff plans nothing", async () => {
        const project = await projectFor(emulator, {}, { program: path.join(ROOT, "dist/test/cli/programs/pluginToken.js"), plugin: true });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        // What the refresh does is the claim, not its plan.
        const refresh = await project.refresh([], { preview: false });
        expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
        const state = await project.exportDeployment();
        const token = state.deployment.resources!.find((r) => r.type === "vcrooms:index:JoinToken")!;
        expect(token.inputs).toMatchObject({ userName: "Alice", renewBefore: "24h" });
        // `--expect-no-changes` fails on any update or replacement the preview plans.
        const quiet = await project.run(["preview", "--diff", "--expect-no-changes", "--non-interactive"]);
        expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);
    });
});
