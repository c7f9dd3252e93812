import { defineConfig } from "vitest/config";

export default defineConfig({
    test: {
        include: ["test/**/*.test.ts"],
        // Suites start real servers and provider hosts, and the stand-in previews before each up (as the
        // real engine does): give them room on a 2-core machine.
        testTimeout: 180_000,
        hookTimeout: 60_000,
        pool: "forks",
    },
});
