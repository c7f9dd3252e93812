/**
 * No room is created in violation of a mandatory policy when the verdict rests on a setting its TeamDefaults gets from
 * another resource's output, unknown at preview (issue 38 item 7), through the real CLI: `pulumi up --policy-pack` of a
 * program whose TeamDefaults records (by another resource's output) and asks consent, and a room that turns consent
 * off. Without dependsOn the up would register the room before the TeamDefaults and create it before the verdict;
 * the pack refuses it at the preview instead. With dependsOn the up judges the room with the known value before its
 * create. Either way the API never holds the room.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PulumiProject, ROOT } from "../../harness/pulumiCli";
import { cli, cliDir, projectFor } from "./support";
import { outsideRepository } from "./install";
import { useEmulator } from "../support/emulator";

const PACK = path.join(ROOT, "policy");

/** The dynamic face's program: `recordingsEnabled` of the TeamDefaults is known only once the room "source" exists. */
const program = (dependsOn: boolean) => `"use strict";
const vcrooms = require("pulumi-vcrooms");
module.exports = async () => {
    const source = new vcrooms.Room("source", { friendlyUrl: "source-room", description: "Where the team's recording setting comes from" });
    const defaults = new vcrooms.TeamDefaults("defaults", { recordingsEnabled: source.createdAt.apply(() => true), consentMessageEnabled: true, consentMessage: "This meeting is recorded." });
    new vcrooms.Room("quiet", { friendlyUrl: "quiet-room", consentMessageEnabled: false }${dependsOn ? ", { dependsOn: [defaults] }" : ""});
};
`;

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

function folder(dependsOn: boolean): string {
    const dir = outsideRepository("vcrooms-policy-unknown-");
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: policy-unknown\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "policy-unknown", private: true, main: "index.js" }));
    fs.writeFileSync(path.join(dir, "index.js"), program(dependsOn));
    fs.mkdirSync(path.join(dir, "node_modules"));
    for (const entry of fs.readdirSync(path.join(ROOT, "node_modules"))) {
        if (!entry.startsWith(".")) fs.symlinkSync(path.join(ROOT, "node_modules", entry), path.join(dir, "node_modules", entry), "dir");
    }
    fs.symlinkSync(ROOT, path.join(dir, "node_modules", "pulumi-vcrooms"), "dir");
    return dir;
}

describe.skipIf("skip" in cli || cliDir === "")("a mandatory verdict resting on a TeamDefaults value unknown at preview", { timeout: 600_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it.each([false, true])("up --policy-pack never creates the room that turns consent off (dependsOn the TeamDefaults: %s)", async (dependsOn) => {
        const project = await projectFor(emulator, {}, { folder: folder(dependsOn) });
        projects.push(project);
        const up = await project.run(["up", "--yes", "--non-interactive", "--policy-pack", PACK]);
        const printed = up.stdout + up.stderr;
        expect(up.code, printed).not.toBe(0);
        expect(printed).toContain('Room "quiet"');
        if (!dependsOn) expect(printed).toContain('declare dependsOn on TeamDefaults "defaults"');
        expect((await api("GET", "/rooms/quiet-room")).status, printed).toBe(404);
    });
});
