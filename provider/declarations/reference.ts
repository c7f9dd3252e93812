/**
 * Renders docs/reference.md from the declarations (settings from the table, extra inputs and
 * read-only outputs from each kind), so the docs cannot drift from the code (a test pins the file
 * to this output).
 */
import { toApiName, toCamelName } from "../api/names";
import { SETTINGS, type AnySetting } from "../api/settings";
import type { Declaration } from "./declare";
import { userExtras } from "./derive";
import { declarations } from "./index";

function settingRow(s: AnySetting): string {
    const flags = [("createOnly" in s && s.createOnly) ? "replaces the room" : "", ("secret" in s && s.secret) ? "secret" : ""].filter(Boolean).join(", ");
    return `| \`${toCamelName(s.name)}\` | \`${s.name}\` | ${s.description}${flags ? ` (${flags})` : ""} |`;
}

function inputsTable(d: Declaration | undefined, settings: readonly AnySetting[]): string {
    const extras = d ? userExtras(d).map(([name, e]) => `| \`${name}\` | (none) | ${e.description}${e.createOnly ? " (replaces the resource)" : ""} |`) : [];
    return ["| input | API field | meaning and rules |", "|---|---|---|", ...settings.map(settingRow), ...extras].join("\n");
}

function outputsTable(d: Declaration): string {
    return ["| output | API field | meaning |", "|---|---|---|", ...Object.entries(d.outputs).map(([name, o]) => `| \`${name}\` | \`${toApiName(name)}\` | ${o.description} |`)].join("\n");
}

export function renderReference(): string {
    const { room, teamDefaults } = declarations;
    return [
        "# Inputs reference",
        "",
        "Generated from `provider/api/settings.ts` and the declarations in `provider/declarations/` (a test keeps this file in step: run `UPDATE_DOCS=1 npx vitest run test/docs.test.ts` after changing them).",
        "Outputs are every field of the API record, camelCase (`room_url` is `roomUrl`); roles read back as objects `{id, name, displayName}`, breakouts as `{id, name}`.",
        "",
        "## Settings shared by TeamDefaults and Room",
        "",
        inputsTable(undefined, SETTINGS.filter((s) => s.scope === "shared")),
        "",
        "## TeamDefaults only",
        "",
        inputsTable(teamDefaults, SETTINGS.filter((s) => s.scope === "defaults")),
        "",
        "Read-only outputs:",
        "",
        outputsTable(teamDefaults),
        "",
        "## Room only",
        "",
        inputsTable(room, SETTINGS.filter((s) => s.scope === "room")),
        "",
        "Read-only outputs:",
        "",
        outputsTable(room),
        "",
    ].join("\n");
}
