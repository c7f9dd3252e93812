/** The example program examples/team-rooms through the engine stand-in: up, no-op up, destroy. */
import * as path from "node:path";
import { createRequire } from "node:module";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { apiCaller } from "../support/http";
import { ROOT, engineFor } from "../support/pulumi";

let emulator: RunningEmulator;
beforeAll(async () => {
    emulator = await startEmulator();
});
afterAll(() => emulator.close());

it("examples/team-rooms comes up, stays put, and goes away", async () => {
    const program = createRequire(__filename)(path.join(ROOT, "dist/examples/team-rooms/index.js"));
    const engine = engineFor(emulator, "example");
    const up = await engine.up(program);
    expect(up.errors).toEqual([]);
    expect(up.outputs).toMatchObject({ boardUrl: "https://acme.digitalsamba.com/board-q3", domain: "acme" });
    const board = (await apiCaller(emulator)("GET", "/rooms/board-q3")).body;
    expect(board).toMatchObject({ privacy: "private", e2ee_enabled: true, whiteboard_enabled: false, palette_mode: "dark" });
    const again = await engine.up(program);
    expect(again.steps.every((s) => s.op === "same")).toBe(true);
    const down = await engine.destroy();
    expect(down.steps).toHaveLength(3);
    expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
});
