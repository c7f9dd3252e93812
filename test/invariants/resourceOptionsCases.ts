/**
 * The resource-options harness's cases, run in three faces: test/invariants/resourceOptions.test.ts for the SDK's
 * dynamic resources, resourceOptionsPlugin.test.ts for the `vcrooms` plugin's (as a generated SDK registers them) and
 * resourceOptionsYaml.test.ts for the plugin's from a Pulumi YAML program (its `options:`): the resource options
 * Pulumi documents, through the real Pulumi CLI against the emulator. One project per face, stepped through the
 * cases: the JavaScript faces run one program (test/cli/programs/options.ts) changed by config, the YAML face writes
 * each step's Pulumi.yaml from the same declarations (`yamlProgram`). What each option must do is what Pulumi's
 * documentation says it does; where an option cannot work in a face, the face fails in one line that says so and
 * names what works (docs/assumptions.md, "Resource options"); where Pulumi YAML cannot express it, `IN_YAML` says why.
 *
 * Every kind of the declarations is under every option: the cases declare one resource of each kind (SAMPLES, a
 * record by kind, so a new kind does not compile until it has its sample) under each option, and a step's
 * claim holds for each of them. The TeamDefaults is the team's one record, so the options are grouped into a few
 * chains in which each kind's one resource carries several options at once (each option's effect is seen apart:
 * ignoreChanges and aliases leave an up with no write, protect refuses a delete, retainOnDelete and deletedWith leave
 * the API untouched, replaceOnChanges and replacementTrigger replace); replaceWith has a case of its own, each
 * kind bound to one Room. Cases particular to Rooms (two of one name under two components, a transform's secret,
 * the friendlyUrl a create-first replacement meets) follow.
 *
 * What customTimeouts does in the plugin face (giving up after it) is test/cli/customTimeouts.test.ts: here, that the
 * plugin takes it on every kind and the SDK face refuses it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PLUGIN_FOLDER, ROOT, type PulumiProject, type JsonRun, type CommandResult } from "../../harness/pulumiCli";
import { declarations, type Kind } from "../../provider/declarations";
import { notImportableMessage } from "../../provider/declarations/derive";
import { clearLog, cli, projectFor, requestLog } from "../cli/support";
import { outsideRepository } from "../cli/install";
import { useEmulator } from "../support/emulator";
import { typeOf } from "./everyKindProgram";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/options.js");

interface LiveRoom {
    id: string;
    friendly_url: string;
    description: string | null;
}

type Run = JsonRun & CommandResult;
/** What a run told the user: its diagnostics (the engine's errors and warnings) and its standard error. */
const said = (run: Run) => [...run.diagnostics.map((d) => d.message), run.stderr].join("\n");
const opOf = (run: Run, name: string) =>
    run.steps
        .filter((s) => s.name === name && !s.type.includes("Stack"))
        .map((s) => s.op)
        .join(",");

/**
 * Every option of @pulumi/pulumi's CustomResourceOptions and where it is covered, or that it is not: a record by
 * option, so an option a newer SDK adds does not compile until it is placed here.
 */
export const OPTIONS_COVERED: Record<keyof pulumi.CustomResourceOptions, string> = {
    dependsOn: "the first chain: on a Room created in the same up, its id unknown at preview",
    ignoreChanges: "the first chain",
    aliases: "the first chain: a rename and a move under a component",
    parent: "the first chain's move, and two Rooms of one name under two components",
    protect: "the first chain",
    retainOnDelete: "the first chain",
    replaceOnChanges: "the second chain",
    hideDiffs: "the second chain",
    replacementTrigger: "the second chain, and a Room's create-first replacement under its friendlyUrl",
    deleteBeforeReplace: "the second chain, and a Room's create-first replacement under its friendlyUrl",
    deletedWith: "the second chain",
    import: "the third case",
    customTimeouts: "the third case (what the plugin does at the timeout: test/cli/customTimeouts.test.ts)",
    transforms: "a stack transform's secret, on Rooms",
    provider: "not here: explicit providers are test/cli/pluginOneTeam.test.ts and test/cli/connectionChange.test.ts",
    additionalSecretOutputs: "not here: the SDK face sets it itself for the outputs that carry a secret input",
    transformations: "not covered: the older form of transforms",
    id: "not covered: a resource's get by id",
    urn: "not covered: a resource's get by URN",
    version: "not here: test/release/programs.test.ts, the Python SDK's resources (which set it to the SDK's version): installed alone, another version fails naming the one asked for; beside it, the asked version runs",
    pluginDownloadURL: "not here: test/release/programs.test.ts, the Python SDK's resources (which set it from the schema): the engine's failure names the URL they ask the plugin from",
    stateMigrations: "not covered",
    replaceWith: "the replaceWith case: on every kind, bound to a Room replaced by a create-only change",
    hooks: "not covered: resource hooks run the program's own functions around the engine's steps; nothing the provider does is in them",
    envVarMappings: "the plugin face's envVarMappings case, on an explicit provider; an option of provider resources, so the third case shows the engine refusing it on a dynamic resource in one line (the YAML face's cases declare no provider)",
};

