/**
 * RoomContentPurge's diff, called directly: `kinds` is a change only when what it purges changes, so a reordered
 * list, or every kind written out where none was named (and the reverse), does not purge again.
 */
import { describe, expect, it } from "vitest";
import { CONTENT_KINDS } from "../../provider/model/content";
import type { ClientFor } from "../../provider/resources/connections";
import { RoomContentPurgeProvider } from "../../provider/resources/roomContentPurge";

const provider = new RoomContentPurgeProvider((() => {
    throw new Error("the diff of a purge makes no request");
}) as ClientFor);
const diff = (olds: Record<string, unknown>, news: Record<string, unknown>) => provider.diff("id", { room: "board", ...olds }, { room: "board", ...news });

describe("RoomContentPurge diff of kinds", () => {
    it("sees no change when the kinds are reordered", async () => {
        expect(await diff({ kinds: ["chat", "recordings"] }, { kinds: ["recordings", "chat"] })).toMatchObject({ changes: false, replaces: [] });
    });

    it("sees no change between every kind written out and kinds omitted, either way, in any order", async () => {
        expect(await diff({}, { kinds: [...CONTENT_KINDS].reverse() })).toMatchObject({ changes: false, replaces: [] });
        expect(await diff({ kinds: [...CONTENT_KINDS] }, {})).toMatchObject({ changes: false, replaces: [] });
    });

    it("replaces when what is purged changes", async () => {
        expect(await diff({ kinds: ["chat", "recordings"] }, { kinds: ["chat"] })).toMatchObject({ changes: true, replaces: ["kinds"] });
        expect(await diff({}, { kinds: ["chat"] })).toMatchObject({ changes: true, replaces: ["kinds"] });
        expect(await diff({ kinds: ["chat"] }, { kinds: ["chat"], triggers: [1] })).toMatchObject({ changes: true, replaces: ["triggers"] });
    });
});
