/**
 * Listings read page after page (getRooms by `after`, getRoles by offset): each record comes once, by id, even when
 * another client creates or deletes records while the pages are read (the list is newest first, so a create shifts
 * the next page, and a delete on a page already read would move an unread record onto it).
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

    it("leaves out no room present throughout when another client deletes a room already read", async () => {
        const api = apiCaller(emulator);
        const names = Array.from({ length: 130 }, (_, i) => `d-${String(i).padStart(3, "0")}`);
        for (const friendly_url of names) await api("POST", "/rooms", { friendly_url });
        // Once the first page (d-129 down to d-030) is answered, d-100 on it goes: by offset, the second page would
        // start one record later and skip d-029.
        await control(emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms", change: { deleteRooms: ["d-100"] } });
        const { rooms } = await sdk.getRooms();
        const seen = rooms.map((r) => r.friendlyUrl).filter((name) => name.startsWith("d-"));
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toContain("d-029");
        expect(new Set(seen)).toEqual(new Set(names.filter((n) => n !== "d-100").concat(seen.includes("d-100") ? ["d-100"] : [])));
    });
});
