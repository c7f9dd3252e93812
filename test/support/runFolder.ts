/**
 * The shape of the run's global set-ups that share a folder (test/support/packOnce.ts, test/support/releaseOnce.ts, test/support/buildOnce.ts):
 * one folder per run, outside the repository, given to the test files under `key` (`inject(key)`), where the first
 * file that needs a thing makes it and the others read it; removed after the run, with anything `after` removes.
 */
import * as fs from "node:fs";
import type { TestProject } from "vitest/node";
import { outsideRepository } from "../cli/install";

export function runFolderSetup(key: "packDir" | "releaseDir" | "buildDir", prefix: string, after?: (project: TestProject) => void): (project: TestProject) => () => void {
    return (project) => {
        const dir = outsideRepository(prefix);
        project.provide(key, dir);
        return () => {
            fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
            after?.(project);
        };
    };
}
