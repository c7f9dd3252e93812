/**
 * `pulumi-vcrooms audit`: one report of a team for an auditor, answering three questions together:
 *   1. drift: what differs from what the listed stacks declare, per stack, resource and setting, read from the
 *      engine's own `pulumi preview --refresh --json` (so the report agrees with the CLI line by line);
 *   2. unmanaged rooms: rooms the team holds that no stack of the project declares, each with the adopt-team command
 *      (a room another stack of the project declares, one not listed, is that stack's: named, never offered);
 *   3. governance: every room of the team (and its defaults), managed or not, judged by the policy pack's own rules
 *      (policy/pack.ts, `judgeRecord`) with the pack's configuration.
 * This module turns the engine's and the API's answers into the report (`AuditReport`, the schema docs/audit.md
 * documents); running the CLI is the command's (cli/main.ts), rendering is auditRender.ts's. No secret value enters
 * the report: a secret setting that differs is shown as `{ "secret": true }`.
 */
import type { ClientConfig, RoomsClient } from "../provider/api";
import { teamOf } from "../provider/resources/claims";
import { STDERR_WARNING_PREFIX } from "../provider/resources/kind";
import { UNKNOWN } from "../provider/model/check";
import { toCamelName } from "../provider/model/names";
import { isSecret, SETTINGS } from "../provider/model/settings";
import { PackConfigError, policySettings, resourcePolicies, type Kind, type RecordSubject } from "../policy/pack";
import { CommandError, ROOM_TOKEN, resourceNames, settledRooms } from "./adoptTeam";

export const REPORT_SCHEMA = "pulumi-vcrooms/audit/v1";

/**
 * A value as the report shows it: the value itself (JSON), absent (`null`), only that it is secret, or that the
 * program computes it from what the up has not made yet (unknown at preview: the engine's placeholder string would
 * read as a value the program declares).
 */
export type ShownValue = unknown;
export const SECRET_VALUE = Object.freeze({ secret: true as const });
export const UNKNOWN_VALUE = Object.freeze({ unknown: true as const });

export interface DriftSetting {
    /** The property path as the engine's detailed diff names it (`toolbarColor`, `tags[1]`). */
    path: string;
    /** The engine's kind of change for it: update, add, delete, and their -replace forms. */
    kind: string;
    /** What the program declares (the preview's new inputs); null when it declares nothing there. */
    declared: ShownValue;
    /** What the API holds (the refreshed state's outputs); null when it holds nothing there. */
    live: ShownValue;
}

export interface LastUp {
    /** The stack history's update number (0 from the file backend, which numbers none). */
    version: number;
    /** When that update started and ended (ISO 8601). */
    startTime: string;
    endTime?: string;
}

export interface DriftResource {
    urn: string;
    type: string;
    name: string;
    /** The engine's step: update, replace, create (declared but gone from the API), delete, ... */
    op: string;
    /** The last `pulumi up` that changed this resource (its state's modified time in the stack history), if known. */
    lastUp: LastUp | null;
    settings: DriftSetting[];
}

export interface StackDrift {
    stack: string;
    /** Resources whose step is not `same`, in the engine's order: drift, without the program's changes not applied yet. */
    resources: DriftResource[];
    /**
     * The program's changes the stack has not applied yet, not drift: a resource the program declares that the stack's
     * state does not hold (`create`: added to the program since the last up), and one the state holds that the program
     * no longer declares (`delete`: removed from it). A `create` of a resource the state holds is the refresh finding
     * it gone from the API: drift.
     */
    unapplied: DriftResource[];
}

export interface UnmanagedRoom {
    id: string;
    /** `[secret]` when a stack of the project declares that friendly URL as a secret (for a room its state does not hold). */
    friendlyUrl: string;
    /** The name adopt-team gives its resource. */
    resourceName: string;
    /** The `pulumi import --file` entry adopt-team writes for it. */
    importEntry: { type: string; name: string; id: string };
    /** The commands that would take it under management. */
    adoptCommand: string;
}

/** A room of the team that a stack of the project declares which the audit was not asked to list. */
export interface UnlistedStackRoom {
    id: string;
    /** `[secret]` when a stack of the project holds that friendly URL as a secret. */
    friendlyUrl: string;
    /** Its resource name there. */
    resourceName: string;
    /** The stacks of the project that declare it (none of them listed). */
    stacks: string[];
}

export interface Violation {
    policy: string;
    /** The level the pack's configuration gives the policy: mandatory or advisory (disabled ones do not judge). */
    level: "mandatory" | "advisory";
    kind: Kind;
    /**
     * The room's friendly URL, or the team's domain for its defaults; for a room whose friendly URL a stack of the project holds
     * as a secret, its resource name there (or adopt-team-like `room_<id>` when no stack's state has its id).
     */
    subject: string;
    /** The room's id (absent for the team's defaults). */
    roomId?: string;
    /** The stacks that declare the room, empty when none does. */
    managedBy: string[];
    /** The pack's own message, as `pulumi preview` would print it for a declared resource. */
    message: string;
}

