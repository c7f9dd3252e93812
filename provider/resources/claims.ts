/**
 * Which resource of the stack declares which room, and which declares a team's defaults, as far as this
 * provider process can know it. The dynamic-provider host is one process per deployment (each pass of preview
 * and update): it checks every resource of the program and diffs every one that exists, before any delete of
 * a resource dropped from the program. So two declarations of one room (or of one team's defaults) meet here at
 * preview, and a delete can tell that the room went to another resource in this same deployment.
 *
 * A resource is known by its Pulumi name (the context's `resourceName`); a team by its API URL and key.
 *
 * The runtime (provider/runtime.ts) owns one `Claims` and hands it to every kind, so the claims are shared between
 * the resources of one process and nothing is kept at module level.
 */
import { createHash } from "node:crypto";
import type { RoomsClient } from "../api";

/** Names of this machine's loopback address: one host however it is written. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The team a client speaks for, resolved: its API URL with the loopback host written one way, and a digest of the
 * developer key, which belongs to one team. Not the team id, which a declaration may name or leave to the stack
 * while meaning the same team.
 */
export function teamOf(client: RoomsClient): string {
    const url = new URL(client.config.apiUrl);
    if (LOOPBACK.has(url.hostname)) url.hostname = "127.0.0.1";
    const key = createHash("sha256").update(client.config.developerKey).digest("hex").slice(0, 16);
    return `${url.origin}${url.pathname}#${key}`;
}

export class Claims {
    private readonly owners = new Map<string, string>();

    /** Records that `owner` declares `thing`; answers the other owner when another resource already does. */
    claim(thing: string, owner: string): string | undefined {
        const current = this.owners.get(thing);
        if (current !== undefined && current !== owner) return current;
        this.owners.set(thing, owner);
        return undefined;
    }

    /** The resource that declares `thing` in this deployment, if any has said so. */
    ownerOf(thing: string): string | undefined {
        return this.owners.get(thing);
    }
}
