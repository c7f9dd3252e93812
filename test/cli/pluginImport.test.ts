/**
 * `pulumi import` through the plugin face, real Pulumi CLI against the emulator, where it must fail: a room that is
 * not in the provider's team (a typo, an upper-case UUID) is "not found", and the kinds with no record to read
 * (JoinToken, RoomContentPurge, TeamDefaults) are "not importable"; in every case the state gets no resource. And a
 * room another stack created (its `external_id` that stack's creation marker) is imported without the marker.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";
import { isCreationMarker } from "../../provider/resources/room";
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

    it("a room another stack created is imported without that stack's creation marker, and no change follows", async () => {
        const maker = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "made", args: { description: "Made by another stack" } }]) }, { plugin: true });
        projects.push(maker);
        expect((await maker.up([], { preview: false })).code).toBe(0);
        const made = ((await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string }>)[0]!;
        const marker = (await api("GET", `/rooms/${made.id}`)).body.external_id;
        expect(isCreationMarker(marker), String(marker)).toBe(true);

        const project = await projectFor(emulator, { "test:rooms": "[]" }, { plugin: true });
        projects.push(project);
        expect((await project.up([], { preview: false })).code).toBe(0);
        // The imported inputs are what `pulumi import` writes as the generated program's arguments.
        const imported = await project.run(["import", "vcrooms:index:Room", "taken", made.friendly_url, "--yes", "--generate-code=false", "--non-interactive"]);
        expect(imported.code, imported.stdout + imported.stderr).toBe(0);
        const resource = ((await project.exportDeployment()).deployment.resources ?? []).find((r) => String(r.urn).endsWith("::taken"));
        expect(resource?.inputs).toMatchObject({ friendlyUrl: made.friendly_url, description: "Made by another stack" });
        expect(resource?.inputs).not.toHaveProperty("externalId");
        // The room keeps its marker; the program that declares what was imported plans nothing.
        expect((await api("GET", `/rooms/${made.id}`)).body.external_id).toBe(marker);
        await project.setConfig({ "test:rooms": JSON.stringify([{ name: "taken", args: { friendlyUrl: made.friendly_url, description: "Made by another stack" } }]) });
        const preview = await project.preview(["--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    });
});
