/**
 * The Room provider when creates land late and rooms go away, driven directly: a
 * create the API carries out after the client gave up and after the lookup found nothing is taken over, not
 * orphaned; messages name the way out.
 */
import { describe, expect, it } from "vitest";
import { RoomsClient, resolveClientConfig } from "../../provider/api";
import type { ResourceKind } from "../../provider/resources/kind";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";
import { roomKind } from "../support/kinds";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true, sharedClients: true });
const { api } = env;

function provider(): Required<ResourceKind> {
    const client = new RoomsClient(resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey, requestsPerMinute: 100_000 }, {}), env.transport);
    return roomKind(() => client);
}

describe("a create the API carries out late", () => {
    it("is taken over when the replayed create is refused as taken: one room, ours", async () => {
        // Late, as the provider sees it: the create's answer is lost, and the lookup that follows finds nothing (the
        // create has not landed yet: an injected 404); by the replay, it has, so the API refuses it as taken.
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/late-room", status: 404, body: { message: "Not Found", error: "not-found" } });
        // A create id, as check gives every Room: what the creation marker derives from.
        const created = await provider().create({ resourceName: "late", friendlyUrl: "late-room", description: "Arrived late", __createId: "5f0c2b7e9d41a8c3b6e2f1a0d9c8b7a6" });
        const rooms = (await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string }>;
        expect(rooms.map((r) => r.friendly_url)).toEqual(["late-room"]);
        expect(created.id).toBe(rooms[0]!.id);
        const log = ((await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string; status: number }> }).entries.map((e) => `${e.method} ${e.status}`);
        expect(log.slice(0, 4)).toEqual(["POST 0", "GET 404", "POST 422", "GET 200"]);
    });
});

describe("messages that name the way out", () => {
    it("an update of a room deleted outside Pulumi says so and points to refresh", async () => {
        const p = provider();
        const created = await p.create({ resourceName: "gone", friendlyUrl: "gone-room" });
        await api("DELETE", "/rooms/gone-room");
        await expect(p.update(created.id, created.outs!, { resourceName: "gone", friendlyUrl: "gone-room", description: "Changed" })).rejects.toThrow(
            /^Unable to update room "gone" \(friendly URL gone-room\): PATCH \/rooms\/[0-9a-f-]+ failed: 404 Not Found: the room no longer exists \(deleted outside Pulumi, or expired at expiresAt\); run `pulumi refresh`/,
        );
    });

    it("a rename onto a taken friendly URL does not suggest adoptExisting, which acts only at create", async () => {
        await api("POST", "/rooms", { friendly_url: "taken-url" });
        const p = provider();
        const created = await p.create({ resourceName: "mine", friendlyUrl: "mine-url" });
        const failure = p.update(created.id, created.outs!, { resourceName: "mine", friendlyUrl: "taken-url" });
        await expect(failure).rejects.toThrow("friendlyUrl: The friendly url has already been taken. (another room has this friendly URL; choose another friendlyUrl)");
        await expect(failure).rejects.not.toThrow(/adoptExisting/);
    });
});
