/**
 * Every example's README, run as a user runs it: the blocks it marks as the user's steps (harness/readmeSteps.ts),
 * each way it offers, as written by bash, from an empty folder outside the repository, with only what a user has:
 * `VCROOMS` names a folder standing for their clone, holding the examples' files as git tracks them, the release's
 * files (`release/`, test/support/release.ts) and `npm pack`'s tarball (the run's one pack, test/cli/install.ts); the
 * real Pulumi CLI with upstream's language hosts; the emulator, whose address is put for the README's
 * `http://127.0.0.1:8080/api/v1` (the key is the README's), and the state backend a user logs in to (see
 * userEnvironment). The examples come from the folder: a README that marks
 * steps is run, and every example in Python, Go or YAML must mark both ways (the plugin executable, the package
 * folder). A way passes when every step succeeds, the rooms came up in the emulator and went away again, and the
 * folder holds what that way installs (no Node.js project for the plugin executable).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readmeSteps, README_DEVELOPER_KEY, runSteps } from "../../harness/readmeSteps";
import { ROOT } from "../../harness/pulumiCli";
import { copyExample, outsideRepository, packedTarball } from "../cli/install";
import { cli, cliDir, languageHosts } from "../cli/support";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";
import { buildRelease, VERSION, type Release } from "../support/release";

const EXAMPLES = path.join(ROOT, "examples");
const examples = fs.readdirSync(EXAMPLES).filter((e) => fs.existsSync(path.join(EXAMPLES, e, "README.md"))).sort();
const runtime = (example: string) => {
    const manifest = yaml.load(fs.readFileSync(path.join(EXAMPLES, example, "Pulumi.yaml"), "utf8")) as { runtime: string | { name: string } };
    return typeof manifest.runtime === "string" ? manifest.runtime : manifest.runtime.name;
};
const steps = new Map(examples.map((e) => [e, readmeSteps(fs.readFileSync(path.join(EXAMPLES, e, "README.md"), "utf8"))]));
const marked = examples.filter((e) => steps.get(e)!.size > 0);
const seconds = (ms: number | undefined) => (ms === undefined ? "-" : `${(ms / 1000).toFixed(1)} s`);

describe("the examples' READMEs", () => {
    it("every example in Python, Go or YAML marks its steps both ways: the plugin executable and the package folder", () => {
        const plugins = examples.filter((e) => runtime(e) !== "nodejs");
        expect(plugins.length).toBeGreaterThan(0);
        for (const example of plugins) expect([...steps.get(example)!.keys()].sort(), example).toEqual(["executable", "folder"]);
    });
});

describe.skipIf("skip" in cli)("the examples' READMEs run as written from an empty folder", { timeout: 1_200_000, concurrent: true }, () => {
    let clone: string;
    let release: Release;
    beforeAll(() => {
        console.log(`upstream-hosts: ${languageHosts(cliDir)}`);
        release = buildRelease(["plugin"], ["python", "go"]);
        clone = outsideRepository("vcrooms-clone-");
        // The examples' files as the repository holds them: never an in-place run's node_modules, venv or stacks.
        for (const example of examples) copyExample(example, path.join(clone, "examples"));
        fs.symlinkSync(release.dir, path.join(clone, "release"), "dir");
        fs.symlinkSync(packedTarball(), path.join(clone, `pulumi-vcrooms-${VERSION}.tgz`));
    }, 900_000);
    afterAll(() => {
        if (clone) fs.rmSync(clone, { recursive: true, force: true });
        if (release?.owned) fs.rmSync(release.dir, { recursive: true, force: true });
    });

    for (const example of marked) {
        for (const way of steps.get(example)!.keys()) {
            describe(`${example}, ${way}`, () => {
                // An emulator per way: the ways run at once, under the same room names and each setting the team's defaults.
                const env = useEmulator({ rateLimit: 0, developerKey: README_DEVELOPER_KEY });

                it("every step succeeds, the rooms come up and go away", async () => {
                    const folder = outsideRepository(`vcrooms-${example}-${way}-`);
                    try {
                        const run = await runSteps({ script: steps.get(example)!.get(way)!, folder, clone, apiUrl: env.emulator.baseUrl, cliDir, timeoutMs: 1_100_000 });
                        console.log(`${example}, ${way}: first room after ${seconds(run.firstRoomMs)}, all steps ${seconds(run.totalMs)}`);
                        expect(run.code, run.output.slice(-6000)).toBe(0);
                        const log = (await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string; path: string; status: number }> };
                        expect(log.entries.filter((e) => e.method === "POST" && e.path === "/api/v1/rooms" && e.status < 300).length, "rooms created").toBeGreaterThan(0);
                        expect((await env.api("GET", "/rooms")).body.total_count, "rooms left after the steps").toBe(0);
                        const made = fs.readdirSync(folder);
                        if (way === "executable") expect(made.filter((f) => ["package.json", "node_modules"].includes(f)), "Node.js files").toEqual([]);
                        if (way === "folder") expect(made).toContain("node_modules");
                    } finally {
                        fs.rmSync(folder, { recursive: true, force: true });
                    }
                });
            });
        }
    }
});
