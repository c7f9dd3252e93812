/**
 * A whole team adopted in two commands, through the real Pulumi CLI: `pulumi-vcrooms adopt-team` reads a team of
 * 36 rooms of varied settings from the emulator (one with a non-ASCII friendly URL, three whose names differ only
 * by case or suffix) and writes a `pulumi import --file` document; `pulumi import --file` generates the TypeScript
 * program (through upstream's Node.js host and the plugin's generated SDK); that program, compiled strictly, previews with
 * no change; `--skip-stack` then leaves every room out; a room changed in the API shows as drift on that room alone;
 * run in the project's folder, the command reads the stack's `vcrooms:*` config and leaves out rooms whose creation mark
 * names another stack, naming it. Then, without the Pulumi CLI: a team
 * changing while it is read, names that hold across runs, a room named by its id where a stack holds its friendly URL
 * as a secret, `--out -`, and `--skip-stack` files that are not exports.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { type PulumiProject, ROOT } from "../../harness/pulumiCli";
import { apiCaller } from "../support/http";
import { addGeneratedSdk, cli, compileProgram, installedProject, pluginOps } from "./support";
import { adoptTeam as adoptTeamOf, managedByStack } from "../../cli/adoptTeam";
import { RoomsClient, resolveClientConfig } from "../../provider/api";
import { SECRET_SIG, SECRET_SIG_KEY } from "../../provider/plugin/secrets";

const COMMAND = path.join(ROOT, "dist/cli/main.js");
/**
 * Rooms 0 to 31 hold every setting seededRoom varies (its periods run to 11; room-030 has both role lists) and the
 * 20 sales rooms the filter picks. Each room costs each `pulumi import`, preview and refresh its own reads, checks
 * and diffs (124 rooms took 211 s of a CI run): more rooms prove nothing more here. Reading a team of more than one
 * page, while it changes, is the second describe's (150 rooms, the same command).
 */
const SEEDED = 32;
/** Rooms besides the seeded ones: a non-ASCII friendly URL the API accepts, and names that differ by case or suffix. */
const ODD = ["board", "Board", "board-2", "café-ü"];
const ROOMS = SEEDED + ODD.length;
const RESTREAM_KEY = "live-restream-key-9f3a";

let emulator: RunningEmulator;
let project: PulumiProject;

