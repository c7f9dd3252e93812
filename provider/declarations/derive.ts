/**
 * Everything that is derived from a declaration rather than written: the names the SDK declares
 * as outputs, which inputs are secret, which outputs the engine must keep secret, which changes
 * replace the resource, and which outputs never change.
 */
import { isSecret, readBackType } from "../model/settings";
import { withFormat, type TypeSpec } from "../model/types";
import { inputSettings, type Declaration, type ExtraInput } from "./declaration";

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
 * Outputs the engine must mark secret whatever came in: the engine re-marks an output secret only
 * where the input of the same key was, so an output a provider builds itself needs this.
 */
export function secretOutputNames(d: Declaration): string[] {
    const own = [...secretInputs(d).keys(), ...Object.entries(d.outputs).filter(([, o]) => o.secret).map(([name]) => name), ...Object.keys(d.bookkeeping ?? {})];
    // The bookkeeping copy of the declared settings: any of them may have come in as pulumi.secret(...), and the
    // provider cannot tell which (the host strips secrets), so the copy is secret as a whole.
    return d.scope === undefined ? own : [...own, DECLARED_INPUTS];
}

/**
 * `[output, input]` for each output that holds an input's value, as it is (`sameAs`) or inside it (`carries`): both
 * faces keep those outputs secret when the input is (the plugin face knows which inputs came secret; the SDK face
 * asks for them as additional secret outputs whenever the input may be secret).
 */
export function carryingOutputs(d: Declaration): Array<[string, string]> {
    return Object.entries(d.outputs).flatMap(([name, o]) => [o.sameAs, o.carries].flatMap((input) => (input === undefined ? [] : [[name, input] as [string, string]])));
}

/**
 * `[output, setting]` for each output that holds a setting of the kind inherited from (`carriesInherited`): both faces
 * keep those outputs secret when that setting was given as a secret there.
 */
export function inheritedCarryingOutputs(d: Declaration): Array<[string, string]> {
    return Object.entries(d.outputs).flatMap(([name, o]) => (o.carriesInherited === undefined ? [] : [[name, o.carriesInherited] as [string, string]]));
}

/** Inputs whose change replaces the resource: create-only settings and extra inputs. */
export function replacementInputs(d: Declaration): string[] {
    const settings = [...inputSettings(d)].filter(([, s]) => "createOnly" in s && (s.createOnly === true || s.createOnly === d.scope)).map(([name]) => name);
    return [...settings, ...Object.entries(d.extras).filter(([, e]) => e.createOnly).map(([name]) => name)];
}

/** Extra inputs a user declares (those the SDK fills itself are left out). */
export function userExtras(d: Declaration): Array<[string, ExtraInput]> {
    return Object.entries(d.extras).filter(([, e]) => !e.fromResourceName && !e.fromStack && !e.fromUrn && !e.fromCheck && !e.fromSecrets);
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
 * The inputs that are bookkeeping, not the user's: the resource name, URN, stack and secret names the SDK fills, the flag check sets
 * when it generated a value, and the create id check chooses. The engine sees them as `__<name>` (provider/resources/hiddenKeys.ts), so that `pulumi
 * preview --diff` hides them as it hides `__provider`. A purge's `deletes` is filled by check too, but stays visible:
 * it is there so that a preview lists what will be deleted.
 */
export function bookkeepingInputs(d: Declaration): string[] {
    return Object.entries(d.extras).filter(([name, e]) => e.fromResourceName || e.fromStack || e.fromUrn || e.fromSecrets || name === d.generatedFlag || name === d.createIdInput).map(([name]) => name);
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
