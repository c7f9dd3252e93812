/**
 * Every stack recorded with an earlier release (test/upgrade/<version>/<program>/, by
 * scripts/record-upgrade-baseline.mjs) upgrades quietly to the current code, through the real Pulumi CLI: its
 * exported state imported into a new stack (the recorded encryption salt and the harness's passphrase decrypt its
 * secrets), the emulator started from the recorded team, then `preview`, `refresh`, `preview --refresh` and
 * `up --refresh` with `--expect-no-changes`; the state's outputs after the refresh keep their names and secrecy; one edit (the
 * `description` config) is one in-place update; `destroy` leaves the team as it was before the recording.
 * A change the CHANGELOG's Upgrading section declares (test/upgrade/declaredChanges.ts) is expected instead.
 * One program per face (MOVED) is first pointed at another team (a second emulator, through VCROOMS_API_URL) before
 * any refresh wrote the team record (`__team`): its preview and refresh are refused naming a resource whose state
 * predates the record, and drop nothing; pointed back, the refresh records the team of every kind whose delete reaches
 * the API.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { locatePythonVenv, PulumiProject, ROOT, type JsonStep } from "../../harness/pulumiCli";
import { prepareUpgradeProject, UPGRADE_STACK } from "../../harness/upgradeProject";
import { control } from "../support/http";
import { cli, cliDir, plannedChanges } from "../cli/support";
import { goMissing } from "../invariants/goProject";
import { declaredChanges } from "./declaredChanges";
import { declarations } from "../../provider/declarations";

/** The programs, one per face, whose stack is pointed at another team before its first refresh (the dynamic face, the plugin's). */
const MOVED = new Set(["dynamic-ts", "yaml"]);

const UPGRADE = path.join(ROOT, "test", "upgrade");
const recordings = fs
    .readdirSync(UPGRADE)
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .flatMap((version) =>
        fs
            .readdirSync(path.join(UPGRADE, version), { withFileTypes: true })
            .filter((e) => e.isDirectory() && fs.existsSync(path.join(UPGRADE, version, e.name, "stack.json")))
            .map((e) => ({ version, program: e.name, dir: path.join(UPGRADE, version, e.name) })),
    );

/**
 * Why a recording's language cannot run here (python: no virtualenv; go: no toolchain or no Go host beside the
 * CLI), or nothing; under CI a failure, as the other Python and Go suites have it.
 */
function languageMissing(program: string): string | undefined {
    if ("skip" in cli) return undefined;
    let reason: string | undefined;
    if (program === "python") {
        const python = locatePythonVenv();
        if ("skip" in python) reason = python.skip;
    } else if (program === "go") reason = goMissing();
    if (reason && process.env.CI) throw new Error(`the ${program} recording is required under CI: ${reason}`);
    if (reason) console.warn(`${program} recordings skipped: ${reason}`);
    return reason;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
});

/** What a plan changes, as `<resource> <property>` (or `<resource> create|delete`), the stack's own outputs left out. */
function changesOf(steps: JsonStep[]): string[] {
    const changes: string[] = [];
    for (const step of steps) {
        if (step.op === "same" || step.op === "read" || step.type === "pulumi:pulumi:Stack") continue;
        if (step.op === "create" || step.op === "delete") {
            changes.push(`${step.name} ${step.op}`);
            continue;
        }
        const properties = step.diffs?.length ? step.diffs : step.detailedDiff ? Object.keys(step.detailedDiff) : plannedChanges(step);
        for (const p of properties.length ? properties : ["(unknown)"]) changes.push(`${step.name} ${p.split(/[.[]/)[0]}`);
    }
    return [...new Set(changes)].sort();
}

/** Each resource's outputs as the state keeps them: name to "secret" or the JSON type, by resource name. */
function storedShape(exported: { deployment: { resources?: Array<Record<string, any>> } }): Record<string, Record<string, string>> {
    const shape: Record<string, Record<string, string>> = {};
    for (const r of exported.deployment.resources ?? []) {
        if (!String(r.type).includes("vcrooms")) continue;
        const name = String(r.urn).split("::").pop()!;
        shape[name] = Object.fromEntries(
            Object.entries((r.outputs ?? {}) as Record<string, unknown>).map(([k, v]) => {
                const secret = v !== null && typeof v === "object" && (v as Record<string, unknown>)["4dabf18193072939515e22adb298388d"] === "1b47061264138c4ac30d75fd1eb44270";
                return [k, secret ? "secret" : Array.isArray(v) ? "array" : v === null ? "null" : typeof v];
            }),
        );
    }
    return shape;
}

