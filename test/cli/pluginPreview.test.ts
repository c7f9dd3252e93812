/**
 * The plugin face's previews through the real Pulumi CLI: the plugin answers Configure with preview support, so the
 * engine calls Create and Update at preview, and the plugin answers them with the outputs the up will produce, or
 * unknown, without a write. A Room's `roomUrl` is known at preview when its friendly URL is (declared, or held
 * already), plain, and the team's domain can be read and is not about to change.
 *
 * What a preview planned is read where a user sees it: the stack outputs a preview of new resources prints (the test
 * program exports each room's roomUrl), and what the program sees: it logs each Room output it is given as known
 * (test:logOutputs), so an output the preview leaves unknown is never logged. Writes are counted in the emulator's
 * request log.
 */
import { describe, expect, it } from "vitest";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, clearLog, projectFor, requestLog, writes, withoutDebugEvents } from "./support";
import { useEmulator } from "../support/emulator";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

const UNKNOWN = "[unknown]";
const address = (domain: string, friendlyUrl: string) => `https://${domain}.digitalsamba.com/${friendlyUrl}`;

interface DeclaredRoom {
    name: string;
    args: Record<string, unknown>;
    secretArgs?: string[];
}
const rooms = (declared: DeclaredRoom[]) => ({ "test:rooms": JSON.stringify(declared) });

async function pluginProject(config: Record<string, string>, more: Record<string, string> = {}, secretConfig: Record<string, string> = {}): Promise<PulumiProject> {
    const project = await projectFor(emulator, { ...config, ...more }, { plugin: true, secretConfig });
    projects.push(project);
    return project;
}

/**
 * The stack outputs a preview of new resources prints, by name: a string JSON-decoded, else as printed (`[unknown]`,
 * `[secret]`). (A preview of changes lists no output the program leaves unknown: that is what `knownOutputs` is for.)
 */
function previewedOutputs(stdout: string): Record<string, unknown> {
    const lines = stdout.split("\n");
    const start = lines.findIndex((l) => l.trim() === "Outputs:");
    const out: Record<string, unknown> = {};
    if (start < 0) return out;
    for (const line of lines.slice(start + 1)) {
        if (line.trim() === "") break;
        const m = /^\s*([A-Za-z0-9_]+)\s*:\s(.*)$/.exec(line);
        if (m) out[m[1]!] = m[2]!.startsWith('"') ? JSON.parse(m[2]!) : m[2]!.trim();
    }
    return out;
}

/** The Room outputs the program was given as known, by `<room>.<output>` (test:logOutputs). */
function knownOutputs(text: string): Record<string, unknown> {
    const known: Record<string, unknown> = {};
    for (const m of text.matchAll(/^\s*(?:info: )?([A-Za-z0-9_-]+\.[A-Za-z]+) = (.*)$/gm)) known[m[1]!] = JSON.parse(m[2]!);
    return known;
}

/**
 * `pulumi preview` as a user runs it (the text display, which prints the stack outputs of new resources and the
 * program's logs), with its writes to the API.
 */
async function preview(project: PulumiProject, flags: string[] = []) {
    await clearLog(emulator);
    const result = await project.run(["preview", "--non-interactive", ...flags]);
    const log = (await requestLog(emulator)).entries.map((e) => `${e.method} ${e.path} ${e.status}`).join("\n");
    const text = result.stdout + result.stderr;
    return { code: result.code, text, outputs: previewedOutputs(result.stdout), known: knownOutputs(text), writes: await writes(emulator), log };
}

const LOGGED = { "test:logOutputs": JSON.stringify(["roomUrl", "updatedAt", "topic", "friendlyUrl"]) };

