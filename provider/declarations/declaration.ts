/**
 * The shape of a resource declaration, in the manner of pulumi-go-provider's `infer`: one object
 * per resource kind names its settings (a scope of the settings table), its own extra inputs, its
 * read-only outputs with their types, and its few hooks. Types, check, diff, secrets, replacement
 * keys, output placeholders and the docs are all derived from it (see derive.ts), so no field is
 * written a second time.
 *
 * Data and types only at module level: the SDK imports declarations to build its classes, and
 * nothing here holds a zod instance or a client (docs/architecture.md, decision 1).
 */
import type { CheckFailure } from "../model/check";
import { CONNECTION_FIELDS, connectionRule, type ConnectionInput } from "../model/connection";
import { toCamelName } from "../model/names";
import { settingsFor, type AnySetting, type SettingsInputs, type SettingsOutputs, type Target } from "../model/settings";

/** Property bags as the engine passes them: plain values, camelCase keys. */
export type Values = Record<string, unknown>;

/**
 * A value's type, one per field (provider/model/types.ts): the plugin's schema writes it as it is, the reference
 * in words. Settings get theirs from the table's validators; extra inputs and outputs carry one, since their
 * TypeScript types are gone at run time.
 */
export { ANY, arrayOf, BOOLEAN, formatted, INTEGER, mapOf, NUMBER, oneOf, orAbsent, orNull, STRING, type TypeSpec } from "../model/types";
import { arrayOf, BOOLEAN, objectType, STRING, type TypeSpec } from "../model/types";

/** Hooks any kind may have; a kind adds its own beside them. */
export interface CommonHooks {
    /** In `check`: rules across fields, on the values declared (`olds`: the inputs last applied, none on create). */
    readonly rules?: (inputs: Values, now: Date, olds: Values) => CheckFailure[];
}

/** One input of a resource that is not an API setting: its docs, rule and flags. */
export interface ExtraInput<T = unknown> {
    readonly description: string;
    /** The value's type: the plugin's schema has it, the reference shows it in words. */
    readonly type: TypeSpec;
    /** The values `validate` takes, in words, for the reference. */
    readonly allowed: string;
    /** What omitting it means, for the reference. */
    readonly whenOmitted?: string;
    /** The kind cannot exist without it: required in the SDK's argument types and the schema, "Required." in the reference. */
    readonly required?: boolean;
    /** Returns the rule broken, or undefined. */
    readonly validate: (value: unknown) => string | undefined;
    /** `true`: the whole value is secret; a list: these keys of an object value are. */
    readonly secret?: true | readonly string[];
    /** A change of it replaces the resource. */
    readonly createOnly?: boolean;
    /** Filled by the SDK with the Pulumi resource name; not a user input, not in the docs, never a change. */
    readonly fromResourceName?: boolean;
    /** Filled by the SDK with `<project>/<stack>` (the plugin face takes it from the URN); not a user input either. */
    readonly fromStack?: boolean;
    /**
     * Filled by the SDK with what tells the stack from one of the same project and stack names elsewhere, as far as the
     * program knows (its organisation, and a digest of PULUMI_BACKEND_URL when set); not a user input either.
     */
    readonly fromStackInstance?: boolean;
    /** Filled with the resource's URN (by the SDK in the dynamic face, from the engine's request in the plugin face); not a user input either. */
    readonly fromUrn?: boolean;
    /** Filled by the provider's `check` (bookkeeping such as "this value was generated"); not a user input either. */
    readonly fromCheck?: boolean;
    /** Filled by the SDK with the names of the inputs the program gave as secrets; not a user input either. */
    readonly fromSecrets?: boolean;
    /** Phantom: carries the value type to the SDK's argument types. */
    readonly __type?: T;
}

/** A read-only output: a record field that is not a writable setting. */
export interface OutputField<T = unknown> {
    readonly description: string;
    /** The value's type (`T` at run time): the plugin's schema has it, the reference shows it in words. */
    readonly type: TypeSpec;
    /** Never changes once the resource exists (the diff reports it stable). */
    readonly stable?: boolean;
    /** Always secret, though no input of that name is (a join token's `token` and `link`). */
    readonly secret?: boolean;
    /** Set by the provider in the resource's state, not in the API's record: a function reading the record may lack it. */
    readonly stateOnly?: boolean;
    /** Carries the value of this input under another name (a room's `topic` is its `description`): secret whenever that input is. */
    readonly sameAs?: string;
    /**
     * Holds this input's value inside it, or may (a room's `roomUrl` ends with its `friendlyUrl`; its `topic` is the
     * friendlyUrl when it has no description): secret whenever that input is.
     */
    readonly carries?: string;
    /**
     * Holds the value of this setting of the kind inherited from (a room's `roomUrl` holds the team's `domain`): secret
     * whenever that setting was given as a secret there.
     */
    readonly carriesInherited?: string;
    readonly __type?: T;
}

