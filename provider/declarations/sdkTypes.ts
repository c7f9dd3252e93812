/**
 * Renders sdk/generated.ts: each SDK resource's argument and output interfaces with every property's
 * description from the declarations as TSDoc, so editors show the docs on hover. The types stay derived
 * (each interface extends the derived type and names each property's type through it), so a property the
 * declarations drop fails the build, and a test pins the file to this output as docs/reference.md is pinned.
 */
import type { Declaration } from "./declare";
import { inputSettings } from "./declare";
import { userExtras } from "./derive";
import { declarations } from "./index";

/** One TSDoc line: a `*\/` in the text would end the comment early. */
const doc = (text: string) => `    /** ${text.replace(/\*\//g, "*\\/")} */`;

function kindTypes(kind: string, d: Declaration): string[] {
    const base = `ArgsOf<typeof ${kind}>`;
    const state = `OutputsOf<${d.type}State>`;
    const lines = [`/** The arguments of a \`${d.type}\`. */`, `export interface ${d.type}Args extends ${base} {`];
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

export function renderSdkTypes(): string {
    const kinds = Object.entries(declarations) as Array<[string, Declaration]>;
    return [
        "// Generated from the declarations by provider/declarations/sdkTypes.ts; do not edit.",
        "// test/types/sdkTypes.test.ts keeps it current (UPDATE_SDK_TYPES=1 rewrites it).",
        `import type { ${kinds.map(([k]) => k).join(", ")} } from "../provider/declarations";`,
        `import type { ArgsOf, OutputsOf, ${kinds.map(([, d]) => `${d.type}State`).join(", ")} } from "./types";`,
        "",
        ...kinds.flatMap(([kind, d]) => kindTypes(kind, d)),
    ].join("\n");
}
