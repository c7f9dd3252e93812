/**
 * Which resource of the stack declares which room, and which declares a team's defaults, as far as this
 * provider process can know it. The dynamic-provider host is one process per deployment (each pass of preview
 * and update): it checks every resource of the program and diffs every one that exists, before any delete of
 * a resource dropped from the program. So two declarations of one room (or of one team's defaults) meet here at
 * preview, and a delete can tell that the room went to another resource in this same deployment.
 *
 * A resource is known by its Pulumi name (the SDK passes it as `resourceName`); a team by its API URL and id.
 */
import type { RoomsClient } from "../api";

const owners = new Map<string, string>();

/** The team a client speaks for: the hosted API has one URL per team, the emulator one per port. */
export function teamOf(client: RoomsClient): string {
    return `${client.config.apiUrl}#${client.config.teamId ?? ""}`;
}

/** Records that `owner` declares `thing`; answers the other owner when another resource already does. */
export function claim(thing: string, owner: string): string | undefined {
    const current = owners.get(thing);
    if (current !== undefined && current !== owner) return current;
    owners.set(thing, owner);
    return undefined;
}

/** The resource that declares `thing` in this deployment, if any has said so. */
export function ownerOf(thing: string): string | undefined {
    return owners.get(thing);
}
