/**
 * The plugin face through the real Pulumi CLI against the emulator (its `pulumi import` is
 * test/cli/pluginImport.test.ts): drift named property by property by `preview --refresh` and repaired by `up` (and, right after the create, a
 * stack of the same name in another backend on the same machine refused the rooms); two explicit providers
 * for two teams; every data function through the engine's Invoke, equal to the SDK's form; and the same
 * plan from the dynamic resources and the plugin for the same program.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { functions, secretResultFields, type FunctionName } from "../../provider/functions";
import { apiCaller } from "../support/http";
import type { JsonStep, PulumiProject } from "../../harness/pulumiCli";
import { clearLog, cli, plannedChanges, PLUGIN_PROGRAM, programProject, projectFor, requestLog, withoutDebugEvents } from "./support";
import { useEmulator } from "../support/emulator";

const RESTREAM_KEY = "plugin-stream-key-4c1d";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

const rooms = (declared: unknown[]) => ({ "test:rooms": JSON.stringify(declared) });

async function pluginProject(on: RunningEmulator, config: Record<string, string> = {}, secretConfig: Record<string, string> = {}): Promise<PulumiProject> {
    const project = await projectFor(on, config, { plugin: true, secretConfig });
    projects.push(project);
    return project;
}

const ours = (steps: JsonStep[]) => steps.filter((s) => s.type.startsWith("vcrooms:index:"));
/** A resource's step of the plan (a `--refresh` run also lists the refresh steps before it). */
const stepOf = (steps: JsonStep[], name: string) => ours(steps).find((s) => s.name === name && s.op !== "refresh");