/** The command as a user runs it: configured by the environment, nothing else of ours; in `cwd` (a fresh folder by default). */
async function adoptTeamAt(target: RunningEmulator, args: string[], cwd = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-team-"))): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { PATH: process.env.PATH ?? "", VCROOMS_API_URL: target.baseUrl, VCROOMS_DEVELOPER_KEY: target.developerKey };
    return promisify(execFile)(process.execPath, [COMMAND, "adopt-team", ...args], { env, cwd }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
}
const adoptTeam = (args: string[]) => adoptTeamAt(emulator, args);

type Entry = { type: string; name: string; id: string };
const entriesOf = (json: string) => (JSON.parse(json) as { resources: Entry[] }).resources;
/** The name adopt-team derives for a friendly URL that is not its own name: readable part, `_`, 8 hex digits of its SHA-256. */
const derivedName = (base: string, friendlyUrl: string) => `${base}_${createHash("sha256").update(friendlyUrl).digest("hex").slice(0, 8)}`;

/** Room i of the seeded team: a friendly URL and settings that vary with i. */
function seededRoom(i: number): Record<string, unknown> {
    const n = String(i).padStart(3, "0");
    return {
        friendly_url: i < 20 ? `sales-${n}` : `room-${n}`,
        privacy: i % 2 ? "private" : "public",
        max_participants: 10 + i,
        ...(i % 3 === 0 ? { description: `Room number ${i}` } : {}),
        ...(i % 5 === 0 ? { tags: ["team-a", `t${i % 3}`] } : {}),
        ...(i % 4 === 0 ? { palette_mode: "light" } : {}),
        ...(i % 7 === 0 ? { recordings_enabled: true } : {}),
        ...(i % 6 === 0 ? { polls_enabled: true } : {}),
        ...(i % 9 === 0 ? { language: "de-DE" } : {}),
        ...(i % 10 === 0 ? { roles: ["moderator", "speaker"], private_group_chat_roles: ["moderator"] } : {}),
        ...(i % 11 === 0 ? { restream_enabled: true, restream_type: "custom", restream_key: RESTREAM_KEY } : {}),
    };
}

describe.skipIf("skip" in cli)("adopt-team through the real Pulumi CLI", { timeout: 900_000 }, () => {
    const projects: PulumiProject[] = [];
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });
    beforeAll(async () => {
        const api = apiCaller(emulator);
        expect((await api("PATCH", "/", { palette_mode: "dark", polls_enabled: false })).status).toBe(200);
        for (let i = 0; i < SEEDED; i++) {
            const created = await api("POST", "/rooms", seededRoom(i));
            expect(created.status, JSON.stringify(created.body)).toBe(200);
        }
        for (const friendly_url of ODD) expect((await api("POST", "/rooms", { friendly_url, description: `The ${friendly_url} room` })).status).toBe(200);
        project = installedProject("adopted-team");
        projects.push(project);
    }, 300_000); // seeding the team's rooms one request at a time

    it("writes an import document for the team, imports it into a generated program that previews with no change, and drift shows", async () => {
        const doc = path.join(project.dir, "team.json");
        const started = Date.now();
        const adopted = await adoptTeam(["--out", doc]);
        const adoptSeconds = (Date.now() - started) / 1000;
        expect(adopted.code, adopted.stderr).toBe(0);
        expect(adopted.stderr).toContain(`adopt-team: ${ROOMS} of the team's ${ROOMS} rooms`);
        const entries = (JSON.parse(fs.readFileSync(doc, "utf8")) as { resources: Array<{ type: string; name: string; id: string }> }).resources;
        expect(entries).toHaveLength(ROOMS);
        expect(new Set(entries.map((e) => e.name)).size).toBe(ROOMS);
        expect(entries.find((e) => e.name === "room-023")).toMatchObject({ type: "vcrooms:index:Room", id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
        // Each name from the room's own friendly URL: itself when plain, else a readable form and a digest of it.
        const idOf = async (friendlyUrl: string) => (await apiCaller(emulator)("GET", `/rooms/${encodeURIComponent(friendlyUrl)}`)).body.id as string;
        const named = Object.fromEntries(entries.map((e) => [e.id, e.name]));
        expect(named[await idOf("board")]).toBe("board");
        expect(named[await idOf("board-2")]).toBe("board-2");
        expect(named[await idOf("Board")]).toBe(derivedName("board", "Board"));
        expect(named[await idOf("café-ü")]).toBe(derivedName("cafe-u", "café-ü"));

        // Only the sales rooms.
        const filtered = await adoptTeam(["--filter", "sales-*"]);
        expect(filtered.code, filtered.stderr).toBe(0);
        expect((JSON.parse(filtered.stdout) as { resources: unknown[] }).resources).toHaveLength(20);
        expect(filtered.stderr).toContain(`left out: ${ROOMS - 20} not matching --filter`);

        // The plugin's SDK in the project, then the import, which generates the program.
        await addGeneratedSdk(project);
        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        const importStarted = Date.now();
        const imported = await project.run(["import", "--file", doc, "--yes", "--non-interactive", "--out", path.join(project.dir, "index.ts")]);
        const importSeconds = (Date.now() - importStarted) / 1000;
        expect(imported.code, imported.stdout + imported.stderr).toBe(0);
        // The non-ASCII room's inputs pass check: the engine does not call the import a bug of the provider.
        expect(imported.stdout + imported.stderr).not.toMatch(/almost certainly a bug|failed to validate/i);
        const code = fs.readFileSync(path.join(project.dir, "index.ts"), "utf8");
        expect(code.match(/new vcrooms\.Room\(/g)).toHaveLength(ROOMS);
        // Each room declares its friendly URL, what differs from the team's defaults and its room-only settings
        // that are on; what equals the team's defaults is left to them; secrets never.
        const declaration = (name: string) => new RegExp(`new vcrooms\\.Room\\("${name}", \\{([^}]*)\\}`).exec(code)?.[1] ?? "";
        expect(declaration("room-024")).toMatch(/description: "Room number 24"/);
        // Closed sets of strings are enum types in the schema, so the generated program names the enum's member.
        expect(declaration("room-024")).toMatch(/paletteMode: vcrooms\.PaletteMode\.Light/);
        expect(declaration("room-024")).toMatch(/pollsEnabled: true/);
        expect(declaration("room-023")).toMatch(/friendlyUrl: "room-023"[^]*maxParticipants: 33|maxParticipants: 33[^]*friendlyUrl: "room-023"/);
        expect(declaration("room-023")).toMatch(/privacy: vcrooms\.Privacy\.Private/);
        expect(declaration("room-023")).not.toMatch(/paletteMode|pollsEnabled|chatEnabled/);
        expect(code).toContain('friendlyUrl: "café-ü"');
        // Role settings are written as the role names users write, privateGroupChatRoles too (it reads back as ids).
        expect(declaration("room-030")).toMatch(/privateGroupChatRoles: \["moderator"\]/);
        expect(code).not.toContain(RESTREAM_KEY);
        expect(code).not.toContain("restreamKey");
        compileProgram(project);

        const preview = await project.preview(["--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(preview.steps.filter((s) => s.op !== "same")).toEqual([]);
        console.log(`adopt-team of ${ROOMS} rooms: ${adoptSeconds.toFixed(1)} s; pulumi import --file: ${importSeconds.toFixed(1)} s`);

        // Rooms the stack already manages are left out.
        const exported = path.join(project.dir, "stack.json");
        fs.writeFileSync(exported, await project.exportText());
        const again = await adoptTeam(["--skip-stack", exported]);
        expect(again.code, again.stderr).toBe(0);
        expect((JSON.parse(again.stdout) as { resources: unknown[] }).resources).toEqual([]);
        expect(again.stderr).toContain(`left out: ${ROOMS} already in the stack`);

        // A change made in the API shows as drift, on that room alone.
        expect((await apiCaller(emulator)("PATCH", "/rooms/room-025", { max_participants: 99 })).status).toBe(200);
        const drift = await project.preview(["--refresh"]);
        expect(drift.code, drift.stdout + drift.stderr).toBe(0);
        expect(pluginOps(drift.steps, { changes: true })).toEqual(["update Room room-025"]);
    });

    it("run in the project's folder, reads the stack's vcrooms:* config (the key a secret there) and its state, leaving out the rooms it manages, and prints no secret", async () => {
        // The project's environment has no VCROOMS_* variable: the API URL and the key come from the stack alone.
        // Every room of the team is the stack's now (imported above): importing one again would give it a second
        // resource, so none is written unless --include-managed.
        const read = await project.runFile(process.execPath, [COMMAND, "adopt-team", "--out", "-"]);
        expect(read.code, read.stderr).toBe(0);
        expect(entriesOf(read.stdout)).toHaveLength(0);
        expect(read.stderr).toContain(`adopt-team: 0 of the team's ${ROOMS} rooms (left out: ${ROOMS} already in the stack)`);
        const all = await project.runFile(process.execPath, [COMMAND, "adopt-team", "--out", "-", "--include-managed"]);
        expect(all.code, all.stderr).toBe(0);
        expect(entriesOf(all.stdout)).toHaveLength(ROOMS);
        expect(read.stdout + read.stderr + all.stdout + all.stderr).not.toContain(emulator.developerKey);
        // A stack named on the command line that does not exist is an error naming it (still no secret).
        const missing = await project.runFile(process.execPath, [COMMAND, "adopt-team", "--stack", "no-such-stack"]);
        expect(missing.code).toBe(1);
        expect(missing.stderr).toContain('cannot read the config of stack "no-such-stack"');
        expect(missing.stdout + missing.stderr).not.toContain(emulator.developerKey);
        // A misspelt key is refused as the provider refuses it, not ignored for the environment.
        await project.must(["config", "set", "vcrooms:apiURL", emulator.baseUrl]);
        const typo = await project.runFile(process.execPath, [COMMAND, "adopt-team"]);
        await project.must(["config", "rm", "vcrooms:apiURL"]);
        expect(typo.code).toBe(1);
        expect(typo.stderr).toContain("pulumi-vcrooms: the stack's config: apiURL is not a setting of the vcrooms provider (did you mean apiUrl?)");
        // A wrong passphrase: the stack's config cannot be read, a note says why, and without VCROOMS_* the command
        // fails naming what is missing; the key is never printed.
        const wrong = await project.runFile(process.execPath, [COMMAND, "adopt-team"], { env: { PULUMI_CONFIG_PASSPHRASE: "not-the-passphrase" } });
        expect(wrong.code).toBe(1);
        expect(wrong.stderr).toContain("adopt-team: the current stack's vcrooms:* config was not read (pulumi config: ");
        expect(wrong.stderr).toContain("pulumi-vcrooms: No API URL");
        expect(wrong.stdout + wrong.stderr).not.toContain(emulator.developerKey);

        // Rooms Rooms of this provider made, by their creation marks: one naming another stack is that stack's (left
        // out, named with its stack and the hand-over, as \`pulumi import\` refuses it); one naming no stack (0.1.0's)
        // or this stack (a Room it dropped from its state) is offered.
        const api = apiCaller(emulator);
        const marks = { other: `pulumi-vcrooms:${"a".repeat(24)}@other-project/prod`, old: `pulumi-vcrooms:${"b".repeat(24)}`, own: `pulumi-vcrooms:${"c".repeat(24)}@adopted-team/${project.stack}` };
        const made: Record<string, string> = {};
        for (const [kind, external_id] of Object.entries(marks)) made[kind] = (await api("POST", "/rooms", { friendly_url: `marked-${kind}`, external_id })).body.id as string;
        const marked = await project.runFile(process.execPath, [COMMAND, "adopt-team", "--out", "-"]);
        expect(marked.code, marked.stderr).toBe(0);
        expect(entriesOf(marked.stdout).map((e) => e.id).sort()).toEqual([made.old, made.own].sort());
        expect(marked.stderr).toContain(`(left out: ${ROOMS} already in the stack, 1 of other stacks, below)`);
        expect(marked.stderr).toContain(`adopt-team: left out "marked-other" (${made.other}): its externalId "${marks.other}" is the mark of stack other-project/prod, which manages it unless it dropped it`);
        expect(marked.stderr).toContain(`run \`pulumi state delete\` with its Room's URN in that stack, then declare it here with externalId "${marks.other}" and adoptExisting: true`);
        for (const id of Object.values(made)) expect((await api("DELETE", `/rooms/${id}`)).status).toBe(204);
    });

    it("with --skip-stack, gives no room a name the stack already uses, so `pulumi import --file` takes the document", async () => {
        // The stack's Room "board" manages a room that is deleted in the API; a new, unmanaged room takes the
        // friendly URL "board". Named "board" like the stack's resource, `pulumi import` refused the document.
        const api = apiCaller(emulator);
        expect((await api("DELETE", "/rooms/board")).status).toBe(204);
        const created = await api("POST", "/rooms", { friendly_url: "board", description: "The new board room" });
        expect(created.status).toBe(200);
        const exported = path.join(project.dir, "stack-taken.json");
        fs.writeFileSync(exported, await project.exportText());
        const adopted = await adoptTeam(["--skip-stack", exported]);
        expect(adopted.code, adopted.stderr).toBe(0);
        const entries = entriesOf(adopted.stdout);
        expect(entries).toEqual([{ type: "vcrooms:index:Room", name: derivedName("board", "board"), id: created.body.id }]);
        const doc = path.join(project.dir, "taken.json");
        fs.writeFileSync(doc, adopted.stdout);
        const imported = await project.run(["import", "--file", doc, "--yes", "--non-interactive", "--out", path.join(project.dir, "board.ts.txt")]);
        expect(imported.code, imported.stdout + imported.stderr).toBe(0);
        expect(fs.readFileSync(path.join(project.dir, "board.ts.txt"), "utf8")).toContain(`new vcrooms.Room("${derivedName("board", "board")}"`);
    });
});

describe("adopt-team against a team that changes, names that hold, and what --skip-stack accepts", () => {
    const env = useEmulator({ rateLimit: 0 }, { resetEach: true });
    const seed = async (names: string[]) => {
        for (const friendly_url of names) expect((await env.api("POST", "/rooms", { friendly_url })).status).toBe(200);
    };
    const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(3, "0")}`);
    const friendlyUrls = async (entries: Entry[]) => {
        const byId = new Map<string, string>(((await env.control("GET", "/state")).rooms as Array<{ id: string; friendly_url: string }>).map((r) => [r.id, r.friendly_url]));
        return entries.map((e) => byId.get(e.id) ?? `gone ${e.name}`).sort();
    };

    it("misses no room and writes no deleted one when rooms are deleted and created between the pages of the listing", async () => {
        const rooms = range("c", 150);
        await seed(rooms);
        // Once the first page is answered, two rooms go: one on each end of the listing, so on the first page read
        // whichever the order (by offset and newest first, this moved c-049 onto the page already read).
        await env.control("POST", "/faults", { method: "GET", path: "/api/v1/rooms", change: { deleteRooms: ["c-010", "c-100"] } });
        const first = await adoptTeamAt(env.emulator, ["--out", "-"]);
        expect(first.code, first.stderr).toBe(0);
        expect(await friendlyUrls(entriesOf(first.stdout))).toEqual(rooms.filter((r) => r !== "c-010" && r !== "c-100"));
        expect(first.stderr).toContain("adopt-team: 148 of the team's 148 rooms");
        expect(first.stderr).toContain("adopt-team: the team's rooms changed while they were read; 3 readings, the last two agreeing");
        // A room created and another deleted while the listing is read: the new one is written, the deleted one not.
        await env.control("POST", "/faults", { method: "GET", path: "/api/v1/rooms", change: { deleteRooms: ["c-149"], createRooms: [{ friendly_url: "c-new" }] } });
        const second = await adoptTeamAt(env.emulator, ["--out", "-"]);
        expect(second.code, second.stderr).toBe(0);
        expect(await friendlyUrls(entriesOf(second.stdout))).toEqual([...rooms.filter((r) => !["c-010", "c-100", "c-149"].includes(r)), "c-new"].sort());
        expect(second.stderr).toContain("adopt-team: 148 of the team's 148 rooms");
    });

    it("writes nothing when the rooms change between every reading, and says so", async () => {
        await seed(range("d", 5));
        await env.control("POST", "/faults", { method: "GET", path: "/api/v1/rooms", count: 50, change: { createRooms: [{}] } });
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-team-"));
        const run = await adoptTeamAt(env.emulator, ["--out", "team.json"], dir);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain("pulumi-vcrooms: the team's rooms changed between each of 5 readings (rooms created, deleted or renamed meanwhile), so no document was written");
        expect(fs.existsSync(path.join(dir, "team.json"))).toBe(false);
    });

    it("names each room from its own friendly URL: never another room's, the same when rooms are added; --out - is standard output", async () => {
        await seed(["board", "Board", "board-2", "2024-review", "Board_x", "Q3 Review"]);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-team-"));
        const before = await adoptTeamAt(env.emulator, ["--out", "-"], dir);
        expect(before.code, before.stderr).toBe(0);
        expect(fs.readdirSync(dir)).toEqual([]);
        const names = (entries: Entry[], urls: string[]) => Object.fromEntries(urls.map((u, i) => [u, entries[i]!.name]));
        const entries = entriesOf(before.stdout);
        const urls = await Promise.all(entries.map(async (e) => ((await env.api("GET", `/rooms/${e.id}`)).body as { friendly_url: string }).friendly_url));
        expect(names(entries, urls)).toEqual({
            "2024-review": derivedName("room-2024-review", "2024-review"),
            Board: derivedName("board", "Board"),
            Board_x: derivedName("board-x", "Board_x"),
            "Q3 Review": derivedName("q3-review", "Q3 Review"),
            board: "board",
            "board-2": "board-2",
        });
        // No name is another room's friendly URL unless it is that room's own.
        for (const [url, name] of Object.entries(names(entries, urls))) expect(urls.filter((u) => u === name && u !== url)).toEqual([]);
        // Rooms added (one sorting first, one reading like a derived name) change no existing room's name.
        await seed(["a-first", "board-3", "BOARD", derivedName("board", "Board").toUpperCase()]);
        const after = await adoptTeamAt(env.emulator, ["--out", "-"], dir);
        const again = new Map(entriesOf(after.stdout).map((e) => [e.id, e.name]));
        for (const e of entries) expect(again.get(e.id)).toBe(e.name);
        expect(new Set(again.values()).size).toBe(again.size);
        expect(fs.readdirSync(dir)).toEqual([]);
        // A file that cannot be written is named as such, not as a failure to read the team.
        const unwritable = await adoptTeamAt(env.emulator, ["--out", "no/such/folder/team.json"], dir);
        expect(unwritable.code).toBe(1);
        expect(unwritable.stderr).toContain('pulumi-vcrooms: --out "no/such/folder/team.json" cannot be written: no such folder');
    });

    it("a room whose friendly URL a stack's state holds as a secret is named by its id, never after its friendly URL", async () => {
        await seed(["hidden-q7Zr91", "open-room"]);
        const rooms = (await env.control("GET", "/state")).rooms as Array<{ id: string; friendly_url: string }>;
        const hidden = rooms.find((r) => r.friendly_url === "hidden-q7Zr91")!;
        // The engine's marker where the state holds a secret (its ciphertext is not read); the plugin face's and the dynamic face's types.
        const secret = { [SECRET_SIG_KEY]: SECRET_SIG, ciphertext: "v1:not-read" };
        const state = {
            version: 3,
            deployment: {
                resources: [
                    { urn: "urn:pulumi:dev::p::vcrooms:index:Room::hidden", type: "vcrooms:index:Room", id: hidden.id, inputs: { friendlyUrl: secret }, outputs: {} },
                    { urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/vcrooms:Room::open", type: "pulumi-nodejs:dynamic/vcrooms:Room", id: "another", inputs: {}, outputs: { friendlyUrl: "open-room" } },
                ],
            },
        };
        const held = managedByStack(state, "state");
        expect([...held.secretUrlIds]).toEqual([hidden.id]);
        const client = new RoomsClient(resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey, requestsPerMinute: 100_000 }, {}));
        const { document } = await adoptTeamOf(client, { secretUrlIds: held.secretUrlIds });
        const text = JSON.stringify(document);
        // Nor its readable form (a derived name is lower case).
        expect(text.toLowerCase()).not.toContain("q7zr91");
        expect(document.resources.find((e) => e.id === hidden.id)?.name).toBe(`room_${createHash("sha256").update(hidden.id).digest("hex").slice(0, 8)}`);
        expect(document.resources.find((e) => e.id !== hidden.id)?.name).toBe("open-room");
    });

    it("--skip-stack: a file that is missing, empty, cut short, null, an array or an import document is refused naming it, before any request", async () => {
        await seed(range("s", 3));
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-team-"));
        const write = (name: string, text: string) => (fs.writeFileSync(path.join(dir, name), text), name);
        const exportText = JSON.stringify({ version: 3, deployment: { manifest: {}, resources: [{ urn: "urn:x", type: "vcrooms:index:Room", id: "abc" }] } });
        const cases: Array<[string, string]> = [
            ["missing.json", '--skip-stack "missing.json" cannot be read: no such file'],
            [write("empty.json", ""), '--skip-stack "empty.json" is not valid JSON (it is empty); give the output of `pulumi stack export`'],
            [write("cut.json", exportText.slice(0, 40)), '--skip-stack "cut.json" is not valid JSON (40 bytes, cut short or not JSON)'],
            [write("null.json", "null"), '--skip-stack "null.json" is not a `pulumi stack export` document ({"version": 3, "deployment": {"resources": [...]}}): it is null'],
            [write("array.json", "[]"), '--skip-stack "array.json" is not a `pulumi stack export` document ({"version": 3, "deployment": {"resources": [...]}}): it is an array'],
            [write("import.json", JSON.stringify({ resources: [{ type: "vcrooms:index:Room", name: "s-000", id: "abc" }] })), "it is a `pulumi import` document (resources at the top)"],
            [write("odd.json", JSON.stringify({ version: 3, deployment: { resources: {} } })), "its deployment.resources is an empty object"],
        ];
        await env.control("DELETE", "/requests");
        for (const [file, said] of cases) {
            const run = await adoptTeamAt(env.emulator, ["--skip-stack", file], dir);
            expect(run.code, file).toBe(1);
            expect(run.stderr, file).toContain(said);
            expect(run.stderr, file).not.toContain("Unable to read the team");
        }
        expect((await env.control("GET", "/requests")).total).toBe(0);
        // The names an export's resources use (the URN's last part) are given to no room: a taken plain name is derived.
        const taken = { version: 3, deployment: { resources: [{ urn: "urn:pulumi:dev::p::vcrooms:index:Room::s-001", type: "vcrooms:index:Room", id: "another-room" }] } };
        const renamed = await adoptTeamAt(env.emulator, ["--skip-stack", write("taken.json", JSON.stringify(taken))], dir);
        expect(renamed.code, renamed.stderr).toBe(0);
        expect(entriesOf(renamed.stdout).map((e) => e.name)).toEqual(["s-000", derivedName("s-001", "s-001"), "s-002"]);
        // An export of an empty stack has no resources list: it skips nothing.
        const empty = await adoptTeamAt(env.emulator, ["--skip-stack", write("none.json", JSON.stringify({ version: 3, deployment: { manifest: {} } }))], dir);
        expect(empty.code, empty.stderr).toBe(0);
        expect(entriesOf(empty.stdout)).toHaveLength(3);
    });
});
