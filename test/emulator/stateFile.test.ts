/**
 * The emulator's `--state FILE` (library option `state`): a team kept in a file survives a restart; the file is
 * written after every change (not only at exit), atomically, without the developer key; the bin takes the flag.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { apiCaller, control } from "../support/http";

const CLI = path.resolve(__dirname, "../../dist/emulator/cli.js");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-state-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Everything of the team a client can see: the control API's state, each room's content counts, team statistics. */
async function observed(emulator: RunningEmulator) {
    const api = apiCaller(emulator);
    const state = await control(emulator, "GET", "/state");
    const content = await Promise.all(state.rooms.map((r: { id: string }) => control(emulator, "GET", `/rooms/${r.id}/content`)));
    const statistics = (await api("GET", "/statistics?date_start=2026-01-01&date_end=2026-12-31&metrics=participation_minutes")).body;
    return { state, content, statistics };
}

/** The emulator's bin with `--state file`, once it listens; `stop` ends it with `signal`. */
function runBin(file: string, key: string) {
    return new Promise<{ baseUrl: string; stop: (signal?: NodeJS.Signals) => Promise<number | null> }>((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, "--state", file, "--developer-key", key, "--rate-limit", "0"], { stdio: ["ignore", "pipe", "inherit"] });
        const exited = new Promise<number | null>((done) => child.once("exit", done));
        readline.createInterface({ input: child.stdout! }).on("line", (line) => {
            const m = /^Rooms API emulator listening on (\S+)$/.exec(line);
            if (m) resolve({ baseUrl: m[1]!, stop: (signal = "SIGTERM") => (child.kill(signal), exited) });
        });
        void exited.then((code) => reject(new Error(`exited ${code} before listening`)));
    });
}

/** POST /rooms, and what the state file holds at the moment the answer's first bytes arrive (before its body is read). */
function createAndReadFile(emulator: { baseUrl: string; developerKey: string }, file: string, friendlyUrl: string): Promise<{ status: number; filed: string[] }> {
    return new Promise((resolve, reject) => {
        const body = JSON.stringify({ friendly_url: friendlyUrl });
        const request = http.request(`${emulator.baseUrl}/rooms`, {
            method: "POST",
            headers: { authorization: `Bearer ${emulator.developerKey}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        });
        request.on("response", (response) => {
            const filed = (JSON.parse(fs.readFileSync(file, "utf8")).team.rooms as Array<{ friendly_url: string }>).map((r) => r.friendly_url);
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode ?? 0, filed }));
        });
        request.on("error", reject);
        request.end(body);
    });
}

describe("the emulator's state file", () => {
    it("is kept by one emulator at a time: a second one on the file is refused while the first runs, and starts once it stopped", async () => {
        const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-state-lock-")), "team.json");
        const first = await startEmulator({ state: file, rateLimit: 0 });
        await expect(startEmulator({ state: file, rateLimit: 0 })).rejects.toThrow(`the state file ${file} is kept by another emulator (process ${process.pid}, ${file}.lock)`);
        await first.close();
        const second = await startEmulator({ state: file, rateLimit: 0 });
        await second.close();
        expect(fs.readdirSync(path.dirname(file))).toEqual(["team.json"]);
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });

    it("holds a write before its answer is sent: an emulator killed after answering keeps what it answered", async () => {
        const own = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-state-answered-"));
        const file = path.join(own, "team.json");
        const developerKey = "state-file-answered-key-0123456789";
        // Another process, as a user runs it: the answer leaves it before any hook that runs after sending.
        const emulator = await runBin(file, developerKey);
        try {
            for (let n = 1; n <= 20; n++) {
                const { status, filed } = await createAndReadFile({ baseUrl: emulator.baseUrl, developerKey }, file, `answered-${n}`);
                expect(status).toBe(200);
                expect(filed, `room ${n} answered before the file held it`).toContain(`answered-${n}`);
            }
            // Killed: its lock is left, and taken over by the next emulator, which has every room that was answered.
            await emulator.stop("SIGKILL");
            const restarted = await runBin(file, developerKey);
            const listed = await fetch(`${restarted.baseUrl}/rooms?per_page=100`, { headers: { authorization: `Bearer ${developerKey}` } });
            expect(((await listed.json()) as { data: Array<{ friendly_url: string }> }).data.map((r) => r.friendly_url).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `answered-${i + 1}`).sort());
            await restarted.stop();
        } finally {
            await emulator.stop("SIGKILL");
            fs.rmSync(own, { recursive: true, force: true });
        }
    });

    it("keeps defaults, rooms, content and usage across a restart, written after each change, without the key", async () => {
        const file = path.join(dir, "team.json");
        const key = "state-file-key-0123456789";
        const first = await startEmulator({ state: file, developerKey: key, rateLimit: 0 });
        const api = apiCaller(first);
        expect((await api("PATCH", "/", { palette_mode: "dark", toolbar_position: "left" })).status).toBe(200);
        const board = (await api("POST", "/rooms", { friendly_url: "board", description: "Board", tags: ["ops"], max_participants: 20 })).body;
        const generated = (await api("POST", "/rooms", { description: "no name" })).body;
        await control(first, "POST", `/rooms/${board.id}/content`, { chat: [{}, {}], recordings: 2 });
        await control(first, "POST", "/usage", { room: board.id, date: "2026-11-02", metrics: { participation_minutes: 30 } });
        // Written before any close: an emulator that is killed keeps what it answered.
        const written = JSON.parse(fs.readFileSync(file, "utf8"));
        expect(written.team.rooms.map((r: { friendly_url: string }) => r.friendly_url)).toEqual(["board", generated.friendly_url]);
        expect(written.team.usage).toHaveLength(1);
        const before = await observed(first);
        await first.close();
        expect(fs.readFileSync(file, "utf8")).not.toContain(key);
        expect(fs.readdirSync(dir)).toEqual(["team.json"]);

        const second = await startEmulator({ state: file, developerKey: key, rateLimit: 0 });
        try {
            expect(second.teamId).toBe(first.teamId);
            expect(await observed(second)).toEqual(before);
            // Creation order goes on after the restored rooms: a new room lists after them.
            await apiCaller(second)("POST", "/rooms", { friendly_url: "later" });
            const listed = (await apiCaller(second)("GET", "/rooms?order=asc")).body.data.map((r: { friendly_url: string }) => r.friendly_url);
            expect(listed).toEqual(["board", generated.friendly_url, "later"]);
        } finally {
            await second.close();
        }
        await expect(startEmulator({ state: file, teamId: "3e1d0c2b-4a59-4f68-8776-a5b4c3d2e1f0" })).rejects.toThrow(/holds team .*not the team id given/);
    });

    it("is the bin's --state: a room created through one run is there in the next", async () => {
        const file = path.join(dir, "bin.json");
        const key = "state-file-bin-key-0123456789";
        const run = () => runBin(file, key);
        const call = (baseUrl: string, method: string, p: string, body?: unknown) =>
            fetch(`${baseUrl}${p}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
        const one = await run();
        expect((await call(one.baseUrl, "POST", "/rooms", { friendly_url: "kept" })).status).toBe(200);
        expect(await one.stop()).toBe(0);
        const two = await run();
        try {
            expect((await call(two.baseUrl, "GET", "/rooms/kept")).status).toBe(200);
        } finally {
            await two.stop();
        }
    });
});
