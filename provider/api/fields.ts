/**
 * The read-only fields of the room record (2.1) and of the default settings record (2.2): the
 * part of each record that is not a writable setting (those are in settings.ts). Together the
 * two tables name every field a record carries, so the SDK can declare every output.
 */

/** Fields of a room record that are not writable settings. `id` is the resource's own id. */
export const ROOM_READ_ONLY_FIELDS = ["topic", "room_url", "files", "created_at", "updated_at", "files_panel_enabled"] as const;

/** Fields of the default settings record that are not writable settings. */
export const DEFAULTS_READ_ONLY_FIELDS = [
    "owner_id",
    "custom_cname",
    "max_participants",
    "max_sessions",
    "subscription_start",
    "subscription_end",
    "used_participation_minutes",
] as const;
