/**
 * Invariant: a crash at any write loses nothing (issue 37 item 3), through the real Pulumi CLI against the emulator, in
 * every face and language.
 *
 * One program of every kind (everyKindProgram.ts's renderers, as the preview-equals-up harness runs them: a
 * TeamDefaults with a `consentMessage` made secret in code, a Room with a declared friendly URL and one with a generated
 * one, a JoinToken, a RoomContentPurge naming the generated room by its friendly URL, and the data function getRoom), in
 * five faces at once, each on an emulator and a project of its own (FACES): the dynamic face and the plugin face from
 * JavaScript, and the plugin from Python, Go and Pulumi YAML through their generated SDKs and upstream's hosts. Three
 * operations are stepped:
 * - up: the program created (PROGRAM_A);
 * - update: PROGRAM_B, which changes a plain setting (the board's description), a secret one (the TeamDefaults'
 *   consentMessage), the TeamDefaults' values (its language), an expiry (the token's, which issues it again) and a
 *   create-only setting (the wall's tags, which replace the wall, and so the purge naming it);
 * - destroy.
 * A clean pass counts each operation's writes from the emulator's request log, once per run, in the first face ready
 * (countsOnce), so a new kind or a new write is covered without touching this file. A crash point is an operation and
 * its write N: the emulator stops answering once that write has reached it (POST /_emulator/crash-point: the write
 * acted on, its answer and everything after it held), and either the CLI (its process group and every process under
 * it, as a CI job's timeout or the OOM killer does) or the provider process alone (the dynamic-provider host, or the
 * plugin; the CLI goes on and ends by itself) is SIGKILLed. The documented recovery follows (docs/assumptions.md, "An
 * up killed midway"): `pulumi cancel --yes` (the file backend's lock a killed CLI left), `pulumi refresh
 * --clear-pending-creates --yes` (the operations left pending), then the operation again (up, or destroy). Afterwards:
 * - the stack is not stuck: those commands succeed, no pending operation is left in the state, and no claim of the
 *   killed processes refuses a resource ("is also declared by");
 * - after an up or an update, the API holds exactly what is declared: each Room once, under the friendly URL its state
 *   has, no other room, and the team the declared defaults;
 * - after the destroy, no room is left and the team holds its values from before the first up.
 * A failure names the face, what was killed, the operation, N and its write, and what broke, and never quotes the
 * secrets.
 *
 * Which pair crashes which point (crashPoints.ts; cost, issue 42: every point in every pair would be ten times the
 * crashes). The pairs of face and killed process are dealt the crash points: every point of every operation (the up's
 * 1, 2, ..., then the update's, then the destroy's) goes, in that order, to the next pair round the list of pairs, so
 * each point is crashed exactly once per run, by one pair, and every pair gets one while there are as many points as
 * pairs (today 14 points, 10 pairs). The list alternates faces and killed processes (the CLI in the dynamic face, the
 * provider in the plugin face, the CLI in the Python face, ...), so each kind of kill meets each operation.
 * CRASH_ROTATE=k starts the dealing k pairs on (another assignment); CRASH_EVERY=1 gives every pair every point (a local
 * run after a change to the recovery); CRASH_PAIRS="yaml:cli,go:provider" deals among those pairs only (every point
 * still crashed, in their faces). In a face, chain c crashes, of each operation, the c-th of that operation's points the
 * face was dealt: the up (killed and recovered, or clean), the update, then the destroy, so each starts from a
 * recovered state; a face runs as many chains as it was dealt points of one operation, and a chain's clean destroy is
 * held to the same checks as a recovered one.
 *
 * One residual window is reported, not failed: a Room whose create was answered but which the killed CLI had not
 * saved yet (another write was in flight then) is made again; docs/assumptions.md says why it is left. One window of
 * the file backend's is recovered by the step docs/assumptions.md adds for it (an empty `.attrs` sidecar removed).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { PLUGIN_FOLDER, type PulumiProject } from "../../harness/pulumiCli";
import { toApiName } from "../../provider/model/names";
import { cli, cliDir, programProject, projectFor } from "../cli/support";
import { outsideRepository } from "../cli/install";
import { apiCaller, control } from "../support/http";
import { descendants, killAll, untilCrashPoint, type ProcessInfo } from "../support/processes";
import { goData, javascriptData, javascriptProgram, pythonProgram, yamlProgram, type Declared, type EveryKindProgram } from "./everyKindProgram";
import { goMissing, goProject, writeGoProgram } from "./goProject";
import { pythonMissing, pythonProject } from "./pythonProject";
import { chainsOf, dealt, OPERATIONS, pairsOf, pointName, type Counts, type CrashPoint, type Operation, type Pair } from "./crashPoints";

const BOARD_URL = "crash-board";
const SECRET_A = "consent-canary-c9e2: this room records";
const SECRET_B = "consent-canary-7f41: this room records, again";
const SECRETS = [SECRET_A, SECRET_B];

/** The every-kind program of the chain, with the TeamDefaults' values and the things an update changes as given. */
function crashProgram(p: { language: string; consent: string; description: string; expiresAt: number; wallTags: string[] }): EveryKindProgram {
    const resources: Declared[] = [
        { kind: "teamDefaults", name: "defaults", args: { language: p.language, paletteMode: "dark", consentMessage: { secret: p.consent } } },
        { kind: "room", name: "board", args: { friendlyUrl: BOARD_URL, description: p.description }, dependsOn: ["defaults"] },
        { kind: "room", name: "wall", args: { description: "A room with a generated friendly URL", tags: p.wallTags }, dependsOn: ["defaults"] },
        { kind: "joinToken", name: "guest", args: { room: { ref: "board", output: "id" }, userName: "Guest", expiresAt: p.expiresAt } },
        { kind: "roomContentPurge", name: "wipe", args: { room: { ref: "wall", output: "friendlyUrl" }, kinds: ["chat"] } },
    ];
    return { resources, getRoomOf: "board" };
}
const PROGRAM_A = crashProgram({ language: "de-DE", consent: SECRET_A, description: "Board", expiresAt: 60, wallTags: ["crash"] });
const PROGRAM_B = crashProgram({ language: "es-ES", consent: SECRET_B, description: "Board, moved", expiresAt: 90, wallTags: ["crash", "moved"] });

