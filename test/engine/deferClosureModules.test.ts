/**
 * The preload the suites' own processes start with (harness/deferClosureModules.ts): the SDK loads without its
 * closure-serialization modules, and whatever uses them gets the real ones, with the same answers as without it.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { expect, it } from "vitest";
import { ROOT } from "../../harness/pulumiCli";
import { DEFER_CLOSURE_MODULES } from "../../harness/preloads";

/** Loads the SDK, then serializes a function (typescript) and computes the program's code paths (@npmcli/arborist). */
const SCRIPT = `
const loaded = (name) => Object.keys(require.cache).some((k) => k.includes("/node_modules/" + name + "/"));
const pulumi = require("@pulumi/pulumi");
const atLoad = { typescript: loaded("typescript"), arborist: loaded("@npmcli/arborist") };
(async () => {
    const serialized = await pulumi.runtime.serializeFunction((x) => x * 42);
    const codePaths = await pulumi.runtime.computeCodePaths();
    const afterUse = { typescript: loaded("typescript"), arborist: loaded("@npmcli/arborist") };
    process.stdout.write(JSON.stringify({ atLoad, afterUse, text: serialized.text, codePaths: [...codePaths.keys()].sort() }));
})();`;

function run(preload: string[]) {
    const result = spawnSync(process.execPath, [...preload, "-e", SCRIPT], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { atLoad: Record<string, boolean>; afterUse: Record<string, boolean>; text: string; codePaths: string[] };
}

it.skipIf(!fs.existsSync(DEFER_CLOSURE_MODULES))("with the preload the SDK loads without typescript and arborist, and serializing a closure and computing code paths load them and answer as without it", () => {
    const deferred = run(["--require", DEFER_CLOSURE_MODULES]);
    const plain = run([]);
    expect(plain.atLoad).toEqual({ typescript: true, arborist: true });
    expect(deferred.atLoad).toEqual({ typescript: false, arborist: false });
    expect(deferred.afterUse).toEqual({ typescript: true, arborist: true });
    expect(deferred.text).toBe(plain.text);
    expect(deferred.text).toContain("x * 42");
    expect(deferred.codePaths.length).toBeGreaterThan(10);
    expect(deferred.codePaths).toEqual(plain.codePaths);
});
