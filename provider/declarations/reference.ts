/**
 * Renders the inputs reference of TeamDefaults and Room from the settings table, so the docs
 * cannot drift from the code (a test pins docs/reference.md to this output).
 */
import { toCamelName } from "./names";
import { SETTINGS, type AnySetting } from "./settings";

function row(s: AnySetting): string {
    const flags = [("createOnly" in s && s.createOnly) ? "replaces the room" : "", ("secret" in s && s.secret) ? "secret" : ""].filter(Boolean).join(", ");
    return `| \`${toCamelName(s.name)}\` | \`${s.name}\` | ${s.description}${flags ? ` (${flags})` : ""} |`;
}

export function renderReference(extras: { room: ReadonlyArray<{ name: string; description: string }>; defaults: ReadonlyArray<{ name: string; description: string }> }): string {
    const table = (settings: readonly AnySetting[], own: ReadonlyArray<{ name: string; description: string }>) =>
        ["| input | API field | meaning and rules |", "|---|---|---|", ...settings.map(row), ...own.map((e) => `| \`${e.name}\` | (none) | ${e.description} |`)].join("\n");
    const shared = SETTINGS.filter((s) => s.scope === "shared");
    return [
        "# Inputs reference",
        "",
        "Generated from `provider/api/settings.ts` (a test keeps this file in step: run `UPDATE_DOCS=1 npx vitest run test/docs.test.ts` after changing the table).",
        "Outputs are every field of the API record, camelCase (`room_url` is `roomUrl`); roles read back as objects `{id, name, displayName}`.",
        "",
        "## Settings shared by TeamDefaults and Room",
        "",
        table(shared, []),
        "",
        "## TeamDefaults only",
        "",
        table(SETTINGS.filter((s) => s.scope === "defaults"), extras.defaults),
        "",
        "## Room only",
        "",
        table(SETTINGS.filter((s) => s.scope === "room"), extras.room),
        "",
    ].join("\n");
}