/** What the team's defaults are once a program is up: its TeamDefaults' settings, as the API names them (secrets as their text). */
function declaredTeam(program: EveryKindProgram): Record<string, unknown> {
    const args = program.resources.find((r) => r.kind === "teamDefaults")!.args;
    return Object.fromEntries(Object.entries(args).map(([k, a]) => [toApiName(k), a !== null && typeof a === "object" && "secret" in a ? a.secret : a]));
}
/** The TeamDefaults' settings the programs declare, as the API names them. */
const MANAGED = Object.keys(declaredTeam(PROGRAM_A));

type FaceName = "dynamic" | "plugin" | "python" | "go" | "yaml";

interface Face {
    readonly name: FaceName;
    /** Why the face cannot run here, or nothing. */
    readonly missing: () => string | undefined;
    /** The face's project, its stack configured for the emulator as a user's is, declaring `program`. */
    readonly project: (emulator: RunningEmulator, program: EveryKindProgram) => Promise<PulumiProject>;
    /** Writes the program of a step into the project (no CLI command). */
    readonly write: (dir: string, program: EveryKindProgram) => void;
    /** The provider process among the processes under the CLI: what a provider-process kill ends. */
    readonly isProvider: (p: ProcessInfo) => boolean;
}

const isNode = (p: ProcessInfo) => /(^|\/)node[^/]*$/.test(p.exe);
const realpath = (file: string) => {
    try {
        return fs.realpathSync(file);
    } catch {
        return file;
    }
};
/** The plugin: the Node.js language host's run-plugin on the plugin folder (PulumiPlugin.yaml names the runtime), by whatever path the project names it. */
const isPlugin = (p: ProcessInfo) => isNode(p) && p.args.some((a) => a.includes("provider/plugin/main.js") || (a.endsWith("plugin") && realpath(a) === realpath(PLUGIN_FOLDER)));

