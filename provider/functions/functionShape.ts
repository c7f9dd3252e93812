/**
 * The shape of a data function's declaration: its arguments (each with docs and a rule), its result
 * fields (docs), the endpoints it reads, and how it runs. Validation before any request and the
 * reference docs are derived from it, as for the resources' declarations.
 */
import type { RoomsClient } from "../api";
import type { ConnectionInput } from "../model/connection";
import { enumType, formatted, STRING, type TypeSpec } from "../model/types";
import { connectionInput } from "../declarations/declaration";

/** One argument: its docs and its rule (returns the rule broken, or undefined). */
export interface ArgField {
    readonly description: string;
    /** The value's type: the plugin's schema has it, the reference shows it in words. */
    readonly type: TypeSpec;
    readonly validate: (value: unknown) => string | undefined;
    readonly required?: boolean;
    /** Never shown in a message (the connection carries the developer key). */
    readonly hidden?: boolean;
}

/** Arguments every function takes besides its own. */
export interface CommonArgs {
    /** The API and team to read, when not the stack's (as the resources' `connection` input). */
    connection?: ConnectionInput;
}

export interface FunctionDeclaration<A extends CommonArgs = CommonArgs, R = unknown> {
    readonly name: string;
    readonly description: string;
    /** The endpoints it reads, as the contract's rows (for the docs). */
    readonly reads: string;
    readonly args: { readonly [K in Exclude<keyof A, "connection">]-?: ArgField };
    /**
     * The result's fields: their types and what they hold, as entries (`field`, `group`). Generated Python SDKs
     * check each field's type and take an Any field for a dict, so a string, number or list field must say so;
     * and they drop fields the plugin's schema omits, hence a group's `each`.
     */
    readonly result: readonly ResultEntry[];
    /** The result is the record of this resource kind (its outputs and `id`): the plugin's schema lists them. */
    readonly recordOf?: "room" | "teamDefaults";
    /** Rules across arguments, on values that passed their own rules: `[argument, rule, value]`. */
    readonly rules?: (args: A) => Array<[string, string, unknown]>;
    /** @internal The client's types (zod's) stay out of the package's public declarations; `ResultOf` reads `__result`. */
    readonly run: (client: RoomsClient, args: A) => Promise<R>;
    /** The result's type, for `ResultOf`: never set. */
    readonly __result?: R;
}

/**
 * An entry of a function's result: fields of one type and meaning, by name (`names`), or a group described in
 * words (`group`, e.g. "each metric") whose fields `each` lists with their descriptions, or none for a group that
 * stands for a resource's record (`recordOf`).
 */
export interface ResultEntry {
    readonly names: readonly string[];
    readonly group?: string;
    readonly type: TypeSpec;
    readonly description: string;
    readonly each?: Readonly<Record<string, string>>;
}
/** One field, or several of one type and meaning. */
export const field = (names: string | readonly string[], type: TypeSpec, description: string): ResultEntry => ({ names: typeof names === "string" ? [names] : names, type, description });
/** A group of fields described in words; `each` names its fields with their descriptions. */
export const group = (label: string, type: TypeSpec, description: string, each?: Readonly<Record<string, string>>): ResultEntry => ({ names: [], group: label, type, description, ...(each ? { each } : {}) });
/** How the reference names an entry: its fields, or its group in brackets. */
export const entryLabel = (e: ResultEntry): string => e.group === undefined ? e.names.join(", ") : `(${e.group})`;

export type ArgsOf<D> = D extends FunctionDeclaration<infer A, unknown> ? A : never;
/**
 * Read from `__result` alone: matching the whole declaration against `FunctionDeclaration<CommonArgs, R>` fails for
 * any function with arguments of its own (`run` takes its arguments contravariantly), which made those results `never`;
 * and `run` is not in the public declarations.
 */
export type ResultOf<D> = D extends { readonly __result?: infer R } ? Exclude<R, undefined> : never;

/** Builds a declaration, keeping its literal types. */
export function declareFunction<A extends CommonArgs, R>(d: FunctionDeclaration<A, R>): FunctionDeclaration<A, R> {
    return d;
}

/** The `connection` argument, documented and checked like the resources' input. */
export const connectionArg: ArgField = {
    description: `${connectionInput.description} ${connectionInput.whenOmitted}`,
    type: connectionInput.type,
    validate: connectionInput.validate,
    hidden: true,
};

// ---- argument rules --------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const roomArg = (description = "The room: its UUID or friendly URL."): ArgField => ({
    description,
    type: STRING,
    required: true,
    validate: (v) => (typeof v === "string" && v.trim().length > 0 ? undefined : "must be a room id or friendly URL (a non-empty string)"),
});

export const dateArg = (description: string): ArgField => ({
    description,
    type: formatted(STRING, "`YYYY-MM-DD`"),
    validate: (v) => (typeof v === "string" && isRealDate(v) ? undefined : "must be a date YYYY-MM-DD"),
});

export const sessionArg: ArgField = {
    description: "Only this session's records (a session UUID).",
    type: formatted(STRING, "UUID"),
    validate: (v) => (typeof v === "string" && UUID.test(v) ? undefined : "must be a session UUID"),
};

/** An argument taking one of a closed set of strings: the enum type `typeName` in the schema. */
export const oneOf = (typeName: string, description: string, values: readonly string[]): ArgField => ({
    description: `${description} One of ${values.map((v) => `\`${v}\``).join(", ")}.`,
    type: enumType(typeName, `The values of ${typeName}.`, values),
    validate: (v) => (typeof v === "string" && values.includes(v) ? undefined : `must be one of ${values.join(", ")}`),
});

export const LANGUAGES = ["en", "it", "de", "es"] as const;

export function isRealDate(v: string): boolean {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    // Month 13 or day 32 make no date at all (toISOString would throw "Invalid time value"); Feb 30 rolls over.
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
}

/** `dateStart` not after `dateEnd`, when both are given. */
export function periodRule(args: { dateStart?: string; dateEnd?: string }): Array<[string, string, unknown]> {
    return args.dateStart !== undefined && args.dateEnd !== undefined && args.dateStart > args.dateEnd ? [["dateEnd", `must not be before dateStart (${args.dateStart})`, args.dateEnd]] : [];
}
