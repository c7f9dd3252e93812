/**
 * Room create, retried after its answer was lost, driven directly against the emulator. What tells "the room this
 * create made" is the create id check chooses (random, kept in the inputs, new for a replacement, which the engine
 * checks with no olds): the generated friendly URL and the creation marker derive from it, so no other stack and no
 * replacement shares them. A lost answer is settled by taking the room under the friendly URL only when it is this
 * very create's: it carries this create's marker, or (with a declared externalId, which leaves no room for a marker)
 * the declared externalId under a name that is this create's own. Any other room under the name is left alone. A
 * create whose outcome stayed unknown is kept (as the engine keeps a failed create given an id) under an
 * `unsettled-create:` id with its create id: the next up replaces it, and its delete removes the room it made only
 * when that room is provably its own; a refresh takes that room as the resource's.
 */
import { describe, expect, it } from "vitest";
import { RoomsClient, resolveClientConfig } from "../../provider/api";
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

/** Only the create's answer is lost: the API carried it out; the lookup that follows is answered. */
const loseCreateAnswer = () => control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });

const rooms = async () => ((await api("GET", "/rooms")).body.data as Array<{ id: string; friendly_url: string; external_id: string | null; description: string | null }>);

/** The inputs check gives a Room of stack app/dev with no olds: a new resource (or a replacement). */
const checked = async (news: Record<string, unknown>, olds: Record<string, unknown> = {}) => (await provider().check(olds, { resourceName: "standup", stack: "app/dev", ...news })).inputs!;

describe("the create id and the generated friendly URL", () => {
    it("a new create id at every check without olds, the olds' kept otherwise; the name is left to create", async () => {
        const first = await checked({});
        expect(first.__createId).toMatch(/^[0-9a-f]{32}$/);
        expect(first.friendlyUrl).toBeUndefined();
        expect(first.__friendlyUrlGenerated).toBe(true);
        // Another stack of the same names, or a replacement (checked with no olds): another id.
        expect((await checked({})).__createId).not.toBe(first.__createId);
        // The same resource later: its id, and a name held in the inputs before, are kept.
        expect((await checked({ description: "Daily" }, first)).__createId).toBe(first.__createId);
        expect((await checked({}, { ...first, friendlyUrl: "standup-1234567" })).friendlyUrl).toBe("standup-1234567");
        // A declared name has a create id too: the marker derives from it.
        expect((await checked({ friendlyUrl: "board-q3" })).__createId).toMatch(/^[0-9a-f]{32}$/);
    });

    it("create names the room after the resource and the create id, and marks it as this create's", async () => {
        const inputs = await checked({ description: "Daily standup" });
        const created = await provider().create(inputs);
        expect(created.outs.friendlyUrl).toMatch(/^standup-[0-9a-f]{7}$/);
        const [live] = await rooms();
        expect(live!.friendly_url).toBe(created.outs.friendlyUrl);
        expect(live!.external_id).toMatch(/^pulumi-vcrooms:[0-9a-f]{24}$/);
        // The same inputs again (a create retried by the engine with them): the same name and marker.
        const again = await checked({ description: "Daily standup" }, inputs);
        expect(again.__createId).toBe(inputs.__createId);
    });
});

