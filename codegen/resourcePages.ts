/**
 * Renders docs/resources/<kind>.md, one registry-style page per resource kind, from the declarations as
 * docs/reference.md is: what the kind is, an example in TypeScript, Python, Go and Pulumi YAML, its inputs and
 * outputs (the reference's tables), and how to import it, or why it cannot be (the plugin's own refusal).
 * test/resourcePages.test.ts keeps the pages in step: run `UPDATE_DOCS=1 npx vitest run test/resourcePages.test.ts`
 * after changing a declaration.
 *
 * The one source of an example is its declaration below (kind, name, arguments, checked against the kind's rules);
 * a renderer per language writes it, Go's from the package schema's types. Renderers rather than `pulumi convert`
 * of the YAML: the pages stay a pure function of the declarations (the freshness tests need no CLI), and the
 * TypeScript shown is the npm package's own face, which the converter does not know. What the pages show is proven
 * by test/cli/docExamples.test.ts, which takes the code blocks from the committed Markdown and previews them, all
 * pages as one program per language, through the real CLI.
 *
 * Not part of the package: codegen/ is compiled with the rest but not in package.json's `files`.
 */
import { declarations, type Kind } from "../provider/declarations";
import { inputSettings, type Declaration } from "../provider/declarations/declaration";
import { notImportableMessage, userExtras } from "../provider/declarations/derive";
import { packageSchema, packageVersion, token } from "../provider/plugin/schema";
import { INPUT_COLUMNS, inputRows, OUTPUT_COLUMNS, outputRows, table } from "./reference";

/** An argument that is another resource's output: `<resource>.<output>`, in each language's own spelling. */
export class Ref {
    constructor(readonly resource: string, readonly output: string) {}
}

/** One resource an example declares: its kind, its name (also its variable's), its arguments. */
type Declared = readonly [Kind, string, Readonly<Record<string, unknown>>];

export interface Example {
    /** What the example does, in a sentence. */
    readonly about: string;
    /** Other resources the example declares first. */
    readonly before?: readonly Declared[];
    readonly kind: Kind;
    readonly name: string;
    readonly args: Readonly<Record<string, unknown>>;
}

/**
 * One example per kind: the arguments every language renders. Names and friendly URLs differ across all the
 * examples (the installation page's too), so test/cli/docExamples.test.ts runs them all as one program per language.
 */
const EXAMPLES: Record<Kind, Example> = {
    teamDefaults: { about: "The team's defaults: a dark palette, English, chat on.", kind: "teamDefaults", name: "defaults", args: { paletteMode: "dark", language: "en", chatEnabled: true } },
    room: { about: "A private room of at most 12 participants.", kind: "room", name: "standup", args: { friendlyUrl: "standup", description: "Daily stand-up", privacy: "private", maxParticipants: 12 } },
    joinToken: {
        about: "A week-long token for one participant of a private room.",
        before: [["room", "board", { friendlyUrl: "board", description: "Board meetings", privacy: "private" }]],
        kind: "joinToken",
        name: "alice",
        args: { room: new Ref("board", "id"), userName: "Alice", expiresAt: 10080, renewBefore: "24h" },
    },
    roomContentPurge: {
        about: "Deletes a room's chat and recordings, and again whenever the trigger changes.",
        before: [["room", "archive", { friendlyUrl: "archive", description: "Recorded reviews" }]],
        kind: "roomContentPurge",
        name: "wipe",
        args: { room: new Ref("archive", "id"), kinds: ["chat", "recordings"], triggers: ["2025-q3"] },
    },
};

/** The languages every example is shown in, in this order, each as a `### <language>` heading over its code block. */
export const EXAMPLE_LANGUAGES = [
    ["TypeScript", "ts"],
    ["Python", "python"],
    ["Go", "go"],
    ["YAML", "yaml"],
] as const;

/** The Go module of the SDK `pulumi package add` generates from the plugin (its path comes from the schema's repository). */
export const GO_SDK_MODULE = "github.com/vcrooms/pulumi-vcrooms/sdk/go/vcrooms";
/** Where a program's Pulumi.yaml finds the plugin: the npm package installed in the program's folder. */
export const PLUGIN_PATH = "./node_modules/pulumi-vcrooms/plugin";

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const variable = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
/** Go's exported name of a property or output, as the Go SDK generator spells it: the first letter upper case. */
const goName = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/** An example's arguments are inputs of its kind and pass their rules, or the page is not rendered. */
function checked(kind: Kind, args: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
    const d: Declaration = declarations[kind];
    const extras = new Map(userExtras(d));
    for (const [name, value] of Object.entries(args)) {
        if (value instanceof Ref) continue;
        const setting = inputSettings(d).get(name);
        const broken = setting ? setting.schema(d.scope!).safeParse(value).error?.issues[0]?.message : extras.has(name) ? extras.get(name)!.validate(value) : "is not an input";
        if (broken) throw new Error(`the ${d.type} example's ${name} ${broken}`);
    }
    return args;
}

const declared = (e: Example): Declared[] => [...(e.before ?? []), [e.kind, e.name, e.args]];

