/**
 * Every Markdown page a user reads (shipped in the package, or linked from the README) renders as written under
 * CommonMark: a placeholder such as <path> outside code is raw HTML to a renderer, which drops it, and a command
 * block that starts with an unindented line is folded into a paragraph. GitHub and npm render with CommonMark (plus
 * extensions that change neither rule), so markdown-it in its CommonMark mode shows what they show.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { files: string[] };

/** The Markdown files package.json's `files` ships, and those the README links to. */
function userFacingMarkdown(): string[] {
    const found = new Set<string>();
    const skip = new Set(["node_modules", "dist", "venv", "sdks", ".git"]);
    const walk = (rel: string): void => {
        const abs = path.join(ROOT, rel);
        if (!fs.existsSync(abs)) return;
        const stat = fs.statSync(abs);
        if (stat.isFile()) {
            if (rel.endsWith(".md")) found.add(rel);
            return;
        }
        for (const entry of fs.readdirSync(abs)) if (!skip.has(entry)) walk(path.join(rel, entry));
    };
    for (const entry of manifest.files) if (!entry.startsWith("!") && !entry.startsWith("dist/")) walk(entry);
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    for (const [, target] of readme.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)) walk(path.normalize(target!));
    return [...found].sort();
}

/** Tags a page may use on purpose; anything else in angle brackets outside code is a placeholder the renderer eats. */
const INTENDED_HTML = /^<\/?(br|details|summary|sup|sub|kbd|img|a|p|div|picture|source|!--)[\s>/]/i;

interface Fault {
    line: number;
    what: string;
}

function renderFaults(source: string): Fault[] {
    const md = new MarkdownIt("commonmark");
    const tokens = md.parse(source, {});
    const lines = source.split("\n");
    const faults: Fault[] = [];
    const lineOf = (map: [number, number] | null | undefined) => (map ? map[0] + 1 : 0);
    let block: [number, number] | null | undefined;
    for (const token of tokens) {
        if (token.map) block = token.map;
        if (token.type === "html_block" && !INTENDED_HTML.test(token.content.trim())) {
            faults.push({ line: lineOf(token.map), what: `raw HTML block ${JSON.stringify(token.content.trim().slice(0, 60))}` });
        }
        if (token.type === "paragraph_open" && token.map) {
            // An indented line inside a paragraph is a lazy continuation line: its author meant a code block.
            for (let i = token.map[0] + 1; i < token.map[1]; i++) {
                if (/^ {4,}\S/.test(lines[i] ?? "") && !/^\s*([-*+]|\d+[.)])\s/.test(lines[token.map[0]] ?? "")) {
                    faults.push({ line: i + 1, what: `indented line folded into a paragraph (not code): ${JSON.stringify(lines[i]!.trim().slice(0, 60))}` });
                    break;
                }
            }
        }
        // A closed fence's last line is its closing marker; an unclosed one runs to the end of the page.
        if (token.type === "fence" && token.map && (token.map[1] - 1 === token.map[0] || !/^\s*(```|~~~)\s*$/.test(lines[token.map[1] - 1] ?? ""))) {
            faults.push({ line: lineOf(token.map), what: "fenced block never closed: the rest of the page renders as code" });
        }
        for (const child of token.children ?? []) {
            if (child.type === "html_inline" && !INTENDED_HTML.test(child.content)) {
                faults.push({ line: lineOf(block), what: `raw HTML ${JSON.stringify(child.content)} (a placeholder? write {name}, or put it in code)` });
            }
        }
    }
    return faults;
}

describe("Markdown a user reads renders as written", () => {
    const files = userFacingMarkdown();

    it("finds the README, the docs, the examples' and the template's pages", () => {
        expect(files).toEqual(expect.arrayContaining(["README.md", "CHANGELOG.md", "docs/reference.md", "docs/resources/Room.md", "examples/quickstart/README.md", "templates/vcrooms-team/README.md"]));
    });

    it.each(files)("%s has no placeholder taken for HTML and no command block folded into a paragraph", (file) => {
        const faults = renderFaults(fs.readFileSync(path.join(ROOT, file), "utf8"));
        expect(faults.map((f) => `${file}:${f.line}: ${f.what}`)).toEqual([]);
    });

    it("catches the faults it is for", () => {
        const faults = renderFaults("Run:\ncd here && npm install <path>/x.tgz\n    pulumi up\n\n```sh\nnever closed\n").map((f) => f.what);
        expect(faults).toHaveLength(3);
        expect(faults).toEqual(
            expect.arrayContaining([
                expect.stringContaining('raw HTML "<path>"'),
                expect.stringContaining("indented line folded into a paragraph"),
                expect.stringContaining("fenced block never closed"),
            ]),
        );
        expect(renderFaults("    npm install <path>/x.tgz\n\n`<team>` and <br> are fine\n")).toEqual([]);
    });
});
