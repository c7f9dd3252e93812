/**
 * A resource kind as the runtime hands it to either face: wrapped in the hiding layer, which also puts the resource
 * name the SDK passes as the `resourceName` input into each call's context. Tests that drive a kind directly use it,
 * so the kind sees the name exactly as it does in a provider process.
 */
import { room } from "../../provider/declarations/room";
import { hidingBookkeeping } from "../../provider/resources/hiddenKeys";
import type { ResourceKind } from "../../provider/resources/kind";
import { RoomProvider } from "../../provider/resources/room";
import type { ClientFor } from "../../provider/resources/connections";

/** The Room kind over `clientFor`, with claims of its own (a fresh provider process). A room updates in place, plans its previews and tells its generated name. */
export function roomKind(clientFor: ClientFor): Required<ResourceKind> {
    const { update, planned, generated, ...kind } = hidingBookkeeping(room, new RoomProvider(clientFor));
    if (!update || !planned || !generated) throw new Error("the Room kind has no update, no plan or no generated name");
    return { ...kind, update, planned, generated };
}
