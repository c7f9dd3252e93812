/**
 * Listings read page after page by offset (getRooms, getRoles): each record comes once, by id, even when another
 * client creates records while the pages are read (the list is newest first, so a create shifts the next page).
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import { sdk } from "../support/pulumi";

let emulator: RunningEmulator;
useEmulator({ rateLimit: 0 }, { environment: true, started: (started) => (emulator = started) });

/** Whether the emulator has answered a GET of the rooms list since its request log was cleared. */
const firstPageServed = async () => ((await control(emulator, "GET", "/requests")) as { entries: Array<{ method: string; path: string }> }).entries.some((e) => e.method === "GET" && e.path === "/api/v1/rooms");

describe("getRooms", () => {
    it("returns each room once while another client creates rooms between its pages", async () => {
        const api = apiCaller(emulator);
        for (let i = 0; i < 130; i++) await api("POST", "/rooms", { friendly_url: `l-${String(i).padStart(3, "0")}` });
        // The first page at once, the second held back 600 ms: time for two creates in between.
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms", latencyMs: 1, count: 1 });
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms", latencyMs: 600, count: 1 });
        await control(emulator, "DELETE", "/requests");
        const listing = sdk.getRooms();
        // The creates go in once the first page has been answered (not after a fixed wait: on a busy machine the
        // first request can come later than any fixed wait), while the second is held back.
        for (let waited = 0; !(await firstPageServed()); waited += 20) {
            if (waited > 30_000) throw new Error("getRooms asked for no page in 30 s");
            await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await api("POST", "/rooms", { friendly_url: "late-1" });
        await api("POST", "/rooms", { friendly_url: "late-2" });
        const { rooms } = await listing;
        const ids = rooms.map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(rooms.map((r) => r.friendlyUrl))).toEqual(new Set(Array.from({ length: 130 }, (_, i) => `l-${String(i).padStart(3, "0")}`)));
    });
});
