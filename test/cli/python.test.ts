/**
 * examples/python-rooms through the real Pulumi CLI against the emulator: a Python program using the provider as a
 * plugin (this repository's plugin folder), through a Python SDK that `pulumi install` generates from the
 * plugin's schema and installs, run by upstream's Python language host with the `pulumi`
 * package from PyPI (scripts/pulumi-python's virtualenv). Preview, up and destroy pass, and the emulator holds what
 * the program declares.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller } from "../support/http";
import { locatePythonVenv, PLUGIN_FOLDER, PulumiProject, ROOT } from "../../harness/pulumiCli";
import { cli, cliDir, pluginOps, withoutDebugEvents } from "./support";

const python = "skip" in cli ? cli : locatePythonVenv();
if ("skip" in python && !("skip" in cli)) console.warn(python.skip);

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in python)("examples/python-rooms through the real Pulumi CLI", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });

    it("the language host: config and secrets reach the program, outputs come back, a failure is reported once", async () => {
        const shared = "dir" in python ? python.dir : "";
        const project = new PulumiProject({ cliDir, name: "python-basics", python: { source: path.join(ROOT, "test/cli/programs/python-basics"), shared } });
        projects.push(project);
        await project.init({ "python-basics:who": "world" }, { "python-basics:password": "hunter2-but-longer" });
        const up = await project.up();
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(await project.outputs()).toEqual({ greeting: "hello world", password: "[secret]", stack: project.stack, project: "python-basics", dryRun: false });
        expect(withoutDebugEvents(up.stdout + up.stderr)).not.toContain("hunter2-but-longer");

        await project.setConfig({ "python-basics:fail": "true" });
        const failed = await project.preview();
        expect(failed.code).not.toBe(0);
        const errors = failed.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
        expect(errors.join("\n")).toContain("ValueError: failing on purpose, as config asked");
        // The host bails after the program's own report: no second, vaguer error about the exit code.
        expect(errors.join("\n")).not.toContain("exit code");
    });

    // No change after the up (the README's `pulumi preview --expect-no-changes`) is test/examples/readmeCommands.test.ts's
    // to prove, both ways of installing; `pulumi import --out` writing Python in the SDK's terms is
    // test/release/programs.test.ts's (the same patterns, the same CLI generating the code from the plugin's schema).
    it("preview, up, destroy; rooms as declared, the join link secret, statistics through an invoke", async () => {
        const shared = "dir" in python ? python.dir : "";
        const project = new PulumiProject({
            cliDir,
            name: "vcrooms-python-rooms",
            python: { source: path.join(ROOT, "examples/python-rooms"), shared, packages: { vcrooms: PLUGIN_FOLDER } },
        });
        projects.push(project);

        // As the example's README says: `pulumi install` generates the SDK from the plugin (packages:) into
        // sdks/vcrooms, upstream's host links it into requirements.txt and pip-installs that into the project's
        // virtualenv. The example lists the SDK already; without that line, linking must add it (once).
        const requirements = path.join(project.dir, "requirements.txt");
        fs.writeFileSync(requirements, fs.readFileSync(requirements, "utf8").replace(/^sdks\/vcrooms\n/m, ""));
        expect(fs.readFileSync(requirements, "utf8")).not.toContain("sdks/vcrooms");
        const install = await project.must(["install"]);
        expect(install.stdout + install.stderr).toMatch(/Successfully installed pulumi[-_]vcrooms-0\.1\.0/);
        expect(fs.readFileSync(requirements, "utf8").match(/^(\.\/)?sdks\/vcrooms$/gm)).toEqual(["sdks/vcrooms"]);

        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        const printed: string[] = [];
        const keep = <T extends { stdout: string; stderr: string }>(r: T): T => (printed.push(withoutDebugEvents(r.stdout), r.stderr), r);

        const preview = keep(await project.preview());
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(pluginOps(preview.steps)).toEqual(["create JoinToken alice", "create Room lobby", "create Room standup", "create TeamDefaults defaults"]);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);

        const up = keep(await project.up([], { preview: false })); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(pluginOps(up.steps)).toEqual(["create JoinToken alice", "create Room lobby", "create Room standup", "create TeamDefaults defaults"]);
        const rooms = (await apiCaller(emulator)("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string; privacy: string; max_participants: number }>;
        expect(rooms.map((r) => [r.friendly_url, r.privacy, r.max_participants]).sort()).toEqual([
            ["python-lobby", "public", 100],
            ["python-standup", "private", 12],
        ]);
        const defaults = (await apiCaller(emulator)("GET", "/")).body as Record<string, unknown>;
        expect([defaults.palette_mode, defaults.language, (defaults.default_role as { name: string }).name]).toEqual(["dark", "en", "attendee"]);

        const outputs = await project.outputs();
        const standupId = rooms.find((r) => r.friendly_url === "python-standup")!.id;
        expect(outputs).toMatchObject({
            lobbyUrl: "https://acme.digitalsamba.com/python-lobby",
            standupUrl: "https://acme.digitalsamba.com/python-standup",
            aliceJoinLink: "[secret]",
            standupStatistics: { roomId: standupId, participationMinutes: 0 },
        });
        const stats = outputs.standupStatistics as { dateStart: string; dateEnd: string };
        expect(stats.dateStart <= stats.dateEnd && /^\d{4}-\d{2}-\d{2}$/.test(stats.dateStart)).toBe(true);
        const link = JSON.parse((await project.must(["stack", "output", "aliceJoinLink", "--show-secrets", "--json"])).stdout) as string;
        expect(link).toMatch(/^https:\/\/acme\.digitalsamba\.com\/python-standup\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
        const token = link.split("token=")[1]!;

        // Neither the developer key nor the token is in plain text in the stack or in what the CLI printed.
        const exported = await project.exportText();
        expect(exported).not.toContain(emulator.developerKey);
        expect(exported).not.toContain(token);
        expect(printed.join("\n")).not.toContain(token);
        expect(printed.join("\n")).not.toContain(emulator.developerKey);

        const down = await project.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);

        // A create the API refuses (4xx: the friendly URL is taken): the provider's one message, reported once. The
        // KeyboardInterrupt tracebacks that follow it are upstream's Python host stopping the program
        // (docs/assumptions.md): not ours to change, and not the provider's message repeated.
        await apiCaller(emulator)("POST", "/rooms", { friendly_url: "python-standup" });
        const refused = await project.up([], { preview: false });
        expect(refused.code).not.toBe(0);
        const message = 'Unable to create room "standup" (friendly URL python-standup): friendlyUrl: The friendly url has already been taken.';
        const reported = refused.diagnostics.filter((d) => d.severity !== "debug" && d.message.includes(message));
        expect(reported.map((d) => d.severity), JSON.stringify(refused.diagnostics.filter((d) => d.severity === "error"))).toEqual(["error"]);
        await project.destroy([], { preview: false });
    });
});
