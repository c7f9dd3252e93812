import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { PASSPHRASE } from "./harness/pulumiCli";
import { STACK_KEY_VARIABLE, stackKeyFor } from "./harness/stackConfig";

const realCli = (file: string) => /[/\\]test[/\\](cli|package|release|upgrade|invariants)[/\\]/.test(file);

/**
 * The order test files start in: the real-CLI suites (test/cli, test/package's installs, test/release's builds) first, largest file
 * first, then the rest as vitest orders them. The real-CLI files are the long ones; started last, one of them would
 * run alone at the end while the other workers sit idle. Vitest orders by the durations of the last run, but they
 * live in node_modules/.vite, which `npm ci` removes: on CI every run is a first run, ordered by file size alone.
 */
class RealCliFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
        const sorted = await super.sort(files);
        const size = (spec: TestSpecification) => fs.statSync(spec.moduleId).size;
        return [...sorted.filter((s) => realCli(s.moduleId)).sort((a, b) => size(b) - size(a)), ...sorted.filter((s) => !realCli(s.moduleId))];
    }
}

export default defineConfig({
    test: {
        include: ["test/**/*.test.ts"],
        // Suites start real servers and provider hosts, and the stand-in previews before each up (as the
        // real engine does): give them room on a 2-core machine.
        testTimeout: 180_000,
        // The records the provider keeps outside the state (provider/resources/localRecords.ts) go under PULUMI_HOME:
        // for providers run in the suites' own processes, a folder of this run rather than the user's ~/.pulumi (the
        // real CLI's projects each set their own).
        env: {
            PULUMI_HOME: path.join(os.tmpdir(), `vcrooms-test-pulumi-home-${process.pid}`),
            // Node.js's compile cache (V8's code for each module, checked against the module's contents) for every
            // Node.js process the suites start: the programs, plugins and dynamic providers under the real CLI each
            // load @pulumi/pulumi, and a warm cache saves about a fifth of an operation's CPU (docs/testing.md,
            // "Where a real-CLI operation's CPU goes"). A cache only: what runs is the same code. One folder per run,
            // removed after it (test/support/releaseOnce.ts).
            NODE_COMPILE_CACHE: path.join(os.tmpdir(), `vcrooms-test-node-compile-cache-${process.pid}`),
            // Where each test file leaves how long its `pulumi` processes ran (test/support/commandTally.ts), for the
            // reporter's table (test/support/slowest.ts reads and removes it).
            VCROOMS_COMMAND_TALLY_DIR: path.join(os.tmpdir(), `vcrooms-test-command-tally-${process.pid}`),
            // One passphrase salt and its key for every stack the run's harness makes, so the stack config files are
            // written without a `pulumi config` start and the key (a million rounds of PBKDF2) is derived once a run
            // (harness/stackConfig.ts).
            [STACK_KEY_VARIABLE]: stackKeyFor(PASSPHRASE),
        },
        setupFiles: ["./test/support/commandTally.ts"],
        hookTimeout: 60_000,
        pool: "forks",
        // Vitest's default is one worker less than the cores: one worker on a 2-core machine, so the real-CLI
        // suites, which mostly wait for pulumi, language hosts and providers in other processes, ran one after the
        // other with a core idle. With three files at a time the cores were still idle for a tenth of a run (1.78
        // busy on average: test files waiting for an expiry, a clock or a child's start); four finished the same
        // suite in 889 s against 945 s on one clone, one run after the other. VITEST_MAX_WORKERS overrides it.
        maxWorkers: 4,
        sequence: { sequencer: RealCliFirst },
        // One `npm pack` per run, shared by the suites that install the package (test/cli/install.ts); one build of
        // each part of the release, shared by the suites that run it (test/support/release.ts).
        globalSetup: ["./test/support/packOnce.ts", "./test/support/releaseOnce.ts"],
        reporters: ["default", "./test/support/slowest.ts"],
    },
});
