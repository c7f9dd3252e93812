/**
 * examples/python-rooms as a user gets it: the folder's files copied out of the repository, the packed package
 * installed there with `npm install <tarball>` (its package.json asks for pulumi-vcrooms), and nothing edited by
 * hand: its Pulumi.yaml's `packages: vcrooms: ./node_modules/pulumi-vcrooms/plugin` finds the plugin, `pulumi install`
 * (upstream's Python host) generates and installs the Python SDK, preview plans every resource of the program, and
 * up and destroy run it.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { locatePythonVenv, PulumiProject, ROOT } from "../../harness/pulumiCli";
import { NPM_INSTALL_FLAGS, packedTarball } from "./install";
import { cli, cliDir, languageHosts } from "./support";
import { apiCaller } from "../support/http";
import { useEmulator } from "../support/emulator";

const python = "skip" in cli ? cli : locatePythonVenv();
let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in python)("examples/python-rooms copied out of the repository", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });

    it("runs with the tarball installed and its Pulumi.yaml as it is: pulumi install, preview, up, destroy", async () => {
        console.log(`upstream-hosts: ${languageHosts(cliDir)}`);
        const tarball = packedTarball();
        const project = new PulumiProject({ cliDir, name: "vcrooms-python-rooms", python: { source: path.join(ROOT, "examples/python-rooms"), shared: "dir" in python ? python.dir : "" } });
        projects.push(project);
        expect(path.relative(ROOT, project.dir).startsWith("..")).toBe(true);
        const packages = (yaml.load(fs.readFileSync(path.join(project.dir, "Pulumi.yaml"), "utf8")) as { packages: Record<string, string> }).packages;
        expect(packages).toEqual({ vcrooms: "./node_modules/pulumi-vcrooms/plugin" });

        execFileSync("npm", ["install", tarball, ...NPM_INSTALL_FLAGS], { cwd: project.dir, stdio: "ignore", timeout: 300_000 });
        expect(fs.existsSync(path.join(project.dir, "node_modules/pulumi-vcrooms/plugin/PulumiPlugin.yaml"))).toBe(true);
        const install = await project.must(["install"]);
        expect(install.stdout + install.stderr).toMatch(/Successfully installed pulumi[-_]vcrooms-0\.1\.0/);

        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        const planned = preview.steps.filter((s) => s.type.startsWith("vcrooms:index:")).map((s) => `${s.op} ${s.type.slice("vcrooms:index:".length)} ${s.name}`);
        expect(planned.sort()).toEqual(["create JoinToken alice", "create Room lobby", "create Room standup", "create TeamDefaults defaults"]);
        const up = await project.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(await project.outputs()).toMatchObject({ lobbyUrl: "https://acme.digitalsamba.com/python-lobby", aliceJoinLink: "[secret]" });
        const down = await project.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });
});
