/**
 * The every-kind program of the preview-equals-up harness (previewEqualsUp.test.ts), as data, and its text in each
 * face and language: the dynamic face and the plugin face from JavaScript, Go and Python (the SDKs `pulumi install`
 * generates), and Pulumi YAML. Every program declares the same resources, calls the same data function, and exports
 * every output of every resource, enumerated from the declarations (settings as read back, read-only outputs, the extra
 * inputs a user declares), each used in its language's typed way: Go's typed outputs fail on a value of another type;
 * the JavaScript and Python programs use a method of the declared type on each value, as a user's `s[0:10]` does, and
 * fail on a value of another type.
 *
 * The data function's answer is used but not exported: a preview reads it from the API as it is then (the engine
 * invokes a function whose arguments are known), so a room the up changes reads otherwise after it, and a stack
 * output holding it breaks `up --plan` (the engine holds a plan's stack outputs against the up's). That is a
 * difference this harness found and does not judge: a function reads, it plans nothing.
 */
import { declarations, type Kind } from "../../provider/declarations";
import { outputPlaceholders, stateFields, userExtras } from "../../provider/declarations/derive";
import type { TypeSpec } from "../../provider/model/types";
import { toApiName } from "../../provider/model/names";
import type { GoProgram } from "./goProject";

/**
 * A value of a program: plain, or another resource's output (`ref`), or its id, or a text made secret in code, in each
 * language's own way (`pulumi.secret`, `fn::secret`, `pulumi.Output.secret`, `pulumi.ToSecret`).
 */
export type Arg = string | number | boolean | string[] | { ref: string; output: string } | { secret: string };

export interface Declared {
    readonly kind: Kind;
    readonly name: string;
    readonly args: Record<string, Arg>;
    readonly dependsOn?: readonly string[];
}

/** The program: resources in declaration order (a `ref` names one declared before), and one data function call. */
export interface EveryKindProgram {
    readonly resources: readonly Declared[];
    /** `getRoom` of this resource's id. */
    readonly getRoomOf: string;
}

const TYPE_NAMES: Record<Kind, string> = { room: "Room", teamDefaults: "TeamDefaults", joinToken: "JoinToken", roomContentPurge: "RoomContentPurge" };
export const typeOf = (kind: Kind): string => TYPE_NAMES[kind];

/** The JSON types a value of `t` may have, by the declaration (an enum is a string, a named object an object). */
export function jsonTypes(t: TypeSpec): string[] {
    const spec = t as { type?: string; $ref?: string; oneOf?: TypeSpec[]; nullable?: string; enum?: unknown };
    const nullable = spec.nullable === undefined ? [] : ["null"];
    if (spec.oneOf) return [...new Set([...spec.oneOf.flatMap(jsonTypes), ...nullable])];
    if (spec.$ref === "pulumi.json#/Any") return ["string", "number", "boolean", "object", "array", "null"];
    if (spec.$ref !== undefined) return [spec.enum !== undefined ? "string" : "object", ...nullable];
    return [spec.type === "integer" ? "number" : (spec.type ?? "object"), ...nullable];
}

/** Every output of a kind by name, with its type: its state fields (settings as read back, read-only outputs), then its user inputs. */
export function outputsOf(kind: Kind): Array<[string, TypeSpec]> {
    const d = declarations[kind];
    const fields = stateFields(d).map(([name, f]) => [name, f.type] as [string, TypeSpec]);
    const seen = new Set(fields.map(([n]) => n));
    return [...fields, ...userExtras(d).filter(([name]) => !seen.has(name) && name !== "connection").map(([name, e]) => [name, e.type] as [string, TypeSpec])];
}

/** The stack output name of a resource's output. */
export const exportName = (resource: string, output: string) => `${resource}_${output}`;

// ---- JavaScript (both faces) ----------------------------------------------------------------------------------

/**
 * The program of the dynamic face (`plugin` false: `require("pulumi-vcrooms")`'s classes) or of the plugin face
 * (`plugin` true: `pulumi.CustomResource` with the schema's type tokens, what a generated SDK registers). It reads the
 * program (`program.json`) beside it, so a step rewrites only that file.
 */
