/**
 * The client's politeness to the rate limit, with exact request counts
 * from the emulator's request log. The only timed assertions are lower bounds a retry-after sets.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { RoomsClient, resolveClientConfig, type ClientOptions } from "../../provider/api";
import { apiCaller, control } from "../support/http";

interface Entry {
    method: string;
    path: string;
    status: number;
    at: string;
}

let emulator: RunningEmulator;
let nowMs = Date.parse("2030-01-01T00:00:00Z");

function client(overrides: Partial<ClientOptions> = {}): RoomsClient {
    return new RoomsClient(resolveClientConfig({ apiUrl: emulator.baseUrl, developerKey: emulator.developerKey, teamId: emulator.teamId, requestsPerMinute: 100_000, ...overrides }, {}), env.transport);
}
const log = async () => (await control(emulator, "GET", "/requests")) as { total: number; entries: Entry[] };

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
    // Bounded: 200 polls of 10 ms.
    for (let i = 0; i < 200; i++) {
        if (await condition()) return;
        await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`timed out waiting for ${what}`);
}

// The window model on an injected clock: a window ends only when a test moves the clock.
const env = useEmulator({ rateLimit: 0, now: () => new Date(nowMs) }, { resetEach: true, sharedClients: true, started: (started) => (emulator = started) });

describe("retry-after pauses every caller", () => {
    it("after a 429 with retry-after: 1, no request goes out from any caller until it has passed", async () => {
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/", status: 429, headers: { "retry-after": "1" }, body: { message: "Too Many Attempts. You may try again in 1 seconds.", error: "rate-limit" } });
        const c = client();
        const first = c.getDefaults();
        await until(async () => (await log()).entries.some((e) => e.status === 429), "the 429");
        // Two more callers start during the pause: they must wait for it too.
        const others = [c.listRoles(), c.getRoom("missing").catch(() => undefined)];
        await Promise.all([first, ...others]);
        const { total, entries } = await log();
        expect(total).toBe(4);
        const refused = entries.find((e) => e.status === 429)!;
        const after = entries.filter((e) => e !== refused);
        for (const e of after) expect(Date.parse(e.at) - Date.parse(refused.at)).toBeGreaterThanOrEqual(1000);
        expect(c.rateLimitedCount).toBe(1);
    });

    it("honours retry-after on a 503 as a floor: one retry, not before 2 s", async () => {
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/", status: 503, headers: { "retry-after": "2" } });
        await client().getDefaults();
        const { total, entries } = await log();
        expect(total).toBe(2);
        expect(entries.map((e) => e.status)).toEqual([503, 200]);
        expect(Date.parse(entries[1]!.at) - Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(2000);
    });
});

describe("the budget", () => {
    it("sends a burst of the whole window's budget at once, with 0 429s", async () => {
        await control(emulator, "PATCH", "/config", { rateLimit: 120 });
        const c = client({ requestsPerMinute: 120 });
        await Promise.all([...Array(120)].map(() => c.getDefaults()));
        const { total, entries } = await log();
        expect(total).toBe(120);
        expect(entries.filter((e) => e.status === 429)).toHaveLength(0);
    });

    it("never sends more than requestsPerMinute in a window: the next caller waits", async () => {
        // Our budget of 5 in a window shortened to 300 ms (set on the shared budget the client will use).
        env.transport.budget(`${emulator.origin}/api/v1`, emulator.teamId, { requestsPerMinute: 5, maxInFlight: 32, windowMs: 300 });
        const c = client({ requestsPerMinute: 5 });
        const started = performance.now();
        await Promise.all([...Array(6)].map(() => c.getDefaults()));
        // The sixth waited for the first to leave the window: a lower bound set by the window itself.
        expect(performance.now() - started).toBeGreaterThanOrEqual(300);
        expect((await log()).total).toBe(6);
    });

    it("reads X-RateLimit-Remaining: when another user of the key has spent the window, it waits instead of earning a 429", async () => {
        await control(emulator, "PATCH", "/config", { rateLimit: 3 });
        // The API's window is 60 s on the emulator's frozen clock; the client's estimate of it is
        // shortened to 300 ms so that the test need not wait a minute.
        env.transport.budget(`${emulator.origin}/api/v1`, emulator.teamId, { requestsPerMinute: 100_000, maxInFlight: 32, windowMs: 300 });
        const other = apiCaller(emulator);
        await other("GET", "/roles");
        await other("GET", "/roles");
        const c = client();
        await c.getDefaults(); // the last of the window: remaining 0
        const pending = c.getDefaults();
        // Nothing goes out while the API's window is spent (a 429 would show in the log).
        await new Promise((r) => setTimeout(r, 100));
        expect((await log()).total).toBe(3);
        nowMs += 60_000; // the API's window ends
        await pending;
        const { total, entries } = await log();
        expect(total).toBe(4);
        expect(entries.filter((e) => e.status === 429)).toHaveLength(0);
    });
});
