/**
 * A whole team adopted in two commands, through the real Pulumi CLI: `pulumi-vcrooms adopt-team` reads a team of
 * 120 rooms of varied settings from the emulator and writes a `pulumi import --file` document; `pulumi import
 * --file` generates the TypeScript program (through upstream's Node.js host and the plugin's generated SDK); that program,
 * compiled strictly, previews with no change; `--skip-stack` then leaves every room out; a room changed in the API
 * shows as drift on that room alone.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { type PulumiProject, ROOT } from "../../harness/pulumiCli";
import { apiCaller } from "../support/http";
import { addGeneratedSdk, cli, compileProgram, installedProject } from "./support";

const COMMAND = path.join(ROOT, "dist/cli/main.js");
const ROOMS = 120;
const RESTREAM_KEY = "live-restream-key-9f3a";

let emulator: RunningEmulator;
let project: PulumiProject;

/** The command as a user runs it: configured by the environment, nothing else of ours. */
async function adoptTeam(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { PATH: process.env.PATH ?? "", VCROOMS_API_URL: emulator.baseUrl, VCROOMS_DEVELOPER_KEY: emulator.developerKey };
    return promisify(execFile)(process.execPath, [COMMAND, "adopt-team", ...args], { env }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
}

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
        ...(i % 10 === 0 ? { roles: ["moderator", "speaker"] } : {}),
        ...(i % 11 === 0 ? { restream_enabled: true, restream_type: "custom", restream_key: RESTREAM_KEY } : {}),
    };
}

describe.skipIf("skip" in cli)("adopt-team through the real Pulumi CLI", { timeout: 900_000 }, () => {
    const projects: PulumiProject[] = [];
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });
    beforeAll(async () => {
        const api = apiCaller(emulator);
        expect((await api("PATCH", "/", { palette_mode: "dark", polls_enabled: false })).status).toBe(200);
        for (let i = 0; i < ROOMS; i++) {
            const created = await api("POST", "/rooms", seededRoom(i));
            expect(created.status, JSON.stringify(created.body)).toBe(200);
        }
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

        // Only the sales rooms.
        const filtered = await adoptTeam(["--filter", "sales-*"]);
        expect(filtered.code, filtered.stderr).toBe(0);
        expect((JSON.parse(filtered.stdout) as { resources: unknown[] }).resources).toHaveLength(20);
        expect(filtered.stderr).toContain("left out: 100 not matching --filter");

        // The plugin's SDK in the project, then the import, which generates the program.
        await addGeneratedSdk(project);
        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        const importStarted = Date.now();
        const imported = await project.run(["import", "--file", doc, "--yes", "--non-interactive", "--out", path.join(project.dir, "index.ts")]);
        const importSeconds = (Date.now() - importStarted) / 1000;
        expect(imported.code, imported.stdout + imported.stderr).toBe(0);
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
        expect(drift.steps.filter((s) => s.type === "vcrooms:index:Room" && s.op !== "same" && s.op !== "refresh").map((s) => `${s.op} ${s.name}`)).toEqual(["update room-025"]);
    });
});
