/**
 * The engine stand-in against the real CLI: the same sequence of programs (one compiled program, changed through
 * stack config) through both, each against an emulator of its own. After every run both must have taken the same
 * steps (kind and resource name) and left the same API contents. The stand-in is the fast path of the other
 * suites; this is what keeps it honest. The real CLI's up and destroy skip their own previews: the steps compared
 * are the update's (what the engine did), which a preview would only plan again.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller } from "../support/http";
import { engineFor } from "../support/pulumi";
import type { PulumiProject, JsonStep } from "../../harness/pulumiCli";
import { cli, DECLARED_PROGRAM, projectFor } from "./support";

interface Stage {
    title: string;
    config: Record<string, string>;
}

const room = (name: string, args: Record<string, unknown>) => ({ name, args: { friendlyUrl: `${name}-url`, ...args } });
const stage = (title: string, defaults: Record<string, unknown>, rooms: unknown[]): Stage => ({ title, config: { "test:defaults": JSON.stringify(defaults), "test:rooms": JSON.stringify(rooms) } });

const STAGES: Stage[] = [
    stage("create", { paletteMode: "dark" }, [room("a", { description: "Room A", tags: ["x"] }), room("b", { description: "Room B", maxParticipants: 40 })]),
    stage("update one, add one, keep one", { paletteMode: "dark" }, [room("a", { description: "Room A, second", tags: ["x"] }), room("b", { description: "Room B", maxParticipants: 40 }), room("c", { description: "Room C" })]),
    stage("replace (tags), update the defaults", { paletteMode: "light" }, [room("a", { description: "Room A, second", tags: ["y"] }), room("b", { description: "Room B", maxParticipants: 40 }), room("c", { description: "Room C" })]),
    stage("drop one", { paletteMode: "light" }, [room("a", { description: "Room A, second", tags: ["y"] }), room("c", { description: "Room C" })]),
];

/** The CLI's update steps as the stand-in names them: the three steps of a replacement are one `replace`. */
function cliSteps(steps: JsonStep[]): string[] {
    const ops = steps
        .filter((s) => s.type.startsWith("pulumi-nodejs:dynamic/"))
        .map((s) => `${s.op === "create-replacement" || s.op === "delete-replaced" ? "replace" : s.op} ${s.name}`);
    return [...new Set(ops)].sort();
}

const standInSteps = (steps: Array<{ op: string; name: string }>) => steps.map((s) => `${s.op} ${s.name}`).sort();

/** What the API holds, without ids and times: rooms by friendly URL, and the defaults the stages touch. */
async function contents(emulator: RunningEmulator): Promise<unknown> {
    const api = apiCaller(emulator);
    const rooms = ((await api("GET", "/rooms?limit=100")).body.data as Array<Record<string, unknown>>).map((r) => ({ url: r.friendly_url, description: r.description, tags: r.tags, maxParticipants: r.max_participants }));
    rooms.sort((x, y) => String(x.url).localeCompare(String(y.url)));
    const defaults = (await api("GET", "/")).body;
    return { rooms, paletteMode: defaults.palette_mode };
}

describe.skipIf("skip" in cli)("stand-in and real CLI agree", { timeout: 900_000 }, () => {
    let forCli: RunningEmulator;
    let forStandIn: RunningEmulator;
    const projects: PulumiProject[] = [];
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (forCli = started) });
    useEmulator({ rateLimit: 0 }, { started: (started) => (forStandIn = started) });

    it("same steps and same API contents after every stage and after destroy", async () => {
        const program = createRequire(__filename)(DECLARED_PROGRAM);
        const project = await projectFor(forCli);
        projects.push(project);
        const engine = engineFor(forStandIn, "differential");
        const engineConfig = (engine as unknown as { options: { config: Record<string, string> } }).options.config;
        for (const { title, config } of STAGES) {
            await project.setConfig(config);
            Object.assign(engineConfig, config);
            const real = await project.up([], { preview: false });
            expect(real.code, `${title}: ${real.stdout}${real.stderr}`).toBe(0);
            const standIn = await engine.up(program);
            expect(standIn.errors, title).toEqual([]);
            expect(standInSteps(standIn.steps), title).toEqual(cliSteps(real.steps));
            expect(await contents(forStandIn), title).toEqual(await contents(forCli));
        }
        const real = await project.destroy([], { preview: false });
        expect(real.code).toBe(0);
        const standIn = await engine.destroy();
        expect(standInSteps(standIn.steps)).toEqual(cliSteps(real.steps));
        expect(await contents(forStandIn)).toEqual(await contents(forCli));
    });
});
