/**
 * The one contract every resource kind implements (provider/resources/<kind>.ts), and both faces translate: the
 * dynamic face (provider/index.ts, what the SDK's shims call) and the plugin face (provider/plugin/adapter.ts).
 * It is richer than Pulumi's dynamic interface where the plugin needs more: a diff names each changed property and
 * how it changes, and every call gets a context.
 *
 * The context is optional so that the dynamic interface's call shape (`check(olds, news)`) is still a valid call.
 */
import type { CheckFailure } from "../model/check";
import type { Values } from "../declarations/declaration";
import type { Warning } from "./warnings";

/** How a property changes, in the engine's words (provider.proto, PropertyDiff.Kind). */
export type PropertyDiffKind = "ADD" | "ADD_REPLACE" | "DELETE" | "DELETE_REPLACE" | "UPDATE" | "UPDATE_REPLACE";

/** What a face knows about a call beyond its values. */
export interface Context {
    /**
     * The Pulumi resource name: the face's own (the plugin reads it from the URN), or else the `resourceName` input
     * the SDK fills, put here by the hiding layer (hiddenKeys.ts). Kinds read the name here and nowhere else; absent
     * only for a kind called alone without one (then nothing is claimed and messages name the id).
     */
    readonly resourceName?: string;
    /**
     * The resource's URN: the plugin's request carries it; the dynamic face reads the `resourceUrn` input the SDK
     * fills (hiddenKeys.ts). Two resources may share a name under two parents, never a URN, so what the provider keeps
     * about a resource (claims, hand-overs) keys on it (`identityOf`). Absent for a state written before the SDK
     * filled it: the name stands in.
     */
    readonly resourceUrn?: string;
    /**
     * True when the engine said the call is a preview. Neither face's engine says so for check and diff, and a
     * preview's create and update go to the kind's `planned` (the plugin face) or nowhere (the dynamic face), so a
     * kind's check, diff, create and update always see false: a kind must not rely on it to skip work.
     */
    readonly preview: boolean;
    /**
     * The engine's random seed for a check (plugin face; hex), the same in `up --plan` as in the preview that saved
     * the plan, new in every other deployment. The dynamic face has none.
     */
    readonly randomSeed?: string;
    /**
     * The inputs the program gave as secrets, which only the face knows (the plugin face: the engine's wrapped values).
     * Their values never show in a message (provider/resources/secretRedaction.ts); the inputs the declaration always
     * keeps secret need not be named.
     */
    readonly secretInputs?: ReadonlySet<string>;
    /**
     * The engine's id of the provider resource the call goes through (plugin face, from Configure; engines before
     * that field send none): a UUID each provider resource of a stack is given when first created and keeps, so it
     * tells this stack from one of the same project and stack names in another backend or organisation, or a new one
     * made under a renamed stack's old name. The dynamic face has none (its host does not pass it on).
     */
    readonly providerId?: string;
    /** A warning the user sees (in preview, up and destroy alike): one of the table's (warnings.ts). */
    warn(message: Warning): void;
}

export interface KindCheck<I> {
    inputs: I;
    failures: CheckFailure[];
}

export interface KindDiff {
    changes: boolean;
    replaces: string[];
    stables: string[];
    deleteBeforeReplace: boolean;
    /** Each changed input and how it changes. */
    detailedDiff: Record<string, PropertyDiffKind>;
}

export interface KindRead<O> {
    /** Empty when the resource is gone (the engine drops it). */
    id: string;
    props: O;
    /** The inputs the read found; absent: as they were. */
    inputs?: O;
    /**
     * What the read proves about the team the resource's connection reaches now (resources/teamRecord.ts): true, that
     * team holds this resource (the room found by its id, the defaults record of its id, a token its key signed);
     * false, that team answered with a record that is not this resource's (another team's defaults record). Absent:
     * nothing (a read that sends nothing, or found the resource gone).
     */
    foundInTeam?: boolean;
}