/**
 * Something the auditor should read that is neither drift, an unmanaged room nor a violation: a warning the engine's
 * preview of a listed stack printed (a stale join token, a setting the API ignores, ...), or one the audit finds
 * across the project's stacks (one team's defaults declared twice).
 */
export interface AuditWarning {
    /** `preview`: printed by `pulumi preview --refresh` of `stack`; `project`: found by the audit across the stacks. */
    source: "preview" | "project";
    /** The listed stack whose preview printed it. */
    stack?: string;
    /** The resource it is about, when the engine named one. */
    urn?: string;
    message: string;
}

/** One team's defaults record declared by more than one TeamDefaults resource across the project's stacks. */
export interface SharedTeamDefaults {
    /** The defaults record's id. */
    id: string;
    /** Each declaration: its stack and URN. */
    declaredBy: Array<{ stack: string; urn: string }>;
}

export interface AuditReport {
    schema: typeof REPORT_SCHEMA;
    generatedAt: string;
    /** The API audited (never its key). */
    apiUrl: string;
    stacks: string[];
    /** The project's other stacks, read for what they manage and hold as secrets (their state only, never decrypted). */
    unlistedStacks: string[];
    summary: {
        driftResources: number;
        driftSettings: number;
        /** Resources of `drift[].unapplied`: the program's changes not applied yet, not counted as drift. */
        unappliedResources: number;
        unmanagedRooms: number;
        violations: number;
        mandatoryViolations: number;
        advisoryViolations: number;
        rooms: number;
        managedRooms: number;
        /** No drift, no unmanaged room, no violation (warnings are shown, not counted here). */
        clean: boolean;
        /** Entries of `warnings`. */
        warnings: number;
    };
    /** The preview warnings of the listed stacks, then what the audit found across the stacks. */
    warnings: AuditWarning[];
    /** Defaults records of the team that more than one TeamDefaults declares: each up puts its own values back over the other's. */
    sharedTeamDefaults: SharedTeamDefaults[];
    drift: StackDrift[];
    unmanaged: UnmanagedRoom[];
    /** Rooms of the team that only unlisted stacks of the project declare: theirs, so neither unmanaged nor adoptable. */
    unlistedStackRooms: UnlistedStackRoom[];
    governance: {
        /** Each resource policy with the level it judged at. */
        policies: Array<{ name: string; level: string }>;
        /** Rooms judged (every room of the team) and whether the team's defaults were. */
        roomsJudged: number;
        violations: Violation[];
    };
}

// ---- drift, from the engine's preview --------------------------------------------------------------------------

/** The engine's mark of a secret in serialized state (the same as the pack's). */
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The settings the table marks secret, by camelCase name: never shown, even where the engine did not mark them. */
const SECRET_SETTINGS = new Set(SETTINGS.filter(isSecret).map((s) => toCamelName(s.name)));

type Json = Record<string, unknown>;

/** Whether a value is a secret as the engine prints it (its marker object, or the display's "[secret]"). */
function isSecretValue(value: unknown): boolean {
    return value === "[secret]" || (value !== null && typeof value === "object" && SECRET_SIG_KEY in (value as Json));
}

/** Whether a value holds a secret anywhere inside it. */
function holdsSecret(value: unknown): boolean {
    if (isSecretValue(value)) return true;
    if (value === null || typeof value !== "object") return false;
    return Object.values(value as Json).some(holdsSecret);
}

/** A detailed-diff path (`a.b[0]["c.d"]`) as its steps. */
export function pathSteps(path: string): string[] {
    const steps: string[] = [];
    const re = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
    for (let m = re.exec(path); m; m = re.exec(path)) steps.push(m[1] ?? m[2] ?? JSON.parse(`"${m[3]}"`));
    return steps;
}

function valueAt(root: unknown, steps: string[]): { value: unknown; secret: boolean } {
    let value = root;
    for (const step of steps) {
        if (isSecretValue(value)) return { value: undefined, secret: true };
        value = value !== null && typeof value === "object" ? (value as Json)[step] : undefined;
    }
    return { value, secret: holdsSecret(value) };
}

/** The value with each of the engine's unknowns in it (at any depth) as UNKNOWN_VALUE. */
function withUnknowns(value: unknown): unknown {
    if (value === UNKNOWN) return UNKNOWN_VALUE;
    if (Array.isArray(value)) return value.map(withUnknowns);
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, withUnknowns(v)]));
    return value;
}

/** A value for the report: never a secret's, never the engine's placeholder of an unknown. */
function shown(root: unknown, path: string): ShownValue {
    const steps = pathSteps(path);
    if (SECRET_SETTINGS.has(steps[0] ?? "")) return valueAt(root, steps).value === undefined ? null : SECRET_VALUE;
    const { value, secret } = valueAt(root, steps);
    if (secret) return SECRET_VALUE;
    return value === undefined ? null : withUnknowns(value);
}

interface StepState {
    urn?: string;
    inputs?: Json;
    outputs?: Json;
    additionalSecretOutputs?: string[];
}

