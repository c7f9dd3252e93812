/**
 * The plugin's generated TypeScript SDK through the real Pulumi CLI and upstream's Node.js language host:
 * `pulumi package gen-sdk --language nodejs` writes every resource, function and the provider; in a user's project
 * with the packed package installed, `pulumi package add ./node_modules/pulumi-vcrooms/plugin` generates the SDK into
 * sdks/vcrooms and the host links it (package.json, `npm install`, the SDK's postinstall compiling it); a program
 * written against that SDK, type-checked strictly, runs preview, up, a no-change up and destroy against the
 * emulator; and `pulumi import` prints TypeScript in the SDK's terms.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller } from "../support/http";
import { PLUGIN_FOLDER, PulumiProject } from "../../harness/pulumiCli";
import { outsideRepository } from "./install";
import { addGeneratedSdk, cli, cliDir, compileProgram, installedProject, languageHosts, pluginOps, withoutDebugEvents } from "./support";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

/** A user's project with the packed package installed (test/cli/support.ts), disposed after the suite. */
function tsProject(name: string): PulumiProject {
    const project = installedProject(name);
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
        const project = new PulumiProject({ cliDir, folder: outsideRepository("vcrooms-gen-sdk-") });
        projects.push(project);
        const out = path.join(project.dir, "generated");
        await project.must(["package", "gen-sdk", PLUGIN_FOLDER, "--language", "nodejs", "--out", out]);
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
        console.log(`upstream-hosts: ${languageHosts(cliDir)}`);
        const project = tsProject("vcrooms-ts-sdk");
        const add = await addGeneratedSdk(project);
        // The host says how to load it (in JavaScript terms here: this project runs a compiled index.js).
        expect(add.stdout + add.stderr).toContain('require("@vcrooms/pulumi")');
        const manifest = JSON.parse(fs.readFileSync(path.join(project.dir, "package.json"), "utf8"));
        expect(manifest.dependencies).toMatchObject({ "@vcrooms/pulumi": "file:sdks/vcrooms" });
        // The plugin folder's own install installed nothing: no second @pulumi/pulumi beside the package.
        expect(fs.existsSync(path.join(project.dir, "node_modules", "pulumi-vcrooms", "node_modules", "@pulumi"))).toBe(false);
        expect(fs.readFileSync(path.join(project.dir, "Pulumi.yaml"), "utf8")).toMatch(/packages:\s*\n\s+vcrooms:/);
        const sdk = path.join(project.dir, "sdks", "vcrooms");
        expect(JSON.parse(fs.readFileSync(path.join(sdk, "package.json"), "utf8"))).toMatchObject({ main: "bin/index.js", scripts: { postinstall: "node ./scripts/postinstall.js" } });
        expect(fs.existsSync(path.join(project.dir, "node_modules", "@vcrooms", "pulumi", "bin", "index.js"))).toBe(true);

        // The program, type-checked against the generated SDK and compiled to the index.js Pulumi.yaml runs.
        fs.writeFileSync(path.join(project.dir, "index.ts"), PROGRAM);
        compileProgram(project);

        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        const planned = ["create JoinToken alice", "create Room lobby", "create Room standup", "create TeamDefaults defaults"];

        const preview = await project.preview();
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(pluginOps(preview.steps)).toEqual(planned);

        const up = await project.up([], { preview: false }); // the plan was just checked
        expect(up.code, up.stdout + up.stderr).toBe(0);
        expect(pluginOps(up.steps)).toEqual(planned);
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

        // pulumi import prints the TypeScript declaring what it imported (the host's GenerateProgram), in the SDK's terms.
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
