/**
 * `pulumi import` through the plugin face, real Pulumi CLI against the emulator, where it must fail: a room that is
 * not in the provider's team (a typo, an upper-case UUID) is "not found", and the kinds with no record to read
 * (JoinToken, RoomContentPurge, TeamDefaults) are "not importable"; in every case the state gets no resource. A room
 * another stack created (its `external_id` that stack's creation marker) is refused, naming that stack; one whose
 * marker names no stack (written by 0.1.0) is imported without the marker.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";
import { isCreationMarker } from "../../provider/model/creationMark";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("pulumi import through the plugin face: refusals", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a missing room is not found and a non-importable kind says why; the state gets nothing", async () => {
        const real = (await api("POST", "/rooms", { friendly_url: "real-room" })).body as { id: string };
        const project = await projectFor(emulator, { "test:rooms": "[]" }, { plugin: true });
        projects.push(project);
        expect((await project.up([], { preview: false })).code).toBe(0);
        const attempt = (type: string, name: string, id: string) => project.run(["import", `vcrooms:index:${type}`, name, id, "--yes", "--generate-code=false", "--non-interactive"]);

        for (const [name, id] of [["typo", "real-rooom"], ["upper", real.id.toUpperCase()]] as const) {
            const result = await attempt("Room", name, id);
            expect(result.code, result.stdout + result.stderr).not.toBe(0);
            expect(result.stdout + result.stderr).toContain(`Room ${JSON.stringify(id)} not found`);
        }
        for (const type of ["JoinToken", "RoomContentPurge", "TeamDefaults"]) {
            const result = await attempt(type, `x-${type}`, "0b0e5a8e-3f7c-4d51-9a39-1d2b8f0c7e11");
            expect(result.code, result.stdout + result.stderr).not.toBe(0);
            expect(result.stdout + result.stderr).toContain(`${type} is not importable:`);
        }
        const state = (await project.exportDeployment()).deployment.resources ?? [];
        expect(state.filter((r) => String(r.type).startsWith("vcrooms:index:")).map((r) => r.urn)).toEqual([]);
    });

    it("a room whose creation marker names another stack is refused; one whose marker names none (0.1.0's) is imported without it, and no change follows", async () => {
        const maker = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "made", args: { description: "Made by another stack" } }]) }, { plugin: true, stack: "maker" });
        projects.push(maker);
        expect((await maker.up([], { preview: false })).code).toBe(0);
        const made = ((await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string }>)[0]!;
        const marker = (await api("GET", `/rooms/${made.id}`)).body.external_id;
        expect(isCreationMarker(marker), String(marker)).toBe(true);

        const project = await projectFor(emulator, { "test:rooms": "[]" }, { plugin: true });
        projects.push(project);
        expect((await project.up([], { preview: false })).code).toBe(0);
        // Its mark names the maker's stack, which may still manage it: the import is refused, naming that stack and
        // the hand-over, and writes nothing (the room and this stack's state stay as they were).
        const makerStack = String(marker).split("@")[1]!;
        const refused = await project.run(["import", "vcrooms:index:Room", "taken", made.friendly_url, "--yes", "--generate-code=false", "--non-interactive"]);
        expect(refused.code, refused.stdout + refused.stderr).not.toBe(0);
        expect(refused.stdout + refused.stderr).toContain(`Unable to import room "taken": it is not imported: stack ${makerStack} made it`);
        expect(refused.stdout + refused.stderr).toContain(`in stack ${makerStack} run \`pulumi state delete\` with its Room's URN`);
        expect(((await project.exportDeployment()).deployment.resources ?? []).some((r) => String(r.urn).endsWith("::taken"))).toBe(false);
        expect((await api("GET", `/rooms/${made.id}`)).body).toMatchObject({ external_id: marker, description: "Made by another stack" });

        // A mark naming no stack (a room 0.1.0 made) is imported, as adoptExisting takes it.
        const unnamed = String(marker).split("@")[0]!;
        await api("PATCH", `/rooms/${made.id}`, { external_id: unnamed });
        // The imported inputs are what `pulumi import` writes as the generated program's arguments.
        const imported = await project.run(["import", "vcrooms:index:Room", "taken", made.friendly_url, "--yes", "--generate-code=false", "--non-interactive"]);
        expect(imported.code, imported.stdout + imported.stderr).toBe(0);
        const resource = ((await project.exportDeployment()).deployment.resources ?? []).find((r) => String(r.urn).endsWith("::taken"));
        expect(resource?.inputs).toMatchObject({ friendlyUrl: made.friendly_url, description: "Made by another stack" });
        expect(resource?.inputs).not.toHaveProperty("externalId");
        // The room keeps its marker; the program that declares what was imported plans nothing.
        expect((await api("GET", `/rooms/${made.id}`)).body.external_id).toBe(unnamed);
        await project.setConfig({ "test:rooms": JSON.stringify([{ name: "taken", args: { friendlyUrl: made.friendly_url, description: "Made by another stack" } }]) });
        const preview = await project.preview(["--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    });
});
