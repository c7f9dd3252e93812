/**
 * The order test files start in: the real-CLI suites (test/cli, and test/package's installs) first, largest file
 * first, then the rest as vitest orders them. The real-CLI files are the long ones; started last, one of them would
 * run alone at the end while the other workers sit idle. Vitest orders by the durations of the last run, but they
 * live in node_modules/.vite, which `npm ci` removes: on CI every run is a first run, ordered by file size alone.
 */
import * as fs from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const slow = (file: string) => /[/\\]test[/\\](cli|package)[/\\]/.test(file);

export default class SlowFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
        const sorted = await super.sort(files);
        const size = (spec: TestSpecification) => fs.statSync(spec.moduleId).size;
        const first = sorted.filter((s) => slow(s.moduleId)).sort((a, b) => size(b) - size(a));
        return [...first, ...sorted.filter((s) => !slow(s.moduleId))];
    }
}
