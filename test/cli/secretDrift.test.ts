/**
 * What the engine displays of a Room, in both faces, one stack per face stepped through (this file and
 * diffDisplay.test.ts were two stacks per face; issue 42):
 * - a secret setting changed outside Pulumi is drift like any other: `preview --refresh` plans the update (the value
 *   masked by the engine) and `up --refresh` puts the declared value back. The secret settings are taken from the
 *   settings table's `secret` flag, so a new one is covered here without a change;
 * - bookkeeping inputs (the resource name and stack the SDK or the plugin fills, the flag check sets when it
 *   generated a friendly URL) travel as `__<name>`, which the engine's display leaves out: `pulumi preview --diff` of a
 *   Room's create and update shows only what the program declared. A state written before, with the plain names,
 *   shows no change and no replacement after the upgrade, through a refresh too.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { settingsFor, isSecret } from "../../provider/model/settings";
import { toCamelName } from "../../provider/model/names";
import { cli, projectFor, withoutDebugEvents } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

/** A declared value and a different one for each secret room setting, valid by its rule. */
const SECRET_VALUES: Record<string, [declared: string, outside: string]> = {
    restream_key: ["declared-stream-key-91c2", "outside-stream-key-5e07"],
    telephony_pin_dtmf: ["1234W56#", "9876w5*"],
};
const secretSettings = settingsFor("room").filter(isSecret).map((s) => s.name);

const BOOKKEEPING = ["resourceName", "friendlyUrlGenerated", "createId", '"vcrooms-cli/dev"'];

/** The state as an earlier version wrote it: each `__<name>` bookkeeping key under its plain name. */
async function asWrittenBefore(project: PulumiProject): Promise<void> {
    const text = (await project.exportText()).replace(/"__(resourceName|stack|friendlyUrlGenerated)"/g, '"$1"');
    expect(text).toContain('"resourceName"');
    const file = path.join(project.dir, "state.json");
    fs.writeFileSync(file, text);
    await project.must(["stack", "import", "--file", file]);
}

describe.skipIf("skip" in cli)("the real Pulumi CLI: what a Room's diff shows", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("every secret room setting has a declared and an outside value here", () => {
        expect(Object.keys(SECRET_VALUES).sort()).toEqual([...secretSettings].sort());
    });

    for (const face of ["sdk", "plugin"] as const) {
        it(`${face} face: create and update diffs name no bookkeeping input; preview --refresh plans putting each secret back, masked, and up --refresh does; a state with the plain names shows no change`, async () => {
            const args = { friendlyUrl: `secret-drift-${face}`, restreamEnabled: true, restreamType: "custom", restreamUrl: "rtmp://live.example.com/app", telephonyEnabled: true };
            const secretArgs = secretSettings.map(toCamelName);
            const secrets = { room: Object.fromEntries(secretSettings.map((s) => [toCamelName(s), SECRET_VALUES[s]![0]])) };
            // "board" has a generated friendly URL (the bookkeeping flag); "room" holds every secret setting.
            const rooms = (description: string) => ({ "test:rooms": JSON.stringify([{ name: "board", args: { description } }, { name: "room", args, secretArgs }]) });
            const project = await projectFor(emulator, rooms("Quarterly board"), { plugin: face === "plugin", secretConfig: { "test:secrets": JSON.stringify(secrets) } });
            projects.push(project);
            const printed: string[] = [];
            const keep = <T extends { stdout: string; stderr: string }>(r: T): T => (printed.push(withoutDebugEvents(r.stdout), r.stderr), r);
            /** `pulumi preview --diff` as a user reads it. */
            const previewDiff = async (): Promise<string> => {
                const result = keep(await project.run(["preview", "--diff", "--non-interactive"]));
                expect(result.code, result.stdout + result.stderr).toBe(0);
                return result.stdout;
            };

            const create = await previewDiff();
            expect(create).toContain("Quarterly board");
            for (const key of BOOKKEEPING) expect(create).not.toContain(key);
            const up = keep(await project.up([], { preview: false }));
            expect(up.code, up.stdout + up.stderr).toBe(0);
            const roomPath = `/rooms/${args.friendlyUrl}`;
            for (const s of secretSettings) expect((await api("GET", roomPath)).body[s], s).toBe(SECRET_VALUES[s]![0]);

            // Every secret changed outside at once: the drift preview shows each of them as changed, masked, and no
            // other setting; one `up --refresh` puts them all back.
            await api("PATCH", roomPath, Object.fromEntries(secretSettings.map((s) => [s, SECRET_VALUES[s]![1]])));
            const drift = await project.run(["preview", "--refresh", "--diff", "--expect-no-changes", "--non-interactive"]);
            printed.push(drift.stdout, drift.stderr);
            expect(drift.code, drift.stdout + drift.stderr).not.toBe(0);
            // The room's update, showing the settings that drifted as changed, masked; no other as changed.
            const changed = drift.stdout.slice(drift.stdout.search(/Room: \(update\)/), drift.stdout.indexOf("Resources:"));
            const changedLines = changed.split("\n").filter((line) => /^\s*[-+~]\s+\w+\s*:/.test(line)).map((line) => line.trim().replace(/\s+/g, " "));
            expect(changedLines, drift.stdout).toHaveLength(secretSettings.length);
            for (const s of secretSettings) expect(changedLines, `${s}: ${drift.stdout}`).toContainEqual(expect.stringMatching(new RegExp(`^[+~] ${toCamelName(s)} ?: .*\\[secret\\]$`)));
            expect(drift.stdout).toMatch(/~ 1 to update/);
            const repair = keep(await project.up(["--refresh"], { preview: false }));
            expect(repair.code, repair.stdout + repair.stderr).toBe(0);
            for (const s of secretSettings) expect((await api("GET", roomPath)).body[s], s).toBe(SECRET_VALUES[s]![0]);

            await project.setConfig(rooms("Yearly board"));
            const update = await previewDiff();
            expect(update).toContain("Yearly board");
            for (const key of BOOKKEEPING) expect(update).not.toContain(key);

            // Back to the state's own description, then the state rewritten as an earlier version wrote it: no change
            // planned, through a refresh too (which also finds the secrets put back for good).
            await project.setConfig(rooms("Quarterly board"));
            await asWrittenBefore(project);
            const quiet = keep(await project.run(["preview", "--refresh", "--diff", "--expect-no-changes", "--non-interactive"]));
            expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);
            for (const key of BOOKKEEPING) expect(quiet.stdout).not.toContain(key);
            const kept = keep(await project.up(["--expect-no-changes"], { preview: false }));
            expect(kept.code, kept.stdout + kept.stderr).toBe(0);

            // Neither value is ever shown: the engine masks the planned change.
            const everywhere = [await project.exportText(), ...printed, project.writtenText()].join("\n");
            for (const s of secretSettings) for (const value of SECRET_VALUES[s]!) expect(everywhere).not.toContain(value);
        });
    }
});
