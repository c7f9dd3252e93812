import { defineConfig } from "vitest/config";
import SlowFirst from "./test/support/sequencer";

export default defineConfig({
    test: {
        include: ["test/**/*.test.ts"],
        // Suites start real servers and provider hosts, and the stand-in previews before each up (as the
        // real engine does): give them room on a 2-core machine.
        testTimeout: 180_000,
        hookTimeout: 60_000,
        pool: "forks",
        // Vitest's default is one worker less than the cores: one worker on a 2-core machine, so the real-CLI
        // suites, which mostly wait for pulumi, language hosts and providers in other processes, ran one after the
        // other with a core idle. Three files at a time keep both cores busy. VITEST_MAX_WORKERS overrides it.
        maxWorkers: 3,
        // The long real-CLI files start first, so none of them is left running alone at the end.
        sequence: { sequencer: SlowFirst },
        // One `npm pack` per run, shared by the suites that install the package (test/cli/install.ts).
        globalSetup: ["./test/support/packOnce.ts"],
        reporters: ["default", "./test/support/slowest.ts"],
    },
});
