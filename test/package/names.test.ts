/**
 * The names users write stay put: they are written here once, as 0.1.0 documented them, and each is checked
 * against what the code does with it. A rename (of the plugin folder, an SDK package, a command, a flag, a config
 * key or an environment variable) fails here, naming what moved. The old plugin path, the package's root, is held
 * by test/upgrade/pluginSource.test.ts through the real CLI.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import * as yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../harness/pulumiCli";
import { optionsFromStack, resolveClientConfig } from "../../provider/api";

/** What 0.1.0's documentation tells users to write. */
const NAMES = {
    npmPackage: "pulumi-vcrooms",
    pluginFolder: "./node_modules/pulumi-vcrooms/plugin",
    pluginName: "vcrooms",
    typescriptSdk: "@vcrooms/pulumi",
    pythonSdk: "pulumi_vcrooms",
    goModule: "github.com/vcrooms/pulumi-vcrooms/sdk/go/vcrooms",
    archive: (version: string, platform: string) => `pulumi-resource-vcrooms-v${version}-${platform}.tar.gz`,
    platforms: ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64"],
    entryPoints: [".", "./provider", "./emulator"],
    commands: {
        "pulumi-vcrooms-emulator": ["--host", "127.0.0.1", "--port", "0", "--team-id", "3e1d0c2b-4a59-4f68-8776-a5b4c3d2e1f0", "--developer-key", "k".repeat(20), "--domain", "acme", "--rate-limit", "0", "--rate-limit-model", "window", "--latency-ms", "0", "--profile", "contract", "--log"],
        "pulumi-vcrooms": ["adopt-team", "--out", "-", "--filter", "a*", "--skip-stack", "stack.json", "--stack", "dev"],
    } as Record<string, string[]>,
    stackConfig: { "vcrooms:apiUrl": "http://127.0.0.1:1/api/v1", "vcrooms:developerKey": "d".repeat(24), "vcrooms:teamId": "3e1d0c2b-4a59-4f68-8776-a5b4c3d2e1f0", "vcrooms:auth": "basic", "vcrooms:requestsPerMinute": "60" },
    environment: { VCROOMS_API_URL: "http://127.0.0.1:2/api/v1", VCROOMS_DEVELOPER_KEY: "e".repeat(24), VCROOMS_TEAM_ID: "0d6e0c2b-4a59-4f68-8776-a5b4c3d2e1f0", VCROOMS_AUTH: "basic" },
};

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "schema.json"), "utf8"));

describe("the names users write", () => {
    it("the npm package, its entry points and its plugin folder (PulumiPlugin.yaml named vcrooms, shipped)", () => {
        expect(manifest.name).toBe(NAMES.npmPackage);
        for (const entry of NAMES.entryPoints) expect(Object.keys(manifest.exports), entry).toContain(entry);
        const folder = path.join(ROOT, NAMES.pluginFolder.replace("./node_modules/pulumi-vcrooms/", ""));
        const plugin = yaml.load(fs.readFileSync(path.join(folder, "PulumiPlugin.yaml"), "utf8")) as { name: string };
        expect(plugin.name).toBe(NAMES.pluginName);
        expect(manifest.files, "package.json files ships the plugin folder").toContain(path.basename(folder));
        expect(fs.existsSync(path.resolve(folder, JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).main)), "the plugin folder's main is built").toBe(true);
    });

    it("the plugin name and the SDK packages the schema generates", () => {
        expect(schema.name).toBe(NAMES.pluginName);
        expect(schema.language.nodejs.packageName).toBe(NAMES.typescriptSdk);
        expect(schema.language.python.packageName).toBe(NAMES.pythonSdk);
        expect(schema.language.go.importBasePath).toBe(NAMES.goModule);
    });

    it("the release archives, one per platform", async () => {
        const release = (await import(pathToFileURL(path.join(ROOT, "scripts", "release-plugin.mjs")).href)) as { PLATFORMS: Record<string, unknown>; PRODUCTS: Record<string, { name: string }> };
        expect(Object.keys(release.PLATFORMS)).toEqual(NAMES.platforms);
        const text = fs.readFileSync(path.join(ROOT, "scripts", "release-plugin.mjs"), "utf8");
        // The archive's name as the script writes it, with this version and a platform: the plugin product's name.
        const template = /`\$\{product\.name\}-v\$\{version\}-\$\{platform\}\.tar\.gz`/.test(text) && release.PRODUCTS.plugin?.name;
        expect(template && `${template}-v${manifest.version}-linux-amd64.tar.gz`).toBe(NAMES.archive(manifest.version, "linux-amd64"));
    });

    it("the commands and every documented flag (each taken by the command's strict parser, with --help)", () => {
        for (const [command, flags] of Object.entries(NAMES.commands)) {
            expect(manifest.bin, command).toHaveProperty(command);
            const out = execFileSync(process.execPath, [path.join(ROOT, manifest.bin[command]), ...flags, "--help"], { encoding: "utf8", stdio: "pipe" });
            expect(out, command).toMatch(/^Usage: /);
            for (const flag of flags.filter((f) => f.startsWith("--"))) expect(out, `${command} ${flag} in its usage`).toContain(flag);
        }
    });

    it("the stack-config keys and the environment variables the provider reads", () => {
        expect(Object.keys(schema.config.variables).map((k) => `vcrooms:${k}`).sort()).toEqual(Object.keys(NAMES.stackConfig).sort());
        const config = { get: (key: string) => (NAMES.stackConfig as Record<string, string>)[key] };
        const fromStack = resolveClientConfig(optionsFromStack(config), {});
        expect([fromStack.apiUrl, fromStack.developerKey, fromStack.teamId, fromStack.auth, fromStack.requestsPerMinute]).toEqual([
            NAMES.stackConfig["vcrooms:apiUrl"], NAMES.stackConfig["vcrooms:developerKey"], NAMES.stackConfig["vcrooms:teamId"], "basic", 60,
        ]);
        const fromEnvironment = resolveClientConfig({}, NAMES.environment);
        expect([fromEnvironment.apiUrl, fromEnvironment.developerKey, fromEnvironment.teamId, fromEnvironment.auth]).toEqual(Object.values(NAMES.environment));
    });
});
