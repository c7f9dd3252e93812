/**
 * Vitest's global set-up for the release's files: one folder per run, outside the repository, where
 * test/support/release.ts builds each part of the release (the plugin's archives, the emulator's, the SDK packages)
 * at most once, for every file that needs it (test/release/plugin.test.ts, test/release/programs.test.ts,
 * test/examples/readmeCommands.test.ts); the files only read it. Building waits for the first file that asks, so a
 * run of files that need no release builds nothing. Removed after the run, with the run's Node.js compile cache
 * (vitest.config.mts: NODE_COMPILE_CACHE).
 */
import * as fs from "node:fs";
import { runFolderSetup } from "./runFolder";

declare module "vitest" {
    export interface ProvidedContext {
        releaseDir: string;
    }
}

export default runFolderSetup("releaseDir", "vcrooms-run-release-", (project) => {
    const compileCache = project.config.env?.NODE_COMPILE_CACHE;
    // A process the run started may still be writing the cache as the run ends (an upstream language host outlives
    // its CLI): the cache is a cache, so what is left of it is left for the system's temp cleaning, not a failure.
    if (compileCache) {
        try {
            fs.rmSync(compileCache, { recursive: true, force: true, maxRetries: 3 });
        } catch (error) {
            console.warn(`the run's Node.js compile cache ${compileCache} was not removed: ${(error as Error).message}`);
        }
    }
});
