/**
 * Which room a Room resource may take, through the real Pulumi CLI against the emulator: only the one its own create
 * made. `pulumi up --replace` of a Room without friendlyUrl creates a new room under a new generated name and deletes
 * the old one (it never takes the room it replaces and then deletes it), and two stacks of the same project and stack
 * names on two backends (two people's `dev` stacks, one team) each get a room of their own, so neither changes nor
 * deletes the other's. Preview shows a new room's generated name as unknown: up chooses it, the stack output is its
 * address, and a later up keeps it (no change). An up whose create was carried out but whose answer and lookup were
 * both lost keeps the resource in the stack as a failed create, with its create id: the next up, as the error
 * advises, makes the room anew and deletes the one the lost attempt made; one room, and nothing to do after. Both
 * faces. (The same with a declared friendly URL: test/cli/roomCreate.test.ts.)
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

interface LiveRoom {
    id: string;
    friendly_url: string;
    description: string | null;
}

describe.skipIf("skip" in cli)("the real Pulumi CLI: the room a Room resource may take", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });
    const liveRooms = async () => (await api("GET", "/rooms")).body.data as LiveRoom[];
    const standup = (description: string) => ({ "test:rooms": JSON.stringify([{ name: "standup", args: { description } }]) });
    const stateOf = (project: PulumiProject) => project.resourceState("standup");

    for (const plugin of [false, true]) {
        const face = plugin ? "plugin face" : "dynamic face";

        it(`${face}: a Room without friendlyUrl: preview shows its name unknown; an up whose create landed but whose answer and lookup were lost, then the next up, leave one room, the state's, and nothing to do; up --replace makes a new room under a new name and deletes the old one; a stack of the same project and stack name on another backend gets its own room, and neither changes or deletes the other's; destroy leaves none`, async () => {
            const project = await projectFor(emulator, standup("Alice's standup"), { plugin });
            projects.push(project);
            // Preview cannot know the name up will choose: it shows it as unknown, not a name up would not create.
            const preview = await project.preview();
            expect(preview.code, preview.stderr).toBe(0);
            expect(preview.steps.find((s) => s.name === "standup")?.new?.inputs?.friendlyUrl).toBeUndefined();

            // The create lands but its answer and the lookup are lost: the resource stays in the stack as a failed
            // create, with its create id.
            await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
            await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/standup-*", status: 500, body: { message: "Server Error", error: "server-error" } });
            const lost = await project.up([], { preview: false });
            expect(lost.code).not.toBe(0);
            expect(lost.stdout + lost.stderr).toContain("whether it took effect is unknown");
            const [orphan] = await liveRooms();
            expect((await stateOf(project))?.id).toMatch(/^unsettled-create:[0-9a-f]{32}$/);
            // The next up, as the error advises, makes the room anew and deletes the one the lost attempt made (found by
            // that create's marker, so never another's: test/resources/roomCreateRetry.test.ts).
            const first = await project.up([], { preview: false });
            expect(first.code, first.stdout + first.stderr).toBe(0);
            const [old, ...more] = await liveRooms();
            expect(more).toEqual([]);
            expect(old!.id).not.toBe(orphan!.id);
            expect(old!.friendly_url).toMatch(/^standup-[0-9a-f]{7}$/);
            expect(await project.outputs()).toMatchObject({ standupUrl: `https://acme.digitalsamba.com/${old!.friendly_url}` });
            expect((await project.up(["--expect-no-changes"], { preview: false })).code).toBe(0);
            const before = await stateOf(project);
            expect(before?.id).toBe(old!.id);

            // The plan of a --replace is the engine's (the flag names the URN): only what the up does is asserted.
            const replace = await project.up(["--replace", String(before!.urn)], { preview: false });
            expect(replace.code, replace.stdout + replace.stderr).toBe(0);
            const rooms = await liveRooms();
            expect(rooms).toHaveLength(1);
            expect(rooms[0]!.id).not.toBe(old!.id);
            expect(rooms[0]!.friendly_url).not.toBe(old!.friendly_url);
            expect(rooms[0]!.friendly_url).toMatch(/^standup-[0-9a-f]{7}$/);
            expect((await stateOf(project))?.id).toBe(rooms[0]!.id);
            expect((await api("GET", `/rooms/${rooms[0]!.id}`)).status).toBe(200);

            // Two stacks of one project and stack name on two backends (two people's `dev` stacks, one team): Bob's
            // stack gets a room of its own; neither changes nor deletes the other's.
            const alice = project;
            const alices = rooms[0]!;
            const bob = await projectFor(emulator, standup("Bob's standup"), { plugin });
            projects.push(bob);
            expect(alice.stack).toBe(bob.stack);
            const bobUp = await bob.up([], { preview: false });
            expect(bobUp.code, bobUp.stdout + bobUp.stderr).toBe(0);
            const both = await liveRooms();
            expect(both.map((r) => r.description).sort()).toEqual(["Alice's standup", "Bob's standup"]);
            expect(both.find((r) => r.description === "Alice's standup")?.id).toBe(alices.id);
            expect((await stateOf(bob))?.id).not.toBe(alices.id);
            expect(await alice.outputs()).toMatchObject({ standupUrl: `https://acme.digitalsamba.com/${alices.friendly_url}` });

            const bobGone = await bob.destroy([], { preview: false });
            expect(bobGone.code, bobGone.stdout + bobGone.stderr).toBe(0);
            expect((await liveRooms()).map((r) => r.id)).toEqual([alices.id]);
            // Alice's next up leaves her room as it was, and has nothing to do: a generated name, once made, is kept.
            expect((await alice.up(["--expect-no-changes"], { preview: false })).code).toBe(0);
            expect((await api("GET", `/rooms/${alices.id}`)).body.description).toBe("Alice's standup");

            const destroy = await alice.destroy([], { preview: false });
            expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
            expect(await liveRooms()).toEqual([]);
        });
    }

    it("dynamic face: up --replace of a Room with a declared friendlyUrl never loses the room: kept right after its create, then refused as taken, or, with adoptExisting, the same room kept", async () => {
        const board = (args: Record<string, unknown>) => ({ "test:rooms": JSON.stringify([{ name: "board", args: { friendlyUrl: "board-q3", description: "Quarterly board", ...args } }]) });
        const project = await projectFor(emulator, board({}));
        projects.push(project);
        expect((await project.up([], { preview: false })).code).toBe(0);
        const [room] = await liveRooms();
        const urn = String((await project.resourceState("board"))?.urn);

        // Right after the create (no check has seen it saved yet), the create's record is still kept: the replacement,
        // created first under the same declared name, takes the room its own create made, and keeps it
        // (docs/assumptions.md, "A create returned to a CLI that is gone").
        const kept = await project.up(["--replace", urn], { preview: false });
        expect(kept.code, kept.stdout + kept.stderr).toBe(0);
        expect(kept.stdout + kept.stderr).toContain("is not deleted: its replacement took it over");
        expect((await liveRooms()).map((r) => r.id)).toEqual([room!.id]);

        // Once a check has seen it saved (any preview or up), the replacement is created first under the same declared
        // name: the API refuses it, and nothing is deleted.
        expect((await project.preview()).code).toBe(0);
        const refused = await project.up(["--replace", urn], { preview: false });
        expect(refused.code).not.toBe(0);
        expect(refused.stdout + refused.stderr).toContain("already been taken");
        expect((await liveRooms()).map((r) => r.id)).toEqual([room!.id]);

        // With adoptExisting the replacement takes that room over; the engine's delete of the replaced one then leaves it.
        await project.setConfig(board({ adoptExisting: true }));
        const adopted = await project.up(["--replace", urn], { preview: false });
        expect(adopted.code, adopted.stdout + adopted.stderr).toBe(0);
        expect(adopted.stdout + adopted.stderr).toContain("is not deleted: its replacement took it over (adoptExisting, or the room this resource's own create made");
        expect((await liveRooms()).map((r) => r.id)).toEqual([room!.id]);
        expect((await project.resourceState("board"))?.id).toBe(room!.id);
    });
});
