/**
 * The team's roles, to read role ids back as the names users write. Most role settings read back as role
 * objects, but `private_group_chat_roles` reads back as bare ids, and the record's own role objects (its roles and
 * default role) need not include every role it names: without the team's list such a role differs on every run.
 *
 * Read once per provider process and client (GET /roles), not once per resource, and only when a declaration
 * needs it; a failed read is not kept, so the next caller tries again.
 */
import type { RoomsClient } from "../api";
import type { Declaration, Values } from "../declarations/declaration";
import type { KnownRoles } from "../model/compare";
import { declaredSettings } from "./reconcile";

const cache = new WeakMap<RoomsClient, Promise<KnownRoles>>();

async function readRoles(client: RoomsClient): Promise<KnownRoles> {
    const roles: KnownRoles[number][] = [];
    for await (const role of client.iterateRoles()) roles.push({ id: role.id, name: role.name });
    return roles;
}

/** The team's roles when the declared settings compare role ids (roleIdList), else none: no request. */
export function teamRolesFor(client: RoomsClient, d: Declaration, declared: Values): Promise<KnownRoles> {
    if (!declaredSettings(d, declared).some(([, , s]) => s.compare === "roleIdList")) return Promise.resolve([]);
    let roles = cache.get(client);
    if (!roles) {
        roles = readRoles(client);
        roles.catch(() => cache.delete(client));
        cache.set(client, roles);
    }
    return roles;
}
