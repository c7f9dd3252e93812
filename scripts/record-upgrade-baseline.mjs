#!/usr/bin/env node
// `node scripts/record-upgrade-baseline.mjs [--checkout DIR] [--programs dynamic-ts,plugin-ts,python,go,yaml]`: records, with a
// release's code, one stack per program of test/upgrade/programs/ into test/upgrade/<version>/<program>/, which
// test/upgrade/upgrade.test.ts then upgrades to the current code. See docs/release.md.
//
//   --checkout DIR   a built checkout of the release to record (`git worktree add ../wt-0.2.0 v0.2.0`, then
//                    `npm ci && npm run build` there, or a link to this repository's node_modules when the lock is
//                    the same); default this repository. Its package.json's version names the folder.
//   --programs LIST  the programs to record; default every folder of test/upgrade/programs/.
//
// Needs `npm run build` here (the emulator and the harness run from this repository's dist/: the emulator is not the
// provider, and its --state file is what the recording keeps) and the Pulumi CLI in PULUMI_CLI_DIR; for the python
// program a virtualenv with the pinned pulumi package (PULUMI_PYTHON_VENV, or scripts/pulumi-python's), for the go
// program Go with its module cache holding go.sum's modules. The plugin programs import the SDK that
// harness/upgradeProject.ts generates from the checkout's plugin (TypeScript, Python, Go).
// Each recording holds: the program as it was run; Pulumi.upgrade.yaml (its encryption salt and the developer key,
// encrypted with the harness's fixed test passphrase); stack.json (`pulumi stack export`); team-before.json and
// team.json (the emulator's --state file before the up and after it); recorded.json (what recorded it).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { createRequire } from "node:module";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const require = createRequire(import.meta.url);
const fail = (message) => {
    process.stderr.write(`record-upgrade-baseline: ${message}\n`);
    process.exit(2);
};
for (const built of ["dist/harness/upgradeProject.js", "dist/emulator/index.js"]) {
    if (!fs.existsSync(path.join(root, built))) fail(`${built} is missing: run \`npm run build\` first`);
}
const { PulumiProject } = require(path.join(root, "dist/harness/pulumiCli.js"));
const { prepareUpgradeProject, upgradePrograms, UPGRADE_PROGRAMS_DIR, UPGRADE_STACK } = require(path.join(root, "dist/harness/upgradeProject.js"));
const { generateDeveloperKey, startEmulator } = require(path.join(root, "dist/emulator/index.js"));

let checkout = root;
let programs = upgradePrograms();
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
    if (args[i] === "--checkout" && args[i + 1]) checkout = path.resolve(args[++i]);
    else if (args[i] === "--programs" && args[i + 1]) programs = args[++i].split(",");
    else fail(`unknown argument ${args[i]}; usage: [--checkout DIR] [--programs a,b]`);
}
const cliDir = process.env.PULUMI_CLI_DIR;
if (!cliDir || !fs.existsSync(path.join(cliDir, "pulumi"))) fail("PULUMI_CLI_DIR must name the folder of the Pulumi CLI");
if (!fs.existsSync(path.join(checkout, "dist/provider/plugin/main.js"))) fail(`${checkout} is not built (no dist/provider/plugin/main.js)`);
const version = JSON.parse(fs.readFileSync(path.join(checkout, "package.json"), "utf8")).version;
const cliVersion = execFileSync(path.join(cliDir, "pulumi"), ["version"], { encoding: "utf8" }).trim();

for (const program of programs) {
    const source = path.join(UPGRADE_PROGRAMS_DIR, program);
    if (!fs.existsSync(source)) fail(`no program ${program} in ${UPGRADE_PROGRAMS_DIR}`);
    const target = path.join(root, "test", "upgrade", version, program);
    const started = performance.now();
    const genEnv = { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" };
    const prepared = prepareUpgradeProject(source, checkout, { cliDir, env: genEnv });
    const stateFile = path.join(prepared.dir, ".team.json");
    const developerKey = generateDeveloperKey();
    const emulator = await startEmulator({ state: stateFile, developerKey, rateLimit: 0 });
    const teamBefore = fs.readFileSync(stateFile, "utf8");
    const project = new PulumiProject({ cliDir, folder: prepared.dir, stack: UPGRADE_STACK, name: program, env: { VCROOMS_API_URL: emulator.baseUrl } });
    try {
        await project.init({}, { "vcrooms:developerKey": developerKey });
        const up = await project.run(["up", "--yes", "--non-interactive", "--skip-preview"]);
        if (up.code !== 0) throw new Error(`pulumi up of ${program} failed:\n${up.stdout}\n${up.stderr}`);
        const exported = await project.exportText();
        await emulator.close();
        fs.rmSync(target, { recursive: true, force: true });
        fs.cpSync(source, target, { recursive: true });
        fs.writeFileSync(path.join(target, "stack.json"), exported);
        fs.copyFileSync(path.join(prepared.dir, `Pulumi.${UPGRADE_STACK}.yaml`), path.join(target, `Pulumi.${UPGRADE_STACK}.yaml`));
        fs.writeFileSync(path.join(target, "team-before.json"), teamBefore);
        fs.copyFileSync(stateFile, path.join(target, "team.json"));
        fs.writeFileSync(path.join(target, "recorded.json"), JSON.stringify({ version, program, pulumiCli: cliVersion, recordedAt: new Date().toISOString().slice(0, 10) }, null, 2) + "\n");
        process.stdout.write(`record-upgrade-baseline: ${program} recorded with ${version} into ${path.relative(root, target)} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    } finally {
        await emulator.close().catch(() => undefined);
        project.dispose();
    }
}
