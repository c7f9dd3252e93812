/**
 * Vitest's global set-up: one folder per run, outside the repository, where the package is packed at most once
 * (test/cli/install.ts, `packedTarball`) for every suite that installs it as a user would. Packing waits for the
 * first suite that asks, so a run of suites that never install packs nothing. Removed after the run.
 */
import * as fs from "node:fs";
import type { TestProject } from "vitest/node";
import { outsideRepository } from "../cli/install";

declare module "vitest" {
    export interface ProvidedContext {
        packDir: string;
    }
}

export default function setup(project: TestProject): () => void {
    const dir = outsideRepository("vcrooms-pack-");
    project.provide("packDir", dir);
    return () => fs.rmSync(dir, { recursive: true, force: true });
}