function tsValue(v: unknown): string {
    if (v instanceof Ref) return `${variable(v.resource)}.${v.output}`;
    if (Array.isArray(v)) return `[${v.map(tsValue).join(", ")}]`;
    return JSON.stringify(v);
}

function typescript(e: Example): string {
    const declare = ([kind, name, args]: Declared) =>
        `const ${variable(name)} = new vcrooms.${declarations[kind].type}("${name}", {\n${Object.entries(checked(kind, args)).map(([k, v]) => `    ${k}: ${tsValue(v)},`).join("\n")}\n});`;
    return ['import * as vcrooms from "pulumi-vcrooms";', "", ...declared(e).map(declare)].join("\n");
}

function pyValue(v: unknown): string {
    if (v instanceof Ref) return `${camelToSnake(variable(v.resource))}.${camelToSnake(v.output)}`;
    if (Array.isArray(v)) return `[${v.map(pyValue).join(", ")}]`;
    if (typeof v === "boolean") return v ? "True" : "False";
    return JSON.stringify(v);
}

function python(e: Example): string {
    const declare = ([kind, name, args]: Declared) =>
        `${camelToSnake(variable(name))} = vcrooms.${declarations[kind].type}(\n    "${name}",\n${Object.entries(checked(kind, args)).map(([k, v]) => `    ${camelToSnake(k)}=${pyValue(v)},`).join("\n")}\n)`;
    return ["import pulumi_vcrooms as vcrooms", "", ...declared(e).map(declare)].join("\n");
}

/** A property as the package schema types it (Go's types follow the schema, not the TypeScript SDK). */
interface PropertyType {
    readonly type?: string;
    readonly $ref?: string;
    readonly items?: PropertyType;
    readonly oneOf?: readonly PropertyType[];
}

interface SchemaEnum {
    readonly enum?: ReadonlyArray<{ readonly name: string; readonly value: unknown }>;
}

const schema = packageSchema(packageVersion()) as unknown as {
    resources: Record<string, { inputProperties: Record<string, PropertyType> }>;
    types: Record<string, SchemaEnum>;
};

/** `#/types/vcrooms:index:Privacy` to the enum's Go type name and its constant for `value` (`PrivacyPrivate`). */
function goEnum(ref: string, value: unknown): { type: string; constant: string } {
    const name = ref.replace("#/types/", "");
    const member = schema.types[name]?.enum?.find((m) => m.value === value);
    if (!member) throw new Error(`${JSON.stringify(value)} is not a value of the enum ${name}`);
    const type = name.slice(name.lastIndexOf(":") + 1);
    return { type, constant: `vcrooms.${type}${member.name}` };
}

/** A value as the Go SDK's input types take it, from its schema type. */
function goValue(spec: PropertyType, v: unknown, where: string): string {
    if (v instanceof Ref) return v.output === "id" ? `${variable(v.resource)}.ID()` : `${variable(v.resource)}.${goName(v.output)}`;
    if (spec.$ref) return goEnum(spec.$ref, v).constant;
    if (spec.oneOf) {
        const member = spec.oneOf.find((m) => (typeof v === "number" ? m.type === "integer" || m.type === "number" : m.type === typeof v));
        if (!member) throw new Error(`${where}: no member of its schema type takes ${JSON.stringify(v)}`);
        return goValue(member, v, where);
    }
    if (spec.type === "array" && Array.isArray(v) && spec.items) {
        const items = spec.items;
        const arrayType = items.$ref ? `vcrooms.${goEnum(items.$ref, v[0]).type}Array` : items.oneOf ? "pulumi.Array" : `pulumi.${goScalar(items.type, where)}Array`;
        return `${arrayType}{${v.map((item) => goValue(items, item, where)).join(", ")}}`;
    }
    return `pulumi.${goScalar(spec.type, where)}(${JSON.stringify(v)})`;
}

function goScalar(type: string | undefined, where: string): string {
    const scalar = ({ string: "String", integer: "Int", number: "Float64", boolean: "Bool" } as Record<string, string>)[type ?? ""];
    if (!scalar) throw new Error(`${where}: the Go renderer has no form for the schema type ${type}`);
    return scalar;
}

/**
 * The whole main.go. A resource another refers to is kept in a variable; the others go to `_`, as Go refuses unused
 * variables.
 */
function go(e: Example): string {
    const all = declared(e);
    const referred = new Set(all.flatMap(([, , args]) => Object.values(args).filter((v): v is Ref => v instanceof Ref).map((r) => r.resource)));
    const declare = ([kind, name, args]: Declared, i: number) => {
        const type = declarations[kind].type;
        const inputs = schema.resources[token(type)]!.inputProperties;
        const entries = Object.entries(checked(kind, args));
        // Aligned as gofmt aligns a composite literal's values.
        const width = Math.max(...entries.map(([k]) => k.length));
        const fields = entries.map(([k, v]) => `\t\t\t${`${goName(k)}:`.padEnd(width + 2)}${goValue(inputs[k]!, v, `${type}.${k}`)},`);
        const last = i === all.length - 1;
        const assign = `${referred.has(name) ? variable(name) : "_"}, err ${i === 0 ? ":=" : "="}`;
        const call = `\t\t${assign} vcrooms.New${type}(ctx, "${name}", &vcrooms.${type}Args{\n${fields.join("\n")}\n\t\t})`;
        return last ? `${call}\n\t\treturn err` : `${call}\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}`;
    };
    return [
        "package main",
        "",
        "import (",
        '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
        `\t"${GO_SDK_MODULE}"`,
        ")",
        "",
        "func main() {",
        "\tpulumi.Run(func(ctx *pulumi.Context) error {",
        ...all.map(declare),
        "\t})",
        "}",
    ].join("\n");
}

