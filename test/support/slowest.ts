/**
 * A vitest reporter that prints the ten slowest tests at the end of a run, with their files: where the suite's own
 * time goes (vitest's reporters print per-file times and tests over `slowTestThreshold`, but no ranking).
 */
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;

export default class SlowestTests implements Reporter {
    onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
        const timed: Array<{ ms: number; file: string; name: string }> = [];
        for (const module of testModules) {
            for (const test of module.children.allTests()) {
                const ms = test.diagnostic()?.duration;
                if (ms !== undefined) timed.push({ ms, file: module.relativeModuleId, name: test.fullName });
            }
        }
        if (timed.length === 0) return;
        timed.sort((a, b) => b.ms - a.ms);
        const name = (t: { file: string; name: string }) => { const full = `${t.file} > ${t.name}`; return full.length > 160 ? `${full.slice(0, 157)}...` : full; };
        const lines = timed.slice(0, SHOWN).map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${name(t)}`);
        process.stdout.write(`\nSlowest ${Math.min(SHOWN, timed.length)} tests:\n${lines.join("\n")}\n`);
    }
}
