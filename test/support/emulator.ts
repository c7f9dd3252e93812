/**
 * The one emulator fixture of the suites: called at the top of a test file or inside a describe block, it starts
 * an emulator before that scope's tests and closes it after them. Every suite that needs an emulator uses it, so
 * they start, reset and close alike:
 * - options: the emulator's own (`rateLimit` 0 unless given: suites that test the limiter ask for one);
 * - `resetEach`: put back to its initial state before each test;
 * - `sharedClients`, for suites that build the provider's API clients: `env.transport` is what they share, as the
 *   clients of one runtime do (request budgets, connection pools); a new one for each test, so the budgets start
 *   afresh, its pools closed after the test;
 * - `environment`: VCROOMS_API_URL and VCROOMS_DEVELOPER_KEY point at it (functions called without a connection);
 * - `projects`: real-CLI projects disposed (their folders removed) before the emulator closes;
 * - `started`: for suites that keep the emulator in a variable of their own, called once it runs.
 *
 * The emulator exists only once `beforeAll` has run, so suites read it as `env.emulator` inside their tests and
 * hooks; `env.api` and `env.control` are usable from the start (they look the emulator up on each call).
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { SharedTransport } from "../../provider/api";
import { apiCaller, control, type Answer } from "./http";

export interface EmulatorEnv {
    readonly emulator: RunningEmulator;
    readonly api: (method: string, path: string, body?: unknown, auth?: string | null) => Promise<Answer>;
    readonly control: (method: string, path: string, body?: unknown) => Promise<any>;
    /** With `sharedClients`, inside a test: the budgets and pools its clients share. */
    readonly transport: SharedTransport;
}

export interface FixtureOptions {
    resetEach?: boolean;
    sharedClients?: boolean;
    environment?: boolean;
    projects?: ReadonlyArray<{ dispose(): void }>;
    started?: (emulator: RunningEmulator) => void;
}

export function useEmulator(options: EmulatorOptions = {}, { resetEach = false, sharedClients = false, environment = false, projects = [], started }: FixtureOptions = {}): EmulatorEnv {
    let running: RunningEmulator | undefined;
    const current = (): RunningEmulator => {
        if (!running) throw new Error("the emulator is not started yet: use env.emulator inside a test or hook");
        return running;
    };
    beforeAll(async () => {
        running = await startEmulator({ rateLimit: 0, ...options });
        if (environment) {
            process.env.VCROOMS_API_URL = running.baseUrl;
            process.env.VCROOMS_DEVELOPER_KEY = running.developerKey;
        }
        started?.(running);
    });
    afterAll(async () => {
        for (const p of projects) p.dispose();
        await running?.close();
    });
    let transport: SharedTransport | undefined;
    if (sharedClients) {
        beforeEach(() => {
            transport = new SharedTransport();
        });
        afterEach(async () => {
            await transport?.close();
            transport = undefined;
        });
    }
    if (resetEach) beforeEach(() => control(current(), "POST", "/reset"));
    return {
        get emulator() {
            return current();
        },
        api: (...args) => apiCaller(current())(...args),
        control: (...args) => control(current(), ...args),
        get transport() {
            if (!transport) throw new Error("env.transport exists inside a test of a suite with sharedClients");
            return transport;
        },
    };
}
