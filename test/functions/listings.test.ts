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

describe("getRooms", () => {
    it("returns each room once while another client creates rooms between its pages", async () => {
        const api = apiCaller(emulator);
        for (let i = 0; i < 130; i++) await api("POST", "/rooms", { friendly_url: `l-${String(i).padStart(3, "0")}` });
        // The first page at once, the second held back 600 ms: time for two creates in between.
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms", latencyMs: 1, count: 1 });
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms", latencyMs: 600, count: 1 });
        const listing = sdk.getRooms();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await api("POST", "/rooms", { friendly_url: "late-1" });
        await api("POST", "/rooms", { friendly_url: "late-2" });
        const { rooms } = await listing;
        const ids = rooms.map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(rooms.map((r) => r.friendlyUrl))).toEqual(new Set(Array.from({ length: 130 }, (_, i) => `l-${String(i).padStart(3, "0")}`)));
    });
});
