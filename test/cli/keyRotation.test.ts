/**
 * The developer key given in the resources' own `connection` rotated (the two-teams pattern, the new key set in
 * config), through the real Pulumi CLI: the team is the same team, so the Room and the TeamDefaults are updated in
 * place with the new key (no replacement, no "taken" room, no restore with the key rotated away); a Room dropped
 * from the program in that same up is deleted with the new key (its state holds the old one); a later destroy
 * reaches the team with the new key and puts its defaults back.
 *
 * The stack's key rotated with it (`vcrooms:developerKey`): a refresh before the up, which reads with the keys the
 * state keeps, is refused with an error that says so and names the way out; a JoinToken issued with the old key,
 * which the room now refuses, is replaced by the plain preview and up that follow (its signature checked against the
 * new key, no request), with a warning, so the next refresh finds it good.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor, resourceOps, withoutDebugEvents } from "./support";

const NEW_KEY = "rotated-connection-key-0123456789abcdef";

let team: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the real Pulumi CLI: a connection's developer key rotated", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0, domain: "alpha" }, { projects, started: (started) => (team = started) });

    it("updates the Room and the TeamDefaults in place with the new key; destroy then restores with it", async () => {
        const api = apiCaller(team);
        const original = (await api("GET", "/")).body.palette_mode as string;
        const declared = original === "dark" ? "light" : "dark";
        const config = (developerKey: string, spare: boolean) => {
            const connection = { apiUrl: team.baseUrl, developerKey };
            const rooms = [{ name: "board", args: { friendlyUrl: "rotate-board", description: "Board", connection } }];
            if (spare) rooms.push({ name: "spare", args: { friendlyUrl: "rotate-spare", description: "Spare", connection } });
            // The token uses the stack's key (no connection of its own).
            const tokens = [{ name: "pass", room: "board", args: { userName: "Ada", expiresAt: "2099-12-31 00:00:00" } }];
            return { "test:defaults": JSON.stringify({ paletteMode: declared, connection }), "test:rooms": JSON.stringify(rooms), "test:tokens": JSON.stringify(tokens) };
        };
        const project = await projectFor(team, config(team.developerKey, true));
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const roomId = (await api("GET", "/rooms/rotate-board")).body.id as string;

        // The team's admin rotates the key; the program's config gets the new one (the stack's too), and drops a room.
        await control(team, "POST", "/developer-key", { developerKey: NEW_KEY });
        await project.setConfig(config(NEW_KEY, false), { "vcrooms:developerKey": NEW_KEY });
        const after = apiCaller({ ...team, developerKey: NEW_KEY } as RunningEmulator);

        // A refresh before any up reads with the keys the state keeps: refused, and the error says which key and what to do.
        const refreshed = await project.preview(["--refresh"]);
        const refusal = withoutDebugEvents(refreshed.stdout) + refreshed.stderr;
        expect(refreshed.code, refusal).not.toBe(0);
        expect(refusal).toMatch(/401/);
        // Soft: the token's case below is a claim of its own, and a run shows both.
        expect.soft(refusal).toContain("the developer key the stack's state holds from its last `pulumi up`");
        expect.soft(refusal).toContain("run `pulumi up` first");

        // The token was signed with the old key: the plain preview and up issue it anew, saying why.
        const rotatedOps = ["delete spare", "replace pass", "update board", "update defaults"];
        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(resourceOps(preview.steps).filter((op) => !op.startsWith("same"))).toEqual(rotatedOps);
        expect(withoutDebugEvents(preview.stdout) + preview.stderr).toContain("it does not verify with the developer key (the key was rotated)");

        const rotated = await project.up([], { preview: false });
        expect(rotated.code, rotated.stdout + rotated.stderr).toBe(0);
        // The up lists a replacement's steps one by one, the preview as one.
        expect(resourceOps(rotated.steps).filter((op) => !op.startsWith("same"))).toEqual([...rotatedOps, "create-replacement pass", "delete-replaced pass"].sort());
        expect((await after("GET", "/rooms/rotate-board")).body.id).toBe(roomId);
        expect((await after("GET", "/rooms/rotate-spare")).status).toBe(404);
        expect((await after("GET", "/")).body.palette_mode).toBe(declared);

        // Unchanged now, the token too, which a refresh checks against the new key; and a second up is green.
        const again = await project.up(["--refresh"], { preview: false });
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(resourceOps(again.steps).filter((op) => !op.startsWith("same") && !op.startsWith("refresh"))).toEqual([]);
        expect(withoutDebugEvents(again.stdout) + again.stderr).not.toContain("does not verify");

        const destroy = await project.destroy([], { preview: false });
        expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
        expect((await after("GET", "/rooms")).body.data).toEqual([]);
        expect((await after("GET", "/")).body.palette_mode).toBe(original);
    });
});