interface PreviewStep {
    op?: string;
    urn?: string;
    diffReasons?: string[];
    detailedDiff?: Record<string, { kind?: string }> | null;
    oldState?: StepState | null;
    newState?: StepState | null;
}

/** The steps that are no change: `same`, the engine's reads, and the refresh steps `--refresh` lists before the plan. */
const NO_CHANGE = new Set(["same", "read", "refresh"]);

/**
 * The top-level properties a step changes when the provider gave no detailed diff (the SDK's dynamic resources): the
 * engine's display then diffs the old inputs (refreshed) against the new ones, and so does the report.
 */
function inputChanges(before: Json, after: Json, keys: Iterable<string> = new Set([...Object.keys(before), ...Object.keys(after)]), heldBefore: Json = {}): Record<string, { kind: string }> {
    const changes: Record<string, { kind: string }> = {};
    for (const key of keys) {
        const [a, b] = [before[key], after[key]];
        if (JSON.stringify(a) === JSON.stringify(b)) continue;
        // A drifted secret is left out of the refreshed inputs (provider/resources/reconcile.ts) while the refreshed
        // outputs hold it: the resource holds a value, another one, so that is an update, not an addition.
        const held = a ?? heldBefore[key];
        changes[key] = { kind: held === undefined ? "add" : b === undefined ? "delete" : "update" };
    }
    return changes;
}

/**
 * The paths of one resource that hold a secret: marked so in the stack's export (the engine's marker object, in its
 * inputs or outputs), listed as secret outputs, or a setting the table marks secret. The preview is read with
 * `--show-secrets` (without it every secret is "[secret]" on both sides, and a change cannot be seen), so these are
 * what the report must not show.
 */
export function secretPathsOf(stackExport: unknown): Map<string, Set<string>> {
    const resources = ((stackExport as { deployment?: { resources?: Json[] } } | null)?.deployment?.resources ?? []) as Json[];
    const out = new Map<string, Set<string>>();
    for (const r of resources) {
        if (typeof r.urn !== "string") continue;
        const paths = new Set<string>((r.additionalSecretOutputs as string[] | undefined) ?? []);
        for (const side of [r.inputs, r.outputs]) {
            for (const [key, value] of Object.entries((side ?? {}) as Json)) if (holdsSecret(value)) paths.add(key);
        }
        out.set(r.urn, paths);
    }
    return out;
}

/**
 * The drift of one stack from the JSON `pulumi preview --refresh --json --show-secrets` prints: every step that
 * changes something (not `same`, a read or a refresh step), each changed property with what the program declares
 * (the new inputs) and what the API holds (the refreshed old inputs, else outputs). The properties are the provider's
 * detailed diff when it gives one (the plugin face), else the inputs that differ, as the engine's display shows
 * them. Properties the engine keeps for itself (`__provider`, `__`-prefixed inputs) are not settings and are left
 * out. A value is shown only when the property is known not to be secret: `secrets` holds the secret paths of each
 * resource the stack's state has; a resource the state does not have (a new one) shows no value at all.
 * `held`: the URNs the stack's state holds (`stateUrns`), which tell a resource new in the program from one the refresh
 * found gone; without it every `create` is drift. A `delete` is always the program's (the refresh drops a resource
 * found gone, which the program then creates).
 */
export function driftOfPreview(
    stack: string,
    preview: unknown,
    lastUps: ReadonlyMap<string, LastUp> = new Map(),
    secrets: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
    held?: ReadonlySet<string>,
): StackDrift {
    const steps = ((preview as { steps?: PreviewStep[] } | null)?.steps ?? []) as PreviewStep[];
    const resources: DriftResource[] = [];
    const unapplied: DriftResource[] = [];
    for (const step of steps) {
        if (!step.op || NO_CHANGE.has(step.op) || !step.urn) continue;
        const parts = step.urn.split("::");
        const type = parts[2] ?? "";
        // The stack itself changes only with its outputs; the engine's default providers are its own bookkeeping.
        if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:")) continue;
        const [oldInputs, oldOutputs, newInputs] = [step.oldState?.inputs ?? {}, step.oldState?.outputs ?? {}, step.newState?.inputs ?? {}];
        const byInputs = step.detailedDiff && Object.keys(step.detailedDiff).length > 0 ? step.detailedDiff : inputChanges(oldInputs, newInputs, undefined, oldOutputs);
        // A dynamic resource's provider diffs the live outputs against the program's inputs and lists no property,
        // and its refresh keeps a setting declared as a secret in the inputs: when the inputs show no change of a
        // changed resource, the declared settings whose live output differs are what drifted.
        const byOutputs = Object.keys(byInputs).length === 0 && step.oldState?.outputs !== undefined ? inputChanges(oldOutputs, newInputs, Object.keys(newInputs)) : undefined;
        const detailed = byOutputs ?? byInputs;
        const secret = secrets.get(step.urn);
        const live = byOutputs ? { ...oldInputs, ...oldOutputs } : { ...oldOutputs, ...oldInputs };
        const settings = Object.keys(detailed)
            .filter((p) => !p.startsWith("__"))
            .sort()
            .map((path): DriftSetting => {
                const top = pathSteps(path)[0] ?? "";
                const declared = shown(step.newState?.inputs, path);
                const held = shown(live, path);
                // A value secret on either side, or anywhere the engine keeps it, is secret on both: only that it differs is shown.
                const hidden = !secret || secret.has(top) || declared === SECRET_VALUE || held === SECRET_VALUE;
                const hide = (v: ShownValue) => (hidden && v !== null ? SECRET_VALUE : v);
                return { path, kind: detailed[path]?.kind ?? "update", declared: hide(declared), live: hide(held) };
            });
        const resource = { urn: step.urn, type, name: parts[3] ?? "", op: step.op, lastUp: lastUps.get(step.urn) ?? null, settings };
        const notApplied = step.op === "delete" || (step.op === "create" && held !== undefined && !held.has(step.urn));
        (notApplied ? unapplied : resources).push(resource);
    }
    return { stack, resources, unapplied };
}

