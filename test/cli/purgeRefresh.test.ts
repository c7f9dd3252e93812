/**
 * RoomContentPurge under refresh through the real Pulumi CLI, in the SDK's face: a purge has nothing to read back,
 * so `pulumi refresh`, `preview --refresh` and `up --refresh` keep it as it is (and delete nothing again), which
 * a drift audit of a stack holding a purge needs.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { ROOT } from "../../harness/pulumiCli";
import { clearLog, cli, projectFor, requestLog, resourceOps } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/tokens.js");

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the real Pulumi CLI: refresh of a stack with a RoomContentPurge", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("refresh, preview --refresh and up --refresh keep the purge as it is and delete nothing", async () => {
        await api("POST", "/rooms", { friendly_url: "purge-refresh" });
        await control(emulator, "POST", "/rooms/purge-refresh/content", { chat: [{}, {}], recordings: 1 });
        const purges = [{ name: "wipe", args: { room: "purge-refresh", kinds: ["chat"] } }];
        const p = await projectFor(emulator, { "test:room": "board-refresh", "test:purges": JSON.stringify(purges) }, { program: PROGRAM });
        projects.push(p);
        const up = await p.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        await control(emulator, "POST", "/rooms/purge-refresh/content", { chat: [{}] });
        await clearLog(emulator);

        const refresh = await p.refresh();
        expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
        const preview = await p.preview(["--refresh", "--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        const again = await p.up(["--refresh", "--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(resourceOps(again.steps).filter((op) => !op.startsWith("same") && !op.startsWith("refresh"))).toEqual([]);

        // Nothing was deleted again, and the purge's outputs are still what its run did.
        expect((await requestLog(emulator)).entries.filter((e) => e.method === "DELETE")).toEqual([]);
        expect(((await control(emulator, "GET", "/rooms/purge-refresh/content")) as { chat: number }).chat).toBe(1);
        expect((await p.outputs()).wipePurged).toEqual(["chat"]);
        expect((await p.destroy([], { preview: false })).code).toBe(0);
    });
});
