/**
 * docs/testing.md's ledger stays whole: every section of the README has a row naming the tests that prove its claims,
 * and every test file a row names exists (a test moved or removed shows here, not as a claim left unproven).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const testing = fs.readFileSync(path.join(ROOT, "docs/testing.md"), "utf8");
const ledger = testing.slice(testing.indexOf("## Ledger"));
const rows = ledger.split("\n").filter((line) => /^\| [^-|]/.test(line) && !line.startsWith("| README section"));
const cells = (row: string) => row.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());

describe("docs/testing.md's ledger", () => {
    it("has a row for every section of the README", () => {
        const sections = fs.readFileSync(path.join(ROOT, "README.md"), "utf8").match(/^## .+$/gm)!.map((h) => h.slice(3).replace(/`/g, ""));
        const covered = new Set(rows.map((r) => cells(r)[0]!.replace(/`/g, "")));
        expect(sections.length).toBeGreaterThan(5);
        expect(sections.filter((s) => !covered.has(s))).toEqual([]);
    });

    it("names only test files that exist, in every row", () => {
        expect(rows.length).toBeGreaterThan(10);
        for (const row of rows) {
            const files = [...cells(row)[2]!.matchAll(/`(test\/[^`]+\.ts)`/g)].map((m) => m[1]!);
            expect(files.length, row).toBeGreaterThan(0);
            for (const file of files) expect(fs.existsSync(path.join(ROOT, file)), `${file} (ledger row: ${cells(row)[1]})`).toBe(true);
        }
    });
});