/**
 * A JavaScript face: a compiled-program project (its Node.js processes load the SDK's closure modules on first use:
 * harness/deferClosureModules.ts), whose index.js runs everyKindProgram.ts's JavaScript program written beside it.
 */
const javascriptFace = (name: FaceName, plugin: boolean, isProvider: (p: ProcessInfo) => boolean): Face => ({
    name,
    missing: () => ("skip" in cli ? cli.skip : undefined),
    isProvider,
    async project(emulator, program) {
        const project = programProject({ program: "./everyKind.js", plugin, name: `crash-${name}` });
        fs.writeFileSync(path.join(project.dir, "everyKind.js"), javascriptProgram(plugin));
        this.write(project.dir, program);
        return project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
    },
    write: (dir, program) => fs.writeFileSync(path.join(dir, "program.json"), javascriptData(program, plugin)),
});

const FACES: readonly Face[] = [
    // The engine runs the dynamic-provider host (`pulumi-resource-pulumi-nodejs`, a script that runs node on the SDK's
    // cmd/dynamic-provider) for every dynamic resource of the deployment.
    javascriptFace("dynamic", false, (p) => p.args.some((a) => a.includes("pulumi-resource-pulumi-nodejs") || a.includes("cmd/dynamic-provider"))),
    javascriptFace("plugin", true, isPlugin),
    {
        name: "python",
        missing: () => ("skip" in cli ? cli.skip : pythonMissing()),
        isProvider: isPlugin,
        project: (emulator, program) => pythonProject("crash-python", emulator, { "__main__.py": pythonProgram(program) }),
        write: (dir, program) => fs.writeFileSync(path.join(dir, "__main__.py"), pythonProgram(program)),
    },
    {
        name: "go",
        missing: goMissing,
        isProvider: isPlugin,
        project: (emulator, program) => goProject("vcrooms-crash-go", emulator, goData(program)),
        write: (dir, program) => writeGoProgram(dir, goData(program)),
    },
    {
        name: "yaml",
        missing: () => ("skip" in cli ? cli.skip : fs.existsSync(path.join(cliDir, "pulumi-language-yaml")) ? undefined : `no pulumi-language-yaml in ${cliDir}`),
        isProvider: isPlugin,
        async project(emulator, program) {
            const folder = outsideRepository("vcrooms-crash-yaml-");
            this.write(folder, program);
            return projectFor(emulator, {}, { folder });
        },
        write: (dir, program) => fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgram("crash-yaml", program, PLUGIN_FOLDER)),
    },
];

// ---- what a run shows ---------------------------------------------------------------------------------------------

interface LoggedRequest {
    method: string;
    path: string;
    status: number;
}
const isWrite = (e: LoggedRequest) => e.path.startsWith("/api/v1") && e.method !== "GET" && e.method !== "HEAD";
const named = (e: LoggedRequest | undefined) => (e ? `${e.method} ${e.path}` : "?");

/**
 * The metadata sidecars (`*.attrs`) the file backend left empty. Pulumi's file backend stores through gocloud's fileblob,
 * which renames a checkpoint into place (a kill leaves the old or the new one whole) but writes the checkpoint's sidecar
 * in place: a SIGKILL between its truncation and its write leaves it empty, and every later command on the stack fails
 * with "failed to load checkpoint: EOF".
 */
function emptySidecars(dir: string): string[] {
    return (fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[])
        .map((entry) => path.join(dir, entry))
        .filter((file) => file.endsWith(".attrs") && fs.statSync(file).isFile() && fs.statSync(file).size === 0);
}

/**
 * SIGKILL of the CLI's process group, and of every process under it (the language host, the program, the plugins, which
 * run in process groups of their own), found by parentage before any of them dies and is re-parented.
 */
