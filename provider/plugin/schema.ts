/**
 * The Pulumi package schema of the plugin face (`vcrooms`), derived from the same declarations as the
 * dynamic resources and the docs: settings from the table (types from their validators), extra inputs
 * and outputs from each kind's declaration, functions from provider/functions, the provider's
 * configuration from provider/declarations/connection.ts. Nothing here names a field.
 *
 * `node dist/provider/plugin/schema.js` prints it (what `pulumi package get-schema <repo>` also gives).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import type { AnySetting, Target } from "../api/settings";
import { CONNECTION_FIELDS, PROVIDER_CONFIG, type ConfigField } from "../declarations/connection";
import { ANY, arrayOf, STRING, inputSettings, type Declaration, type TypeSpec } from "../declarations/declare";
import { userExtras } from "../declarations/derive";
import { declarations } from "../declarations";
import { functions } from "../functions";
import type { ArgField } from "../functions/declare";
import { connectionArg } from "../functions/declare";

export const PACKAGE = "vcrooms";

/** `vcrooms:index:Room`, `vcrooms:index:getRoom`. */
export const token = (name: string): string => `${PACKAGE}:index:${name}`;

type PropertySpec = TypeSpec & { description?: string; secret?: boolean };
type Properties = Record<string, PropertySpec>;

const ref = (type: string): TypeSpec => ({ $ref: `#/types/${token(type)}` });

/** A JSON Schema (zod's rendering of a setting's validator) as a schema type. */
function fromJsonSchema(j: Record<string, unknown>): TypeSpec {
    const anyOf = j.anyOf as Array<Record<string, unknown>> | undefined;
    if (anyOf) {
        // null means "not set" to the engine anyway; `""` beside a number (session length) is a string option.
        const options = [...new Map(anyOf.filter((o) => o.type !== "null").map((o) => fromJsonSchema(o)).map((t) => [JSON.stringify(t), t])).values()];
        return options.length === 1 ? options[0]! : options.length === 0 ? ANY : { oneOf: options };
    }
    switch (j.type) {
        case "string":
        case "boolean":
        case "integer":
        case "number":
            return { type: j.type };
        case "array":
            return arrayOf(j.items ? fromJsonSchema(j.items as Record<string, unknown>) : ANY);
        default:
            return ANY;
    }
}

/** An input setting's type: what its validator accepts. */
function settingInputType(s: AnySetting, target: Target): TypeSpec {
    return fromJsonSchema(z.toJSONSchema(s.schema(target), { unrepresentable: "any" }) as Record<string, unknown>);
}

/** An output setting's type: roles and breakouts read back as objects (see settings.ts, `SettingsOutputs`). */
function settingOutputType(s: AnySetting, target: Target): TypeSpec {
    switch (s.compare) {
        case "role":
            return ref("RoleRef");
        case "roleList":
            return arrayOf(ref("RoleRef"));
        case "namedList":
            return arrayOf(ref("NamedRef"));
        default:
            return settingInputType(s, target);
    }
}

const described = (type: TypeSpec, description: string, secret?: boolean): PropertySpec => ({ ...type, description, ...(secret ? { secret: true } : {}) });

function settingProperties(d: Declaration, direction: "input" | "output"): Properties {
    if (d.scope === undefined) return {};
    const target = d.scope;
    const props: Properties = {};
    for (const [name, s] of inputSettings(d)) {
        const type = direction === "input" ? settingInputType(s, target) : settingOutputType(s, target);
        props[name] = described(type, s.description, "secret" in s && s.secret === true);
    }
    return props;
}

/** Extra inputs a user declares; `true` secrets are secret as a whole (a connection's key is secret in its type). */
function extraProperties(d: Declaration): Properties {
    return Object.fromEntries(userExtras(d).map(([name, e]) => [name, described(e.schemaType ?? ANY, e.description, e.secret === true)]));
}

function resourceSpec(d: Declaration) {
    const outputs: Properties = Object.fromEntries(Object.entries(d.outputs).map(([name, o]) => [name, described(o.schemaType ?? STRING, o.description, o.secret)]));
    return {
        description: d.description ?? d.type,
        inputProperties: { ...settingProperties(d, "input"), ...extraProperties(d) },
        properties: { ...settingProperties(d, "output"), ...extraProperties(d), ...outputs },
    };
}

function configProperties(fields: Readonly<Record<string, ConfigField>>): Properties {
    return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, described(f.schemaType, f.description, f.secret)]));
}

const argType = (a: ArgField): TypeSpec => a.schemaType ?? STRING;

