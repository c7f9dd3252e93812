/**
 * RoomContentPurge through the real Pulumi CLI against the emulator, one stack stepped through its cases (it was
 * three files, each with its own stack; issue 42):
 * - refresh: a purge has nothing to read back, so `pulumi refresh`, `preview --refresh` and `up --refresh` keep it
 *   as it is and delete nothing again, which a drift audit of a stack holding a purge needs;
 * - `kinds`: a reordered list, or every kind written out where none was named, is no change at preview and deletes
 *   nothing at up; a change of what is purged is a replacement that purges again;
 * - a purge given its Room's friendly URL (`room: board.friendlyUrl`) follows the room, not its name: renaming the
 *   room is no change to the purge, at preview and at up, and deletes nothing again; pointing the purge at another
 *   room purges that room.
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
const ALL = ["chat", "questions", "summaries", "transcripts", "polls", "quizzes", "recordings"];

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];
const deletes = async () => (await requestLog(emulator)).entries.filter((e) => e.method === "DELETE").length;
const chatOf = async (room: string) => ((await control(emulator, "GET", `/rooms/${room}/content`)) as { chat: number }).chat;
const changes = (ops: string[]) => ops.filter((op) => !op.startsWith("same") && !op.startsWith("refresh"));

describe.skipIf("skip" in cli)("the real Pulumi CLI: RoomContentPurge", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("refresh keeps a purge; a reorder or all kinds written out is no change; another set of kinds, or another room, purges again; a rename of the purged room is no change", async () => {
        type Purge = { name: string; args: Record<string, unknown>; boardUrl?: boolean };
        const config = (room: string, purges: Purge[]) => ({ "test:room": room, "test:purges": JSON.stringify(purges) });
        // `some` and `all` purge a room made outside the stack; `wipe` the stack's own Room, through its friendlyUrl.
        const wipe: Purge = { name: "wipe", args: { kinds: ["chat"] }, boardUrl: true };
        await api("POST", "/rooms", { friendly_url: "purged" });
        await control(emulator, "POST", "/rooms/purged/content", { chat: [{}, {}], recordings: 1 });
        const project = await projectFor(emulator, config("purge-board", [{ name: "some", args: { room: "purged", kinds: ["chat", "recordings"] } }, { name: "all", args: { room: "purged" } }, wipe]), { program: PROGRAM });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const roomId = (await api("GET", "/rooms/purge-board")).body.id as string;

        // Refresh: content posted after the purges ran is not purged again, and the purges stay as they are.
        await control(emulator, "POST", "/rooms/purged/content", { chat: [{}] });
        await control(emulator, "POST", "/rooms/purge-board/content", { chat: [{}, {}] });
        await clearLog(emulator);
        const refresh = await project.refresh([], { preview: false });
        expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
        expect(changes(resourceOps(refresh.steps))).toEqual([]);

        // Reordered kinds, and every kind written out where none was named: no change, through a refresh too, and no delete.
        await project.setConfig(config("purge-board", [{ name: "some", args: { room: "purged", kinds: ["recordings", "chat"] } }, { name: "all", args: { room: "purged", kinds: [...ALL].reverse() } }, wipe]));
        const preview = await project.preview(["--refresh", "--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(changes(resourceOps(preview.steps))).toEqual([]);
        const again = await project.up(["--refresh", "--expect-no-changes"], { preview: false }); // the plan was just previewed
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(changes(resourceOps(again.steps))).toEqual([]);
        expect(await deletes()).toBe(0);
        expect(await chatOf("purged")).toBe(1);
        expect(await chatOf("purge-board")).toBe(2);
        expect((await project.outputs()).somePurged).toEqual(["chat", "recordings"]);

        // Renamed in the program: the Room is updated in place; the purge is the same purge.
        await project.setConfig({ "test:room": "purge-board-renamed" });
        const rename = await project.preview();
        expect(rename.code, rename.stdout + rename.stderr).toBe(0);
        expect(resourceOps(rename.steps).filter((op) => !op.startsWith("same"))).toEqual(["update board"]);
        const renamed = await project.up([], { preview: false });
        expect(renamed.code, renamed.stdout + renamed.stderr).toBe(0);
        expect(resourceOps(renamed.steps).filter((op) => !op.startsWith("same"))).toEqual(["update board"]);
        expect(await deletes()).toBe(0);
        expect((await api("GET", "/rooms/purge-board-renamed")).body.id).toBe(roomId);
        expect(await chatOf("purge-board-renamed")).toBe(2);
        const settled = await project.preview(["--expect-no-changes"]);
        expect(settled.code, settled.stdout + settled.stderr).toBe(0);

        // Another set of kinds, and another room named: each purge is replaced, and that room is purged.
        await api("POST", "/rooms", { friendly_url: "other-room" });
        await control(emulator, "POST", "/rooms/other-room/content", { chat: [{}] });
        await project.setConfig(config("purge-board-renamed", [{ name: "some", args: { room: "purged", kinds: ["chat"] } }, { name: "all", args: { room: "purged" } }, { name: "wipe", args: { kinds: ["chat"], room: "other-room" } }]));
        const changed = await project.preview();
        expect(changed.code, changed.stdout + changed.stderr).toBe(0);
        expect(resourceOps(changed.steps).filter((op) => op.startsWith("replace"))).toEqual(["replace some", "replace wipe"]);
        const moved = await project.up([], { preview: false }); // the plan was just previewed
        expect(moved.code, moved.stdout + moved.stderr).toBe(0);
        expect(resourceOps(moved.steps).filter((op) => op.startsWith("replace"))).toEqual(["replace some", "replace wipe"]);
        expect(await chatOf("other-room")).toBe(0);
        expect(await chatOf("purged")).toBe(0);
        expect(await chatOf("purge-board-renamed")).toBe(2);
    });
});
