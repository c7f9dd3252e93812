/**
 * Invariant: a crash at any write loses nothing (issue 37 item 3), through the real Pulumi CLI against the emulator.
 *
 * One program of every kind (test/cli/programs/crashEveryKind.ts: a TeamDefaults with a secret consentMessage, a
 * Room with a declared friendly URL and one with a generated one, a JoinToken, a RoomContentPurge), in two faces: the
 * dynamic one, and the plugin one (the same resources registered by the schema's type tokens, as a generated SDK does,
 * run by the repository's `vcrooms` plugin process). Three operations of it are stepped:
 * - up: the program created (program A);
 * - update: program B, which changes a plain setting (the board's description), a secret one (the TeamDefaults'
 *   consentMessage), the TeamDefaults' values (its language), an expiry (the token's, which issues it again) and a
 *   create-only setting (the wall's tags, which replace the wall, and so the purge naming it);
 * - destroy.
 * A clean pass counts each operation's writes from the emulator's request log, so a new kind or a new write is covered
 * without touching this file. Then, for a write N: the emulator stops answering once the Nth write of the operation
 * has reached it (POST /_emulator/crash-point: that write acted on, its answer and everything after it held), and
 * either the CLI (its process group and every process under it, as a CI job's timeout or the OOM killer does) or the
 * provider process alone (the dynamic-provider host, or the plugin; the CLI goes on and ends by itself) is SIGKILLed.
 * The documented recovery follows (docs/assumptions.md, "An up killed midway"): `pulumi cancel --yes` (the file
 * backend's lock a killed CLI left), `pulumi refresh --clear-pending-creates --yes` (the operations left pending),
 * then the operation again (up, or destroy). Afterwards:
 * - the stack is not stuck: those commands succeed, no pending operation is left in the state, and no claim of the
 *   killed processes refuses a resource ("is also declared by");
 * - after an up or an update, the API holds exactly what is declared: each Room once, under the friendly URL its state
 *   has, no other room, and the team the declared defaults;
 * - after the destroy, no room is left and the team holds its values from before the first up.
 * The three operations of one N run as one chain (up at N, recovered; the update at N, recovered; the destroy at N,
 * recovered), so the update starts from a recovered up and the destroy from a recovered update, and a chain costs
 * three crashes for the commands one operation's step would need twice over. An N beyond an operation's writes runs
 * that operation cleanly. A failure names the face, what was killed, the operation, N and its write, and what broke,
 * and never quotes the secrets.
 *
 * What is stepped (cost, issue 42: the file stays within about three minutes on an idle machine, and every pair
 * stepped at every N would be four times the crashes). The two faces run at once, each on an emulator and a project of
 * its own. The CLI killed in the dynamic face steps every N of every operation; each other pair of face and killed
 * process (the CLI in the plugin face, the provider process in each face) steps every sixth N from an offset of its
 * own, 1, 2 and 3 (PAIRS below): one chain each today (the operations write 5, 6 and 3 times), so each of them
 * crashes an up, an update and a destroy, and a pair meets a later N once the writes grow past six. CRASH_EVERY=1
 * steps every N in every pair (a local run after a change to the recovery); CRASH_PAIRS runs some pairs only.
 *
 * One residual window is reported, not failed: a Room whose create was answered but which the killed CLI had not
 * saved yet (another write was in flight then) is made again; docs/assumptions.md says why it is left. One window of
 * the file backend's is recovered by the step docs/assumptions.md adds for it (an empty `.attrs` sidecar removed).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { ROOT, type PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "../cli/support";
import { apiCaller, control } from "../support/http";
import { descendants, killAll, type ProcessInfo } from "../support/processes";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/crashEveryKind.js");
const BOARD_URL = "crash-board";
const SECRET_A = "consent-canary-c9e2: this room records";
const SECRET_B = "consent-canary-7f41: this room records, again";
const SECRETS = [SECRET_A, SECRET_B];

/** A program of the chain: its stack config, and what the team's defaults are once it is up, as the API names them. */
interface Program {
    readonly config: Record<string, string>;
    readonly secret: string;
    readonly declared: Record<string, unknown>;
}
const PROGRAM_A: Program = {
    config: { "test:defaults": JSON.stringify({ language: "de-DE", paletteMode: "dark" }), "test:boardUrl": BOARD_URL, "test:description": "Board", "test:expiresAt": "60", "test:wallTags": JSON.stringify(["crash"]) },
    secret: SECRET_A,
    declared: { language: "de-DE", palette_mode: "dark", consent_message: SECRET_A },
};
const PROGRAM_B: Program = {
    config: { "test:defaults": JSON.stringify({ language: "es-ES", paletteMode: "dark" }), "test:boardUrl": BOARD_URL, "test:description": "Board, moved", "test:expiresAt": "90", "test:wallTags": JSON.stringify(["crash", "moved"]) },
    secret: SECRET_B,
    declared: { language: "es-ES", palette_mode: "dark", consent_message: SECRET_B },
};
/** The TeamDefaults' settings the programs declare, as the API names them. */
const MANAGED = Object.keys(PROGRAM_A.declared);

