/**
 * Room create, retried after its answer was lost, driven directly against the emulator: the generated friendly
 * URL is derived (the same at every check of the same resource, so preview shows what up creates and a re-run asks
 * for the same name), and the re-run finds the room its earlier attempt made by the creation marker, taking it
 * instead of making a second room or failing as "taken"; a room someone else made under the name is left alone.
 */
import { describe, expect, it } from "vitest";
import { RoomsClient, resolveClientConfig } from "../../provider/api";
import { UNKNOWN } from "../../provider/model/check";
import type { ResourceKind } from "../../provider/resources/kind";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";
import { roomKind } from "../support/kinds";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true, sharedClients: true });
const { api } = env;

/** A provider as a fresh provider process has it (one per deployment). */
function provider(): Required<ResourceKind> {
    const client = new RoomsClient(resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey, requestsPerMinute: 100_000, maxAttempts: 2 }, {}), env.transport);
    return roomKind(() => client);
}

/** The create's answer is lost after the API carried it out, and the lookup that would tell fails too. */
async function loseCreateAndLookup(friendlyUrl: string): Promise<void> {
    await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
    await control(env.emulator, "POST", "/faults", { method: "GET", path: `/api/v1/rooms/${friendlyUrl}`, status: 500, body: { message: "Server Error", error: "server-error" } });
}

const rooms = async () => ((await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string; external_id: string | null }>);

describe("the generated friendly URL", () => {
    const check = async (news: Record<string, unknown>) => (await provider().check({}, { resourceName: "standup", stack: "app/dev", ...news })).inputs!.friendlyUrl;

    it("is the same at every check of the same resource, and differs by stack, name and create-only inputs", async () => {
        const first = await check({});
        expect(first).toMatch(/^standup-[0-9a-f]{7}$/);
        expect(await check({})).toBe(first);
        expect(await check({ description: "Daily" })).toBe(first);
        expect(await check({ stack: "app/prod" })).not.toBe(first);
        expect(await check({ resourceName: "retro" })).toMatch(/^retro-[0-9a-f]{7}$/);
        expect(await check({ tags: ["a"] })).not.toBe(first);
        // Kept once applied: the olds' name wins.
        expect((await provider().check({ friendlyUrl: "standup-1234567" } as never, { resourceName: "standup", stack: "app/dev" })).inputs!.friendlyUrl).toBe("standup-1234567");
    });

    it("is unknown at preview while a create-only input is", async () => {
        expect(await check({ tags: [UNKNOWN] })).toBe(UNKNOWN);
    });
});

describe("a create whose answer and lookup were both lost", () => {
    it("with a generated name: the re-run takes the room the first attempt made; one room, then none after delete", async () => {
        const inputs = (await provider().check({}, { resourceName: "standup", stack: "app/dev", description: "Daily standup" })).inputs!;
        await loseCreateAndLookup(inputs.friendlyUrl as string);
        await expect(provider().create(inputs)).rejects.toThrow(/whether it took effect is unknown/);
        expect((await rooms()).map((r) => r.friendly_url)).toEqual([inputs.friendlyUrl]);

        // The re-run, in a new process: the same name is derived, the create is refused as taken, and the room is ours.
        const again = (await provider().check({}, { resourceName: "standup", stack: "app/dev", description: "Daily standup" })).inputs!;
        expect(again.friendlyUrl).toBe(inputs.friendlyUrl);
        const created = await provider().create(again);
        const live = await rooms();
        expect(live).toHaveLength(1);
        expect(created.id).toBe(live[0]!.id);
        await provider().delete(created.id, created.outs!);
        expect(await rooms()).toEqual([]);
    });

    it("with a declared friendly URL: the re-run takes the room instead of failing as taken", async () => {
        const inputs = { resourceName: "board", stack: "app/dev", friendlyUrl: "board-q3", description: "Quarterly board" };
        await loseCreateAndLookup("board-q3");
        await expect(provider().create(inputs)).rejects.toThrow(/whether it took effect is unknown/);
        const created = await provider().create(inputs);
        const live = await rooms();
        expect(live.map((r) => r.id)).toEqual([created.id]);
        expect(created.outs).toMatchObject({ friendlyUrl: "board-q3", description: "Quarterly board" });
    });

    it("leaves a room another stack made under the name alone: the create fails naming the way out", async () => {
        // The other stack's Room "board" made it, with its own marker.
        const other = await provider().create({ resourceName: "board", stack: "app/prod", friendlyUrl: "board-q3", description: "Production board" });
        await control(env.emulator, "DELETE", "/requests");
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await expect(provider().create({ resourceName: "board", stack: "app/dev", friendlyUrl: "board-q3", description: "Staging board" })).rejects.toThrow(
            'Unable to create room "board" (friendly URL board-q3): friendlyUrl: The friendly url has already been taken. (choose another friendlyUrl, or set adoptExisting: true to manage the existing room)',
        );
        const live = await rooms();
        expect(live.map((r) => r.id)).toEqual([other.id]);
        expect((await api("GET", "/rooms/board-q3")).body.description).toBe("Production board");
        const writes = ((await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string }> }).entries.filter((e) => e.method === "PATCH");
        expect(writes).toEqual([]);
    });

    it("leaves a room made outside Pulumi alone, and a declared externalId writes no marker", async () => {
        await api("POST", "/rooms", { friendly_url: "ops-room", description: "Made by hand" });
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await expect(provider().create({ resourceName: "ops", stack: "app/dev", friendlyUrl: "ops-room" })).rejects.toThrow(/already been taken/);
        expect((await api("GET", "/rooms/ops-room")).body.description).toBe("Made by hand");
        const declared = await provider().create({ resourceName: "crm", stack: "app/dev", friendlyUrl: "crm-room", externalId: "crm-42" });
        expect(declared.outs!.externalId).toBe("crm-42");
    });
});