function killTree(pid: number, below: readonly ProcessInfo[]): void {
    killAll([-pid, pid, ...new Set([...below, ...descendants(pid)].map((p) => p.pid))]);
}

/** What a failure message may show: values with the secrets named, never quoted (a test's output is a channel too). */
const shown = (value: unknown) => SECRETS.reduce((text, secret, i) => text.replaceAll(secret, `[secret ${"AB"[i]}]`), typeof value === "string" ? value : JSON.stringify(value));
/** The first error lines of a run: the error events' messages of `--json` output, and plain lines naming an error. */
function errorsOf(run: { stdout: string; stderr: string }): string {
    const lines = (run.stdout + "\n" + run.stderr).split("\n").flatMap((line) => {
        if (line.startsWith("{")) return line.includes('"severity":"error"') ? [String(JSON.parse(line).diagnosticEvent?.message ?? line).trim()] : [];
        return /error/i.test(line) ? [line.trim()] : [];
    });
    return shown(lines.slice(0, 3).join(" | "));
}
/** A claim of a resource refused because another (a killed process's, say) holds it: the words of the Room's check. */
const CLAIM_REFUSED = "is also declared by";

/** CRASH_PAIRS="plugin:cli,yaml:provider" deals among those pairs only (a local run after a change to one of them). */
const chosen = (pair: Pair<FaceName>) => process.env.CRASH_PAIRS === undefined || process.env.CRASH_PAIRS.split(",").includes(`${pair.face}:${pair.target}`);
const PAIRS = pairsOf(FACES.map((f) => f.name)).filter(chosen);
const RUN_FACES = FACES.filter((f) => PAIRS.some((p) => p.face === f.name));

/** The faces that run here (under CI a missing one fails instead, and its points go unrun: the run fails anyway). */
const ACTIVE = RUN_FACES.filter((f) => f.missing() === undefined || process.env.CI);

/**
 * The writes of each operation, counted once per run by the clean pass of the first face ready to run one, and held
 * by every face: the faces write alike (the provider makes every write; a program, whatever its language, declares,
 * it does not write), which each face checks as it goes (each crash point it was dealt is reached, and each operation
 * it runs clean in a chain makes as many writes). Should the counting face fail before it has counted, the next face
 * to ask counts.
 */
let counting: Promise<{ face: FaceName; writes: Record<Operation, string[]> }> | undefined;
async function countsOnce(face: FaceName, cleanPass: () => Promise<Record<Operation, string[]>>): Promise<{ face: FaceName; writes: Record<Operation, string[]> }> {
    for (;;) {
        if (counting === undefined) {
            const mine = cleanPass().then((writes) => ({ face, writes }));
            counting = mine.catch((error: unknown) => {
                counting = undefined;
                throw error;
            });
            // Awaited by the faces waiting for the counts, if any: none waiting is no unhandled rejection of its own.
            counting.catch(() => undefined);
            return mine;
        }
        try {
            return await counting;
        } catch {
            // The counting face failed (its own test says why): this one counts, unless another already does.
        }
    }
}

// The timeout is for a loaded machine only (a CLI stuck after its provider's death fails at 120 s, not here).
describe.skipIf("skip" in cli)("invariant: a crash at any write of an up, an update or a destroy loses nothing, in every face and language", { timeout: 1_500_000 }, () => {
    const emulators: RunningEmulator[] = [];
    const projects: PulumiProject[] = [];
    afterAll(async () => {
        for (const p of projects) p.dispose();
        for (const e of emulators) await e.close();
    });

    it.concurrent.each(RUN_FACES.map((f) => [f.name, f] as const))("%s face: SIGKILL at each write dealt to it, the documented recovery, then the API holds what is declared and destroy restores the team", async (_name, face) => {
        const why = face.missing();
        if (why !== undefined) {
            if (process.env.CI) throw new Error(`${face.name} must run under CI: ${why}`);
            console.warn(`${face.name} face skipped: ${why}`);
            return;
        }
        await crashFace(face, emulators, projects);
    });
});

