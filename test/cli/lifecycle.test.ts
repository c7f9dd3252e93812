/**
 * Room and TeamDefaults through the real Pulumi CLI (file backend, offline) against the emulator: the
 * acceptance steps (preview, up, a no-change up, drift found by `preview --refresh` and repaired by
 * `up --refresh`, a room deleted outside, refresh, destroy), replacement with and without a declared friendly
 * URL, a rotated developer key, and secrets never in plaintext anywhere the CLI writes or prints. An up, refresh or destroy whose plan a
 * preview of the same program and state has just shown, or whose claim is its outcome, skips its own preview
 * (`{ preview: false }`).
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { control } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { clearLog, cli, plannedChanges, projectFor, requestLog, resourceOps, withoutDebugEvents, writes } from "./support";
import { useEmulator } from "../support/emulator";

const RESTREAM_KEY = "very-secret-stream-key-7f3a";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

const rooms = (declared: unknown[]) => ({ "test:rooms": JSON.stringify(declared) });

describe.skipIf("skip" in cli)("the real Pulumi CLI", { timeout: 900_000 }, () => {
    const { api } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("acceptance: preview, up, no-change up, drift found and repaired, deletion outside, refresh, destroy", async () => {
        const originalDefaults = (await api("GET", "/")).body;
        const board = { name: "board", args: { friendlyUrl: "board-q3", description: "Quarterly board", maxParticipants: 50, maxBroadcasters: 10, roles: ["moderator", "attendee"], defaultRole: "moderator", toolbarColor: "#ABCDEF" } };
        const stream = { name: "stream", args: { friendlyUrl: "stream-live", restreamEnabled: true, restreamType: "custom", restreamUrl: "rtmp://live.example.com/app" }, secretArgs: ["restreamKey"] };
        const project = await projectFor(emulator, { ...rooms([board, stream]), "test:defaults": JSON.stringify({ paletteMode: "dark", defaultRole: "speaker", sessionLength: 120 }) }, { secretConfig: { "test:secrets": JSON.stringify({ stream: { restreamKey: RESTREAM_KEY } }) } });
        projects.push(project);
        const printed: string[] = [];
        const keep = <T extends { stdout: string; stderr: string }>(r: T): T => (printed.push(withoutDebugEvents(r.stdout), r.stderr), r);

        // Preview: the plan, and nothing written.
        await clearLog(emulator);
        const preview = keep(await project.preview());
        expect(preview.code, preview.stderr).toBe(0);
        expect(resourceOps(preview.steps)).toEqual(["create board", "create defaults", "create stream"]);
        expect(await writes(emulator)).toBe(0);

        // Up: the API holds exactly what was declared. The plan was just previewed: the up skips its own preview.
        const up = keep(await project.up([], { preview: false }));
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(resourceOps(up.steps)).toEqual(["create board", "create defaults", "create stream"]);
        const room = (await api("GET", "/rooms/board-q3")).body;
        expect(room).toMatchObject({ description: "Quarterly board", max_participants: 50, max_broadcasters: 10, toolbar_color: "#ABCDEF", default_role: { name: "moderator" }, palette_mode: "dark" });
        expect((await api("GET", "/")).body).toMatchObject({ palette_mode: "dark", session_length: 120, default_role: { name: "speaker" } });
        const outputs = await project.outputs();
        expect(outputs).toMatchObject({ boardUrl: "https://acme.digitalsamba.com/board-q3", streamRestreamKey: "[secret]" });

        // A second up with --expect-no-changes: no change, no write.
        await clearLog(emulator);
        const again = keep(await project.up(["--expect-no-changes"], { preview: false }));
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(again.changeSummary).toEqual({ same: 4 });
        expect(await writes(emulator)).toBe(0);

        // Changed outside Pulumi: `preview --refresh --expect-no-changes` fails and names the room; `up --refresh` repairs it.
        await api("PATCH", "/rooms/board-q3", { toolbar_color: "#000000" });
        const drift = keep(await project.preview(["--refresh", "--expect-no-changes"]));
        expect(drift.code).not.toBe(0);
        const boardUpdate = drift.steps.find((s) => s.name === "board" && s.op === "update");
        expect(plannedChanges(boardUpdate)).toContain("toolbarColor");
        expect(resourceOps(drift.steps).filter((op) => !op.startsWith("refresh") && !op.startsWith("same"))).toEqual(["update board"]);
        await clearLog(emulator);
        const repair = keep(await project.up(["--refresh"], { preview: false }));
        expect(repair.code, repair.stdout + repair.stderr).toBe(0);
        const repairWrites = (await requestLog(emulator)).entries.filter((e) => e.method !== "GET");
        expect(repairWrites).toHaveLength(1);
        expect(`${repairWrites[0]!.method} ${repairWrites[0]!.path}`).toMatch(/^PATCH \/api\/v1\/rooms\/[0-9a-f-]{36}$/);
        expect((await api("GET", "/rooms/board-q3")).body.toolbar_color).toBe("#ABCDEF");

        // The same for the team defaults is the provider's logic for another kind through the same engine steps: the
        // engine stand-in's (test/resources/lifecycle.test.ts, "Room and TeamDefaults"; issue 42).

        // A setting the program does not declare, changed outside: `pulumi refresh` records it in the room's outputs,
        // shows no change for it (the README's words), and neither an update nor a write follows.
        await api("PATCH", "/rooms/board-q3", { chat_enabled: false });
        const undeclared = keep(await project.refresh([], { preview: false }));
        expect(undeclared.code, undeclared.stdout + undeclared.stderr).toBe(0);
        expect(resourceOps(undeclared.steps).filter((op) => !op.startsWith("refresh") && !op.startsWith("same"))).toEqual([]);
        expect(undeclared.changeSummary).not.toHaveProperty("update");
        expect((await project.resourceState("board"))?.outputs?.chatEnabled).toBe(false);
        await clearLog(emulator);
        expect(keep(await project.up(["--expect-no-changes"], { preview: false })).code).toBe(0);
        expect(await writes(emulator)).toBe(0);

        // Deleted outside Pulumi: refresh drops it from state, up creates it again.
        await api("DELETE", "/rooms/board-q3");
        const refresh = keep(await project.refresh([], { preview: false }));
        expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
        const exported = await project.exportDeployment();
        expect((exported.deployment.resources ?? []).some((r) => String(r.urn).endsWith("::board"))).toBe(false);
        const recreate = keep(await project.preview(["--expect-no-changes"]));
        expect(recreate.code).not.toBe(0);
        expect(resourceOps(recreate.steps)).toContain("create board");
        const recreated = keep(await project.up([], { preview: false }));
        expect(resourceOps(recreated.steps)).toContain("create board");
        expect((await api("GET", "/rooms/board-q3")).status).toBe(200);

        // Destroy: no room left, the team defaults back to what they were.
        const destroy = keep(await project.destroy([], { preview: false }));
        expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
        expect((await api("GET", "/rooms")).body.total_count).toBe(0);
        const restored = (await api("GET", "/")).body;
        expect(restored).toMatchObject({ palette_mode: originalDefaults.palette_mode, session_length: originalDefaults.session_length, default_role: originalDefaults.default_role });

        // Secrets: never plaintext in the exported stack, in anything the CLI printed, or in any file it wrote.
        const everywhere = [await project.exportText(), ...printed, project.writtenText()].join("\n");
        expect(everywhere).not.toContain(emulator.developerKey);
        expect(everywhere).not.toContain(RESTREAM_KEY);
    });

    it("a tags change replaces: a declared friendly URL is kept (delete first); a generated one is made anew (create first)", async () => {
        const declared = { name: "declared", args: { friendlyUrl: "kept-url", tags: ["a"] } };
        const generated = { name: "generated", args: { tags: ["a"] } };
        const project = await projectFor(emulator, rooms([declared, generated]));
        projects.push(project);
        expect((await project.up([], { preview: false })).code).toBe(0);
        const before = (await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string }>;
        const generatedBefore = before.find((r) => r.friendly_url !== "kept-url")!;
        const keptBefore = before.find((r) => r.friendly_url === "kept-url")!;

        await project.setConfig(rooms([{ ...declared, args: { ...declared.args, tags: ["a", "b"] } }, { ...generated, args: { tags: ["a", "b"] } }]));
        const replace = await project.up([], { preview: false });
        expect(replace.code, replace.stdout + replace.stderr).toBe(0);
        const order = (name: string) => replace.steps.filter((s) => s.name === name && s.op !== "same").map((s) => s.op);
        expect(order("declared")).toEqual(["delete-replaced", "replace", "create-replacement"]);
        expect(order("generated")).toEqual(["create-replacement", "replace", "delete-replaced"]);

        const after = (await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string; tags: string[] }>;
        expect(after).toHaveLength(2);
        const kept = after.find((r) => r.friendly_url === "kept-url")!;
        expect(kept.id).not.toBe(keptBefore.id);
        expect(kept.tags).toEqual(["a", "b"]);
        const regenerated = after.find((r) => r.friendly_url !== "kept-url")!;
        expect(regenerated.friendly_url).not.toBe(generatedBefore.friendly_url);
        expect(regenerated.friendly_url).toMatch(/^generated-[0-9a-f]{7}$/);
        expect((await project.up(["--expect-no-changes"], { preview: false })).code).toBe(0);
    });

    it("a rotated developer key reaches refresh and destroy only after an up, as the engine keeps provider config in state", async () => {
        const project = await projectFor(emulator, rooms([{ name: "board", args: { friendlyUrl: "rotate-me" } }]));
        projects.push(project);
        expect((await project.up([], { preview: false })).code).toBe(0);
        const oldKey = emulator.developerKey;
        const newKey = "rotated-key-0123456789abcdefghijklmnopqrstuv";
        await control(emulator, "POST", "/developer-key", { developerKey: newKey });
        await project.setConfig({}, { "vcrooms:developerKey": newKey });

        // Refresh configures the provider from state: the old key, now refused.
        const stale = await project.refresh([], { preview: false });
        expect(stale.code).not.toBe(0);
        expect(stale.stdout + stale.stderr).toMatch(/401|developer key/i);
        // An up runs the program, so the provider gets today's config, and keeps it for what follows.
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect((await project.refresh([], { preview: false })).code).toBe(0);
        const destroy = await project.destroy([], { preview: false });
        expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
        expect((await api("GET", "/rooms", undefined, `Bearer ${newKey}`)).body.total_count).toBe(0);

        const everywhere = [await project.exportText(), stale.stdout, stale.stderr, up.stdout, up.stderr, destroy.stdout, project.writtenText()].map(withoutDebugEvents).join("\n");
        expect(everywhere).not.toContain(oldKey);
        expect(everywhere).not.toContain(newKey);
        await control(emulator, "POST", "/developer-key", { developerKey: oldKey });
    });
});
