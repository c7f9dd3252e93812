/**
 * A RoomContentPurge whose `room` is its Room's friendly URL (`room: board.friendlyUrl`), through the real Pulumi
 * CLI: renaming the room is no change to the purge, at preview and at up, and deletes nothing again; pointing the
 * purge at another room still purges that room.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { apiCaller, control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { ROOT } from "../../harness/pulumiCli";
import { cli, clearLog, projectFor, requestLog, resourceOps } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/tokens.js");

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];
const contentDeletes = async () => (await requestLog(emulator)).entries.filter((e) => e.method === "DELETE" && e.path.includes("/rooms/")).length;
const chatOf = async (room: string) => ((await control(emulator, "GET", `/rooms/${room}/content`)) as { chat: number }).chat;

describe.skipIf("skip" in cli)("the real Pulumi CLI: a purge follows its room, not its name", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a rename of the purged room is no change to a purge given the room's friendlyUrl", async () => {
        const config = (room: string, purges: unknown[]) => ({ "test:room": room, "test:purges": JSON.stringify(purges) });
        const wipe = { name: "wipe", args: { kinds: ["chat"] }, boardUrl: true };
        const project = await projectFor(emulator, config("purge-board", [wipe]), { program: PROGRAM });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const roomId = (await apiCaller(emulator)("GET", "/rooms/purge-board")).body.id as string;
        await control(emulator, "POST", "/rooms/purge-board/content", { chat: [{}, {}] });

        // Renamed in the program: the Room is updated in place; the purge is the same purge.
        await project.setConfig(config("purge-board-renamed", [wipe]));
        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(resourceOps(preview.steps).filter((op) => !op.startsWith("same"))).toEqual(["update board"]);
        await clearLog(emulator);
        const renamed = await project.up([], { preview: false });
        expect(renamed.code, renamed.stdout + renamed.stderr).toBe(0);
        expect(resourceOps(renamed.steps).filter((op) => !op.startsWith("same"))).toEqual(["update board"]);
        expect(await contentDeletes()).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms/purge-board-renamed")).body.id).toBe(roomId);
        expect(await chatOf("purge-board-renamed")).toBe(2);

        // Nothing left to do, at preview and up.
        const again = await project.preview(["--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);

        // Another room named: that room is purged.
        await apiCaller(emulator)("POST", "/rooms", { friendly_url: "other-room" });
        await control(emulator, "POST", "/rooms/other-room/content", { chat: [{}] });
        await project.setConfig(config("purge-board-renamed", [{ name: "wipe", args: { kinds: ["chat"], room: "other-room" } }]));
        const moved = await project.up([], { preview: false });
        expect(moved.code, moved.stdout + moved.stderr).toBe(0);
        expect(resourceOps(moved.steps).filter((op) => op.startsWith("replace"))).toEqual(["replace wipe"]);
        expect(await chatOf("other-room")).toBe(0);
        expect(await chatOf("purge-board-renamed")).toBe(2);
    });
});
