/**
 * The room-governance policy pack `vcrooms-governance`: what auditors want enforced on rooms, join tokens and team
 * defaults, checked by the engine at preview before any request reaches the API. Every policy reads the inputs a
 * program declares, for both faces: the SDK's dynamic resources (`pulumi-nodejs:dynamic/vcrooms:Room`) and the
 * plugin's (`vcrooms:index:Room`) carry the same input names.
 *
 * A room inherits every shared setting it does not declare from its team's defaults, so a policy that reads such a
 * setting judges the effective value: the room's own, else the one the stack's TeamDefaults of the same team declares,
 * else the API's default where the pack knows it. The engine hands a resource policy one resource at a time, so the
 * inheriting policies remember what they read during the run (one analyzer process serves one deployment): a room read
 * after its team's TeamDefaults (a room that dependsOn it, as the docs advise) is judged at once, before any request;
 * a verdict that a TeamDefaults read later could change waits for the same policy's stack pass, which the engine runs
 * once every resource is read (at the end of preview). Values still unknown at preview are not judged, and a message
 * never quotes a value the program made secret.
 */
import type {
    EnforcementLevel,
    PolicyConfigSchema,
    PolicyResource,
    ReportViolation,
    ResourceValidationArgs,
    ResourceValidationPolicy,
    StackValidationArgs,
    StackValidationPolicy,
} from "@pulumi/policy";
import { dateTimeSeconds, durationSeconds, isMinutes } from "../provider/declarations/times";
import { SETTINGS, settingType } from "../provider/model/settings";
import { toCamelName } from "../provider/model/names";

export const PACK_NAME = "vcrooms-governance";

/** The kinds of the package, by type token: the dynamic face's or the plugin's. */
export type Kind = "Room" | "TeamDefaults" | "JoinToken" | "RoomContentPurge";
const TOKEN = /^(?:pulumi-nodejs:dynamic\/vcrooms|vcrooms:index):(Room|TeamDefaults|JoinToken|RoomContentPurge)$/;

export function kindOf(type: string): Kind | undefined {
    return TOKEN.exec(type)?.[1] as Kind | undefined;
}

type Props = Record<string, unknown>;

// ---- what a resource declares, as the pack may show it -------------------------------------------------------

/**
 * The engine sends an analyzer each secret marked as such, but @pulumi/policy hands policies plain values without
 * the mark (pulumi/pulumi-policy#241). `trackSecrets` (called by the pack's entry, in the analyzer process) wraps its
 * deserializer so the paths of the secrets it unwraps are kept beside the object it returns; `declaredOf` reads them.
 */
const SECRET_PATHS = new WeakMap<object, Set<string>>();
const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The engine's markers of a value unknown at preview (one per type), as @pulumi/policy receives them. */
const UNKNOWN_MARKERS = new Set([
    "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7",
    "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
    "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
    "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2",
    "030794c1-ac77-496b-92df-f27374a8bd58",
    "e48ece36-62e2-4504-bad9-02848725956a",
    "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
]);
const PROXY_TARGET = "__getSpecialProxyTarget";

function secretPaths(value: unknown, path: string, into: Set<string>): void {
    if (value === null || typeof value !== "object") return;
    if ((value as Props)[SIG] === SECRET_SIG) {
        into.add(path);
        return;
    }
    for (const [k, v] of Object.entries(value as Props)) secretPaths(v, path === "" ? k : `${path}.${k}`, into);
}

let tracking = false;
/** Set when the marks cannot be kept (another @pulumi/policy layout): every value but a flag is then maybe secret. */
let unmarked = false;
/** Keeps the secret marks of every property map @pulumi/policy deserializes in this process (idempotent). */
export function trackSecrets(): void {
    if (tracking) return;
    tracking = true;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require("@pulumi/policy/deserialize") as { deserializeProperties?: (struct: { toJavaScript(): unknown }, proxySecrets: boolean) => object };
    const original = module.deserializeProperties;
    if (typeof original !== "function") {
        unmarked = true;
        return;
    }
    module.deserializeProperties = (struct, proxySecrets) => {
        const result = original(struct, proxySecrets);
        const paths = new Set<string>();
        secretPaths(struct.toJavaScript(), "", paths);
        SECRET_PATHS.set(result, paths);
        return result;
    };
}

/** A resource's inputs read once, without @pulumi/policy's proxies: plain values, and which are secret or unknown. */
export interface Declared {
    readonly values: Props;
    readonly secret: ReadonlySet<string>;
    readonly unknown: ReadonlySet<string>;
}

