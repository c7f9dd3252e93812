/**
 * The emulator's rate limit under the window model: a fixed 60 s window per team, like
 * the hosted service's throttle. The window follows the emulator's clock, injected here, so a
 * window ends by moving the clock instead of sleeping a minute.
 */
import { describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";

const LIMIT = 200;
let emulator: RunningEmulator;
let nowMs = Date.parse("2030-01-01T00:00:00Z");

const { api } = useEmulator({ rateLimit: LIMIT, now: () => new Date(nowMs) }, { resetEach: true, started: (started) => (emulator = started) });

describe("window model", () => {
    it("lets a burst of the whole budget through with 0 429s, then 429 with retry-after <= 60 and the vendor's body", async () => {
        // Concurrent, as a client with budget to spend would send them.
        const burst = await Promise.all([...Array(LIMIT)].map(() => api("GET", "/roles")));
        expect(burst.filter((a) => a.status !== 200)).toHaveLength(0);
        const remaining = burst.map((a) => Number(a.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b);
        expect(remaining).toEqual([...Array(LIMIT)].map((_, i) => i));
        expect(burst.every((a) => a.headers.get("x-ratelimit-limit") === String(LIMIT))).toBe(true);

        nowMs += 22_500;
        const next = await api("GET", "/roles");
        expect(next.status).toBe(429);
        const seconds = Number(next.headers.get("retry-after"));
        // 37.5 s left in the window, in whole seconds rounded up.
        expect(seconds).toBe(38);
        expect(next.body).toEqual({ message: "Too Many Attempts. You may try again in 38 seconds.", error: "rate-limit" });
        expect(next.headers.get("x-ratelimit-remaining")).toBe("0");

        const log = await control(emulator, "GET", "/requests");
        expect(log.entries.filter((e: { status: number }) => e.status === 429)).toHaveLength(1);
    });

    it("opens a new window when the old one ends, not before", async () => {
        for (let i = 0; i < LIMIT; i++) await api("GET", "/");
        nowMs += 59_999;
        expect((await api("GET", "/")).status).toBe(429);
        nowMs += 1;
        const fresh = await api("GET", "/");
        expect(fresh.status).toBe(200);
        expect(fresh.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
    });

    it("counts every route and method, 4xx answers included, but not refused requests", async () => {
        await api("POST", "/rooms", { friendly_url: "counted" });
        await api("GET", "/rooms/missing");
        await api("PATCH", "/rooms/counted", { max_participants: "bad" });
        const fourth = await api("DELETE", "/rooms/counted");
        expect(fourth.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 4));
        const notFound = await api("GET", "/rooms/missing");
        expect(notFound.status).toBe(404);
        expect(notFound.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 5));
        for (let i = 5; i < LIMIT; i++) await api("GET", "/");
        // Refused requests do not count (Laravel checks before it counts): the window still ends on time.
        for (let i = 0; i < 3; i++) expect((await api("GET", "/")).status).toBe(429);
        nowMs += 60_000;
        expect((await api("GET", "/")).headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
    });

    it("control calls carry no rate-limit headers and are never refused", async () => {
        for (let i = 0; i < LIMIT; i++) await api("GET", "/");
        const res = await fetch(`${emulator.controlUrl}/state`);
        await res.text();
        expect(res.status).toBe(200);
        expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    });

    it("with the limit off, no rate-limit headers", async () => {
        await control(emulator, "PATCH", "/config", { rateLimit: 0 });
        try {
            const answer = await api("GET", "/");
            expect(answer.status).toBe(200);
            expect(answer.headers.get("x-ratelimit-limit")).toBeNull();
        } finally {
            await control(emulator, "PATCH", "/config", { rateLimit: LIMIT });
        }
    });
});

describe("latency option", () => {
    it("delays every /api/v1 request by latencyMs (a lower bound only)", async () => {
        const slow = await startEmulator({ rateLimit: 0, latencyMs: 120 });
        try {
            const call = apiCaller(slow);
            const started = performance.now();
            expect((await call("GET", "/")).status).toBe(200);
            expect(performance.now() - started).toBeGreaterThanOrEqual(115);
            expect(await control(slow, "PATCH", "/config", {})).toMatchObject({ latencyMs: 120, rateLimitModel: "window" });
        } finally {
            await slow.close();
        }
    });
});
