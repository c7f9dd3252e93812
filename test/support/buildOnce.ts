/**
 * Vitest's global set-up for the invariant harnesses' builds: one folder per run, outside the repository, where
 * `builtOnce` (test/invariants/sharedBuild.ts) makes each thing every harness needs alike (the Go program built over
 * its generated SDK, the Python virtualenv holding the generated SDK) at most once, for every file that needs it; the
 * files only read it. Building waits for the first file that asks, so a run of files that need none builds nothing.
 * Removed after the run.
 */
import { runFolderSetup } from "./runFolder";

declare module "vitest" {
    export interface ProvidedContext {
        buildDir: string;
    }
}

export default runFolderSetup("buildDir", "vcrooms-run-build-");
