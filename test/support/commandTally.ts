/**
 * Vitest setup file: when a test file ends, writes how long its `pulumi` processes ran (harness/commandTally.ts) to
 * the run's folder (VCROOMS_COMMAND_TALLY_DIR, vitest.config.mts), for the reporter's table (test/support/slowest.ts).
 * A file that ran no `pulumi` writes nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll } from "vitest";
import { commandTally } from "../../harness/commandTally";

// Vitest reads a hook's first parameter as fixtures to set up: it must be a destructuring pattern (none here).
afterAll(({}, suite) => {
    const dir = process.env.VCROOMS_COMMAND_TALLY_DIR;
    if (!dir || commandTally.operationsMs + commandTally.otherMs === 0 || !("filepath" in suite)) return;
    fs.mkdirSync(dir, { recursive: true });
    const name = `${suite.filepath.replace(/[^\w.-]+/g, "_")}.json`;
    fs.writeFileSync(path.join(dir, name), JSON.stringify({ file: suite.filepath, ...commandTally }));
});
