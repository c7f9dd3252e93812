/**
 * The emulator of one test file: started before its tests, closed after them, and with `resetEach` put back
 * to its initial state before each test. Most suites set this up the same way; one helper keeps them alike.
 * With `sharedClients`, for suites that build the provider's API clients: those share connection pools and
 * rate limiters per process, so the limiters start afresh before each test and the pools close after the file.
 *
 * The emulator exists only once `beforeAll` has run, so suites read it as `env.emulator` inside their tests;
 * `env.api` is usable from the start (it looks the emulator up on each call).
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { closeAllPools, resetSharedLimiters } from "../../provider/api";
import { apiCaller, control, type Answer } from "./http";

export interface EmulatorEnv {
    readonly emulator: RunningEmulator;
    readonly api: (method: string, path: string, body?: unknown, auth?: string | null) => Promise<Answer>;
}

export function useEmulator(options: EmulatorOptions = { rateLimit: 0 }, { resetEach = false, sharedClients = false } = {}): EmulatorEnv {
    let running: RunningEmulator | undefined;
    const started = (): RunningEmulator => {
        if (!running) throw new Error("the emulator is not started yet: use env.emulator inside a test or hook");
        return running;
    };
    beforeAll(async () => {
        running = await startEmulator(options);
    });
    afterAll(async () => {
        if (sharedClients) await closeAllPools();
        await running?.close();
    });
    if (sharedClients) beforeEach(() => resetSharedLimiters());
    if (resetEach) beforeEach(() => control(started(), "POST", "/reset"));
    return {
        get emulator() {
            return started();
        },
        api: (...args) => apiCaller(started())(...args),
    };
}
