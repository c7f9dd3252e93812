/**
 * Vitest's global set-up: one folder per run, outside the repository, where the package is packed at most once
 * (test/cli/install.ts, `packedTarball`) for every suite that installs it as a user would. Packing waits for the
 * first suite that asks, so a run of suites that never install packs nothing. Removed after the run.
 */
import { runFolderSetup } from "./runFolder";

declare module "vitest" {
    export interface ProvidedContext {
        packDir: string;
    }
}

export default runFolderSetup("packDir", "vcrooms-pack-");
