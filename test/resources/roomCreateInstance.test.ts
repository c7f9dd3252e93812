/**
 * Whose record of a Room's create is kept on this machine (provider/resources/localRecords.ts, "room-creates"), driven
 * directly against the emulator, one provider process per deployment as the engine runs them. The record (the create
 * under way, then returned until a check sees it saved) exists for one stack's recovery: the up after a CLI killed
 * once the create was sent takes its create id (under way) or the room its returned create made. It is that stack
 * instance's only: the plugin face's provider id (the engine's Configure gives each provider resource of a stack its
 * own, kept from its first create) or the dynamic face's `stackInstance` (the organisation and the backend digest the
 * SDK fills) is part of its key. A stack of the same project, stack and resource names elsewhere (another backend or
 * organisation, or a new stack under a renamed stack's old name) shares team, stack and URN, and never takes it: its
 * create on the taken name fails naming adoptExisting, as any other. A record the previous version kept (no instance
 * in its key) still serves the recovery it was written for, once (docs/assumptions.md, hostile run 6 F1).
 */
import { describe, expect, it } from "vitest";
import { RoomsClient, resolveClientConfig } from "../../provider/api";
import { room } from "../../provider/declarations/room";
import { Claims } from "../../provider/resources/claims";
import { hidingBookkeeping } from "../../provider/resources/hiddenKeys";
import type { Context, ResourceKind } from "../../provider/resources/kind";
import { LocalRecords, recordsFolder } from "../../provider/resources/localRecords";
import { RoomProvider } from "../../provider/resources/room";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true, sharedClients: true });
const { api } = env;

const URN = "urn:pulumi:dev::app::vcrooms:index:Room::board";
const NAME = "board-q3";

/** Where the records go: the test's PULUMI_HOME (vitest.config.mts), one folder per test so none sees another's. */
let folders = 0;

/**
 * A provider process of one deployment. `records`: the folder it keeps records in (one machine's), and which of its
 * writes and removals happen: `killedAfter` 1 keeps only the first (the record of the create under way, written before
 * the POST), as a process killed during its create leaves it.
 */
function provider(records: { folder: string; killedAfter?: number }): Required<Pick<ResourceKind, "check" | "create" | "delete">> {
    const client = new RoomsClient(resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey, requestsPerMinute: 100_000, maxAttempts: 2 }, {}), env.transport);
    let writes = 0;
    const store = new (class extends LocalRecords {
        override write(...args: Parameters<LocalRecords["write"]>): void {
            if (records.killedAfter === undefined || writes++ < records.killedAfter) super.write(...args);
        }
        override remove(...args: Parameters<LocalRecords["remove"]>): void {
            if (records.killedAfter === undefined || writes < records.killedAfter) super.remove(...args);
        }
    })(records.folder, "the create id of the room about to be created");
    return hidingBookkeeping(room, new RoomProvider(() => client, new Claims(), store)) as Required<Pick<ResourceKind, "check" | "create" | "delete">>;
}

/** A call's context as a face gives it: the resource's name and URN, and the plugin face's provider id. */
const context = (providerId?: string): Context => ({ preview: false, resourceName: "board", resourceUrn: URN, ...(providerId ? { providerId } : {}), warn: () => {} });

/** The inputs a Room "board" of stack app/dev declares (`extra`: the SDK's stackInstance, in the dynamic face). */
const declared = (description: string, extra: Record<string, unknown> = {}) => ({ resourceName: "board", resourceUrn: URN, stack: "app/dev", friendlyUrl: NAME, description, ...extra });

const rooms = async () => (await api("GET", "/rooms")).body.data as Array<{ id: string; description: string | null }>;
const patches = async () => ((await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string }> }).entries.filter((e) => e.method === "PATCH");

/** Creates as a new resource of a deployment does: check with no olds, then create. */
async function createNew(p: ReturnType<typeof provider>, inputs: Record<string, unknown>, ctx: Context) {
    const { inputs: checked } = await p.check({}, inputs, ctx);
    return p.create(checked, ctx);
}