/** A function's result fields: a record's every output, or the fields its declaration names (`a, b` names two). */
function resultProperties(d: (typeof functions)[keyof typeof functions]): Properties {
    if (d.recordOf) {
        const record = resourceSpec(declarations[d.recordOf]).properties;
        return { id: described(STRING, "The record's id."), ...record };
    }
    const props: Properties = {};
    const types: Record<string, TypeSpec | { type: TypeSpec; description: string }> = d.resultTypes ?? {};
    const typeOf = (name: string): TypeSpec => {
        const t = types[name];
        return t === undefined ? ANY : "description" in t ? t.type : t;
    };
    for (const [names, description] of Object.entries(d.result)) {
        // "(each metric)" and the like describe fields that vary with the arguments: the description says so.
        for (const name of names.split(",").map((n) => n.trim()).filter((n) => /^[A-Za-z]\w*$/.test(n))) props[name] = described(typeOf(name), description);
    }
    // Fields described only as a group, typed one by one so that typed SDKs keep them.
    for (const [name, t] of Object.entries(types)) {
        if (!(name in props) && "description" in t) props[name] = described(t.type, t.description);
    }
    return props;
}

function functionSpec(d: (typeof functions)[keyof typeof functions]) {
    const args: Record<string, ArgField> = { ...(d.args as Record<string, ArgField>), connection: connectionArg };
    const extra = Object.entries(d.result).filter(([k]) => k.startsWith("(")).map(([k, v]) => ` ${k}: ${v}`).join("");
    return {
        description: `${d.description} Reads ${d.reads}.${extra}`,
        inputs: {
            properties: Object.fromEntries(Object.entries(args).map(([name, a]) => [name, described(argType(a), a.description)])),
            required: Object.entries(args).filter(([, a]) => a.required).map(([name]) => name),
        },
        outputs: { properties: resultProperties(d) },
    };
}

const objectType = (description: string, properties: Properties) => ({ type: "object", description, properties });

/** The package schema, as `GetSchema` answers it. */
export function packageSchema(version: string) {
    return {
        name: PACKAGE,
        displayName: "Video-conferencing Rooms",
        version,
        description: "Rooms, team defaults, join tokens and content purges of a video-conferencing Rooms Management API, with data functions over its records.",
        keywords: ["pulumi", "vcrooms", "category/utility"],
        license: "Apache-2.0",
        config: { variables: configProperties(PROVIDER_CONFIG) },
        provider: {
            description: "The provider of one team: each explicit provider has its own API URL and developer key (several teams in one program).",
            inputProperties: configProperties(PROVIDER_CONFIG),
            properties: configProperties(PROVIDER_CONFIG),
        },
        types: {
            [token("Connection")]: objectType("The API and team of one resource or call, when not its provider's.", configProperties(CONNECTION_FIELDS)),
            [token("RoleRef")]: objectType("A role as the API reads it back.", { id: described(STRING, "The role id."), name: described(STRING, "The role name."), displayName: described(STRING, "The role's display name.") }),
            [token("NamedRef")]: objectType("A breakout room as the API reads it back.", { id: described(STRING, "Its id."), name: described(STRING, "Its name.") }),
            [token("RoomFile")]: objectType("A file attached to a room.", Object.fromEntries(["id", "name", "url", "thumbnailUrl"].map((n) => [n, described(STRING, `The file's ${n}.`)]))),
        },
        resources: Object.fromEntries(Object.values(declarations).map((d) => [token(d.type), resourceSpec(d)])),
        functions: Object.fromEntries(Object.values(functions).map((f) => [token(f.name), functionSpec(f)])),
        language: { python: { packageName: "pulumi_vcrooms" }, nodejs: { packageName: "@vcrooms/pulumi" } },
    };
}

export type PackageSchema = ReturnType<typeof packageSchema>;

/** The package's version, from its package.json (the plugin reports it, the schema carries it). */
export function packageVersion(): string {
    // Found by walking up: this file runs from provider/plugin (tests) and from dist/provider/plugin alike.
    for (let dir = __dirname; ; dir = dirname(dir)) {
        const file = join(dir, "package.json");
        if (existsSync(file)) {
            const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version: string };
            if (manifest.name === "pulumi-vcrooms") return manifest.version;
        }
        if (dirname(dir) === dir) throw new Error("package.json of pulumi-vcrooms not found");
    }
}

if (require.main === module) process.stdout.write(`${JSON.stringify(packageSchema(packageVersion()), null, 2)}\n`);
