/**
 * Vitest setup file: when a test file ends, writes what its `pulumi` processes cost (harness/commandTally.ts) and
 * the CPU the file used, its worker's and every process it started and waited for, to the run's folder
 * (VCROOMS_COMMAND_TALLY_DIR, vitest.config.mts), for the reporter's table (test/support/slowest.ts reads it).
 * CPU, not wall time, is what a file costs a run on a loaded 2-core machine: the wall time of one file grows with
 * whatever else runs beside it, its CPU hardly.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll } from "vitest";
import { commandTally } from "../../harness/commandTally";

/**
 * The CPU seconds of this process and of its children it has waited for (their own waited-for children included),
 * from /proc/self/stat: utime, stime, cutime and cstime, in clock ticks (100 a second on Linux). Undefined elsewhere.
 */
function cpuSeconds(): number | undefined {
    try {
        // The command name (field 2) may hold spaces: the fields after it start after its closing parenthesis.
        const stat = fs.readFileSync("/proc/self/stat", "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        // utime is field 14 of the whole line, so index 11 once fields 1 and 2 are cut off.
        return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
    } catch {
        return undefined;
    }
}

const cpuAtStart = cpuSeconds();

// Vitest reads a hook's first parameter as fixtures to set up: it must be a destructuring pattern (none here).
afterAll(({}, suite) => {
    const dir = process.env.VCROOMS_COMMAND_TALLY_DIR;
    const cpuAtEnd = cpuSeconds();
    if (!dir || !("filepath" in suite)) return;
    const cpuS = cpuAtStart === undefined || cpuAtEnd === undefined ? undefined : cpuAtEnd - cpuAtStart;
    fs.mkdirSync(dir, { recursive: true });
    const name = `${suite.filepath.replace(/[^\w.-]+/g, "_")}.json`;
    fs.writeFileSync(path.join(dir, name), JSON.stringify({ file: suite.filepath, cpuS, ...commandTally }));
});
