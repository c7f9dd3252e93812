import { defineConfig } from "vitest/config";

export default defineConfig({
    test: {
        include: ["test/**/*.test.ts"],
        // Suites start real servers and provider hosts; give them room on a 2-core machine.
        testTimeout: 60_000,
        hookTimeout: 60_000,
        pool: "forks",
    },
});
