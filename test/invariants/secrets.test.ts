/**
 * Invariant: no secret in clear, anywhere. Through the real CLI, in each face and language (the dynamic resources of
 * `require("pulumi-vcrooms")`, the `vcrooms` plugin as a generated TypeScript SDK registers it, the plugin from
 * Python through the SDK `pulumi install` generates, run by upstream's Python host, the plugin from a Pulumi YAML
 * program, `fn::secret` in its text, run by upstream's YAML host, and the plugin from Go through the Go SDK `pulumi
 * install` generates, `pulumi.ToSecret` in the built-once program of goProject.ts), every input that
 * takes a text is made secret in code with a canary text of its own, and one program is stepped through a preview
 * under the policy pack (every policy on, judging the canaried settings), up, an update run with its refresh
 * (`up --refresh`), adopt-team (in the dynamic and the TypeScript plugin face: it reads the API and the stack's state,
 * which differ by face, not by language), a 4xx and a 5xx answer, a check failure, a lost create left unsettled and
 * then settled, and destroy (the plugin faces first import a room made outside, generating its code with `--out`).
 * Each step is a file rewritten (the plan each program reads), no `pulumi config` between operations. Every
 * channel is then searched for every canary: what the CLI printed (the policy pack's messages among it), `pulumi
 * stack export` (no --show-secrets) after each step that writes state, the resources' ids and URNs, the emulator's
 * request log, the code `pulumi import` generated, what adopt-team printed and the file it wrote, every file under
 * the project (its PULUMI_HOME and backend included; the YAML program's own text aside, which holds its secrets as a
 * user's does), and in every face of the plugin the plugin's own stderr (which the engine keeps for its `-v` log). A
 * hit names the face, the channel and the input. Each face runs at once with the others, on an emulator of its own.
 *
 * The inputs are derived from the declarations (secretCanaryInputs): each kind's every input whose rule takes a text
 * (a canary in one of a few forms: a word, a URL, DTMF digits), so a new text setting or input is covered the day it is
 * added. The TeamDefaults' settings reach the rooms that inherit them (a room of the program declares none of its own:
 * its inherited outputs carry the TeamDefaults' canaries), in the plugin face through another provider process; and to
 * a Room of another stack on the team, which cannot see they were given as secrets.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { PLUGIN_FOLDER, PulumiProject, ROOT } from "../../harness/pulumiCli";
import { withDeferredClosureModules } from "../../harness/preloads";
import { declarations, type Kind } from "../../provider/declarations";
import { inputSettings, type Declaration } from "../../provider/declarations/declaration";
import { inheritedCarryingOutputs, outputPlaceholders, userExtras } from "../../provider/declarations/derive";
import { STRING } from "../../provider/model/types";
import { apiCaller, control } from "../support/http";
import { cli, cliDir, programProject, projectFor, requestLog, withoutDebugEvents } from "../cli/support";
import { outsideRepository } from "../cli/install";
import { pythonMissing, pythonProject } from "./pythonProject";
import { goMissing, goProject, writeGoProgram, type GoProgram } from "./goProject";
import { outputsOf } from "./everyKindProgram";
import { settingByName, isSecret } from "../../provider/model/settings";
import { toApiName } from "../../provider/model/names";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/secretCanaries.js");
const PACK = path.join(ROOT, "policy");
const COMMAND = path.join(ROOT, "dist/cli/main.js");

/** Fixed-length tags, so no canary holds another; the run's own letters, so no text of another run matches. */
const RUN = randomBytes(4).toString("hex").replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!);
const RUN_DIGITS = String(100000 + (randomBytes(2).readUInt16BE() % 900000)).padStart(6, "0");

/**
 * The forms a canary may take, tried in order until the input's rule takes one: a word (letters and digits), a URL
 * (http, then a stream URL), DTMF digits. The text searched for is the word (or the digits), which each form holds.
 */
