/**
 * One version everywhere: package.json's version is the one the schema carries, the plugin's GetPluginInfo
 * reports, the three generated SDK packages carry (TypeScript, Python, Go), the archive names the docs write, the
 * template's and the examples' dependency, and the CHANGELOG's newest released entry. `npm run release`'s checks
 * (scripts/release-version.mjs): a version without its dated CHANGELOG entry is refused; SHA256SUMS is written
 * beside the archives.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { locateCli, ROOT } from "../../harness/pulumiCli";

const run = promisify(execFile);
const version: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
const SCRIPT = path.join(ROOT, "scripts", "release-version.mjs");
const temporary: string[] = [];
afterAll(() => temporary.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    temporary.push(dir);
    return dir;
};

/* eslint-disable @typescript-eslint/no-require-imports */
const sdkRequire = createRequire(require.resolve("@pulumi/pulumi"));
const grpc = sdkRequire("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
const provrpc = sdkRequire("@pulumi/pulumi/proto/provider_grpc_pb");
const emptyproto = sdkRequire("google-protobuf/google/protobuf/empty_pb");

/** The version the package folder's plugin (dist/provider/plugin/main.js, as the engine starts it) reports. */
async function pluginInfoVersion(): Promise<string> {
    const child = spawn(process.execPath, [path.join(ROOT, "dist", "provider", "plugin", "main.js"), "127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
        const port = await new Promise<number>((resolve, reject) => {
            let stdout = "";
            child.stdout!.on("data", (d: Buffer) => {
                stdout += d.toString();
                const m = /^(\d+)\n/.exec(stdout);
                if (m) resolve(Number(m[1]));
            });
            child.on("exit", (code) => reject(new Error(`the plugin exited (${code}) before printing its port`)));
        });
        const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
        try {
            return await new Promise<string>((resolve, reject) => client.getPluginInfo(new emptyproto.Empty(), (e: Error | null, info: any) => (e ? reject(e) : resolve(info.getVersion()))));
        } finally {
            client.close();
        }
    } finally {
        child.kill();
    }
}

describe(`one version everywhere (package.json: ${version})`, () => {
    it("schema.json, GetPluginInfo, the template's and the examples' dependency and the CHANGELOG's newest release carry it", async () => {
        expect(JSON.parse(fs.readFileSync(path.join(ROOT, "schema.json"), "utf8")).version, "schema.json").toBe(version);
        expect(await pluginInfoVersion(), "GetPluginInfo").toBe(version);
        const manifests = [path.join(ROOT, "templates", "vcrooms-team", "package.json"), ...fs.readdirSync(path.join(ROOT, "examples")).map((e) => path.join(ROOT, "examples", e, "package.json"))].filter((f) => fs.existsSync(f));
        for (const file of manifests) {
            const wanted = JSON.parse(fs.readFileSync(file, "utf8")).dependencies?.["pulumi-vcrooms"];
            if (wanted === undefined || wanted.startsWith("file:")) continue;
            expect(wanted, path.relative(ROOT, file)).toBe(`^${version}`);
        }
        const released = fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8").split("\n").find((l) => /^## \d+\.\d+\.\d+ /.test(l));
        expect(released, "CHANGELOG.md's newest released entry").toMatch(new RegExp(`^## ${version.replace(/\./g, "\\.")} \\(\\d{4}-\\d{2}-\\d{2}\\)$`));
    });

    it("every archive name and plugin install line of the docs names it", () => {
        const docs = ["README.md", ...fs.readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
        let named = 0;
        for (const doc of docs) {
            const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
            for (const m of text.matchAll(/pulumi-resource-vcrooms-v(\d+\.\d+\.\d+)-|plugin install resource vcrooms (\d+\.\d+\.\d+)/g)) {
                named++;
                expect(m[1] ?? m[2], `${doc}: ${m[0]}`).toBe(version);
            }
        }
        expect(named).toBeGreaterThan(0);
    });

    const cli = locateCli();
    it.skipIf("skip" in cli)("the SDK packages pulumi package gen-sdk makes from schema.json (TypeScript, Python, Go) carry it", async () => {
        const pulumi = path.join((cli as { dir: string }).dir, "pulumi");
        const out = tempDir("vcrooms-version-sdk-");
        const env = { ...process.env, PULUMI_HOME: path.join(out, ".pulumi-home"), PULUMI_SKIP_UPDATE_CHECK: "true" };
        for (const language of ["nodejs", "python", "go"]) {
            await run(pulumi, ["package", "gen-sdk", path.join(ROOT, "schema.json"), "--language", language, "--out", path.join(out, "sdk")], { cwd: out, env });
        }
        const nodejs = JSON.parse(fs.readFileSync(path.join(out, "sdk", "nodejs", "package.json"), "utf8"));
        expect([nodejs.name, nodejs.version, nodejs.pulumi.version]).toEqual(["@vcrooms/pulumi", version, version]);
        const python = path.join(out, "sdk", "python");
        const pyproject = fs.existsSync(path.join(python, "pyproject.toml")) ? fs.readFileSync(path.join(python, "pyproject.toml"), "utf8") : fs.readFileSync(path.join(python, "setup.py"), "utf8");
        // setup.py reads `VERSION = "<version>"` then `version=VERSION`; a pyproject.toml `version = "<version>"`.
        expect(pyproject.match(/(?:VERSION|version)\s*=\s*["']([^"']+)["']/)?.[1], "Python SDK version").toBe(version);
        expect(JSON.parse(fs.readFileSync(path.join(python, "pulumi_vcrooms", "pulumi-plugin.json"), "utf8")).version, "Python pulumi-plugin.json").toBe(version);
        expect(JSON.parse(fs.readFileSync(path.join(out, "sdk", "go", "vcrooms", "pulumi-plugin.json"), "utf8")).version, "Go pulumi-plugin.json").toBe(version);
    });
});

describe("npm run release's version checks", () => {
    /** A folder with a package.json at `at` and the given CHANGELOG. */
    const project = (at: string, changelog: string) => {
        const dir = tempDir("vcrooms-release-check-");
        fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "pulumi-vcrooms", version: at }));
        fs.writeFileSync(path.join(dir, "CHANGELOG.md"), changelog);
        return dir;
    };
    const check = (dir: string) => {
        try {
            return { code: 0, out: execFileSync(process.execPath, [SCRIPT, "check", "--root", dir], { encoding: "utf8", stdio: "pipe" }) };
        } catch (e) {
            const err = e as { status: number; stderr: string };
            return { code: err.status, out: err.stderr };
        }
    };

    it("refuses a version whose CHANGELOG entry is missing, undated, or not the newest; takes a dated newest one", () => {
        const missing = check(project("0.2.0", "# Changelog\n\n## Unreleased\n\n## 0.1.0 (2026-11-28)\n"));
        expect(missing).toEqual({ code: 1, out: expect.stringContaining("CHANGELOG.md has no entry for 0.2.0") });
        expect(check(project("0.2.0", "## 0.2.0 (unreleased)\n\n## 0.1.0 (2026-11-28)\n")).out).toContain("is not dated");
        expect(check(project("0.1.0", "## 0.2.0 (2027-01-01)\n\n## 0.1.0 (2026-11-28)\n")).out).toContain("is not the newest release");
        expect(check(project("0.2.0", "## Unreleased\n\n## 0.2.0 (2027-01-10)\n\n## 0.1.0 (2026-11-28)\n")).code).toBe(0);
        expect(check(ROOT).code, "this repository's own package.json and CHANGELOG").toBe(0);
        const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
        expect(pkg.scripts.release.startsWith("node scripts/release-version.mjs check && ")).toBe(true);
    });

    it("writes SHA256SUMS beside the archives and packages, as sha256sum --check reads it", () => {
        const out = tempDir("vcrooms-release-sums-");
        const files = [`pulumi-resource-vcrooms-v${version}-linux-amd64.tar.gz`, `vcrooms-pulumi-${version}.tgz`, `pulumi_vcrooms-${version}-py3-none-any.whl`];
        for (const [i, f] of files.entries()) fs.writeFileSync(path.join(out, f), `content ${i}`);
        fs.writeFileSync(path.join(out, "notes.txt"), "not released");
        execFileSync(process.execPath, [SCRIPT, "sums", "--out", out], { stdio: "pipe" });
        const expected = [...files].sort().map((f) => `${createHash("sha256").update(fs.readFileSync(path.join(out, f))).digest("hex")}  ${f}`);
        expect(fs.readFileSync(path.join(out, "SHA256SUMS"), "utf8")).toBe(expected.join("\n") + "\n");
        const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
        expect(pkg.scripts.release.endsWith(" && node scripts/release-version.mjs sums")).toBe(true);
    });
});
