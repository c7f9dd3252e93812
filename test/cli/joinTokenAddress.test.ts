/**
 * A JoinToken whose room's address the program itself changes, through the real Pulumi CLI: the Room renamed
 * (`friendlyUrl` changed) or the team's `domain` changed through TeamDefaults. The same preview plans the token's
 * replacement, under `room`, and the same up issues it anew: the exported link names the new address at once, not
 * after a later refresh. A new domain also updates the Room's own `roomUrl` in that up.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { apiCaller } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { ROOT } from "../../harness/pulumiCli";
import { cli, pluginOps, projectFor, resourceOps } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/tokens.js");
const PLUGIN_PROGRAM = path.join(ROOT, "dist/test/cli/programs/pluginToken.js");

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];
const changes = (steps: Parameters<typeof resourceOps>[0]) => resourceOps(steps).filter((op) => op.startsWith("replace ") || op.startsWith("update ") || op.startsWith("create ") || op.startsWith("delete "));

describe.skipIf("skip" in cli)("the real Pulumi CLI: a join token's address changed by the program", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a rename of its Room, or a new domain in TeamDefaults, re-issues the token in the same up", async () => {
        const api = apiCaller(emulator);
        const config = (room: string, defaults: Record<string, unknown>) => ({
            "test:room": room,
            "test:defaults": JSON.stringify(defaults),
            "test:tokens": JSON.stringify([{ name: "guest", args: { userName: "Guest" } }]),
        });
        const project = await projectFor(emulator, config("addr-board", { paletteMode: "dark" }), { program: PROGRAM });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const link = async () => (JSON.parse((await project.must(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, string>).guestLink!.split("?")[0];
        const roomUrl = async (ref: string) => (await api("GET", `/rooms/${ref}`)).body.room_url as string;
        expect(await link()).toBe(await roomUrl("addr-board"));

        // Renamed in the program.
        await project.setConfig(config("addr-board-renamed", { paletteMode: "dark" }));
        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(changes(preview.steps)).toEqual(["replace guest", "update board"]);
        expect(preview.steps.find((s) => s.name === "guest" && s.op === "replace")?.replaceReasons).toEqual(["room"]);
        const renamed = await project.up([], { preview: false });
        expect(renamed.code, renamed.stdout + renamed.stderr).toBe(0);
        expect(await link()).toBe(await roomUrl("addr-board-renamed"));

        // The team's domain changed through TeamDefaults (the Room depends on it).
        await project.setConfig(config("addr-board-renamed", { paletteMode: "dark", domain: "renamedteam" }));
        const domainPreview = await project.preview();
        expect(domainPreview.code, domainPreview.stdout + domainPreview.stderr).toBe(0);
        expect(changes(domainPreview.steps)).toEqual(["replace guest", "update board", "update defaults"]);
        const moved = await project.up([], { preview: false });
        expect(moved.code, moved.stdout + moved.stderr).toBe(0);
        expect(await roomUrl("addr-board-renamed")).toMatch(/renamedteam/);
        expect(await link()).toBe(await roomUrl("addr-board-renamed"));
        // The Room's own roomUrl (what a program exports as the room's link) carries the new domain from this up on.
        const exported = JSON.parse((await project.must(["stack", "export"])).stdout) as { deployment: { resources: Array<{ urn: string; outputs?: Record<string, unknown> }> } };
        expect(exported.deployment.resources.find((r) => r.urn.endsWith("::board"))?.outputs?.roomUrl).toBe(await roomUrl("addr-board-renamed"));

        // Nothing changed since: no new token.
        const again = await project.preview(["--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);
    });

    it("through the plugin face too: a rename of its Room re-issues the token in the same up", async () => {
        const api = apiCaller(emulator);
        const project = await projectFor(emulator, { "test:room": "plugin-addr" }, { program: PLUGIN_PROGRAM, plugin: true });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const link = async () => (JSON.parse((await project.must(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, string>).aliceLink!.split("?")[0];
        expect(await link()).toBe((await api("GET", "/rooms/plugin-addr")).body.room_url);

        await project.setConfig({ "test:room": "plugin-addr-renamed" });
        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(pluginOps(preview.steps, { changes: true })).toEqual(["replace JoinToken alice", "update Room board"]);
        const renamed = await project.up([], { preview: false });
        expect(renamed.code, renamed.stdout + renamed.stderr).toBe(0);
        expect(await link()).toBe((await api("GET", "/rooms/plugin-addr-renamed")).body.room_url);
    });
});
