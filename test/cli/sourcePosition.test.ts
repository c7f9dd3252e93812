/**
 * A dynamic-face resource's source position in state is the program's line that declared it, as for a generated
 * SDK's resource (the plugin face), not a constructor inside this SDK: the SDK's intermediate constructors
 * (sdk/declaredResource.ts, sdk/shim.ts) are left out of the stack the engine records (issue 22: also about 290
 * bytes of each Room's state).
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("a Room's source position through the real Pulumi CLI", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a Room's sourcePosition and stack trace name the program's line, and no frame of the SDK's own constructors", async () => {
        const p = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "plain", args: {} }]) });
        projects.push(p);
        const up = await p.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const rooms = ((await p.exportDeployment()).deployment.resources ?? []).filter((r) => r.type === "pulumi-nodejs:dynamic/vcrooms:Room");
        expect(rooms).toHaveLength(1);
        const room = rooms[0] as Record<string, any>;
        const frames = (room.stackTrace as Array<{ sourcePosition: string }>).map((f) => f.sourcePosition);
        expect(room.sourcePosition).toBe(frames[0]);
        expect(room.sourcePosition).not.toMatch(/\/sdk\/|pulumi-vcrooms\/dist/);
        for (const frame of frames) expect(frame).not.toMatch(/\/sdk\/(declaredResource|shim|room)\./);
    });
});