/** A `Secret` of @pulumi/policy (a unit test's way to mark one): the value under `value`. */
function isSecretBox(value: unknown): value is { value: unknown } {
    return value !== null && typeof value === "object" && value.constructor?.name === "Secret" && "value" in value;
}

export function declaredOf(props: unknown): Declared {
    const raw = ((props as Props | undefined)?.[PROXY_TARGET] ?? props ?? {}) as Props;
    const secret = new Set(SECRET_PATHS.get(raw) ?? []);
    const unknown = new Set<string>();
    const plain = (v: unknown, path: string): unknown => {
        if (isSecretBox(v)) {
            secret.add(path);
            return plain(v.value, path);
        }
        if (typeof v === "string" && UNKNOWN_MARKERS.has(v)) {
            unknown.add(path);
            return undefined;
        }
        if (Array.isArray(v)) return v.map((e, i) => plain(e, `${path}.${i}`));
        if (v !== null && typeof v === "object" && !(v instanceof Date)) return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, plain(e, `${path}.${k}`)]));
        return v;
    };
    const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, plain(v, k)]));
    return { values, secret, unknown };
}

/** Whether the value at a path is secret or holds one: a secret object makes everything in it secret. */
function secretAt(d: Declared, path: string): boolean {
    for (const s of d.secret) if (s === path || path.startsWith(`${s}.`) || s.startsWith(`${path}.`)) return true;
    return unmarked && typeof valueAt(d.values, path) !== "boolean";
}

function valueAt(values: Props, path: string): unknown {
    return path.split(".").reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Props)[k] : undefined), values);
}

function unknownAt(d: Declared, path: string): boolean {
    for (const u of d.unknown) if (u === path || u.startsWith(`${path}.`)) return true;
    return false;
}

/** A value for a message: JSON, or `[secret]` where the program made it secret. */
function quote(d: Declared, path: string, value: unknown): string {
    return secretAt(d, path) ? "[secret]" : JSON.stringify(value);
}

/** A resource as messages name it: its kind and name, as `pulumi preview` lists it. */
function label(kind: Kind, name: string): string {
    return `${kind} "${name}"`;
}

function isSet(value: unknown): boolean {
    return typeof value === "string" ? value.trim().length > 0 : value !== undefined && value !== null;
}

// ---- the team a resource belongs to ------------------------------------------------------------------------------

/** The team a resource manages or lives in: its connection's, its explicit provider's, or the stack's. */
function teamOf(props: Declared, provider: Declared | undefined): { key: string; text: string } {
    const connection = (props.values.connection ?? {}) as Props;
    const fromConnection = connection.apiUrl !== undefined || connection.teamId !== undefined;
    const source = fromConnection ? props : provider;
    const prefix = fromConnection ? "connection." : "";
    const fields = (fromConnection ? connection : (provider?.values ?? {})) as Props;
    const apiUrl = fields.apiUrl;
    const teamId = fields.teamId;
    if (apiUrl === undefined && teamId === undefined) return { key: "", text: "the stack's team (vcrooms:apiUrl)" };
    const url = normalUrl(apiUrl);
    const key = `${url}${teamId === undefined ? "" : ` team ${String(teamId)}`}`;
    const shownUrl = source && secretAt(source, `${prefix}apiUrl`) ? "[secret]" : url;
    const shownTeam = teamId === undefined ? "" : ` team ${source && secretAt(source, `${prefix}teamId`) ? "[secret]" : String(teamId)}`;
    return { key, text: `${shownUrl}${shownTeam}` };
}