/** Each face's way of telling two stack instances apart: the ids (contexts) and inputs of this one and another. */
const FACES = [
    { face: "plugin face (provider ids)", mine: { ctx: context("5b0e6c1e-aaaa-4aaa-8aaa-000000000001"), extra: {} }, other: { ctx: context("5b0e6c1e-bbbb-4bbb-8bbb-000000000002"), extra: {} } },
    { face: "dynamic face (organisations)", mine: { ctx: context(), extra: { stackInstance: "acme" } }, other: { ctx: context(), extra: { stackInstance: "globex" } } },
    { face: "dynamic face (file backends named by PULUMI_BACKEND_URL)", mine: { ctx: context(), extra: { stackInstance: "organization@1111111111111111" } }, other: { ctx: context(), extra: { stackInstance: "organization@2222222222222222" } } },
];

describe("a returned create is its own stack instance's", () => {
    for (const { face, mine, other } of FACES) {
        it(`${face}: a stack of the same names elsewhere is refused the room a returned create made; the stack's own recovery takes it`, async () => {
            const folder = `${recordsFolder("room-creates")}-instance-${folders++}`;
            // Its create returned; the engine never saved it (a CLI gone): the record is kept, marked returned.
            const made = await createNew(provider({ folder }), declared("Alice's board", mine.extra), mine.ctx);
            await control(env.emulator, "DELETE", "/requests");

            // Another stack of the same project, stack and resource names, on this machine: refused as for any taken name.
            await expect(createNew(provider({ folder }), declared("Bob's board", other.extra), other.ctx)).rejects.toThrow(
                /The friendly url has already been taken\. \(choose another friendlyUrl, or set adoptExisting: true/,
            );
            expect(await patches()).toEqual([]);
            expect((await api("GET", `/rooms/${made.id}`)).body.description).toBe("Alice's board");

            // The stack's own next up (the recovery) takes it, as before.
            const recovered = await createNew(provider({ folder }), declared("Alice's board, again", mine.extra), mine.ctx);
            expect(recovered.id).toBe(made.id);
            expect((await rooms()).map((r) => r.id)).toEqual([made.id]);
        });
    }

    it("plugin face: a create killed under way leaves its create id to its own stack's next check, never to another's of the same names", async () => {
        const folder = `${recordsFolder("room-creates")}-instance-${folders++}`;
        const [mine, other] = [context("5b0e6c1e-aaaa-4aaa-8aaa-000000000001"), context("5b0e6c1e-bbbb-4bbb-8bbb-000000000002")];
        const generated = { resourceName: "board", resourceUrn: URN, stack: "app/dev", description: "Generated" };
        // The process killed once the POST was sent: only the record of the create under way is on disk.
        const killed = provider({ folder, killedAfter: 1 });
        const { inputs: first } = await killed.check({}, generated, mine);
        const made = await killed.create(first, mine);

        // Another stack of the same names: a create id of its own, so a name and a room of its own.
        const { inputs: theirs } = await provider({ folder }).check({}, generated, other);
        expect(theirs.__createId).not.toBe(first.__createId);
        const their = await provider({ folder }).create(theirs, other);
        expect(their.id).not.toBe(made.id);
        expect(their.outs.friendlyUrl).not.toBe(made.outs.friendlyUrl);

        // The killed stack's next up: its create id, so the room its killed create made, and no second room.
        const { inputs: again } = await provider({ folder }).check({}, generated, mine);
        expect(again.__createId).toBe(first.__createId);
        expect((await provider({ folder }).create(again, mine)).id).toBe(made.id);
        expect((await rooms()).map((r) => r.id).sort()).toEqual([made.id, their.id].sort());
    });

    it("a record the previous version kept (no instance in its key) serves the recovery it was written for, once; then another stack of the same names is refused", async () => {
        const folder = `${recordsFolder("room-creates")}-instance-${folders++}`;
        // The previous version knew no instance: neither faces' (no provider id, no stackInstance).
        const made = await createNew(provider({ folder }), declared("Alice's board"), context());
        const providerId = "5b0e6c1e-aaaa-4aaa-8aaa-000000000001";
        // Upgraded, the stack's recovery goes through its provider, now with its id: the old record is taken.
        const recovered = await createNew(provider({ folder }), declared("Alice's board"), context(providerId));
        expect(recovered.id).toBe(made.id);
        // It has served and gone: another stack's provider finds nothing of it.
        await expect(createNew(provider({ folder }), declared("Bob's board"), context("5b0e6c1e-bbbb-4bbb-8bbb-000000000002"))).rejects.toThrow(/already been taken/);
        expect((await api("GET", `/rooms/${made.id}`)).body.description).toBe("Alice's board");
    });
});
