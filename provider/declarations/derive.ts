/**
 * Everything that is derived from a declaration rather than written: the names the SDK declares
 * as outputs, which inputs are secret, which outputs the engine must keep secret, which changes
 * replace the resource, and which outputs never change.
 */
import { toCamelName } from "../model/names";
import { isSecret, readBackType } from "../model/settings";
import { withFormat, type TypeSpec } from "../model/types";
import { inputSettings, type Declaration, type ExtraInput } from "./declaration";
import { declarations } from "./index";

/** The output that keeps the settings as declared (provider/resources/reconcile.ts), for `read`. */
export const DECLARED_INPUTS = "declaredInputs";

/** `{ name: undefined }` for every output: a dynamic resource exposes only the keys it registers. */
export function outputPlaceholders(d: Declaration): Record<string, undefined> {
    return Object.fromEntries([...inputSettings(d).keys(), ...Object.keys(d.outputs)].map((n) => [n, undefined]));
}

/** Per secret input: `true` for the whole value, or the keys of an object value that are secret. */
export function secretInputs(d: Declaration): ReadonlyMap<string, true | readonly string[]> {
    const secrets = new Map<string, true | readonly string[]>();
    for (const [name, s] of inputSettings(d)) if (isSecret(s)) secrets.set(name, true);
    for (const [name, e] of Object.entries(d.extras)) if (e.secret) secrets.set(name, e.secret);
    return secrets;
}

/**
 * The output in which every kind's state records the team that made it (provider/resources/teamRecord.ts): its API
 * URL, which may have come from secret config or a connection's secret apiUrl. Neither face can tell that at every
 * write (the dynamic-provider host hands the provider its configuration plain), and no user reads the record, so it is
 * kept secret always (docs/assumptions.md, "The team record is a secret").
 */
export const TEAM_RECORD = "__team";

/**
 * Outputs the engine must mark secret whatever came in: the engine re-marks an output secret only
 * where the input of the same key was, so an output a provider builds itself needs this.
 */
export function secretOutputNames(d: Declaration): string[] {
    const own = [...secretInputs(d).keys(), ...Object.entries(d.outputs).filter(([, o]) => o.secret).map(([name]) => name), ...Object.keys(d.bookkeeping ?? {}), TEAM_RECORD];
    // The bookkeeping copy of the declared settings: any of them may have come in as pulumi.secret(...), and the
    // provider cannot tell which (the host strips secrets), so the copy is secret as a whole.
    return d.scope === undefined ? own : [...own, DECLARED_INPUTS];
}

/**
 * `[output, input]` for each output that holds an input's value, as it is (`sameAs`), inside it (`carries`), or when
 * not declared itself (a setting's `carries`, such as maxBroadcasters taking maxParticipants): both
 * faces keep those outputs secret when the input is (the plugin face knows which inputs came secret; the SDK face
 * asks for them as additional secret outputs whenever the input may be secret).
 */
export function carryingOutputs(d: Declaration): Array<[string, string]> {
    const outputs = Object.entries(d.outputs).flatMap(([name, o]) => [o.sameAs, o.carries].flatMap((input) => (input === undefined ? [] : [[name, input] as [string, string]])));
    // A setting the API fills from another one when it is not declared (`carries` in the settings table).
    const settings = [...inputSettings(d)].flatMap(([name, s]) => (s.carries === undefined ? [] : [[name, toCamelName(s.carries)] as [string, string]]));
    return [...outputs, ...settings];
}

/**
 * `[output, setting]` for each output that holds a setting of the kind inherited from (`carriesInherited`): both faces
 * keep those outputs secret when that setting was given as a secret there.
 */
export function inheritedCarryingOutputs(d: Declaration): Array<[string, string]> {
    return Object.entries(d.outputs).flatMap(([name, o]) => (o.carriesInherited === undefined ? [] : [[name, o.carriesInherited] as [string, string]]));
}

/**
 * The settings of the team's record whose values are the user's own words or image (`freeText`; a room's record shows
 * the team's `favicon` too), which another stack or program on the team may have given its TeamDefaults as secrets: no
 * deployment but that one can see so. For a kind that inherits (a room), those of the kind inherited from; for the kind
 * others inherit from (TeamDefaults), whose record every stack on the team writes, its own. Both faces keep its outputs
 * of them secret wherever it does not declare them plainly itself, and the data functions' results of its record
 * (`secretResultFields`) whole (docs/assumptions.md, "Inherited free text is kept secret").
 */