/** An API URL as a team is told apart by: loopback aliases are one host, a trailing slash is no difference. */
function normalUrl(url: unknown): string {
    if (typeof url !== "string") return "the stack's API URL";
    try {
        const u = new URL(url);
        if (u.hostname === "localhost" || u.hostname === "[::1]") u.hostname = "127.0.0.1";
        return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}`;
    } catch {
        return url;
    }
}

// ---- effective values --------------------------------------------------------------------------------------------

/** The settings a room inherits from its team's defaults when it does not declare them (the table's shared scope). */
const INHERITED = new Set<string>(SETTINGS.filter((s) => s.scope === "shared").map((s) => toCamelName(s.name)));

/**
 * What the API gives a new room for a room-only setting it does not declare, where the pack knows it. A shared
 * setting has no such value the pack could know: it is the team's current default, which lives in the API.
 */
const API_DEFAULTS: Props = { privacy: "public" };

/** One resource as the inheriting policies remember it in a run. */
interface Seen {
    readonly urn: string;
    readonly kind: Kind;
    readonly name: string;
    readonly team: string;
    readonly declared: Declared;
}

/** Where a setting's effective value comes from. */
type Source = "own" | "defaults" | "api" | "none" | "unknown";

interface Effective {
    readonly value: unknown;
    readonly from: Source;
    /** The value as a message shows it, with where it comes from. */
    readonly shown: string;
    /** Not declared, and a TeamDefaults of the team not read yet could still declare it. */
    readonly provisional?: true;
}

/** A resource being judged: its own inputs, and the TeamDefaults of its team the pack knows of. */
class Subject {
    /** Whether the judgement read a setting a TeamDefaults not read yet could still supply. */
    provisional = false;
    /** The settings the judgement read that the room inherits from its TeamDefaults, where they are unknown at preview. */
    readonly unknownInherited = new Set<string>();
    /**
     * `assumed`: values taken for settings inherited from the TeamDefaults where they are unknown at preview, to find
     * whether the verdict depends on them.
     */
    constructor(
        readonly seen: Seen,
        readonly defaults: Seen | undefined,
        private readonly complete: boolean,
        private readonly assumed: Props = {},
    ) {}

    get props(): Props {
        return this.seen.declared.values;
    }

    /** A setting's effective value: the resource's own, its team's TeamDefaults', or the API's default. */
    get(key: string): Effective {
        const own = this.seen.declared;
        if (unknownAt(own, key)) return { value: undefined, from: "unknown", shown: "unknown until applied" };
        if (own.values[key] !== undefined && own.values[key] !== null) return { value: own.values[key], from: "own", shown: quote(own, key, own.values[key]) };
        const inherits = this.seen.kind === "Room" && INHERITED.has(key);
        if (inherits && this.defaults) {
            const d = this.defaults.declared;
            if (unknownAt(d, key)) {
                this.unknownInherited.add(key);
                if (key in this.assumed) return { value: this.assumed[key], from: "defaults", shown: `inherited from TeamDefaults "${this.defaults.name}", unknown until it is applied` };
                return { value: undefined, from: "unknown", shown: "unknown until applied" };
            }
            if (d.values[key] !== undefined && d.values[key] !== null) {
                return { value: d.values[key], from: "defaults", shown: `${quote(d, key, d.values[key])}, inherited from TeamDefaults "${this.defaults.name}"` };
            }
        }
        const provisional = inherits && !this.defaults && !this.complete;
        if (provisional) this.provisional = true;
        if (key in API_DEFAULTS) return { value: API_DEFAULTS[key], from: "api", shown: `not declared: the API's default, ${JSON.stringify(API_DEFAULTS[key])}` };
        if (!inherits) return { value: undefined, from: "none", shown: "not declared" };
        return {
            value: undefined,
            from: "none",
            ...(provisional ? { provisional } : {}),
            shown: this.defaults
                ? `not declared, here or in TeamDefaults "${this.defaults.name}": the team's current default applies, which the pack cannot read`
                : "not declared, here or in a TeamDefaults of this stack: the team's current default applies, which the pack cannot read",
        };
    }

    /** "recordingsEnabled is true" with where an inherited true comes from. */
    isTrue(key: string): string {
        const e = this.get(key);
        return e.from === "own" ? `${key} is true` : `${key} is true (${e.shown.replace(/^true, /, "")})`;
    }
}

// ---- configuration -----------------------------------------------------------------------------------------------

type ConfigProperty = { type: string; default?: unknown; description: string; items?: { type: string }; minimum?: number };

/** The keys a policy's config may hold besides its own: the engine's. */
const ENGINE_KEYS = new Set(["enforcementLevel"]);

/** The problems of a policy's configuration: unknown keys (with the nearest known one), and each key's own rule. */
function configProblems(config: Props, properties: Record<string, ConfigProperty>, rules: (config: Props) => string[]): string[] {
    const known = Object.keys(properties);
    const problems: string[] = [];
    for (const key of Object.keys(config)) {
        if (ENGINE_KEYS.has(key) || known.includes(key)) continue;
        const near = known.find((k) => k.toLowerCase() === key.toLowerCase());
        problems.push(`${key} is not one of its settings (${known.length ? known.join(", ") : "it has none"})${near ? `; did you mean ${near}?` : ""}`);
    }
    return [...problems, ...rules(config)];
}

