/**
 * `pulumi import` through the plugin face, real Pulumi CLI against the emulator, one stack stepped through its cases.
 * Where it must fail: a room that is not in the provider's team (a typo, an upper-case UUID) is "not found", and the
 * kinds with no record to read (JoinToken, RoomContentPurge, TeamDefaults) are "not importable"; in every case the
 * state gets no resource. A room another stack created (its `external_id` that stack's creation marker) is refused,
 * naming that stack. Where it succeeds: rooms made outside Pulumi, by friendly URL and by UUID (the id is the room's
 * UUID whichever was given), and one whose marker names no stack (written by 0.1.0), imported without the marker;
 * then the program declaring what was imported, in the forms a user writes, plans no change.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";
import { isCreationMarker } from "../../provider/model/creationMark";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("pulumi import through the plugin face", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("refuses a missing room, a non-importable kind and another stack's room, writing nothing; imports by friendly URL, by UUID and a 0.1.0 room, then no change with the declaring program", async () => {
        const held = { friendly_url: "legacy-room", description: "Made by hand", max_participants: 25, roles: ["moderator", "attendee"], default_role: "moderator", tags: ["old"], toolbar_color: "#ABCDEF" };
        const legacy = (await api("POST", "/rooms", held)).body as { id: string };
        const other = (await api("POST", "/rooms", { friendly_url: "other-room", description: "Another by hand" })).body as { id: string };
        const maker = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "made", args: { description: "Made by another stack" } }]) }, { plugin: true, stack: "maker" });
        projects.push(maker);
        expect((await maker.up([], { preview: false })).code).toBe(0);
        const made = ((await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string; description: string | null }>).find((r) => r.description === "Made by another stack")!;
        const marker = (await api("GET", `/rooms/${made.id}`)).body.external_id;
        expect(isCreationMarker(marker), String(marker)).toBe(true);

        const project = await projectFor(emulator, { "test:rooms": "[]" }, { plugin: true });
        projects.push(project);
        expect((await project.up([], { preview: false })).code).toBe(0);
        const attempt = (type: string, name: string, id: string) => project.run(["import", `vcrooms:index:${type}`, name, id, "--yes", "--generate-code=false", "--non-interactive"]);
        const ourUrns = async () => ((await project.exportDeployment()).deployment.resources ?? []).filter((r) => String(r.type).startsWith("vcrooms:index:"));

        for (const [name, id] of [["typo", "legacy-rooom"], ["upper", legacy.id.toUpperCase()]] as const) {
            const result = await attempt("Room", name, id);
            expect(result.code, result.stdout + result.stderr).not.toBe(0);
            expect(result.stdout + result.stderr).toContain(`Room ${JSON.stringify(id)} not found`);
        }
        for (const type of ["JoinToken", "RoomContentPurge", "TeamDefaults"]) {
            const result = await attempt(type, `x-${type}`, "0b0e5a8e-3f7c-4d51-9a39-1d2b8f0c7e11");
            expect(result.code, result.stdout + result.stderr).not.toBe(0);
            expect(result.stdout + result.stderr).toContain(`${type} is not importable:`);
        }

        // Its mark names the maker's stack, which may still manage it: the import is refused, naming that stack and
        // the hand-over, and writes nothing (the room and this stack's state stay as they were).
        const makerStack = String(marker).split("@")[1]!;
        const refused = await attempt("Room", "taken", made.friendly_url);
        expect(refused.code, refused.stdout + refused.stderr).not.toBe(0);
        expect(refused.stdout + refused.stderr).toContain(`Unable to import room "taken": it is not imported: stack ${makerStack} made it`);
        expect(refused.stdout + refused.stderr).toContain(`in stack ${makerStack} run \`pulumi state delete\` with its Room's URN`);
        expect((await api("GET", `/rooms/${made.id}`)).body).toMatchObject({ external_id: marker, description: "Made by another stack" });
        // None of the refused imports left a resource in the state.
        expect((await ourUrns()).map((r) => r.urn)).toEqual([]);

        const byUrl = await attempt("Room", "legacy", "legacy-room");
        expect(byUrl.code, byUrl.stdout + byUrl.stderr).toBe(0);
        const byId = await attempt("Room", "other", other.id);
        expect(byId.code, byId.stdout + byId.stderr).toBe(0);

        // A mark naming no stack (a room 0.1.0 made) is imported, as adoptExisting takes it.
        const unnamed = String(marker).split("@")[0]!;
        await api("PATCH", `/rooms/${made.id}`, { external_id: unnamed });
        const imported = await attempt("Room", "taken", made.friendly_url);
        expect(imported.code, imported.stdout + imported.stderr).toBe(0);

        const state = await ourUrns();
        // The id is the room's UUID whichever was given.
        expect(state.find((r) => String(r.urn).endsWith("::legacy"))?.id).toBe(legacy.id);
        expect(state.find((r) => String(r.urn).endsWith("::other"))?.id).toBe(other.id);
        // The imported inputs are what `pulumi import` writes as the generated program's arguments.
        const taken = state.find((r) => String(r.urn).endsWith("::taken"));
        expect(taken?.inputs).toMatchObject({ friendlyUrl: made.friendly_url, description: "Made by another stack" });
        expect(taken?.inputs).not.toHaveProperty("externalId");
        // The room keeps its marker.
        expect((await api("GET", `/rooms/${made.id}`)).body.external_id).toBe(unnamed);

        // The program now declares what the rooms hold, in the forms a user writes (role names, colour case): no change.
        await project.setConfig({
            "test:rooms": JSON.stringify([
                { name: "legacy", args: { friendlyUrl: "legacy-room", description: "Made by hand", maxParticipants: 25, roles: ["moderator", "attendee"], defaultRole: "moderator", tags: ["old"], toolbarColor: "#abcdef" } },
                { name: "other", args: { friendlyUrl: "other-room", description: "Another by hand" } },
                { name: "taken", args: { friendlyUrl: made.friendly_url, description: "Made by another stack" } },
            ]),
        });
        const preview = await project.preview(["--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(preview.steps.filter((s) => s.type.startsWith("vcrooms:index:")).map((s) => `${s.op} ${s.name}`).sort()).toEqual(["same legacy", "same other", "same taken"]);
    });
});
