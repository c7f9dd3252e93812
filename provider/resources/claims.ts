/**
 * Which resource of the stack declares which room, and which declares a team's defaults, as far as this
 * provider process can know it. The dynamic-provider host is one process per deployment (each pass of preview
 * and update): it checks every resource of the program and diffs every one that exists, before any delete of
 * a resource dropped from the program. So two declarations of one room (or of one team's defaults) meet here at
 * preview, and a delete can tell that the room went to another resource in this same deployment.
 *
 * A resource is known by its URN (`identityOf` in kind.ts: two resources of one name under two parents are two
 * owners; only a state written before the SDK filled the URN falls back to the name, one owner with the URN of that
 * name, `sameOwner`); a team by its API URL.
 *
 * The runtime (provider/runtime.ts) owns one `Claims` and hands it to every kind, so the claims are shared between
 * the resources of one process and nothing is kept at module level.
 */
import type { RoomsClient } from "../api";
import { sameOwner } from "./kind";

/** Names of this machine's loopback address: one host however it is written. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The team a client speaks for, resolved: its API URL with the loopback host written one way. The API URL is the
 * team's own (the hosted URL is per team), so it names the team; the developer key is the team's secret, not its
 * name, and a rotated key is the same team. Not the team id either, which a declaration may name or leave to the
 * stack while meaning the same team (a move between two named team ids is told apart by `withTeamMove`).
 */
export function teamOf(client: { readonly config: { readonly apiUrl: string } }): string {
    const url = new URL(client.config.apiUrl);
    if (LOOPBACK.has(url.hostname)) url.hostname = "127.0.0.1";
    return `${url.origin}${url.pathname}`;
}

/** A room, as the claims know it: by team and id. */
export const roomKey = (client: RoomsClient, id: string) => `${teamOf(client)} room ${id}`;

/** A friendly URL a Room of the deployment declares, by team. */
export const friendlyUrlKey = (client: RoomsClient, friendlyUrl: string) => `${teamOf(client)} friendly URL ${friendlyUrl}`;

/** A room's address (`room_url`: the team's domain and the room's friendly URL), as something a deployment changes. */
export const roomAddressKey = (client: RoomsClient, id: string) => `${roomKey(client, id)} address`;

/** A team's `domain`, which every room address of the team carries, as something a deployment changes. */
export const domainKey = (client: RoomsClient) => `${teamOf(client)} domain`;

/**
 * A team's `domain`, as a TeamDefaults of the deployment declares it (claimed at its check, seen by every provider
 * process of the deployment): a room's address planned at preview is left unknown then, as the up may change it.
 */
export const declaredDomainKey = (client: RoomsClient) => `${teamOf(client)} declared domain`;

/** A change a diff of the deployment announced (Claims.changes), kept beside the claims. */
const changeKey = (thing: string) => `${thing} changes`;

/**
 * Where a runtime's claims are kept: in its process (the default), or where every process of one deployment sees
 * them (the plugin face, whose explicit providers are one process each: provider/plugin/deploymentClaims.ts).
 */
export interface ClaimStore {
    /** Records `owner` for `thing` unless another owner has it; answers the owner it has then (maybe `owner`). */
    claim(thing: string, owner: string): string | undefined;
    ownerOf(thing: string): string | undefined;
}

/** Claims kept in this process. */
export class ProcessClaims implements ClaimStore {
    private readonly owners = new Map<string, string>();

    claim(thing: string, owner: string): string | undefined {
        const current = this.owners.get(thing);
        if (current !== undefined) return current;
        this.owners.set(thing, owner);
        return undefined;
    }

    ownerOf(thing: string): string | undefined {
        return this.owners.get(thing);
    }
}

export class Claims {
    constructor(private readonly store: ClaimStore = new ProcessClaims()) {}

    /** Records that `owner` declares `thing`; answers the other owner when another resource already does. */
    claim(thing: string, owner: string): string | undefined {
        const current = this.store.claim(thing, owner);
        return current !== undefined && !sameOwner(current, owner) ? current : undefined;
    }

    /** The resource that declares `thing` in this deployment, if any has said so. */
    ownerOf(thing: string): string | undefined {
        return this.store.ownerOf(thing);
    }

    /**
     * Records that a resource's diff in this deployment changes `thing` (a room's address, a team's domain), so that
     * what depends on it (a join token's link) is planned anew in the same preview and up. Kept in the store, as the
     * claims are: what depends on it may be another provider's (the plugin runs each provider as a process).
     */
    changes(thing: string): void {
        this.store.claim(changeKey(thing), "a diff of this deployment");
    }

    /** Whether a diff of this deployment, in any provider of it, said it changes `thing`. */
    changed(thing: string): boolean {
        return this.store.ownerOf(changeKey(thing)) !== undefined;
    }
}