/** The URNs a stack's export holds (the resources its state has). */
export function stateUrns(stackExport: unknown): Set<string> {
    const resources = ((stackExport as { deployment?: { resources?: Json[] } } | null)?.deployment?.resources ?? []) as Json[];
    return new Set(resources.flatMap((r) => (typeof r.urn === "string" ? [r.urn] : [])));
}

/**
 * The last update that changed each resource: its state's `modified` time placed in the stack's history (the last
 * `update` that started at or before it). The engine records no history per setting, so this is the resource's.
 */
export function lastUpsOf(stackExport: unknown, history: unknown): Map<string, LastUp> {
    const updates = (Array.isArray(history) ? history : [])
        .filter((h: Json) => h?.kind === "update" && typeof h.version === "number" && typeof h.startTime === "string")
        .map((h: Json) => ({ version: h.version as number, startTime: h.startTime as string, endTime: typeof h.endTime === "string" ? h.endTime : undefined, at: Date.parse(h.startTime as string) }))
        .sort((a, b) => a.at - b.at);
    const resources = ((stackExport as { deployment?: { resources?: Json[] } } | null)?.deployment?.resources ?? []) as Json[];
    const out = new Map<string, LastUp>();
    for (const r of resources) {
        const modified = typeof r.modified === "string" ? Date.parse(r.modified) : NaN;
        if (typeof r.urn !== "string" || Number.isNaN(modified)) continue;
        const up = [...updates].reverse().find((u) => u.at <= modified + 1000);
        if (up) out.set(r.urn, { version: up.version, startTime: up.startTime, ...(up.endTime ? { endTime: up.endTime } : {}) });
    }
    return out;
}

/** The rooms a stack's export declares, of either face: room id to resource name. */
export function declaredRooms(stackExport: unknown): Map<string, string> {
    const resources = ((stackExport as { deployment?: { resources?: Json[] } } | null)?.deployment?.resources ?? []) as Json[];
    const rooms = new Map<string, string>();
    for (const r of resources) {
        if ((r.type === ROOM_TOKEN || r.type === "pulumi-nodejs:dynamic/vcrooms:Room") && typeof r.id === "string" && r.id !== "" && typeof r.urn === "string") {
            rooms.set(r.id, r.urn.split("::")[3] ?? "");
        }
    }
    return rooms;
}

/** A Room's type in either face. */
const ROOM_TYPES = new Set([ROOM_TOKEN, "pulumi-nodejs:dynamic/vcrooms:Room"]);
/** The resource's own type in a URN (its parents' types come before a `$`). */
const urnType = (urn: string) => (urn.split("::")[2] ?? "").split("$").pop() ?? "";

/**
 * The friendly URLs a stack holds as secrets, as the preview (read with --show-secrets) shows them: of each room whose
 * state marks its friendlyUrl secret, and of each room the state does not hold yet (what is secret in it cannot be
 * known). The report must not write them anywhere, whichever room of the team holds them now.
 */
export function secretFriendlyUrls(preview: unknown, secrets: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
    const steps = ((preview as { steps?: PreviewStep[] } | null)?.steps ?? []) as PreviewStep[];
    const urls = new Set<string>();
    for (const step of steps) {
        if (!step.urn || !ROOM_TYPES.has(urnType(step.urn))) continue;
        const held = secrets.get(step.urn);
        if (held !== undefined && !held.has("friendlyUrl")) continue;
        for (const side of [step.oldState?.inputs, step.oldState?.outputs, step.newState?.inputs]) {
            const url = side?.friendlyUrl;
            if (typeof url === "string") urls.add(url);
        }
    }
    return urls;
}

// ---- warnings -----------------------------------------------------------------------------------------------

interface PreviewDiagnostic {
    urn?: string;
    severity?: string;
    message?: string;
}

