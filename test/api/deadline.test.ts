/**
 * An operation's deadline (provider/api/deadline.ts, the plugin's customTimeouts): every request made under it, by
 * any client, stops when it passes. A request in flight is abandoned (the emulator logs status 0), a retry's pause
 * is cut short and nothing more is sent, a create's reconciling lookup is not made, and the answer is the deadline's
 * error. Without a deadline, or after it was cleared, requests run as before.
 */
import { describe, expect, it } from "vitest";
import { DeadlineExceededError, RoomsClient, resolveClientConfig, withDeadline } from "../../provider/api";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true, sharedClients: true });

const client = () => new RoomsClient(resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey, requestsPerMinute: 100_000 }, {}), env.transport);
const statuses = async (method: string) => ((await control(env.emulator, "GET", "/requests")).entries as Array<{ method: string; status: number }>).filter((e) => e.method === method).map((e) => e.status);
/** The statuses once the emulator has logged `n` requests of `method` (an abandoned one is logged when it notices), waiting at most 10 s. */
async function statusesOnce(method: string, n: number): Promise<number[]> {
    for (let i = 0; i < 200; i++) {
        const seen = await statuses(method);
        if (seen.length >= n) return seen;
        await new Promise((r) => setTimeout(r, 50));
    }
    return statuses(method);
}
const expired = () => new DeadlineExceededError("the test's deadline passed");

describe("an operation's deadline", () => {
    it("abandons a request in flight and answers the deadline's error, sending no retry and no lookup", async () => {
        // A client already used (its schemas loaded, a connection open), so the POST is under way well before the deadline.
        const c = client();
        await c.getDefaults();
        await control(env.emulator, "DELETE", "/requests");
        // Held past the deadline, then a 503 (retried, and for a create settled by a lookup, without a deadline).
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", latencyMs: 3_000, status: 503 });
        // The lookup a create settles an unanswered attempt with: counted, never finding the room (so a retry would follow).
        let lookups = 0;
        const lookup = async () => {
            lookups += 1;
            return undefined;
        };
        const failure = await withDeadline(1_000, expired, () => c.createRoom({ friendly_url: "late" }, lookup)).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(DeadlineExceededError);
        expect((failure as Error).message).toBe("the test's deadline passed");
        // The one POST is logged abandoned (0) once the emulator notices; answered, it would be a 503 at 3 s, then a
        // lookup and a retry: past that time, none came.
        expect(await statusesOnce("POST", 1)).toEqual([0]);
        await new Promise((r) => setTimeout(r, 3_000));
        expect(await statuses("POST")).toEqual([0]);
        expect(lookups).toBe(0);
    });

    it("cuts a retry's pause short: nothing is sent after the deadline", async () => {
        const c = client();
        await c.getDefaults();
        await control(env.emulator, "DELETE", "/requests");
        // A 503 asking for a pause of 1 s before the retry; the deadline falls within the pause.
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/", status: 503, count: 5, headers: { "retry-after": "1" } });
        const failure = await withDeadline(500, expired, () => c.getDefaults()).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(DeadlineExceededError);
        // Past the 1 s pause: a retry would have been sent by now.
        await new Promise((r) => setTimeout(r, 1_500));
        // One GET (answered 503, or abandoned in flight on a slow machine), no retry.
        expect(await statuses("GET")).toHaveLength(1);
    });

    it("leaves an operation that ends in time, and any request outside one, as they were", async () => {
        const c = client();
        const room = await withDeadline(30_000, expired, () => c.createRoom({ friendly_url: "in-time" }));
        expect(room.friendly_url).toBe("in-time");
        expect((await c.getRoom("in-time")).id).toBe(room.id);
        // No deadline at all (0): the operation runs as it would without one.
        expect((await withDeadline(0, expired, () => c.getRoom("in-time"))).id).toBe(room.id);
    });
});
