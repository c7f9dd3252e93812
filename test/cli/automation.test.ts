/**
 * The Automation API as a GitOps controller runs it (`@pulumi/pulumi/automation`, the real CLI, upstream's Node.js
 * host): TypeScript inline programs, in the dynamic face (the SDK's classes) and on the plugin (`vcrooms:index:*`
 * registered as a generated SDK does), for two stacks of two teams (two emulators), one after the other and then at
 * the same time, all in this one process. Each stack goes through preview (no write), up, refresh (no change) and
 * destroy (nothing left), and its outputs and secrets are checked as its own: team A's stack declares TeamDefaults
 * with a secret primaryColor, so its Room's inherited primaryColor is secret; team B's stack declares no
 * TeamDefaults, so its Room's primaryColor (team B's plain default) must stay plain whatever ran before or beside it
 * in the process (issue 39.3: a map of the SDK's module kept team A's secret for every later Room).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { OutputMap, Stack } from "@pulumi/pulumi/automation";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller } from "../support/http";
// The compiled SDK, through Node's own require: a dynamic resource's provider cannot come from code vitest transformed.
import { sdk as vcrooms } from "../support/pulumi";
import { automationPlace, inlineStack, type AutomationPlace } from "./automation";
import { cli } from "./support";

type Face = "dynamic" | "plugin";
interface Team {
    name: "a" | "b";
    emulator: () => RunningEmulator;
    domain: string;
    /** Team A's stacks declare TeamDefaults with this secret primaryColor; team B's none. */
    secretColor?: string;
}

const places: AutomationPlace[] = [];
let teamA: RunningEmulator;
let teamB: RunningEmulator;
const TEAMS: Team[] = [
    { name: "a", emulator: () => teamA, domain: "team-a", secretColor: "#13579B" },
    { name: "b", emulator: () => teamB, domain: "team-b" },
];
/** Team B's own primary colour, plain: what its Room inherits. (Not a free-text setting: those a Room keeps
 * secret whenever it does not declare them, since another stack of the team may have given them as secrets.) */
const B_COLOR = "#2468AC";

/** The plugin face's resources, registered as a generated SDK's classes do. */
class PluginResource extends pulumi.CustomResource {
    declare readonly roomUrl: pulumi.Output<string>;
    declare readonly primaryColor: pulumi.Output<string>;
    constructor(type: string, name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
        super(`vcrooms:index:${type}`, name, { roomUrl: undefined, primaryColor: undefined, ...args }, opts);
    }
}

/** One stack's program: team A's TeamDefaults (secret primaryColor) and a Room; team B's Room alone. */
function programFor(face: Face, team: Team, stackName: string) {
    return async () => {
        const friendlyUrl = `${stackName}-lobby`;
        if (face === "dynamic") {
            const defaults = team.secretColor ? new vcrooms.TeamDefaults("defaults", { primaryColor: pulumi.secret(team.secretColor) }) : undefined;
            const room = new vcrooms.Room("lobby", { friendlyUrl, description: `Lobby of ${stackName}` }, { dependsOn: defaults ? [defaults] : [] });
            return { url: room.roomUrl, primaryColor: room.primaryColor };
        }
        const defaults = team.secretColor ? new PluginResource("TeamDefaults", "defaults", { primaryColor: pulumi.secret(team.secretColor) }) : undefined;
        const room = new PluginResource("Room", "lobby", { friendlyUrl, description: `Lobby of ${stackName}` }, { dependsOn: defaults ? [defaults] : [] });
        return { url: room.roomUrl, primaryColor: room.primaryColor };
    };
}

/** The stack's outputs, each checked as its team's: the address on its domain, the primary colour secret only for team A. */
function expectOwnOutputs(outputs: OutputMap, team: Team, stackName: string, when: string): void {
    expect(outputs.url, `${stackName} ${when}`).toEqual({ value: `https://${team.domain}.digitalsamba.com/${stackName}-lobby`, secret: false });
    expect(outputs.primaryColor, `${stackName} ${when}`).toEqual(team.secretColor ? { value: team.secretColor, secret: true } : { value: B_COLOR, secret: false });
}

