/**
 * Secrets as the plugin protocol carries them. A provider that answers Configure with `acceptSecrets`
 * receives every secret value wrapped, `{"4dabf…": "1b47…", value}`, wherever it sits in a property
 * bag, and must wrap what it returns: the engine keeps a value secret in state only when it comes back
 * wrapped (or is an additional secret output the program asked for).
 *
 * The shared provider code works on plain values (the dynamic-provider host strips secrets before it
 * calls them), so the adapter unwraps on the way in, remembering where secrets were, and wraps on the
 * way out: those places again, plus what the declarations say is always secret.
 */

export const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A path into a property bag: keys and array indexes. */
export type Path = ReadonlyArray<string | number>;

export function isSecretValue(v: unknown): v is { value: unknown } {
    return v !== null && typeof v === "object" && (v as Record<string, unknown>)[SECRET_SIG_KEY] === SECRET_SIG;
}

export function secretValue(value: unknown): unknown {
    return isSecretValue(value) ? value : { [SECRET_SIG_KEY]: SECRET_SIG, value };
}

/** The value with every secret unwrapped, and where the secrets were. */
export function unwrapSecrets<T = unknown>(value: unknown, at: Path = [], found: Path[] = []): { plain: T; secrets: Path[] } {
    const walk = (v: unknown, path: Path): unknown => {
        if (isSecretValue(v)) {
            found.push(path);
            return walk(v.value, path);
        }
        if (Array.isArray(v)) return v.map((e, i) => walk(e, [...path, i]));
        if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, walk(e, [...path, k])]));
        return v;
    };
    return { plain: walk(value, at) as T, secrets: found };
}

/** Wraps the values at these paths (those absent are left alone); a secret inside a secret is wrapped once. */
export function wrapSecrets<T>(value: T, paths: readonly Path[]): T {
    let out: unknown = value;
    // Shortest first: once a path is wrapped, the paths under it are secret already.
    for (const path of [...paths].sort((a, b) => a.length - b.length)) out = wrapAt(out, path);
    return out as T;
}

function wrapAt(value: unknown, path: Path): unknown {
    if (isSecretValue(value) || value === undefined) return value;
    if (path.length === 0) return secretValue(value);
    if (value === null || typeof value !== "object") return value;
    const [head, ...rest] = path;
    if (Array.isArray(value)) {
        if (typeof head !== "number" || head >= value.length) return value;
        return value.map((e, i) => (i === head ? wrapAt(e, rest) : e));
    }
    const record = value as Record<string, unknown>;
    if (!(String(head) in record)) return value;
    return { ...record, [String(head)]: wrapAt(record[String(head)], rest) };
}