/** A scalar in YAML: plain where YAML reads it back as the same string, else quoted. */
function yamlScalar(v: unknown): string {
    if (typeof v !== "string") return JSON.stringify(v);
    return /^[A-Za-z][\w .-]*$/.test(v) && !/^(true|false|yes|no|on|off|null|y|n)$/i.test(v) && !/[ .]$/.test(v) ? v : JSON.stringify(v);
}

function yamlValue(v: unknown, indent: string): string {
    if (v instanceof Ref) return `\${${v.resource}.${v.output}}`;
    if (Array.isArray(v)) return v.map((item) => `\n${indent}- ${yamlValue(item, `${indent}  `)}`).join("");
    return yamlScalar(v);
}

/** The whole Pulumi.yaml of a Pulumi YAML program, the plugin named under `packages:`. */
function yaml(e: Example): string {
    const declare = ([kind, name, args]: Declared) => [
        `  ${name}:`,
        `    type: vcrooms:${declarations[kind].type}`,
        "    properties:",
        ...Object.entries(checked(kind, args)).map(([k, v]) => `      ${k}:${Array.isArray(v) ? "" : " "}${yamlValue(v, "        ")}`),
    ];
    return ["name: rooms", "runtime: yaml", "packages:", `  vcrooms: ${PLUGIN_PATH}`, "resources:", ...declared(e).flatMap(declare)].join("\n");
}

const RENDERERS: Record<(typeof EXAMPLE_LANGUAGES)[number][1], (e: Example) => string> = { ts: typescript, python, go, yaml };

/**
 * An example in every language, a `### <language>` heading over each code block. TypeScript is the npm package's SDK
 * (its dynamic resources, the simplest in TypeScript); Python, Go and YAML use the plugin face (docs/assumptions.md).
 */
export function renderExample(e: Example, installation: string): string[] {
    return [
        e.about,
        "",
        `TypeScript uses the npm package's SDK; Python and Go their SDK packages and Pulumi YAML nothing more, on the plugin executable ([installation](${installation})). The YAML below names the npm package's plugin folder under \`packages:\`, the way for teams with Node.js; with the executable installed, leave that line out.`,
        ...EXAMPLE_LANGUAGES.flatMap(([language, fence]) => ["", `### ${language}`, "", "```" + fence, RENDERERS[fence](e), "```"]),
    ];
}

function importSection(d: Declaration): string[] {
    const refused = notImportableMessage(d);
    if (refused) return ["## Import", "", `Not importable. The plugin answers \`pulumi import\` with: "${refused}".`];
    return [
        "## Import",
        "",
        `The id: ${d.idDescription}${d.importId ? ` \`pulumi import\` takes ${d.importId}.` : ""}`,
        "",
        "Through the plugin face (the engine cannot import the dynamic SDK's resources):",
        "",
        "```sh",
        `pulumi import vcrooms:index:${d.type} <resource name> <id>`,
        "```",
        "",
        "`pulumi import` prints the program text to add; it holds the friendly URL, each setting the team defaults share whose value differs from the team's, and each room-only setting (one team defaults do not have) that is on, not `false`, empty or null, even at the service's default (`breakoutTimerDuration`, `restreamLogoEnabled`). Secret settings are left out: declare them from secret config.",
    ];
}

/** The page of one kind. */
export function renderResourcePage(kind: Kind): string {
    const d = declarations[kind];
    const e = EXAMPLES[kind];
    return [
        `# ${d.type}`,
        "",
        `Generated from the declarations by codegen/resourcePages.ts. Every input and output in one place: [reference](../reference.md#${d.type.toLowerCase()}); installation and configuration: [installation-configuration](../installation-configuration.md).`,
        "",
        d.description,
        "",
        "## Example",
        "",
        ...renderExample(e, "../installation-configuration.md#installation"),
        "",
        "## Inputs",
        "",
        table(INPUT_COLUMNS, inputRows(d)),
        "",
        "## Outputs",
        "",
        table(OUTPUT_COLUMNS, outputRows(d)),
        "",
        ...importSection(d),
        "",
    ].join("\n");
}

/** Each page by its file name under docs/resources/. */
export function renderResourcePages(): Record<string, string> {
    return Object.fromEntries((Object.keys(declarations) as Kind[]).map((kind) => [`${declarations[kind].type}.md`, renderResourcePage(kind)]));
}
