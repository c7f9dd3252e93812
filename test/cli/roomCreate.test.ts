/**
 * Room create through the real Pulumi CLI against the emulator, dynamic face, a declared friendly URL: an up whose
 * create was carried out but whose answer and lookup were both lost, then the next up: the engine deletes the lost
 * attempt's room first (the replacement takes the same name), then makes it under the declared name; one room, the
 * state's. (A generated name, both faces: test/cli/roomIdentity.test.ts. That a room another stack made under the
 * name is never deleted as a lost attempt's is the provider's: test/resources/roomCreateRetry.test.ts, "an unsettled
 * create whose room is not provably its own deletes nothing".)
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the real Pulumi CLI: Room create", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });
    const liveRooms = async () => ((await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string; description: string | null }>);
    const ops = (steps: Array<{ op: string; name: string; type: string }>) => steps.filter((s) => s.type.endsWith("Room") && s.op !== "same").map((s) => `${s.op} ${s.name}`);
    const stateOf = (project: PulumiProject, name: string) => project.resourceState(name);

    it("a declared friendly URL: the next up after a lost create deletes the lost attempt's room first, then makes it under the declared name", async () => {
        const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "board", args: { friendlyUrl: "board-q3", description: "Quarterly board" } }]) });
        projects.push(project);
        await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/board-q3", status: 500, body: { message: "Server Error", error: "server-error" } });
        expect((await project.up([], { preview: false })).code).not.toBe(0);
        const [orphan] = await liveRooms();
        // The order is read from the up's own steps.
        const again = await project.up([], { preview: false });
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(ops(again.steps)).toEqual(["delete-replaced board", "replace board", "create-replacement board"]);
        const rooms = await liveRooms();
        expect(rooms.map((r) => r.friendly_url)).toEqual(["board-q3"]);
        expect(rooms[0]!.id).not.toBe(orphan!.id);
        expect((await stateOf(project, "board"))?.id).toBe(rooms[0]!.id);
    });
});