/**
 * How each option is in the YAML face: `yaml`, how the cases write it in a resource's `options:` (the YAML face runs
 * the cases that use it, and its last test fails unless some step wrote it); `notCovered`, expressible in Pulumi YAML
 * but covered in no face (OPTIONS_COVERED says so); `notApplicable`, why Pulumi YAML cannot express it (its runner
 * refuses the key, and the cases never write it there). A record by option, so a new option is classified for YAML
 * too before it compiles. Pulumi YAML's `options:` are pulumi-yaml's ResourceOptionsDecl (v1.38.3, the CLI's pin).
 */
export const IN_YAML: Record<keyof pulumi.CustomResourceOptions, { yaml: string } | { notCovered: string } | { notApplicable: string }> = {
    dependsOn: { yaml: "dependsOn: [${host}], a Room created in the same up" },
    ignoreChanges: { yaml: "ignoreChanges: [input], and an element of a create-only list (languages[1])" },
    aliases: { yaml: "aliases: [{name, noParent: true}]: the rename and the move under a parent resource" },
    parent: { yaml: "parent: ${host}, a Room: YAML programs have no components (pulumi-yaml: \"components are only supported in plugins, not in programs\"), so the move is under a custom resource, and the two Rooms of one name under two components are the JavaScript faces' only" },
    protect: { yaml: "protect: true" },
    retainOnDelete: { yaml: "retainOnDelete: true" },
    replaceOnChanges: { yaml: "replaceOnChanges: [input]" },
    hideDiffs: { yaml: "hideDiffs: [input]" },
    replacementTrigger: { yaml: "replacementTrigger: a string, and a Room's create-first replacement under its friendlyUrl" },
    deleteBeforeReplace: { yaml: "deleteBeforeReplace: true" },
    deletedWith: { yaml: "deletedWith: ${host}" },
    import: { yaml: "import: the room's id" },
    customTimeouts: { yaml: "customTimeouts: {create, update, delete}" },
    transforms: { notApplicable: "Pulumi YAML has no transforms (no such option, no stack transform): a transform needs a program in a general-purpose language; the transform's secret case is the JavaScript faces' only" },
    transformations: { notApplicable: "Pulumi YAML has no transformations either" },
    id: { notApplicable: "a resource's get is `get:` beside `properties:` in Pulumi YAML, not an option" },
    urn: { notApplicable: "Pulumi YAML cannot get a resource by URN" },
    stateMigrations: { notApplicable: "Pulumi YAML has no stateMigrations option" },
    hooks: { notApplicable: "Pulumi YAML has no hooks option" },
    provider: { notCovered: OPTIONS_COVERED.provider },
    additionalSecretOutputs: { notCovered: "the plugin's schema marks the secret outputs, which Pulumi YAML applies itself" },
    version: { notCovered: OPTIONS_COVERED.version },
    pluginDownloadURL: { notCovered: OPTIONS_COVERED.pluginDownloadURL },
    replaceWith: { yaml: "replaceWith: [${target}], a Room replaced by a create-only change" },
    envVarMappings: { notCovered: "Pulumi YAML takes it on a provider resource, but the YAML face's cases declare no provider: the plugin face's case covers it" },
};

/** A resource as the cases declare it (the program's `test:resources` entry; test/cli/programs/options.ts). */
interface Declared {
    kind: string;
    name: string;
    parent?: string;
    args?: Record<string, unknown>;
    options?: Record<string, unknown>;
}

/**
 * The cases' declarations as a Pulumi YAML program on the plugin of this repository: each resource's args as its
 * `properties` (`{ $ref: "host.id" }` as `${host.id}`), its options as its `options:`, resources named as YAML
 * interpolates them. `written` collects the options it wrote. An option of `IN_YAML` that is not applicable, or one
 * the cases write that this does not know, fails here rather than being left out.
 */
export function yamlProgram(name: string, resources: Declared[], written: Set<string>): string {
    const value = (v: unknown): unknown => {
        if (Array.isArray(v)) return v.map(value);
        if (v === null || typeof v !== "object") return v;
        const ref = (v as { $ref?: unknown }).$ref;
        if (typeof ref === "string") return `\${${ref}}`;
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
    };
    const named = (n: string) => `\${${n}}`;
    const option = (key: string, v: unknown): unknown => {
        const placed = IN_YAML[key as keyof typeof IN_YAML];
        if (placed === undefined || "notApplicable" in placed) throw new Error(`the YAML face cannot write the option ${key}: ${placed ? placed.notApplicable : "not in IN_YAML"}`);
        written.add(key);
        switch (key) {
            case "dependsOn":
            case "replaceWith":
                return (v as string[]).map(named);
            case "deletedWith":
                return named(v as string);
            case "aliases":
                return (v as Array<{ name?: string; parent?: string }>).map((a) => ({ ...(a.name ? { name: a.name } : {}), ...(a.parent === "root" ? { noParent: true } : a.parent ? { parent: named(a.parent) } : {}) }));
            default:
                return v;
        }
    };
    const program = Object.fromEntries(
        resources.map((r) => {
            const options = Object.fromEntries(
                Object.entries({ ...r.options, parent: r.parent })
                    .filter(([, v]) => v !== undefined)
                    .map(([k, v]) => [k, k === "parent" ? (written.add(k), named(v as string)) : option(k, v)]),
            );
            return [r.name, { type: `vcrooms:index:${r.kind}`, properties: value(r.args ?? {}), ...(Object.keys(options).length > 0 ? { options } : {}) }];
        }),
    );
    // JSON is YAML too (js-yaml's `load` is all this repository declares of it).
    return JSON.stringify({ name, runtime: "yaml", packages: { vcrooms: PLUGIN_FOLDER }, resources: program }, null, 2) + "\n";
}

