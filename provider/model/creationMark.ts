/**
 * The creation mark: the `external_id` a Room's create writes when the program declares none (provider/resources/
 * room.ts, creationMarker), `pulumi-vcrooms:{24 hex}@{project}/{stack}`. Its form is read here only, by the provider
 * (a create's own room, another stack's room) and by the command (adopt-team's rooms of other stacks).
 */

export const MARKER_PREFIX = "pulumi-vcrooms:";

/** A marker: the create's part, then `@{project}/{stack}` (none in a marker written before markers named their stack). */
const MARKER_FORM = new RegExp(`^(${MARKER_PREFIX}[0-9a-f]{24})(?:@([^@]+/[^@]+))?$`);

/** Whether an `external_id` has the creation marker's form (whichever create wrote it): bookkeeping, not a user's. */
export function isCreationMarker(value: unknown): boolean {
    return typeof value === "string" && MARKER_FORM.test(value);
}

/** A marker's parts: the create's (what proves a create's own room), and the stack it names, if any. */
export function markerParts(value: unknown): { create: string; stack?: string } | undefined {
    const match = typeof value === "string" ? MARKER_FORM.exec(value) : null;
    return match === null ? undefined : { create: match[1]!, ...(match[2] !== undefined ? { stack: match[2] } : {}) };
}

/**
 * The `{project}/{stack}` a room's `external_id` names as the stack that made it (a creation marker written since
 * markers name their stack), else undefined: no marker, or an earlier release's, which names none. The one reading of
 * whose a room is by its mark: the provider's refusals (provider/resources/room.ts, `foreignRoom`) and adopt-team's list (cli/adoptTeam.ts).
 */
export function markedStack(externalId: unknown): string | undefined {
    return markerParts(externalId)?.stack;
}

/** `{project}/{stack}` of a resource's URN (`urn:pulumi:{stack}::{project}::...`), or undefined without one. */
export function stackOfUrn(urn: string | undefined): string | undefined {
    if (urn === undefined || !urn.startsWith("urn:pulumi:")) return undefined;
    const [stack, project] = urn.slice("urn:pulumi:".length).split("::");
    return stack && project ? `${project}/${stack}` : undefined;
}
