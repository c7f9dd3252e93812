/**
 * RoomContentPurge's `kinds` through the real Pulumi CLI against the emulator: a reordered list, or every kind
 * written out where none was named, is no change at preview and deletes nothing at up; a change of what is purged
 * is a replacement that purges again.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { apiCaller, control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { ROOT } from "../../harness/pulumiCli";
import { cli, projectFor, requestLog, resourceOps } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/tokens.js");
const ALL = ["chat", "questions", "summaries", "transcripts", "polls", "quizzes", "recordings"];

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];
const purges = (list: Array<{ name: string; args: Record<string, unknown> }>) => ({ "test:purges": JSON.stringify(list) });
const deletes = async () => (await requestLog(emulator)).entries.filter((e) => e.method === "DELETE").length;

describe.skipIf("skip" in cli)("the real Pulumi CLI: RoomContentPurge kinds", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a reorder, or all kinds written out for none, is no change; another set of kinds purges again", async () => {
        const api = apiCaller(emulator);
        await api("POST", "/rooms", { friendly_url: "purged" });
        const project = await projectFor(emulator, purges([{ name: "some", args: { room: "purged", kinds: ["chat", "recordings"] } }, { name: "all", args: { room: "purged" } }]), { program: PROGRAM });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);

        await control(emulator, "DELETE", "/requests");
        await project.setConfig(purges([{ name: "some", args: { room: "purged", kinds: ["recordings", "chat"] } }, { name: "all", args: { room: "purged", kinds: [...ALL].reverse() } }]));
        const preview = await project.preview(["--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(preview.changeSummary).toEqual({ same: 3 });
        const again = await project.up([], { preview: false }); // the plan was just previewed
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(await deletes()).toBe(0);

        await project.setConfig(purges([{ name: "some", args: { room: "purged", kinds: ["chat"] } }, { name: "all", args: { room: "purged" } }]));
        const changed = await project.preview();
        expect(resourceOps(changed.steps).filter((op) => op.startsWith("replace"))).toEqual(["replace some"]);
    });
});
