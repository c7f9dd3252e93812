/**
 * docs/reference.md is generated from the settings table and the declarations; this keeps it in step, and
 * reads its tables back to check they are whole: every input and output of every kind with its type (and for
 * inputs the allowed values, what omitting it means, create-only and secret as the declarations derive them),
 * every data function with typed arguments and result. What "every" means is taken from three places that do
 * not share code with the table: the declarations' derivations, the emulator (its validation rules for 2.3 and
 * 2.4, its room and defaults records), and, where the contract file is on this machine, its 2.3 and 2.4 tables.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { toCamelName } from "../provider/model/names";
import { declarations } from "../provider/declarations";
import type { Declaration } from "../provider/declarations/declaration";
import { replacementInputs, secretInputs, secretOutputNames, userExtras } from "../provider/declarations/derive";
import { inputSettings } from "../provider/declarations/declaration";
import { INPUT_COLUMNS, OUTPUT_COLUMNS, renderReference } from "../codegen/reference";
import { functions } from "../provider/functions";
import { entryLabel } from "../provider/functions/functionShape";
import { ARGUMENT_COLUMNS, RESULT_COLUMNS } from "../codegen/functionsReference";
import { defaultsRules, roomRules } from "../emulator/fields";
import { Team } from "../emulator/team";

const FILE = path.resolve(__dirname, "../docs/reference.md");
/** The contract sits beside the repository in the project's shared material; a user's clone runs without it. */
const CONTRACT = path.resolve(__dirname, "../../shared/spec/rooms-api.md");

it("docs/reference.md matches the settings table and the declarations", () => {
    const rendered = renderReference();
    if (process.env.UPDATE_DOCS) fs.writeFileSync(FILE, rendered);
    expect(fs.readFileSync(FILE, "utf8")).toBe(rendered);
});

// ---- reading the file back --------------------------------------------------------------------

type Row = Record<string, string>;

