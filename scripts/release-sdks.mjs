#!/usr/bin/env node
// `npm run release:sdks -- [--languages nodejs,python,go] [--out DIR]`: the SDK packages of every language (or those asked for), from schema.json, with Pulumi's own
// generator (`pulumi package gen-sdk`, the CLI in PULUMI_CLI_DIR or else on PATH):
//   <out>/vcrooms-pulumi-<version>.tgz                 the TypeScript SDK, compiled, as `npm pack` makes it (@vcrooms/pulumi)
//   <out>/pulumi_vcrooms-<version>-py3-none-any.whl    the Python SDK (pulumi_vcrooms), built by pip from setup.py
//   <out>/sdk/go/                                      the Go module github.com/vcrooms/pulumi-vcrooms/sdk/go (go.mod, go.sum,
//                                                      vcrooms/), the folder `go get` would fetch from a `sdk/go/v<version>` tag
// The default out is release/ at the repository's root (git-ignored, not in the npm package). Only these files are
// replaced there: the plugin's archives (`npm run release:plugin`) may sit beside them. It prints each one's size and
// the time each language took. Network: the npm registry (the TypeScript SDK's @pulumi/pulumi and its compiler), PyPI
// only if the Python virtualenv is made for the first time, the Go module proxy (`go mod tidy`).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function usage(message) {
    process.stderr.write(`release-sdks: ${message}\nusage: npm run release:sdks -- [--languages nodejs,python,go] [--out DIR]\n`);
    process.exit(2);
}

// `npm run` starts a script in the package's root: a relative --out is the caller's, as the user typed it. INIT_CWD
// is inherited by everything under any npm script, so it names the caller's folder only when npm ran this one.
const callerDir = process.env.npm_lifecycle_event === "release:sdks" && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
let out = path.join(root, "release");
/** The SDKs to build (`--languages python,go`): a Python team needs neither Node.js's nor Go's toolchain for its wheel. */
const LANGUAGES = ["nodejs", "python", "go"];
let languages = LANGUAGES;
const takeLanguages = (value) => {
    languages = value.split(",").map((l) => l.trim()).filter((l) => l !== "");
    const unknown = languages.filter((l) => !LANGUAGES.includes(l));
    if (languages.length === 0 || unknown.length > 0) usage(`--languages takes some of ${LANGUAGES.join(",")}; got ${JSON.stringify(value)}`);
};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
    if (args[i] === "--languages") {
        if (!args[i + 1]) usage("--languages needs a list");
        takeLanguages(args[++i]);
    } else if (args[i].startsWith("--languages=")) takeLanguages(args[i].slice("--languages=".length));
    else if (args[i] === "--out") {
        if (!args[i + 1]) usage("--out needs a folder");
        out = path.resolve(callerDir, args[++i]);
    } else if (args[i].startsWith("--out=")) out = path.resolve(callerDir, args[i].slice("--out=".length));
    else usage(`unknown argument ${args[i]}`);
}

const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const schemaFile = path.join(root, "schema.json");
const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8"));
// schema.json is generated from the declarations and package.json (test/plugin/schema.test.ts): a stale one would
// release SDKs that ask for another plugin version than the one built beside them.
if (schema.version !== manifest.version) {
    usage(`schema.json is for version ${schema.version} but package.json is ${manifest.version}: run \`npm run build\`, then \`UPDATE_SCHEMA=1 npx vitest run test/plugin/schema.test.ts\``);
}
const version = manifest.version;

/**
 * The README of a language's SDK package, what a package index shows: what it manages (the schema's resources and
 * functions, each with the first sentence of its description), how to get the plugin it needs, and a short example.
 * The generator's own is a placeholder ("vcrooms Pulumi Package - Development Version" in a wheel's description).
 */