export function javascriptProgram(plugin: boolean): string {
    return `"use strict";
const pulumi = require("@pulumi/pulumi");
const vcrooms = require("pulumi-vcrooms");
const { resources, getRoomOf, outputs } = require("./program.json");

/** A value used as its declared type is, as a TypeScript program does: a method of that type, or a failure naming both. */
function typed(label, types, value) {
    // A property the record does not hold is absent or null, whatever its type (the schema's properties are optional).
    if (value === null || value === undefined) return value;
    const actual = Array.isArray(value) ? "array" : typeof value;
    if (!types.includes(actual)) {
        // No stack: the SDK maps an unhandled error's frames through its source maps, gigabytes for a one-line message.
        Error.stackTraceLimit = 0;
        throw new TypeError(label + ": expected " + types.join(" or ") + ", got " + actual + " " + JSON.stringify(value));
    }
    if (actual === "string") return value.slice(0);
    if (actual === "number") return Number(value.toFixed(6));
    if (actual === "array") return value.slice();
    return value;
}

module.exports = async () => {
    const made = {};
    const exported = {};
    const arg = (a) => (a !== null && typeof a === "object" && !Array.isArray(a) ? ("secret" in a ? pulumi.secret(a.secret) : a.output === "id" ? made[a.ref].id : made[a.ref][a.output]) : a);
    for (const r of resources) {
        const args = Object.fromEntries(Object.entries(r.args).map(([k, a]) => [k, arg(a)]));
        const opts = { dependsOn: (r.dependsOn || []).map((n) => made[n]) };
        made[r.name] = ${
            plugin
                ? "new pulumi.CustomResource(`vcrooms:index:${r.type}`, r.name, { ...Object.fromEntries(outputs[r.kind].map(([o]) => [o, undefined])), ...args }, opts)"
                : "new vcrooms[r.type](r.name, args, opts)"
        };
        for (const [o, types] of outputs[r.kind]) exported[r.name + "_" + o] = made[r.name][o].apply((v) => typed(r.name + "." + o, types, v));
    }
    // Used, not exported: see everyKindProgram.ts on why a data function's answer is no stack output here.
    ${plugin ? 'pulumi.output(made[getRoomOf].id).apply((room) => pulumi.runtime.invoke("vcrooms:index:getRoom", { room }))' : "vcrooms.getRoomOutput({ room: made[getRoomOf].id })"}
        .apply((found) => typed("getRoom", ["object"], found));
    return exported;
};
`;
}

/**
 * What `program.json` holds for the JavaScript programs: the resources, and every kind's outputs with their JSON types
 * (a dynamic resource has as outputs only those it registers, `outputPlaceholders`: not its extra inputs).
 */
export function javascriptData(program: EveryKindProgram, plugin: boolean): string {
    const registered = (k: Kind) => (plugin ? () => true : (name: string) => name in outputPlaceholders(declarations[k]));
    const outputs = Object.fromEntries((Object.keys(declarations) as Kind[]).map((k) => [k, outputsOf(k).filter(([name]) => registered(k)(name)).map(([name, t]) => [name, jsonTypes(t)])]));
    return JSON.stringify({ resources: program.resources.map((r) => ({ ...r, type: typeOf(r.kind) })), getRoomOf: program.getRoomOf, outputs }, null, 1);
}

// ---- Go ---------------------------------------------------------------------------------------------------------

/**
 * The program as the Go program of goProject.ts reads it (declaredResources.go, over the generated SDK, built once):
 * each resource through its kind's constructor, each output exported as the typed output the SDK declares (a secret
 * stays `{"secret": text}`, which the program makes secret with pulumi.ToSecret).
 */
export function goData(program: EveryKindProgram): GoProgram {
    const value = (a: Arg) => (a !== null && typeof a === "object" && !Array.isArray(a) && !("secret" in a) ? `\${${a.ref}.${a.output}}` : a);
    return {
        resources: program.resources.map((r) => ({
            name: r.name,
            type: `vcrooms:${typeOf(r.kind)}`,
            properties: Object.fromEntries(Object.entries(r.args).map(([k, a]) => [k, value(a)])),
            dependsOn: r.dependsOn ?? [],
        })),
        exports: Object.fromEntries((Object.keys(declarations) as Kind[]).map((k) => [`vcrooms:${typeOf(k)}`, outputsOf(k).map(([o]) => o)])),
        getRoomOf: program.getRoomOf,
    };
}

// ---- Pulumi YAML ---------------------------------------------------------------------------------------------------

function yamlArg(a: Arg): unknown {
    if (a !== null && typeof a === "object" && !Array.isArray(a)) return "secret" in a ? { "fn::secret": a.secret } : `\${${a.ref}.${a.output}}`;
    return a;
}