function canaryForms(word: string, digits: string): Array<{ value: string; needle: string }> {
    return [
        { value: word, needle: word },
        { value: `https://${word}.example.com/${word}.png`, needle: word },
        { value: `rtmp://${word}.example.com/live`, needle: word },
        { value: digits, needle: digits },
    ];
}

interface Canary {
    kind: Kind;
    input: string;
    value: string;
    /** The text searched for: the canary itself, or the part of it that is its own (a URL's host). */
    needle: string;
}

/**
 * Every input of a kind that takes a text, each with a canary its rule accepts: settings of the table compared as
 * they are written (roles and lists, which name what the team holds or take no text, are left out), and the user's
 * extra inputs of string type, but those whose values are the team's own (a role name; the API refuses any other)
 * and the reference to a room the plan fills itself.
 */
export function secretCanaryInputs(kind: Kind, index: number): Canary[] {
    const d: Declaration = declarations[kind];
    const candidates: Array<[string, (v: string) => boolean]> = [];
    for (const [name, s] of inputSettings(d)) {
        if ((s.compare !== "exact" && s.compare !== "image") || d.scope === undefined) continue;
        const validator = s.schema(d.scope);
        candidates.push([name, (v) => validator.safeParse(v).success]);
    }
    for (const [name, e] of userExtras(d)) {
        if (e.type !== STRING || e.required || e.allowed.includes("of the team")) continue;
        candidates.push([name, (v) => e.validate(v) === undefined]);
    }
    return candidates.flatMap(([input, accepts], i) => {
        const n = String(index * 100 + i).padStart(3, "0");
        const form = canaryForms(`cnry${n}${RUN}`, `908${n}${RUN_DIGITS}`).find((f) => accepts(f.value));
        return form ? [{ kind, input, value: form.value, needle: form.needle }] : [];
    });
}

/** A second canary for an input, for the update (`#2`), or one its rule refuses (a friendly URL too long). */
const variant = (c: Canary, mark: string): Canary => {
    const needle = `${c.needle.slice(0, 4)}${mark}${c.needle.slice(4 + mark.length)}`;
    return { ...c, input: `${c.input}#${mark}`, needle, value: c.value.split(c.needle).join(needle) };
};

type Channel = { channel: string; text: string };

/** Every hit of every canary in every channel, as `channel: kind.input`. */
function leaks(channels: Channel[], canaries: ReadonlyArray<{ kind: string; input: string; needle: string }>): string[] {
    return channels.flatMap(({ channel, text }) => canaries.filter((c) => text.includes(c.needle)).map((c) => `${channel}: ${c.kind}.${c.input}`));
}

/** Every file under a folder (symlinked node_modules left out), by its path from there. */
function filesUnder(dir: string): Channel[] {
    const found: Channel[] = [];
    const walk = (at: string) => {
        for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
            const full = path.join(at, entry.name);
            if (entry.name === "node_modules" || entry.isSymbolicLink()) continue;
            if (entry.isDirectory()) walk(full);
            else if (entry.isFile()) found.push({ channel: `file ${path.relative(dir, full)}`, text: fs.readFileSync(full, "utf8") });
        }
    };
    walk(dir);
    return found;
}

/** The Python program (secretCanaries.py), and what it reads beside it: every output of each kind, by the declarations. */
const pythonFiles = () => ({
    "__main__.py": fs.readFileSync(path.join(ROOT, "test/invariants/secretCanaries.py"), "utf8"),
    "outputs.json": JSON.stringify(Object.fromEntries((["teamDefaults", "room", "joinToken"] as Kind[]).map((k) => [k, Object.keys(outputPlaceholders(declarations[k]))]))),
});

/**
 * A Node.js preload that copies what the plugin writes on stderr into a file: given to a plugin face's processes
 * (NODE_OPTIONS), it reaches every Node.js process there (the TypeScript face's program too), and copies the stderr of
 * those run from the plugin's folder, whose stderr the engine keeps for its `-v` log. Its first line names the
 * process, so the test can tell the plugin's stderr was captured.
 */