export function maybeSecretInherited(d: Declaration): string[] {
    const from: Declaration | undefined = d.inheritsFrom === undefined ? undefined : Object.values(declarations).find((other) => other.type === d.inheritsFrom);
    const team = from ?? (Object.values(declarations).some((other) => other.inheritsFrom === d.type) ? d : undefined);
    return team === undefined ? [] : [...inputSettings(team)].filter(([, s]) => s.freeText === true).map(([name]) => name);
}

/** Inputs whose change replaces the resource: create-only settings and extra inputs. */
export function replacementInputs(d: Declaration): string[] {
    const settings = [...inputSettings(d)].filter(([, s]) => "createOnly" in s && (s.createOnly === true || s.createOnly === d.scope)).map(([name]) => name);
    return [...settings, ...Object.entries(d.extras).filter(([, e]) => e.createOnly).map(([name]) => name)];
}

/** Extra inputs a user declares (those the SDK fills itself are left out). */
export function userExtras(d: Declaration): Array<[string, ExtraInput]> {
    return Object.entries(d.extras).filter(([, e]) => !e.fromResourceName && !e.fromStack && !e.fromStackInstance && !e.fromUrn && !e.fromCheck && !e.fromSecrets);
}

/** Extra inputs the SDK fills with the resource name. */
export function resourceNameInputs(d: Declaration): string[] {
    return Object.entries(d.extras).filter(([, e]) => e.fromResourceName).map(([name]) => name);
}

/** Extra inputs filled with the resource's URN: the identity of a resource claims and hand-overs key on. */
export function urnInputs(d: Declaration): string[] {
    return Object.entries(d.extras).filter(([, e]) => e.fromUrn).map(([name]) => name);
}

/** Extra inputs the SDK fills with the names of the inputs the program gave as secrets. */
export function givenSecretsInputs(d: Declaration): string[] {
    return Object.entries(d.extras).filter(([, e]) => e.fromSecrets).map(([name]) => name);
}

/** Extra inputs the SDK fills with `<project>/<stack>`. */
export function stackInputs(d: Declaration): string[] {
    return Object.entries(d.extras).filter(([, e]) => e.fromStack).map(([name]) => name);
}

/** Extra inputs the SDK fills with the stack's instance (`fromStackInstance`). */
export function stackInstanceInputs(d: Declaration): string[] {
    return Object.entries(d.extras).filter(([, e]) => e.fromStackInstance).map(([name]) => name);
}

/** Outputs that never change once the resource exists, plus `id`. */
export function stableOutputs(d: Declaration): string[] {
    return ["id", ...Object.entries(d.outputs).filter(([, o]) => o.stable).map(([name]) => name)];
}

/**
 * The input that carries a dynamic resource's `replaceOnChanges` option to its provider (set by the SDK, read by the
 * dynamic face, provider/index.ts): that face's host sends the engine no detailed diff to match the option against.
 */
export const REPLACE_ON_CHANGES = "__replaceOnChanges";

/** A bookkeeping input's name as the engine sees it (see `bookkeepingInputs`). */
export const hiddenKey = (name: string): string => `__${name}`;

/**
 * The hidden input in which the dynamic face carries a generated `uniqueInput`'s value through an update (a room's
 * `__friendlyUrl`): the engine plans a dynamic resource's update from its checked inputs, where a generated name is
 * otherwise absent. Hidden, so the engine's display never shows it as a declared input, and the kinds never see it
 * (provider/index.ts, `planningGenerated`); the SDK plans the output from it (sdk/declaredResource.ts).
 */
export function generatedCarrier(d: Declaration): string | undefined {
    return d.uniqueInput !== undefined && d.generatedFlag !== undefined ? hiddenKey(d.uniqueInput) : undefined;
}

/**
 * The inputs that are bookkeeping, not the user's: the resource name, URN, stack and secret names the SDK fills, the flag check sets
 * when it generated a value, and the create id check chooses. The engine sees them as `__<name>` (provider/resources/hiddenKeys.ts), so that `pulumi
 * preview --diff` hides them as it hides `__provider`. A purge's `deletes` is filled by check too, but stays visible:
 * it is there so that a preview lists what will be deleted.
 */