describe.skipIf("skip" in cli)("the plugin face through the real Pulumi CLI", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("preview --refresh names exactly the drifted properties, and up repairs them", async () => {
        const board = { name: "board", args: { friendlyUrl: "board-q3", description: "Quarterly board", maxParticipants: 50, roles: ["moderator", "attendee"], toolbarColor: "#ABCDEF" } };
        const stream = { name: "stream", args: { friendlyUrl: "stream-live", restreamEnabled: true, restreamType: "custom", restreamUrl: "rtmp://live.example.com/app" }, secretArgs: ["restreamKey"] };
        const project = await pluginProject(emulator, rooms([board, stream]), { "test:secrets": JSON.stringify({ stream: { restreamKey: RESTREAM_KEY } }) });
        const created = await project.up();
        expect(created.code, created.stdout + created.stderr).toBe(0);
        expect((await api("GET", "/rooms/stream-live")).body.restream_key).toBe(RESTREAM_KEY);
        // The secret setting is kept encrypted in state and never printed.
        expect(await project.exportText()).not.toContain(RESTREAM_KEY);
        expect(project.writtenText()).not.toContain(RESTREAM_KEY);
        expect(withoutDebugEvents(created.stdout) + created.stderr).not.toContain(RESTREAM_KEY);

        // No check has seen the creates saved yet, so their records are kept on this machine. A stack of the same project
        // and stack name in another file backend (same PULUMI_HOME) has a provider of its own (another id from the
        // engine's Configure): another stack, refused the rooms as for any taken name, writing nothing (hostile run 6 F1).
        const held = (await api("GET", "/rooms/board-q3")).body.id;
        const elsewhere = { PULUMI_BACKEND_URL: `file://${path.join(project.dir, ".backend-elsewhere")}` };
        fs.mkdirSync(path.join(project.dir, ".backend-elsewhere"));
        expect((await project.run(["stack", "init", project.stack, "--non-interactive"], { env: elsewhere })).code).toBe(0);
        await clearLog(emulator);
        const other = await project.run(["up", "--yes", "--skip-preview", "--non-interactive"], { env: elsewhere });
        expect(other.code, other.stdout + other.stderr).not.toBe(0);
        expect(other.stdout + other.stderr).toContain("set adoptExisting: true");
        const writes = (await requestLog(emulator)).entries.filter((e) => e.method !== "GET");
        expect(writes.length).toBeGreaterThan(0);
        expect(writes.filter((e) => !(e.method === "POST" && e.path === "/api/v1/rooms" && e.status === 422))).toEqual([]);
        expect((await project.resourceState("board"))?.id).toBe(held);

        await api("PATCH", "/rooms/board-q3", { description: "Changed outside", max_participants: 77 });

        const preview = await project.preview(["--refresh"]);
        expect(preview.code, preview.stderr).toBe(0);
        const step = stepOf(preview.steps, "board");
        expect(step?.op).toBe("update");
        expect(Object.keys(step?.detailedDiff ?? {}).sort()).toEqual(["description", "maxParticipants"]);
        expect(step?.detailedDiff?.description?.kind).toBe("update");

        // The plan was just checked by the preview above, of the same program, config and state.
        const up = await project.up(["--refresh"], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect((await api("GET", "/rooms/board-q3")).body).toMatchObject({ description: "Quarterly board", max_participants: 50 });
        const after = await project.preview(["--refresh", "--expect-no-changes"]);
        expect(after.code, after.stdout + after.stderr).toBe(0);

        // A create-only setting: the detailed diff says it replaces.
        await project.setConfig(rooms([{ ...board, args: { ...board.args, tags: ["q3"] } }, stream]));
        const replace = stepOf((await project.preview()).steps, "board");
        expect(replace?.op).toBe("replace");
        expect(replace?.detailedDiff).toEqual({ tags: { kind: "update-replace", inputDiff: true } });
    });

    it("two explicit providers for two teams (two emulators) manage one room each; neither key is plaintext anywhere", async () => {
        const second = await startEmulator({ rateLimit: 0 });
        try {
            const config = {
                "test:providers": JSON.stringify([
                    { name: "teamA", apiUrl: emulator.baseUrl },
                    { name: "teamB", apiUrl: second.baseUrl },
                ]),
                ...rooms([
                    { name: "a", provider: "teamA", args: { friendlyUrl: "team-a-room", description: "Team A" } },
                    { name: "b", provider: "teamB", args: { friendlyUrl: "team-b-room", description: "Team B" } },
                ]),
            };
            // No vcrooms:* stack config: the rooms can only reach their teams through their providers.
            const project = programProject({ program: PLUGIN_PROGRAM, plugin: true });
            projects.push(project);
            await project.init(config, { "test:key-teamA": emulator.developerKey, "test:key-teamB": second.developerKey });
            const up = await project.up();
            expect(up.code, up.stdout + up.stderr).toBe(0);
            expect((await api("GET", "/rooms/team-a-room")).body).toMatchObject({ description: "Team A" });
            expect((await apiCaller(second)("GET", "/rooms/team-b-room")).body).toMatchObject({ description: "Team B" });
            expect((await api("GET", "/rooms/team-b-room")).status).toBe(404);

            const exported = await project.exportText();
            const written = project.writtenText();
            const printed = withoutDebugEvents(up.stdout) + up.stderr;
            for (const key of [emulator.developerKey, second.developerKey]) {
                expect(exported).not.toContain(key);
                expect(written).not.toContain(key);
                expect(printed).not.toContain(key);
            }
            const again = await project.preview(["--expect-no-changes"]);
            expect(again.code, again.stdout + again.stderr).toBe(0);
            expect((await project.destroy([], { preview: false })).code).toBe(0);
            expect((await api("GET", "/rooms/team-a-room")).status).toBe(404);
            expect((await apiCaller(second)("GET", "/rooms/team-b-room")).status).toBe(404);
        } finally {
            await second.close();
        }
    });

    it("every data function answers through Invoke with the same result as its SDK form", async () => {
        await api("POST", "/rooms", { friendly_url: "stats-room", description: "For the functions", tags: ["fn"] });
        const invokes = [
            { fn: "getTeamDefaults", args: {} },
            { fn: "getRoom", args: { room: "stats-room" } },
            { fn: "getRooms", args: { tags: ["fn"] } },
            { fn: "getRoles", args: {} },
            { fn: "getRole", args: { role: "moderator" } },
            { fn: "getRoomStatistics", args: { room: "stats-room" } },
            { fn: "getTeamStatistics", args: {} },
            { fn: "getRoomChat", args: { room: "stats-room" } },
            { fn: "getRoomTranscripts", args: { room: "stats-room" } },
            { fn: "exportRoomTranscripts", args: { room: "stats-room", format: "json" } },
        ];
        expect(invokes.map((i) => i.fn).sort()).toEqual(Object.keys(functions).sort());
        const project = await pluginProject(emulator, { ...rooms([]), "test:invokes": JSON.stringify(invokes) });
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const outputs = await project.outputs();
        for (const [i, { fn }] of invokes.entries()) {
            expect(outputs[`invoke_${i}`], fn).toBeDefined();
            // The SDK's form keeps the secret fields secret; the engine's plain invoke drops secretness (upstream).
            const secret = Object.fromEntries(secretResultFields(fn as FunctionName).map((field) => [field, "[secret]"]));
            expect({ ...(outputs[`invoke_${i}`] as object), ...secret }, fn).toEqual(outputs[`sdk_${i}`]);
        }
        expect(outputs.invoke_1).toMatchObject({ friendlyUrl: "stats-room", description: "For the functions" });
    });

    it("the dynamic resources and the plugin give the same plan for the same program", async () => {
        const second = await startEmulator({ rateLimit: 0 });
        try {
            const room = (name: string, args: Record<string, unknown>) => ({ name, args: { friendlyUrl: `${name}-url`, ...args } });
            // Two stages: the creates, then every other kind of step at once (an update, a create-only change that
            // replaces, a new room, a deletion, and the defaults changed).
            const stages = [
                { defaults: { paletteMode: "dark" }, rooms: [room("a", { description: "Room A", tags: ["x"] }), room("b", { description: "Room B", maxParticipants: 40 }), room("d", { description: "Room D" })] },
                { defaults: { paletteMode: "light" }, rooms: [room("a", { description: "Room A, second", tags: ["y"] }), room("b", { description: "Room B", maxParticipants: 41 }), room("c", { description: "Room C" })] },
            ];
            const dynamic = await projectFor(second);
            projects.push(dynamic);
            const plugin = await pluginProject(emulator);
            // Each step as `op name: changed properties`; the dynamic host sends no detailed diff, so its changes
            // are read from the step's old outputs and new inputs, the plugin's from the detailed diff.
            const plan = (steps: JsonStep[], face: "dynamic" | "plugin") =>
                steps
                    .filter((s) => s.type.startsWith(face === "dynamic" ? "pulumi-nodejs:dynamic/" : "vcrooms:index:"))
                    .map((s) => `${s.op} ${s.name}: ${(s.op === "update" || s.op === "replace" ? (face === "dynamic" ? plannedChanges(s) : Object.keys(s.detailedDiff ?? {}).sort()) : []).join(",")}`)
                    .sort();
            const configure = async (stage: (typeof stages)[number]) => {
                const config = { "test:defaults": JSON.stringify(stage.defaults), ...rooms(stage.rooms) };
                await Promise.all([dynamic.setConfig(config), plugin.setConfig(config)]);
            };
            // The creates: the ups' own steps are compared (a preview of them would plan the same creates).
            await configure(stages[0]!);
            const [du, pu] = await Promise.all([dynamic.up([], { preview: false }), plugin.up([], { preview: false })]);
            expect(du.code, du.stdout + du.stderr).toBe(0);
            expect(pu.code, pu.stdout + pu.stderr).toBe(0);
            expect(plan(pu.steps, "plugin"), "the creates").toEqual(plan(du.steps, "dynamic"));
            expect(plan(pu.steps, "plugin").filter((s) => s.startsWith("create "))).toHaveLength(4);
            // The changes: what each face plans, compared at preview.
            await configure(stages[1]!);
            const [d, p] = await Promise.all([dynamic.preview(), plugin.preview()]);
            expect(d.code, d.stdout + d.stderr).toBe(0);
            expect(p.code, p.stdout + p.stderr).toBe(0);
            const planned = plan(p.steps, "plugin");
            expect(planned, "the changes").toEqual(plan(d.steps, "dynamic"));
            // Every kind of step is in the compared plan.
            for (const op of ["update b", "replace a", "create c", "delete d", "update defaults"]) expect(planned.some((s) => s.startsWith(op)), `${op} in ${planned.join("; ")}`).toBe(true);
        } finally {
            await second.close();
        }
    });
});
