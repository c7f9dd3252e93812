/**
 * What a Pulumi program pays for `require("pulumi-vcrooms")`: the declarations and the model (names, flags, types)
 * and @pulumi/pulumi, nothing else. The client (undici), the validators (zod and its locales), token signing (jose)
 * and the resources' behaviour load at their first use, in the provider the shims reach at run time
 * (docs/architecture.md, "What a program loads"). Reads the built package (dist/), as a program would.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const ENTRY = path.join(ROOT, "dist/sdk/index.js");

it.skipIf(!fs.existsSync(ENTRY))("requiring the SDK loads no client, zod, jose or resource code", () => {
    const script = `const before = new Set(Object.keys(require.cache)); require(${JSON.stringify(ENTRY)});
        process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((k) => !before.has(k))));`;
    const run = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(run.stderr).toBe("");
    const loaded = (JSON.parse(run.stdout) as string[]).map((k) => path.relative(ROOT, k).split(path.sep).join("/"));
    const packages = (name: string) => loaded.filter((k) => k.includes(`node_modules/${name}/`));
    expect(packages("undici")).toEqual([]);
    expect(packages("zod")).toEqual([]);
    expect(packages("jose")).toEqual([]);
    const ours = loaded.filter((k) => !k.includes("node_modules/"));
    // Only the SDK's own modules, the declarations and the model: no client, resource, function or plugin code.
    expect(ours.filter((k) => !/^dist\/(sdk|provider\/declarations|provider\/model)\//.test(k))).toEqual([]);
    expect(ours).toContain("dist/provider/declarations/room.js");
});
