/**
 * The provider as a first-party provider is installed, through the real Pulumi CLI and upstream's language hosts:
 * the linux-amd64 plugin archive (`npm run release:plugin`) installed with `pulumi plugin install resource vcrooms
 * <version> --file <archive>`, and the SDK packages `npm run release:sdks` makes, in folders outside the repository
 * with no package.json and no Node.js project: a Python program whose virtualenv installs only the wheel (beside the
 * pinned `pulumi` from PyPI), a Go program on the Go module (a `replace` to the released folder) and a YAML program
 * with no `packages:`. Each comes up, stays put on a second up, imports a room made outside and goes away, against
 * the emulator. Then what a user gets wrong: no plugin installed, the plugin at another version, two versions.
 *
 * The release's files come from test/support/release.ts (VCROOMS_RELEASE_DIR's, or the run's, each part built once
 * and shared read-only with test/release/plugin.test.ts and the examples' README run).
 * Nothing downloads a plugin (PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION, as every real-CLI suite runs).
 */
import { execFileSync, spawn } from "node:child_process";
import * as readline from "node:readline";
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { locatePythonVenv, PulumiProject, ROOT } from "../../harness/pulumiCli";
import { buildRelease, runQuietly, VERSION, type Release } from "../support/release";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";
import { descendants, killAll, untilGone, untilRequest } from "../support/processes";
import { outsideRepository } from "../cli/install";
import { cli, cliDir, GO_PULUMI_SDK } from "../cli/support";

const python = locatePythonVenv();
const PROGRAMS = path.join(ROOT, "test", "release", "programs");
const GO_MODULE = "github.com/vcrooms/pulumi-vcrooms/sdk/go";

const run = runQuietly;