function sdkReadme(language, schema) {
    const PLUGIN = "pulumi-resource-vcrooms";
    const first = (text = "") => text.split(/(?<=\.)\s/)[0].replace(/\s+/g, " ").trim();
    const short = (tok) => tok.split(":").pop();
    const ts = { resource: (n) => n, fn: (n) => n };
    const names = {
        nodejs: ts,
        python: { resource: (n) => n, fn: (n) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) },
        // Go's generator names a get of a resource's kind Lookup<Kind> (LookupRoom), the others as they are (GetRooms).
        go: { resource: (n) => n, fn: (n) => (`vcrooms:index:${n.replace(/^get/, "")}` in schema.resources ? n.replace(/^get/, "Lookup") : n.replace(/^[a-z]/, (c) => c.toUpperCase())) },
    }[language];
    const install = {
        nodejs: `npm install ${schema.language.nodejs.packageName} @pulumi/pulumi`,
        python: `pip install ${schema.language.python.packageName}`,
        go: `go get ${schema.language.go.importBasePath}`,
    }[language];
    const example = {
        nodejs: [
            "```typescript",
            `import * as vcrooms from "${schema.language.nodejs.packageName}";`,
            "",
            'const board = new vcrooms.Room("board", { friendlyUrl: "board", description: "Quarterly board", maxParticipants: 12 });',
            'const ada = new vcrooms.JoinToken("ada", { room: board.id, userName: "Ada", expiresAt: 60 });',
            "",
            "export const boardUrl = board.roomUrl;",
            "export const adaLink = ada.link;",
            "```",
        ],
        python: [
            "```python",
            "import pulumi",
            `import ${schema.language.python.packageName} as vcrooms`,
            "",
            'board = vcrooms.Room("board", friendly_url="board", description="Quarterly board", max_participants=12)',
            'ada = vcrooms.JoinToken("ada", room=board.id, user_name="Ada", expires_at=60)',
            "",
            'pulumi.export("boardUrl", board.room_url)',
            'pulumi.export("adaLink", ada.link)',
            "```",
        ],
        go: [
            "```go",
            "package main",
            "",
            "import (",
            '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
            `\t"${schema.language.go.importBasePath}"`,
            ")",
            "",
            "func main() {",
            "\tpulumi.Run(func(ctx *pulumi.Context) error {",
            '\t\tboard, err := vcrooms.NewRoom(ctx, "board", &vcrooms.RoomArgs{',
            '\t\t\tFriendlyUrl:     pulumi.String("board"),',
            '\t\t\tDescription:     pulumi.String("Quarterly board"),',
            "\t\t\tMaxParticipants: pulumi.Int(12),",
            "\t\t})",
            "\t\tif err != nil {",
            "\t\t\treturn err",
            "\t\t}",
            '\t\tctx.Export("boardUrl", board.RoomUrl)',
            "\t\treturn nil",
            "\t})",
            "}",
            "```",
        ],
    }[language];
    const list = (entries, name) => Object.entries(entries).map(([tok, spec]) => `- \`${name(short(tok))}\`: ${first(spec.description)}`);
    return [
        `# vcrooms: the Pulumi provider for video-conferencing rooms (${{ nodejs: "TypeScript and JavaScript", python: "Python", go: "Go" }[language]} SDK)`,
        "",
        `${schema.description} Declare a team's rooms, its defaults and participants' join tokens in a Pulumi program; \`pulumi up\` makes the API hold them.`,
        "",
        "## What it manages",
        "",
        "Resources:",
        "",
        ...list(schema.resources, names.resource),
        "",
        "Data functions:",
        "",
        ...list(schema.functions, names.fn),
        "",
        "## Install",
        "",
        "    " + install,
        "",
        `This package is the ${language === "nodejs" ? "TypeScript" : language === "python" ? "Python" : "Go"} SDK only: the resources are managed by the \`vcrooms\` resource plugin, version ${schema.version}, which Pulumi runs beside your program. Install it from the release archive of your platform (no Node.js needed where it runs):`,
        "",
        `    pulumi plugin install resource vcrooms ${schema.version} --file ${PLUGIN}-v${schema.version}-<os>-<arch>.tar.gz`,
        "",
        "(`<os>-<arch>`: linux-amd64, linux-arm64, darwin-amd64, darwin-arm64 or windows-amd64), or name the plugin folder of the npm package `pulumi-vcrooms` in your Pulumi.yaml (`packages: {vcrooms: ./node_modules/pulumi-vcrooms/plugin}`).",
        "",
        "## Configure",
        "",
        "    pulumi config set vcrooms:apiUrl https://<team>.digitalsamba.com/api/v1",
        "    pulumi config set --secret vcrooms:developerKey <developer key>",
        "",
        "(or the environment: `VCROOMS_API_URL`, `VCROOMS_DEVELOPER_KEY`); an explicit `vcrooms` provider takes the same settings.",
        "",
        "## Example",
        "",
        ...example,
        "",
        `Documentation, the emulator to try it without a team, and the source: ${schema.repository}`,
        "",
        `License: ${schema.license ?? "Apache-2.0"}.`,
        "",
    ].join("\n");
}

const cliDir = process.env.PULUMI_CLI_DIR;
const pulumi = cliDir ? path.join(cliDir, "pulumi") : "pulumi";
if (cliDir && !fs.existsSync(pulumi)) usage(`PULUMI_CLI_DIR is ${cliDir}, which has no pulumi in it`);
const run = (file, argv, cwd, env = {}) => execFileSync(file, argv, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });

class Failed extends Error {}

