import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { ROOT, type PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "../cli/support";
import { useEmulator } from "../support/emulator";
let emulator: RunningEmulator;
const projects: PulumiProject[] = [];
describe("scratch", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });
    it("x", async () => {
        const project = await projectFor(emulator, { "test:face": "dynamic", "test:resources": JSON.stringify([{ kind: "Room", name: "board", args: { description: "Plain board topic" } }]), "test:secretTransform": JSON.stringify(["description"]), "test:outputs": JSON.stringify([{ name: "topic", of: "board", output: "topic" }]) }, { program: path.join(ROOT, "dist/test/cli/programs/options.js"), secretConfig: { "test:secret": "Confidential board topic" } });
        projects.push(project);
        const up = await project.run(["up", "--yes", "--skip-preview"]);
        console.log(up.stdout, up.stderr);
        console.log(JSON.stringify(await project.outputs()));
    });
});
