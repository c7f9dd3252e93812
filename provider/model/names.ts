/**
 * The one place where the camelCase names users write meet the API's snake_case names.
 *
 * The mapping is mechanical on purpose (`hd_video_quality` <-> `hdVideoQuality`,
 * `e2ee_enabled` <-> `e2eeEnabled`): a rule cannot drift out of sync with a field list the way a
 * hand-written table can. Every field of the contract round-trips through it; a test pins that.
 */

/** The type-level twin of `toCamelName`, so input types derive from the API names. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** `hd_video_quality` -> `hdVideoQuality`. */
export function toCamelName(apiName: string): string {
    return apiName.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `hdVideoQuality` -> `hd_video_quality`. */
export function toApiName(camelName: string): string {
    return camelName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Renames the top-level keys of an API record to camelCase; values are left as they are. */
export function keysToCamel<T extends Record<string, unknown>>(record: T): Record<string, unknown> {
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [toCamelName(k), v]));
}

/** Renames keys at every depth (objects inside arrays included): for nested records such as roles. */
export function deepKeysToCamel(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(deepKeysToCamel);
    if (value !== null && typeof value === "object") {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [toCamelName(k), deepKeysToCamel(v)]));
    }
    return value;
}