/** The run's memory of one inheriting policy: what it read, and which resources it already judged. */
interface RunMemory {
    seen: Map<string, Seen>;
    /** The resources judged for good when they were read. */
    judged: Set<string>;
    /** The rules reported when a resource was read, by URN, for the resources judged again at the stack pass. */
    reported: Map<string, Set<string>>;
    configReported: boolean;
}

/**
 * Reports a violation of one rule of the policy (`rule` names it, so the stack pass does not repeat a rule reported
 * when the resource was read), with the effective values the verdict rests on: a verdict that rests on none a later
 * TeamDefaults could change is final when the resource is read.
 */
type Report = (rule: string, message: string, ...rests: Effective[]) => void;
type Judge<C> = (subject: Subject, config: C, report: Report) => void;

/**
 * A policy over some of the package's kinds. `validateResource` judges each resource as it is read; its `validateStack`
 * (one policy, one name, one level and one configuration, served to both of the engine's passes) judges the resources
 * whose verdict read a setting a room inherits from a TeamDefaults not read yet, once the whole stack is known.
 */
function policy<C extends object>(spec: {
    name: string;
    description: string;
    enforcementLevel: EnforcementLevel;
    kinds: Kind[];
    config: Record<string, ConfigProperty>;
    /** The rules of the configuration's values, each problem naming the key, the rule and the value. */
    rules?: (config: Props) => string[];
    judge: Judge<C>;
}): PackPolicy {
    const memory: RunMemory = { seen: new Map(), judged: new Set(), reported: new Map(), configReported: false };
    const withDefaults = (config: Props): C => {
        const filled: Props = {};
        for (const [k, p] of Object.entries(spec.config)) if (p.default !== undefined) filled[k] = p.default;
        return { ...filled, ...config } as C;
    };
    /** The configuration's problems, reported once a run (on the first resource the policy judges), or none. */
    const configured = (config: Props, report: (message: string) => void): C | undefined => {
        const problems = configProblems(config, spec.config, spec.rules ?? (() => []));
        if (problems.length === 0) return withDefaults(config);
        if (!memory.configReported) {
            memory.configReported = true;
            report(`the pack's configuration of ${spec.name} is invalid, so ${spec.name} judges nothing: ${problems.join("; ")} (fix it in the --policy-pack-config file)`);
        }
        return undefined;
    };
    const defaultsOf = (team: string, among: Iterable<Seen>): Seen | undefined =>
        // By name, as single-team-defaults keeps the first of two: the same one on every run whatever the engine's order.
        [...among].filter((s) => s.kind === "TeamDefaults" && s.team === team).sort((a, b) => a.name.localeCompare(b.name))[0];
    const schema: PolicyConfigSchema = { properties: spec.config as never };
    const validateResource = (args: ResourceValidationArgs, reportViolation: ReportViolation) => {
        const kind = kindOf(args.type);
        if (!kind) return;
        const declared = declaredOf(args.props);
        const seen: Seen = { urn: args.urn, kind, name: args.name, team: teamOf(declared, args.provider && declaredOf(args.provider.props)).key, declared };
        memory.seen.set(args.urn, seen);
        if (!spec.kinds.includes(kind)) return;
        const config = configured(args.getConfig<Props>(), (m) => reportViolation(m));
        if (!config) return;
        const subject = new Subject(seen, defaultsOf(seen.team, memory.seen.values()), false);
        const rules = new Set<string>();
        spec.judge(subject, config, (rule, message, ...rests) => {
            // A verdict a later TeamDefaults could change waits for the stack pass; any other is final now.
            if (rests.some((e) => e.provisional)) return;
            rules.add(rule);
            reportViolation(`${label(kind, args.name)}: ${message}`);
        });
        // Read again at the stack pass, with every TeamDefaults known, when a setting it read could still come from one,
        // or comes from one that leaves it unknown at preview (whether the room waits for it is the stack pass's to see).
        if (subject.provisional || subject.unknownInherited.size > 0) memory.reported.set(args.urn, rules);
        else memory.judged.add(args.urn);
    };
    const validateStack = (args: StackValidationArgs, reportViolation: ReportViolation) => {
        const config = configured(args.getConfig<Props>(), (m) => reportViolation(m));
        const all: Seen[] = [];
        const dependencies = new Map(args.resources.map((r) => [r.urn, (r.dependencies ?? []).map((d) => d.urn)]));
        for (const r of args.resources) {
            const kind = kindOf(r.type);
            if (!kind) continue;
            // Read in this run's resource pass; else (not expected) judged on what the engine hands the stack pass.
            const declared = declaredOf(r.props);
            all.push(memory.seen.get(r.urn) ?? { urn: r.urn, kind, name: r.name, team: teamOf(declared, r.provider && declaredOf(r.provider.props)).key, declared });
        }
        const { judged, reported } = memory;
        // The run ends here: the next deployment (the same process may serve it) starts with nothing remembered.
        memory.seen = new Map();
        memory.judged = new Set();
        memory.reported = new Map();
        memory.configReported = false;
        if (!config) return;
        for (const seen of all) {
            if (!spec.kinds.includes(seen.kind) || judged.has(seen.urn)) continue;
            const subject = new Subject(seen, defaultsOf(seen.team, all), true);
            const already = reported.get(seen.urn);
            spec.judge(subject, config, (rule, message) => {
                if (!already?.has(rule)) reportViolation(`${label(seen.kind, seen.name)}: ${message}`, seen.urn);
            });
            const undecided = undecidedBeforeCreate(spec.judge, subject, config, dependencies);
            if (undecided) reportViolation(`${label(seen.kind, seen.name)}: ${undecided}`, seen.urn);
        }
    };
    const judgeRecord = (record: RecordSubject, defaults: RecordSubject | undefined, config: Props): string[] => {
        if (!spec.kinds.includes(record.kind)) return [];
        const problems = configProblems(config, spec.config, spec.rules ?? (() => []));
        if (problems.length > 0) throw new PackConfigError(`the pack's configuration of ${spec.name} is invalid: ${problems.join("; ")}`);
        const seenOf = (r: RecordSubject): Seen => ({ urn: r.name, kind: r.kind, name: r.name, team: "", declared: { values: r.values, secret: r.secret, unknown: new Set() } });
        // Complete: the team's defaults are known (or there are none), so no verdict waits for a later one.
        const subject = new Subject(seenOf(record), defaults && seenOf(defaults), true);
        const violations: string[] = [];
        spec.judge(subject, withDefaults(config), (_rule, message) => violations.push(`${label(record.kind, record.name)}: ${message}`));
        return violations;
    };
    return {
        name: spec.name,
        description: spec.description,
        enforcementLevel: spec.enforcementLevel,
        configSchema: schema,
        validateResource,
        validateStack,
        kinds: spec.kinds,
        judgeRecord,
    };
}