/** The text under a heading, up to the next heading of the same or a higher level. */
function sectionOf(text: string, heading: string): string {
    const lines = text.split("\n");
    const level = heading.match(/^#+/)![0].length;
    const start = lines.findIndex((l) => l === heading);
    if (start < 0) throw new Error(`no heading ${JSON.stringify(heading)} in docs/reference.md`);
    const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.match(/^#+/)![0].length <= level);
    return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

/** The markdown tables of a text whose head is `columns`, as rows keyed by column. */
function tableRows(text: string, columns: readonly string[]): Row[] {
    const split = (line: string) => line.slice(2, -2).split(/(?<!\\) \| /).map((c) => c.replace(/\\\|/g, "|"));
    const lines = text.split("\n");
    const rows: Row[] = [];
    lines.forEach((line, i) => {
        if (line !== `| ${columns.join(" | ")} |`) return;
        for (let j = i + 2; j < lines.length && lines[j]!.startsWith("| "); j++) {
            const cells = split(lines[j]!);
            expect(cells, lines[j]).toHaveLength(columns.length);
            rows.push(Object.fromEntries(columns.map((c, k) => [c, cells[k]!.trim()])));
        }
    });
    return rows;
}

/** A first cell "`name` (`api_name`)" or "`name`" to the name. */
const nameOf = (cell: string) => cell.match(/^`([^`]+)`/)![1]!;

/** Read when a test runs, not at load: with UPDATE_DOCS the first test has just rewritten the file. */
const doc = () => fs.readFileSync(FILE, "utf8");
const kinds = Object.values(declarations) as Declaration[];
const inputsOf = (d: Declaration) => tableRows(sectionOf(sectionOf(doc(), `## ${d.type}`), "### Inputs"), INPUT_COLUMNS);
const outputsOf = (d: Declaration) => tableRows(sectionOf(sectionOf(doc(), `## ${d.type}`), "### Outputs"), OUTPUT_COLUMNS);
const byName = (rows: Row[], column: string) => new Map(rows.map((r) => [nameOf(r[column]!), r]));

describe("docs/reference.md: every resource", () => {
    it.each(kinds.map((d) => [d.type, d] as const))("%s: every input, with type, allowed values, default, create-only and secret", (_type, d) => {
        const rows = byName(inputsOf(d), "input");
        const expected = [...inputSettings(d).keys(), ...userExtras(d).map(([name]) => name)];
        expect([...rows.keys()].sort()).toEqual([...expected].sort());
        for (const name of expected) {
            const r = rows.get(name)!;
            for (const column of ["type", "allowed values", "when omitted", "meaning"]) expect(r[column], `${d.type}.${name}: ${column}`).not.toBe("");
            expect(r["create-only"], `${d.type}.${name}`).toBe(replacementInputs(d).includes(name) ? "yes" : "no");
            expect(r.secret !== "no", `${d.type}.${name} secret`).toBe(secretInputs(d).has(name));
        }
    });

    it.each(kinds.map((d) => [d.type, d] as const))("%s: every output, with type and secret", (_type, d) => {
        const rows = byName(outputsOf(d), "output");
        const expected = ["id", ...inputSettings(d).keys(), ...Object.keys(d.outputs)];
        expect([...rows.keys()].sort()).toEqual([...new Set(expected)].sort());
        for (const name of expected) {
            const r = rows.get(name)!;
            expect(r.type, `${d.type}.${name}: type`).not.toBe("");
            expect(r.meaning, `${d.type}.${name}: meaning`).not.toBe("");
            expect(r.secret, `${d.type}.${name}`).toBe(secretOutputNames(d).includes(name) ? "yes" : "no");
        }
    });

    it("lists as inputs exactly the settings the emulator accepts (its own encoding of contract 2.3 and 2.4)", () => {
        const settingRows = (d: Declaration) => inputsOf(d).filter((r) => r.input.includes("(`")).map((r) => nameOf(r.input)).sort();
        expect(settingRows(declarations.room)).toEqual(Object.keys(roomRules(() => 2000)).map(toCamelName).sort());
        expect(settingRows(declarations.teamDefaults)).toEqual(Object.keys(defaultsRules()).map(toCamelName).sort());
    });

    it("lists as outputs every field of the emulator's room and team defaults records", () => {
        const team = new Team("5f0c1d2e-3a4b-4c5d-8e9f-a0b1c2d3e4f5", "acme", () => new Date(), () => 2000);
        const room = team.createRoom({ description: "Docs room", friendly_url: "docs-room", tags: ["a"], breakouts: ["one"] });
        const rooms = byName(outputsOf(declarations.room), "output");
        // The emulator's room record also carries the team's favicon, which contract 2.1 does not list for a room
        // (favicon is a defaults-only setting, 2.3): the provider keeps it in state but the SDK's Room has no such output.
        const beyondContract = ["favicon"];
        const missing = Object.keys(room).filter((field) => !rooms.has(toCamelName(field)));
        expect(missing, "Room outputs missing for these record fields").toEqual(beyondContract);
        const defaults = byName(outputsOf(declarations.teamDefaults), "output");
        for (const field of Object.keys(team.defaultsRecord())) expect(defaults.has(toCamelName(field)), `TeamDefaults output for ${field}`).toBe(true);
    });

    it.skipIf(!fs.existsSync(CONTRACT))("lists every field of the contract's 2.3 and 2.4 tables as an input", () => {
        const contract = fs.readFileSync(CONTRACT, "utf8");
        const fieldsIn = (section: string) =>
            section
                .split("\n")
                .filter((l) => /^\| [a-z_]/.test(l))
                .flatMap((l) => l.split("|")[1]!.split(",").map((f) => f.trim()))
                .filter((f) => f !== "Field");
        const shared = fieldsIn(sectionOf(contract, "### 2.3 Settings shared by default settings and rooms"));
        const roomOnly = fieldsIn(sectionOf(contract, "### 2.4 Room-only settings"));
        expect(shared.length).toBeGreaterThan(80);
        expect(roomOnly.length).toBeGreaterThan(25);
        const rooms = byName(inputsOf(declarations.room), "input");
        const defaults = byName(inputsOf(declarations.teamDefaults), "input");
        for (const f of [...shared, ...roomOnly]) expect(rooms.has(toCamelName(f)), `Room input for ${f}`).toBe(true);
        for (const f of [...shared, "domain", "favicon"]) expect(defaults.has(toCamelName(f)), `TeamDefaults input for ${f}`).toBe(true);
    });
});

describe("docs/reference.md: every data function", () => {
    it.each(Object.values(functions).map((d) => [d.name, d] as const))("%s: its arguments and result, typed", (name, d) => {
        const section = sectionOf(doc(), `### \`${name}(args)\` and \`${name}Output(args)\``);
        const args = byName(tableRows(section, ARGUMENT_COLUMNS), "argument");
        expect([...args.keys()].sort()).toEqual([...Object.keys(d.args), "connection"].sort());
        for (const [arg, r] of args) {
            expect(r.type, `${name}(${arg}): type`).not.toBe("");
            expect(r.required, `${name}(${arg})`).toBe((d.args as Record<string, { required?: boolean }>)[arg]?.required ? "yes" : "no");
        }
        const result = tableRows(section, RESULT_COLUMNS);
        expect(result.map((r) => r.result)).toEqual(d.result.map((e) => `\`${entryLabel(e)}\``));
        for (const r of result) expect(r.type, `${name} result ${r.result}: type`).not.toBe("");
    });
});