describe("a create whose answer was lost", () => {
    it("takes the room it made when only the answer was lost: one room, carrying its marker", async () => {
        const inputs = await checked({ description: "Daily standup" });
        await loseCreateAnswer();
        const created = await provider().create(inputs);
        const live = await rooms();
        expect(live.map((r) => r.id)).toEqual([created.id]);
        expect(created.outs.externalId).toBe(live[0]!.external_id);
    });

    it("with a declared externalId and a generated name: takes the room it made (by the externalId, under its own name)", async () => {
        const inputs = await checked({ description: "CRM room", externalId: "crm-42" });
        await loseCreateAnswer();
        const created = await provider().create(inputs);
        const live = await rooms();
        expect(live.map((r) => r.id)).toEqual([created.id]);
        expect(live[0]).toMatchObject({ external_id: "crm-42", description: "CRM room" });
    });

    it("with a declared externalId and a declared name that was free before the first attempt: takes the room it made", async () => {
        const inputs = await checked({ friendlyUrl: "crm-room", externalId: "crm-42" });
        await loseCreateAnswer();
        const created = await provider().create(inputs);
        expect((await rooms()).map((r) => r.id)).toEqual([created.id]);
        expect(created.outs).toMatchObject({ friendlyUrl: "crm-room", externalId: "crm-42" });
    });

    it("with a declared externalId: a room that held the declared name before the first attempt is left alone, whatever its externalId", async () => {
        await api("POST", "/rooms", { friendly_url: "crm-room", external_id: "crm-42", description: "Another stack's" });
        await loseCreateAnswer();
        // The API refused it as taken, but that answer was lost too: the create fails without taking the room.
        await expect(provider().create(await checked({ friendlyUrl: "crm-room", externalId: "crm-42" }))).rejects.toThrow('Unable to create room "standup" (friendly URL crm-room): POST /rooms failed');
        expect((await rooms())).toHaveLength(1);
        expect((await api("GET", "/rooms/crm-room")).body.description).toBe("Another stack's");
    });

    it("an answer and lookup both lost: kept as an unsettled create with its create id; its replacement's delete removes the room it made, and only that", async () => {
        const inputs = await checked({ description: "Daily standup" });
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/standup-*", status: 500, body: { message: "Server Error", error: "server-error" } });
        const lost = (await provider().create(inputs).catch((e: unknown) => e)) as Error & { id: string; properties: Record<string, unknown> };
        expect(lost.message).toMatch(/whether it took effect is unknown/);
        const [orphan] = await rooms();
        // What the engine keeps in the stack for a create that failed this way: the next up knows this create id. The
        // id carries the create id, never the friendly URL (which may be a secret; ids never are).
        expect(lost.id).toBe(`unsettled-create:${inputs.__createId}`);
        expect(lost.properties).toMatchObject({ __createId: inputs.__createId, friendlyUrl: orphan!.friendly_url });

        const next = provider();
        const diff = await next.diff(lost.id, lost.properties, inputs);
        expect(diff).toMatchObject({ changes: true, replaces: ["id"], deleteBeforeReplace: false });
        const replacement = await next.create(await checked({ description: "Daily standup" }));
        await next.delete(lost.id, lost.properties);
        expect((await rooms()).map((r) => r.id)).toEqual([replacement.id]);
    });

    it("an unsettled create whose room is not provably its own deletes nothing, and a refresh settles one that is", async () => {
        const inputs = await checked({ friendlyUrl: "board-q3" });
        const props = { ...inputs, friendlyUrl: "board-q3" };
        await api("POST", "/rooms", { friendly_url: "board-q3", description: "Another stack's" });
        await provider().delete("unsettled-create:board-q3", props);
        expect((await api("GET", "/rooms/board-q3")).body.description).toBe("Another stack's");
        expect((await provider().read("unsettled-create:board-q3", props)).id).toBe("");

        const mine = await checked({ friendlyUrl: "mine-q3" });
        await loseCreateAndLookup("mine-q3");
        const lost = (await provider().create(mine).catch((e: unknown) => e)) as { id: string; properties: Record<string, unknown> };
        const read = await provider().read(lost.id, lost.properties);
        expect(read.id).toBe((await api("GET", "/rooms/mine-q3")).body.id);
    });
});

describe("a room this create did not make", () => {
    it("a room an earlier release made under the name (its mark names no stack) is left alone: the create fails naming the ways out, adoptExisting among them", async () => {
        const other = await provider().create(await checked({ friendlyUrl: "board-q3", description: "Production board", stack: "app/prod" }));
        await control(env.emulator, "DELETE", "/requests");
        await loseCreateAnswer();
        // Made by a create that knew no stack (a kind called alone), as an earlier release's were: its mark names none,
        // so whose it is cannot be told, and an upgraded stack's own rooms carry such marks (docs/assumptions.md).
        expect((await api("GET", "/rooms/board-q3")).body.external_id).toMatch(/^pulumi-vcrooms:[0-9a-f]{24}$/);
        await expect(provider().create(await checked({ friendlyUrl: "board-q3", description: "Staging board" }))).rejects.toThrow(
            'Unable to create room "standup" (friendly URL board-q3): friendlyUrl: The friendly url has already been taken. (choose another friendlyUrl, or set adoptExisting: true to manage the existing room; when it is this Room\'s own room and the Room is being replaced (the engine creates the replacement first), set the deleteBeforeReplace option)',
        );
        expect((await rooms()).map((r) => r.id)).toEqual([other.id]);
        expect((await api("GET", "/rooms/board-q3")).body.description).toBe("Production board");
        const writes = ((await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string }> }).entries.filter((e) => e.method === "PATCH");
        expect(writes).toEqual([]);
    });

    it("the room a replacement replaces right after its create (no check since, as in `up --replace`) is taken and kept: its delete in that deployment leaves it", async () => {
        const original = await provider().create(await checked({ friendlyUrl: "board-q3", description: "Production board" }));
        // One deployment: the replacement, checked with no olds, is created first, then the original is deleted.
        const deployment = provider();
        const replacement = await deployment.create(await checked({ friendlyUrl: "board-q3", description: "Production board" }));
        expect(replacement.id).toBe(original.id);
        await deployment.delete(original.id, original.outs);
        expect((await rooms()).map((r) => r.id)).toEqual([original.id]);
    });

    it("a room made outside Pulumi is left alone", async () => {
        await api("POST", "/rooms", { friendly_url: "ops-room", description: "Made by hand" });
        await loseCreateAnswer();
        await expect(provider().create(await checked({ friendlyUrl: "ops-room" }))).rejects.toThrow(/already been taken/);
        expect((await api("GET", "/rooms/ops-room")).body.description).toBe("Made by hand");
    });
});