/**
 * A resource judged outside the engine: a room or the team's defaults as the API holds them (the audit's reading),
 * its settings by camelCase name, with the names of the secret ones (a message shows those as `[secret]`).
 */
export interface RecordSubject {
    readonly kind: Kind;
    readonly name: string;
    readonly values: Props;
    readonly secret: ReadonlySet<string>;
}

/** A configuration of the pack a policy refuses (the audit cannot judge with it). */
export class PackConfigError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "PackConfigError";
    }
}

/**
 * A policy of the pack: what the engine runs, plus `judgeRecord`, the same judge over one resource the API holds
 * (with its team's defaults, the complete picture), for `pulumi-vcrooms audit`. One implementation of each rule.
 */
export type PackPolicy = ResourceValidationPolicy &
    StackValidationPolicy & {
        readonly kinds: readonly Kind[];
        judgeRecord(record: RecordSubject, defaults: RecordSubject | undefined, config: Props): string[];
    };

/**
 * One policy's level and configuration from a `--policy-pack-config` document, as the engine reads it: the policy's
 * entry is a level (`"advisory"`) or an object whose `enforcementLevel` is the level and whose other keys are its
 * configuration; `all` sets the level of every policy without its own.
 */
export function policySettings(document: Props, policy: { name: string; enforcementLevel?: EnforcementLevel }): { level: EnforcementLevel; config: Props } {
    const all = typeof document.all === "string" ? (document.all as EnforcementLevel) : undefined;
    const entry = document[policy.name];
    if (typeof entry === "string") return { level: entry as EnforcementLevel, config: {} };
    if (entry !== null && typeof entry === "object" && !Array.isArray(entry)) {
        const { enforcementLevel, ...config } = entry as Props;
        return { level: (enforcementLevel as EnforcementLevel | undefined) ?? all ?? policy.enforcementLevel ?? "advisory", config };
    }
    return { level: all ?? policy.enforcementLevel ?? "advisory", config: {} };
}