const STDERR_TEE = `const fs = require("node:fs");
const file = process.env.VCROOMS_TEST_STDERR_FILE;
if (process.argv.slice(1).join(" ").includes(process.env.VCROOMS_TEST_STDERR_OF)) {
    fs.appendFileSync(file, "# " + process.argv.slice(1).join(" ") + "\\n");
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (chunk, ...rest) => (fs.appendFileSync(file, chunk), write(chunk, ...rest));
}
`;

type Face = "dynamic" | "plugin" | "python" | "yaml" | "go";
const FACES: Face[] = ["dynamic", "plugin", "python", "yaml", "go"];
const pythonSkip = "skip" in cli ? cli.skip : pythonMissing();
if (pythonSkip && process.env.CI && !("skip" in cli)) throw new Error(`the secrets harness's Python face must run under CI: ${pythonSkip}`);
const yamlSkip = "skip" in cli ? cli.skip : fs.existsSync(path.join(cliDir, "pulumi-language-yaml")) ? undefined : `no pulumi-language-yaml in ${cliDir}`;
if (yamlSkip && process.env.CI && !("skip" in cli)) throw new Error(`the secrets harness's YAML face must run under CI: ${yamlSkip}`);
const goSkip = "skip" in cli ? cli.skip : goMissing();
if (goSkip && process.env.CI && !("skip" in cli)) throw new Error(`the secrets harness's Go face must run under CI: ${goSkip}`);
const faceSkip: Record<Face, string | undefined> = { dynamic: undefined, plugin: undefined, python: pythonSkip, yaml: yamlSkip, go: goSkip };

/** A resource of the plan (test/cli/programs/secretCanaries.ts reads it): an arg `{ $secret: key }` is a canary's. */
interface PlanResource {
    name: string;
    args: Record<string, unknown>;
    provider?: string;
    dependsOnDefaults?: boolean;
    room?: string;
}
interface Plan {
    providers: string[];
    defaults?: PlanResource;
    rooms: PlanResource[];
    tokens: PlanResource[];
}

/**
 * The plan as a Pulumi YAML program: each canary written in it under `fn::secret`, as a user makes a value secret in
 * YAML; the explicit providers of the stack's API and key; every output of each resource a stack output.
 */
function yamlProgram(plan: Plan, secrets: Record<string, unknown>, emulator: RunningEmulator): string {
    const value = (v: unknown) => (v !== null && typeof v === "object" && "$secret" in v ? { "fn::secret": secrets[String((v as { $secret: unknown }).$secret)] } : v);
    const resources: Record<string, object> = {};
    const outputs: Record<string, object> = {};
    for (const name of plan.providers) resources[name] = { type: "pulumi:providers:vcrooms", properties: { apiUrl: emulator.baseUrl, developerKey: { "fn::secret": emulator.developerKey } } };
    const declare = (kind: Kind, d: PlanResource, extra: Record<string, unknown>, dependsOn: string[]) => {
        const options = { ...(d.provider ? { provider: `\${${d.provider}}` } : {}), ...(dependsOn.length > 0 ? { dependsOn: dependsOn.map((n) => `\${${n}}`) } : {}) };
        const properties = { ...Object.fromEntries(Object.entries(d.args).map(([k, v]) => [k, value(v)])), ...extra };
        resources[d.name] = { type: `vcrooms:${declarations[kind].type}`, properties, options };
        outputs[d.name] = Object.fromEntries(Object.keys(outputPlaceholders(declarations[kind])).map((o) => [o, `\${${d.name}.${o}}`]));
    };
    if (plan.defaults) declare("teamDefaults", plan.defaults, {}, []);
    for (const room of plan.rooms) declare("room", room, {}, room.dependsOnDefaults && plan.defaults ? [plan.defaults.name] : []);
    for (const token of plan.tokens) declare("joinToken", token, { room: `\${${token.room}.id}` }, []);
    // JSON is YAML too.
    return JSON.stringify({ name: "vcrooms-secrets-yaml", runtime: "yaml", packages: { vcrooms: PLUGIN_FOLDER }, resources, outputs }, null, 2);
}