export type Extras = Record<string, ExtraInput>;
export type Outputs = Record<string, OutputField>;

export interface Declaration<
    Tk extends string = string,
    Sc extends Target | undefined = Target | undefined,
    E extends Extras = Extras,
    O extends Outputs = Outputs,
    H extends CommonHooks = CommonHooks,
> {
    /** The type name: `pulumi-nodejs:dynamic/vcrooms:<type>`; `vcrooms:index:<type>` in the plugin face. */
    readonly type: Tk;
    /** What the resource is, for the plugin's schema. */
    readonly description: string;
    /** What the resource's `id` is, for the reference. */
    readonly idDescription: string;
    /**
     * The type whose settings fill those this kind does not declare (a room inherits the team's defaults): a setting
     * given as a secret there is kept secret in this kind's outputs wherever this kind does not declare it.
     */
    readonly inheritsFrom?: string;
    /** What `pulumi import` takes as the id, when more than the `id` itself (a room's friendly URL too); for the docs. */
    readonly importId?: string;
    /** Why `pulumi import` (a read with only an id) is refused for this kind; absent: it is importable. */
    readonly notImportable?: string;
    /**
     * Its delete sends no request (nothing of it is kept by the API to delete): a resource of it whose provider now
     * speaks for another team is replaced outright, as the old team needs no call (resources/teamRecord.ts).
     */
    readonly deleteSendsNothing?: boolean;
    /** Which settings of the table the resource takes; none for resources that are not settings records. */
    readonly scope: Sc;
    readonly extras: E;
    readonly outputs: O;
    /**
     * An input unique in the team: a replacement that keeps its value must delete the old resource first. When
     * `generatedFlag` names a `fromCheck` input that check sets to true, the value was generated, and a
     * replacement gets a new one instead (Pulumi's auto-naming), so it can create before it deletes.
     */
    readonly uniqueInput?: string;
    readonly generatedFlag?: string;
    /**
     * A `fromCheck` input that check fills with a random value when the inputs it keeps have none (a new resource, or
     * a replacement, which the engine checks with no olds), and keeps from then on: what makes the generated value
     * and the creation marker this very create's own, which no other stack or replacement can share.
     */
    readonly createIdInput?: string;
    /**
     * Outputs the provider keeps in state for itself, beside the record's fields (name: what it holds, for the
     * reference): always secret, since they may hold any declared or found value, and a secret one cannot be told apart.
     */
    readonly bookkeeping?: Readonly<Record<string, string>>;
    /** What only this kind does (generated names, cross-field rules, adoption, create reconciliation). */
    readonly hooks: H;
}

type ValueOfField<F> = F extends { readonly __type?: infer T } ? T : never;

/** The settings of a declaration as users write them (camelCase); nothing when it has no scope. */
type SettingInputsOf<D> = D extends Declaration<string, infer Sc> ? (Sc extends Target ? SettingsInputs<Sc> : {}) : never;
type SettingOutputsOf<D> = D extends Declaration<string, infer Sc> ? (Sc extends Target ? SettingsOutputs<Sc> : {}) : never;

/** The inputs of a kind, plain values: its settings and its extra inputs (those the SDK fills left out). */
export type InputsOf<D extends Declaration> = SettingInputsOf<D> & {
    [K in keyof D["extras"] as D["extras"][K] extends { fromResourceName: true } | { fromStack: true } | { fromStackInstance: true } | { fromUrn: true } | { fromCheck: true } | { fromSecrets: true } | { required: true } ? never : K]?: ValueOfField<D["extras"][K]>;
} & { [K in keyof D["extras"] as D["extras"][K] extends { required: true } ? K : never]: ValueOfField<D["extras"][K]> };

/** The outputs of a kind: settings as read back, then the read-only outputs. */
export type StateOf<D extends Declaration> = SettingOutputsOf<D> & { [K in keyof D["outputs"]]: ValueOfField<D["outputs"][K]> };

/** The extra inputs of a kind, those the SDK fills in itself included. */
export type ExtraValuesOf<D extends Declaration> = { [K in keyof D["extras"]]?: ValueOfField<D["extras"][K]> };

