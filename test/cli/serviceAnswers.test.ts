/**
 * Through the real Pulumi CLI, against the emulator answering in the shape of the vendor's published document
 * (records without tags and most settings): a tagged room is created, and neither a plain `up`, nor a refresh and
 * `preview --expect-no-changes`, nor `preview --refresh` plans a change or a replacement (the real engine
 * once refused the read's undefined values with "Unexpected struct type", and a create answer without tags made
 * the next up replace the room). Each up and refresh skips its own preview (the claims are what they do, and the
 * previews run on their own); the emulator and the folder are discarded after, so nothing destroys the stack.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor, resourceOps, writes, clearLog } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the real Pulumi CLI against the documented answer profile", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0, profile: "documented" }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a tagged room: up, a plain up, refresh, preview --expect-no-changes and preview --refresh: no change, no replace", async () => {
        const tagged = { name: "tagged", args: { friendlyUrl: "tagged-room", tags: ["team", "q3"], languages: ["en", "nl-NL"], maxParticipants: 30, paletteMode: "dark", lobbyMessage: "Welcome in" } };
        const project = await projectFor(emulator, { "test:rooms": JSON.stringify([tagged]), "test:defaults": JSON.stringify({ captionsLanguage: "sv", watermarkText: "Internal" }) });
        projects.push(project);

        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(resourceOps(up.steps)).toEqual(["create defaults", "create tagged"]);

        await clearLog(emulator);
        const again = await project.up(["--expect-no-changes"], { preview: false });
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(again.changeSummary).toEqual({ same: 3 });

        const refresh = await project.refresh([], { preview: false });
        expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
        const preview = await project.preview(["--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(preview.changeSummary).toEqual({ same: 3 });

        const refreshed = await project.preview(["--refresh", "--expect-no-changes"]);
        expect(refreshed.code, refreshed.stdout + refreshed.stderr).toBe(0);
        expect(refreshed.changeSummary).toEqual({ same: 3 });
        expect(await writes(emulator)).toBe(0);
    });
});
