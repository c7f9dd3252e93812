/**
 * A plugin-face resource moved to another team, through the real Pulumi CLI with two emulators (two teams): a Room
 * whose provider changes from one team's explicit provider to another team's, and rooms of the default provider
 * whose stack config (`vcrooms:apiUrl`, `vcrooms:developerKey`) is pointed at another team. Each is a replacement,
 * planned as one at preview: the new room is created in the new team and the old one deleted from the old team with
 * the provider (and configuration) its state names. Never a PATCH of the old room's id in the new team. The SDK
 * face, whose dynamic-provider host has one configuration and cannot reach the old team, fails at preview naming the
 * Room, the team reached now and the way out: refresh and destroy run with the configuration the state holds, which an
 * `up --skip-preview` overwrites before the Room's diff fails, so the way back is an up with the configuration pointed
 * back, then the destroy (docs/assumptions.md, "A resource moved to another team by its provider"). The stack's API URL
 * is given as a secret in both: each resource's record of its team is encrypted, and the refusal does not show it.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";

let teamA: RunningEmulator;
let teamB: RunningEmulator;
const projects: PulumiProject[] = [];
const roomsOf = async (team: RunningEmulator) => ((await apiCaller(team)("GET", "/rooms")).body.data as Array<{ friendly_url: string }>).map((r) => r.friendly_url).sort();

describe.skipIf("skip" in cli)("the plugin face through the real Pulumi CLI: a resource moved to another team", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0, domain: "alpha" }, { projects, started: (started) => (teamA = started) });
    useEmulator({ rateLimit: 0, domain: "beta" }, { started: (started) => (teamB = started) });

    it("replaces a Room whose provider moves to another team, and the rooms of a default provider whose config does", async () => {
        await Promise.all([control(teamA, "POST", "/reset"), control(teamB, "POST", "/reset")]);
        const providers = JSON.stringify([
            { name: "p1", apiUrl: teamA.baseUrl },
            { name: "p2", apiUrl: teamB.baseUrl },
        ]);
        // The stack's API URL given as a secret, as a user who keeps the team's name private does.
        const keys = { "test:key-p1": teamA.developerKey, "test:key-p2": teamB.developerKey, "vcrooms:apiUrl": teamA.baseUrl };
        const rooms = (twin: Record<string, unknown>) => JSON.stringify([{ name: "twin1", ...twin }, { name: "home", args: { friendlyUrl: "home" } }]);
        const project = await projectFor(teamA, { "test:providers": providers, "test:rooms": rooms({ provider: "p1", args: { friendlyUrl: "twin" } }) }, { plugin: true, secretConfig: keys });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(await roomsOf(teamA)).toEqual(["home", "twin"]);
        // Each resource's record of its team (its API URL, here secret config's for the default provider's room) is encrypted.
        const records = ((await project.exportDeployment()).deployment.resources ?? []).filter((r) => String(r.type).startsWith("vcrooms:index:")).map((r) => [r.urn, typeof r.outputs?.__team === "object" ? "secret" : r.outputs?.__team]);
        expect(records.length).toBeGreaterThan(0);
        expect(records.filter(([, record]) => record !== "secret"), "records of the team kept in clear").toEqual([]);

        // Another provider, of another team: a replacement at preview, then created in team B and deleted from team A.
        await project.setConfig({ "test:rooms": rooms({ provider: "p2", args: { friendlyUrl: "twin-moved" } }) });
        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(preview.steps.filter((s) => s.name === "twin1").map((s) => s.op)).toContain("replace");
        const moved = await project.up([], { preview: false });
        expect(moved.code, moved.stdout + moved.stderr).toBe(0);
        expect(await roomsOf(teamA)).toEqual(["home"]);
        expect(await roomsOf(teamB)).toEqual(["twin-moved"]);

        // The provider's URL spelt another way is the same team (teamOf): the provider is updated, the room stays.
        await project.setConfig({ "test:providers": JSON.stringify([{ name: "p1", apiUrl: teamA.baseUrl }, { name: "p2", apiUrl: teamB.baseUrl.replace("127.0.0.1", "localhost") }]) });
        const same = await project.preview();
        expect(same.code, same.stdout + same.stderr).toBe(0);
        expect(same.steps.filter((s) => s.name === "p2").map((s) => s.op)).toEqual(["update"]);
        expect(same.steps.filter((s) => s.name === "twin1").map((s) => s.op)).toEqual([]);

        // The stack's config pointed at team B: the default provider is replaced, and its room with it, planned as such
        // at preview; the old room is deleted from team A with the configuration the state holds.
        await project.setConfig({ "vcrooms:apiUrl": teamB.baseUrl }, { "vcrooms:developerKey": teamB.developerKey });
        const configPreview = await project.preview();
        expect(configPreview.code, configPreview.stdout + configPreview.stderr).toBe(0);
        expect(configPreview.steps.filter((s) => s.name === "home").map((s) => s.op)).toContain("replace");
        // With --refresh, as the old room was left behind by before: the refresh keeps it, the up replaces it.
        const configUp = await project.up(["--refresh"], { preview: false });
        expect(configUp.code, configUp.stdout + configUp.stderr).toBe(0);
        expect(await roomsOf(teamA)).toEqual([]);
        expect(await roomsOf(teamB)).toEqual(["home", "twin-moved"]);

        const destroy = await project.destroy([], { preview: false });
        expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
        expect(await roomsOf(teamB)).toEqual([]);
    });

    it("SDK face: the stack's config pointed at another team fails at preview naming the Room, the team reached now (not its secret old URL) and the way out; refresh still reaches it; after a failed `up --skip-preview`, that way out (pointed back, up, destroy) deletes it", async () => {
        await Promise.all([control(teamA, "POST", "/reset"), control(teamB, "POST", "/reset")]);
        // The stack's API URL given as a secret: neither the state nor the refusal shows it.
        const project = await projectFor(teamA, { "test:rooms": JSON.stringify([{ name: "solo", args: { friendlyUrl: "solo" } }]) }, { secretConfig: { "vcrooms:apiUrl": teamA.baseUrl } });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const secretHost = new URL(teamA.baseUrl).host;
        expect(JSON.stringify(await project.exportDeployment()), "pulumi stack export").not.toContain(secretHost);

        // The dynamic-provider host has one configuration: the old team cannot be reached to delete the old room.
        await project.setConfig({ "vcrooms:apiUrl": teamB.baseUrl }, { "vcrooms:developerKey": teamB.developerKey });
        const preview = await project.preview();
        expect(preview.code).not.toBe(0);
        // The JSON event stream escapes the quotes: the line is matched either way.
        const shown = (preview.stdout + preview.stderr).replaceAll('\\"', '"');
        expect(shown).toContain(`Room "solo" was made in another team (its API URL is kept as a secret in the resource's state, under __team: \`pulumi stack export --show-secrets\` shows it), but its provider's configuration now names the team at "${teamB.baseUrl}"`);
        expect(shown).toContain("back at the team that made it and run `pulumi up`");
        expect(shown).not.toContain(secretHost);
        expect(preview.stdout + preview.stderr).not.toContain(teamB.developerKey);
        expect(await roomsOf(teamB)).toEqual([]);

        // A refresh runs with the configuration the state holds (team A's, as the message says): it reads the room there.
        expect((await apiCaller(teamA)("PATCH", "/rooms/solo", { max_participants: 77 })).status).toBe(200);
        const refresh = await project.refresh([], { preview: false });
        expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
        expect((await project.resourceState("solo"))?.outputs.maxParticipants).toBe(77);

        // An up that skips its preview stores the new configuration before the Room's diff fails: from then on a destroy
        // pointed back would run with team B's. The message's way out: pointed back, an up, then the destroy.
        const skipped = await project.up([], { preview: false });
        expect(skipped.code).not.toBe(0);
        await project.setConfig({ "vcrooms:apiUrl": teamA.baseUrl }, { "vcrooms:developerKey": teamA.developerKey });
        const early = await project.destroy([], { preview: false });
        expect(early.code, "a destroy before the up runs with the configuration that up stored").not.toBe(0);
        expect(early.stdout.replaceAll('\\"', '"')).toContain(`now names the team at "${teamB.baseUrl}"`);
        const back = await project.up([], { preview: false });
        expect(back.code, back.stdout + back.stderr).toBe(0);
        expect(back.steps.filter((s) => s.name === "solo" && s.op !== "same").map((s) => s.op)).toEqual([]);
        const destroy = await project.destroy([], { preview: false });
        expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
        expect(await roomsOf(teamA)).toEqual([]);
        expect(await roomsOf(teamB)).toEqual([]);
    });
});
