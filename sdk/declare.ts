/**
 * The output names a resource declares to Pulumi. A dynamic resource exposes as properties only
 * the keys present (as undefined) in the props it registers, so every field of the record is
 * named here, from the provider's field tables (data only; the provider's behaviour is reached
 * only through the shim's run-time require).
 */
import { toCamelName } from "../provider/api/names";
import { SETTINGS } from "../provider/api/settings";

/** `{ key: undefined }` for every setting of a target plus the given read-only fields. */
export function outputPlaceholders(target: "defaults" | "room", readOnlyFields: readonly string[]): Record<string, undefined> {
    const names = SETTINGS.filter((s) => s.scope === "shared" || s.scope === target).map((s) => s.name);
    return Object.fromEntries([...names, ...readOnlyFields].map((n) => [toCamelName(n), undefined]));
}
