/**
 * A value's type, once per field: a Pulumi package schema type (what the plugin face's schema,
 * provider/plugin/schema.ts, writes) with two notes for the reference (docs/reference.md) that the
 * schema has no place for: a `format` in words ("UUID", "ISO 8601") and whether the value may be
 * `null` or absent. The reference's type words are derived from it (`typeWords`), the schema's type
 * too (`schemaTypeOf`, which drops the notes): neither is written apart.
 *
 * Settings carry none: theirs is derived from their validators (`fromValidator`).
 */
import type { z } from "zod";

/**
 * zod, loaded at the first validator built rather than with the table: the SDK reads the table's names and flags
 * when a program starts, and zod with its locales is most of the modules that would cost (test/package/loading.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const zod = (): typeof z => require("zod").z;

interface TypeNotes {
    /** Shown in brackets after the type in the reference: `string (UUID)`. */
    readonly format?: string;
    /** The value may also be `null`, or be absent (the reference says so; the schema's properties are optional anyway). */
    readonly nullable?: "null" | "absent";
}

/** An object type of the schema's `types` section, defined where its `$ref` is made. */
export interface ObjectType {
    readonly name: string;
    readonly description: string;
    readonly properties: Readonly<Record<string, { readonly type: TypeSpec; readonly description: string; readonly secret?: boolean }>>;
}

/** A closed set of strings: an enum type of the schema's `types` section (generated SDKs get a union or an Enum class). */
export interface EnumType {
    readonly name: string;
    readonly description: string;
    readonly values: readonly string[];
}

export type TypeSpec = TypeNotes &
    (
        | { readonly type: "string" | "boolean" | "integer" | "number" }
        | { readonly type: "array"; readonly items: TypeSpec }
        | { readonly type: "object"; readonly additionalProperties: TypeSpec }
        | { readonly $ref: string; readonly object?: ObjectType; readonly enum?: EnumType }
        | { readonly oneOf: readonly TypeSpec[] }
    );

export const PACKAGE = "vcrooms";

export const STRING: TypeSpec = { type: "string" };
export const BOOLEAN: TypeSpec = { type: "boolean" };
export const INTEGER: TypeSpec = { type: "integer" };
export const NUMBER: TypeSpec = { type: "number" };
/** Any value (the schema's `pulumi.json#/Any`). */
export const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };
export const arrayOf = (items: TypeSpec): TypeSpec => ({ type: "array", items });
export const mapOf = (values: TypeSpec): TypeSpec => ({ type: "object", additionalProperties: values });
export const oneOf = (...options: TypeSpec[]): TypeSpec => ({ oneOf: options });
/** A type with a format in words, for the reference: `formatted(STRING, "UUID")`. */
export const formatted = (t: TypeSpec, format: string): TypeSpec => ({ ...t, format });
export const orNull = (t: TypeSpec): TypeSpec => ({ ...t, nullable: "null" });
export const orAbsent = (t: TypeSpec): TypeSpec => ({ ...t, nullable: "absent" });

/** A named object type: a `$ref` to `#/types/vcrooms:index:<name>` carrying its definition. */
export function objectType(name: string, description: string, properties: ObjectType["properties"]): TypeSpec {
    return { $ref: `#/types/${PACKAGE}:index:${name}`, object: { name, description, properties } };
}

/**
 * A named object type whose properties are worked out when first read: for a type derived from declarations whose
 * read-back types come from validators (zod), so that loading a module that declares it loads no zod.
 */
export function lazyObjectType(name: string, description: string, properties: () => ObjectType["properties"]): TypeSpec {
    let made: ObjectType["properties"] | undefined;
    const object: ObjectType = {
        name,
        description,
        get properties() {
            return (made ??= properties());
        },
    };
    return { $ref: `#/types/${PACKAGE}:index:${name}`, object };
}

/** A description with its type's format ("UUID", "ISO 8601") added, for a schema whose types cannot carry it. */
export const withFormat = (description: string, type: TypeSpec): string => (type.format ? `${description} Format: ${type.format}.` : description);

/** A named enum type: a `$ref` to `#/types/vcrooms:index:<name>` carrying its values. */
export function enumType(name: string, description: string, values: readonly string[]): TypeSpec {
    return { $ref: `#/types/${PACKAGE}:index:${name}`, enum: { name, description, values } };
}

/** A property of a typed object type: its type, its docs, and (phantom) its TypeScript type. */
export interface TypedProperty<T> {
    readonly type: TypeSpec;
    readonly description: string;
    readonly __type?: T;
}
export const prop = <T>(type: TypeSpec, description: string): TypedProperty<T> => ({ type, description });
type ValueOfProperty<P> = P extends TypedProperty<infer T> ? T : never;
/** The TypeScript type of a `typedObject`'s value: a property whose type admits `undefined` is optional. */
export type ObjectOf<O> = O extends { readonly __props?: infer P }
    ? { [K in keyof P as undefined extends ValueOfProperty<P[K]> ? never : K]: ValueOfProperty<P[K]> } & {
          [K in keyof P as undefined extends ValueOfProperty<P[K]> ? K : never]?: Exclude<ValueOfProperty<P[K]>, undefined>;
      }
    : never;
/**
 * A named object type whose properties also give its TypeScript type (`ObjectOf<typeof X>`), so the schema's type
 * and the code's interface are one declaration.
 */
export function typedObject<P extends Record<string, TypedProperty<unknown>>>(name: string, description: string, properties: P): TypeSpec & { readonly __props?: P } {
    return objectType(name, description, properties) as TypeSpec & { readonly __props?: P };
}

