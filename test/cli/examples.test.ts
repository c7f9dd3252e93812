/**
 * The example programs as a user runs them: the package packed once per run, installed from the tarball once in a
 * folder outside the repository, and each example copied below that install (test/cli/install.ts), then through the real CLI: a preview that plans the example's
 * resources (a program that never ran would plan only the stack), up, a no-change up, the outputs, destroy.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import { PulumiProject, ROOT } from "../../harness/pulumiCli";
import { cli, cliDir, languageHosts, projectFor, resourceOps, withoutDebugEvents } from "./support";
import { copyExample, installExample, installShared, NPM_INSTALL_FLAGS, outsideRepository, packedTarball } from "./install";

describe.skipIf("skip" in cli)("examples through the real CLI", { timeout: 900_000 }, () => {
    let emulator: RunningEmulator;
    let project: PulumiProject | undefined;
    const projects: PulumiProject[] = [];
    const tempDirs: string[] = [];
    const tempDir = (prefix: string) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
        tempDirs.push(dir);
        return dir;
    };
    let tarball: string;
    let installs: string;
    /** examples/<name> copied outside the repository, below the one install of the packed package. */
    const installed = (name: string, as?: string) => copyExample(name, installs, as);
    useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });
    beforeAll(async () => {
        installs = outsideRepository("vcrooms-examples-");
        tempDirs.push(installs);
        tarball = packedTarball();
        installShared(tarball, installs);
    }, 600_000); // waiting for the run's pack, then one npm install of the tarball: over a minute on a busy machine
    /** A preview under the governance pack of the installed package (node_modules/pulumi-vcrooms/policy), as an auditor runs it. */
    const governedPreview = (project: PulumiProject) => project.run(["preview", "--non-interactive", "--policy-pack", path.join(installs, "node_modules", "pulumi-vcrooms", "policy")]);
    /** The preview of a fresh stack: it must plan creating exactly the example's resources. */
    const expectPlan = async (project: PulumiProject, creates: string[]) => {
        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(resourceOps(preview.steps)).toEqual(creates);
    };
    afterAll(async () => {
        project?.dispose();
        for (const p of projects) p.dispose();
        for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
    }, 300_000); // removing every installed example's node_modules takes a while

    it("examples/team-rooms comes up, stays put, and goes away", async () => {
        project = await projectFor(emulator, {}, { folder: installed("team-rooms") });
        await expectPlan(project, ["create all-hands", "create board", "create defaults"]);
        const up = await project.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(resourceOps(up.steps)).toEqual(["create all-hands", "create board", "create defaults"]);
        expect(await project.outputs()).toMatchObject({ boardUrl: "https://acme.digitalsamba.com/board-q3", domain: "acme" });
        const board = (await apiCaller(emulator)("GET", "/rooms/board-q3")).body;
        expect(board).toMatchObject({ privacy: "private", e2ee_enabled: true, palette_mode: "dark" });
        expect((await project.up(["--expect-no-changes"])).code).toBe(0);
        const down = await project.destroy([], { preview: false });
        expect(down.code).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("examples/quickstart: rooms, a join token whose link stays secret, no changes on a second up", async () => {
        const quick = await projectFor(emulator, {}, { folder: installed("quickstart") });
        projects.push(quick);
        await expectPlan(quick, ["create alice", "create defaults", "create lobby", "create standup"]);
        // The quickstart meets the governance pack: its token expires within a week and rotates.
        const governed = await governedPreview(quick);
        expect(governed.code, governed.stdout + governed.stderr).toBe(0);
        expect(governed.stdout).toContain("vcrooms-governance@v0.1.0");
        const up = await quick.up([], { preview: false }); // the plan was just checked, and again under the pack
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(resourceOps(up.steps)).toEqual(["create alice", "create defaults", "create lobby", "create standup"]);
        expect(await quick.outputs()).toEqual({
            lobbyUrl: "https://acme.digitalsamba.com/quickstart-lobby",
            standupUrl: "https://acme.digitalsamba.com/quickstart-standup",
            aliceJoinLink: "[secret]",
        });
        const link = JSON.parse((await quick.must(["stack", "output", "aliceJoinLink", "--show-secrets", "--json"])).stdout) as string;
        expect(link).toMatch(/^https:\/\/acme\.digitalsamba\.com\/quickstart-standup\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
        expect(withoutDebugEvents(up.stdout + up.stderr)).not.toContain(link.split("token=")[1]);
        const rooms = (await apiCaller(emulator)("GET", "/rooms")).body.data as Array<{ friendly_url: string; privacy: string }>;
        expect(rooms.map((r) => [r.friendly_url, r.privacy]).sort()).toEqual([["quickstart-lobby", "public"], ["quickstart-standup", "private"]]);
        const again = await quick.up(["--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);
        const down = await quick.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("examples/gitops: adding, editing and removing entries of rooms.yaml creates, updates and deletes rooms; a bad entry fails at preview", async () => {
        const file = path.join(tempDir("vcrooms-gitops-"), "rooms.yaml");
        const gitops = await projectFor(emulator, { "gitops:roomsFile": file }, { folder: installed("gitops") });
        projects.push(gitops);
        const live = async () => Object.fromEntries(((await apiCaller(emulator)("GET", "/rooms")).body.data as Array<{ friendly_url: string; description: string }>).map((r) => [r.friendly_url, r.description]));

        fs.writeFileSync(file, "rooms:\n  - name: sales\n    description: Sales sync\n  - name: support\n    description: Support sync\n    privacy: private\n");
        await expectPlan(gitops, ["create sales", "create support"]);
        const first = await gitops.up([], { preview: false }); // the plan was just checked
        expect(first.code, first.stdout + first.stderr).toBe(0);
        expect(resourceOps(first.steps)).toEqual(["create sales", "create support"]);
        expect(await live()).toEqual({ sales: "Sales sync", support: "Support sync" });

        // One pull request: sales edited, support removed, ops added.
        fs.writeFileSync(file, "rooms:\n  - name: sales\n    description: Sales weekly\n  - name: ops\n    friendlyUrl: ops-room\n    description: Ops sync\n");
        const second = await gitops.up();
        expect(second.code, second.stdout + second.stderr).toBe(0);
        expect(resourceOps(second.steps)).toEqual(["create ops", "delete support", "update sales"]);
        expect(await live()).toEqual({ sales: "Sales weekly", "ops-room": "Ops sync" });

        // The example's own rooms.yaml under the governance pack: its recorded design review asks no consent.
        fs.copyFileSync(path.join(ROOT, "examples", "gitops", "rooms.yaml"), file);
        const governed = await governedPreview(gitops);
        expect(governed.code).not.toBe(0);
        expect(governed.stdout + governed.stderr).toContain('Room "design-review": recordingsEnabled is true, so consentMessageEnabled must be true');

        fs.writeFileSync(file, "rooms:\n  - name: sales\n    description: Sales weekly\n  - name: ops\n    friendlyUrl: ops-room\n    description: Ops sync\n    privacy: secret\n");
        const bad = await gitops.preview();
        expect(bad.code).not.toBe(0);
        const errors = bad.diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");
        expect(errors).toContain(`${file}: room "ops": field "privacy" must be "public" or "private"; got "secret"`);
        expect(errors).not.toContain("    at ");

        fs.writeFileSync(file, "rooms: []\n");
        const down = await gitops.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("examples/two-teams: one room in each of two teams, no developer key in plain text in the stack", async () => {
        const production = await startEmulator({ rateLimit: 0, domain: "acme-prod" });
        try {
            const teams = new PulumiProject({ cliDir, folder: installed("two-teams") });
            projects.push(teams);
            await teams.init(
                { "teams:stagingApiUrl": emulator.baseUrl, "teams:productionApiUrl": production.baseUrl },
                { "teams:stagingDeveloperKey": emulator.developerKey, "teams:productionDeveloperKey": production.developerKey },
            );
            await expectPlan(teams, ["create production-defaults", "create production-standup", "create staging-defaults", "create staging-standup"]);
            const up = await teams.up([], { preview: false }); // the plan was just checked
            expect(up.code, up.stdout + up.stderr).toBe(0);
            expect(await teams.outputs()).toEqual({ standupUrls: { staging: "https://acme.digitalsamba.com/standup", production: "https://acme-prod.digitalsamba.com/standup" } });
            for (const [team, max] of [[emulator, 10], [production, 50]] as const) {
                const rooms = (await apiCaller(team)("GET", "/rooms")).body.data as Array<{ friendly_url: string; max_participants: number }>;
                expect(rooms.map((r) => [r.friendly_url, r.max_participants])).toEqual([["standup", max]]);
            }
            const exported = await teams.exportText();
            expect(exported).not.toContain(emulator.developerKey);
            expect(exported).not.toContain(production.developerKey);
            const down = await teams.destroy([], { preview: false });
            expect(down.code, down.stdout + down.stderr).toBe(0);
            for (const team of [emulator, production]) expect((await apiCaller(team)("GET", "/rooms")).body.total_count).toBe(0);
        } finally {
            await production.close();
        }
    });

    it("examples/drift-audit: drift-audit.sh writes the audit report and fails on a change made outside Pulumi, --repair puts it back", async () => {
        const audit = await projectFor(emulator, {}, { folder: installed("drift-audit") });
        projects.push(audit);
        await expectPlan(audit, ["create defaults", "create support"]);
        const script = path.join(audit.dir, "drift-audit.sh");
        const up = await audit.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const clean = await audit.runFile(script, []);
        expect(clean.code, clean.stdout + clean.stderr).toBe(0);
        expect(clean.stdout).toContain("drift audit: no changes outside Pulumi (report: report/report.html)");
        for (const file of ["report.html", "report.md", "report.json"]) expect(fs.existsSync(path.join(audit.dir, "report", file)), file).toBe(true);

        await apiCaller(emulator)("PATCH", "/rooms/support-desk", { toolbar_color: "#000000" });
        const drift = await audit.runFile(script, []);
        expect(drift.code, drift.stdout + drift.stderr).toBe(1);
        // The report's Markdown names the room and the setting, declared and live, and the page says where it is.
        expect(drift.stdout).toMatch(/\| vcrooms:Room "support" \| update \| `toolbarColor` \| `"#3771E0"` \| `"#000000"` \| update (?:#\d+,|of) \d{4}-/);
        expect(drift.stderr).toContain("settings were changed outside Pulumi (see report/report.html)");

        const repair = await audit.runFile(script, ["--repair"]);
        expect(repair.code, repair.stdout + repair.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms/support-desk")).body.toolbar_color).toBe("#3771E0");
        expect((await audit.destroy([], { preview: false })).code).toBe(0);
    });

    it("examples/adopt-existing: the first up takes over the room made outside Pulumi, keeping its id", async () => {
        const api = apiCaller(emulator);
        const existing = (await api("POST", "/rooms", { friendly_url: "town-hall", privacy: "public", description: "made by hand" })).body as { id: string };
        const adopt = await projectFor(emulator, {}, { folder: installed("adopt-existing") });
        projects.push(adopt);
        await expectPlan(adopt, ["create town-hall"]);
        const up = await adopt.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(resourceOps(up.steps)).toEqual(["create town-hall"]);
        expect(await adopt.outputs()).toEqual({ townHallId: existing.id, townHallUrl: "https://acme.digitalsamba.com/town-hall" });
        expect((await api("GET", "/rooms/town-hall")).body).toMatchObject({ id: existing.id, description: "Company town hall", max_participants: 300, qa_enabled: true });
        expect((await adopt.up(["--expect-no-changes"])).code).toBe(0);
        expect((await adopt.destroy([], { preview: false })).code).toBe(0);
        expect((await api("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("examples/automation: the controller brings each team's stack to its file, team after team and at once, and destroys them", async () => {
        const dir = installed("automation");
        const teamB = await startEmulator({ rateLimit: 0, domain: "team-b" });
        try {
            // The team files as a user edits them: each names its team's API (the emulators' ports are picked at run time).
            for (const [file, team] of [["team-a.yaml", emulator], ["team-b.yaml", teamB]] as const) {
                const text = fs.readFileSync(path.join(dir, "teams", file), "utf8");
                fs.writeFileSync(path.join(dir, "teams", file), text.replace(/^apiUrl: \S+/m, `apiUrl: ${team.baseUrl}`));
            }
            // The controller runs as its README says, with the CLI on the PATH and each team's key in its variable.
            const controller = new PulumiProject({ cliDir, folder: dir, env: { TEAM_A_DEVELOPER_KEY: emulator.developerKey, TEAM_B_DEVELOPER_KEY: teamB.developerKey } });
            const run = async (args: string[]) => {
                const result = await controller.runFile(process.execPath, ["bin/controller.js", ...args]);
                expect(result.code, result.stdout + result.stderr).toBe(0);
                return result.stdout;
            };
            const built = await controller.runFile(process.execPath, [path.join(installs, "node_modules", "typescript", "bin", "tsc"), "-p", "."]);
            expect(built.code, built.stdout + built.stderr).toBe(0);
            expect(await run(["--preview"])).toBe('team-a: preview {"create":3}\nteam-b: preview {"create":2}\n');
            const teamA = "team-a: succeeded; all-hands https://acme.digitalsamba.com/all-hands, board https://acme.digitalsamba.com/board-q3";
            const teamBLine = "team-b: succeeded; support https://team-b.digitalsamba.com/support";
            expect(await run([])).toBe(`${teamA}\n${teamBLine}\n`);
            expect(await run(["--parallel"])).toBe(`${teamA}\n${teamBLine}\n`);
            expect(((await apiCaller(teamB)("GET", "/rooms")).body.data as Array<{ friendly_url: string }>).map((r) => r.friendly_url)).toEqual(["support"]);
            expect(await run(["--destroy"])).toBe("team-a: destroyed\nteam-b: destroyed\n");
            // A provider's warning reaches the controller's user: a team file whose room name its link cannot carry.
            const warned = path.join(dir, "teams-warned");
            fs.mkdirSync(warned);
            fs.writeFileSync(path.join(warned, "team-b.yaml"), `apiUrl: ${teamB.baseUrl}\ndeveloperKeyEnv: TEAM_B_DEVELOPER_KEY\nrooms:\n  - name: spaced\n    friendlyUrl: "spaced room"\n`);
            const preview = await controller.runFile(process.execPath, ["bin/controller.js", "--preview", warned]);
            expect(preview.code, preview.stdout + preview.stderr).toBe(0);
            expect(preview.stderr).toContain('team-b: warning: Room "spaced": friendlyUrl holds white space');
            expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
            expect((await apiCaller(teamB)("GET", "/rooms")).body.total_count).toBe(0);
        } finally {
            await teamB.close();
        }
    });

    it("examples/usage-report: the Markdown table and the SVG chart carry the seeded participation minutes", async () => {
        const api = apiCaller(emulator);
        for (const [room, description] of [["sales", "Sales floor"], ["support", "Support desk"], ["board", "Board room"]]) {
            expect((await api("POST", "/rooms", { friendly_url: room, description })).status).toBe(200);
        }
        const seed = (room: string | undefined, date: string, minutes: number) => control(emulator, "POST", "/usage", { ...(room ? { room } : {}), date, metrics: { participation_minutes: minutes } });
        await seed("sales", "2026-03-02", 300);
        await seed("sales", "2026-03-20", 120);
        await seed("support", "2026-03-05", 95);
        await seed("board", "2026-04-01", 999); // outside the period
        const outDir = tempDir("vcrooms-report-");
        const report = await projectFor(emulator, { "report:dateStart": "2026-03-01", "report:dateEnd": "2026-03-31", "report:outDir": outDir }, { folder: installed("usage-report") });
        projects.push(report);
        const up = await report.up();
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(resourceOps(up.steps)).toEqual([]);
        expect(await report.outputs()).toMatchObject({
            period: { dateStart: "2026-03-01", dateEnd: "2026-03-31" },
            teamParticipationMinutes: 515,
            participationMinutesByRoom: { sales: 420, support: 95, board: 0 },
        });
        const svg = fs.readFileSync(path.join(outDir, "usage-report.svg"), "utf8");
        const bars = [...svg.matchAll(/<g data-room="([^"]+)" data-minutes="(\d+)">\s*<text[^>]*>[^<]*<\/text>\s*<rect [^>]*width="(\d+)"/g)].map((m) => [m[1], Number(m[2]), Number(m[3])]);
        expect(bars).toEqual([["sales", 420, 400], ["support", 95, 90], ["board", 0, 0]]);
        expect(svg).toContain("(team: 515)");
        const md = fs.readFileSync(path.join(outDir, "usage-report.md"), "utf8");
        expect(md).toContain("| sales | Sales floor | 420 | 81.6 % |");
        expect(md).toContain("| support | Support desk | 95 | 18.4 % |");
        expect(md).toContain("| board | Board room | 0 | 0.0 % |");
        for (const room of ["sales", "support", "board"]) await api("DELETE", `/rooms/${room}`);
    });

    it("the plugin from the installed package, as upstream's Node.js host installs it: pulumi package add ./node_modules/pulumi-vcrooms/plugin, then a strict program on the generated SDK: preview, up, an invoke, an import, a no-change preview, destroy", async () => {
        console.log(`upstream-hosts: ${languageHosts(cliDir)}`);
        // Its own install: `pulumi package add` writes the generated SDK into this folder's package.json.
        const folder = installExample("quickstart", tarball, installs, "plugin-quickstart");
        const plugin = await projectFor(emulator, {}, { folder });
        projects.push(plugin);
        const add = await plugin.must(["package", "add", "./node_modules/pulumi-vcrooms/plugin"]);
        // Upstream's host installs the plugin folder's dependencies (none: nothing built, no second @pulumi/pulumi)...
        const installed = path.join(folder, "node_modules", "pulumi-vcrooms");
        expect(fs.existsSync(path.join(installed, "node_modules", "@pulumi")), add.stdout + add.stderr).toBe(false);
        expect(fs.existsSync(path.join(installed, "plugin", "node_modules"))).toBe(false);
        // ...and links the SDK: the dependency in package.json, npm install run (the SDK's postinstall compiled it).
        expect(JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).dependencies).toMatchObject({ "@vcrooms/pulumi": "file:sdks/vcrooms" });
        expect(fs.existsSync(path.join(folder, "node_modules", "@vcrooms", "pulumi", "bin", "index.js"))).toBe(true);
        expect(yaml.load(fs.readFileSync(path.join(folder, "Pulumi.yaml"), "utf8"))).toMatchObject({ packages: { vcrooms: "./node_modules/pulumi-vcrooms/plugin" } });
        // Type-checked by Pulumi's TypeScript run (the example's strict tsconfig): outputs always set need no undefined check.
        fs.writeFileSync(
            path.join(folder, "index.ts"),
            'import * as vcrooms from "@vcrooms/pulumi";\n' +
                'const board = new vcrooms.Room("board", { friendlyUrl: "plugin-board", description: "Board", maxParticipants: 30 });\n' +
                'const token = new vcrooms.JoinToken("alice", { room: board.id, userName: "Alice" });\n' +
                "const found = vcrooms.getRoomOutput({ room: board.id });\n" +
                "export const urlLength = board.roomUrl.apply((url) => url.length);\n" +
                "export const tokenRoom = token.roomId;\n" +
                "export const foundMax = found.maxParticipants;\n",
        );
        const ours = (steps: Array<{ op: string; type: string; name: string }>) => steps.filter((s) => s.type.startsWith("vcrooms:index:")).map((s) => `${s.op} ${s.type} ${s.name}`).sort();
        const preview = await plugin.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(ours(preview.steps)).toEqual(["create vcrooms:index:JoinToken alice", "create vcrooms:index:Room board"]);
        const up = await plugin.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(await plugin.outputs()).toMatchObject({ urlLength: "https://acme.digitalsamba.com/plugin-board".length, foundMax: 30 });

        // A room made outside Pulumi, imported: upstream's host prints its declaration in the SDK's terms.
        await apiCaller(emulator)("POST", "/rooms", { friendly_url: "plugin-outside", description: "Made by hand", max_participants: 25 });
        const code = path.join(folder, "imported.ts");
        await plugin.must(["import", "vcrooms:index:Room", "outside", "plugin-outside", "--protect=false", "--yes", "--non-interactive", "--out", code]);
        const imported = fs.readFileSync(code, "utf8");
        expect(imported).toContain('import * as vcrooms from "@vcrooms/pulumi";');
        expect(imported).toMatch(/new vcrooms\.Room\("outside", \{[^]*friendlyUrl: "plugin-outside"[^]*maxParticipants: 25[^]*\}\);/);
        // Into the program, less the SDK's import it already has (import declarations may stand anywhere at the top level).
        fs.appendFileSync(path.join(folder, "index.ts"), imported.replace(/^import \* as vcrooms from .*$/gm, ""));
        const quiet = await plugin.preview(["--expect-no-changes"]);
        expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);

        const down = await plugin.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("templates/vcrooms-team: pulumi new makes a project that, with the tarball installed, comes up and goes away", async () => {
        const folder = path.join(installs, "from-template");
        fs.mkdirSync(folder);
        const team = new PulumiProject({ cliDir, folder });
        projects.push(team);
        await team.must(["new", path.join(ROOT, "templates/vcrooms-team"), "--generate-only", "--yes", "--force", "--name", "my-rooms", "--description", "Our rooms"]);
        expect(JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).name).toBe("my-rooms");
        execFileSync("npm", ["install", tarball, ...NPM_INSTALL_FLAGS], { cwd: folder, stdio: "pipe", timeout: 300_000 });
        await team.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        await expectPlan(team, ["create all-hands", "create defaults", "create standup"]);
        const up = await team.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(Object.keys(await team.outputs()).sort()).toEqual(["allHandsUrl", "standupUrl"]);
        expect((await team.up(["--expect-no-changes"])).code).toBe(0);
        const down = await team.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });
});
