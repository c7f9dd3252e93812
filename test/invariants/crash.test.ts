/**
 * Invariant: a crash at any write loses nothing (issue 37 item 3), through the real Pulumi CLI against the emulator.
 *
 * One program of every kind (test/cli/programs/crashEveryKind.ts: a TeamDefaults with a secret consentMessage, a
 * Room with a declared friendly URL and one with a generated one, a JoinToken, a RoomContentPurge). A clean `up`
 * counts the writes the program makes, from the emulator's request log, so a new kind or a new write is covered
 * without touching this file. Then, for each N of those writes: the emulator stops answering once the Nth write has
 * reached it (POST /_emulator/crash-point: that write acted on, its answer and everything after it held), the CLI's
 * process group and every process under it are SIGKILLed (as a CI job's timeout or the OOM killer does), and the
 * documented recovery runs (docs/assumptions.md, "An up killed midway"): `pulumi cancel --yes` (the file backend's
 * lock the killed CLI left), `pulumi refresh --clear-pending-creates --yes` (the operations it left pending), then
 * `pulumi up`. Afterwards:
 * - the stack is not stuck: that up and the destroy after it succeed, and no pending operation is left in the state;
 * - the API holds exactly what is declared: each Room once, under the friendly URL its state has, and no other room;
 * - the TeamDefaults' destroy puts back the team's values from before the first up.
 * One residual window is reported, not failed: a Room whose create was answered but which the killed CLI had not
 * saved yet (another write was in flight then) is made again; docs/assumptions.md says why it is left. One window of
 * the file backend's is recovered by the step docs/assumptions.md adds for it (an empty `.attrs` sidecar removed).
 *
 * Cost: N steps over the writes of an `up` only (one crash, cancel, refresh, up and destroy each); an update's and a
 * destroy's writes are not stepped, to keep the file within three minutes on an idle machine.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator";
import { ROOT, type PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor } from "../cli/support";
import { descendants, killAll } from "../support/processes";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/crashEveryKind.js");
const BOARD_URL = "crash-board";
const SECRET = "consent-canary-c9e2: this room records";
const CONFIG = { "test:defaults": JSON.stringify({ language: "de-DE", paletteMode: "dark" }), "test:boardUrl": BOARD_URL };
/** The TeamDefaults' settings the program declares, as the API names them. */
const MANAGED = ["language", "palette_mode", "consent_message"] as const;
const projects: PulumiProject[] = [];

interface LoggedRequest {
    method: string;
    path: string;
    status: number;
}

const isWrite = (e: LoggedRequest) => e.path.startsWith("/api/v1") && e.method !== "GET" && e.method !== "HEAD";

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