/** `toolbar_position` → `ToolbarPosition`: the name of a setting's enum type. */
export const typeName = (name: string): string => name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((p) => p[0]!.toUpperCase() + p.slice(1)).join("");

const field = (type: TypeSpec, description: string) => ({ type, description });

/** A role as the API reads it back in a setting (`default_role`, `roles`). */
export const ROLE_REF = objectType("RoleRef", "A role as the API reads it back.", {
    id: field(STRING, "The role id."),
    name: field(STRING, "The role name."),
    displayName: field(STRING, "The role's display name."),
    allowPrivateGroupChat: field(BOOLEAN, "Whether the role may use the private group chat (in `roles` only)."),
});
/** A breakout room as the API reads it back. */
export const NAMED_REF = objectType("NamedRef", "A breakout room as the API reads it back.", { id: field(STRING, "Its id."), name: field(STRING, "Its name.") });

// ---- derivations --------------------------------------------------------------------------------

/** The type as the package schema writes it: the notes dropped, object types by `$ref` alone. */
export function schemaTypeOf(t: TypeSpec): Record<string, unknown> {
    if ("$ref" in t) return { $ref: t.$ref };
    if ("oneOf" in t) return { oneOf: t.oneOf.map(schemaTypeOf) };
    if (t.type === "array") return { type: "array", items: schemaTypeOf(t.items) };
    if (t.type === "object") return { type: "object", additionalProperties: schemaTypeOf(t.additionalProperties) };
    return { type: t.type };
}

/** Every object and enum type a type refers to, nested ones too; two different types of one name are refused. */
export function objectTypesOf(t: TypeSpec, into = new Map<string, ObjectType | EnumType>()): Map<string, ObjectType | EnumType> {
    if ("$ref" in t) {
        if (t.enum) {
            const seen = into.get(t.enum.name);
            if (seen && JSON.stringify(seen) !== JSON.stringify(t.enum)) throw new Error(`two types named ${t.enum.name}`);
            into.set(t.enum.name, t.enum);
        }
        if (t.object && !into.has(t.object.name)) {
            into.set(t.object.name, t.object);
            for (const p of Object.values(t.object.properties)) objectTypesOf(p.type, into);
        }
    } else if ("oneOf" in t) t.oneOf.forEach((o) => objectTypesOf(o, into));
    else if (t.type === "array") objectTypesOf(t.items, into);
    else if (t.type === "object") objectTypesOf(t.additionalProperties, into);
    return into;
}

/** `a`, `a or b`, `a, b or c`. */
const alternatives = (words: readonly string[]) => (words.length < 2 ? (words[0] ?? "any") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`);

function bareWords(t: TypeSpec): string {
    if ("$ref" in t) return t.object ? `object \`{${Object.keys(t.object.properties).join(", ")}}\`` : t.enum ? "string" : "any";
    if ("oneOf" in t) return alternatives(t.oneOf.map(typeWords));
    if (t.type === "array") {
        const item = t.items;
        if ("$ref" in item && item.enum) return "string[]";
        if ("$ref" in item && !item.object) return "array";
        if ("type" in item && item.type !== "array" && item.type !== "object" && !item.format && !item.nullable) return `${item.type}[]`;
        return `array of ${typeWords(item).replace(/^object /, "")}`;
    }
    if (t.type === "object") return `object: string to ${typeWords(t.additionalProperties)}`;
    return t.type;
}

/** The type in words, for the reference: `string (UUID)`, `string[]`, `array of \`{id, name}\``, `integer or null`. */
export function typeWords(t: TypeSpec): string {
    if ("oneOf" in t && !t.format) return alternatives([...t.oneOf.map(typeWords), ...(t.nullable ? [t.nullable] : [])]);
    const words = `${bareWords(t)}${t.format ? ` (${t.format})` : ""}`;
    return t.nullable ? `${words} or ${t.nullable}` : words;
}

/**
 * A JSON Schema (zod's rendering of a validator) as a type; `null` among its options makes it nullable. A closed set
 * of strings (a validator's `enum` meta) becomes the enum type `name`, described by `description`.
 */
function fromJsonSchema(j: Record<string, unknown>, name: string, description: string): TypeSpec {
    const anyOf = j.anyOf as Array<Record<string, unknown>> | undefined;
    if (anyOf) {
        const nullable = anyOf.some((o) => o.type === "null");
        // `""` beside a number (session length) is a string option.
        const options = [...new Map(anyOf.filter((o) => o.type !== "null").map((o) => fromJsonSchema(o, name, description)).map((t) => [JSON.stringify(t), t])).values()];
        const t = options.length === 1 ? options[0]! : options.length === 0 ? ANY : oneOf(...options);
        return nullable ? orNull(t) : t;
    }
    switch (j.type) {
        case "string":
            return Array.isArray(j.enum) ? enumType(name, description, j.enum as string[]) : { type: j.type };
        case "boolean":
        case "integer":
        case "number":
            return { type: j.type };
        case "array":
            return arrayOf(j.items ? fromJsonSchema(j.items as Record<string, unknown>, name, description) : ANY);
        default:
            return ANY;
    }
}

/**
 * What a validator accepts, as a type; `name` and `description` name the enum type a closed set of strings gets.
 * @internal zod's types stay out of the package's public declarations (test/package/install.test.ts).
 */
export function fromValidator(schema: z.ZodType, name: string, description: string): TypeSpec {
    return fromJsonSchema(zod().toJSONSchema(schema, { unrepresentable: "any" }) as Record<string, unknown>, name, description);
}
