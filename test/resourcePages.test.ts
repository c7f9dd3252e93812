/**
 * docs/resources/<Kind>.md, one page per resource kind, generated from the declarations by codegen/resourcePages.ts:
 * kept in step (`UPDATE_DOCS=1 npx vitest run test/resourcePages.test.ts` rewrites them), each with its examples,
 * tables and Import section, and linked from the README and docs/installation-configuration.md. That the examples
 * compile and run in each language is test/cli/docExamples.test.ts's claim (the real CLI, on the committed pages).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { renderResourcePages } from "../codegen/resourcePages";
import { declarations } from "../provider/declarations";
import { notImportableMessage } from "../provider/declarations/derive";

const DIR = path.resolve(__dirname, "../docs/resources");
const pages = renderResourcePages();

describe("the per-resource docs pages", () => {
    it("are the committed docs/resources/*.md", () => {
        if (process.env.UPDATE_DOCS) {
            fs.mkdirSync(DIR, { recursive: true });
            for (const [file, text] of Object.entries(pages)) fs.writeFileSync(path.join(DIR, file), text);
        }
        expect(fs.readdirSync(DIR).sort()).toEqual(Object.keys(pages).sort());
        for (const [file, text] of Object.entries(pages)) expect(fs.readFileSync(path.join(DIR, file), "utf8"), file).toBe(text);
    });

    it("each has an example in TypeScript, Python, Go and YAML (headed, in that order), its inputs and outputs, and an Import section", () => {
        for (const d of Object.values(declarations)) {
            const page = pages[`${d.type}.md`]!;
            const headed = [...page.matchAll(/^### (\w+)\n\n```(\w+)\n/gm)].map((m) => `${m[1]} ${m[2]}`);
            expect(headed, d.type).toEqual(["TypeScript ts", "Python python", "Go go", "YAML yaml"]);
            expect(page).toContain("```ts\nimport * as vcrooms from \"pulumi-vcrooms\";");
            expect(page).toContain(`new vcrooms.${d.type}(`);
            expect(page).toContain("```python\nimport pulumi_vcrooms as vcrooms");
            expect(page).toContain(`= vcrooms.${d.type}(`);
            expect(page).toContain(`\t"github.com/vcrooms/pulumi-vcrooms/sdk/go/vcrooms"\n`);
            expect(page).toContain(`vcrooms.New${d.type}(ctx, `);
            expect(page).toContain("```yaml\nname: rooms\nruntime: yaml\npackages:\n  vcrooms: ./node_modules/pulumi-vcrooms/plugin\n");
            expect(page).toContain(`    type: vcrooms:${d.type}\n`);
            expect(page).toMatch(/## Inputs\n\n\| input \|/);
            expect(page).toMatch(/## Outputs\n\n\| output \|/);
            const refused = notImportableMessage(d);
            if (refused) expect(page).toContain(refused);
            else expect(page).toContain(`pulumi import vcrooms:index:${d.type} <resource name> <id>`);
        }
        expect(Object.values(declarations).filter((d) => !notImportableMessage(d)).map((d) => d.type)).toEqual(["Room"]);
    });

    it("are linked from the README and docs/installation-configuration.md", () => {
        const readme = fs.readFileSync(path.resolve(__dirname, "../README.md"), "utf8");
        const installation = fs.readFileSync(path.resolve(__dirname, "../docs/installation-configuration.md"), "utf8");
        for (const file of Object.keys(pages)) {
            expect(readme).toContain(`(docs/resources/${file})`);
            expect(installation).toContain(`(resources/${file})`);
        }
    });
});