type FaceName = "dynamic" | "plugin";
type Target = "cli" | "provider";
type Operation = "up" | "update" | "destroy";
const OPERATIONS: readonly Operation[] = ["up", "update", "destroy"];

interface Face {
    readonly name: FaceName;
    readonly plugin: boolean;
    /** The provider process among the processes under the CLI: what a provider-process kill ends. */
    readonly isProvider: (p: ProcessInfo) => boolean;
}
const FACES: readonly Face[] = [
    // The engine runs the dynamic-provider host (`pulumi-resource-pulumi-nodejs`, a script that runs node on the SDK's
    // cmd/dynamic-provider) for every dynamic resource of the deployment.
    { name: "dynamic", plugin: false, isProvider: (p) => p.args.some((a) => a.includes("pulumi-resource-pulumi-nodejs") || a.includes("cmd/dynamic-provider")) },
    // The plugin folder's PulumiPlugin.yaml names the Node.js runtime: its language host runs node on the folder.
    { name: "plugin", plugin: true, isProvider: (p) => p.exe.endsWith("/node") && p.args.some((a) => a === path.join(ROOT, "plugin") || a.includes("provider/plugin/main.js")) },
];

/**
 * Which N each pair of face and killed process steps: every `every`th, from `from` (CRASH_EVERY=1: every N). The
 * other pairs start at 1, 2 and 3: each of those N is a write of all three operations (the destroy makes 3), so each
 * of their chains crashes an up, an update and a destroy.
 */