/** Every kind, from the declarations. */
const KINDS = Object.keys(declarations) as Kind[];

type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** How the cases declare a kind: its args (`host`: a Room the kind may name), and one input they change. */
interface Sample {
    readonly args: (host: string) => Record<string, unknown>;
    /** The input a step changes, its first and second value, and whether a change of it is made in place. */
    readonly change: { readonly input: string; readonly first: unknown; readonly second: unknown; readonly inPlace: boolean };
    /** The changed input as the API holds it for the resource of this id, where the API keeps it. */
    readonly live?: (api: Api, id: string) => Promise<unknown>;
    /** A list input whose one element `ignoreChanges` names (`path`, as `input[1]`): its two values, and the list as the API holds it. */
    readonly element?: { readonly input: string; readonly path: string; readonly first: unknown[]; readonly second: unknown[]; readonly live: (api: Api, id: string) => Promise<unknown> };
}

const SAMPLES: Record<Kind, Sample> = {
    room: {
        args: () => ({}),
        change: { input: "description", first: "First topic", second: "Second topic", inPlace: true },
        live: async (api, id) => (await api("GET", `/rooms/${id}`)).body.description,
        // Create-only on a room: a change of it not ignored would replace the room.
        element: { input: "languages", path: "languages[1]", first: ["en", "de-DE"], second: ["en", "nl-NL"], live: async (api, id) => (await api("GET", `/rooms/${id}`)).body.languages },
    },
    teamDefaults: {
        args: () => ({}),
        change: { input: "chatEnabled", first: false, second: true, inPlace: true },
        live: async (api) => (await api("GET", "/")).body.chat_enabled,
    },
    joinToken: { args: (host) => ({ room: { $ref: `${host}.id` } }), change: { input: "userName", first: "Ada", second: "Grace", inPlace: false } },
    roomContentPurge: { args: (host) => ({ room: { $ref: `${host}.id` }, kinds: ["chat"] }), change: { input: "triggers", first: [1], second: [2], inPlace: false } },
};

/** The YAML face's project name. */
const YAML_PROJECT = "vcrooms-options-yaml";

/** The room the kinds that need one name. */
const HOST = { kind: "Room", name: "host", args: { description: "Host room" } };

/** A resource of `kind` named after it, its changed input at `second` or not, with `options`. */
const sampleOf = (kind: Kind, second: boolean, options: Record<string, unknown>, extra: { name?: string; parent?: string } = {}) => {
    const sample = SAMPLES[kind];
    return { kind: typeOf(kind), name: extra.name ?? kind, parent: extra.parent, args: { ...sample.args(HOST.name), [sample.change.input]: second ? sample.change.second : sample.change.first }, options };
};

/** The API writes since the log was cleared, as `METHOD path`. */
const writesOf = async (emulator: RunningEmulator) => (await requestLog(emulator)).entries.filter((e) => e.method !== "GET" && e.path.startsWith("/api/v1")).map((e) => `${e.method} ${e.path}`);

/** A face of the harness: the SDK's dynamic resources, the plugin's from JavaScript, the plugin's from Pulumi YAML. */
export type Face = "dynamic" | "plugin" | "yaml";

const yamlHost = "dir" in cli ? path.join(cli.dir, "pulumi-language-yaml") : "";
/** Why a face cannot run here (no CLI, no YAML host), if it cannot. */
const missing = (face: Face) => ("skip" in cli ? cli.skip : face === "yaml" && !fs.existsSync(yamlHost) ? `no Pulumi YAML language host at ${yamlHost}` : undefined);

