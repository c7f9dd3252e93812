/**
 * Loads the compiled SDK and engine stand-in with Node's own require: a serialized provider
 * cannot come from code that vitest transformed (see the engine-harness prototypes), so tests
 * that run Pulumi programs use dist/, built by `npm test` before vitest starts.
 */
import { createRequire } from "node:module";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";

const nodeRequire = createRequire(__filename);
export const ROOT = path.resolve(__dirname, "../..");

if (!fs.existsSync(path.join(ROOT, "dist/sdk/index.js"))) throw new Error("dist/ is missing: run `npm run build` (npm test does) before these suites");

export const sdk: typeof import("../../sdk") = nodeRequire(path.join(ROOT, "dist/sdk"));
export const engineModule: typeof import("../../harness/engine") = nodeRequire(path.join(ROOT, "dist/harness/engine"));

export function tempStateFile(name: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-state-"));
    return path.join(dir, `${name}.json`);
}

/** An engine configured for the emulator the way a user configures a stack. */
export function engineFor(emulator: RunningEmulator, name: string, extra: Partial<import("../../harness/engine").EngineOptions> = {}) {
    return new engineModule.Engine({
        stateFile: tempStateFile(name),
        config: { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey, "vcrooms:requestsPerMinute": "100000" },
        secretConfig: ["vcrooms:developerKey"],
        hostCwd: ROOT,
        linkPackages: { "pulumi-vcrooms": ROOT },
        ...extra,
    });
}