/** The Pulumi YAML program (JSON is YAML): resources, the function as a variable, every output. */
export function yamlProgram(name: string, program: EveryKindProgram, packagePath: string): string {
    const resources = Object.fromEntries(
        program.resources.map((r) => [
            r.name,
            {
                type: `vcrooms:${typeOf(r.kind)}`,
                properties: Object.fromEntries(Object.entries(r.args).map(([k, a]) => [k, yamlArg(a)])),
                ...(r.dependsOn?.length ? { options: { dependsOn: r.dependsOn.map((n) => `\${${n}}`) } } : {}),
            },
        ]),
    );
    const outputs: Record<string, string> = {};
    for (const r of program.resources) for (const [o] of outputsOf(r.kind)) outputs[exportName(r.name, o)] = `\${${r.name}.${o}}`;
    const variables = { found: { "fn::invoke": { function: "vcrooms:getRoom", arguments: { room: `\${${program.getRoomOf}.id}` } } } };
    return JSON.stringify({ name, runtime: "yaml", packages: { vcrooms: packagePath }, resources, variables, outputs }, null, 2) + "\n";
}

// ---- Python ---------------------------------------------------------------------------------------------------------

/**
 * The Python name the generated SDK gives a camelCase name: its words in snake case, as the API names the settings
 * (`virtualBackgroundsV2Enabled` is `virtual_backgrounds_v2_enabled`). A name the SDK spells otherwise fails the
 * program loudly (an unexpected keyword argument, an attribute it does not have), never silently.
 */
export const pythonName = (camel: string) => toApiName(camel);
const pyVar = (name: string) => `r_${name}`;

function pythonArg(a: Arg): string {
    if (typeof a === "string") return JSON.stringify(a);
    if (typeof a === "number") return String(a);
    if (typeof a === "boolean") return a ? "True" : "False";
    if (Array.isArray(a)) return `[${a.map((s) => JSON.stringify(s)).join(", ")}]`;
    if ("secret" in a) return `pulumi.Output.secret(${JSON.stringify(a.secret)})`;
    return `${pyVar(a.ref)}.${a.output === "id" ? "id" : pythonName(a.output)}`;
}

/**
 * The JSON types of a Python value, and what a Python user does with a value of its declared type (slices a str,
 * rounds a number, copies a list). An object output is an instance of the SDK's output class (or a dict): anything but
 * the plain types. A value of another type fails the program, naming the output, both types and the value.
 */
export const PYTHON_TYPED = `def typed(label, types, value):
    # A property the record does not hold is None, whatever its type (the schema's properties are optional).
    if value is None:
        return value
    if isinstance(value, bool):
        actual = "boolean"
    elif isinstance(value, (int, float)):
        actual = "number"
    elif isinstance(value, str):
        actual = "string"
    elif isinstance(value, list):
        actual = "array"
    else:
        actual = "object"
    if actual not in types:
        raise TypeError(f"{label}: expected {' or '.join(types)}, got {actual} {value!r}")
    if actual == "string":
        return value[0:]
    if actual == "number":
        return round(value, 6)
    if actual == "array":
        return list(value)
    return value
`;

/** The Python program over the generated SDK: each resource in the SDK's keywords, each output exported through `typed`. */
export function pythonProgram(program: EveryKindProgram): string {
    const lines: string[] = [];
    for (const r of program.resources) {
        const args = Object.entries(r.args).map(([k, a]) => `    ${pythonName(k)}=${pythonArg(a)},`);
        const opts = r.dependsOn?.length ? [`    opts=pulumi.ResourceOptions(depends_on=[${r.dependsOn.map(pyVar).join(", ")}]),`] : [];
        lines.push(`${pyVar(r.name)} = vcrooms.${typeOf(r.kind)}(`, `    ${JSON.stringify(r.name)},`, ...args, ...opts, ")");
        for (const [o, t] of outputsOf(r.kind)) {
            const label = `${r.name}.${o}`;
            lines.push(`pulumi.export(${JSON.stringify(exportName(r.name, o))}, ${pyVar(r.name)}.${pythonName(o)}.apply(lambda v: typed(${JSON.stringify(label)}, ${JSON.stringify(jsonTypes(t))}, v)))`);
        }
    }
    // Used, not exported (see the top of this file): the result's attribute, as a Python user reads it.
    lines.push(`vcrooms.get_room_output(room=${pyVar(program.getRoomOf)}.id).apply(lambda found: typed("getRoom.description", ["string"], found.description))`);
    return `import pulumi
import pulumi_vcrooms as vcrooms


${PYTHON_TYPED}

${lines.join("\n")}
`;
}
