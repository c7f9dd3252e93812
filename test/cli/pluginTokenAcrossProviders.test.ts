/**
 * A Room through one explicit provider and its JoinToken through another of the same team (plugin face: each
 * provider a process of its own), through the real CLI with a Pulumi YAML program: renaming the room issues the
 * token anew in the same preview and up, as when both share one provider, so the token's link never points to the
 * room's old address (which answers 404).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PLUGIN_FOLDER, type PulumiProject } from "../../harness/pulumiCli";
import { cli, pluginOps, projectFor } from "./support";
import { outsideRepository } from "./install";
import { useEmulator } from "../support/emulator";

const host = "dir" in cli ? path.join(cli.dir, "pulumi-language-yaml") : "";
const skip = "skip" in cli ? cli.skip : fs.existsSync(host) ? undefined : `no Pulumi YAML language host at ${host}`;
if (skip && process.env.CI) throw new Error(`Pulumi YAML programs must run under CI: ${skip}`);

describe.skipIf(skip)("a join token through another provider than its room's", { timeout: 600_000 }, () => {
    let emulator: RunningEmulator;
    const projects: PulumiProject[] = [];
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });
    const root = skip ? "" : outsideRepository("vcrooms-token-providers-");
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    const write = (friendlyUrl: string) => {
        const provider = { type: "pulumi:providers:vcrooms", properties: { apiUrl: emulator.baseUrl, developerKey: { "fn::secret": emulator.developerKey } } };
        const program = {
            name: "vcrooms-token-providers",
            runtime: "yaml",
            packages: { vcrooms: PLUGIN_FOLDER },
            resources: {
                rooms: provider,
                tokens: provider,
                board: { type: "vcrooms:Room", properties: { friendlyUrl }, options: { provider: "${rooms}" } },
                ada: { type: "vcrooms:JoinToken", properties: { room: "${board.id}", userName: "Ada" }, options: { provider: "${tokens}" } },
            },
            outputs: { roomUrl: "${board.roomUrl}", link: "${ada.link}" },
        };
        // JSON is YAML too.
        fs.writeFileSync(path.join(root, "Pulumi.yaml"), JSON.stringify(program, null, 2));
    };

    it("renaming the room replaces the token in the preview and the up; its new link is the room's new address", async () => {
        write("across-before");
        const p = await projectFor(emulator, {}, { folder: root });
        projects.push(p);
        expect((await p.up([], { preview: false })).code).toBe(0);
        const links = async () => JSON.parse((await p.must(["stack", "output", "--json", "--show-secrets"])).stdout) as { roomUrl: string; link: string };
        const before = await links();
        expect(before.link.split("?")[0]).toBe(before.roomUrl);

        write("across-after");
        const preview = await p.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(pluginOps(preview.steps)).toEqual(expect.arrayContaining(["replace JoinToken ada", "update Room board"]));

        const up = await p.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const after = await links();
        expect(after.roomUrl).toBe(before.roomUrl.replace("across-before", "across-after"));
        expect(after.link.split("?")[0]).toBe(after.roomUrl);
    });
});
