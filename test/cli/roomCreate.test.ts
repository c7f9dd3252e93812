/**
 * Room create through the real Pulumi CLI against the emulator: an up whose create was carried out but whose answer
 * and lookup were both lost keeps the resource in the stack as a failed create, with its create id: the next up, as
 * the error advises, makes the room anew and deletes the one the lost attempt made (found by that create's marker, so
 * never another's); one room, the state's, and nothing to do after. Both faces. (A Room without friendlyUrl whose
 * preview shows its generated name unknown, whose up creates it and keeps it: test/cli/roomIdentity.test.ts.)
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

    for (const plugin of [false, true]) {
        const face = plugin ? "plugin face" : "dynamic face";

        it(`${face}: an up whose create landed but whose answer and lookup were lost: the next up makes the room anew and deletes the lost attempt's; destroy leaves none`, async () => {
            const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "standup", args: { description: "Daily standup" } }]) }, { plugin });
            projects.push(project);
            await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
            await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/standup-*", status: 500, body: { message: "Server Error", error: "server-error" } });
            const lost = await project.up([], { preview: false });
            expect(lost.code).not.toBe(0);
            expect(lost.stdout + lost.stderr).toContain("whether it took effect is unknown");
            const [orphan] = await liveRooms();
            expect((await stateOf(project, "standup"))?.id).toMatch(/^unsettled-create:[0-9a-f]{32}$/);

            // The next up, as the error advises (its plan is not what this claims: what it does is).
            const again = await project.up([], { preview: false });
            expect(again.code, again.stdout + again.stderr).toBe(0);
            const rooms = await liveRooms();
            expect(rooms).toHaveLength(1);
            expect(rooms[0]!.id).not.toBe(orphan!.id);
            // The state holds the one room left, by id: a destroy deletes it (a destroy of a Room: roomIdentity.test.ts).
            expect((await stateOf(project, "standup"))?.id).toBe(rooms[0]!.id);
            expect((await project.up(["--expect-no-changes"], { preview: false })).code).toBe(0);
        });
    }

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

    it("a room another stack made under a declared name is never deleted as a lost attempt's", async () => {
        // Another stack's board-q3, made after this stack's create was lost before it reached the API.
        const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "board", args: { friendlyUrl: "board-q3", description: "Ours" } }]) });
        projects.push(project);
        await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "before" });
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/board-q3", status: 500, body: { message: "Server Error", error: "server-error" } });
        expect((await project.up([], { preview: false })).code).not.toBe(0);
        await api("POST", "/rooms", { friendly_url: "board-q3", description: "Another stack's" });
        const again = await project.up([], { preview: false });
        expect(again.code).not.toBe(0);
        expect(again.stdout + again.stderr).toContain("already been taken");
        expect((await api("GET", "/rooms/board-q3")).body.description).toBe("Another stack's");
    });
});
