/**
 * The plugin's generated TypeScript SDK through the real Pulumi CLI, served by our Node.js language host
 * (tools/pulumi-cli/language-nodejs: GeneratePackage, Link): `pulumi package gen-sdk --language nodejs` writes
 * every resource, function and the provider; `pulumi package add <repository>` in a TypeScript project
 * generates the SDK into sdks/vcrooms and lists it in package.json; a program written against that SDK,
 * compiled with the repository's tsc, runs preview, up, a no-change up and destroy against the emulator; and
 * `pulumi import` prints TypeScript in the SDK's terms (GenerateProgram).
 *
 * Offline by design: the part of `npm install` that a `file:` dependency means (run the SDK's postinstall,
 * which compiles it with tsc, and link it into node_modules) is done here by hand, with this repository's
 * TypeScript and @pulumi/pulumi, which the project's node_modules already links (see harness/pulumiCli.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller } from "../support/http";
import { type PulumiProject, ROOT } from "../../harness/pulumiCli";
import { addGeneratedSdk, cli, compileProgram, programProject, withoutDebugEvents } from "./support";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

/** A project of the harness's kind (package.json, node_modules linking this repository's), its program replaced. */
function tsProject(name: string): PulumiProject {
    const project = programProject({ name, program: path.join(ROOT, "dist/test/cli/programs/plugin.js") });
    projects.push(project);
    return project;
}

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "@vcrooms/pulumi";

const defaults = new vcrooms.TeamDefaults("defaults", { paletteMode: "dark", language: "en", defaultRole: "attendee" });
const standup = new vcrooms.Room("standup", { friendlyUrl: "ts-standup", description: "Stand-up", privacy: "private", maxParticipants: 12 }, { dependsOn: [defaults] });

// An explicit provider, configured from the stack's own settings.
const config = new pulumi.Config("vcrooms");
const team = new vcrooms.Provider("team", { apiUrl: config.require("apiUrl"), developerKey: config.requireSecret("developerKey") });
const lobby = new vcrooms.Room("lobby", { friendlyUrl: "ts-lobby", description: "Lobby", privacy: "public" }, { provider: team, dependsOn: [defaults] });

const alice = new vcrooms.JoinToken("alice", { room: standup.id, userName: "Alice", expiresAt: 7 * 24 * 60, renewBefore: "24h" });
const found = vcrooms.getRoomOutput({ room: standup.id });

