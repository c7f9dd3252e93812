/**
 * `npm run emulator` (scripts/emulator.mjs) starts the built emulator without compiling when dist/ is at least as new
 * as the emulator's sources, and compiles first when a source is newer: a user who runs it twice pays for the build
 * once. Runs on a copy of the script beside a fake build, so the repository's dist/ is never touched.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-emulator-script-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A tree shaped as the repository is for the script: emulator sources, a tsconfig, and a dist/emulator/cli.js. */
function tree(): string {
    const dir = fs.mkdtempSync(path.join(work, "repo-"));
    fs.mkdirSync(path.join(dir, "scripts"));
    fs.copyFileSync(path.join(ROOT, "scripts/emulator.mjs"), path.join(dir, "scripts/emulator.mjs"));
    fs.mkdirSync(path.join(dir, "emulator"));
    fs.writeFileSync(path.join(dir, "emulator/cli.ts"), 'declare const process: { argv: string[] };\nconsole.log("Rooms API emulator listening on " + process.argv.slice(2).join(" "));\n');
    fs.writeFileSync(path.join(dir, "package.json"), "{}\n");
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: ".", module: "commonjs", target: "es2022", types: [] }, include: ["emulator"] }));
    fs.mkdirSync(path.join(dir, "node_modules"));
    fs.symlinkSync(path.join(ROOT, "node_modules/typescript"), path.join(dir, "node_modules/typescript"));
    return dir;
}

function run(dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, [path.join(dir, "scripts/emulator.mjs"), "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run emulator", () => {
    it("compiles when dist/ is missing or older than a source, and starts the build as it is otherwise", async () => {
        const dir = tree();
        const first = await run(dir);
        expect(first.stderr).toContain("emulator: building");
        expect(first.stdout).toContain("Rooms API emulator listening on --port 0");
        expect(first.code).toBe(0);

        const again = await run(dir);
        expect(again.stderr).not.toContain("building");
        expect(again.stdout).toContain("listening");

        const later = new Date(Date.now() + 5_000);
        fs.utimesSync(path.join(dir, "emulator/cli.ts"), later, later);
        const stale = await run(dir);
        expect(stale.stderr).toContain("emulator: building");
    });
});
