/**
 * A small GitOps controller on Pulumi's Automation API: each file in a folder of desired state (teams/<team>.yaml)
 * is one team, and the stack of that name manages exactly the rooms the file lists. A run brings every stack to its
 * file (`up`, or `preview` with --preview, `destroy` with --destroy), one team after the other, or all at once with
 * --parallel, in this one process. The Pulumi program is inline (a function here), so the project needs no program
 * folder; the stacks live in whatever backend `pulumi login` chose.
 *
 *   node bin/controller.js [--preview | --destroy] [--parallel] [teams-folder]
 *
 * A team file: { apiUrl, developerKeyEnv (the environment variable holding the key: a key is never in the file),
 * rooms: [{ name, friendlyUrl?, ...any Room setting }] }.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, type EngineEvent, type Stack } from "@pulumi/pulumi/automation";
import { load } from "js-yaml";
import * as vcrooms from "pulumi-vcrooms";

interface DesiredRoom extends vcrooms.RoomArgs {
    name: string;
}

interface Team {
    name: string;
    apiUrl: string;
    developerKey: string;
    rooms: DesiredRoom[];
}

/** One team file, checked before any stack is touched; a mistake names the file and the entry. */
function readTeam(file: string): Team {
    const name = path.basename(file).replace(/\.ya?ml$/, "");
    const doc = load(fs.readFileSync(file, "utf8"), { filename: file }) as { apiUrl?: unknown; developerKeyEnv?: unknown; rooms?: unknown } | null;
    const fail = (what: string) => new Error(`${file}: ${what}`);
    if (typeof doc?.apiUrl !== "string") throw fail("apiUrl must be the team's API URL, ending in /api/v1");
    if (typeof doc.developerKeyEnv !== "string") throw fail("developerKeyEnv must name the environment variable that holds the team's developer key");
    const developerKey = process.env[doc.developerKeyEnv];
    if (!developerKey) throw fail(`the environment variable ${doc.developerKeyEnv} (developerKeyEnv) is not set`);
    const rooms = doc.rooms ?? [];
    if (!Array.isArray(rooms)) throw fail("rooms must be a list");
    const names = new Set<string>();
    for (const [i, room] of rooms.entries()) {
        if (typeof room?.name !== "string" || room.name === "") throw fail(`rooms[${i}] needs a name`);
        if (names.has(room.name)) throw fail(`room "${room.name}" is listed twice`);
        names.add(room.name);
    }
    return { name, apiUrl: doc.apiUrl, developerKey, rooms: rooms as DesiredRoom[] };
}

/** The inline program of a team's stack: one Room per entry (the provider checks each setting at preview). */
function programOf(team: Team) {
    return async () => {
        const urls: Record<string, pulumi.Output<string>> = {};
        for (const { name, friendlyUrl, ...settings } of team.rooms) {
            urls[name] = new vcrooms.Room(name, { friendlyUrl: friendlyUrl ?? name, ...settings }).roomUrl;
        }
        return { roomUrls: urls };
    };
}

/** The team's stack, in this folder's project, configured for the team (the key a secret in the stack's config). */
async function stackOf(team: Team): Promise<Stack> {
    // This folder is the work folder: the dynamic provider resolves pulumi-vcrooms from its node_modules.
    const stack = await LocalWorkspace.createOrSelectStack({ projectName: "vcrooms-automation", stackName: team.name, program: programOf(team) }, { workDir: path.join(__dirname, "..") });
    await stack.setAllConfig({
        "vcrooms:apiUrl": { value: team.apiUrl },
        "vcrooms:developerKey": { value: team.developerKey, secret: true },
    });
    return stack;
}

type Action = "up" | "preview" | "destroy";

/**
 * The run's warnings, printed as they come (on stderr, the team named): the provider warns (a setting the API did not
 * apply, a name its link cannot carry, a join token the room no longer admits), and a run that succeeds would
 * otherwise say nothing of them. The engine's warnings come as "warning" events; what a provider process writes on
 * its stderr (the package's own resources print their warnings there, as "warning: ...") comes as "info#err".
 */
function warningsOf(team: Team) {
    return {
        color: "never" as const,
        onEvent: (event: EngineEvent) => {
            const diagnostic = event.diagnosticEvent;
            if (!diagnostic || diagnostic.ephemeral) return;
            if (diagnostic.severity === "warning") console.error(`${team.name}: warning: ${diagnostic.message.trim()}`);
            else if (diagnostic.severity === "info#err") console.error(`${team.name}: ${diagnostic.message.trim()}`);
        },
    };
}

async function reconcile(team: Team, action: Action): Promise<string> {
    const stack = await stackOf(team);
    if (action === "preview") {
        const preview = await stack.preview(warningsOf(team));
        return `${team.name}: preview ${JSON.stringify(preview.changeSummary)}`;
    }
    if (action === "destroy") {
        await stack.destroy(warningsOf(team));
        return `${team.name}: destroyed`;
    }
    const up = await stack.up(warningsOf(team));
    const urls = (up.outputs.roomUrls?.value ?? {}) as Record<string, string>;
    return `${team.name}: ${up.summary.result}; ${Object.entries(urls).map(([room, url]) => `${room} ${url}`).join(", ") || "no rooms"}`;
}

async function main(): Promise<void> {
    const args = process.argv.slice(2);
    const action: Action = args.includes("--destroy") ? "destroy" : args.includes("--preview") ? "preview" : "up";
    const folder = args.find((a) => !a.startsWith("--")) ?? path.join(__dirname, "..", "teams");
    const teams = fs
        .readdirSync(folder)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => readTeam(path.join(folder, f)));
    if (args.includes("--parallel")) {
        for (const line of await Promise.all(teams.map((team) => reconcile(team, action)))) console.log(line);
    } else {
        for (const team of teams) console.log(await reconcile(team, action));
    }
}

main().catch((error: unknown) => {
    // A failed Pulumi command's message holds the CLI's whole output; the key is a secret there, never shown.
    console.error(`controller: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
});
