/**
 * Two explicit providers of one team (plugin face: `pulumi:providers:vcrooms` twice, same API URL and key), through
 * the real Pulumi CLI. The engine runs each provider as a process of its own; the duplicate checks still see across
 * them: two TeamDefaults, or two Rooms with one friendly URL, fail at preview, naming the other resource, and nothing
 * is written. Two providers of one team that declare different things work.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller } from "../support/http";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, clearLog, PLUGIN_PROGRAM, programProject, writes } from "./support";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in cli)("the plugin face through the real Pulumi CLI: two providers of one team", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("two TeamDefaults, or two Rooms of one friendly URL, each through its own provider of the team, fail at preview", async () => {
        const providers = { "test:providers": JSON.stringify([{ name: "one", apiUrl: emulator.baseUrl }, { name: "two", apiUrl: emulator.baseUrl.replace("127.0.0.1", "localhost") }]) };
        const keys = { "test:key-one": emulator.developerKey, "test:key-two": emulator.developerKey };
        const project = programProject({ program: PLUGIN_PROGRAM, plugin: true });
        projects.push(project);
        const refused = async (reason: RegExp) => {
            await clearLog(emulator);
            const preview = await project.preview();
            expect(preview.code, preview.stdout + preview.stderr).not.toBe(0);
            expect(preview.stdout + preview.stderr).toMatch(reason);
            expect(await writes(emulator)).toBe(0);
        };
        await project.init(
            {
                ...providers,
                "test:moreDefaults": JSON.stringify([
                    { name: "defaults-one", provider: "one", args: { paletteMode: "dark" } },
                    { name: "defaults-two", provider: "two", args: { paletteMode: "light" } },
                ]),
            },
            keys,
        );
        await refused(/TeamDefaults .*defaults-(one|two).* and .*defaults-(one|two).* both declare the defaults of the team at http/);

        await project.setConfig({
            ...providers,
            "test:moreDefaults": "[]",
            "test:rooms": JSON.stringify([
                { name: "a", provider: "one", args: { friendlyUrl: "one-room", description: "Room A" } },
                { name: "b", provider: "two", args: { friendlyUrl: "one-room", description: "Room B" } },
            ]),
        });
        await refused(/is also declared by Room [^\n]*(a|b)[^\n]* of this stack/);

        // One TeamDefaults and rooms of their own, through both providers: fine, and nothing changes after. (That a
        // TeamDefaults' destroy puts the team's values back is test/cli/teamDefaultsOriginal.test.ts's, both faces.)
        const original = (await apiCaller(emulator)("GET", "/")).body.palette_mode as string;
        const declared = original === "dark" ? "light" : "dark";
        await project.setConfig({
            ...providers,
            "test:moreDefaults": JSON.stringify([{ name: "defaults-one", provider: "one", args: { paletteMode: declared } }]),
            "test:rooms": JSON.stringify([
                { name: "a", provider: "one", args: { friendlyUrl: "room-one" } },
                { name: "b", provider: "two", args: { friendlyUrl: "room-two" } },
            ]),
        });
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const again = await project.preview(["--expect-no-changes"]);
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect((await apiCaller(emulator)("GET", "/")).body.palette_mode).toBe(declared);
    });
});
