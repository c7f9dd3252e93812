/**
 * Renders sdk/generated.ts: each SDK resource's argument and output interfaces with every property's
 * description from the declarations as TSDoc, and each data function (both forms, its argument and result
 * types) with its description, so editors show the docs on hover. The types stay derived (each property's
 * type is named through the derived type, and the outputs' interface extends it), so a property the
 * declarations drop fails the build, and a test pins the file to this output as docs/reference.md is pinned.
 */
import type { Declaration } from "../provider/declarations/declaration";
import { inputSettings } from "../provider/declarations/declaration";
import { userExtras } from "../provider/declarations/derive";
import { declarations } from "../provider/declarations";
import { functions } from "../provider/functions";
import type { ArgField } from "../provider/functions/functionShape";
import { packageSchema, packageVersion, token } from "../provider/plugin/schema";

/** One TSDoc line: a `*\/` in the text would end the comment early. */
const doc = (text: string) => `    /** ${text.replace(/\*\//g, "*\\/")} */`;

function kindTypes(kind: string, d: Declaration): string[] {
    const base = `ArgsOf<typeof ${kind}>`;
    const state = `OutputsOf<${d.type}State>`;
    // Not `extends ${base}`: the inputs the SDK or check fill themselves (`resourceName`) stay out of the public type.
    const lines = [`/** The arguments of a \`${d.type}\`. */`, `export interface ${d.type}Args {`];
    for (const [name, s] of inputSettings(d)) lines.push(doc(s.description), `    ${name}?: ${base}["${name}"];`);
    for (const [name, e] of userExtras(d)) {
        const omitted = e.required ? " Required." : e.whenOmitted ? ` When omitted: ${e.whenOmitted}` : "";
        lines.push(doc(`${e.description}${omitted}`), `    ${name}${e.required ? "" : "?"}: ${base}["${name}"];`);
    }
    lines.push("}", "", `/** The outputs of a \`${d.type}\`. */`, `export interface ${d.type}Outputs extends ${state} {`);
    for (const [name, s] of inputSettings(d)) lines.push(doc(s.description), `    readonly ${name}: ${state}["${name}"];`);
    for (const [name, o] of Object.entries(d.outputs)) lines.push(doc(o.description), `    readonly ${name}: ${state}["${name}"];`);
    lines.push("}", "");
    return lines;
}

interface FunctionSchema {
    readonly inputs: { readonly properties: Record<string, { readonly description: string }>; readonly required: readonly string[] };
    readonly outputs: { readonly properties: Record<string, { readonly description: string }> };
}

/**
 * A function's two forms; arguments default to none when none is required. Its argument and result types carry
 * each field's description from the plugin's schema (the docs its generated SDKs show): the arguments as an interface
 * whose property types are named through the derived type, the result as the derived type intersected with a
 * docs-only type (each field `unknown` and optional there, so the derived type alone decides its type and presence).
 */
function functionExports(name: string, f: (typeof functions)[keyof typeof functions], spec: FunctionSchema): string[] {
    const type = name[0]!.toUpperCase() + name.slice(1);
    const none = Object.values(f.args as Record<string, ArgField>).some((a) => a.required) ? "" : " = {}";
    const text = `${f.description} Reads ${f.reads}.`.replace(/\*\//g, "*\\/");
    const args = Object.entries(spec.inputs.properties).flatMap(([arg, p]) => [doc(p.description), `    ${arg}${spec.inputs.required.includes(arg) ? "" : "?"}: FunctionArgs<"${name}">["${arg}"];`]);
    const results = Object.entries(spec.outputs.properties).flatMap(([field, p]) => [doc(p.description), `    ${field}?: unknown;`]);
    return [
        `/** The arguments of \`${name}\`. */`,
        `export interface ${type}Args {`,
        ...args,
        "}",
        `/** The documentation of \`${name}\`'s result fields (the types are \`${type}Result\`'s). */`,
        `export interface ${type}ResultDocs {`,
        ...results,
        "}",
        `/** The result of \`${name}\` (its secret settings, such as a room's \`restreamKey\`, as secret Outputs). */`,
        `export type ${type}Result = WithSecrets<FunctionResult<"${name}">> & ${type}ResultDocs;`,
        `/** ${text} */`,
        `export const ${name} = (args: ${type}Args${none}, opts?: pulumi.InvokeOptions): Promise<${type}Result> => invoke("${name}", args, opts);`,
        `/** ${text} As an Output, from arguments that may be Outputs. */`,
        `export const ${name}Output = (args: InputArgs<${type}Args>${none}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<${type}Result> => outputOf("${name}", args, opts);`,
        "",
    ];
}

export function renderSdkTypes(): string {
    const kinds = Object.entries(declarations) as Array<[string, Declaration]>;
    const schemaFunctions = packageSchema(packageVersion()).functions as unknown as Record<string, FunctionSchema>;
    return [
        "// Generated from the declarations by codegen/sdkTypes.ts; do not edit.",
        "// test/types/sdkTypes.test.ts keeps it current (UPDATE_SDK_TYPES=1 rewrites it).",
        `import type { ${kinds.map(([k]) => k).join(", ")} } from "../provider/declarations";`,
        `import type { ArgsOf, OutputsOf, ${kinds.map(([, d]) => `${d.type}State`).join(", ")} } from "./types";`,
        'import type * as pulumi from "@pulumi/pulumi";',
        'import type { FunctionArgs, FunctionResult } from "../provider/functions";',
        'import { invoke, outputOf, type InputArgs, type WithSecrets } from "./functions";',
        "",
        ...kinds.flatMap(([kind, d]) => kindTypes(kind, d)),
        ...Object.entries(functions).flatMap(([name, f]) => functionExports(name, f, schemaFunctions[token(name)]!)),
    ].join("\n");
}