/** What the provider receives: the inputs plus what the SDK fills in itself. */
export type ProviderInputsOf<D extends Declaration> = SettingInputsOf<D> & ExtraValuesOf<D>;

/** What the provider keeps as outputs: the record as read back, the extra inputs, and its bookkeeping `B`. */
export type ProviderOutputsOf<D extends Declaration, B> = Partial<StateOf<D>> & ExtraValuesOf<D> & Partial<B>;

/** The `connection` input every kind takes (provider/model/connection.ts has its fields and rule). */
export const connectionInput: ExtraInput<ConnectionInput> = {
    description: "The API and team of this resource, when not the stack's. The developer key is kept secret.",
    type: objectType(
        "Connection",
        "The API and team of one resource or call, when not its provider's.",
        Object.fromEntries(Object.entries(CONNECTION_FIELDS).map(([name, f]) => [name, { type: f.type, description: f.description, ...(f.secret ? { secret: true } : {}) }])),
    ),
    allowed: "strings, each optional; `apiUrl` ends in `/api/v1`; `auth` is `bearer` or `basic`",
    whenOmitted: "Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables.",
    validate: connectionRule,
    secret: Object.entries(CONNECTION_FIELDS).filter(([, f]) => f.secret).map(([k]) => k),
};

/**
 * The `givenSecrets` input every kind takes from the SDK: the dynamic-provider host hands the provider plain values,
 * secrets stripped, so this is how the provider of the dynamic face knows which values no message may show
 * (provider/resources/secretRedaction.ts). The plugin face knows from the engine's wrapped values.
 */
export const givenSecretsInput: ExtraInput<string[]> & { readonly fromSecrets: true } = {
    description: "Set by the SDK: the names of the inputs the program gave as secrets, whose values no message shows.",
    type: arrayOf(STRING),
    allowed: "input names",
    validate: (v) => (Array.isArray(v) && v.every((name) => typeof name === "string") ? undefined : "must be a list of input names"),
    fromSecrets: true,
};

/**
 * Builds a declaration, keeping its literal types for the derivations. Every kind also takes a
 * `connection` of its own (several teams in one program), and the SDK's `givenSecrets`.
 */
export function declareResource<Tk extends string, Sc extends Target | undefined, E extends Extras, O extends Outputs, H extends CommonHooks>(
    d: Declaration<Tk, Sc, E, O, H>,
): Declaration<Tk, Sc, E & { connection: typeof connectionInput; givenSecrets: typeof givenSecretsInput }, O, H> {
    return { ...d, extras: { ...d.extras, connection: connectionInput, givenSecrets: givenSecretsInput } };
}

// ---- constructors, so that a declaration reads one line per field -------------------------------

type ExtraFlags = Omit<ExtraInput, "description" | "validate" | "__type" | "type" | "allowed">;

/** An extra input: its type, and in words the values `validate` takes. */
export function extra<T>(type: TypeSpec, allowed: string, description: string, validate: (value: unknown) => string | undefined, flags: ExtraFlags = {}): ExtraInput<T> {
    return { type, allowed, description, validate, ...flags };
}

/** An extra input the kind cannot exist without: its type says so, for the SDK's argument types. */
export const required = <T>(e: ExtraInput<T>): ExtraInput<T> & { readonly required: true } => ({ ...e, required: true });

export const booleanInput = (description: string, flags?: ExtraFlags) =>
    extra<boolean>(BOOLEAN, "`true` or `false`", description, (v) => (typeof v === "boolean" ? undefined : "must be true or false"), flags);

export const stringInput = (description: string, flags?: ExtraFlags & { allowed?: string }) =>
    extra<string>(STRING, flags?.allowed ?? "any string", description, (v) => (typeof v === "string" ? undefined : "must be a string"), flags);

/** A read-only output; `type` is `T` at run time. */
export function output<T>(type: TypeSpec, description: string, flags: { stable?: boolean; secret?: boolean; sameAs?: string; carries?: string; carriesInherited?: string; stateOnly?: boolean } = {}): OutputField<T> {
    return { type, description, ...flags };
}

// ---- what every derivation needs from a declaration ---------------------------------------------

/** The settings a declaration takes, by camelCase input name. */
const settingMaps = new WeakMap<Declaration, ReadonlyMap<string, AnySetting>>();
export function inputSettings(d: Declaration): ReadonlyMap<string, AnySetting> {
    let map = settingMaps.get(d);
    if (!map) {
        map = new Map(d.scope === undefined ? [] : settingsFor(d.scope).map((s) => [toCamelName(s.name), s] as const));
        settingMaps.set(d, map);
    }
    return map;
}