/** The engine's colour codes (`<{%reset%}>` in its JSON, or ANSI escapes): not text. */
const COLOURS = /<\{%[^%]*%\}>|\u001b\[[0-9;]*m/g;

/** Every string inside a value (a list's items, an object's values), for redaction. */
function stringsIn(value: unknown, into: Set<string>): void {
    if (typeof value === "string") into.add(value);
    else if (value !== null && typeof value === "object") for (const v of Object.values(value as Json)) stringsIn(v, into);
}

/**
 * The values of a preview read with --show-secrets that are secret: at each step's paths the stack's state holds as
 * secrets, and at the settings the table marks secret. A provider's warning never carries one (the secrets harness
 * proves it through the CLI); a warning is still cleared of them before it reaches the report, which must hold no
 * secret whatever the engine printed. Texts shorter than four characters are left alone: they would blank out words.
 */
function secretTextsOf(preview: unknown, secrets: ReadonlyMap<string, ReadonlySet<string>>): string[] {
    const steps = ((preview as { steps?: PreviewStep[] } | null)?.steps ?? []) as PreviewStep[];
    const texts = new Set<string>();
    for (const step of steps) {
        const paths = new Set([...SECRET_SETTINGS, ...(secrets.get(step.urn ?? "") ?? [])]);
        for (const side of [step.oldState?.inputs, step.oldState?.outputs, step.newState?.inputs, step.newState?.outputs]) {
            for (const key of paths) stringsIn(side?.[key], texts);
        }
    }
    return [...texts].filter((t) => t.length >= 4).sort((a, b) => b.length - a.length);
}

/** The warnings `pulumi preview --refresh --json` printed for a stack, one line each, without colour or secret. */
export function previewWarnings(stack: string, preview: unknown, secrets: ReadonlyMap<string, ReadonlySet<string>> = new Map()): AuditWarning[] {
    const diagnostics = ((preview as { diagnostics?: PreviewDiagnostic[] } | null)?.diagnostics ?? []) as PreviewDiagnostic[];
    const hidden = secretTextsOf(preview, secrets);
    const seen = new Set<string>();
    const out: AuditWarning[] = [];
    for (const d of diagnostics) {
        if (typeof d.message !== "string") continue;
        let message = d.message.replace(COLOURS, "").trim();
        // The plugin's warnings reach the engine as warnings; the dynamic provider's host has no channel for one, so
        // the SDK face writes its warnings to stderr as `warning: …` lines, which the engine passes on as `info#err`.
        if (d.severity === "info#err" && message.startsWith(STDERR_WARNING_PREFIX)) message = message.slice(STDERR_WARNING_PREFIX.length).trim();
        else if (d.severity !== "warning") continue;
        for (const text of hidden) message = message.split(text).join("[secret]");
        // The engine prints a warning once per event; a refresh and the preview after it may both raise it.
        const key = `${d.urn ?? ""}\n${message}`;
        if (message === "" || seen.has(key)) continue;
        seen.add(key);
        out.push({ source: "preview", stack, ...(d.urn ? { urn: d.urn } : {}), message });
    }
    return out;
}

/** A TeamDefaults' type in either face. */
const DEFAULTS_TYPES = new Set(["vcrooms:index:TeamDefaults", "pulumi-nodejs:dynamic/vcrooms:TeamDefaults"]);

/**
 * The team's defaults records that more than one TeamDefaults declares (`atLeast` of them: 1 lists every declared
 * record, with its declarations), over every stack read (listed or not): the
 * record's id is the team's, so two declarations holding one id fight over one record, each up putting its own values
 * back and each destroy restoring what it took over.
 */
export function sharedTeamDefaultsOf(stacks: ReadonlyArray<{ stack: string; stackExport: unknown }>, atLeast = 2): SharedTeamDefaults[] {
    const byId = new Map<string, SharedTeamDefaults["declaredBy"]>();
    for (const { stack, stackExport } of stacks) {
        const resources = ((stackExport as { deployment?: { resources?: Json[] } } | null)?.deployment?.resources ?? []) as Json[];
        for (const r of resources) {
            if (!DEFAULTS_TYPES.has(r.type as string) || typeof r.id !== "string" || r.id === "" || typeof r.urn !== "string" || r.delete === true) continue;
            byId.set(r.id, [...(byId.get(r.id) ?? []), { stack, urn: r.urn }]);
        }
    }
    return [...byId].filter(([, declaredBy]) => declaredBy.length >= atLeast).map(([id, declaredBy]) => ({ id, declaredBy }));
}

/** The warning a shared defaults record gets. */
function sharedDefaultsWarning(shared: SharedTeamDefaults): AuditWarning {
    const who = shared.declaredBy.map((d) => `${d.urn.split("::")[3] ?? d.urn} (stack ${d.stack})`).join(", ");
    return {
        source: "project",
        message: `the team's defaults record ${shared.id} is declared by ${shared.declaredBy.length} TeamDefaults: ${who}. Each up puts its own values back over the others', and each destroy restores what it took over: declare the team's defaults in one stack only`,
    };
}

/**
 * The stacks' configurations name one team: one API (its URL resolved as the provider resolves it, so `localhost` and
 * `127.0.0.1`, or a host's case, are one team) and one team id. Else the audit stops: the rooms are read from one team.
 */
/** The API URL the report names: none ("[secret]") when a stack keeps it as a secret (a team's URL names the customer). */
export function reportedApiUrl(configs: ReadonlyArray<{ config: ClientConfig; apiUrlSecret?: boolean }>): string {
    return configs.some((c) => c.apiUrlSecret) ? "[secret]" : (configs[0]?.config.apiUrl ?? "");
}

export function checkOneTeam(configs: ReadonlyArray<{ stack: string; config: ClientConfig; apiUrlSecret?: boolean }>): void {
    const team = (c: ClientConfig) => `${teamOf({ config: c })}${c.teamId ? ` team ${c.teamId}` : ""}`;
    const first = configs[0];
    if (first === undefined) return;
    const other = configs.find((c) => team(c.config) !== team(first.config));
    // A stack that keeps its API URL as a secret: the refusal names the stacks only.
    const teams = first.apiUrlSecret || other?.apiUrlSecret ? "" : ` (${team(first.config)}, ${other === undefined ? "" : team(other.config)})`;
    if (other) throw new CommandError(`stacks ${first.stack} and ${other.stack} manage different teams${teams}: audit each team on its own`);
}

// ---- the team, from the API --------------------------------------------------------------------------------------

export interface TeamReading {
    rooms: Array<{ id: string; friendlyUrl: string; values: Json }>;
    defaults: { domain: string; values: Json };
}

/** The camelCase form of a record read from the API: the settings as the pack's rules name them. */
function camelRecord(record: Json): Json {
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [toCamelName(k), v]));
}

