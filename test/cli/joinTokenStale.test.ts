/**
 * A JoinToken made useless by a change outside the program, through the real Pulumi CLI against the emulator: its
 * room deleted, or re-created under the same friendly URL (the token names the dead UUID), renamed in place, the
 * team's domain changed (the link answers 404), or the developer key rotated (the token no longer verifies). Each
 * shows as the token's replacement at the next `preview --refresh`, and up issues it anew (a key rotated and set in
 * config already at the next plain up); an untouched token shows no change.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { verifyJoinToken } from "../../provider/api/joinToken";
import { apiCaller, control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { ROOT } from "../../harness/pulumiCli";
import { cli, projectFor, resourceOps } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/tokens.js");
const NEW_KEY = "rotated-developer-key-0123456789abcdef";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the real Pulumi CLI: a join token gone stale", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("room deleted, re-created, renamed, domain changed, key rotated: each re-issues the token at the next preview --refresh", async () => {
        const api = apiCaller(emulator);
        await api("POST", "/rooms", { friendly_url: "ext-room" });
        const config = { "test:room": "board-cli", "test:tokens": JSON.stringify([{ name: "guest", args: { room: "ext-room", userName: "Guest" } }]) };
        const project = await projectFor(emulator, config, { program: PROGRAM });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const refreshed = async () => {
            const preview = await project.preview(["--refresh"]);
            expect(preview.code, preview.stdout + preview.stderr).toBe(0);
            return resourceOps(preview.steps).filter((op) => !op.startsWith("refresh") && !op.startsWith("same"));
        };
        const shownLink = async () => {
            const out = JSON.parse((await project.must(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, string>;
            return { link: out.guestLink!, token: out.guestToken! };
        };

        // Untouched: no change.
        expect(await refreshed()).toEqual([]);

        // Renamed in place: the link answers 404. Renamed back: no change again.
        await api("PATCH", "/rooms/ext-room", { friendly_url: "ext-room-renamed" });
        expect(await refreshed()).toEqual(["replace guest"]);
        await api("PATCH", "/rooms/ext-room-renamed", { friendly_url: "ext-room" });
        expect(await refreshed()).toEqual([]);

        // Deleted outside: the token names a room that is gone.
        const first = (await api("GET", "/rooms/ext-room")).body.id as string;
        await api("DELETE", "/rooms/ext-room");
        expect(await refreshed()).toEqual(["replace guest"]);

        // Re-created under the same friendly URL: a new UUID; up issues the token for it.
        const second = (await api("POST", "/rooms", { friendly_url: "ext-room" })).body.id as string;
        expect(second).not.toBe(first);
        expect(await refreshed()).toEqual(["replace guest"]);
        const reissued = await project.up(["--refresh"], { preview: false });
        expect(reissued.code, reissued.stdout + reissued.stderr).toBe(0);
        expect((await verifyJoinToken((await shownLink()).token, emulator.developerKey)).rd).toBe(second);
        expect(await refreshed()).toEqual([]);

        // The team's domain changed: the link's host is no longer the room's.
        await api("PATCH", "/", { domain: "newdomain" });
        expect(await refreshed()).toEqual(["replace guest"]);
        expect((await project.up(["--refresh"], { preview: false })).code).toBe(0);
        expect((await shownLink()).link).toMatch(/^https:\/\/newdomain\.digitalsamba\.com\/ext-room\?token=/);

        // The developer key rotated (and the stack given the new one): the token no longer verifies.
        await control(emulator, "POST", "/developer-key", { developerKey: NEW_KEY });
        await project.setConfig({}, { "vcrooms:developerKey": NEW_KEY });
        // A plain up issues it anew: its diff checks the kept token against the provider's new key, with no request (a
        // refresh would configure the provider from the state's old key until an up has run with the new one).
        const plain = await project.up([], { preview: false });
        expect(plain.code, plain.stdout + plain.stderr).toBe(0);
        expect(resourceOps(plain.steps).filter((op) => op.endsWith(" guest") && !op.startsWith("same"))).toContain("replace guest");
        await expect(verifyJoinToken((await shownLink()).token, NEW_KEY)).resolves.toMatchObject({ rd: second });
        expect(await refreshed()).toEqual([]);
    });
});
