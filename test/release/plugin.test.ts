/**
 * The release build of the plugin (scripts/release-plugin.mjs, docs/release.md): every platform's archive, built once
 * per run (test/support/release.ts: this machine's for every file that runs it, the others' for this file) as `npm run
 * release:plugin` builds them, holds the plugin's executable in its platform's format; this
 * machine's (linux-amd64) serves the same plugin as the package folder, at the package's version, with no Node.js and
 * no node_modules anywhere near it, and Pulumi installs it with `pulumi plugin install --file` and runs a program on it.
 *
 * The first build fetches the five Node.js binaries from the npm registry (about 200 MB, cached in
 * ~/.cache/pulumi-vcrooms/node); the build itself prints how long it took.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locateCli, ROOT } from "../../harness/pulumiCli";
import { useEmulator } from "../support/emulator";
import { HOST_PLATFORM, releasePlugin, releasePluginPlatforms } from "../support/release";

const run = promisify(execFile);
const version = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const NAME = "pulumi-resource-vcrooms";

/** What each platform's executable must be, as its header says. */
const FORMATS: Record<string, string> = {
    "linux-amd64": "ELF x86-64",
    "linux-arm64": "ELF aarch64",
    "darwin-amd64": "Mach-O x86_64",
    "darwin-arm64": "Mach-O arm64",
    "windows-amd64": "PE x64",
};

/** An executable's format from its first bytes: ELF's e_machine, Mach-O's cputype, PE's machine. */
export function executableFormat(bytes: Buffer): string {
    if (bytes.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46])) && bytes[4] === 2 && bytes[5] === 1) {
        const machine = bytes.readUInt16LE(0x12);
        return machine === 0x3e ? "ELF x86-64" : machine === 0xb7 ? "ELF aarch64" : `ELF machine ${machine}`;
    }
    if (bytes.readUInt32LE(0) === 0xfeedfacf) {
        const cpu = bytes.readUInt32LE(4);
        return cpu === 0x01000007 ? "Mach-O x86_64" : cpu === 0x0100000c ? "Mach-O arm64" : `Mach-O cputype ${cpu}`;
    }
    if (bytes.toString("latin1", 0, 2) === "MZ") {
        const pe = bytes.readUInt32LE(0x3c);
        if (bytes.toString("latin1", pe, pe + 4) === "PE\0\0") {
            const machine = bytes.readUInt16LE(pe + 4);
            return machine === 0x8664 ? "PE x64" : `PE machine ${machine}`;
        }
    }
    return "unknown";
}

/**
 * A Mach-O's code signature as macOS checks it: the CodeDirectory of its LC_CODE_SIGNATURE (flags, identifier) and
 * how many of its SHA-256 page hashes do not match the file's pages.
 */
export function machoSignature(b: Buffer): { flags: number; identifier: string; pages: number; mismatched: number; codeLimit: number } | undefined {
    let offset = 32;
    for (let i = 0; i < b.readUInt32LE(16); i++) {
        if (b.readUInt32LE(offset) === 0x1d) {
            const sig = b.subarray(b.readUInt32LE(offset + 8), b.readUInt32LE(offset + 8) + b.readUInt32LE(offset + 12));
            if (sig.readUInt32BE(0) !== 0xfade0cc0 || sig.readUInt32BE(12) !== 0) throw new Error("the signature does not start with a CodeDirectory");
            const cd = sig.subarray(sig.readUInt32BE(16));
            if (cd.readUInt32BE(0) !== 0xfade0c02 || cd[37] !== 2 || cd[39] !== 12) throw new Error("not a SHA-256, 4 KiB page CodeDirectory");
            const hashOffset = cd.readUInt32BE(16);
            const pages = cd.readUInt32BE(28);
            const codeLimit = cd.readUInt32BE(32);
            let mismatched = 0;
            for (let p = 0; p < pages; p++) {
                const hash = createHash("sha256").update(b.subarray(p * 4096, Math.min((p + 1) * 4096, codeLimit))).digest();
                if (!hash.equals(cd.subarray(hashOffset + p * 32, hashOffset + (p + 1) * 32))) mismatched++;
            }
            const identOffset = cd.readUInt32BE(20);
            return { flags: cd.readUInt32BE(12), identifier: cd.toString("utf8", identOffset, cd.indexOf(0, identOffset)), pages, mismatched, codeLimit };
        }
        offset += b.readUInt32LE(offset + 4);
    }
    return undefined;
}