describe.skipIf("skip" in cli)("previews through the plugin face plan a Room's address", { timeout: 900_000 }, () => {
    const { api, control } = useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a new Room with a declared friendlyUrl previews the roomUrl its up gives, with no write; a generated or non-ASCII one, a custom CNAME or an API the preview cannot read leaves it unknown", async () => {
        const project = await pluginProject(
            rooms([
                { name: "board", args: { friendlyUrl: "Board-Q3", description: "Quarterly board" } },
                { name: "gen", args: { description: "Generated name" } },
                { name: "cafe", args: { friendlyUrl: "café-Raum", description: "Non-ASCII name" } },
            ]),
            LOGGED,
        );
        // A team with a custom CNAME, or an API the preview cannot read: roomUrl left unknown, and the preview succeeds.
        const defaults = (await api("GET", "/")).body;
        await control("POST", "/faults", { method: "GET", path: "/api/v1/", count: 5, status: 200, body: { ...defaults, custom_cname: "meet.example.com" } });
        const cname = await preview(project);
        expect(cname.code, cname.text).toBe(0);
        expect(cname.outputs.boardUrl).toBe(UNKNOWN);
        expect(cname.known["board.roomUrl"]).toBeUndefined();
        await control("DELETE", "/faults");
        await control("POST", "/faults", { method: "GET", path: "/api/v1/", count: 50, drop: "before" });
        const unreachable = await preview(project);
        expect(unreachable.code, unreachable.text).toBe(0);
        expect(unreachable.outputs.boardUrl).toBe(UNKNOWN);
        expect(unreachable.known["board.roomUrl"]).toBeUndefined();
        expect(unreachable.writes).toBe(0);
        await control("DELETE", "/faults");

        // The domain readable: the declared name's address is known.
        const planned = await preview(project);
        expect(planned.code, planned.text).toBe(0);
        expect(planned.writes, planned.log).toBe(0);
        // The team's domain is read once for the whole preview.
        expect(planned.log.split("\n").filter((l) => l.startsWith("GET /api/v1/ ")), planned.log).toHaveLength(1);
        expect(planned.outputs).toMatchObject({ boardUrl: address("acme", "Board-Q3"), genUrl: UNKNOWN, cafeUrl: UNKNOWN });
        // What the program is given: the declared names and the one address; nothing the create decides.
        expect(planned.known).toEqual({ "board.roomUrl": address("acme", "Board-Q3"), "board.friendlyUrl": "Board-Q3", "cafe.friendlyUrl": "café-Raum" });

        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const outputs = await project.outputs();
        expect(outputs.boardUrl).toBe(planned.outputs.boardUrl);
        expect(outputs.genUrl).toMatch(/^https:\/\/acme\.digitalsamba\.com\/gen-[0-9a-f]{7}$/);
        const again = await project.preview(["--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);
    });

    it("an update preview plans the address the up keeps or gives, no stale output, and no write; --replace and up --plan hold", async () => {
        const board = (args: Record<string, unknown>, genDescription = "Generated name") =>
            rooms([{ name: "board", args: { friendlyUrl: "board-q3", ...args } }, { name: "gen", args: { description: genDescription } }]);
        const project = await pluginProject(board({ description: "Quarterly board" }), LOGGED);
        expect((await project.up([], { preview: false })).code).toBe(0);
        const before = await project.outputs();
        expect(before.genUrl).toMatch(/^https:\/\/acme\.digitalsamba\.com\/gen-[0-9a-f]{7}$/);
        const generated = String(before.genUrl).split("/").pop();

        // The generated room renamed outside Pulumi, with no refresh since: its state holds the old address.
        await api("PATCH", `/rooms/${generated}`, { friendly_url: "gen-renamed-outside" });

        // Changed descriptions: the addresses the up gives are known (the renamed room's real one, not the state's);
        // the record's time and topic are left to the up, not shown as they were.
        await project.setConfig(board({ description: "Quarterly board, moved" }, "Generated name, moved"));
        const described = await preview(project);
        expect(described.code, described.text).toBe(0);
        expect(described.writes, described.log).toBe(0);
        // The generated room's friendly URL too, as the up keeps it (what names the room by it is not replaced).
        expect(described.known).toEqual({
            "board.roomUrl": before.boardUrl,
            "board.friendlyUrl": "board-q3",
            "gen.roomUrl": address("acme", "gen-renamed-outside"),
            "gen.friendlyUrl": "gen-renamed-outside",
        });
        const up = await project.up([], { preview: false });
        expect(up.code).toBe(0);
        expect(knownOutputs(up.diagnostics.map((d) => d.message).join("\n"))["board.topic"]).toBe("Quarterly board, moved");
        expect(await project.outputs()).toMatchObject({ boardUrl: before.boardUrl, genUrl: address("acme", "gen-renamed-outside") });

        // A rename: the new address, exactly as the up gives it, also under a saved plan.
        await project.setConfig(board({ description: "Quarterly board, moved", friendlyUrl: "Board-Q4" }, "Generated name, moved"));
        // The preview that shows it saves the plan the up then follows.
        const planFile = path.join(project.dir, "plan.json");
        const renamed = await preview(project, ["--save-plan", planFile]);
        expect(renamed.code, renamed.text).toBe(0);
        expect(renamed.writes, renamed.log).toBe(0);
        expect(renamed.known["board.roomUrl"]).toBe(address("acme", "Board-Q4"));
        const planned = await project.run(["up", "--yes", "--non-interactive", "--skip-preview", "--plan", planFile]);
        expect(planned.code, planned.stdout + planned.stderr).toBe(0);
        expect((await project.outputs()).boardUrl).toBe(address("acme", "Board-Q4"));

        // --replace: a new room under the same declared name and address; the generated one gets a new name at create.
        const urn = (name: string) => `urn:pulumi:${project.stack}::vcrooms-cli::vcrooms:index:Room::${name}`;
        const replace = ["--replace", urn("board"), "--replace", urn("gen")];
        const replacing = await preview(project, replace);
        expect(replacing.code, replacing.text).toBe(0);
        expect(replacing.writes, replacing.log).toBe(0);
        expect(replacing.known).toEqual({ "board.roomUrl": address("acme", "Board-Q4"), "board.friendlyUrl": "Board-Q4" });
        // (Up replaces only the generated one: a declared name is taken until its room is deleted, so a Room with a
        // declared friendlyUrl is replaced with deleteBeforeReplace, which --replace alone does not ask for.)
        const replaced = await project.up(["--replace", urn("gen")], { preview: false });
        expect(replaced.code, replaced.stdout + replaced.stderr).toBe(0);
        const after = await project.outputs();
        expect(after.boardUrl).toBe(address("acme", "Board-Q4"));
        expect(after.genUrl).toMatch(/^https:\/\/acme\.digitalsamba\.com\/gen-[0-9a-f]{7}$/);
        expect(after.genUrl).not.toBe(before.genUrl);
        expect((await project.preview(["--expect-no-changes"])).code).toBe(0);
    });

    it("a TeamDefaults of the program that declares the domain leaves roomUrl unknown at preview; one that does not, known", async () => {
        const board = rooms([{ name: "board", args: { friendlyUrl: "board-q3", description: "Quarterly board" } }]);
        const project = await pluginProject({ ...board, "test:defaults": JSON.stringify({ chatEnabled: true }) }, LOGGED);
        const plain = await preview(project);
        expect(plain.code, plain.text).toBe(0);
        expect(plain.known["board.roomUrl"]).toBe(address("acme", "board-q3"));

        await project.setConfig({ "test:defaults": JSON.stringify({ chatEnabled: true, domain: "beta" }) });
        const moving = await preview(project);
        expect(moving.code, moving.text).toBe(0);
        expect(moving.writes, moving.log).toBe(0);
        expect(moving.known["board.roomUrl"], moving.text).toBeUndefined();
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect((await project.outputs()).boardUrl).toBe(address("beta", "board-q3"));

        // The domain changed again, the room existing: its update is planned with roomUrl unknown, and the up gives the
        // new address (read from the room, which is not written), not the old one until a refresh.
        await project.setConfig({ "test:defaults": JSON.stringify({ chatEnabled: true, domain: "gamma" }) });
        const moved = await preview(project);
        expect(moved.code, moved.text).toBe(0);
        expect(moved.writes, moved.log).toBe(0);
        expect(moved.text).toMatch(/board.*\[diff: ~roomUrl\]/);
        expect(moved.known["board.roomUrl"], moved.text).toBeUndefined();
        const movedUp = await project.up([], { preview: false });
        expect(movedUp.code, movedUp.stdout + movedUp.stderr).toBe(0);
        expect((await project.outputs()).boardUrl).toBe(address("gamma", "board-q3"));

        // Still declared, now the team's: left unknown at an update preview too (the domain may yet change).
        await project.setConfig(rooms([{ name: "board", args: { friendlyUrl: "board-q4", description: "Quarterly board" } }]));
        const renamed = await preview(project);
        expect(renamed.code, renamed.text).toBe(0);
        expect(renamed.known["board.friendlyUrl"]).toBe("board-q4");
        expect(renamed.known["board.roomUrl"], renamed.text).toBeUndefined();
    });

    it("a friendlyUrl made secret in code keeps roomUrl secret at preview and in the state", async () => {
        const FRIENDLY = "hidden-board-5e1f";
        const project = await pluginProject(rooms([{ name: "board", args: { description: "Quarterly board" }, secretArgs: ["friendlyUrl"] }]), {}, { "test:secrets": JSON.stringify({ board: { friendlyUrl: FRIENDLY } }) });
        const planned = await preview(project);
        expect(planned.code, planned.text).toBe(0);
        expect(planned.outputs.boardUrl).toBe("[secret]");
        expect(planned.text).not.toContain(FRIENDLY);
        // Planned just above: the up need not preview it again.
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(withoutDebugEvents(up.stdout) + up.stderr).not.toContain(FRIENDLY);
        expect((await project.outputs()).boardUrl).toBe("[secret]");
        expect(await project.exportText()).not.toContain(FRIENDLY);
        const shown = await project.must(["stack", "output", "boardUrl", "--show-secrets"]);
        expect(shown.stdout.trim()).toBe(address("acme", FRIENDLY));
    });
});