/** A face's chains of the points dealt to it (the first face ready counts the writes first). */
async function crashFace(face: Face, emulators: RunningEmulator[], projects: PulumiProject[]): Promise<void> {
    const started = Date.now();
    const emulator = await startEmulator({ rateLimit: 0 });
    emulators.push(emulator);
    const api = apiCaller(emulator);
    const ctl = (method: string, where: string, body?: unknown) => control(emulator, method, where, body);
    const teamValues = async () => {
        const record = (await api("GET", "/")).body as Record<string, unknown>;
        return Object.fromEntries(MANAGED.map((k) => [k, record[k]]));
    };
    const apiRooms = async () => ((await ctl("GET", "/state")).rooms as Array<{ friendly_url: string }>).map((r) => r.friendly_url);
    const writesLogged = async (): Promise<LoggedRequest[]> => ((await ctl("GET", "/requests")).entries as LoggedRequest[]).filter(isWrite);

    await ctl("POST", "/reset");
    const original = await teamValues();
    expect(Object.keys(original), "the team's record holds the settings the programs declare").toEqual(MANAGED);
    const project = await face.project(emulator, PROGRAM_A);
    projects.push(project);
    let current = PROGRAM_A;
    const use = (program: EveryKindProgram) => {
        if (program !== current) face.write(project.dir, program);
        current = program;
    };
    const programOf = (operation: Operation) => (operation === "up" ? PROGRAM_A : PROGRAM_B);
    const command = (operation: Operation) => (operation === "destroy" ? "destroy" : "up");
    const runClean = (operation: Operation) => (operation === "destroy" ? project.destroy([], { preview: false }) : project.up([], { preview: false }));

    // The run's counts: a clean pass of each operation, in the first face ready (or the counts it made).
    const counted = await countsOnce(face.name, async () => {
        const writes = {} as Record<Operation, string[]>;
        for (const operation of OPERATIONS) {
            use(programOf(operation));
            await ctl("DELETE", "/requests");
            const run = await runClean(operation);
            expect(run.code, `${face.name} face, the clean ${operation}: ${errorsOf(run)}`).toBe(0);
            writes[operation] = (await writesLogged()).map(named);
            expect(writes[operation].length, `the ${operation} writes something`).toBeGreaterThan(0);
        }
        expect(await teamValues()).toEqual(original);
        console.log(`writes counted in the ${face.name} face: the up ${writes.up.join(", ")}; the update ${writes.update.join(", ")}; the destroy ${writes.destroy.join(", ")}`);
        return writes;
    });
    const writes = counted.writes;
    const counts: Counts = { up: writes.up.length, update: writes.update.length, destroy: writes.destroy.length };
    const pairs = PAIRS.filter((p) => ACTIVE.some((f) => f.name === p.face));
    const points = dealt(pairs, new Map(ACTIVE.map((f) => [f.name, counts])), { rotate: Number(process.env.CRASH_ROTATE ?? 0), every: process.env.CRASH_EVERY === "1" }).get(face.name) ?? [];
    console.log(`${face.name} face: dealt ${points.map(pointName).join(", ") || "none"}`);

    const failures: string[] = [];
    const known: string[] = [];
    const upstream: string[] = [];
    /** The rooms the API holds that the stack's state does not, but the one whose create's answer was held. */
    const unsavedRooms = async (crashedAt: LoggedRequest | undefined) => {
        const saved = new Set((project.savedDeployment().resources ?? []).filter((r) => String(r.type).endsWith(":Room")).map((r) => r.outputs?.friendlyUrl));
        const made = await apiRooms();
        const heldRoom = crashedAt?.method === "POST" && crashedAt.path === "/api/v1/rooms" ? made.at(-1) : undefined;
        return made.filter((url) => !saved.has(url) && url !== heldRoom);
    };
    /** After a chain that failed, the next starts from a new, empty stack of the same name. */
    const newStack = async () => {
        await project.run(["cancel", "--yes", "--non-interactive"]);
        await project.must(["stack", "rm", "--force", "--yes", "--non-interactive"]);
        use(PROGRAM_A);
        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
    };

    /**
     * The operation killed at its write n, the documented recovery and the operation again, then the checks: true
     * when the chain may go on (the stack usable and the API as declared).
     */
    const crashAndRecover = async ({ operation, n, target }: CrashPoint, chainText: string): Promise<boolean> => {
        await ctl("DELETE", "/requests");
        const { run, reached, below } = await untilCrashPoint(project, emulator, n, command(operation));
        const at = `${face.name} face, the ${target === "cli" ? "CLI" : "provider process"} killed at write ${n} of the ${operation}`;
        expect(reached, `${at}: the ${operation} ended before that write (the ${counted.face} face's ${operation} made ${writes[operation].join(", ")})`).toBe(true);
        if (target === "cli") {
            killTree(run.child.pid!, below);
        } else {
            const providers = below.filter(face.isProvider);
            expect(providers.length, `${at}: no provider process under the CLI: ${shown(below.map((p) => p.args.join(" ")))}`).toBeGreaterThan(0);
            killAll(providers.map((p) => p.pid));
            // The CLI goes on without its provider and must end by itself: a CLI still running after this long is stuck.
            const ends = await Promise.race([run.result.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 120_000))]);
            if (!ends) {
                failures.push(`${at}: the CLI did not end within 120 s of its provider's death`);
                killTree(run.child.pid!, below);
            }
        }
        const result = await run.result;
        await ctl("DELETE", "/crash-point");
        const crashedAt = (await writesLogged())[n - 1];
        const where = `${at} (${named(crashedAt)})`;

        // The documented recovery: the lock a killed CLI left (a CLI that ended by itself released it), the
        // interrupted operations it left (the next up would keep pending creates, and warn at every run), then the
        // operation again.
        if (target === "cli") {
            const cancelled = await project.run(["cancel", "--yes", "--non-interactive"]);
            const emptied = emptySidecars(path.join(project.dir, ".backend"));
            if (emptied.length > 0) {
                // The file backend's own window (docs/assumptions.md): the kill landed between the truncation and the
                // write of a checkpoint's metadata sidecar. The checkpoint itself is whole; the documented step
                // removes the empty sidecar, and the recovery goes on from there.
                upstream.push(`${where}: the file backend left ${emptied.map((f) => path.basename(f)).join(", ")} empty`);
                for (const file of emptied) fs.rmSync(file);
                if (cancelled.code !== 0) {
                    const again = await project.run(["cancel", "--yes", "--non-interactive"]);
                    if (again.code !== 0) return !failures.push(`${where}: pulumi cancel, once the empty sidecar is removed, failed: ${errorsOf(again)}`);
                }
            } else if (cancelled.code !== 0) {
                return !failures.push(`${where}: pulumi cancel failed: ${errorsOf(cancelled)}`);
            }
        } else if (result.code === 0) {
            failures.push(`${where}: the ${operation} succeeded although its provider was killed`);
        }
        // Rooms whose create was answered but which the killed CLI had not saved yet (the one residual window,
        // docs/assumptions.md): a failure about those alone is reported as known, not as a failure.
        // A provider killed alone answers no create the CLI does not save: only a killed CLI leaves that window.
        const unsaved = target === "cli" ? await unsavedRooms(crashedAt) : [];
        const fail = (text: string, rooms: string[] = []) => !(rooms.length > 0 && rooms.every((r) => unsaved.includes(r)) ? known : failures).push(text);

        const refreshed = await project.refresh(["--clear-pending-creates"], { preview: false });
        if (refreshed.code !== 0) return fail(`${where}: pulumi refresh --clear-pending-creates failed: ${errorsOf(refreshed)}`);
        const again = await runClean(operation);
        const output = refreshed.stdout + refreshed.stderr + again.stdout + again.stderr;
        if (output.includes(CLAIM_REFUSED)) failures.push(`${where}: a stale claim refused a resource: ${errorsOf({ stdout: output, stderr: "" })}`);
        if (again.code !== 0) {
            const taken = unsaved.filter((url) => output.includes(`friendly URL ${url}): friendlyUrl: The friendly url has already been taken`));
            return fail(`${where}: the ${operation} run again failed: ${errorsOf(again)}`, taken);
        }
        const state = project.savedDeployment();
        const pending = state.pending_operations ?? [];
        if (pending.length > 0) failures.push(`${where}: pending operations left after the ${operation} run again: ${shown(pending)}`);
        const rooms = (await apiRooms()).sort();
        const team = await teamValues();
        if (operation === "destroy") {
            if (JSON.stringify(team) !== JSON.stringify(original)) failures.push(`${where}: the destroy left the team's defaults ${shown(team)}, before the first up they were ${shown(original)} (${chainText})`);
            if (rooms.length > 0) return fail(`${where}: the destroy left the rooms ${shown(rooms)}`, rooms);
            return true;
        }
        const wall = state.resources?.find((r) => String(r.urn).endsWith("::wall"))?.outputs?.friendlyUrl as string | undefined;
        const declaredRooms = [BOARD_URL, wall ?? "(no wall in the state)"].sort();
        const declared = declaredTeam(current);
        if (JSON.stringify(team) !== JSON.stringify(declared)) failures.push(`${where}: the team's defaults after the ${operation} are ${shown(team)}, the program declares ${shown(declared)}`);
        if (JSON.stringify(rooms) !== JSON.stringify(declaredRooms)) {
            return fail(`${where}: the API holds the rooms ${shown(rooms)}, the program declares ${shown(declaredRooms)}`, rooms.filter((url) => !declaredRooms.includes(url)));
        }
        return true;
    };

    const chains = chainsOf(points);
    for (const [c, chain] of chains.entries()) {
        const chainText = `chain ${c + 1}, crashing ${Object.values(chain).map(pointName).join(", ")}`;
        await ctl("POST", "/reset");
        let usable = true;
        for (const operation of OPERATIONS) {
            use(programOf(operation));
            const point = chain[operation];
            if (point) {
                usable = await crashAndRecover(point, chainText);
            } else {
                await ctl("DELETE", "/requests");
                const run = await runClean(operation);
                usable = run.code === 0 || !failures.push(`${face.name} face, ${chainText}: the clean ${operation} failed: ${errorsOf(run)}`);
                const made = (await writesLogged()).map(named);
                if (usable && made.length !== writes[operation].length) {
                    failures.push(`${face.name} face, ${chainText}: the clean ${operation} made the writes ${made.join(", ")}, the ${counted.face} face's ${writes[operation].join(", ")}: the faces write otherwise, and the points were dealt by the ${counted.face} face's`);
                }
            }
            if (!usable) break;
            // A clean destroy after a crashed up or update: still no room left, and the team's values from before the first up.
            if (!point && operation === "destroy") {
                const [team, rooms] = [await teamValues(), await apiRooms()];
                if (JSON.stringify(team) !== JSON.stringify(original)) failures.push(`${face.name} face, ${chainText}: the destroy left the team's defaults ${shown(team)}, before the first up they were ${shown(original)}`);
                if (rooms.length > 0) failures.push(`${face.name} face, ${chainText}: the destroy left the rooms ${shown(rooms)}`);
            }
        }
        if (!usable) await newStack();
    }
    console.log(`${face.name} face: ${points.length} crash points in ${chains.length} chains, ${Math.round((Date.now() - started) / 1000)} s`);
    if (known.length > 0) console.warn(`known residual (a Room created and answered, not yet saved when the CLI was killed):\n${known.join("\n")}`);
    if (upstream.length > 0) console.warn(`the file backend's sidecar window (upstream; recovered by removing the empty file):\n${upstream.join("\n")}`);
    expect(failures).toEqual([]);
}