/** A resource kind: inputs `I` (as checked), outputs `O` (as kept in state). */
export interface ResourceKind<I = Values, O = Values> {
    check(olds: I, news: I, ctx?: Context): Promise<KindCheck<I>>;
    diff(id: string, olds: O, news: I, ctx?: Context): Promise<KindDiff>;
    create(inputs: I, ctx?: Context): Promise<{ id: string; outs: O }>;
    read(id: string, props?: O, ctx?: Context): Promise<KindRead<O>>;
    /** Absent for a kind whose every change replaces it (a join token): the engine never updates one in place. */
    update?(id: string, olds: O, news: I, ctx?: Context): Promise<{ outs: O }>;
    delete(id: string, props: O, ctx?: Context): Promise<void>;
    /**
     * The outputs a preview shows for a create (`id` and `olds` undefined) or an update, with no write request: each value is
     * what the up will produce, or unknown (`UNKNOWN`, or left out); never a value kept from before that the up may
     * change, and never an input where the output is another value or type (declarations/derive.ts, `inputsAsPlanned`).
     * Absent: those inputs the up gives back as they are, and every other output unknown.
     * Only the plugin face calls it (the engine runs no code of a dynamic provider at preview).
     */
    planned?(id: string | undefined, news: I, olds: O | undefined, ctx?: Context): Promise<O>;
    /**
     * The value the create made for the declaration's generated `uniqueInput` (a room's friendly URL), from the inputs
     * check kept for it (`generatedFlag` set, the create id, the resource name); undefined where they do not give it.
     * Only the dynamic face calls it: there the engine plans an update's outputs from the checked inputs alone, so an
     * update carries the value in them (provider/index.ts).
     */
    generated?(inputs: I): string | undefined;
}

/** Who a call is about, for what the provider keeps per resource: its URN, else (a state written before) its name. */
export function identityOf(ctx: Pick<Context, "resourceName" | "resourceUrn">): string | undefined {
    return ctx.resourceUrn ?? ctx.resourceName;
}

const URN_PREFIX = "urn:pulumi:";

/** The resource name a URN ends with (`urn:pulumi:{stack}::{project}::{type}::{name}`; a name may hold "::"). */
const nameOfUrn = (urn: string) => urn.split("::").slice(3).join("::");

/**
 * Whether two identities are one resource's. A state written before the SDK filled the URN (0.1.0) gives only the
 * name, while the program's registration of that resource in the same deployment gives its URN (the refresh of
 * `up --refresh` diffs the state as it was, then the program checks it): a name and a URN ending with that name are
 * one owner. Two URNs are one owner only when equal, so two resources of one name under two parents stay two; and
 * what is claimed is one deployment's, of one stack, so two stacks never meet here.
 */
export function sameOwner(a: string, b: string): boolean {
    if (a === b) return true;
    const aUrn = a.startsWith(URN_PREFIX);
    if (aUrn === b.startsWith(URN_PREFIX)) return false;
    return aUrn ? nameOfUrn(a) === b : nameOfUrn(b) === a;
}

/**
 * How a message names the resource an identity stands for: its name, and its URN when it has a parent (its type is
 * qualified by its parents'), where two resources of the stack may share the name.
 */
export function identityLabel(kind: string | undefined, identity: string): string {
    const prefix = kind === undefined ? "" : `${kind} `;
    if (!identity.startsWith("urn:pulumi:")) return `${prefix}"${identity}"`;
    const [, , qualifiedType = "", ...name] = identity.split("::");
    return `${prefix}"${name.join("::")}"${qualifiedType.includes("$") ? ` (${identity})` : ""}`;
}

/**
 * The context of a call that names no resource: warnings go to stderr. The dynamic-provider host has no engine
 * connection for logs (`pulumi.log.warn` there falls back to the console, with a "[runtime]" prefix); what a
 * provider plugin writes on stderr is what the engine shows as a diagnostic, in preview, up and destroy alike.
 */
export const PROCESS_CONTEXT: Context = {
    preview: false,
    warn: warnOnStderr,
};

/**
 * What starts a warning written on stderr: the engine passes such a line on as an `info#err` diagnostic, so whoever
 * reads a run's diagnostics (the audit) tells the SDK face's warnings by it.
 */
export const STDERR_WARNING_PREFIX = "warning: ";

/** A warning on stderr, where a face has nowhere better to send it. */
export function warnOnStderr(message: string): void {
    console.warn(`${STDERR_WARNING_PREFIX}${message}`);
}
