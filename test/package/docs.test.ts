/** docs/installation-configuration.md is what the declarations render (as docs/reference.md is). */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { renderInstallation } from "../../codegen/installationDoc";

const FILE = path.resolve(__dirname, "../../docs/installation-configuration.md");

it("docs/installation-configuration.md matches the configuration table and the declarations", () => {
    const rendered = renderInstallation();
    if (process.env.UPDATE_DOCS) fs.writeFileSync(FILE, rendered);
    expect(fs.readFileSync(FILE, "utf8")).toBe(rendered);
    for (const d of ["apiUrl", "developerKey", "teamId", "auth", "requestsPerMinute"]) expect(rendered).toContain(`\`vcrooms:${d}\``);
    // Its first program in each language, headed, in the resource pages' order (test/cli/docExamples.test.ts runs them).
    expect([...rendered.matchAll(/^### (\w+)\n\n```(\w+)\n/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual(["TypeScript ts", "Python python", "Go go", "YAML yaml"]);
});
