/** docs/reference.md is generated from the settings table and the declarations; this keeps it in step. */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { renderReference } from "../provider/declarations/reference";

it("docs/reference.md matches the settings table", () => {
    const file = path.resolve(__dirname, "../docs/reference.md");
    const rendered = renderReference();
    if (process.env.UPDATE_DOCS) fs.writeFileSync(file, rendered);
    expect(fs.readFileSync(file, "utf8")).toBe(rendered);
});

it("docs/reference.md covers every resource kind and every data function", async () => {
    const text = fs.readFileSync(path.resolve(__dirname, "../docs/reference.md"), "utf8");
    const { declarations } = await import("../provider/declarations");
    const { functions } = await import("../provider/functions");
    for (const d of Object.values(declarations)) expect(text).toMatch(new RegExp(`\\b${d.type}\\b`));
    for (const name of Object.keys(functions)) expect(text).toContain(`### \`${name}(args)\` and \`${name}Output(args)\``);
});
