/**
 * Renders docs/reference.md from the declarations (settings from the table, extra inputs and
 * read-only outputs from each kind), so the docs cannot drift from the code (a test pins the file
 * to this output).
 */
import { toApiName, toCamelName } from "../api/names";
import { SETTINGS, type AnySetting } from "../api/settings";
import type { Declaration } from "./declare";
import { userExtras } from "./derive";
import { renderFunctions } from "../functions/reference";
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

/** A kind that is not a settings record: its own inputs and outputs only. */
function kindSection(d: Declaration, about: string): string {
    const inputs = ["| input | meaning and rules |", "|---|---|", ...userExtras(d).map(([name, e]) => `| \`${name}\` | ${e.description}${e.createOnly ? " (replaces the resource)" : ""} |`)];
    const outputs = ["| output | meaning |", "|---|---|", ...Object.entries(d.outputs).map(([name, o]) => `| \`${name}\` | ${o.description}${o.secret ? " (secret)" : ""} |`)];
    return [`## ${d.type}`, "", about, "", ...inputs, "", "Outputs (besides the inputs):", "", ...outputs, ""].join("\n");
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
        kindSection(declarations.joinToken, "A participant's join token (4.2 row 17, 5.3). Delete only forgets it: the API cannot revoke a token, which stays valid until its expiry. Rotation compares the expiry with the API's clock, read from the `Date` header of one small read (`GET /roles?limit=1`) per token at each preview and up; when an answer has no `Date`, this machine's clock is used."),
        kindSection(declarations.roomContentPurge, "Deletes a room's content (rows 7 to 13). Irreversible: what is deleted cannot be restored. It runs when created and again only when `room`, `kinds` or `triggers` change; a `connection` change alone updates in place; delete does nothing."),
        renderFunctions(),
    ].join("\n");
}
