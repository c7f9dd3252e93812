/** The team's roles: built in, fixed, referred to by settings as ids (or names, on input). */

export interface Role {
    id: string;
    name: string;
    display_name: string;
    description: string | null;
    default: boolean;
    allow_private_group_chat: boolean;
    permissions: Record<string, boolean | string[]>;
}

function role(id: string, name: string, displayName: string, isDefault: boolean, grants: string[], remoteMuting: string[]): Role {
    const all = ["ask_remote_unmute", "broadcast", "end_session", "general_chat", "manage_broadcast", "manage_roles", "manage_screenshare", "raise_hand", "recording", "remove_participant", "screenshare", "start_session"];
    const permissions: Record<string, boolean | string[]> = Object.fromEntries(all.map((p) => [p, grants.includes(p)]));
    permissions.remote_muting = remoteMuting;
    return { id, name, display_name: displayName, description: `${displayName} role`, default: isDefault, allow_private_group_chat: name !== "attendee", permissions };
}

/** The built-in roles; stable ids so tests and examples can name them either way. */
export const ROLES: readonly Role[] = [
    role("6a0c5a0e-1c1e-4c55-9c3b-0d7c3f1a0001", "moderator", "Moderator", false,
        ["ask_remote_unmute", "broadcast", "end_session", "general_chat", "manage_broadcast", "manage_roles", "manage_screenshare", "raise_hand", "recording", "remove_participant", "screenshare", "start_session"],
        ["moderator", "speaker", "attendee"]),
    role("6a0c5a0e-1c1e-4c55-9c3b-0d7c3f1a0002", "speaker", "Speaker", false, ["broadcast", "general_chat", "raise_hand", "screenshare"], []),
    role("6a0c5a0e-1c1e-4c55-9c3b-0d7c3f1a0003", "attendee", "Attendee", true, ["general_chat", "raise_hand"], []),
];

export const [MODERATOR, SPEAKER, ATTENDEE] = ROLES as [Role, Role, Role];

export function findRole(idOrName: unknown): Role | undefined {
    return ROLES.find((r) => r.id === idOrName || r.name === idOrName);
}

/** A stored role id as records show it (default_role). */
export function roleObject(id: unknown): Record<string, unknown> | null {
    const r = findRole(id);
    return r ? { id: r.id, name: r.name, display_name: r.display_name } : null;
}

/** Stored role ids as records show them (roles): each with whether it may use private group chat. */
export function roleObjects(ids: string[]): Record<string, unknown>[] {
    return ids.map((id) => ({ ...roleObject(id), allow_private_group_chat: findRole(id)!.allow_private_group_chat }));
}
