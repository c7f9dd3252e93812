/**
 * Room create through the real Pulumi CLI against the emulator: a Room without friendlyUrl is planned at preview
 * under the address up creates (both faces: the engine checks again at up, with a new random seed), and an up whose
 * create was carried out but whose answer and lookup were both lost is repaired by running it again, as its error
 * advises: the re-run takes the room the first attempt made; no second room, and destroy leaves none.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor, resourceOps } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the real Pulumi CLI: Room create", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });
    const liveRooms = async () => ((await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string }>);

    for (const plugin of [false, true]) {
        it(`${plugin ? "plugin face" : "dynamic face"}: preview plans the generated friendly URL that up creates`, async () => {
            const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "standup", args: { description: "Daily standup" } }]) }, { plugin });
            projects.push(project);
            const preview = await project.preview();
            expect(preview.code, preview.stderr).toBe(0);
            const planned = preview.steps.find((s) => s.name === "standup")?.new?.inputs?.friendlyUrl;
            expect(planned).toMatch(/^standup-[0-9a-f]{7}$/);
            const up = await project.up([], { preview: false }); // the plan was just checked
            expect(up.code, up.stdout + up.stderr).toBe(0);
            expect((await liveRooms()).map((r) => r.friendly_url)).toEqual([planned]);
            expect(await project.outputs()).toMatchObject({ standupUrl: `https://acme.digitalsamba.com/${planned}` });
        });
    }

    it("an up whose create landed but whose answer and lookup were lost: the re-run takes that room; destroy leaves none", async () => {
        const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "standup", args: { description: "Daily standup" } }]) });
        projects.push(project);
        const planned = (await project.preview()).steps.find((s) => s.name === "standup")?.new?.inputs?.friendlyUrl as string;
        await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await control(emulator, "POST", "/faults", { method: "GET", path: `/api/v1/rooms/${planned}`, status: 500, body: { message: "Server Error", error: "server-error" } });
        // The fault hits the create, which only the update makes: the lost attempt needs no preview.
        const lost = await project.up([], { preview: false });
        expect(lost.code).not.toBe(0);
        expect(lost.stdout + lost.stderr).toContain("whether it took effect is unknown");
        expect((await liveRooms()).map((r) => r.friendly_url)).toEqual([planned]);

        const again = await project.up();
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(resourceOps(again.steps)).toEqual(["create standup"]);
        const rooms = await liveRooms();
        expect(rooms.map((r) => r.friendly_url)).toEqual([planned]);
        const state = await project.exportDeployment();
        expect(state.deployment.resources?.find((r) => String(r.urn).endsWith("::standup"))?.id).toBe(rooms[0]!.id);

        const destroy = await project.destroy([], { preview: false });
        expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
        expect(await liveRooms()).toEqual([]);
    });

    it("a declared friendly URL: the re-run after a lost create takes the room instead of failing as taken", async () => {
        const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "board", args: { friendlyUrl: "board-q3", description: "Quarterly board" } }]) });
        projects.push(project);
        await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/board-q3", status: 500, body: { message: "Server Error", error: "server-error" } });
        expect((await project.up([], { preview: false })).code).not.toBe(0);
        const again = await project.up();
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect((await liveRooms()).map((r) => r.friendly_url)).toEqual(["board-q3"]);
    });
});