/**
 * Every room of the team with its settings: the rooms listed (adopt-team's reading, until two agree), then each read
 * on its own (a list item holds only some settings), `concurrency` at a time; the client's limiter keeps all of it
 * within the team's request budget. A room deleted between the listing and its read is left out.
 */
export async function readTeam(client: RoomsClient, concurrency = 16): Promise<TeamReading> {
    const defaults = await client.getDefaults();
    const { rooms: listed } = await settledRooms(client);
    const rooms: TeamReading["rooms"] = [];
    let next = 0;
    await Promise.all(
        [...Array(Math.min(concurrency, listed.length))].map(async () => {
            while (next < listed.length) {
                const item = listed[next++]!;
                try {
                    const record = await client.getRoom(item.id);
                    rooms.push({ id: item.id, friendlyUrl: record.friendly_url, values: camelRecord(record) });
                } catch (error) {
                    if ((error as { status?: number }).status === 404) continue;
                    throw error;
                }
            }
        }),
    );
    rooms.sort((a, b) => (a.friendlyUrl < b.friendlyUrl ? -1 : a.friendlyUrl > b.friendlyUrl ? 1 : 0));
    return { rooms, defaults: { domain: defaults.domain, values: camelRecord(defaults) } };
}

// ---- the report --------------------------------------------------------------------------------------------------

export interface StackReading {
    stack: string;
    /** What `pulumi preview --refresh --json --show-secrets` printed, parsed (kept in memory only). */
    preview: unknown;
    /** What `pulumi stack export` printed, parsed. */
    stackExport: unknown;
    /** What `pulumi stack history --json` printed, parsed (optional: without it no last up is known). */
    history?: unknown;
}

/** A stack of the project the audit was not asked about: what `pulumi stack export` printed (secrets stay encrypted). */
export interface UnlistedStackReading {
    stack: string;
    stackExport: unknown;
}

export interface AuditInputs {
    apiUrl: string;
    stacks: StackReading[];
    /**
     * The project's other stacks. A per-stack pipeline lists one stack; the others still declare rooms of the team
     * (which are theirs, not unmanaged) and may hold a friendly URL as a secret, which their state shows without
     * decryption: such a room is named by its resource name, as for a listed stack.
     */
    unlisted?: UnlistedStackReading[];
    team: TeamReading;
    /** The `--policy-pack-config` document (the engine's format), `{}` for the pack's defaults. */
    packConfig: Json;
    /** The arguments that select the stack of the adopt-team command (`--stack dev`), shell-quoted. */
    adoptStack?: string;
    now?: Date;
}

