/**
 * Pulumi YAML programs as a user has them, through the real CLI and Pulumi YAML's own language host
 * (`pulumi-language-yaml` in the CLI folder) against the emulator. The examples are taken out of the packed tarball
 * (what the package ships, not the repository's folders) into a folder outside the repository; the package is
 * installed once, into examples/yaml-rooms (`npm install <tarball>`, as its README's package-folder way says), whose
 * Pulumi.yaml `pulumi package add` gives `packages: vcrooms: ./node_modules/pulumi-vcrooms/plugin`. The other programs sit beside it and use that same
 * install (their node_modules is a link to it): examples/gitops/yaml, and the test's own programs for mistakes,
 * secrets and the governance pack.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PulumiProject, ROOT } from "../../harness/pulumiCli";
import { readRooms } from "../../examples/gitops/rooms";
import { clearLog, cli, expectDriftRepaired, pluginOps, projectFor, requestLog, requestsBesidesDomainRead, withoutDebugEvents } from "./support";
import { NPM_INSTALL_FLAGS, outsideRepository, packedTarball } from "./install";
import { apiCaller } from "../support/http";
import { useEmulator } from "../support/emulator";

const host = "dir" in cli ? path.join(cli.dir, "pulumi-language-yaml") : "";
const skip = "skip" in cli ? cli.skip : fs.existsSync(host) ? undefined : `no Pulumi YAML language host at ${host}`;
if (skip && process.env.CI) throw new Error(`Pulumi YAML programs must run under CI: ${skip}`);

/** Pulumi YAML's diagnostics are coloured whatever NO_COLOR says. */
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, "");

/** The plan's steps on the plugin's resources, as `op Type name`, sorted. */