/** The cases in one face: one project, stepped through them. */
export function resourceOptionCases(face: Face): void {
    let emulator: RunningEmulator;
    const projects: PulumiProject[] = [];
    const skip = missing(face);
    if (skip && process.env.CI) throw new Error(`the resource-options harness's ${face} face must run under CI: ${skip}`);
    /** The options the YAML face's programs wrote (its last test holds them against IN_YAML). */
    const written = new Set<string>();
    describe.skipIf(skip !== undefined)(`resource options through the real Pulumi CLI, ${face} face`, { timeout: 900_000 }, () => {
        const { api } = useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });
        const liveRooms = async () => (await api("GET", "/rooms")).body.data as LiveRoom[];
        const roomUnder = async (friendlyUrl: string) => (await liveRooms()).find((r) => r.friendly_url === friendlyUrl);
        {
            let project: PulumiProject;
            /**
             * Declares `resources` (and what else the case sets): as the program's config in the JavaScript faces, as the
             * project's Pulumi.yaml in the YAML face (which has no components, transforms or stack outputs to write).
             */
            const declare = async (config: { resources?: Declared[]; components?: unknown[]; outputs?: unknown[]; secretTransform?: string[]; refusals?: "log"; providers?: unknown[] }) => {
                if (face === "yaml") {
                    if (config.components?.length || config.outputs?.length || config.secretTransform?.length || config.providers?.length) throw new Error("the YAML face declares resources only");
                    fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), yamlProgram(YAML_PROJECT, config.resources ?? [], written));
                    return;
                }
                // Written into the stack's config file (setConfig, harness/stackConfig.ts), as a user may edit it: what the
                // program reads is the same, and a step costs no CLI start of its own.
                await project.setConfig({
                    "test:resources": JSON.stringify(config.resources ?? []),
                    "test:components": JSON.stringify(config.components ?? []),
                    "test:outputs": JSON.stringify(config.outputs ?? []),
                    "test:secretTransform": JSON.stringify(config.secretTransform ?? []),
                    "test:refusals": config.refusals ?? "throw",
                    "test:providers": JSON.stringify(config.providers ?? []),
                });
            };
            /** Empties the stack: the next case starts from nothing. */
            const clear = async () => {
                await declare({});
                const up = await upOk();
            };
            /**
             * What a case starts from: an empty stack and an empty team (a case, or a failed one, may leave either behind).
             * What is left is dropped from the state (`pulumi state delete --all --force`, protected resources too) and
             * the team reset, rather than deleted by an up: the same start, for one CLI start instead of an operation
             * (a case's own deletes, which it checks, are its own ups). The provider's records of the team's original
             * defaults go with the team they were of.
             */
            const fresh = async () => {
                const left = project.savedDeployment().resources?.filter((r) => r.custom && !String(r.type).startsWith("pulumi:providers:")) ?? [];
                if (left.length > 0) await project.must(["state", "delete", "--all", "--force", "--yes"]);
                fs.rmSync(path.join(project.dir, ".pulumi-home", "vcrooms", "team-defaults"), { recursive: true, force: true });
                await api("POST", "/reset");
            };
            /**
             * The state of each resource of the stack, by name (the last part of its URN), from the backend's checkpoint
             * file (what `pulumi stack export` prints, with no CLI start).
             */
            const states = async () => {
                const resources = project.savedDeployment().resources ?? [];
                return (name: string) => resources.find((r) => String(r.urn).endsWith(`::${name}`));
            };
            /** The id of each kind's resource in the stack's state, by kind (its name, or `name(kind)`). */
            const idsOf = async (name: (kind: Kind) => string = (k) => k, state?: Awaited<ReturnType<typeof states>>) => {
                state ??= await states();
                return Object.fromEntries(KINDS.map((k) => [k, state(name(k))?.id as string | undefined] as const)) as Record<Kind, string | undefined>;
            };
            /** Each kind's changed input as the API holds it, where it keeps it. */
            const liveOf = async (ids: Record<Kind, string | undefined>) =>
                Object.fromEntries(await Promise.all(KINDS.filter((k) => SAMPLES[k].live).map(async (k) => [k, await SAMPLES[k].live!(api, ids[k]!)] as const)));
            const expected = (second: boolean) => Object.fromEntries(KINDS.filter((k) => SAMPLES[k].live).map((k) => [k, second ? SAMPLES[k].change.second : SAMPLES[k].change.first]));
            /** `pulumi up` that must succeed. */
            const upOk = async (flags: string[] = [], options = { preview: false }) => {
                const up = await project.up(flags, options);
                expect(up.code, said(up)).toBe(0);
                return up;
            };

            it(`${face}: the project starts`, async () => {
                if (face === "yaml") {
                    const folder = outsideRepository("vcrooms-options-yaml-");
                    fs.writeFileSync(path.join(folder, "Pulumi.yaml"), yamlProgram(YAML_PROJECT, [], written));
                    project = await projectFor(emulator, {}, { folder });
                } else {
                    // TEAM_KEY: the developer key under a name of the team's own, which the envVarMappings case maps.
                    const env = face === "plugin" ? { TEAM_KEY: emulator.developerKey } : undefined;
                    project = await projectFor(emulator, { "test:face": face }, { program: PROGRAM, plugin: face === "plugin", secretConfig: { "test:secret": "Confidential board topic" }, env });
                }
                projects.push(project);
            });

            // Pulumi YAML has neither components nor transforms (IN_YAML.parent, IN_YAML.transforms): these two are the JavaScript faces'.
            if (face !== "yaml") {
                it(`${face}: two Rooms of one name under two components are two resources: one friendlyUrl for both is refused at preview, naming each by URN; dropping one component leaves the other's room`, async () => {
                    await fresh();
                    const components = [
                        { name: "sales", type: "Sales" },
                        { name: "support", type: "Support" },
                    ];
                    const lobby = (parent: string, friendlyUrl: string, extra: Record<string, unknown> = {}) => ({ kind: "Room", name: "lobby", parent, args: { friendlyUrl, description: `${parent} lobby`, ...extra } });
                    await declare({ components, resources: [lobby("sales", "acme-lobby"), lobby("support", "acme-lobby")] });
                    const shared = await project.preview();
                    expect(shared.code).not.toBe(0);
                    expect(said(shared)).toMatch(/friendlyUrl is also declared by Room "lobby" \(urn:pulumi:[^)]*::test:index:(Sales|Support)\$[^)]*::lobby\) of this stack/);
                    // adoptExisting does not make them one resource either.
                    await declare({ components, resources: [lobby("sales", "acme-lobby", { adoptExisting: true }), lobby("support", "acme-lobby", { adoptExisting: true })] });
                    const adopting = await project.up([], { preview: false });
                    expect(adopting.code).not.toBe(0);
                    expect((await liveRooms()).filter((r) => r.friendly_url === "acme-lobby").length).toBeLessThanOrEqual(1);
                    await clear();

                    await declare({ components, resources: [lobby("sales", "acme-sales"), lobby("support", "acme-support")] });
                    await upOk();
                    const sales = await roomUnder("acme-sales");
                    await declare({ components: components.slice(0, 1), resources: [lobby("sales", "acme-sales")] });
                    await upOk();
                    expect(await roomUnder("acme-support")).toBeUndefined();
                    expect((await roomUnder("acme-sales"))?.id).toBe(sales!.id);
                    const refreshed = await project.refresh([], { preview: false });
                    expect(refreshed.code, said(refreshed)).toBe(0);
                    expect(project.savedDeployment().resources?.filter((r) => String(r.urn).endsWith("::lobby"))).toHaveLength(1);
                });

                it(`${face}: a description a stack transform makes secret keeps topic, which carries it, secret in the outputs and the state`, async () => {
                    await fresh();
                    await declare({
                        resources: [{ kind: "Room", name: "board", args: { description: "Plain board topic" } }],
                        secretTransform: ["description"],
                        outputs: [{ name: "topic", of: "board", output: "topic" }],
                    });
                    await upOk();
                    expect((await liveRooms()).map((r) => r.description)).toContain("Confidential board topic");
                    expect(await project.outputs()).toEqual({ topic: "[secret]" });
                    expect(await project.exportText()).not.toContain("Confidential board topic");
                });

            }

            it(`${face}: replacementTrigger on a Room with a declared friendlyUrl: the create-first replacement is refused naming deleteBeforeReplace, which then replaces it`, async () => {
                const room = (trigger: string, options: Record<string, unknown> = {}) => ({ kind: "Room", name: "triggered", args: { friendlyUrl: "acme-triggered", description: "Triggered room" }, options: { replacementTrigger: trigger, ...options } });
                await fresh();
                await declare({ resources: [room("1")] });
                await upOk();
                const before = await roomUnder("acme-triggered");

                await declare({ resources: [room("2")] });
                const stuck = await project.up([], { preview: false });
                expect(stuck.code).not.toBe(0);
                expect(said(stuck)).toContain("deleteBeforeReplace");

                await declare({ resources: [room("2", { deleteBeforeReplace: true })] });
                await upOk();
                const after = await roomUnder("acme-triggered");
                expect(after?.id).toBeDefined();
                expect(after!.id).not.toBe(before!.id);
            });

            it(`${face}: on every kind, dependsOn on an unknown id, ignoreChanges (an input, and an element of a create-only list), aliases (a rename and a move under a ${face === "yaml" ? "parent resource" : "component"}), protect and retainOnDelete do what Pulumi's docs say`, async () => {
                await fresh();
                // Pulumi YAML programs have no components (IN_YAML.parent): there the move is under the host room.
                const components = face === "yaml" ? [] : [{ name: "box", type: "Box" }];
                const under = face === "yaml" ? HOST.name : "box";
                const moved = (k: Kind) => `${k}-moved`;
                const ignored = (k: Kind) => [SAMPLES[k].change.input, ...(SAMPLES[k].element ? [SAMPLES[k].element.path] : [])];
                const step = (s: { second: boolean; moved: boolean; protect: boolean; retainOnDelete?: boolean }) => [
                    HOST,
                    ...KINDS.map((k) => {
                        const declared = sampleOf(
                            k,
                            s.second,
                            { dependsOn: ["host"], ignoreChanges: ignored(k), protect: s.protect, retainOnDelete: s.retainOnDelete, aliases: s.moved ? [{ name: k, parent: "root" }] : undefined },
                            s.moved ? { name: moved(k), parent: under } : {},
                        );
                        const element = SAMPLES[k].element;
                        return element ? { ...declared, args: { ...declared.args, [element.input]: s.second ? element.second : element.first } } : declared;
                    }),
                ];
                /** Each kind's ignored inputs as the API holds them, and what they must be: the first values, never the ignored second. */
                const keptOf = async (ids: Record<Kind, string | undefined>) => ({
                    ...(await liveOf(ids)),
                    ...Object.fromEntries(await Promise.all(KINDS.filter((k) => SAMPLES[k].element).map(async (k) => [`${k} ${SAMPLES[k].element!.path}`, await SAMPLES[k].element!.live(api, ids[k]!)] as const))),
                });
                const firstValues = { ...expected(false), ...Object.fromEntries(KINDS.filter((k) => SAMPLES[k].element).map((k) => [`${k} ${SAMPLES[k].element!.path}`, SAMPLES[k].element!.first])) };
                // dependsOn a Room created in the same up: its id unknown at preview, every kind is planned as a create.
                await declare({ components, resources: step({ second: false, moved: false, protect: true }) });
                const first = await project.preview();
                expect(first.code, said(first)).toBe(0);
                for (const k of KINDS) expect(opOf(first, k), `${face}, ${k}: dependsOn on an unknown id`).toBe("create");
                await upOk();
                const ids = await idsOf();
                expect(await keptOf(ids), `${face}: the first values`).toEqual(firstValues);

                // The ignored inputs changed, and each resource renamed and moved with aliases: no change, no write.
                await declare({ components, resources: step({ second: true, moved: true, protect: true }) });
                await clearLog(emulator);
                const second = await project.up([], { preview: false });
                // Protected, a kind the option failed on is refused a replacement: the failure names it and its ignored inputs.
                const failedOn = KINDS.filter((k) => second.diagnostics.some((d) => `${d.urn ?? ""} ${d.message}`.includes(`::${moved(k)}`)));
                const refusal = `${face}: ignoreChanges and aliases must leave every kind unchanged, but the up failed on ${failedOn.map((k) => `${k} (ignoreChanges [${ignored(k).join(", ")}])`).join(", ")}:\n${said(second)}`;
                expect(second.code, refusal).toBe(0);
                for (const k of KINDS) expect(["", "same"], `${face}, ${k}: ignoreChanges [${ignored(k).join(", ")}] and aliases (renamed, moved under ${under}) leave no change`).toContain(opOf(second, moved(k)));
                expect(await writesOf(emulator), `${face}: ignoreChanges and aliases leave no write`).toEqual([]);
                expect(await idsOf(moved), `${face}: aliases keep each kind's resource`).toEqual(ids);
                expect(await keptOf(ids), `${face}: ignoreChanges keeps the first values in the API`).toEqual(firstValues);

                // protect: dropping them fails, naming the option, and every one stays.
                await declare({ components, resources: [HOST] });
                const refused = await project.up([], { preview: false });
                expect(refused.code).not.toBe(0);
                expect(said(refused)).toMatch(/protect/);
                expect(await idsOf(moved), `${face}: protect keeps each kind's resource`).toEqual(ids);

                // retainOnDelete: unprotected, dropped with their host room: only the host room is deleted in the API.
                await declare({ components, resources: step({ second: true, moved: true, protect: false, retainOnDelete: true }) });
                await upOk();
                await clearLog(emulator);
                await declare({});
                await upOk();
                const host = (await api("GET", "/rooms")).body.data.find((r: LiveRoom) => r.description === "Host room");
                expect(host).toBeUndefined();
                expect(await writesOf(emulator), `${face}: retainOnDelete deletes none but the host room`).toEqual([expect.stringMatching(/^DELETE \/api\/v1\/rooms\//)]);
                expect(await liveOf(ids)).toEqual(expected(false));
            });

            it(`${face}: on every kind, replaceOnChanges and replacementTrigger replace, deleteBeforeReplace deletes first, hideDiffs hides the input's diff, deletedWith leaves the API untouched`, async () => {
                await fresh();
                const step = (second: boolean, trigger: string, more: Record<string, unknown> = {}) => [
                    HOST,
                    ...KINDS.map((k) => sampleOf(k, second, { replaceOnChanges: [SAMPLES[k].change.input], hideDiffs: [SAMPLES[k].change.input], replacementTrigger: trigger, ...more })),
                ];
                await declare({ resources: step(false, "1") });
                await upOk();
                const before = await idsOf();

                // replaceOnChanges: the input changed replaces each kind (the up's steps); hideDiffs keeps its diff out of the display.
                await declare({ resources: step(true, "1") });
                const shown = await project.run(["preview", "--diff", "--non-interactive"]);
                expect(shown.code, shown.stderr).toBe(0);
                for (const k of KINDS) expect(shown.stdout, k).not.toMatch(new RegExp(`^\\s*[-+~]+\\s*${SAMPLES[k].change.input}:`, "m"));
                const up = await upOk([], { preview: false });
                // Replaced, not updated: the TeamDefaults keeps its id (the team's), so the up's steps say so.
                for (const k of KINDS) expect(opOf(up, k), k).toContain("create-replacement");
                const replaced = await idsOf();
                for (const k of KINDS.filter((k) => k !== "teamDefaults")) expect(replaced[k], k).not.toBe(before[k]);
                expect(await liveOf(replaced)).toEqual(expected(true));

                // replacementTrigger with deleteBeforeReplace: each kind is replaced, its old resource deleted before the new one is created.
                await declare({ resources: step(true, "2", { deleteBeforeReplace: true, deletedWith: "host" }) });
                const triggered = await upOk([], { preview: false });
                for (const k of KINDS) {
                    const ops = triggered.steps.filter((s) => s.name === k).map((s) => s.op);
                    expect(ops.indexOf("delete-replaced"), `${k}: ${ops.join(",")}`).toBeGreaterThanOrEqual(0);
                    expect(ops.indexOf("delete-replaced"), `${k}: ${ops.join(",")}`).toBeLessThan(ops.indexOf("create-replacement"));
                }
                const again = await idsOf();
                for (const k of KINDS.filter((k) => k !== "teamDefaults")) expect(again[k], k).not.toBe(replaced[k]);
                expect(await liveOf(again)).toEqual(expected(true));

                // deletedWith the host room: dropped with it, none is deleted on its own: the only write is the host's delete.
                await clearLog(emulator);
                await declare({});
                await upOk();
                expect(await writesOf(emulator)).toEqual([expect.stringMatching(/^DELETE \/api\/v1\/rooms\//)]);
                expect(await liveOf(again)).toEqual(expected(true));
            });

            it(`${face}: on every kind, replaceWith [a Room] replaces the resource when that Room is replaced by a create-only change, and nothing else`, async () => {
                await fresh();
                // The Room replaceWith names: a change of its languages (create-only on a room) replaces it.
                const target = (languages: string[]) => ({ kind: "Room", name: "target", args: { description: "Target room", languages } });
                const step = (languages: string[]) => [HOST, target(languages), ...KINDS.map((k) => sampleOf(k, false, { replaceWith: ["target"] }))];
                await declare({ resources: step(["en"]) });
                await upOk();
                const first = await states();
                const before = await idsOf(undefined, first);
                const host = first(HOST.name)?.id;
                const targetBefore = first("target")?.id;

                // Only the target's input changes: it is replaced, each kind bound to it is replaced with it, the host room stays.
                await declare({ resources: step(["nl-NL"]) });
                const up = await upOk([], { preview: false });
                expect(opOf(up, "target"), `${face}: the target room, its create-only languages changed`).toContain("create-replacement");
                const then = await states();
                expect(then("target")?.id).not.toBe(targetBefore);
                for (const k of KINDS) expect(opOf(up, k), `${face}, ${k}: replaceWith [target], the target replaced, must replace it`).toContain("create-replacement");
                const after = await idsOf(undefined, then);
                // The TeamDefaults keeps its id (the team's): its up's step above says it was replaced.
                for (const k of KINDS.filter((k) => k !== "teamDefaults")) expect(after[k], `${face}, ${k}: replaceWith, a new resource`).not.toBe(before[k]);
                expect(["", "same"], `${face}: the host room, declared without replaceWith, is left as it is`).toContain(opOf(up, HOST.name));
                expect(then(HOST.name)?.id).toBe(host);
                expect(await liveOf(after)).toEqual(expected(false));
            });

            // envVarMappings is an option of provider resources: only the plugin face's program declares one (OPTIONS_COVERED.envVarMappings).
            if (face === "plugin") {
                it("plugin: envVarMappings on an explicit provider declared with no developerKey maps the environment's TEAM_KEY to VCROOMS_DEVELOPER_KEY: every kind is created through it, and the stack holds no key in clear", async () => {
                    await fresh();
                    const team = { name: "team", args: { apiUrl: emulator.baseUrl }, envVarMappings: { TEAM_KEY: "VCROOMS_DEVELOPER_KEY" } };
                    const through = { provider: team.name };
                    await declare({ providers: [team], resources: [{ ...HOST, options: through }, ...KINDS.map((k) => sampleOf(k, false, through))] });
                    const up = await project.up([], { preview: false });
                    expect(up.code, `plugin: envVarMappings {TEAM_KEY: VCROOMS_DEVELOPER_KEY} on the explicit provider:\n${said(up)}`).toBe(0);
                    const ids = await idsOf();
                    for (const k of KINDS) expect(ids[k], `plugin, ${k}: created through the provider whose key envVarMappings gives`).toBeDefined();
                    expect(await liveOf(ids)).toEqual(expected(false));
                    expect(await project.exportText(), "plugin: envVarMappings, the key in clear in the stack's state").not.toContain(emulator.developerKey);
                    // Emptied through the same provider (its mapping is the one way it has the key).
                    await declare({ providers: [team] });
                    await upOk();
                });
            }

            it(`${face}: on every kind, the import option ${face === "dynamic" ? "is refused in one line naming what adopts" : "adopts a Room and refuses the kinds the API cannot read"}; customTimeouts ${face === "dynamic" ? "is refused in one line naming the plugin, and envVarMappings by the engine, naming provider resources" : "is taken"}`, async () => {
                await fresh();
                const made = (await api("POST", "/rooms", { friendly_url: "acme-imported", description: SAMPLES.room.change.first })).body as { id: string };
                const imported = (k: Kind) => {
                    const declared = sampleOf(k, false, { import: k === "room" ? made.id : "00000000-0000-4000-8000-000000000000" }, { name: `${k}-imported` });
                    // An import's declared inputs must be the room's (the engine refuses one that differs).
                    return k === "room" ? { ...declared, args: { ...declared.args, friendlyUrl: "acme-imported" } } : declared;
                };
                const timed = (k: Kind) => sampleOf(k, false, { customTimeouts: { create: "60s", update: "60s", delete: "60s" } }, { name: `${k}-timed` });
                if (face !== "dynamic") {
                    // Each kind the API cannot read refuses at preview, in one line naming why.
                    for (const k of KINDS.filter((k) => notImportableMessage(declarations[k]) !== undefined)) {
                        await declare({ resources: [HOST, imported(k)] });
                        const refused = await project.preview();
                        expect(refused.code, `${face}, ${k}: the import option`).not.toBe(0);
                        expect(said(refused), `${face}, ${k}: the import option`).toContain(notImportableMessage(declarations[k]));
                    }
                    await declare({ resources: [HOST, ...KINDS.filter((k) => notImportableMessage(declarations[k]) === undefined).map(imported), ...KINDS.map(timed)] });
                    await upOk();
                    const state = await states();
                    expect(state("room-imported")?.id, `${face}, room: the import option adopts`).toBe(made.id);
                    for (const k of KINDS) expect(state(`${k}-timed`)?.id, `${face}, ${k}: customTimeouts`).toBeDefined();
                    return;
                }
                // envVarMappings is an option of provider resources, which a dynamic resource has none of.
                const mapped = (k: Kind) => sampleOf(k, false, { envVarMappings: { TEAM_KEY: "VCROOMS_DEVELOPER_KEY" } }, { name: `${k}-mapped` });
                // The SDK face: each kind's three options are refused at preview (the program logs each refusal, so one preview shows them all).
                await declare({ resources: [HOST, ...KINDS.map(imported), ...KINDS.map(timed), ...KINDS.map(mapped)], refusals: "log" });
                const refused = await project.preview();
                const errors = refused.diagnostics.filter((d) => d.severity === "error").map((d) => d.message.trim().replace(/^error: /, ""));
                for (const k of KINDS) {
                    const type = declarations[k].type;
                    expect(errors, k).toContainEqual(expect.stringMatching(new RegExp(`^${type} "${k}-imported": the import option cannot adopt a dynamic resource [^\n]*use the vcrooms plugin's resources`)));
                    expect(errors, k).toContainEqual(expect.stringMatching(new RegExp(`^${type} "${k}-timed": customTimeouts \\(create, update, delete\\) has no effect on a dynamic resource [^\n]*use the vcrooms plugin's resources \\(vcrooms:index:${type}`)));
                    // Refused by the engine itself, in one line naming the option (so the SDK adds no refusal of its own).
                    expect(errors, `dynamic, ${k}: envVarMappings`).toContainEqual(expect.stringMatching(new RegExp(`failed to register new resource ${k}-mapped \\[[^\\]]*\\]: [^\n]*envVarMappings can only be used with provider resources`)));
                }
                expect(said(refused)).toMatch(/Room "room-imported": [^\n]*adoptExisting: true[^\n]*use the vcrooms plugin's resources/);
                // One line each. (Uncaught, as in a user's program, each is the program's one-line failure, as the import
                // refusal's was shown to be: not run here, since a failing SDK-face program waits a minute or more before
                // the CLI reports it, upstream's wait.)
                for (const message of errors) expect(message).not.toContain("\n");
            });

            if (face === "yaml") {
                it("yaml: every option IN_YAML places in Pulumi YAML's options was written by a step above; each it calls not applicable, the YAML host refuses, naming it", async () => {
                    const options = Object.keys(IN_YAML) as Array<keyof typeof IN_YAML>;
                    const placed = options.filter((o) => "yaml" in IN_YAML[o]);
                    expect(placed.filter((o) => !written.has(o)), "options placed in YAML that no step wrote").toEqual([]);
                    expect([...written].filter((o) => !placed.includes(o as keyof typeof IN_YAML)), "options written that IN_YAML does not place in YAML").toEqual([]);
                    // Written anyway (not through yamlProgram, which refuses them), one Room with all of them: a newer YAML
                    // host that takes one fails here, so that IN_YAML places it.
                    const notApplicable = options.filter((o) => "notApplicable" in IN_YAML[o]);
                    const room = { type: "vcrooms:index:Room", properties: { description: "Not applicable" }, options: Object.fromEntries(notApplicable.map((o) => [o, "x"])) };
                    fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), JSON.stringify({ name: YAML_PROJECT, runtime: "yaml", packages: { vcrooms: PLUGIN_FOLDER }, resources: { notApplicable: room } }));
                    const refused = await project.preview();
                    expect(refused.code, said(refused)).not.toBe(0);
                    // Pulumi YAML's diagnostics are coloured whatever NO_COLOR says.
                    const text = said(refused).replace(/\x1b\[[0-9;]*m/g, "");
                    for (const o of notApplicable) expect(text, `yaml: the option ${o}, not applicable in YAML`).toContain(`${o} does not exist on resource options`);
                });
            }
        }
    });
}
