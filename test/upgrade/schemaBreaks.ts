/**
 * What a later schema breaks of an earlier one, in the terms of pulumi/schema-tools' `compare`: each break a line
 * naming where it is (`resource vcrooms:index:Room input maxParticipants: ...`). A program written against the
 * earlier schema's SDKs must still compile and mean the same against the later one's, under the same major version.
 */

type Json = Record<string, any>;

/** A property's type as one comparable text: its type, $ref, items, additionalProperties and oneOf, nothing else. */
function typeOf(p: Json | undefined): string {
    if (!p) return "";
    const part = (q: Json): unknown => ({
        type: q.type,
        $ref: q.$ref,
        items: q.items ? part(q.items) : undefined,
        additionalProperties: q.additionalProperties ? part(q.additionalProperties) : undefined,
        oneOf: Array.isArray(q.oneOf) ? q.oneOf.map(part) : undefined,
    });
    return JSON.stringify(part(p));
}

const keys = (o: Json | undefined): string[] => Object.keys(o ?? {});
const list = (a: unknown): string[] => (Array.isArray(a) ? (a as string[]) : []);

/** Inputs and outputs of one resource, function or the provider: what may not go, change, tighten or move. */
function compareSides(
    where: string,
    old: { inputs?: Json; requiredInputs?: unknown; outputs?: Json; requiredOutputs?: unknown },
    now: { inputs?: Json; requiredInputs?: unknown; outputs?: Json; requiredOutputs?: unknown },
    breaks: string[],
): void {
    for (const [side, before, after, otherBefore, otherAfter] of [
        ["input", old.inputs, now.inputs, old.outputs, now.outputs],
        ["output", old.outputs, now.outputs, old.inputs, now.inputs],
    ] as const) {
        if (!before) continue;
        for (const name of keys(before)) {
            const then = before[name] as Json;
            const later = after?.[name] as Json | undefined;
            if (!later) {
                const other = side === "input" ? "output" : "input";
                if (otherAfter?.[name] && !otherBefore?.[name]) breaks.push(`${where} ${side} ${name}: moved from ${side} to ${other}`);
                else breaks.push(`${where} ${side} ${name}: removed`);
                continue;
            }
            if (typeOf(then) !== typeOf(later)) breaks.push(`${where} ${side} ${name}: type changed from ${typeOf(then)} to ${typeOf(later)}`);
        }
    }
    const requiredBefore = new Set(list(old.requiredInputs));
    for (const name of list(now.requiredInputs)) {
        if (!requiredBefore.has(name)) breaks.push(`${where} input ${name}: newly required`);
    }
    const requiredAfter = new Set(list(now.requiredOutputs));
    for (const name of list(old.requiredOutputs)) {
        if (now.outputs?.[name] && !requiredAfter.has(name)) breaks.push(`${where} output ${name}: was required, now optional`);
    }
}

/** Every break of `old` in `now`, one line each; empty when `now` is compatible. */
export function schemaBreaks(old: Json, now: Json): string[] {
    const breaks: string[] = [];
    if (old.name !== now.name) breaks.push(`package name changed from ${old.name} to ${now.name}`);
    compareSides(
        "provider",
        { inputs: old.provider?.inputProperties, requiredInputs: old.provider?.requiredInputs },
        { inputs: now.provider?.inputProperties, requiredInputs: now.provider?.requiredInputs },
        breaks,
    );
    compareSides("config", { inputs: old.config?.variables, requiredInputs: old.config?.required }, { inputs: now.config?.variables, requiredInputs: now.config?.required }, breaks);
    /** Where each kind of member keeps its inputs and outputs in a schema. */
    type Sides = Parameters<typeof compareSides>[1];
    const members: Array<[kind: "resource" | "function", section: "resources" | "functions", sides: (member: Json) => Sides]> = [
        ["resource", "resources", (m) => ({ inputs: m.inputProperties, requiredInputs: m.requiredInputs, outputs: m.properties, requiredOutputs: m.required })],
        ["function", "functions", (m) => ({ inputs: m.inputs?.properties, requiredInputs: m.inputs?.required, outputs: m.outputs?.properties, requiredOutputs: m.outputs?.required })],
    ];
    for (const [kind, section, sides] of members) {
        for (const token of keys(old[section])) {
            const later = now[section]?.[token] as Json | undefined;
            if (!later) breaks.push(`${kind} ${token}: removed`);
            else compareSides(`${kind} ${token}`, sides(old[section][token] as Json), sides(later), breaks);
        }
    }
    for (const token of keys(old.types)) {
        const then = old.types[token] as Json;
        const later = now.types?.[token] as Json | undefined;
        if (!later) {
            breaks.push(`type ${token}: removed`);
            continue;
        }
        if (then.type !== later.type) breaks.push(`type ${token}: type changed from ${then.type} to ${later.type}`);
        if (Array.isArray(then.enum)) {
            const values = new Set((later.enum ?? []).map((e: Json) => JSON.stringify(e.value)));
            for (const e of then.enum as Json[]) if (!values.has(JSON.stringify(e.value))) breaks.push(`type ${token}: enum value ${JSON.stringify(e.value)} removed`);
        }
        // An object type is both an input (args) and an output: nothing of it may go, change or tighten.
        if (then.properties) {
            compareSides(
                `type ${token}`,
                { inputs: then.properties, requiredInputs: then.required, outputs: then.properties, requiredOutputs: then.required },
                { inputs: later.properties, requiredInputs: later.required, outputs: later.properties, requiredOutputs: later.required },
                breaks,
            );
        }
    }
    return [...new Set(breaks)];
}

/** The major version of a semver string (0 for 0.x.y: under 1.0 a minor bump is not a major one). */
export const majorOf = (version: string): number => Number(version.split(".")[0]);
