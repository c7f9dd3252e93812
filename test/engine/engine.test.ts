/**
 * The engine stand-in's rules, shown with the real Room resource against the emulator:
 * preview writes nothing and passes unknowns through check, dependencies wait for outputs,
 * ignoreChanges, protect, resources dropped from the program are deleted, additionalSecretOutputs.
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import { engineFor, engineModule, sdk } from "../support/pulumi";

let emulator: RunningEmulator;
useEmulator({ rateLimit: 0 }, { resetEach: true, started: (started) => (emulator = started) });

describe("engine stand-in", () => {
    it("preview sends no write, and an input not known yet passes check", async () => {
        const engine = engineFor(emulator, "unknowns");
        const program = async () => {
            const main = new sdk.Room("main", { description: "Main room" });
            new sdk.Room("overflow", { description: main.roomUrl.apply((u) => `Overflow of ${u}`) });
        };
        const preview = await engine.preview(program);
        expect(preview.errors.join("\n")).toBe("");
        expect(preview.steps.map((s) => s.op)).toEqual(["create", "create"]);
        const log = await control(emulator, "GET", "/requests");
        expect(log.total).toBe(0);
        expect(engine.resources()).toEqual({});
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        const overflow = (await apiCaller(emulator)("GET", "/rooms")).body.data.find((r: { description: string }) => r.description.startsWith("Overflow"));
        expect(overflow.description).toMatch(/^Overflow of https:\/\/acme\.digitalsamba\.com\/main-/);
        expect(engineModule.formatPlan(up)).toContain("(2 create)");
    });

    it("honours ignoreChanges and protect, and deletes what the program dropped", async () => {
        const engine = engineFor(emulator, "options");
        let description = "One";
        let protect = true;
        let withExtra = true;
        const program = async () => {
            new sdk.Room("kept", { description }, { ignoreChanges: ["description"], protect });
            if (withExtra) new sdk.Room("extra", { description: "Extra" });
        };
        await engine.up(program);
        description = "Two";
        const ignored = await engine.up(program);
        expect(ignored.steps.find((s) => s.name === "kept")?.op).toBe("same");
        withExtra = false;
        const dropped = await engine.up(program);
        expect(dropped.steps.find((s) => s.name === "extra")?.op).toBe("delete");
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(1);
        const refused = await engine.destroy();
        expect(refused.failed).toBe(true);
        expect(refused.errors.join()).toMatch(/protected/);
        protect = false;
        await engine.up(program);
        expect((await engine.destroy()).errors).toEqual([]);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("marks additionalSecretOutputs secret and encrypts them in the state file", async () => {
        const engine = engineFor(emulator, "secret-outputs");
        await engine.up(async () => {
            new sdk.Room("s", { description: "Secret outputs" }, { additionalSecretOutputs: ["description"] });
        });
        const [state] = Object.values(engine.resources());
        expect(engineModule.isSecretWire(state!.outputs.description)).toBe(true);
        const file = fs.readFileSync((engine as unknown as { options: { stateFile: string } }).options.stateFile, "utf8");
        const saved = Object.values(JSON.parse(file).resources as Record<string, { outputs: Record<string, unknown> }>)[0]!;
        expect(JSON.stringify(saved.outputs.description)).toContain("ciphertext");
        expect(JSON.stringify(saved.outputs.description)).not.toContain("Secret outputs");
    });
});

describe("engine stand-in, DIFF_UNKNOWN", () => {
    it("falls back to comparing inputs when the provider has no diff", async () => {
        const { createRequire } = await import("node:module");
        const path = await import("node:path");
        const { ROOT } = await import("../support/pulumi");
        const { NoDiffResource } = createRequire(__filename)(path.join(ROOT, "dist/test/engine/fixtures/noDiffResource.js"));
        const engine = engineFor(emulator, "no-diff");
        let value = "a";
        const program = async () => {
            new NoDiffResource("memo", { value });
        };
        expect((await engine.up(program)).steps[0]?.op).toBe("create");
        expect((await engine.up(program)).steps[0]?.op).toBe("same");
        value = "b";
        expect((await engine.up(program)).steps[0]).toMatchObject({ op: "update", changedKeys: ["value"] });
    });
});