/** Whether `urn` depends on `on`, directly or through other resources. */
function dependsOn(urn: string, on: string, dependencies: ReadonlyMap<string, readonly string[]>): boolean {
    const seen = new Set<string>();
    const stack = [...(dependencies.get(urn) ?? [])];
    while (stack.length > 0) {
        const next = stack.pop()!;
        if (next === on) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(...(dependencies.get(next) ?? []));
    }
    return false;
}

/** The values an unknown inherited setting may turn out to have, for finding whether a verdict depends on it. */
function possibleValues(key: string): unknown[] {
    const setting = SETTINGS.find((s) => toCamelName(s.name) === key);
    return setting !== undefined && (settingType(setting, "room") as { type?: string }).type === "boolean" ? [true, false] : [undefined, "set"];
}

/**
 * At the stack pass: why a room cannot be judged before the up creates it, or undefined. A room's verdict is final
 * when its resource is read, but where it rests on a setting inherited from a TeamDefaults of the stack that is unknown
 * at preview (another resource's output) and the room does not depend on that TeamDefaults, the up reads (and
 * creates) the room before it knows the value: the verdict would come after the create. When some value of those
 * settings would break the rule, that is a violation now, naming the way out.
 */
function undecidedBeforeCreate<C>(judge: Judge<C>, subject: Subject, config: C, dependencies: ReadonlyMap<string, readonly string[]>): string | undefined {
    const keys = [...subject.unknownInherited].slice(0, 8);
    const defaults = subject.defaults;
    if (keys.length === 0 || defaults === undefined || dependsOn(subject.seen.urn, defaults.urn, dependencies)) return undefined;
    const assignments = keys.reduce<Props[]>((all, key) => all.flatMap((a) => possibleValues(key).map((v) => ({ ...a, [key]: v }))), [{}]);
    const breaks = assignments.some((assumed) => {
        let broken = false;
        judge(new Subject(subject.seen, defaults, true, assumed), config, () => (broken = true));
        return broken;
    });
    if (!breaks) return undefined;
    const names = keys.join(", ");
    return `its verdict depends on ${names}, inherited from TeamDefaults "${defaults.name}" and unknown until that is applied, and the room does not depend on it, so the up would create the room before the verdict; declare dependsOn on TeamDefaults "${defaults.name}" (or declare ${names} on the room)`;
}

// ---- the policies ------------------------------------------------------------------------------------------------

/** Rooms (and the team defaults they inherit from) that record or transcribe must ask for consent. */
export const recordingConsent = policy<Record<string, never>>({
    name: "recording-consent",
    description:
        "Rooms and team defaults that enable recordings or transcription ask participants for consent (consentMessageEnabled true and a consentMessage), a room's settings judged with what it inherits from its team's TeamDefaults.",
    enforcementLevel: "mandatory",
    kinds: ["Room", "TeamDefaults"],
    config: {},
    judge: (subject, _config, report) => {
        const capturing = ["recordingsEnabled", "transcriptionEnabled"].filter((k) => subject.get(k).value === true);
        if (capturing.length === 0) return;
        const what = `${capturing.map((k) => subject.isTrue(k)).join(" and ")}, so`;
        const enabled = subject.get("consentMessageEnabled");
        if (enabled.from !== "unknown" && enabled.value !== true) {
            report("consentMessageEnabled", `${what} consentMessageEnabled must be true (now ${enabled.shown}): participants must be asked for consent before they are recorded or transcribed`, enabled);
        }
        const message = subject.get("consentMessage");
        if (message.from !== "unknown" && !isSet(message.value)) {
            report("consentMessage", `${what} consentMessage must be set (now ${message.value === undefined ? message.shown : "blank"}): the text participants consent to`, message);
        }
    },
});

/** The settings end-to-end encryption excludes (the API refuses them together): where one is on, the room cannot use E2EE. */
const E2EE_EXCLUDES = ["whiteboardEnabled", "transcriptionEnabled", "breakoutRoomsEnabled"] as const;

interface ConfidentialConfig {
    tags: string[];
    namePattern?: string;
    caseSensitive: boolean;
}

/** Text as a case-insensitive comparison sees it: one Unicode form, lower case. */
const folded = (text: string) => text.normalize("NFC").toLowerCase();

