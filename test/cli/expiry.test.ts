/**
 * A room's expiry through the real Pulumi CLI, where the engine's behaviour is what
 * matters: after the API deleted the room at expiresAt, `pulumi up --refresh` of the unchanged program succeeds
 * (check once refused it, "must be in the future", keeping a GitOps pipeline red), a join token on the room is kept
 * with a warning that the room expired (it was planned for re-issue, which failed on the API's 404, at every such up),
 * and dropping expiresAt is told at preview as a diagnostic. Real time has to pass, as the provider's check reads the real clock.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { WARNINGS } from "../../provider/resources/warnings";
import { cli, projectFor, resourceOps } from "./support";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

const inSeconds = (seconds: number) => new Date(Math.ceil(Date.now() / 1000) * 1000 + seconds * 1000).toISOString().slice(0, 19).replace("T", " ");
const until = (apiTime: string) => new Promise((r) => setTimeout(r, Math.max(0, Date.parse(`${apiTime.replace(" ", "T")}Z`) - Date.now() + 1_000)));
const rooms = (args: Record<string, unknown>) => ({ "test:rooms": JSON.stringify([{ name: "webinar", args: { friendlyUrl: "webinar-cli", ...args } }]) });

describe.skipIf("skip" in cli)("an expired room under the real Pulumi CLI", { timeout: 300_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });

    it("up --refresh of the unchanged program succeeds after the expiry, its join token kept with a warning; dropping expiresAt warns at preview", async () => {
        const expiresAt = inSeconds(30);
        const project = await projectFor(emulator, { ...rooms({ expiresAt }), "test:tokens": JSON.stringify([{ name: "pass", room: "webinar", args: { userName: "P" } }]) });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        await until(expiresAt);
        expect((await apiCaller(emulator)("GET", "/rooms/webinar-cli")).status).toBe(404);

        const refreshed = await project.up(["--refresh"]);
        expect(refreshed.code, refreshed.stdout + refreshed.stderr).toBe(0);
        expect(resourceOps(refreshed.steps).filter((op) => !op.startsWith("refresh"))).toEqual(["same pass", "same webinar"]);
        const roomId = String((await project.resourceState("webinar"))?.id);
        expect(refreshed.diagnostics.map((d) => d.message).join("\n")).toContain(WARNINGS.tokenRoomExpired(`join token for "P" (room ${roomId})`, roomId, expiresAt));

        await project.setConfig(rooms({}));
        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(preview.diagnostics.map((d) => d.message).join("\n")).toContain(`expiresAt is no longer declared, but the API cannot clear an expiry, so the room is still deleted at ${expiresAt} UTC`);
        expect((await project.destroy([], { preview: false })).code).toBe(0);
    });
});
