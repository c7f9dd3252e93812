/** The data functions' part of docs/reference.md, rendered from their declarations. */
import { typeWords, type TypeSpec } from "../provider/model/types";
import { declarations } from "../provider/declarations";
import { connectionArg, entryLabel, type ArgField } from "../provider/functions/functionShape";
import { functions } from "../provider/functions";

export const ARGUMENT_COLUMNS = ["argument", "type", "required", "meaning and rules"] as const;
export const RESULT_COLUMNS = ["result", "type", "meaning"] as const;

function argRow(name: string, a: ArgField): string {
    return `| \`${name}\` | ${typeWords(a.type)} | ${a.required ? "yes" : "no"} | ${a.description} |`;
}

/** The fields of a result that is a list of objects, each with its type and meaning (the type column shows only their names). */
function itemFields(t: TypeSpec): string {
    const item = "type" in t && t.type === "array" ? t.items : undefined;
    if (!item || !("$ref" in item) || !item.object) return "";
    return ` Each: ${Object.entries(item.object.properties).map(([n, p]) => `\`${n}\` (${typeWords(p.type)}): ${p.description}`).join(" ")}`;
}

export function renderFunctions(): string {
    const sections = Object.values(functions).map((d) => {
        const args = Object.entries(d.args as Record<string, ArgField>);
        return [
            `### \`${d.name}(args)\` and \`${d.name}Output(args)\``,
            "",
            `${d.description} Reads ${d.reads}.`,
            "",
            `| ${ARGUMENT_COLUMNS.join(" | ")} |`,
            "|---|---|---|---|",
            ...args.map(([n, a]) => argRow(n, a)),
            argRow("connection", connectionArg),
            "",
            `| ${RESULT_COLUMNS.join(" | ")} |`,
            "|---|---|---|",
            ...d.result.map((r) => `| \`${entryLabel(r)}\` | ${d.recordOf ? `as in the ${declarations[d.recordOf].type} outputs table` : typeWords(r.type)} | ${r.description}${itemFields(r.type)} |`),
            "",
        ].join("\n");
    });
    return [
        "## Data functions",
        "",
        "Each `getX(args)` resolves to the camelCase result; `getXOutput(args)` takes Inputs and gives an `Output` of it. Arguments are checked before any request; a failure names the argument, the rule and the value. The connection is the resources': the `connection` argument, else `vcrooms:*` stack config, else `VCROOMS_*` environment variables (so `getX` works in a plain Node script).",
        "",
        ...sections,
    ].join("\n");
}
