/**
 * The RoomContentPurge provider: deletes the named kinds of a room's content (one DELETE per kind
 * of the content endpoints) when created, and again when replaced, which any change of `room`, `kinds` or
 * `triggers` does. The API's deletes cannot be undone.
 */
import { randomUUID } from "node:crypto";
import type { ProviderInputsOf, ProviderOutputsOf } from "../declarations/declaration";
import { kindsToDelete, roomContentPurge } from "../declarations/roomContentPurge";
import { containsUnknown } from "../model/check";
import { checkInputs } from "./check";
import { configurationFailures, withTeamMove, type ClientFor } from "./connections";
import { diffOf } from "./diff";
import type { KindCheck, KindDiff, KindRead, ResourceKind } from "./kind";
import { describeFailure } from "../api/messages";

type PurgeInputs = ProviderInputsOf<typeof roomContentPurge>;
type PurgeOutputs = ProviderOutputsOf<typeof roomContentPurge, {}>;

export class RoomContentPurgeProvider implements ResourceKind<PurgeInputs, PurgeOutputs> {
    constructor(private readonly clientFor: ClientFor) {}

    /** Fills `deletes`, the kinds to be deleted, so that a preview lists them before anything is deleted. */
    async check(_olds: PurgeInputs, news: PurgeInputs): Promise<KindCheck<PurgeInputs>> {
        const failures = checkInputs(roomContentPurge, news, new Date());
        // No API URL, a bad one or no key fails here, naming the setting, as for the other kinds.
        if (!failures.some((f) => f.property === "connection")) failures.push(...configurationFailures(this.clientFor, news.connection));
        const inputs = containsUnknown(news.kinds) ? news : { ...news, deletes: kindsToDelete(news.kinds) };
        return { inputs, failures };
    }

    /**
     * `room`, `kinds` and `triggers` replace (the purge runs again), and so does a `connection` to another team; a
     * `connection` change within the team alone updates in place.
     * `kinds` counts by what it purges: reordered, or every kind written out where it was omitted (or the reverse),
     * it deletes the same content, so it is no change.
     */
    async diff(_id: string, olds: PurgeOutputs, news: PurgeInputs): Promise<KindDiff> {
        const samePurge = !containsUnknown(news.kinds) && kindsToDelete(news.kinds).join() === kindsToDelete(olds.kinds).join();
        return withTeamMove(diffOf(roomContentPurge, olds, samePurge ? { ...news, kinds: olds.kinds } : news), this.clientFor, olds, news);
    }

    async create(inputs: PurgeInputs): Promise<{ id: string; outs: PurgeOutputs }> {
        const kinds = kindsToDelete(inputs.kinds);
        const client = this.clientFor(inputs.connection);
        // One kind after another: a failure names the kind, and what was deleted before it stays deleted either way.
        for (const kind of kinds) {
            try {
                await client.deleteRoomContent(inputs.room!, kind);
            } catch (error) {
                throw describeFailure(`delete the ${kind} of`, `room ${inputs.room}`, error);
            }
        }
        return { id: randomUUID(), outs: { ...inputs, deletes: kinds, purged: kinds } };
    }

    /**
     * Nothing of a purge can be read back (it was an action, not a record): what was kept is what is. Refresh
     * needs it in the SDK's face, whose shim forwards every call; `pulumi import` is refused before this (plugin face).
     */
    async read(id: string, props: PurgeOutputs = {}): Promise<KindRead<PurgeOutputs>> {
        return { id, props };
    }

    /** Only the connection changed: nothing to delete again. */
    async update(_id: string, olds: PurgeOutputs, news: PurgeInputs): Promise<{ outs: PurgeOutputs }> {
        return { outs: { ...olds, connection: news.connection } };
    }

    /** Deleted content cannot come back, and there is nothing else to remove. */
    async delete(): Promise<void> {}
}
