#!/usr/bin/env node
// `npm run emulator -- [flags]`: starts the emulator from dist/, building first only when a source it is compiled
// from is newer than its build. The emulator imports nothing outside emulator/ (docs/architecture.md's layers), so
// its sources and the compiler's settings are all that can make dist/emulator stale; a full `tsc` took 25 to 30 s
// here, which every start used to pay.
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const built = path.join(root, "dist/emulator/cli.js");

function newest(file) {
    const stat = fs.statSync(file);
    if (!stat.isDirectory()) return file.endsWith(".ts") || file.endsWith(".json") ? stat.mtimeMs : 0;
    return Math.max(0, ...fs.readdirSync(file).map((entry) => newest(path.join(file, entry))));
}

const sources = Math.max(newest(path.join(root, "emulator")), newest(path.join(root, "tsconfig.json")), newest(path.join(root, "package.json")));
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
    process.stderr.write("emulator: building (dist/ is older than emulator/)\n");
    execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", path.join(root, "tsconfig.json")], { stdio: "inherit" });
}
const child = spawn(process.execPath, [built, ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