/**
 * The plan as the Go program of goProject.ts reads it (declaredResources.go): each provider a resource of its own
 * (its key a secret of test:secrets, `provider.developerKey`), each canary `{ $secret: key }` as the program makes it
 * secret, every output of each resource a stack output.
 */
function goProgram(plan: Plan, emulator: RunningEmulator): GoProgram {
    const resource = (kind: Kind, d: PlanResource, extra: Record<string, unknown>, dependsOn: string[]) => ({
        name: d.name,
        type: `vcrooms:${declarations[kind].type}`,
        properties: { ...d.args, ...extra },
        dependsOn,
        ...(d.provider ? { provider: d.provider } : {}),
    });
    return {
        resources: [
            ...plan.providers.map((name) => ({ name, type: "pulumi:providers:vcrooms", properties: { apiUrl: emulator.baseUrl, developerKey: { $secret: "provider.developerKey" } } })),
            ...(plan.defaults ? [resource("teamDefaults", plan.defaults, {}, [])] : []),
            ...plan.rooms.map((room) => resource("room", room, {}, room.dependsOnDefaults && plan.defaults ? [plan.defaults.name] : [])),
            ...plan.tokens.map((token) => resource("joinToken", token, { room: `\${${token.room}.id}` }, [])),
        ],
        exports: Object.fromEntries((["teamDefaults", "room", "joinToken"] as Kind[]).map((k) => [`vcrooms:${declarations[k].type}`, outputsOf(k).map(([o]) => o)])),
    };
}

/**
 * The policy pack's configuration for the policy preview: every policy on (advisory, so the preview goes on to its
 * end and every policy judges every resource), and a room confidential when its friendly URL holds a canary's tag, so
 * the messages are about the canaried settings.
 */
const PACK_CONFIG = { all: "advisory", "confidential-rooms": { namePattern: "cnry" } };