export function bookkeepingInputs(d: Declaration): string[] {
    return Object.entries(d.extras).filter(([name, e]) => e.fromResourceName || e.fromStack || e.fromStackInstance || e.fromUrn || e.fromSecrets || name === d.generatedFlag || name === d.createIdInput).map(([name]) => name);
}

/** Why `pulumi import` of a kind is refused (the plugin's answer, and the kind's docs page); undefined: importable. */
export function notImportableMessage(d: Declaration): string | undefined {
    return d.notImportable === undefined ? undefined : `${d.type} is not importable: ${d.notImportable}`;
}

/** A field of a kind's state as the schema and the reference show it. */
export interface StateField {
    readonly type: TypeSpec;
    readonly description: string;
    readonly secret: boolean;
}

/**
 * A field of `d`'s state other than its extra inputs: a setting as the API reads it back, or a declared output
 * (its description with its type's format). Named here once, so the resource's schema and any record derived from
 * it (the rooms list's item) say the same of it.
 */
export function stateField(d: Declaration, name: string): StateField {
    const s = d.scope === undefined ? undefined : inputSettings(d).get(name);
    if (s) return { type: readBackType(s, d.scope!), description: s.description, secret: isSecret(s) };
    const o = d.outputs[name];
    if (o) return { type: o.type, description: withFormat(o.description, o.type), secret: o.secret === true };
    throw new Error(`${d.type} has no state field ${name}`);
}

/** Every field of `d`'s state other than its extra inputs, settings first. */
export function stateFields(d: Declaration): Array<[string, StateField]> {
    return [...(d.scope === undefined ? [] : inputSettings(d).keys()), ...Object.keys(d.outputs)].map((name) => [name, stateField(d, name)]);
}

/**
 * The inputs whose output is the input exactly as given, so that a preview may plan that output as the input (of the
 * same value and JSON type): settings the API reads back as written (`exact`), and extra inputs the kind keeps as
 * they are, but those whose output of the same name says something else (a join token's `expiresAt` input may be
 * minutes, its output is the instant). Every other output is the service's or the up's to decide: unknown at preview
 * unless a kind plans it itself (a room's address).
 */
export function plannedAsInputs(d: Declaration): ReadonlySet<string> {
    const settings = [...inputSettings(d)].filter(([, s]) => s.compare === "exact").map(([name]) => name);
    const extras = Object.keys(d.extras).filter((name) => d.outputs[name] === undefined);
    return new Set([...settings, ...extras]);
}

/**
 * The inputs as a preview may plan them as outputs (`plannedAsInputs`); a bookkeeping input counts under its hidden
 * name too (the engine's form, provider/resources/hiddenKeys.ts). What is left out is unknown to the engine.
 */
export function inputsAsPlanned(d: Declaration, inputs: Record<string, unknown>): Record<string, unknown> {
    const names = plannedAsInputs(d);
    const hidden = new Set(bookkeepingInputs(d).filter((name) => names.has(name)).map(hiddenKey));
    return Object.fromEntries(Object.entries(inputs).filter(([name]) => names.has(name) || hidden.has(name)));
}

/**
 * Outputs of the same name as an input that a preview may not plan as that input (`plannedAsInputs` leaves them out):
 * where the engine itself answers a preview with the inputs (a dynamic resource's create or update), the SDK makes
 * them unknown instead.
 */
export function unplannedEchoes(d: Declaration): string[] {
    const planned = plannedAsInputs(d);
    const outputs = new Set([...inputSettings(d).keys(), ...Object.keys(d.outputs)]);
    return [...inputSettings(d).keys(), ...Object.keys(d.extras)].filter((name) => outputs.has(name) && !planned.has(name));
}

/**
 * An output every record of the kind has and no input gives (non-secret, so combining with it keeps an output's
 * secrecy as it is; stable ones first): where it is unknown at preview, the engine answered the preview with the
 * inputs, and `unplannedEchoes` are then unknown too.
 */
export function echoSentinel(d: Declaration): string | undefined {
    const candidates = Object.entries(d.outputs).filter(([name, o]) => !o.secret && !o.stateOnly && d.extras[name] === undefined && !inputSettings(d).has(name) && o.type.nullable === undefined);
    return (candidates.find(([, o]) => o.stable) ?? candidates[0])?.[0];
}