/** Where two shapes differ, as `<resource> <output>` lines. */
function shapeChanges(before: Record<string, Record<string, string>>, after: Record<string, Record<string, string>>): string[] {
    const changes: string[] = [];
    for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
        const a = before[name] ?? {};
        const b = after[name] ?? {};
        for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) if (a[key] !== b[key]) changes.push(`${name} ${key}`);
    }
    return changes.sort();
}

describe.skipIf("skip" in cli)("recorded stacks upgrade quietly to the current code", { timeout: 600_000 }, () => {
    it("has recordings of every face and language of 0.1.0", () => {
        expect(recordings.filter((r) => r.version === "0.1.0").map((r) => r.program)).toEqual(expect.arrayContaining(["dynamic-ts", "plugin-ts", "python", "go", "yaml"]));
    });

    for (const { version, program, dir } of recordings) {
        it.skipIf(languageMissing(program) !== undefined)(`${version}/${program}: no change on preview, refresh, preview --refresh and up --refresh; an edit updates in place; destroy restores the team`, async () => {
            const declared = declaredChanges(path.join(ROOT, "CHANGELOG.md"), version, program);
            const prepared = prepareUpgradeProject(dir, ROOT, { cliDir, env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" } });
            cleanups.push(() => fs.rmSync(prepared.dir, { recursive: true, force: true }));
            fs.copyFileSync(path.join(dir, `Pulumi.${UPGRADE_STACK}.yaml`), path.join(prepared.dir, `Pulumi.${UPGRADE_STACK}.yaml`));
            const stateFile = path.join(prepared.dir, ".team.json");
            fs.copyFileSync(path.join(dir, "team.json"), stateFile);
            // Started from the recorded team with a key of its own: the stack's key, once decrypted, replaces it.
            const emulator: RunningEmulator = await startEmulator({ state: stateFile, rateLimit: 0 });
            cleanups.push(() => emulator.close());
            const project = new PulumiProject({ cliDir, folder: prepared.dir, stack: UPGRADE_STACK, env: { VCROOMS_API_URL: emulator.baseUrl } });
            await project.must(["stack", "init", UPGRADE_STACK, "--non-interactive"]);
            await project.must(["stack", "import", "--file", path.join(dir, "stack.json")]);
            const developerKey = (await project.must(["config", "get", "vcrooms:developerKey"])).stdout.trim();
            expect(developerKey.length).toBeGreaterThanOrEqual(20);
            await control(emulator, "POST", "/developer-key", { developerKey });

            const where = `${version}/${program} (${path.relative(ROOT, dir)})`;
            const quiet = declared.length === 0 ? ["--expect-no-changes"] : [];
            const preview = await project.preview(quiet);
            expect(changesOf(preview.steps), `${where}: preview with the current code; the CHANGELOG declares ${JSON.stringify(declared)}\n${preview.stderr}`).toEqual(declared);
            expect(preview.code, `${where}: preview\n${preview.stdout}\n${preview.stderr}`).toBe(0);
            if (declared.length > 0) expect((await project.up([], { preview: false })).code, `${where}: up of the declared changes`).toBe(0);

            // Pointed at another team (the same key, another API) before any refresh or update wrote the team record: the
            // preview and the refresh are refused naming a resource whose state predates it; nothing dropped, nothing written there.
            if (MOVED.has(program)) {
                const other: RunningEmulator = await startEmulator({ rateLimit: 0 });
                cleanups.push(() => other.close());
                await control(other, "POST", "/developer-key", { developerKey });
                const urns = async () => ((await project.exportDeployment()).deployment.resources ?? []).map((r) => String(r.urn)).sort();
                const before = await urns();
                const elsewhere = { env: { VCROOMS_API_URL: other.baseUrl } };
                // The refresh first: 0.1.0's provider dropped the rooms there (and read the other team's defaults).
                for (const args of [["refresh", "--yes", "--skip-preview"], ["preview"]]) {
                    const run = await project.run([...args, "--non-interactive"], elsewhere);
                    const shown = run.stdout + run.stderr;
                    expect(run.code, `${where}: ${args[0]} through another team\n${shown}`).not.toBe(0);
                    expect(shown, `${where}: ${args[0]} through another team`).toContain("its state predates the record of the team that made it");
                    expect(shown).not.toContain(developerKey);
                    expect(await urns(), `${where}: the stack after the ${args[0]} through another team`).toEqual(before);
                }
                const written = Object.keys((await control(other, "GET", "/requests")).counts as Record<string, number>).filter((call) => !call.startsWith("GET "));
                expect(written, `${where}: requests that wrote to the other team`).toEqual([]);
            }

            // The preview above showed the plan: the refresh and the up check for changes as they run, without one.
            const refresh = await project.refresh(["--expect-no-changes"], { preview: false });
            expect(refresh.code, `${where}: refresh\n${refresh.stdout}\n${refresh.stderr}`).toBe(0);
            // The refresh records the team of each resource it found, with no change shown: every kind whose delete reaches the API
            // (a secret with the plugin; the dynamic face's refresh can make no new output secret, its first up does).
            const recordedKinds = Object.values(declarations).filter((d) => !d.deleteSendsNothing).map((d) => d.type);
            const unrecorded = ((await project.exportDeployment()).deployment.resources ?? [])
                .filter((r) => recordedKinds.some((type) => String(r.type).endsWith(`:${type}`)) && (r.outputs?.__team === undefined || r.outputs.__team === null))
                .map((r) => String(r.urn));
            expect(unrecorded, `${where}: resources without the team record after the refresh`).toEqual([]);
            const recorded = storedShape(JSON.parse(fs.readFileSync(path.join(dir, "stack.json"), "utf8")));
            const declaredStored = declaredChanges(path.join(ROOT, "CHANGELOG.md"), version, program, "stored");
            // A `- stored:` line of resource `*` declares the output of any resource (one whose program makes it so).
            const isDeclared = (c: string) => declared.includes(c) || declaredStored.some((d) => d === c || (d.startsWith("* ") && c.endsWith(d.slice(1))));
            const stored = shapeChanges(recorded, storedShape(await project.exportDeployment())).filter((c) => !isDeclared(c));
            expect(stored, `${where}: outputs stored otherwise after a refresh (renamed, added, dropped, or secret no longer) than as recorded`).toEqual([]);
            // A refresh and the program in one deployment, as `preview --refresh`, `up --refresh` and the audit run them:
            // the refresh of the recorded state (its inputs hold no URN) and the program's check meet in one provider.
            // The up is this test's up of the recorded stack, so the block costs one preview.
            for (const command of ["preview", "up"] as const) {
                const run = command === "preview" ? await project.preview(["--refresh", "--expect-no-changes"]) : await project.up(["--refresh", "--expect-no-changes"], { preview: false });
                expect(run.code, `${where}: ${command} --refresh\n${run.stdout}\n${run.stderr}`).toBe(0);
            }
            // After the first up, the state is as the CHANGELOG says: each `- stored:` line that names a resource of the
            // recording is seen, and nothing else changed.
            const shapeAfterUp = storedShape(await project.exportDeployment());
            const storedAfterUp = shapeChanges(recorded, shapeAfterUp);
            // The record of each resource's team is a secret by then in every face (the API URL may be secret config).
            expect(Object.keys(shapeAfterUp).filter((name) => shapeAfterUp[name]!.__team !== undefined && shapeAfterUp[name]!.__team !== "secret"), `${where}: team records in clear after the first up`).toEqual([]);
            expect(storedAfterUp.filter((c) => !isDeclared(c)), `${where}: outputs stored otherwise after the first up than as recorded`).toEqual([]);
            const namedStored = declaredStored.filter((d) => d.split(" ")[0]! in recorded);
            expect(namedStored.filter((d) => !storedAfterUp.includes(d)), `${where}: declared in the CHANGELOG's Upgrading section as stored otherwise, not seen after the first up`).toEqual([]);

            // One edit: the declared room's description, an in-place update of that room alone.
            await project.must(["config", "set", "description", "Edited after the upgrade"]);
            const edit = await project.preview();
            expect(changesOf(edit.steps), `${where}: the edit's plan`).toEqual(["declared description"]);
            expect(edit.steps.find((s) => s.name === "declared")?.op).toBe("update");
            const applied = await project.up([], { preview: false });
            expect(applied.code, `${where}: up of the edit\n${applied.stderr}`).toBe(0);
            const rooms = (await control(emulator, "GET", "/state")).rooms as Array<{ friendly_url: string; description: string }>;
            expect(rooms.find((r) => r.friendly_url === `up-${program}-declared`)?.description).toBe("Edited after the upgrade");

            const destroy = await project.destroy([], { preview: false });
            expect(destroy.code, `${where}: destroy\n${destroy.stderr}`).toBe(0);
            const before = JSON.parse(fs.readFileSync(path.join(dir, "team-before.json"), "utf8"));
            const after = JSON.parse(fs.readFileSync(stateFile, "utf8"));
            expect(after.team, `${where}: the team after destroy, against the team before the recording`).toEqual(before.team);
        });
    }
});