describe.skipIf("skip" in cli)("invariant: no secret in clear, in any channel", { timeout: 900_000 }, () => {
    const emulators: RunningEmulator[] = [];
    const projects: PulumiProject[] = [];
    afterAll(async () => {
        for (const p of projects) p.dispose();
        for (const e of emulators) await e.close();
    });

    // Each face on an emulator of its own, all at once. SECRETS_FACES="python" runs only those faces (a local run).
    const only = process.env.SECRETS_FACES?.split(",");
    it.concurrent.each(FACES.filter((f) => faceSkip[f] === undefined && (only === undefined || only.includes(f))))("%s face: every text input made secret in code, through every operation, in no channel", async (face) => {
        const emulator = await startEmulator({ rateLimit: 0 });
        emulators.push(emulator);
        const api = apiCaller(emulator);
        const defaults = secretCanaryInputs("teamDefaults", 1);
        const room = secretCanaryInputs("room", 2);
        const token = secretCanaryInputs("joinToken", 3);
        const secretArgs = (canaries: Canary[], except: string[] = []) =>
            Object.fromEntries(canaries.filter((c) => !except.includes(c.input)).map((c) => [c.input.split("#")[0]!, { $secret: `${c.kind}.${c.input}` }]));
        const friendlyUrl = room.find((c) => c.input === "friendlyUrl")!;
        const description = room.find((c) => c.input === "description")!;
        const consent = defaults.find((c) => c.input === "consentMessage")!;
        const htmlTitle = room.find((c) => c.input === "htmlTitle")!;
        // The faults' and failures' own canaries.
        const updated = [variant(description, "u"), variant(consent, "u")];
        const echoed = variant(htmlTitle, "e");
        const taken = { ...variant(friendlyUrl, "t"), kind: "room" as Kind };
        const lost = variant(friendlyUrl, "l");
        const tooLong = { ...variant(friendlyUrl, "x"), value: `${variant(friendlyUrl, "x").value}-${"x".repeat(30)}` };
        const maxParticipants = { kind: "room" as Kind, input: "maxParticipants", value: 987654 as unknown as string, needle: "987654" };
        // The room made outside and imported: a canary in each setting the table marks secret (the import's read and
        // the code it generates must keep them).
        const imported = secretCanaryInputs("room", 4).filter((c) => {
            const setting = settingByName(toApiName(c.input));
            return setting !== undefined && isSecret(setting);
        });
        const developerKey = { kind: "provider", input: "developerKey", needle: emulator.developerKey };
        const all = [...defaults, ...room, ...token, ...updated, echoed, taken, lost, tooLong, maxParticipants];
        // The Go program's explicit providers read their key from test:secrets too.
        const secrets = { ...Object.fromEntries(all.map((c) => [`${c.kind}.${c.input}`, c.value])), ...(face === "go" ? { "provider.developerKey": emulator.developerKey } : {}) };

        const plugin = face !== "dynamic";
        // The plugin face: the TeamDefaults through one provider, the rooms and token through another (each its process).
        const via = (p: string) => (plugin ? { provider: p } : {});
        const team = { name: "team", args: secretArgs(defaults), ...via("p1") };
        const board = { name: "board", args: { ...secretArgs(room), restreamEnabled: true, restreamType: "custom", telephonyEnabled: true }, dependsOnDefaults: true, ...via("p2") };
        // Declares none of the TeamDefaults' settings: its outputs inherit them.
        const heir = { name: "heir", args: {}, dependsOnDefaults: true, ...via("p2") };
        const pass = { name: "pass", room: "board", args: { ...secretArgs(token), expiresAt: 600 }, ...via("p2") };
        let current: Plan = { providers: plugin ? ["p1", "p2"] : [], tokens: [pass], defaults: team, rooms: [board, heir] };
        /** The plan as the TypeScript and Python programs read it (plan.json): keys of test:secrets, no canary. */
        const plan = (changes: Partial<Plan> = {}) => {
            current = { ...current, ...changes };
            return JSON.stringify({ face, ...current });
        };
        const secretConfig = { "test:secrets": JSON.stringify(secrets) };
        // Outside the project: in each face of the plugin, the plugin's stderr copied into a file (searched as a channel
        // of its own); the code `pulumi import` generates, the file adopt-team writes, the policy pack's config.
        const outside = outsideRepository("vcrooms-secrets-out-");
        const stderrFile = path.join(outside, "plugin-stderr.log");
        if (plugin) fs.writeFileSync(path.join(outside, "tee.cjs"), STDERR_TEE);
        // The Go project runs the plugin through its node_modules link to this repository (goProject.ts).
        const pluginAt = face === "go" ? path.join("node_modules", "pulumi-vcrooms", "plugin") : PLUGIN_FOLDER;
        const teeEnv = (inherited: string | undefined) => ({ NODE_OPTIONS: [inherited, `--require ${path.join(outside, "tee.cjs")}`].filter(Boolean).join(" "), VCROOMS_TEST_STDERR_FILE: stderrFile, VCROOMS_TEST_STDERR_OF: pluginAt });
        let project: PulumiProject;
        if (face === "go") project = await goProject("vcrooms-secrets-go", emulator, goProgram(current, emulator), { env: teeEnv(undefined), secretConfig });
        else if (face === "python") project = await pythonProject("vcrooms-secrets-py", emulator, { ...pythonFiles(), "plan.json": plan() }, {}, secretConfig, teeEnv(undefined));
        else if (face === "yaml") {
            const folder = outsideRepository("vcrooms-secrets-yaml-");
            fs.writeFileSync(path.join(folder, "Pulumi.yaml"), yamlProgram(current, secrets, emulator));
            project = await new PulumiProject({ cliDir, folder, env: teeEnv(undefined) }).init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        } else if (face === "plugin") {
            // The project's processes as projectFor's, the closure modules' preload kept beside the tee.
            project = await programProject({ program: PROGRAM, plugin, env: teeEnv(withDeferredClosureModules(process.env.NODE_OPTIONS)) }).init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey, ...secretConfig });
        } else project = await projectFor(emulator, {}, { program: PROGRAM, plugin, secretConfig });
        projects.push(project);
        if (face === "dynamic" || face === "plugin") fs.writeFileSync(path.join(project.dir, "plan.json"), plan());
        /**
         * Steps the program to a new plan by rewriting a file the program reads, so a step runs no `pulumi` but its
         * operation: the YAML program, the Go program's program.json, the TypeScript and Python programs' plan.json.
         */
        const setPlan = (changes: Partial<Plan>) => {
            const text = plan(changes);
            if (face === "yaml") fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), yamlProgram(current, secrets, emulator));
            else if (face === "go") writeGoProgram(project.dir, goProgram(current, emulator));
            else fs.writeFileSync(path.join(project.dir, "plan.json"), text);
        };

        const channels: Channel[] = [];
        const printed = (step: string, r: { stdout: string; stderr: string }) => channels.push({ channel: `CLI output of ${step}`, text: `${withoutDebugEvents(r.stdout)}\n${r.stderr}` });
        // `pulumi stack export` after the update (whose ids a later step needs) and after the lost create: the state after
        // each other step is searched as the backend's history keeps it (a checkpoint per operation, under the
        // project, searched with every file there at the end), the same text the export prints. `pulumi stack
        // --show-ids` too where an id may carry a value (a lost create's); it shows every resource's outputs by then.
        const exported = async (step: string, showIds = false) => {
            const text = await project.exportText();
            channels.push({ channel: `stack export after ${step}`, text });
            const resources = (JSON.parse(text).deployment.resources ?? []) as Array<{ id?: string; urn: string }>;
            channels.push({ channel: `ids and URNs after ${step}`, text: resources.map((r) => `${r.id ?? ""} ${r.urn}`).join("\n") });
            if (showIds) {
                const ids = await project.run(["stack", "--show-ids"]);
                channels.push({ channel: `pulumi stack --show-ids after ${step}`, text: ids.stdout + ids.stderr });
            }
            return resources;
        };
        // A step that ends otherwise than expected is reported with the leaks, and the steps go on: one run shows all.
        const unexpected: string[] = [];
        const step = async (name: string, run: () => Promise<{ code: number; stdout: string; stderr: string }>, expected: "succeeds" | "fails") => {
            const r = await run();
            printed(name, r);
            if ((r.code === 0 ? "succeeds" : "fails") !== expected) unexpected.push(`${name} was expected to ${expected === "succeeds" ? "succeed" : "fail"}:\n${withoutDebugEvents(r.stdout).slice(-3000)}\n${r.stderr.slice(-2000)}`);
            return r;
        };

        if (plugin) {
            // An import of a room made outside, whose secret settings (by the table) neither the state, nor what the
            // import prints, nor the code it generates in the project's language (`--out`) may show; the program's up
            // then deletes it (the program does not declare it). First, while the team holds its own defaults: a room
            // read in a deployment that declares no TeamDefaults cannot know which of the team's defaults another
            // deployment gave as secrets (docs/assumptions.md).
            const made = (await api("POST", "/rooms", { friendly_url: `imported-${RUN}`, ...Object.fromEntries(imported.map((c) => [toApiName(c.input), c.value])) })).body as { id: string };
            const code = path.join(outside, "imported-code");
            await step("import", () => project.run(["import", "vcrooms:index:Room", "imported", made.id, "--yes", "--protect=false", "--non-interactive", "--out", code]), "succeeds");
            const generated = fs.existsSync(code) ? fs.readFileSync(code, "utf8") : "";
            // The code declares the room (its friendly URL), so the channel was written.
            if (!generated.includes(`imported-${RUN}`)) unexpected.push(`pulumi import --out generated no code declaring the imported room:\n${generated.slice(0, 2000)}`);
            channels.push({ channel: "the code pulumi import generated", text: generated });
        }
        // A preview under the policy pack, every policy on: its messages about the canaried settings are searched too.
        const packConfig = path.join(outside, "policy-config.json");
        fs.writeFileSync(packConfig, JSON.stringify(PACK_CONFIG));
        const judged = await step("preview under the policy pack", () => project.run(["preview", "--non-interactive", "--policy-pack", PACK, "--policy-pack-config", packConfig]), "succeeds");
        // The pack judged the canaried friendly URL (its message says it matched), so its output is the channel searched.
        if (!`${judged.stdout}${judged.stderr}`.includes(`Room "board": confidential (friendlyUrl [secret] matches cnry)`)) unexpected.push("the policy pack judged no canaried setting: no message on board's friendlyUrl");
        await step("up", () => project.up([], { preview: false }), "succeeds");
        // The update, run with its refresh first (`up --refresh`: the refresh's reads and the update's writes in one
        // run): a new canary for a room's setting and for a TeamDefaults' one its heir inherits.
        const updatedTeam = { ...team, args: { ...team.args, consentMessage: { $secret: `teamDefaults.${updated[1]!.input}` } } };
        const updatedBoard = { ...board, args: { ...board.args, description: { $secret: `room.${updated[0]!.input}` } } };
        setPlan({ defaults: updatedTeam, rooms: [updatedBoard, heir] });
        await step("refresh and update", () => project.up(["--refresh"], { preview: false }), "succeeds");
        const boardId = (await exported("refresh and update")).find((r) => r.urn.endsWith("::board"))!.id!;

        // adopt-team in the project's folder, its rooms kept (`--include-managed`): the team holds the canaried rooms,
        // and neither what it prints nor the document it writes may show a friendly URL the stack holds as a secret.
        // It reads the API and the stack's state, never the program: run in the two forms that state takes (the
        // dynamic face's resources and the plugin's, which every language's plugin face writes alike), not per language.
        if (face === "dynamic" || face === "plugin") {
            const document = path.join(outside, "adopted.json");
            const adopted = await step("adopt-team", () => project.runFile(process.execPath, [COMMAND, "adopt-team", "--include-managed", "--out", document]), "succeeds");
            const written = fs.existsSync(document) ? fs.readFileSync(document, "utf8") : "";
            if (!written.includes(boardId)) unexpected.push(`adopt-team wrote no entry for the board room (${boardId}):\n${written.slice(0, 2000)}\n${adopted.stderr.slice(0, 2000)}`);
            channels.push({ channel: "the file adopt-team wrote", text: written });
        }

        // Another stack on the team (a project of its own) whose Room declares no setting and which declares no
        // TeamDefaults: the team's settings that the TeamDefaults above was given as secrets reach it, and no
        // deployment of it can see they were; none may show in its channels. But the team's `domain`, which the
        // address of every room of the team shows (an output that `carriesInherited` it): docs/assumptions.md.
        // The JavaScript faces run it (the Python, YAML and Go faces' Rooms are the plugin's, as the plugin face's are).
        const strangerChannels: Channel[] = [];
        const addresses = new Set(inheritedCarryingOutputs(declarations.room).map(([, setting]) => setting));
        const inherited = [...defaults, updated[1]!].filter((c) => !addresses.has(c.input));
        if (face === "dynamic" || face === "plugin") {
            const stranger = await projectFor(emulator, {}, { program: PROGRAM, plugin });
            projects.push(stranger);
            fs.writeFileSync(path.join(stranger.dir, "plan.json"), JSON.stringify({ face, providers: [], rooms: [{ name: "stranger", args: {} }] }));
            const strangerStep = async (name: string, run: () => Promise<{ code: number; stdout: string; stderr: string }>) => {
                const r = await run();
                strangerChannels.push({ channel: `CLI output of another stack's ${name}`, text: `${withoutDebugEvents(r.stdout)}\n${r.stderr}` });
                if (r.code !== 0) unexpected.push(`another stack's ${name} failed:\n${withoutDebugEvents(r.stdout).slice(-3000)}\n${r.stderr.slice(-2000)}`);
            };
            // Its up and a refresh, the two that read the team's settings into its state (its destroy reads none); the
            // state after each is searched in its backend's history, under its folder.
            await strangerStep("up", () => stranger.up([], { preview: false }));
            await strangerStep("refresh", () => stranger.refresh([], { preview: false }));
            strangerChannels.push(...filesUnder(stranger.dir));
        }

        // A 4xx (a friendly URL another room holds) and a 5xx whose answer echoes what was sent, in one up.
        await api("POST", "/rooms", { friendly_url: taken.value });
        await control(emulator, "POST", "/faults", { method: "PATCH", path: `/api/v1/rooms/${boardId}`, count: 10, status: 500, body: { message: `Server Error while saving html_title ${echoed.value}`, error: "server-error" } });
        const boardEchoed = { ...updatedBoard, args: { ...updatedBoard.args, htmlTitle: { $secret: `room.${echoed.input}` } } };
        setPlan({ rooms: [boardEchoed, heir, { name: "taken", args: { friendlyUrl: { $secret: `room.${taken.input}` } }, ...via("p2") }] });
        await step("an up answered 422 and 500", () => project.up([], { preview: false }), "fails");
        await control(emulator, "DELETE", "/faults");

        // Check failures: a friendly URL declared twice, one too long, a maxParticipants out of range.
        const failing = { ...boardEchoed, args: { ...boardEchoed.args, maxParticipants: { $secret: "room.maxParticipants" } } };
        setPlan({ rooms: [failing, heir, { name: "twin", args: { friendlyUrl: { $secret: `room.${friendlyUrl.input}` } }, ...via("p2") }, { name: "long", args: { friendlyUrl: { $secret: `room.${tooLong.input}` } }, ...via("p2") }] });
        await step("a preview failing check", () => project.preview(), "fails");

        // A create whose answer and lookup are lost: kept in the stack unsettled, then settled by the next up.
        await control(emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        // The lookup: by the name's path, or (a secret name is never put in a path) through the listing.
        for (const lookup of ["/api/v1/rooms/*", "/api/v1/rooms"]) {
            await control(emulator, "POST", "/faults", { method: "GET", path: lookup, count: 10, status: 500, body: { message: "Server Error", error: "server-error" } });
        }
        setPlan({ rooms: [boardEchoed, heir, { name: "lost", args: { friendlyUrl: { $secret: `room.${lost.input}` } }, ...via("p2") }] });
        await step("an up whose create was lost", () => project.up([], { preview: false }), "fails");
        await control(emulator, "DELETE", "/faults");
        await exported("an up whose create was lost", true);
        await step("the up that settles it", () => project.up([], { preview: false }), "succeeds");

        await step("destroy", () => project.destroy([], { preview: false }), "succeeds");
        channels.push({ channel: "the emulator's request log", text: (await requestLog(emulator)).entries.map((e) => `${e.method} ${e.path}?${(e as { query?: string }).query ?? ""}`).join("\n") });
        // The YAML program's own text holds its secrets, as a user's does; the Go program's binary was built before any
        // command ran (and reading its megabytes for each canary would cost more than the rest of the search).
        const ownFiles: Partial<Record<Face, string>> = { yaml: "file Pulumi.yaml", go: "file program" };
        channels.push(...filesUnder(project.dir).filter((f) => f.channel !== ownFiles[face]));
        if (plugin) {
            // The plugin's own stderr: captured (its first line names the plugin's process), and searched too.
            const stderr = fs.existsSync(stderrFile) ? fs.readFileSync(stderrFile, "utf8") : "";
            if (!stderr.includes(pluginAt)) unexpected.push(`the plugin's stderr was not captured (${stderrFile} holds no line of a process run from ${pluginAt}):\n${stderr.slice(0, 2000)}`);
            channels.push({ channel: "the plugin's stderr", text: stderr });
        }
        fs.rmSync(outside, { recursive: true, force: true });

        const found = leaks(channels, [...all, ...(plugin ? imported : []), developerKey]).map((l) => `${face} face, ${l}`);
        const anotherStack = leaks(strangerChannels, [...inherited, developerKey]).map((l) => `${face} face, ${l}`);
        expect({ unexpected, leaks: found, anotherStack }).toEqual({ unexpected: [], leaks: [], anotherStack: [] });
    });
});