let out = "";
/** This file's own folder for what it unpacks: the run's release folder is only read. */
let scratch = "";
let archives: Record<string, string> = {};
let buildOutput = "";

beforeAll(() => {
    // The run's build (test/support/release.ts: `node scripts/release-plugin.mjs --products plugin --platforms ...
    // --runs 1`, what `npm run release:plugin` runs after the build; dist/ is built, `npm test` builds first): this
    // machine's archive is the one shared read-only with test/release/programs.test.ts and the examples' README run;
    // the other platforms' are built for this file alone, into the same folder (each build prints its archives last,
    // one per line).
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-release-test-"));
    const host = releasePlugin();
    const others = releasePluginPlatforms(Object.keys(FORMATS).filter((p) => p !== HOST_PLATFORM));
    out = host.dir;
    buildOutput = `${host.stdout.trim()}\n${others.stdout.trim()}`;
    console.log(buildOutput);
    const last = (stdout: string, n: number) => stdout.trim().split("\n").slice(-n);
    archives = Object.fromEntries([...last(host.stdout, 1), ...last(others.stdout, Object.keys(FORMATS).length - 1)].map((file) => [/-v[^-]+-(\w+-\w+)\.tar\.gz$/.exec(file)?.[1] ?? file, file]));
}, 1_800_000);

