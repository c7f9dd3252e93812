/**
 * A secret setting changed outside Pulumi is drift like any other, in both faces: `preview --refresh` plans the
 * update (the value masked by the engine) and `up --refresh` puts the declared value back. The secret settings are
 * taken from the settings table's `secret` flag, so a new one is covered here without a change.
 */
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

describe.skipIf("skip" in cli)("a secret setting changed outside Pulumi", { timeout: 600_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("every secret room setting has a declared and an outside value here", () => {
        expect(Object.keys(SECRET_VALUES).sort()).toEqual([...secretSettings].sort());
    });

    for (const face of ["sdk", "plugin"] as const) {
        it(`${face} face: preview --refresh plans putting each secret back, masked; up --refresh does`, async () => {
            const args = { friendlyUrl: `secret-drift-${face}`, restreamEnabled: true, restreamType: "custom", restreamUrl: "rtmp://live.example.com/app", telephonyEnabled: true };
            const secretArgs = secretSettings.map(toCamelName);
            const secrets = { room: Object.fromEntries(secretSettings.map((s) => [toCamelName(s), SECRET_VALUES[s]![0]])) };
            const project = await projectFor(emulator, { "test:rooms": JSON.stringify([{ name: "room", args, secretArgs }]) }, { plugin: face === "plugin", secretConfig: { "test:secrets": JSON.stringify(secrets) } });
            projects.push(project);
            const printed: string[] = [];
            const keep = <T extends { stdout: string; stderr: string }>(r: T): T => (printed.push(withoutDebugEvents(r.stdout), r.stderr), r);
            const up = keep(await project.up([], { preview: false }));
            expect(up.code, up.stdout + up.stderr).toBe(0);
            const path = `/rooms/${args.friendlyUrl}`;
            for (const s of secretSettings) expect((await api("GET", path)).body[s], s).toBe(SECRET_VALUES[s]![0]);

            for (const s of secretSettings) {
                await api("PATCH", path, { [s]: SECRET_VALUES[s]![1] });
                const drift = await project.run(["preview", "--refresh", "--diff", "--expect-no-changes", "--non-interactive"]);
                printed.push(drift.stdout, drift.stderr);
                expect(drift.code, `${s}: ${drift.stdout}${drift.stderr}`).not.toBe(0);
                // The room's update, showing the one setting that drifted as changed, masked; no other as changed.
                const update = drift.stdout.slice(drift.stdout.search(/Room: \(update\)/), drift.stdout.indexOf("Resources:"));
                const changedLines = update.split("\n").filter((line) => /^\s*[-+~]\s+\w+\s*:/.test(line));
                expect(changedLines.map((line) => line.trim().replace(/\s+/g, " ")), `${s}: ${drift.stdout}`).toEqual([expect.stringMatching(new RegExp(`^[+~] ${toCamelName(s)} ?: .*\\[secret\\]$`))]);
                expect(drift.stdout).toMatch(/~ 1 to update/);
                const repair = keep(await project.up(["--refresh"], { preview: false }));
                expect(repair.code, repair.stdout + repair.stderr).toBe(0);
                expect((await api("GET", path)).body[s], s).toBe(SECRET_VALUES[s]![0]);
                expect(keep(await project.preview(["--refresh", "--expect-no-changes"])).code, s).toBe(0);
            }

            // Neither value is ever shown: the engine masks the planned change.
            const everywhere = [await project.exportText(), ...printed, project.writtenText()].join("\n");
            for (const s of secretSettings) for (const value of SECRET_VALUES[s]!) expect(everywhere).not.toContain(value);
        });
    }
});