describe.skipIf(skip)("Pulumi YAML programs through the real CLI", { timeout: 900_000 }, () => {
    let emulator: RunningEmulator;
    const projects: PulumiProject[] = [];
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });
    let root: string;
    let example: string;
    let tarball: string;
    /** examples/<name> as the tarball ships it, unpacked into the test's folder. */
    const shipped = (name: string): string => {
        execFileSync("tar", ["-xzf", tarball, "-C", root, "--strip-components=2", `package/examples/${name}`]);
        return path.join(root, name);
    };
    beforeAll(() => {
        root = outsideRepository("vcrooms-yaml-");
        tarball = packedTarball();
        example = shipped("yaml-rooms");
        execFileSync("npm", ["install", tarball, ...NPM_INSTALL_FLAGS], { cwd: example, stdio: "ignore", timeout: 300_000 });
    }, 600_000); // waiting for the run's pack, then one npm install of the tarball
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    /** A Pulumi YAML project at `dir` below the test's folder, with `files`, using the example's install of the package. */
    function besideExample(dir: string, files: Record<string, string>): string {
        const folder = path.join(root, dir);
        fs.mkdirSync(folder, { recursive: true });
        for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
        return folder;
    }
    const linkInstall = (folder: string) => fs.symlinkSync(path.join(example, "node_modules"), path.join(folder, "node_modules"), "dir");
    async function project(folder: string, config: Record<string, string> = {}): Promise<PulumiProject> {
        const p = await projectFor(emulator, config, { folder });
        projects.push(p);
        return p;
    }
    /** A Pulumi YAML program of one room, `properties` its properties' lines (the first is line 9 of the file). */
    const oneRoom = (name: string, properties: string[]) =>
        [`name: ${name}`, "runtime: yaml", "packages:", "  vcrooms: ./node_modules/pulumi-vcrooms/plugin", "resources:", `  ${name.split("-").pop()}:`, "    type: vcrooms:Room", "    properties:", ...properties.map((line) => `      ${line}`), ""].join("\n");

    it("examples/yaml-rooms, taken out of the tarball with the package folder added: plans exactly its resources, comes up, stays put, finds and repairs a change made outside, goes away", async () => {
        expect(path.relative(ROOT, example).startsWith("..")).toBe(true);
        expect(fs.existsSync(path.join(example, "node_modules/pulumi-vcrooms/plugin/PulumiPlugin.yaml"))).toBe(true);
        const p = await project(example);
        // As its README's package-folder way says (both ways run as written in test/examples/readmeCommands.test.ts).
        await p.must(["package", "add", "./node_modules/pulumi-vcrooms/plugin"]);
        const manifest = yaml.load(fs.readFileSync(path.join(example, "Pulumi.yaml"), "utf8")) as { runtime: string; packages: Record<string, string> };
        expect(manifest).toMatchObject({ runtime: "yaml", packages: { vcrooms: "./node_modules/pulumi-vcrooms/plugin" } });
        const api = apiCaller(emulator);

        const preview = await p.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(pluginOps(preview.steps)).toEqual(["create JoinToken alice", "create Room lobby", "create Room standup", "create TeamDefaults defaults"]);
        expect(preview.steps.filter((s) => !s.type.startsWith("vcrooms:index:")).map((s) => s.type)).toEqual(["pulumi:pulumi:Stack"]);
        const urns = preview.steps.filter((s) => s.type.startsWith("vcrooms:index:")).map((s) => s.urn).sort();
        expect(urns).toEqual([
            "urn:pulumi:dev::vcrooms-yaml-rooms::vcrooms:index:JoinToken::alice",
            "urn:pulumi:dev::vcrooms-yaml-rooms::vcrooms:index:Room::lobby",
            "urn:pulumi:dev::vcrooms-yaml-rooms::vcrooms:index:Room::standup",
            "urn:pulumi:dev::vcrooms-yaml-rooms::vcrooms:index:TeamDefaults::defaults",
        ]);

        const up = await p.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const outputs = await p.outputs();
        const standup = (await api("GET", "/rooms/yaml-standup")).body;
        expect(outputs).toEqual({
            lobbyUrl: "https://acme.digitalsamba.com/yaml-lobby",
            standupUrl: "https://acme.digitalsamba.com/yaml-standup",
            aliceJoinLink: "[secret]",
            standupStatistics: { roomId: standup.id, dateStart: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), dateEnd: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), participationMinutes: 0 },
        });
        expect(standup).toMatchObject({ privacy: "private", max_participants: 12 });
        expect((await api("GET", "/")).body).toMatchObject({ palette_mode: "dark", default_role: { name: "attendee" } });

        const again = await p.preview(["--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);

        // A change made outside Pulumi, through the API: preview --refresh finds it on that room alone, up repairs it.
        await expectDriftRepaired(p, api, {
            friendlyUrl: "yaml-lobby",
            name: "lobby",
            change: { description: "Changed by hand", max_participants: 5 },
            changedFields: ["description", "maxParticipants"],
            declared: { description: "Open to anyone with the link", max_participants: 100 },
        });

        const down = await p.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await api("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("a mistake in a YAML program fails at preview, naming the resource, the field and the rule, before any write", async () => {
        const folder = besideExample("mistakes", {
            "Pulumi.yaml": oneRoom("vcrooms-yaml-huge", ["friendlyUrl: huge", "maxParticipants: 99999"]),
        });
        linkInstall(folder);
        const p = await project(folder);
        await clearLog(emulator);
        // A value out of range: the provider's check refuses it.
        const range = await p.preview();
        expect(range.code).not.toBe(0);
        expect(plain(range.stdout + range.stderr)).toContain("vcrooms:index:Room resource 'huge': property maxParticipants value {99999} has a problem: maxParticipants must be an integer from 2 to 2000; got 99999");

        // A misspelt setting: Pulumi YAML checks the names against the plugin's schema first, and names the line and the closest setting.
        fs.writeFileSync(path.join(folder, "Pulumi.yaml"), oneRoom("vcrooms-yaml-huge", ["friendlyUrl: huge", "maxParticipant: 12"]));
        const typo = plain((await p.preview()).stdout);
        expect(typo).toContain("Property maxParticipant does not exist on 'vcrooms:index:Room'");
        expect(typo).toContain("on Pulumi.yaml line 10");
        expect(typo).toContain("Existing properties are: maxParticipants,");

        // A misspelt provider setting in the stack's config: the provider names it and the one meant.
        fs.writeFileSync(path.join(folder, "Pulumi.yaml"), oneRoom("vcrooms-yaml-huge", ["friendlyUrl: huge", "maxParticipants: 20"]));
        await p.removeConfig("vcrooms:apiUrl");
        await p.setConfig({ "vcrooms:apiURL": emulator.baseUrl });
        const config = plain((await p.preview()).stdout);
        expect(config).toContain("apiURL is not a setting of the vcrooms provider (did you mean apiUrl?)");

        expect((await requestLog(emulator)).entries.filter((e) => e.method !== "GET")).toEqual([]);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("a value made secret in a YAML program (fn::secret) stays out of the state's plaintext, the outputs and what the CLI prints", async () => {
        const name = "Ada Secretname";
        const folder = besideExample("secret", {
            "Pulumi.yaml": [
                "name: vcrooms-yaml-secret",
                "runtime: yaml",
                "packages:",
                "  vcrooms: ./node_modules/pulumi-vcrooms/plugin",
                "resources:",
                "  board:",
                "    type: vcrooms:Room",
                "    properties:",
                "      friendlyUrl: board",
                "      privacy: private",
                "  ada:",
                "    type: vcrooms:JoinToken",
                "    properties:",
                "      room: ${board.id}",
                "      userName:",
                `        fn::secret: ${name}`,
                "outputs:",
                "  adaName: ${ada.userName}",
                "",
            ].join("\n"),
        });
        linkInstall(folder);
        const p = await project(folder);
        const up = await p.up();
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(await p.outputs()).toEqual({ adaName: "[secret]" });
        const again = await p.run(["preview", "--diff", "--non-interactive"]);
        expect(again.code).toBe(0);
        expect(withoutDebugEvents(up.stdout + up.stderr) + again.stdout + again.stderr).not.toContain(name);
        // The stack's state and history, as the backend holds them (the program's own Pulumi.yaml has the value, of course).
        const backend = path.join(folder, ".backend");
        const written = fs.readdirSync(backend, { recursive: true, encoding: "utf8" }).filter((f) => fs.statSync(path.join(backend, f)).isFile());
        expect(written.some((f) => f.endsWith("vcrooms-yaml-secret/dev.json"))).toBe(true);
        expect(written.filter((f) => fs.readFileSync(path.join(backend, f), "utf8").includes(name))).toEqual([]);
        expect((await p.destroy([], { preview: false })).code).toBe(0);
    });

    it("examples/gitops/yaml plans the rooms of the gitops rooms.yaml, as its TypeScript reader declares them, and comes up", async () => {
        const gitops = shipped("gitops");
        linkInstall(gitops); // the gitops folder's `npm install`, which its yaml/ program uses through ../node_modules
        const p = await project(path.join(gitops, "yaml"));
        const preview = await p.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        const rooms = readRooms(path.join(gitops, "rooms.yaml"));
        const planned = preview.steps.filter((s) => s.type === "vcrooms:index:Room");
        expect(planned.map((s) => `${s.op} ${s.name}`).sort()).toEqual(rooms.map((r) => `create ${r.name}`).sort());
        for (const { name, friendlyUrl, ...settings } of rooms) {
            // What rooms.ts's reader gives the Room of each entry (index.ts: friendlyUrl defaults to the name).
            const inputs = planned.find((s) => s.name === name)!.new!.inputs!;
            expect(inputs).toMatchObject({ friendlyUrl: friendlyUrl ?? name, ...settings });
            const declared = Object.keys(inputs).filter((k) => !k.startsWith("__"));
            expect(declared.sort()).toEqual(["friendlyUrl", ...Object.keys(settings)].sort());
        }
        const up = await p.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(await p.outputs()).toEqual({ roomUrls: Object.fromEntries(rooms.map((r) => [r.name, `https://acme.digitalsamba.com/${r.friendlyUrl ?? r.name}`])) });
        expect((await p.destroy([], { preview: false })).code).toBe(0);
    });

    it("the governance pack judges a YAML program's rooms: a breaking one is refused with the policy's message and no request but the domain read, a compliant one passes", async () => {
        const pack = path.join(example, "node_modules/pulumi-vcrooms/policy");
        const folder = besideExample("governed", {
            "Pulumi.yaml": oneRoom("vcrooms-yaml-board", ["friendlyUrl: board", "tags: [confidential]", "privacy: public"]),
        });
        linkInstall(folder);
        const p = await project(folder);
        await clearLog(emulator);
        const breaking = await p.run(["preview", "--non-interactive", "--policy-pack", pack]);
        const text = plain(breaking.stdout + breaking.stderr);
        expect(breaking.code, text).not.toBe(0);
        expect(text).toContain(`Room "board": confidential (tag "confidential"), so privacy must be "private" (now "public")`);
        expect(text).toContain("vcrooms:index:Room");
        expect(await requestsBesidesDomainRead(emulator)).toEqual([]);

        fs.writeFileSync(
            path.join(folder, "Pulumi.yaml"),
            oneRoom("vcrooms-yaml-board", ["friendlyUrl: board", "tags: [confidential]", "privacy: private", "e2eeEnabled: true"]),
        );
        const compliant = await p.run(["preview", "--non-interactive", "--policy-pack", pack]);
        expect(compliant.code, plain(compliant.stdout + compliant.stderr)).toBe(0);
        expect(compliant.stdout).toContain("vcrooms-governance@v0.1.0");
        expect(plain(compliant.stdout)).not.toMatch(/mandatory|advisory/);
    });
});