/** Runs a step, prints how long it took, and says which command failed with its own words. */
function step(name, fn) {
    const start = performance.now();
    try {
        const result = fn();
        process.stdout.write(`release-sdks: ${name} in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
        return result;
    } catch (e) {
        if (e.code === "ENOENT") e.message = `${e.path} is not installed or not on PATH${e.path === "pulumi" ? " (or set PULUMI_CLI_DIR to the Pulumi CLI's folder)" : ""}`;
        const detail = [e.stdout, e.stderr].filter(Boolean).join("\n").trim();
        process.stderr.write(`release-sdks: ${name} failed: ${e.message.split("\n")[0]}\n${detail}\n`);
        // Not process.exit: the temporary folder is removed on the way out.
        throw new Failed();
    }
}

const sizeOf = (target) => {
    const stat = fs.statSync(target);
    if (!stat.isDirectory()) return stat.size;
    return fs.readdirSync(target).reduce((sum, entry) => sum + sizeOf(path.join(target, entry)), 0);
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

fs.mkdirSync(out, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-release-sdks-"));
// The generator needs no plugin (it reads the schema file); an own PULUMI_HOME keeps the user's untouched.
const genEnv = { PULUMI_HOME: path.join(work, ".pulumi-home"), PULUMI_SKIP_UPDATE_CHECK: "true" };
const generate = (language) => run(pulumi, ["package", "gen-sdk", schemaFile, "--language", language, "--out", path.join(work, "sdk")], root, genEnv);
const made = [];

try {
    // TypeScript: compiled to bin/ with the generated package's own devDependencies, then packed from bin/ with its
    // package.json, as Pulumi's providers publish their Node.js SDKs.
    if (languages.includes("nodejs")) made.push(step("nodejs SDK", () => {
        generate("nodejs");
        const sdk = path.join(work, "sdk", "nodejs");
        fs.writeFileSync(path.join(sdk, "README.md"), sdkReadme("nodejs", schema));
        run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], sdk);
        run("npm", ["run", "build"], sdk);
        for (const file of ["package.json", "README.md"]) fs.copyFileSync(path.join(sdk, file), path.join(sdk, "bin", file));
        fs.copyFileSync(path.join(root, "LICENSE"), path.join(sdk, "bin", "LICENSE"));
        const name = run("npm", ["pack", "--pack-destination", out, "--loglevel=error"], path.join(sdk, "bin")).trim().split("\n").pop();
        return path.join(out, name);
    }));

    // Python: a pure wheel built by pip from the generated setup.py, with the pinned virtualenv's setuptools and
    // wheel (no build isolation: nothing fetched for the build).
    if (languages.includes("python")) made.push(step("python SDK", () => {
        generate("python");
        const sdk = path.join(work, "sdk", "python");
        // setup.py reads the README beside it for the wheel's description; the generator writes its own inside the package.
        const readme = sdkReadme("python", schema);
        fs.writeFileSync(path.join(sdk, "README.md"), readme);
        const inside = path.join(sdk, schema.language.python.packageName, "README.md");
        if (fs.existsSync(inside)) fs.writeFileSync(inside, readme);
        const venv = process.env.PULUMI_PYTHON_VENV ?? run(path.join(root, "scripts", "pulumi-python"), [], root).trim().split("\n").pop();
        const wheelDir = path.join(work, "wheel");
        run(path.join(venv, "bin", "python"), ["-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--disable-pip-version-check", "--quiet", "--wheel-dir", wheelDir, sdk], root);
        const [wheel] = fs.readdirSync(wheelDir);
        const expected = `pulumi_vcrooms-${version}-py3-none-any.whl`;
        if (wheel !== expected) throw new Error(`pip made ${wheel}, not ${expected}`);
        fs.copyFileSync(path.join(wheelDir, wheel), path.join(out, wheel));
        return path.join(out, wheel);
    }));

    // Go: the module folder with its go.mod (the generator's, `supportPack`) completed by `go mod tidy` (go.sum, the
    // SDK's other requirements), and built once so a module that does not compile is never released.
    if (languages.includes("go")) made.push(step("go SDK", () => {
        generate("go");
        const sdk = path.join(work, "sdk", "go");
        fs.writeFileSync(path.join(sdk, "README.md"), sdkReadme("go", schema));
        const goEnv = { GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local" };
        run("go", ["mod", "tidy"], sdk, goEnv);
        // -trimpath as upstream's Go language host builds programs: the packages compiled here are then in Go's build cache
        // for the first program on the module.
        run("go", ["build", "-trimpath", "./..."], sdk, goEnv);
        const target = path.join(out, "sdk", "go");
        fs.rmSync(target, { recursive: true, force: true });
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.cpSync(sdk, target, { recursive: true });
        // The generator writes some files (go.mod) readable by their owner only: a released folder is everyone's.
        for (const entry of fs.readdirSync(target, { recursive: true, withFileTypes: true })) {
            if (entry.isFile()) fs.chmodSync(path.join(entry.parentPath, entry.name), 0o644);
        }
        return target;
    }));
} catch (e) {
    if (!(e instanceof Failed)) throw e;
    process.exitCode = 1;
} finally {
    fs.rmSync(work, { recursive: true, force: true });
}
if (process.exitCode) process.exit();

const shown = (file) => (path.relative(callerDir, file).startsWith("..") ? file : path.relative(callerDir, file));
for (const file of made) process.stdout.write(`release-sdks: ${shown(file)} ${kib(sizeOf(file))}\n`);
