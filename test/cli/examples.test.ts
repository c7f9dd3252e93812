/** The example programs through the real CLI: up, a no-change up, the outputs, destroy. */
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { apiCaller } from "../support/http";
import { ROOT, type PulumiProject } from "./pulumiCli";
import { cli, projectFor, resourceOps } from "./support";

describe.skipIf("skip" in cli)("examples through the real CLI", { timeout: 900_000 }, () => {
    let emulator: RunningEmulator;
    let project: PulumiProject | undefined;
    beforeAll(async () => {
        emulator = await startEmulator({ rateLimit: 0 });
    });
    afterAll(async () => {
        project?.dispose();
        await emulator?.close();
    });

    it("examples/team-rooms comes up, stays put, and goes away", async () => {
        project = await projectFor(emulator, {}, { program: path.join(ROOT, "dist/examples/team-rooms/index.js") });
        const up = await project.up();
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(resourceOps(up.steps)).toEqual(["create all-hands", "create board", "create defaults"]);
        expect(await project.outputs()).toMatchObject({ boardUrl: "https://acme.digitalsamba.com/board-q3", domain: "acme" });
        const board = (await apiCaller(emulator)("GET", "/rooms/board-q3")).body;
        expect(board).toMatchObject({ privacy: "private", e2ee_enabled: true, palette_mode: "dark" });
        expect((await project.up(["--expect-no-changes"])).code).toBe(0);
        const down = await project.destroy();
        expect(down.code).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });
});
