/**
 * The plugin face's developer key rotated in the stack's config (`pulumi config set --secret vcrooms:developerKey`),
 * through the real Pulumi CLI, with a Room and a JoinToken: the key reaches the same team, so the Room shows no change
 * at a preview, a `refresh --run-program` or an up. The token, signed with the old key, no longer admits anyone: a
 * plain preview (which checks its signature locally) and the refresh find it stale and the up issues it anew, all
 * shown as a change of `token`, never of `connection`, which
 * the program never declared (before, the refresh showed `+connection` and the up `-connection`). After the up,
 * nothing changes.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";
import { parseJsonRun, ROOT, type PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "./support";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/pluginToken.js");
const NEW_KEY = "rotated-plugin-key-0123456789abcdef0123";

let team: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the plugin face through the real Pulumi CLI: the stack's developer key rotated", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (team = started) });

    it("shows no change of the Room or of connection; the stale token is re-issued as a change of token", async () => {
        const project = await projectFor(team, {}, { plugin: true, program: PROGRAM });
        projects.push(project);
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);

        await control(team, "POST", "/developer-key", { developerKey: NEW_KEY });
        await project.setConfig({}, { "vcrooms:developerKey": NEW_KEY });
        /** Each step that shows a change (the stack's aside), with the properties it names. */
        const shown = async (args: string[]) => {
            const ran = await project.run([...args, "--json", "--non-interactive"]);
            const run = { ...ran, ...parseJsonRun(ran.stdout) };
            expect(run.code, [args.join(" "), ...run.diagnostics.map((d) => d.message), run.stderr].join("\n")).toBe(0);
            return run.steps
                .filter((s) => !s.type.startsWith("pulumi:pulumi:Stack"))
                .map((s) => ({ step: `${s.op} ${s.name}`, named: [...new Set([...(s.diffs ?? []), ...Object.keys(s.detailedDiff ?? {}), ...(s.replaceReasons ?? [])])].sort() }))
                .filter(({ step, named }) => !step.startsWith("same ") && !(step.startsWith("refresh ") && named.length === 0));
        };

        // Already a plain preview: the token no longer verifies with the key the provider has now (checked locally).
        expect(await shown(["preview"]), "a preview without a refresh").toEqual([{ step: "replace alice", named: ["token"] }]);
        // A refresh's JSON events carry no diff: its display (`--diff`) names what the refresh found changed.
        const refresh = await project.run(["refresh", "--run-program", "--yes", "--skip-preview", "--diff", "--non-interactive"]);
        expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
        const changedLines = refresh.stdout.split("\nResources:")[0]!.split("\n").filter((line) => /^\s*[-+~] /.test(line) || /vcrooms:index:\w+: \(/.test(line));
        expect(changedLines.map((line) => line.trim())).toEqual(["~ vcrooms:index:JoinToken: (update)"]);
        expect(refresh.stdout).not.toContain("connection");
        expect(await shown(["preview"]), "the preview after the refresh").toEqual([{ step: "replace alice", named: ["token"] }]);
        expect(await shown(["up", "--yes", "--skip-preview"]), "the up").toEqual([
            { step: "create-replacement alice", named: ["token"] },
            { step: "replace alice", named: ["token"] },
            { step: "delete-replaced alice", named: [] },
        ]);
        // A refresh after the up and a preview of what it read, in one run: nothing found changed, nothing planned.
        expect(await shown(["preview", "--refresh", "--expect-no-changes"]), "a refresh and a preview after the up").toEqual([]);
    });
});