/** Text quoted for a POSIX shell. */
export function shellQuote(text: string): string {
    return /^[A-Za-z0-9_./:=@-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A friendly URL as an adopt-team `--filter` glob that matches it alone: `*` and `?` in it would be wildcards. */
function exactGlob(friendlyUrl: string): string {
    return friendlyUrl.replace(/[*?]/g, "?");
}

/** The stacks that declare a room, their resource names for it, and the paths any of them holds as secrets. */
interface Managed {
    stacks: string[];
    names: string[];
    secret: Set<string>;
    /** Whether a listed stack declares it (else only unlisted stacks of the project do). */
    listed: boolean;
}

export function buildReport(inputs: AuditInputs): AuditReport {
    const drift = inputs.stacks.map((s) => driftOfPreview(s.stack, s.preview, lastUpsOf(s.stackExport, s.history), secretPathsOf(s.stackExport), stateUrns(s.stackExport)));
    const managedBy = new Map<string, Managed>();
    // Friendly URLs some listed stack holds as secrets: a room holding one is never named by it.
    const hiddenUrls = new Set<string>();
    const unlisted = inputs.unlisted ?? [];
    // The listed stacks first, so a room's first name is a listed stack's; an unlisted stack's state holds no value of
    // its secrets in clear, only which are secret (its rooms are known by id).
    for (const s of [...inputs.stacks.map((l) => ({ ...l, listed: true })), ...unlisted.map((u) => ({ ...u, preview: undefined, listed: false }))]) {
        const secrets = secretPathsOf(s.stackExport);
        if (s.listed) for (const url of secretFriendlyUrls(s.preview, secrets)) hiddenUrls.add(url);
        const resources = ((s.stackExport as { deployment?: { resources?: Json[] } } | null)?.deployment?.resources ?? []) as Json[];
        const urns = new Map(resources.filter((r) => typeof r.id === "string" && typeof r.urn === "string").map((r) => [r.id as string, r.urn as string]));
        for (const [id, name] of declaredRooms(s.stackExport)) {
            const entry = managedBy.get(id) ?? { stacks: [], names: [], secret: new Set<string>(), listed: false };
            entry.stacks.push(s.stack);
            entry.names.push(name);
            entry.listed ||= s.listed;
            for (const path of secrets.get(urns.get(id) ?? "") ?? []) entry.secret.add(path);
            managedBy.set(id, entry);
        }
    }
    const names = resourceNames(inputs.team.rooms.map((r) => r.friendlyUrl));
    // The name a room whose friendly URL is secret goes by: its resource's, else one from its id alone.
    const hiddenNames = new Map<string, string>();
    for (const r of inputs.team.rooms) {
        const managed = managedBy.get(r.id);
        if (hiddenUrls.has(r.friendlyUrl) || managed?.secret.has("friendlyUrl")) hiddenNames.set(r.id, managed?.names[0] ?? `room_${r.id.replace(/[^A-Za-z0-9]/g, "").slice(0, 16)}`);
    }
    const stackFlag = inputs.adoptStack ? ` ${inputs.adoptStack}` : "";
    const unmanaged = inputs.team.rooms
        .filter((r) => !managedBy.has(r.id))
        .map((r): UnmanagedRoom => {
            const hidden = hiddenNames.get(r.id);
            const name = hidden ?? names.get(r.friendlyUrl)!;
            const file = `adopt-${name}.json`;
            return {
                id: r.id,
                friendlyUrl: hidden === undefined ? r.friendlyUrl : "[secret]",
                resourceName: name,
                importEntry: { type: ROOM_TOKEN, name, id: r.id },
                // adopt-team selects by friendly URL, which must not be written here: import it by its id instead.
                // The import names the stack too: without it, it goes to whichever stack is selected.
                adoptCommand:
                    hidden === undefined
                        ? `npx pulumi-vcrooms adopt-team${stackFlag} --filter ${shellQuote(exactGlob(r.friendlyUrl))} --out ${shellQuote(file)} && pulumi import${stackFlag} --file ${shellQuote(file)}`
                        : `pulumi import${stackFlag} ${ROOM_TOKEN} ${shellQuote(name)} ${shellQuote(r.id)}`,
            };
        });
    const unlistedStackRooms = inputs.team.rooms.flatMap((r): UnlistedStackRoom[] => {
        const managed = managedBy.get(r.id);
        if (managed === undefined || managed.listed) return [];
        const hidden = hiddenNames.get(r.id);
        return [{ id: r.id, friendlyUrl: hidden === undefined ? r.friendlyUrl : "[secret]", resourceName: managed.names[0]!, stacks: managed.stacks }];
    });
    // The stacks whose TeamDefaults holds the team's defaults record (by its id): the defaults' violations are theirs.
    const defaultsId = inputs.team.defaults.values.id;
    const defaultsStacks = typeof defaultsId === "string" ? [...new Set(sharedTeamDefaultsOf([...inputs.stacks, ...unlisted], 1).filter((s) => s.id === defaultsId).flatMap((s) => s.declaredBy.map((b) => b.stack)))] : [];
    const governance = judgeTeam(inputs.team, inputs.packConfig, managedBy, hiddenNames, defaultsStacks);
    const sharedTeamDefaults = sharedTeamDefaultsOf([...inputs.stacks, ...unlisted]);
    const warnings = [...inputs.stacks.flatMap((s) => previewWarnings(s.stack, s.preview, secretPathsOf(s.stackExport))), ...sharedTeamDefaults.map(sharedDefaultsWarning)];
    const driftResources = drift.reduce((n, s) => n + s.resources.length, 0);
    const driftSettings = drift.reduce((n, s) => n + s.resources.reduce((m, r) => m + r.settings.length, 0), 0);
    const mandatory = governance.violations.filter((v) => v.level === "mandatory").length;
    return {
        schema: REPORT_SCHEMA,
        generatedAt: (inputs.now ?? new Date()).toISOString(),
        apiUrl: inputs.apiUrl,
        stacks: inputs.stacks.map((s) => s.stack),
        unlistedStacks: unlisted.map((s) => s.stack),
        summary: {
            driftResources,
            driftSettings,
            unappliedResources: drift.reduce((n, s) => n + s.unapplied.length, 0),
            unmanagedRooms: unmanaged.length,
            violations: governance.violations.length,
            mandatoryViolations: mandatory,
            advisoryViolations: governance.violations.length - mandatory,
            rooms: inputs.team.rooms.length,
            managedRooms: inputs.team.rooms.length - unmanaged.length,
            clean: driftResources === 0 && unmanaged.length === 0 && governance.violations.length === 0,
            warnings: warnings.length,
        },
        warnings,
        sharedTeamDefaults,
        drift,
        unmanaged,
        unlistedStackRooms,
        governance,
    };
}

/**
 * Every room of the team, and the team's defaults, judged by each resource policy of the pack at the level and with
 * the configuration the pack's config document gives it: the pack's own rules (`judgeRecord`), with the team's
 * defaults as what a room inherits. A configuration a policy refuses stops the audit, as it stops the pack.
 */
function judgeTeam(team: TeamReading, packConfig: Json, managedBy: Map<string, Managed>, hiddenNames: ReadonlyMap<string, string>, defaultsStacks: string[]): AuditReport["governance"] {
    const secret = SECRET_SETTINGS;
    const defaults: RecordSubject = { kind: "TeamDefaults", name: team.defaults.domain, values: team.defaults.values, secret };
    const policies = resourcePolicies.map((p) => ({ policy: p, ...policySettings(packConfig, p) }));
    const violations: Violation[] = [];
    for (const { policy, level, config } of policies) {
        if (level === "disabled") continue;
        if (level !== "mandatory" && level !== "advisory" && level !== "remediate") throw new PackConfigError(`the pack's configuration gives ${policy.name} the level ${JSON.stringify(level)}: use advisory, mandatory or disabled`);
        const shownLevel = level === "advisory" ? "advisory" : "mandatory";
        for (const message of policy.judgeRecord(defaults, undefined, config)) {
            violations.push({ policy: policy.name, level: shownLevel, kind: "TeamDefaults", subject: team.defaults.domain, managedBy: defaultsStacks, message });
        }
        for (const room of team.rooms) {
            const managed = managedBy.get(room.id);
            const hidden = hiddenNames.get(room.id);
            // What any stack holds as a secret stays hidden in the messages; a secret friendly URL hides every value holding it.
            const carrying = hidden === undefined ? [] : Object.keys(room.values).filter((k) => JSON.stringify(room.values[k] ?? null).includes(room.friendlyUrl));
            const held = new Set([...secret, ...(managed?.secret ?? []), ...carrying]);
            // A declared room is named as its stack names it (namePattern matches that name too); else by its friendly URL.
            const subject: RecordSubject = { kind: "Room", name: managed?.names[0] ?? hidden ?? room.friendlyUrl, values: room.values, secret: held };
            for (const message of policy.judgeRecord(subject, defaults, config)) {
                violations.push({ policy: policy.name, level: shownLevel, kind: "Room", subject: hidden ?? room.friendlyUrl, roomId: room.id, managedBy: managed?.stacks ?? [], message });
            }
        }
    }
    return { policies: policies.map((p) => ({ name: p.policy.name, level: p.level })), roomsJudged: team.rooms.length, violations };
}

// ---- exit codes --------------------------------------------------------------------------------------------------

export const FAIL_ON = ["drift", "unmanaged", "violations"] as const;
export type FailOn = (typeof FAIL_ON)[number];

export function parseFailOn(text: string | undefined): Set<FailOn> {
    if (text === undefined) return new Set(["drift", "violations"]);
    const chosen = text.split(",").map((s) => s.trim()).filter((s) => s !== "" && s !== "none");
    const wrong = chosen.filter((s) => !(FAIL_ON as readonly string[]).includes(s));
    if (wrong.length > 0) throw new CommandError(`--fail-on ${JSON.stringify(text)}: ${wrong.map((w) => JSON.stringify(w)).join(", ")} is not one of ${FAIL_ON.join(", ")} (or none)`);
    return new Set(chosen as FailOn[]);
}

/** 1 when the report holds what `failOn` names (violations: the mandatory ones, as the engine fails on), else 0. */
export function exitCodeOf(report: AuditReport, failOn: ReadonlySet<FailOn>): 0 | 1 {
    const s = report.summary;
    const failed = (failOn.has("drift") && s.driftResources > 0) || (failOn.has("unmanaged") && s.unmanagedRooms > 0) || (failOn.has("violations") && s.mandatoryViolations > 0);
    return failed ? 1 : 0;
}
