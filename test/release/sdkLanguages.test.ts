/**
 * `npm run release:sdks -- --languages ...` builds only the SDKs asked for (a Python team's wheel needs neither the
 * TypeScript compiler nor Go), and refuses a language it does not know before building anything.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { locatePythonVenv, ROOT } from "../../harness/pulumiCli";
import { cli, cliDir } from "../cli/support";

const python = locatePythonVenv();
const script = path.join(ROOT, "scripts", "release-sdks.mjs");
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
const out = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-sdk-languages-"));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe("release:sdks --languages", () => {
    it("refuses a language it does not know, naming the ones it builds", () => {
        const run = spawnSync(process.execPath, [script, "--languages", "python,rust", "--out", out], { encoding: "utf8" });
        expect(run.status).toBe(2);
        expect(run.stderr).toContain('--languages takes some of nodejs,python,go; got "python,rust"');
        expect(fs.readdirSync(out)).toEqual([]);
    });

    it.skipIf("skip" in cli || "skip" in python)("builds the wheel alone when asked for python only", () => {
        execFileSync(process.execPath, [script, "--languages", "python", "--out", out], {
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
            env: { ...process.env, PULUMI_CLI_DIR: cliDir, ...("dir" in python ? { PULUMI_PYTHON_VENV: python.dir } : {}) },
        });
        expect(fs.readdirSync(out).sort()).toEqual([`pulumi_vcrooms-${VERSION}-py3-none-any.whl`]);
    });
});