const PAIRS: ReadonlyArray<{ face: FaceName; target: Target; every: number; from: number }> = [
    { face: "dynamic", target: "cli", every: 1, from: 1 },
    { face: "plugin", target: "cli", every: 6, from: 1 },
    { face: "dynamic", target: "provider", every: 6, from: 2 },
    { face: "plugin", target: "provider", every: 6, from: 3 },
];
const stepped = (pair: (typeof PAIRS)[number], n: number) => process.env.CRASH_EVERY === "1" || (n >= pair.from && (n - pair.from) % pair.every === 0);
/** CRASH_PAIRS="plugin:cli,dynamic:provider" runs those pairs only (a local run after a change to one of them). */
const chosen = (pair: (typeof PAIRS)[number]) => process.env.CRASH_PAIRS === undefined || process.env.CRASH_PAIRS.split(",").includes(`${pair.face}:${pair.target}`);

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
function killTree(pid: number): void {
    const below = descendants(pid).map((p) => p.pid);
    killAll([-pid, pid, ...below]);
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

// The timeout is for a loaded machine only: at a load average of 35 on two cores the dynamic face's chains took 728 s
// in one run and over 900 s in another (a CLI stuck after its provider's death fails at 120 s, not here).
describe.skipIf("skip" in cli)("invariant: a crash at any write of an up, an update or a destroy loses nothing", { timeout: 1_500_000 }, () => {
    const emulators: RunningEmulator[] = [];
    const projects: PulumiProject[] = [];
    afterAll(async () => {
        for (const p of projects) p.dispose();
        for (const e of emulators) await e.close();
    });

    it.concurrent.each(FACES.map((f) => [f.name, f] as const))("%s face: SIGKILL at write N of each operation, the documented recovery, then the API holds what is declared and destroy restores the team", async (_name, face) => {
        if (!PAIRS.some((p) => p.face === face.name && chosen(p))) return;
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
        const faceConfig: Record<string, string> = face.plugin ? { "test:plugin": "true" } : {};

        await ctl("POST", "/reset");
        const original = await teamValues();
        expect(Object.keys(original), "the team's record holds the settings the programs declare").toEqual(MANAGED);
        const project = await projectFor(emulator, { ...faceConfig, ...PROGRAM_A.config }, { program: PROGRAM, plugin: face.plugin, secretConfig: { "test:consentMessage": PROGRAM_A.secret } });
        projects.push(project);
        let current: Program = PROGRAM_A;
        const use = async (program: Program) => {
            if (program !== current) await project.setConfig(program.config, { "test:consentMessage": program.secret });
            current = program;
        };
        const command = (operation: Operation) => (operation === "destroy" ? "destroy" : "up");
        const runClean = (operation: Operation) => (operation === "destroy" ? project.destroy([], { preview: false }) : project.up([], { preview: false }));

        // A clean pass: the writes each operation makes.
        const writes = {} as Record<Operation, string[]>;
        for (const operation of OPERATIONS) {
            await use(operation === "up" ? PROGRAM_A : PROGRAM_B);
            await ctl("DELETE", "/requests");
            const run = await runClean(operation);
            expect(run.code, `${face.name} face, the clean ${operation}: ${errorsOf(run)}`).toBe(0);
            writes[operation] = (await writesLogged()).map(named);
            expect(writes[operation].length, `the ${operation} writes something`).toBeGreaterThan(0);
        }
        expect(await teamValues()).toEqual(original);
        const most = Math.max(...OPERATIONS.map((o) => writes[o].length));
        console.log(`${face.name} face: writes of the up ${writes.up.length}, the update ${writes.update.length}, the destroy ${writes.destroy.length}`);

        const failures: string[] = [];
        const known: string[] = [];
        const upstream: string[] = [];
        let crashes = 0;
        /** The rooms the API holds that the stack's state does not, but the one whose create's answer was held. */
        const unsavedRooms = async (crashedAt: LoggedRequest | undefined) => {
            const saved = new Set(((await project.exportDeployment()).deployment.resources ?? []).filter((r) => String(r.type).endsWith(":Room")).map((r) => r.outputs?.friendlyUrl));
            const made = await apiRooms();
            const heldRoom = crashedAt?.method === "POST" && crashedAt.path === "/api/v1/rooms" ? made.at(-1) : undefined;
            return made.filter((url) => !saved.has(url) && url !== heldRoom);
        };
        /** After a chain that failed, the next starts from a new, empty stack of the same name. */
        const newStack = async () => {
            await project.run(["cancel", "--yes", "--non-interactive"]);
            await project.must(["stack", "rm", "--force", "--yes", "--non-interactive"]);
            current = PROGRAM_A;
            await project.init({ "vcrooms:apiUrl": emulator.baseUrl, ...faceConfig, ...PROGRAM_A.config }, { "vcrooms:developerKey": emulator.developerKey, "test:consentMessage": PROGRAM_A.secret });
        };

        /**
         * The operation killed at its write n, the documented recovery and the operation again, then the checks: true
         * when the chain may go on (the stack usable and the API as declared).
         */
        const crashAndRecover = async (operation: Operation, n: number, target: Target): Promise<boolean> => {
            crashes++;
            await ctl("DELETE", "/requests");
            await ctl("POST", "/crash-point", { afterWrites: n });
            const run = project.start([command(operation), "--yes", "--skip-preview", "--non-interactive"]);
            let ended = false;
            void run.result.then(() => (ended = true));
            while (!ended && !(await ctl("GET", "/crash-point")).reached) await new Promise((r) => setTimeout(r, 50));
            const at = `${face.name} face, the ${target === "cli" ? "CLI" : "provider process"} killed at write ${n} of the ${operation}`;
            expect(ended, `${at}: the ${operation} ended before that write (${writes[operation].join(", ")})`).toBe(false);
            if (target === "cli") {
                killTree(run.child.pid!);
            } else {
                const providers = descendants(run.child.pid!).filter(face.isProvider);
                expect(providers.length, `${at}: no provider process under the CLI: ${shown(descendants(run.child.pid!).map((p) => p.args.join(" ")))}`).toBeGreaterThan(0);
                killAll(providers.map((p) => p.pid));
                // The CLI goes on without its provider and must end by itself: a CLI still running after this long is stuck.
                const ends = await Promise.race([run.result.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 120_000))]);
                if (!ends) {
                    failures.push(`${at}: the CLI did not end within 120 s of its provider's death`);
                    killTree(run.child.pid!);
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
            const state = (await project.exportDeployment()).deployment as { resources?: Array<Record<string, any>>; pending_operations?: unknown[] };
            const pending = state.pending_operations ?? [];
            if (pending.length > 0) failures.push(`${where}: pending operations left after the ${operation} run again: ${shown(pending)}`);
            const rooms = (await apiRooms()).sort();
            const team = await teamValues();
            if (operation === "destroy") {
                if (JSON.stringify(team) !== JSON.stringify(original)) failures.push(`${where}: the destroy left the team's defaults ${shown(team)}, before the first up they were ${shown(original)} (the chain killed its up and update at write ${n} too, where they have one)`);
                if (rooms.length > 0) return fail(`${where}: the destroy left the rooms ${shown(rooms)}`, rooms);
                return true;
            }
            const wall = state.resources?.find((r) => String(r.urn).endsWith("::wall"))?.outputs?.friendlyUrl as string | undefined;
            const declaredRooms = [BOARD_URL, wall ?? "(no wall in the state)"].sort();
            if (JSON.stringify(team) !== JSON.stringify(current.declared)) failures.push(`${where}: the team's defaults after the ${operation} are ${shown(team)}, the program declares ${shown(current.declared)}`);
            if (JSON.stringify(rooms) !== JSON.stringify(declaredRooms)) {
                return fail(`${where}: the API holds the rooms ${shown(rooms)}, the program declares ${shown(declaredRooms)}`, rooms.filter((url) => !declaredRooms.includes(url)));
            }
            return true;
        };

        for (const pair of PAIRS.filter((p) => p.face === face.name && chosen(p))) {
            for (let n = 1; n <= most; n++) {
                if (!stepped(pair, n)) continue;
                await ctl("POST", "/reset");
                let usable = true;
                for (const operation of OPERATIONS) {
                    await use(operation === "up" ? PROGRAM_A : PROGRAM_B);
                    if (n <= writes[operation].length) {
                        usable = await crashAndRecover(operation, n, pair.target);
                    } else {
                        const run = await runClean(operation);
                        usable = run.code === 0 || !failures.push(`${face.name} face, chain ${n}: the clean ${operation} failed: ${errorsOf(run)}`);
                    }
                    if (!usable) break;
                }
                if (!usable) await newStack();
            }
        }
        console.log(`${face.name} face: ${crashes} crash points in ${Math.round((Date.now() - started) / 1000)} s`);
        if (known.length > 0) console.warn(`known residual (a Room created and answered, not yet saved when the CLI was killed):\n${known.join("\n")}`);
        if (upstream.length > 0) console.warn(`the file backend's sidecar window (upstream; recovered by removing the empty file):\n${upstream.join("\n")}`);
        expect(failures).toEqual([]);
    });
});
