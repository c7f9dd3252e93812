/**
 * Renders docs/resources/<kind>.md, one registry-style page per resource kind, from the declarations as
 * docs/reference.md is: what the kind is, an example in TypeScript and in Python (both written from one set of
 * arguments below), its inputs and outputs (the reference's tables), and how to import it, or why it cannot be
 * (the plugin's own refusal). test/resourcePages.test.ts keeps the pages in step: run
 * `UPDATE_DOCS=1 npx vitest run test/resourcePages.test.ts` after changing a declaration.
 *
 * Not part of the package: codegen/ is compiled with the rest but not in package.json's `files`.
 */
import { declarations, type Kind } from "../provider/declarations";
import { inputSettings, type Declaration } from "../provider/declarations/declaration";
import { notImportableMessage, userExtras } from "../provider/declarations/derive";
import { INPUT_COLUMNS, inputRows, OUTPUT_COLUMNS, outputRows, table } from "./reference";

/** An argument that is another resource's output: `<resource>.<output>` in both languages. */
class Ref {
    constructor(readonly resource: string, readonly output: string) {}
}

interface Example {
    /** What the example does, in a sentence. */
    readonly about: string;
    /** Other resources the example declares first: [kind, name, args]. */
    readonly before?: ReadonlyArray<readonly [Kind, string, Readonly<Record<string, unknown>>]>;
    readonly name: string;
    readonly args: Readonly<Record<string, unknown>>;
}

const board = ["room", "board", { friendlyUrl: "board", description: "Board meetings", privacy: "private" }] as const;

/** One example per kind: the arguments both languages render. */
const EXAMPLES: Record<Kind, Example> = {
    teamDefaults: { about: "The team's defaults: a dark palette, English, chat on.", name: "defaults", args: { paletteMode: "dark", language: "en", chatEnabled: true } },
    room: { about: "A private room of at most 12 participants.", name: "standup", args: { friendlyUrl: "standup", description: "Daily stand-up", privacy: "private", maxParticipants: 12 } },
    joinToken: {
        about: "A week-long token for one participant of a private room.",
        before: [board],
        name: "alice",
        args: { room: new Ref("board", "id"), userName: "Alice", expiresAt: 10080, renewBefore: "24h" },
    },
    roomContentPurge: {
        about: "Deletes a room's chat and recordings, and again whenever the trigger changes.",
        before: [board],
        name: "wipe",
        args: { room: new Ref("board", "id"), kinds: ["chat", "recordings"], triggers: ["2025-q3"] },
    },
};

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const variable = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function tsValue(v: unknown): string {
    if (v instanceof Ref) return `${variable(v.resource)}.${v.output}`;
    if (Array.isArray(v)) return `[${v.map(tsValue).join(", ")}]`;
    return JSON.stringify(v);
}

function pyValue(v: unknown): string {
    if (v instanceof Ref) return `${camelToSnake(variable(v.resource))}.${camelToSnake(v.output)}`;
    if (Array.isArray(v)) return `[${v.map(pyValue).join(", ")}]`;
    if (typeof v === "boolean") return v ? "True" : "False";
    return JSON.stringify(v);
}

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

function typescript(e: Example): string {
    const declare = (kind: Kind, name: string, args: Readonly<Record<string, unknown>>) =>
        `const ${variable(name)} = new vcrooms.${declarations[kind].type}("${name}", {\n${Object.entries(checked(kind, args)).map(([k, v]) => `    ${k}: ${tsValue(v)},`).join("\n")}\n});`;
    const kind = (Object.keys(EXAMPLES) as Kind[]).find((k) => EXAMPLES[k] === e)!;
    return ['import * as vcrooms from "pulumi-vcrooms";', "", ...(e.before ?? []).map(([k, n, a]) => declare(k, n, a)), declare(kind, e.name, e.args)].join("\n");
}

function python(e: Example): string {
    const declare = (kind: Kind, name: string, args: Readonly<Record<string, unknown>>) =>
        `${camelToSnake(variable(name))} = vcrooms.${declarations[kind].type}(\n    "${name}",\n${Object.entries(checked(kind, args)).map(([k, v]) => `    ${camelToSnake(k)}=${pyValue(v)},`).join("\n")}\n)`;
    const kind = (Object.keys(EXAMPLES) as Kind[]).find((k) => EXAMPLES[k] === e)!;
    return ["import pulumi_vcrooms as vcrooms", "", ...(e.before ?? []).map(([k, n, a]) => declare(k, n, a)), declare(kind, e.name, e.args)].join("\n");
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
        e.about,
        "",
        "TypeScript (the npm package's SDK):",
        "",
        "```ts",
        typescript(e),
        "```",
        "",
        "Python (the SDK `pulumi package add` generates from the plugin):",
        "",
        "```python",
        python(e),
        "```",
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
