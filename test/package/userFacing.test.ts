/**
 * What a user reads in the package stands alone: no shipped file cites the API contract the package was written
 * against (a document users do not have) by section, row or path; every example has its README; the template's
 * README, which `pulumi new` copies into the new project, is written for that project.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

/** A citation of the contract: "(2.1, 2.4)", "(4.2 row 17)", "(row 5)", "rows 7 to 13", "endpoints 3 to 6", `spec/…`. */
const CITATION =
    /\((?:contract |sections? |records? |rows? |endpoints? )?\d\.\d{1,2}(?:(?:, | and |; )(?:\d\.\d{1,2}|rows? \d+|\d+))*(?: rows? \d+)?(?:\)|,| `)|\brows? \d+\b|\bspec\/|\b(?:[Cc]ontract|[Ss]ections?|records) \d\.\d|\bendpoints? \d+\b|\b(?:names?|every setting|every metric|records) of \d\.\d{1,2}\b/;

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
    return fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .map((f) => path.join(dir, f))
        .filter((f) => !/(^|\/)(node_modules|venv|sdks|bin)(\/|$)/.test(f) && fs.statSync(path.join(ROOT, f)).isFile() && keep(f));
}

/**
 * The package's files a user reads: its docs, schema, examples and template, and the sources it ships (their
 * TSDoc is the hover docs; their comments are what a user reading node_modules meets), docs/assumptions.md
 * included: it names the contract's parts in words.
 */
function userFacingFiles(): string[] {
    const text = (f: string) => /\.(md|ts|py|go|json|yaml)$/.test(f);
    return [
        "README.md",
        "CHANGELOG.md",
        "schema.json",
        ...filesUnder("docs", text),
        ...["examples", "templates", "sdk", "provider", "emulator", "policy", "cli", "plugin"].flatMap((d) => filesUnder(d, text)),
    ];
}

describe("the package's user-facing text", () => {
    it("cites no section, row or path of the API contract, a document users do not have", () => {
        const files = userFacingFiles();
        expect(files).toEqual(expect.arrayContaining(["docs/reference.md", "docs/resources/Room.md", "schema.json", "sdk/generated.ts", "provider/declarations/room.ts", "policy/README.md"]));
        const found = files.flatMap((f) =>
            fs.readFileSync(path.join(ROOT, f), "utf8").split("\n").flatMap((line, i) => (CITATION.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
        );
        expect(found).toEqual([]);
    });

    it("has a README in every example", () => {
        const examples = fs.readdirSync(path.join(ROOT, "examples"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
        expect(examples).toContain("team-rooms");
        expect(examples.filter((e) => !fs.existsSync(path.join(ROOT, "examples", e, "README.md")))).toEqual([]);
    });

    it("gives a project made by `pulumi new` from the template a README about that project, not about the template", () => {
        const readme = fs.readFileSync(path.join(ROOT, "templates/vcrooms-team/README.md"), "utf8");
        expect(readme.split("\n")[0]).toBe("# ${PROJECT}");
        expect(readme).not.toMatch(/template/i);
        expect(readme).toContain("pulumi config set --secret vcrooms:developerKey");
    });
});
