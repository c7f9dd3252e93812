/**
 * Bookkeeping inputs (the resource name and stack the SDK or the plugin fills, the flag check sets when it generated
 * a friendly URL) travel as `__<name>`, which the engine's display leaves out: `pulumi preview --diff` of a Room's
 * create and update shows only what the program declared, in both faces. A state written before, with the plain
 * names, shows no change and no replacement after the upgrade.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

const BOOKKEEPING = ["resourceName", "friendlyUrlGenerated", "createId", '"vcrooms-cli/dev"'];
const rooms = (description: string) => ({ "test:rooms": JSON.stringify([{ name: "board", args: { description } }]) });

/** `pulumi preview --diff` as a user reads it. */
async function previewDiff(project: PulumiProject): Promise<string> {
    const result = await project.run(["preview", "--diff", "--non-interactive"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    return result.stdout;
}

/** The state as an earlier version wrote it: each `__<name>` bookkeeping key under its plain name. */
async function asWrittenBefore(project: PulumiProject): Promise<void> {
    const text = (await project.exportText()).replace(/"__(resourceName|stack|friendlyUrlGenerated)"/g, '"$1"');
    expect(text).toContain('"resourceName"');
    const file = path.join(project.dir, "state.json");
    fs.writeFileSync(file, text);
    await project.must(["stack", "import", "--file", file]);
}

describe.skipIf("skip" in cli)("the real Pulumi CLI: bookkeeping inputs hidden from --diff", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    for (const plugin of [false, true]) {
        it(`${plugin ? "plugin" : "dynamic"} face: create and update diffs name no bookkeeping input; a state with the plain names shows no change`, async () => {
            const project = await projectFor(emulator, rooms("Quarterly board"), { plugin });
            projects.push(project);

            const create = await previewDiff(project);
            expect(create).toContain("Quarterly board");
            for (const key of BOOKKEEPING) expect(create).not.toContain(key);
            const up = await project.up([], { preview: false });
            expect(up.code, up.stdout + up.stderr).toBe(0);

            await project.setConfig(rooms("Yearly board"));
            const update = await previewDiff(project);
            expect(update).toContain("Yearly board");
            for (const key of BOOKKEEPING) expect(update).not.toContain(key);

            // Back to the state's own description, then the state rewritten as an earlier version wrote it.
            await project.setConfig(rooms("Quarterly board"));
            await asWrittenBefore(project);
            const after = await project.preview();
            expect(after.code, after.stdout + after.stderr).toBe(0);
            expect(after.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.name}`)).toEqual([]);
            const quiet = await project.run(["preview", "--diff", "--expect-no-changes", "--non-interactive"]);
            expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);
            for (const key of BOOKKEEPING) expect(quiet.stdout).not.toContain(key);
            const kept = await project.up(["--expect-no-changes"]);
            expect(kept.code, kept.stdout + kept.stderr).toBe(0);
        });
    }
});