/** Rooms marked confidential (by tag or name) are private and end-to-end encrypted. */
export const confidentialRooms = policy<ConfidentialConfig>({
    name: "confidential-rooms",
    description:
        "Rooms marked confidential (a configured tag, or a friendly URL or resource name matching namePattern, compared regardless of case unless caseSensitive) are private, and end-to-end encrypted where their settings, own or inherited, allow it.",
    enforcementLevel: "mandatory",
    kinds: ["Room"],
    config: {
        tags: { type: "array", items: { type: "string" }, default: ["confidential"], description: "Tags that mark a room confidential." },
        namePattern: { type: "string", description: "A JavaScript regular expression; a room whose friendlyUrl or resource name matches it is confidential." },
        caseSensitive: { type: "boolean", default: false, description: 'Whether tags and namePattern compare case-sensitively ("Confidential" is then not "confidential").' },
    },
    rules: (config) => {
        if (typeof config.namePattern !== "string") return [];
        try {
            new RegExp(config.namePattern);
            return [];
        } catch (e) {
            return [`namePattern must be a JavaScript regular expression (got ${JSON.stringify(config.namePattern)}: ${(e as Error).message.replace(/^Invalid regular expression: /, "")})`];
        }
    },
    judge: (subject, config, report) => {
        const props = subject.props;
        const declared = subject.seen.declared;
        const same = (a: string) => (config.caseSensitive ? a : folded(a));
        const tags = Array.isArray(props.tags) ? (props.tags as unknown[]) : [];
        // The configured spelling is what a message quotes: the pack's config is never secret, a room's tag may be.
        const tag = config.tags.find((t) => tags.some((own) => typeof own === "string" && same(own) === same(t)));
        const pattern = config.namePattern === undefined ? undefined : new RegExp(config.namePattern, config.caseSensitive ? "" : "i");
        const named = !pattern
            ? undefined
            : typeof props.friendlyUrl === "string" && pattern.test(props.friendlyUrl)
              ? `friendlyUrl ${quote(declared, "friendlyUrl", props.friendlyUrl)} matches ${config.namePattern}`
              : pattern.test(subject.seen.name)
                ? `resource name matches ${config.namePattern}`
                : undefined;
        if (tag === undefined && !named) return;
        const why = `confidential (${tag !== undefined ? `tag "${tag}"` : named})`;
        const privacy = subject.get("privacy");
        if (privacy.from !== "unknown" && privacy.value !== "private") {
            report("privacy", `${why}, so privacy must be "private" (now ${privacy.shown})`, privacy);
        }
        const e2ee = subject.get("e2eeEnabled");
        const excludes = E2EE_EXCLUDES.map((k) => subject.get(k));
        if (e2ee.from === "unknown" || excludes.some((e) => e.from === "unknown")) return;
        if (e2ee.value !== true && excludes.every((e) => e.value !== true)) {
            report("e2eeEnabled", `${why}, so e2eeEnabled must be true (now ${e2ee.shown}): nothing the room enables excludes end-to-end encryption`, e2ee, ...excludes);
        }
    },
});

interface TokenConfig {
    maxLifetime: string;
    requireRenewBefore: boolean;
}

/** Seconds from now to an expiresAt input: minutes count from issue, the other forms are absolute. */
function lifetimeSeconds(expiresAt: unknown, now: number): number | undefined {
    if (isMinutes(expiresAt)) return expiresAt * 60;
    if (typeof expiresAt === "number") return expiresAt - now;
    if (typeof expiresAt === "string") {
        const at = dateTimeSeconds(expiresAt);
        return at === undefined ? undefined : at - now;
    }
    return undefined;
}

/** Join tokens expire within a maximum lifetime and rotate before they do. */
export const joinTokenLifetime = policy<TokenConfig>({
    name: "join-token-lifetime",
    description: "Join tokens expire (expiresAt) within maxLifetime, and rotate (renewBefore): the API cannot revoke a token, so only its expiry ends it.",
    enforcementLevel: "mandatory",
    kinds: ["JoinToken"],
    config: {
        maxLifetime: { type: "string", default: "30d", description: 'The longest a token may live, as a duration such as "30d", "12h" or "1h30m".' },
        requireRenewBefore: { type: "boolean", default: true, description: "Whether tokens must rotate (renewBefore)." },
    },
    rules: (config) => {
        if (config.maxLifetime === undefined) return [];
        const seconds = durationSeconds(config.maxLifetime);
        return seconds === undefined || seconds <= 0
            ? [`maxLifetime must be a positive duration of days, hours, minutes and seconds in that order, such as "30d", "12h" or "1h30m" (got ${JSON.stringify(config.maxLifetime)})`]
            : [];
    },
    judge: (subject, config, report) => {
        const props = subject.props;
        const declared = subject.seen.declared;
        const max = durationSeconds(config.maxLifetime) as number;
        const expiry = subject.get("expiresAt");
        if (expiry.from === "none") {
            report("expiresAt", `expiresAt must be set: a token without an expiry is valid forever, since the API cannot revoke it (at most ${config.maxLifetime})`);
        } else if (expiry.from === "own") {
            const lifetime = lifetimeSeconds(props.expiresAt, Math.floor(Date.now() / 1000));
            if (lifetime !== undefined && lifetime > max) {
                report("expiresAt", `expiresAt ${quote(declared, "expiresAt", props.expiresAt)} gives the token ${describeSeconds(lifetime)}, more than maxLifetime ${config.maxLifetime}`);
            }
        }
        if (config.requireRenewBefore && !unknownAt(declared, "renewBefore") && !isSet(props.renewBefore)) {
            report("renewBefore", 'renewBefore must be set, so the token is issued anew before it expires (e.g. renewBefore: "24h")');
        }
    },
});

