/**
 * Renders docs/reference.md from the declarations (settings from the table, extra inputs and
 * read-only outputs from each kind), so the docs cannot drift from the code (a test pins the file
 * to this output, and checks every input and output of every kind has its row).
 */
import { toCamelName } from "../provider/model/names";
import { readBackType, settingsFor, settingType, type AnySetting } from "../provider/model/settings";
import { typeWords } from "../provider/model/types";
import type { Declaration, ExtraInput } from "../provider/declarations/declaration";
import { DECLARED_INPUTS, replacementInputs, secretInputs, secretOutputNames, userExtras } from "../provider/declarations/derive";
import { renderFunctions } from "./functionsReference";
import { declarations } from "../provider/declarations";

/** The column heads, exported for the test that reads the tables back. */
export const INPUT_COLUMNS = ["input", "type", "allowed values", "when omitted", "create-only", "secret", "meaning"] as const;
export const OUTPUT_COLUMNS = ["output", "type", "secret", "meaning"] as const;

/** A table cell: a `|` in the text would end the cell early. */
const cell = (text: string) => text.replace(/\|/g, "\\|");
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
export const table = (head: readonly string[], rows: string[][]) => [row(head), `|${head.map(() => "---").join("|")}|`, ...rows.map(row)].join("\n");
const yesNo = (flag: boolean) => (flag ? "yes" : "no");

/** What omitting a setting means for a kind (the table says more where it knows more). */
function settingOmitted(d: Declaration, s: AnySetting, name: string): string {
    if (name === d.uniqueInput && d.generatedFlag) return "Generated at create: the resource name plus a random suffix, kept from then on (preview shows it as unknown); a replacement gets a new one, so no other stack or replacement shares it.";
    if ("whenOmitted" in s && s.whenOmitted) return s.whenOmitted;
    if (d.scope === "defaults") return "Left as the team has it.";
    return s.scope === "shared" ? "The team default applies." : "The API's value for a new room.";
}

function settingInputRow(d: Declaration, s: AnySetting): string[] {
    const name = toCamelName(s.name);
    const target = d.scope!;
    return [`\`${name}\` (\`${s.name}\`)`, typeWords(settingType(s, target)), s.allowed(target), settingOmitted(d, s, name), yesNo(replacementInputs(d).includes(name)), yesNo(secretInputs(d).has(name)), s.description];
}

function extraInputRow(d: Declaration, name: string, e: ExtraInput): string[] {
    const secret = secretInputs(d).get(name);
    const secretCell = secret === undefined ? "no" : secret === true ? "yes" : `${secret.map((k) => `\`${k}\``).join(", ")}`;
    return [`\`${name}\``, typeWords(e.type), e.allowed, e.required ? "Required." : (e.whenOmitted ?? "Not set."), yesNo(replacementInputs(d).includes(name)), secretCell, e.description];
}

function settingOutputRow(d: Declaration, s: AnySetting): string[] {
    const name = toCamelName(s.name);
    const held = d.scope === "defaults" ? "As the team defaults have it." : s.scope === "shared" ? "As the room has it: declared, else the team default." : "As the room has it.";
    return [`\`${name}\``, typeWords(readBackType(s, d.scope!)), yesNo(secretOutputNames(d).includes(name)), held];
}

/** Every input row of a kind: its settings, then the extra inputs users declare. */
export function inputRows(d: Declaration): string[][] {
    const settings = d.scope === undefined ? [] : settingsFor(d.scope).map((s) => settingInputRow(d, s));
    return [...settings, ...userExtras(d).map(([name, e]) => extraInputRow(d, name, e))];
}

/** Every output row of a kind: `id`, the settings as read back, then its read-only outputs. */
export function outputRows(d: Declaration): string[][] {
    const settings = d.scope === undefined ? [] : settingsFor(d.scope).map((s) => settingOutputRow(d, s));
    const own = Object.entries(d.outputs).map(([name, o]) => [`\`${name}\``, typeWords(o.type), yesNo(secretOutputNames(d).includes(name)), o.description]);
    return [["`id`", "string", "no", d.idDescription], ...settings, ...own];
}

function kindSection(d: Declaration, about: string): string {
    const omitted =
        d.scope === undefined
            ? []
            : [
                  "A setting left out is not sent and not compared: a change made to it outside Pulumi is not drift, and removing it from the program leaves its value as it is.",
                  "",
              ];
    const kept = [...(d.scope === undefined ? [] : [`\`${DECLARED_INPUTS}\` (the settings as declared, for \`read\`)`]), ...Object.entries(d.bookkeeping ?? {}).map(([name, what]) => `\`${name}\` (${what})`)];
    const bookkeeping = kept.length === 0 ? [] : ["", `State also keeps ${kept.join(" and ")}; always secret.`];
    return [`## ${d.type}`, "", about, "", "### Inputs", "", ...omitted, table(INPUT_COLUMNS, inputRows(d)), "", "### Outputs", "", table(OUTPUT_COLUMNS, outputRows(d)), ...bookkeeping, ""].join("\n");
}

export function renderReference(): string {
    const { room, teamDefaults, joinToken, roomContentPurge } = declarations;
    return [
        "# Reference",
        "",
        "Generated from `provider/model/settings.ts`, the declarations in `provider/declarations/` and `provider/functions/` (a test keeps this file in step: run `UPDATE_DOCS=1 npx vitest run test/docs.test.ts` after changing them).",
        "Inputs are camelCase (the API field in brackets); outputs are every field of the API record, camelCase (`room_url` is `roomUrl`). Create-only inputs replace the resource when they change. Secret values show as `[secret]` in plans, state and stack outputs.",
        "",
        kindSection(teamDefaults, "The team's default room settings: one record per team, of which the resource manages only the declared settings. Changing `domain` changes every room's address (rooms' `roomUrl` outputs follow at their next refresh)."),
        kindSection(room, "A room. A change of a create-only input replaces the room; every other change is one PATCH."),
        kindSection(joinToken, "A participant's join token. Delete only forgets it: the API cannot revoke a token, which stays valid until its expiry. Rotation compares the expiry with the API's clock, read from the `Date` header of one small read (`GET /roles?limit=1`) per token at each preview and up; when an answer has no `Date`, this machine's clock is used. A Room of the same deployment renamed, or the team's `domain` changed by its TeamDefaults (which the Room depends on), re-issues the token in that same up, reported under `room`: its link would answer 404."),
        kindSection(roomContentPurge, "Deletes a room's content. Irreversible: what is deleted cannot be restored. It runs when created and again only when `room` names another room, or `kinds` or `triggers` change; the same room under a new friendly URL (`room: board.friendlyUrl` of a renamed Room) is no change, as the purge keeps the room's UUID (`roomId`); a `connection` change within the team updates in place; delete does nothing."),
        renderFunctions(),
    ].join("\n");
}