export const standupUrl = standup.roomUrl;
export const lobbyUrl = lobby.roomUrl;
export const foundDescription = found.description;
export const foundMax = found.maxParticipants;
export const aliceJoinLink = alice.link;
`;

describe.skipIf("skip" in cli)("the plugin's generated TypeScript SDK through the real Pulumi CLI", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });

    it("pulumi package gen-sdk --language nodejs writes every resource, function and the provider", async () => {
        const project = tsProject("vcrooms-gen-sdk");
        const out = path.join(project.dir, "generated");
        await project.must(["package", "gen-sdk", ROOT, "--language", "nodejs", "--out", out]);
        const sdk = path.join(out, "nodejs");
        const manifest = JSON.parse(fs.readFileSync(path.join(sdk, "package.json"), "utf8"));
        expect(manifest.name).toBe("@vcrooms/pulumi");
        expect(manifest.pulumi).toMatchObject({ resource: true, name: "vcrooms" });
        const files = fs.readdirSync(sdk);
        for (const f of ["index.ts", "provider.ts", "room.ts", "teamDefaults.ts", "joinToken.ts", "roomContentPurge.ts", "getRoom.ts", "getRooms.ts", "getRoomStatistics.ts", "exportRoomTranscripts.ts", "utilities.ts", "tsconfig.json"]) {
            expect(files, f).toContain(f);
        }
        const index = fs.readFileSync(path.join(sdk, "index.ts"), "utf8");
        for (const name of ["Room", "TeamDefaults", "JoinToken", "RoomContentPurge", "Provider", "getRoom", "getRoomOutput"]) {
            expect(index, name).toMatch(new RegExp(`\\b${name}\\b`));
        }
        expect(fs.readFileSync(path.join(sdk, "room.ts"), "utf8")).toMatch(/["']vcrooms:index:Room["']/);
    });

    it("pulumi package add links the SDK; a program using it runs preview, up, no-change up and destroy; pulumi import prints TypeScript", async () => {
        const project = tsProject("vcrooms-ts-sdk");
        const add = await addGeneratedSdk(project);
        expect(add.stdout + add.stderr).toContain('import * as vcrooms from "@vcrooms/pulumi"');
        const manifest = JSON.parse(fs.readFileSync(path.join(project.dir, "package.json"), "utf8"));
        expect(manifest.dependencies).toEqual({ "@vcrooms/pulumi": "file:sdks/vcrooms" });
        // The rest of the user's package.json is as it was, in its order.
        expect(Object.keys(manifest)).toEqual(["name", "private", "main", "dependencies"]);
        expect(fs.readFileSync(path.join(project.dir, "Pulumi.yaml"), "utf8")).toMatch(/packages:\s*\n\s+vcrooms:/);
        const sdk = path.join(project.dir, "sdks", "vcrooms");
        expect(JSON.parse(fs.readFileSync(path.join(sdk, "package.json"), "utf8"))).toMatchObject({ main: "bin/index.js", scripts: { postinstall: "node ./scripts/postinstall.js" } });
        expect(fs.existsSync(path.join(sdk, "bin", "index.js"))).toBe(true);

        // The program, type-checked against the generated SDK and compiled to the index.js Pulumi.yaml runs.
        fs.writeFileSync(path.join(project.dir, "index.ts"), PROGRAM);
        compileProgram(project);

        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        const ours = (steps: Array<{ op: string; type: string; name: string }>) => steps.filter((s) => s.type.startsWith("vcrooms:index:")).map((s) => `${s.op} ${s.type.slice("vcrooms:index:".length)} ${s.name}`).sort();
        const planned = ["create JoinToken alice", "create Room lobby", "create Room standup", "create TeamDefaults defaults"];

        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(ours(preview.steps)).toEqual(planned);

        const up = await project.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(ours(up.steps)).toEqual(planned);
        const rooms = (await apiCaller(emulator)("GET", "/rooms")).body.data as Array<{ friendly_url: string; privacy: string; max_participants: number }>;
        expect(rooms.map((r) => [r.friendly_url, r.privacy]).sort()).toEqual([
            ["ts-lobby", "public"],
            ["ts-standup", "private"],
        ]);
        expect(await project.outputs()).toMatchObject({
            standupUrl: "https://acme.digitalsamba.com/ts-standup",
            lobbyUrl: "https://acme.digitalsamba.com/ts-lobby",
            foundDescription: "Stand-up",
            foundMax: 12,
            aliceJoinLink: "[secret]",
        });

        const again = await project.up(["--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(withoutDebugEvents(again.stdout + again.stderr)).not.toContain(emulator.developerKey);

        // pulumi import prints the TypeScript declaring what it imported (our host's GenerateProgram), in the SDK's terms.
        await apiCaller(emulator)("POST", "/rooms", { friendly_url: "ts-outside", description: "Made by hand", max_participants: 25 });
        const code = path.join(project.dir, "imported.ts");
        await project.must(["import", "vcrooms:index:Room", "outside", "ts-outside", "--protect=false", "--yes", "--non-interactive", "--out", code]);
        const imported = fs.readFileSync(code, "utf8");
        expect(imported).toContain('import * as vcrooms from "@vcrooms/pulumi";');
        expect(imported).toMatch(/new vcrooms\.Room\("outside", \{[^]*friendlyUrl: "ts-outside"[^]*maxParticipants: 25[^]*\}\);/);

        const down = await project.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });
});