/** The writes the emulator's request log holds. */
const writesTo = async (emulator: RunningEmulator) => ((await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { entries: Array<{ method: string }> }).entries.filter((e) => e.method !== "GET");

/** preview, up, refresh and destroy of one stack, each checked. */
/** Every file of the place's file backend (state, backups, history). */
function backendText(place: AutomationPlace): string {
    const backend = path.join(place.dir, ".backend");
    return (fs.readdirSync(backend, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), "utf8"))
        .join("\n");
}

async function lifecycle(stack: Stack, team: Team, place: AutomationPlace): Promise<void> {
    const emulator = team.emulator();
    const name = stack.name;
    await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
    const preview = await stack.preview();
    // The stack, the Room and team A's TeamDefaults (a default provider is not counted).
    expect(preview.changeSummary.create, `${name} preview`).toBe(2 + (team.secretColor ? 1 : 0));
    expect(await writesTo(emulator), `${name} preview writes nothing`).toEqual([]);

    const up = await stack.up();
    expect(up.summary.result, `${name} up`).toBe("succeeded");
    expectOwnOutputs(up.outputs, team, name, "after up");
    const room = await apiCaller(emulator)("GET", `/rooms/${name}-lobby`);
    expect(room.body.description, `${name}'s room in its own team`).toBe(`Lobby of ${name}`);

    const refresh = await stack.refresh();
    expect(refresh.summary.result, `${name} refresh`).toBe("succeeded");
    expect(Object.keys(refresh.summary.resourceChanges ?? {}).filter((op) => op !== "same"), `${name} refresh changes nothing`).toEqual([]);
    expectOwnOutputs(await stack.outputs(), team, name, "after refresh");
    // The secret is kept encrypted in the state: never in clear in the stack's export.
    // (The Automation API's exportStack shows secrets: the backend's own files are what is kept.)
    if (team.secretColor) expect(backendText(place), `${name}: the backend holds the secret in clear`).not.toContain(team.secretColor);

    const destroy = await stack.destroy();
    expect(destroy.summary.result, `${name} destroy`).toBe("succeeded");
    expect((await apiCaller(emulator)("GET", `/rooms/${name}-lobby`)).status, `${name}'s room deleted`).toBe(404);
}

describe.skipIf("skip" in cli)("the Automation API: inline programs of two teams in one process, through the real Pulumi CLI", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0, domain: "team-a" }, { projects: places, started: (started) => (teamA = started) });
    useEmulator({ rateLimit: 0, domain: "team-b" }, { started: (started) => (teamB = started) });

    for (const face of ["dynamic", "plugin"] as const) {
        it(`${face} face: team A's stack then team B's, then both at once; each stack's outputs and secrets are its own`, async () => {
            expect((await apiCaller(teamB)("PATCH", "/", { primary_color: B_COLOR })).status).toBe(200);
            const stacks = new Map<Team, AutomationPlace>();
            for (const team of TEAMS) {
                const place = await automationPlace(`${face}-${team.name}`);
                places.push(place);
                stacks.set(team, place);
            }
            // Stack names carry the face: each stack's room (<stack>-lobby) is its own in its team.
            const stackOf = (team: Team, stackName: string) =>
                inlineStack(stacks.get(team)!, { project: `${face}-team-${team.name}`, stack: stackName, program: programFor(face, team, stackName), plugin: face === "plugin", emulator: team.emulator() });

            // One after the other: a1 (secret TeamDefaults) and then b1, as a controller loops over its stacks.
            for (const team of TEAMS) await lifecycle(await stackOf(team, `${face}-${team.name}1`), team, stacks.get(team)!);
            // At the same time.
            const [a2, b2] = await Promise.all(TEAMS.map((team) => stackOf(team, `${face}-${team.name}2`)));
            await Promise.all([lifecycle(a2!, TEAMS[0]!, stacks.get(TEAMS[0]!)!), lifecycle(b2!, TEAMS[1]!, stacks.get(TEAMS[1]!)!)]);
        });
    }
});
