/**
 * A resource's `connection` changed to another team, through the real Pulumi CLI with two emulators (two teams):
 * the change is planned as a replacement at preview, naming `connection`; up creates in the new team and deletes
 * (a Room) or restores (TeamDefaults: the old team's saved values go back to the old team) with the old connection.
 * A change within the same team (another key for it) stays an update.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor, resourceOps } from "./support";

let teamA: RunningEmulator;
let teamB: RunningEmulator;
const projects: PulumiProject[] = [];
const roomsOf = async (team: RunningEmulator) => ((await apiCaller(team)("GET", "/rooms")).body.data as Array<{ friendly_url: string }>).map((r) => r.friendly_url);
const paletteOf = async (team: RunningEmulator) => (await apiCaller(team)("GET", "/")).body.palette_mode as string;

describe.skipIf("skip" in cli)("the real Pulumi CLI: connection to another team", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0, domain: "alpha" }, { projects, started: (started) => (teamA = started) });
    useEmulator({ rateLimit: 0, domain: "beta" }, { started: (started) => (teamB = started) });

    it("replaces a Room and a TeamDefaults: created in the new team, deleted or restored in the old one", async () => {
        await Promise.all([control(teamA, "POST", "/reset"), control(teamB, "POST", "/reset")]);
        const [originalA, originalB] = [await paletteOf(teamA), await paletteOf(teamB)];
        const config = (connection?: Record<string, string>) => ({
            "test:defaults": JSON.stringify({ paletteMode: originalA === "dark" ? "light" : "dark", ...(connection ? { connection } : {}) }),
            "test:rooms": JSON.stringify([{ name: "board", args: { friendlyUrl: "board-q3", description: "Quarterly board", ...(connection ? { connection } : {}) } }]),
        });
        const declared = originalA === "dark" ? "light" : "dark";
        const project = await projectFor(teamA, config());
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(await roomsOf(teamA)).toEqual(["board-q3"]);
        expect(await paletteOf(teamA)).toBe(declared);

        // The same team under another spelling of its connection (the stack's URL and key, written out): no replacement.
        await project.setConfig(config({ apiUrl: teamA.baseUrl, developerKey: teamA.developerKey }));
        const same = await project.preview();
        expect(same.code, same.stderr).toBe(0);
        expect(resourceOps(same.steps).filter((op) => op.startsWith("replace") || op.startsWith("create"))).toEqual([]);

        // Team B: a replacement of both, named by connection.
        await project.setConfig(config({ apiUrl: teamB.baseUrl, developerKey: teamB.developerKey }));
        const preview = await project.preview();
        expect(preview.code, preview.stderr).toBe(0);
        expect(resourceOps(preview.steps).filter((op) => op.startsWith("replace"))).toEqual(["replace board", "replace defaults"]);
        for (const name of ["board", "defaults"]) expect(preview.steps.find((s) => s.name === name && s.op === "replace")?.replaceReasons).toContain("connection");

        const moved = await project.up([], { preview: false }); // the plan was just previewed
        expect(moved.code, moved.stdout + moved.stderr).toBe(0);
        expect(await roomsOf(teamA)).toEqual([]);
        expect(await roomsOf(teamB)).toEqual(["board-q3"]);
        expect(await paletteOf(teamA)).toBe(originalA);
        expect(await paletteOf(teamB)).toBe(declared);

        const destroy = await project.destroy([], { preview: false });
        expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
        expect(await roomsOf(teamB)).toEqual([]);
        expect(await paletteOf(teamB)).toBe(originalB);
    });
});
