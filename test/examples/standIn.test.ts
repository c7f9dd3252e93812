/**
 * Every example program through the engine stand-in against the emulator: the fast check of what
 * test/examples/readmeCommands.test.ts proves through the real CLI (each README run as written) (usage-report's parts: test/examples/parts.test.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createRequire } from "node:module";
import { afterAll, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { Step } from "../../harness/engine";
import { apiCaller } from "../support/http";
import { useEmulator } from "../support/emulator";
import { ROOT, engineFor } from "../support/pulumi";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });
const { api } = env;
const program = (name: string) => createRequire(__filename)(path.join(ROOT, `dist/examples/${name}/index.js`));
/** The stack config the stand-in gets by default, plus an example's own keys. */
const config = (emulator: RunningEmulator, own: Record<string, string> = {}) => ({
    "vcrooms:apiUrl": emulator.baseUrl,
    "vcrooms:developerKey": emulator.developerKey,
    "vcrooms:requestsPerMinute": "100000",
    ...own,
});
const ops = (steps: Step[]) => steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.name}`).sort();
const liveRooms = async (emulator = env.emulator) =>
    Object.fromEntries(((await apiCaller(emulator)("GET", "/rooms")).body.data as Array<{ friendly_url: string; description: string }>).map((r) => [r.friendly_url, r.description]));

const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

it("examples/team-rooms comes up, stays put, and goes away", async () => {
    const engine = engineFor(env.emulator, "example");
    const up = await engine.up(program("team-rooms"));
    expect(up.errors).toEqual([]);
    expect(up.outputs).toMatchObject({ boardUrl: "https://acme.digitalsamba.com/board-q3", domain: "acme" });
    const board = (await api("GET", "/rooms/board-q3")).body;
    expect(board).toMatchObject({ privacy: "private", e2ee_enabled: true, whiteboard_enabled: false, palette_mode: "dark" });
    const again = await engine.up(program("team-rooms"));
    expect(again.steps.every((s) => s.op === "same")).toBe(true);
    const down = await engine.destroy();
    expect(down.steps).toHaveLength(3);
    expect((await api("GET", "/rooms")).body.total_count).toBe(0);
});

it("examples/quickstart: two rooms and a join token whose link stays secret; nothing to do the second time", async () => {
    const engine = engineFor(env.emulator, "quickstart");
    const up = await engine.up(program("quickstart"));
    expect(up.errors).toEqual([]);
    expect(up.outputs).toEqual({
        lobbyUrl: "https://acme.digitalsamba.com/quickstart-lobby",
        standupUrl: "https://acme.digitalsamba.com/quickstart-standup",
        aliceJoinLink: "[secret]",
    });
    expect((await api("GET", "/rooms/quickstart-standup")).body).toMatchObject({ privacy: "private", max_participants: 12 });
    expect(ops((await engine.up(program("quickstart"))).steps)).toEqual([]);
    expect((await engine.destroy()).errors).toEqual([]);
    expect(await liveRooms()).toEqual({});
});

it("examples/gitops: adding, editing and removing entries creates, updates and deletes rooms; a bad entry fails at preview", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-gitops-"));
    temporary.push(dir);
    const file = path.join(dir, "rooms.yaml");
    const engine = engineFor(env.emulator, "gitops", { config: config(env.emulator, { "gitops:roomsFile": file }) });

    fs.writeFileSync(file, "rooms:\n  - name: sales\n    description: Sales sync\n  - name: support\n    description: Support sync\n    privacy: private\n");
    const first = await engine.up(program("gitops"));
    expect(first.errors).toEqual([]);
    expect(ops(first.steps)).toEqual(["create sales", "create support"]);

    fs.writeFileSync(file, "rooms:\n  - name: sales\n    description: Sales weekly\n  - name: ops\n    friendlyUrl: ops-room\n    description: Ops sync\n");
    const second = await engine.up(program("gitops"));
    expect(second.errors).toEqual([]);
    expect(ops(second.steps)).toEqual(["create ops", "delete support", "update sales"]);
    expect(await liveRooms()).toEqual({ sales: "Sales weekly", "ops-room": "Ops sync" });

    fs.writeFileSync(file, "rooms:\n  - name: ops\n    privacy: secret\n");
    const bad = await engine.preview(program("gitops"));
    expect(bad.failed).toBe(true);
    expect(bad.errors.join("\n")).toContain(`${file}: room "ops": field "privacy" must be "public" or "private"; got "secret"`);

    expect((await engine.destroy()).errors).toEqual([]);
    expect(await liveRooms()).toEqual({});
});

it("examples/drift-audit: a change made outside Pulumi shows at preview --refresh, and up --refresh puts it back", async () => {
    const engine = engineFor(env.emulator, "drift-audit");
    expect((await engine.up(program("drift-audit"))).errors).toEqual([]);
    expect(ops((await engine.preview(program("drift-audit"), { refresh: true })).steps.filter((s) => !s.op.startsWith("refresh")))).toEqual([]);

    await api("PATCH", "/rooms/support-desk", { toolbar_color: "#000000" });
    const drift = await engine.preview(program("drift-audit"), { refresh: true });
    expect(drift.steps.find((s) => s.op === "update" && s.name === "support")?.changedKeys).toContain("toolbarColor");

    expect((await engine.up(program("drift-audit"), { refresh: true })).errors).toEqual([]);
    expect((await api("GET", "/rooms/support-desk")).body.toolbar_color).toBe("#3771E0");
    expect((await engine.destroy()).errors).toEqual([]);
});

it("examples/adopt-existing: the first up takes over the room made by hand, keeping its id", async () => {
    const existing = (await api("POST", "/rooms", { friendly_url: "town-hall", privacy: "public", description: "made by hand" })).body as { id: string };
    const engine = engineFor(env.emulator, "adopt-existing");
    const up = await engine.up(program("adopt-existing"));
    expect(up.errors).toEqual([]);
    expect(up.outputs).toEqual({ townHallId: existing.id, townHallUrl: "https://acme.digitalsamba.com/town-hall" });
    expect((await api("GET", "/rooms/town-hall")).body).toMatchObject({ id: existing.id, description: "Company town hall", max_participants: 300, qa_enabled: true });
    expect((await engine.destroy()).errors).toEqual([]);
});

it("examples/two-teams: one room in each team, through each resource's connection", async () => {
    const production = await startEmulator({ rateLimit: 0, domain: "acme-prod" });
    try {
        const staging = env.emulator;
        const engine = engineFor(staging, "two-teams", {
            config: {
                "teams:stagingApiUrl": staging.baseUrl,
                "teams:stagingDeveloperKey": staging.developerKey,
                "teams:productionApiUrl": production.baseUrl,
                "teams:productionDeveloperKey": production.developerKey,
            },
            secretConfig: ["teams:stagingDeveloperKey", "teams:productionDeveloperKey"],
        });
        const up = await engine.up(program("two-teams"));
        expect(up.errors).toEqual([]);
        expect(up.outputs).toEqual({ standupUrls: { staging: "https://acme.digitalsamba.com/standup", production: "https://acme-prod.digitalsamba.com/standup" } });
        expect(await liveRooms(staging)).toEqual({ standup: "Daily stand-up (staging)" });
        expect(await liveRooms(production)).toEqual({ standup: "Daily stand-up (production)" });
        expect((await engine.destroy()).errors).toEqual([]);
        expect(await liveRooms(production)).toEqual({});
    } finally {
        await production.close();
    }
});