afterAll(() => {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** The archive's entries as `mode name`, from the system tar (what Pulumi's installer unpacks is a plain tar.gz). */
async function listing(archive: string): Promise<string[]> {
    const { stdout } = await run("tar", ["-tvzf", archive]);
    return stdout
        .trim()
        .split("\n")
        .map((line) => {
            const fields = line.trim().split(/\s+/);
            return `${fields[0]} ${fields[fields.length - 1]}`;
        })
        .sort();
}

async function extract(archive: string, into: string): Promise<void> {
    fs.mkdirSync(into, { recursive: true });
    await run("tar", ["-xzf", archive, "-C", into]);
}

describe("the release archives", () => {
    it("one per platform, named pulumi-resource-vcrooms-v<version>-<os>-<arch>.tar.gz, printed last, one per line; `npm run release:plugin` builds every platform", async () => {
        // The run builds this machine's archive apart from the others': the script's default is still every platform.
        const script = (await import(path.join(ROOT, "scripts", "release-plugin.mjs"))) as { PLATFORMS: Record<string, unknown> };
        expect(Object.keys(script.PLATFORMS).sort()).toEqual(Object.keys(FORMATS).sort());
        expect(Object.keys(archives).sort()).toEqual(Object.keys(FORMATS).sort());
        for (const [platform, file] of Object.entries(archives)) {
            expect(file).toBe(path.join(out, `${NAME}-v${version}-${platform}.tar.gz`));
            expect(fs.existsSync(file)).toBe(true);
        }
        // Sizes and the start time are printed for whoever runs the build.
        expect(buildOutput).toMatch(/linux-amd64 +archive +[\d.]+ MB +executable +[\d.]+ MB +start \d+ ms \(package folder's plugin by node: \d+ ms/);
    });

    it("each holds only its executable (mode 755), LICENSE and README.md, at the top level", async () => {
        for (const [platform, file] of Object.entries(archives)) {
            const exe = platform.startsWith("windows") ? `${NAME}.exe` : NAME;
            expect(await listing(file), platform).toEqual([`-rw-r--r-- LICENSE`, `-rw-r--r-- README.md`, `-rwxr-xr-x ${exe}`].sort());
        }
    });

    it("each executable is its platform's format (ELF, Mach-O, PE) with the plugin injected as its single-executable blob, Mach-O signed ad hoc", async () => {
        for (const [platform, file] of Object.entries(archives)) {
            const dir = path.join(scratch, "formats", platform);
            await extract(file, dir);
            const exe = fs.readFileSync(path.join(dir, platform.startsWith("windows") ? `${NAME}.exe` : NAME));
            expect(executableFormat(exe), platform).toBe(FORMATS[platform]);
            // postject flips Node.js's fuse to `:1` when it injects a blob: the binary then runs the blob, not node.
            expect(exe.includes("NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1"), `${platform} fuse`).toBe(true);
            expect(exe.includes("pulumirpc.ResourceProvider"), `${platform} plugin code`).toBe(true);
            if (platform.startsWith("darwin")) {
                // Apple silicon runs no unsigned code: signed ad hoc, every page of the file up to the signature hashed.
                const signature = machoSignature(exe);
                expect(signature, `${platform} signature`).toMatchObject({ flags: 0x2, identifier: NAME, mismatched: 0 });
                expect(signature!.pages).toBe(Math.ceil(signature!.codeLimit / 4096));
            }
            fs.rmSync(dir, { recursive: true });
        }
    });
});

/* eslint-disable @typescript-eslint/no-require-imports */
const sdkRequire = createRequire(require.resolve("@pulumi/pulumi"));
const grpc = sdkRequire("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
const provrpc = sdkRequire("@pulumi/pulumi/proto/provider_grpc_pb");
const provproto = sdkRequire("@pulumi/pulumi/proto/provider_pb");
const emptyproto = sdkRequire("google-protobuf/google/protobuf/empty_pb");

/** Starts the executable as the engine does (it prints its port first) and gives the port. */
function startPlugin(exe: string, env: NodeJS.ProcessEnv, cwd: string, emulator?: string): Promise<{ child: ChildProcess; port: number }> {
    return new Promise((resolve, reject) => {
        const child = emulator ? spawn(emulator, [exe, "127.0.0.1:1"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] }) : spawn(exe, ["127.0.0.1:1"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
        child.stdout!.on("data", (d: Buffer) => {
            stdout += d.toString();
            const port = /^(\d+)\n/.exec(stdout);
            if (port) resolve({ child, port: Number(port[1]) });
        });
        child.on("error", reject);
        child.on("exit", (code) => reject(new Error(`the plugin exited (${code}) before printing its port: ${stdout}${stderr}`)));
    });
}

function call<T>(client: any, method: string, request: unknown): Promise<T> {
    return new Promise((resolve, reject) => client[method](request, (error: Error | null, response: T) => (error ? reject(error) : resolve(response))));
}

/** An emulator for aarch64 Linux programs, with the aarch64 C library it needs, where the machine has them. */
const QEMU_AARCH64 = ["/usr/bin/qemu-aarch64-static", "/usr/bin/qemu-aarch64"].find((f) => fs.existsSync(f) && fs.existsSync("/lib/ld-linux-aarch64.so.1"));

describe("the linux-arm64 executable", () => {
    it.skipIf(QEMU_AARCH64 === undefined)("serves the plugin at the package's version under qemu-aarch64 (where the machine has it), with no Node.js on PATH", async () => {
        const folder = path.join(scratch, "arm64");
        await extract(archives["linux-arm64"]!, folder);
        const { child, port } = await startPlugin(path.join(folder, NAME), { PATH: folder }, folder, QEMU_AARCH64);
        const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
        try {
            expect((await call<any>(client, "getPluginInfo", new emptyproto.Empty())).getVersion()).toBe(version);
        } finally {
            client.close();
            child.kill();
        }
    });
});

describe("the linux-amd64 executable", () => {
    const env = useEmulator();
    const cli = locateCli();

    it("serves the plugin at the package's version from a folder with no node_modules, with no Node.js on PATH and no HOME, two at once", async () => {
        // A path a user may well have: spaces and non-ASCII.
        const folder = path.join(scratch, "Programme Files", "vcröoms plugin");
        await extract(archives["linux-amd64"]!, folder);
        expect(fs.readdirSync(folder).sort()).toEqual(["LICENSE", "README.md", NAME]);
        const noNode = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-no-node-"));
        const bare = { PATH: noNode, TMPDIR: os.tmpdir() };
        const started = await Promise.all([startPlugin(path.join(folder, NAME), bare, folder), startPlugin(path.join(folder, NAME), bare, noNode)]);
        try {
            expect(started[0].port).not.toBe(started[1].port);
            for (const { port } of started) {
                const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
                try {
                    const info = await call<any>(client, "getPluginInfo", new emptyproto.Empty());
                    expect(info.getVersion()).toBe(version);
                    const schema = JSON.parse((await call<any>(client, "getSchema", new provproto.GetSchemaRequest())).getSchema()) as { name: string; version: string; resources: Record<string, unknown> };
                    expect([schema.name, schema.version]).toEqual(["vcrooms", version]);
                    expect(Object.keys(schema.resources)).toContain("vcrooms:index:Room");
                } finally {
                    client.close();
                }
            }
        } finally {
            for (const { child } of started) child.kill();
            fs.rmSync(noNode, { recursive: true, force: true });
        }
    });

    it("installs with `pulumi plugin install --file` and runs a YAML program (no packages:) that creates and destroys a room", async (ctx) => {
        if ("skip" in cli) return ctx.skip();
        const project = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-release-yaml-"));
        try {
            const home = path.join(project, ".pulumi-home");
            fs.mkdirSync(path.join(project, ".backend"));
            // Only the CLI's folder on PATH (its pulumi-language-yaml included): no node anywhere the engine could find one.
            const cliEnv = {
                PATH: cli.dir,
                HOME: project,
                TMPDIR: os.tmpdir(),
                PULUMI_HOME: home,
                PULUMI_BACKEND_URL: `file://${path.join(project, ".backend")}`,
                PULUMI_CONFIG_PASSPHRASE: "release-test",
                PULUMI_SKIP_UPDATE_CHECK: "true",
                PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
                NO_COLOR: "1",
            };
            const pulumi = (args: string[]) => run(path.join(cli.dir, "pulumi"), args, { cwd: project, env: cliEnv, maxBuffer: 16 << 20 });
            await pulumi(["plugin", "install", "resource", "vcrooms", version, "--file", archives["linux-amd64"]!]);
            expect(fs.readdirSync(path.join(home, "plugins", `resource-vcrooms-v${version}`)).sort()).toEqual(["LICENSE", "README.md", NAME]);
            fs.writeFileSync(
                path.join(project, "Pulumi.yaml"),
                ["name: release-check", "runtime: yaml", "resources:", "  room:", "    type: vcrooms:index:Room", "    properties:", "      friendlyUrl: release-check-room", "outputs:", "  roomUrl: ${room.roomUrl}", ""].join("\n"),
            );
            await pulumi(["stack", "init", "dev", "--non-interactive"]);
            await pulumi(["config", "set", "vcrooms:apiUrl", env.emulator.baseUrl]);
            await pulumi(["config", "set", "--secret", "vcrooms:developerKey", env.emulator.developerKey]);
            await pulumi(["up", "--yes", "--non-interactive", "--skip-preview"]);
            const roomsNow = async () => ((await env.api("GET", "/rooms")).body.data as Array<{ friendly_url: string }>).map((r) => r.friendly_url);
            expect(await roomsNow()).toContain("release-check-room");
            const { stdout } = await pulumi(["stack", "output", "roomUrl"]);
            expect(stdout).toContain("release-check-room");
            await pulumi(["destroy", "--yes", "--non-interactive", "--skip-preview"]);
            expect(await roomsNow()).not.toContain("release-check-room");
        } finally {
            fs.rmSync(project, { recursive: true, force: true });
        }
    });
});