describe.skipIf("skip" in cli)("invariant: a crash at any write of an up loses nothing", { timeout: 900_000 }, () => {
    const env = useEmulator({ rateLimit: 0 }, { projects });
    const teamValues = async () => {
        const record = (await env.api("GET", "/")).body as Record<string, unknown>;
        return Object.fromEntries(MANAGED.map((k) => [k, record[k]]));
    };
    const roomUrls = async () => ((await env.control("GET", "/state")).rooms as Array<{ friendly_url: string }>).map((r) => r.friendly_url).sort();
    const log = async (): Promise<LoggedRequest[]> => (await env.control("GET", "/requests")).entries;
    const must = (what: string, run: { code: number; stdout: string; stderr: string }) => expect(run.code, `${what}:\n${run.stdout}\n${run.stderr}`).toBe(0);
    /** What a failure message may show: values with the secret named, never quoted (a test's output is a channel too). */
    const shown = (value: unknown) => JSON.stringify(value).replaceAll(SECRET, "[the secret]");
    const errorsOf = (run: { stdout: string; stderr: string }) => shown((run.stdout + run.stderr).split("\n").filter((l) => /error/i.test(l)).slice(0, 3).join(" | "));

    it("for each write N of an up: SIGKILL when it arrives, cancel, up: the API holds what is declared, and destroy restores the team", async () => {
        await env.control("POST", "/reset");
        const original = await teamValues();
        const declared = { language: "de-DE", palette_mode: "dark", consent_message: SECRET };
        const project = await projectFor(env.emulator, CONFIG, { program: PROGRAM, secretConfig: { "test:consentMessage": SECRET } });
        projects.push(project);
        /** After a step that failed, the next N starts from a new, empty stack of the same name. */
        const newStack = async () => {
            await project.run(["cancel", "--yes", "--non-interactive"]);
            await project.must(["stack", "rm", "--force", "--yes", "--non-interactive"]);
            await project.init({ "vcrooms:apiUrl": env.emulator.baseUrl, ...CONFIG }, { "vcrooms:developerKey": env.emulator.developerKey, "test:consentMessage": SECRET });
        };

        // A clean run: the writes an up of the program makes.
        must("the clean up", await project.up([], { preview: false }));
        const writes = (await log()).filter(isWrite).map((e) => `${e.method} ${e.path}`);
        expect(writes.length, "the program writes something").toBeGreaterThan(0);
        must("the clean destroy", await project.destroy([], { preview: false }));
        expect(await teamValues()).toEqual(original);

        const failures: string[] = [];
        const known: string[] = [];
        const upstream: string[] = [];
        for (let n = 1; n <= writes.length; n++) {
            await env.control("POST", "/reset");
            await env.control("POST", "/crash-point", { afterWrites: n });
            const run = project.start(["up", "--yes", "--skip-preview", "--non-interactive"]);
            let ended = false;
            void run.result.then(() => (ended = true));
            while (!ended && !(await env.control("GET", "/crash-point")).reached) await new Promise((r) => setTimeout(r, 50));
            expect(ended, `the up ended before its write ${n} of ${writes.length} (${writes.join(", ")})`).toBe(false);
            killTree(run.child.pid!);
            await run.result;
            await env.control("DELETE", "/crash-point");
            const crashedAt = (await log()).filter(isWrite)[n - 1];
            const at = `killed at write ${n} (${crashedAt ? `${crashedAt.method} ${crashedAt.path}` : "?"})`;

            // The documented recovery: the lock the killed CLI left, the interrupted operations it left (the next up
            // would keep the pending creates, and warn at every run), then up again.
            const cancelled = await project.run(["cancel", "--yes", "--non-interactive"]);
            const emptied = emptySidecars(path.join(project.dir, ".backend"));
            if (emptied.length > 0) {
                // The file backend's own window (docs/assumptions.md): the kill landed between the truncation and the
                // write of a checkpoint's metadata sidecar. The checkpoint itself is whole; the documented step
                // removes the empty sidecar, and the recovery goes on from there.
                upstream.push(`${at}: the file backend left ${emptied.map((f) => path.basename(f)).join(", ")} empty`);
                for (const file of emptied) fs.rmSync(file);
                if (cancelled.code !== 0) must(`${at}: pulumi cancel, once the empty sidecar is removed`, await project.run(["cancel", "--yes", "--non-interactive"]));
            } else {
                must(`${at}: pulumi cancel`, cancelled);
            }
            // Rooms whose create was answered but which the killed CLI had not saved yet (the one residual window,
            // docs/assumptions.md): a failure about those alone is reported as known, not as a failure.
            const saved = new Set(((await project.exportDeployment()).deployment.resources ?? []).filter((r) => String(r.type).endsWith(":Room")).map((r) => r.outputs?.friendlyUrl));
            const made = ((await env.control("GET", "/state")).rooms as Array<{ friendly_url: string }>).map((r) => r.friendly_url);
            const heldRoom = crashedAt?.method === "POST" && crashedAt.path === "/api/v1/rooms" ? made.at(-1) : undefined;
            const unsaved = made.filter((url) => !saved.has(url) && url !== heldRoom);
            const fail = (text: string, rooms: string[] = []) => (rooms.length > 0 && rooms.every((r) => unsaved.includes(r)) ? known : failures).push(text);
            must(`${at}: pulumi refresh --clear-pending-creates`, await project.refresh(["--clear-pending-creates"], { preview: false }));
            const recovered = await project.up([], { preview: false });
            if (recovered.code !== 0) {
                fail(`${at}: the next up failed: ${errorsOf(recovered)}`, unsaved.filter((url) => (recovered.stdout + recovered.stderr).includes(`friendly URL ${url}): friendlyUrl: The friendly url has already been taken`)));
                await newStack();
                continue;
            }
            const state = (await project.exportDeployment()).deployment as { resources?: Array<Record<string, any>>; pending_operations?: unknown[] };
            if ((state.pending_operations ?? []).length > 0) failures.push(`${at}: pending operations left after the up: ${shown(state.pending_operations)}`);
            const wall = state.resources?.find((r) => String(r.urn).endsWith("::wall"))?.outputs?.friendlyUrl;
            const rooms = await roomUrls();
            if (JSON.stringify(rooms) !== JSON.stringify([BOARD_URL, wall].sort())) {
                fail(`${at}: the API holds the rooms ${shown(rooms)}, the program declares ${shown([BOARD_URL, wall].sort())}`, rooms.filter((url) => url !== BOARD_URL && url !== wall));
            }
            const applied = await teamValues();
            if (JSON.stringify(applied) !== JSON.stringify(declared)) failures.push(`${at}: the team's defaults after the up are ${shown(applied)}`);

            const destroyed = await project.destroy([], { preview: false });
            if (destroyed.code !== 0) {
                failures.push(`${at}: destroy failed: ${errorsOf(destroyed)}`);
                await newStack();
                continue;
            }
            const restored = await teamValues();
            if (JSON.stringify(restored) !== JSON.stringify(original)) failures.push(`${at}: destroy left the team's defaults ${shown(restored)}, before the first up they were ${shown(original)}`);
            const left = await roomUrls();
            if (left.length > 0) fail(`${at}: destroy left the rooms ${shown(left)}`, left);
        }
        if (known.length > 0) console.warn(`known residual (a Room created and answered, not yet saved when the CLI was killed):\n${known.join("\n")}`);
        if (upstream.length > 0) console.warn(`the file backend's sidecar window (upstream; recovered by removing the empty file):\n${upstream.join("\n")}`);
        expect(failures).toEqual([]);
    });
});