function describeSeconds(seconds: number): string {
    const days = seconds / 86_400;
    return days >= 1 ? `${Math.round(days * 10) / 10} days` : `${Math.round(seconds / 3600)} hours`;
}

/** maxParticipants within a cap. */
export const maxParticipantsCap = policy<{ maximum: number }>({
    name: "max-participants-cap",
    description: "A room's maxParticipants is at most the configured maximum.",
    enforcementLevel: "advisory",
    kinds: ["Room"],
    config: { maximum: { type: "integer", minimum: 2, default: 1000, description: "The largest maxParticipants a room may declare." } },
    judge: (subject, config, report) => {
        const max = subject.get("maxParticipants");
        if (typeof max.value === "number" && max.value > config.maximum) {
            report("maxParticipants", `maxParticipants ${max.shown} is above the cap of ${config.maximum}`);
        }
    },
});

/** Public rooms hold joiners in the lobby (a locked room) unless the auditor allows open ones. */
export const publicRoomsLocked = policy<Record<string, never>>({
    name: "public-rooms-locked",
    description: "Public rooms are locked (isLocked, own or inherited from the team's TeamDefaults: joiners wait in the lobby until accepted). Disabled unless enabled in the pack's config.",
    enforcementLevel: "disabled",
    kinds: ["Room"],
    config: {},
    judge: (subject, _config, report) => {
        const privacy = subject.get("privacy");
        if (privacy.from === "unknown" || privacy.value === "private") return;
        const locked = subject.get("isLocked");
        if (locked.from !== "unknown" && locked.value !== true) {
            report("isLocked", `a public room (privacy ${privacy.shown}) must be locked, so joiners wait in the lobby until accepted (isLocked: true; now ${locked.shown})`, privacy, locked);
        }
    },
});

/** At most one TeamDefaults per team in a stack: two would overwrite each other's settings on every up. */
export const singleTeamDefaults: StackValidationPolicy = {
    name: "single-team-defaults",
    description: "A stack declares at most one TeamDefaults per team: two would overwrite each other's settings on every up.",
    enforcementLevel: "mandatory",
    validateStack: (args, reportViolation) => {
        const byTeam = new Map<string, Array<{ r: PolicyResource; text: string }>>();
        for (const r of args.resources) {
            if (kindOf(r.type) !== "TeamDefaults") continue;
            const team = teamOf(declaredOf(r.props), r.provider && declaredOf(r.provider.props));
            byTeam.set(team.key, [...(byTeam.get(team.key) ?? []), { r, text: team.text }]);
        }
        for (const found of byTeam.values()) {
            if (found.length < 2) continue;
            // By name, so the first is kept and the message is the same on every run whatever the engine's order.
            const resources = [...found].sort((a, b) => a.r.name.localeCompare(b.r.name));
            const names = resources.map(({ r }) => `"${r.name}"`).join(", ");
            for (const { r } of resources.slice(1)) {
                reportViolation(`TeamDefaults "${r.name}": ${resources.length} TeamDefaults (${names}) manage ${resources[0]!.text}; declare one per team, with every setting in it`, r.urn);
            }
        }
    },
};

/** The policies that judge one resource at a time: those the audit also runs over the team's rooms and defaults. */
export const resourcePolicies: readonly PackPolicy[] = [recordingConsent, confidentialRooms, joinTokenLifetime, maxParticipantsCap, publicRoomsLocked];

export const policies = [...resourcePolicies, singleTeamDefaults];