/** A PULUMI_HOME of its own with the plugin archive installed at each of `versions`, as a user's ~/.pulumi is. */
function pluginHome(archive: string, versions: string[]): string {
    const home = outsideRepository("vcrooms-pulumi-home-");
    for (const version of versions) run(path.join(cliDir, "pulumi"), ["plugin", "install", "resource", "vcrooms", version, "--file", archive], { env: { PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" } });
    return home;
}

/** A program's folder from test/release/programs, copied outside the repository: no package.json, no node_modules. */
function programFolder(language: string): string {
    const dir = outsideRepository(`vcrooms-${language}-`);
    fs.cpSync(path.join(PROGRAMS, language), dir, { recursive: true });
    return dir;
}

/**
 * The Python program with its virtualenv: made over the pinned one (a `.pth` puts its `pulumi` on the path, as the
 * real-CLI suites' Python projects have it), into which pip installs the wheel alone, offline: its requirements
 * (pulumi, parver, semver) must be met by what is there.
 */
function pythonFolder(wheel: string): string {
    if (!("dir" in python)) throw new Error(python.skip);
    const dir = programFolder("python");
    const venv = path.join(dir, "venv");
    const shared = path.join(python.dir, "bin", "python");
    run(shared, ["-m", "venv", "--without-pip", venv]);
    const purelib = (interpreter: string) => run(interpreter, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).trim();
    const own = purelib(path.join(venv, "bin", "python"));
    fs.writeFileSync(path.join(own, "vcrooms-shared.pth"), `${purelib(shared)}\n`);
    run(path.join(venv, "bin", "python"), ["-m", "pip", "install", "--no-index", "--disable-pip-version-check", "--quiet", wheel], { env: { PYTHONDONTWRITEBYTECODE: "1" } });
    // The only distribution in the program's own virtualenv is the wheel.
    expect(fs.readdirSync(own).filter((e) => e.endsWith(".dist-info"))).toEqual([`pulumi_vcrooms-${VERSION}.dist-info`]);
    return dir;
}

/** The Go program, its go.mod requiring the SDK module at the release's version from the released folder. */
function goFolder(goModule: string): string {
    const dir = programFolder("go");
    fs.writeFileSync(path.join(dir, "go.mod"), `module vcrooms-go\n\ngo 1.25\n\nrequire (\n\t${GO_MODULE} v${VERSION}\n\t${GO_PULUMI_SDK}\n)\n\nreplace ${GO_MODULE} => ${goModule}\n`);
    run("go", ["mod", "tidy"], { cwd: dir, env: GO_ENV });
    return dir;
}

const GO_ENV = { GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local" };

/** The SDK's terms in what `pulumi import` prints, per language. */
const IMPORTED: Record<string, RegExp[]> = {
    python: [/import pulumi_vcrooms as vcrooms/, /vcrooms\.Room\("outside",[^]*friendly_url="(\w+)-outside"[^]*max_participants=25/],
    go: [/"github\.com\/vcrooms\/pulumi-vcrooms\/sdk\/go\/vcrooms"/, /vcrooms\.NewRoom\(ctx, "outside", &vcrooms\.RoomArgs\{[^]*FriendlyUrl: +pulumi\.String\("(\w+)-outside"\)[^]*MaxParticipants: +pulumi\.Int\(25\)/],
    yaml: [/type: vcrooms:(index:)?Room/, /friendlyUrl: (\w+)-outside[^]*maxParticipants: 25/],
};

describe.skipIf("skip" in cli || "skip" in python)("the released plugin and SDKs through the real CLI, in folders with no Node.js project", { timeout: 1_800_000 }, () => {
    const projects: PulumiProject[] = [];
    const env = useEmulator({ rateLimit: 0 }, { projects });
    let made: Release;
    let home: string;

    beforeAll(() => {
        made = buildRelease();
        home = pluginHome(made.archive, [VERSION]);
        projects.push({ dispose: () => fs.rmSync(home, { recursive: true, force: true }) } as PulumiProject);
    }, 1_800_000);

    const project = (folder: string, options: { home?: string; env?: Record<string, string> } = {}) => {
        expect(fs.existsSync(path.join(folder, "package.json"))).toBe(false);
        const p = new PulumiProject({ cliDir, folder, env: { PULUMI_HOME: options.home ?? home, ...options.env } });
        projects.push(p);
        return p;
    };
    const rooms = async (prefix: string) => ((await env.api("GET", "/rooms")).body.data as Array<{ friendly_url: string; max_participants: number }>).filter((r) => r.friendly_url.startsWith(`${prefix}-`)).map((r) => r.friendly_url).sort();

    it.each([
        ["python", () => pythonFolder(made.wheel), {}],
        ["go", () => goFolder(made.goModule), GO_ENV],
        ["yaml", () => programFolder("yaml"), {}],
    ] as const)("%s: up, a no-change up, pulumi import of a room made outside, destroy", async (language, folder, extraEnv) => {
        const p = project(folder(), { env: extraEnv });
        await p.init({ "vcrooms:apiUrl": env.emulator.baseUrl }, { "vcrooms:developerKey": env.emulator.developerKey });

        const up = await p.up();
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(up.steps.filter((s) => s.type === "vcrooms:index:Room").map((s) => `${s.op} ${s.name}`)).toEqual(["create standup"]);
        expect(await rooms(language)).toEqual([`${language}-standup`]);
        expect(await p.outputs()).toEqual({ roomUrl: `https://acme.digitalsamba.com/${language}-standup`, foundMax: 12 });
        // The plugin the engine ran is the installed one, at the release's version.
        const plugins = (await p.must(["plugin", "ls", "--json"])).stdout;
        expect(JSON.parse(plugins).map((x: { name: string; version: string }) => `${x.name} ${x.version}`)).toContain(`vcrooms ${VERSION}`);

        const again = await p.up(["--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);

        await env.api("POST", "/rooms", { friendly_url: `${language}-outside`, description: "Made by hand", max_participants: 25 });
        const code = path.join(p.dir, `imported.${language === "python" ? "py" : language}`);
        await p.must(["import", "vcrooms:index:Room", "outside", `${language}-outside`, "--protect=false", "--yes", "--non-interactive", "--out", code]);
        const imported = fs.readFileSync(code, "utf8");
        for (const pattern of IMPORTED[language]!) expect(imported).toMatch(pattern);
        expect((await p.resourceState("outside"))?.outputs).toMatchObject({ friendlyUrl: `${language}-outside`, maxParticipants: 25 });

        const down = await p.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect(await rooms(language)).toEqual([]);
        // Nothing of Node.js was made in the folder.
        expect(fs.readdirSync(p.dir).filter((e) => ["package.json", "node_modules", "package-lock.json"].includes(e))).toEqual([]);
    });

    it("a YAML program with no packages: and no plugin installed fails at preview, at once, naming the plugin and the line of the first resource that needs it", async () => {
        const empty = outsideRepository("vcrooms-pulumi-home-");
        projects.push({ dispose: () => fs.rmSync(empty, { recursive: true, force: true }) } as PulumiProject);
        const p = project(programFolder("yaml"), { home: empty });
        await p.init({ "vcrooms:apiUrl": env.emulator.baseUrl }, { "vcrooms:developerKey": env.emulator.developerKey });
        const started = Date.now();
        const preview = await p.preview();
        expect(preview.code).not.toBe(0);
        const said = preview.diagnostics.map((d) => d.message).join("");
        expect(said).toContain("error resolving type of resource standup");
        expect(said).toContain("no resource plugin 'pulumi-resource-vcrooms' found in the workspace or on your $PATH");
        expect(said).toContain("on Pulumi.yaml line 6");
        // No download was tried (none could succeed: nothing is published); the answer comes within the engine's start.
        expect(Date.now() - started).toBeLessThan(60_000);
        expect(await rooms("yaml")).toEqual([]);
    });

    it("the Python SDK asks for the plugin at its own version: another version installed alone fails naming the one it needs; beside it, the SDK's version is used", async () => {
        const other = "0.0.9";
        const wrong = pluginHome(made.archive, [other]);
        projects.push({ dispose: () => fs.rmSync(wrong, { recursive: true, force: true }) } as PulumiProject);
        const p = project(pythonFolder(made.wheel), { home: wrong });
        await p.init({ "vcrooms:apiUrl": env.emulator.baseUrl }, { "vcrooms:developerKey": env.emulator.developerKey });
        const preview = await p.preview();
        expect(preview.code).not.toBe(0);
        expect(preview.diagnostics.map((d) => d.message).join("")).toContain(`no resource plugin 'pulumi-resource-vcrooms' found in the workspace at version v${VERSION} or on your $PATH from github://api.github.com/vcrooms/pulumi-vcrooms`);
        expect(await rooms("python")).toEqual([]);

        // Both versions installed: the program runs on the SDK's.
        run(path.join(cliDir, "pulumi"), ["plugin", "install", "resource", "vcrooms", VERSION, "--file", made.archive], { env: { PULUMI_HOME: wrong, PULUMI_SKIP_UPDATE_CHECK: "true" } });
        const both = await p.preview();
        expect(both.code, both.stdout + both.stderr).toBe(0);
        expect(both.steps.filter((s) => s.type === "vcrooms:index:Room").map((s) => `${s.op} ${s.name}`)).toEqual(["create standup"]);
    });
    it("the emulator's executable, started with no Node.js on PATH, serves a Python program's up and destroy", async () => {
        const dir = outsideRepository("vcrooms-emulator-exe-");
        projects.push({ dispose: () => fs.rmSync(dir, { recursive: true, force: true }) } as PulumiProject);
        run("tar", ["-xzf", made.emulatorArchive, "-C", dir]);
        expect(fs.readdirSync(dir).sort()).toEqual(["LICENSE", "README.md", "vcrooms-emulator"]);
        const key = "emulator-executable-key-0123456789";
        const child = spawn(path.join(dir, "vcrooms-emulator"), ["--port", "0", "--developer-key", key, "--domain", "exe"], { env: { PATH: "", HOME: dir }, stdio: ["ignore", "pipe", "pipe"] });
        projects.push({ dispose: () => void child.kill() } as PulumiProject);
        const baseUrl = await new Promise<string>((resolve, reject) => {
            readline.createInterface({ input: child.stdout! }).on("line", (line) => {
                const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)$/.exec(line);
                if (m) resolve(m[1]!);
            });
            child.once("exit", (code) => reject(new Error(`the emulator's executable exited (${code}) before listening`)));
        });
        const listed = async () => ((await (await fetch(`${baseUrl}/rooms`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: Array<{ friendly_url: string }> }).data.map((r) => r.friendly_url);

        const p = project(pythonFolder(made.wheel));
        await p.init({ "vcrooms:apiUrl": baseUrl }, { "vcrooms:developerKey": key });
        const up = await p.up();
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(await listed()).toEqual(["python-standup"]);
        expect(await p.outputs()).toMatchObject({ roomUrl: "https://exe.digitalsamba.com/python-standup" });
        const down = await p.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect(await listed()).toEqual([]);
    });

    it("every SDK package has a README: what it manages (each resource kind), how to get the plugin, an example in its language; the wheel's description is it", () => {
        if (!("dir" in python)) throw new Error(python.skip);
        const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "schema.json"), "utf8")) as { resources: Record<string, unknown> };
        const kinds = Object.keys(schema.resources).map((tok) => tok.split(":").pop()!);
        const metadata = run(path.join(python.dir, "bin", "python"), [
            "-c",
            "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.read(next(n for n in z.namelist() if n.endswith('.dist-info/METADATA'))).decode())",
            made.wheel,
        ]);
        const readmes = {
            "the wheel's METADATA": [metadata, "```python"],
            "the npm package's README.md": [run("tar", ["-xOzf", path.join(made.dir, `vcrooms-pulumi-${VERSION}.tgz`), "package/README.md"]), "```typescript"],
            "the Go module's README.md": [fs.readFileSync(path.join(made.goModule, "README.md"), "utf8"), "```go"],
        };
        for (const [where, [text, fence]] of Object.entries(readmes)) {
            expect(text, where).not.toContain("Development Version");
            for (const kind of kinds) expect(text, `${where}: ${kind}`).toContain(`\`${kind}\``);
            expect(text, where).toContain(`pulumi plugin install resource vcrooms ${VERSION} --file pulumi-resource-vcrooms-v${VERSION}-`);
            expect(text, where).toContain(fence);
        }
        expect(metadata).toMatch(/^Description-Content-Type: text\/markdown$/m);
    });

    it("the executable ends when its CLI is killed (SIGKILL), instead of retrying for no one", async () => {
        const folder = outsideRepository("vcrooms-killed-");
        fs.writeFileSync(path.join(folder, "Pulumi.yaml"), JSON.stringify({ name: "vcrooms-killed", runtime: "yaml", resources: { board: { type: "vcrooms:Room", properties: { friendlyUrl: "killed-board" } } } }));
        const p = project(folder);
        await p.init({ "vcrooms:apiUrl": env.emulator.baseUrl }, { "vcrooms:developerKey": env.emulator.developerKey });
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", status: 503, headers: { "retry-after": "40" }, body: { message: "Busy" }, count: 100 });
        const creates = async () => ((await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string; path: string }> }).entries.filter((e) => e.method === "POST" && e.path === "/api/v1/rooms").length;
        const before = await creates();
        const running = p.run(["up", "--yes", "--skip-preview", "--non-interactive"]);
        await untilRequest(async () => (await creates()) > before, running);
        // The CLI is a child of the test's process; the plugin, the engine's child.
        const cliPid = descendants(process.pid).find((x) => path.basename(x.exe) === "pulumi" && x.args.includes("up"))?.pid;
        expect(cliPid, "the CLI's process").toBeDefined();
        const below = descendants(cliPid!);
        const plugins = below.filter((x) => path.basename(x.exe) === "pulumi-resource-vcrooms").map((x) => x.pid);
        expect(plugins.length, "the plugin's processes").toBeGreaterThan(0);
        process.kill(cliPid!, "SIGKILL");
        await running;
        const left = await untilGone(plugins, 20_000);
        // What is left is the test's to end (it started them), after the assertion has seen them.
        killAll([...left, ...below.map((x) => x.pid)]);
        await control(env.emulator, "DELETE", "/faults");
        expect(left, "plugin processes alive 20 s after their CLI was killed").toEqual([]);
    });
});
