/**
 * The room-governance policy pack `vcrooms-governance`: what auditors want enforced on rooms, join tokens and team
 * defaults, checked by the engine at preview before any request reaches the API. Every policy reads the inputs a
 * program declares, for both faces: the SDK's dynamic resources (`pulumi-nodejs:dynamic/vcrooms:Room`) and the
 * plugin's (`vcrooms:index:Room`) carry the same input names.
 *
 * A resource policy sees what its resource declares, not what it inherits from the team defaults: a setting left
 * to TeamDefaults is judged on the TeamDefaults resource that declares it (the consent policy applies to both).
 * Values still unknown at preview (outputs of other resources) are not judged.
 */
import type { EnforcementLevel, PolicyResource, ReportViolation, ResourceValidationArgs, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { dateTimeSeconds, durationSeconds, isMinutes } from "../provider/declarations/times";

export const PACK_NAME = "vcrooms-governance";

/** The kinds of the package, by type token: the dynamic face's or the plugin's. */
export type Kind = "Room" | "TeamDefaults" | "JoinToken" | "RoomContentPurge";
const TOKEN = /^(?:pulumi-nodejs:dynamic\/vcrooms|vcrooms:index):(Room|TeamDefaults|JoinToken|RoomContentPurge)$/;

export function kindOf(type: string): Kind | undefined {
    return TOKEN.exec(type)?.[1] as Kind | undefined;
}

type Props = Record<string, unknown>;

/** A resource as messages name it: its kind and name, as `pulumi preview` lists it. */
function label(kind: Kind, name: string): string {
    return `${kind} "${name}"`;
}

function isSet(value: unknown): boolean {
    return typeof value === "string" ? value.trim().length > 0 : value !== undefined && value !== null;
}

/** A resource policy over some of the package's kinds. */
function resourcePolicy<C extends object>(spec: {
    name: string;
    description: string;
    enforcementLevel: EnforcementLevel;
    kinds: Kind[];
    config: Record<string, { type: string; default?: unknown; description: string; items?: { type: string }; minimum?: number }>;
    check: (kind: Kind, props: Props, config: C, report: (message: string) => void, args: ResourceValidationArgs) => void;
}): ResourceValidationPolicy {
    return {
        name: spec.name,
        description: spec.description,
        enforcementLevel: spec.enforcementLevel,
        configSchema: { properties: spec.config as never },
        validateResource: (args: ResourceValidationArgs, reportViolation: ReportViolation) => {
            const kind = kindOf(args.type);
            if (!kind || !spec.kinds.includes(kind)) return;
            spec.check(kind, args.props, args.getConfig<C>(), (message) => reportViolation(`${label(kind, args.name)}: ${message}`), args);
        },
    };
}

/** Rooms (and the team defaults they inherit from) that record or transcribe must ask for consent. */
export const recordingConsent = resourcePolicy<Record<string, never>>({
    name: "recording-consent",
    description: "Rooms and team defaults that enable recordings or transcription ask participants for consent (consentMessageEnabled true and a consentMessage).",
    enforcementLevel: "mandatory",
    kinds: ["Room", "TeamDefaults"],
    config: {},
    check: (_kind, props, _config, report) => {
        const capturing = ["recordingsEnabled", "transcriptionEnabled"].filter((k) => props[k] === true);
        if (capturing.length === 0) return;
        const what = capturing.join(" and ");
        if (props.consentMessageEnabled !== true) {
            report(`${what} ${capturing.length > 1 ? "are" : "is"} true, so consentMessageEnabled must be true (now ${JSON.stringify(props.consentMessageEnabled ?? null)}): participants must be asked for consent before they are recorded or transcribed`);
        }
        if (!isSet(props.consentMessage)) {
            report(`${what} ${capturing.length > 1 ? "are" : "is"} true, so consentMessage must be set: the text participants consent to`);
        }
    },
});

/** The settings end-to-end encryption excludes (the API refuses them together): where one is on, the room cannot use E2EE. */
const E2EE_EXCLUDES = ["whiteboardEnabled", "transcriptionEnabled", "breakoutRoomsEnabled"] as const;

interface ConfidentialConfig {
    tags: string[];
    namePattern?: string;
}

/** Rooms marked confidential (by tag or name) are private and end-to-end encrypted. */
export const confidentialRooms = resourcePolicy<ConfidentialConfig>({
    name: "confidential-rooms",
    description: "Rooms marked confidential (a configured tag, or a friendly URL or resource name matching namePattern) are private, and end-to-end encrypted where their settings allow it.",
    enforcementLevel: "mandatory",
    kinds: ["Room"],
    config: {
        tags: { type: "array", items: { type: "string" }, default: ["confidential"], description: "Tags that mark a room confidential." },
        namePattern: { type: "string", description: "A regular expression; a room whose friendlyUrl or resource name matches it is confidential." },
    },
    check: (_kind, props, config, report, args) => {
        const tags = Array.isArray(props.tags) ? (props.tags as unknown[]) : [];
        const tagged = tags.find((t) => typeof t === "string" && (config.tags ?? []).includes(t));
        const pattern = config.namePattern ? new RegExp(config.namePattern) : undefined;
        const named = pattern && [props.friendlyUrl, args.name].find((n) => typeof n === "string" && pattern.test(n));
        if (tagged === undefined && !named) return;
        const why = tagged !== undefined ? `tag "${tagged}"` : `name "${named}" matches ${config.namePattern}`;
        if (props.privacy !== "private") {
            report(`confidential (${why}), so privacy must be "private" (now ${JSON.stringify(props.privacy ?? null)}, and an undeclared privacy is the API's default, public)`);
        }
        const excluded = E2EE_EXCLUDES.filter((k) => props[k] === true);
        if (props.e2eeEnabled !== true && excluded.length === 0) {
            report(`confidential (${why}), so e2eeEnabled must be true (now ${JSON.stringify(props.e2eeEnabled ?? null)}): nothing the room enables excludes end-to-end encryption`);
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
export const joinTokenLifetime = resourcePolicy<TokenConfig>({
    name: "join-token-lifetime",
    description: "Join tokens expire (expiresAt) within maxLifetime, and rotate (renewBefore): the API cannot revoke a token, so only its expiry ends it.",
    enforcementLevel: "mandatory",
    kinds: ["JoinToken"],
    config: {
        maxLifetime: { type: "string", default: "30d", description: 'The longest a token may live, as a duration such as "30d", "12h" or "1h30m".' },
        requireRenewBefore: { type: "boolean", default: true, description: "Whether tokens must rotate (renewBefore)." },
    },
    check: (_kind, props, config, report) => {
        const max = durationSeconds(config.maxLifetime ?? "30d");
        if (max === undefined) throw new Error(`join-token-lifetime: maxLifetime must be a duration such as "30d", "12h" or "1h30m" (got ${JSON.stringify(config.maxLifetime)})`);
        if (props.expiresAt === undefined || props.expiresAt === null) {
            report(`expiresAt must be set: a token without an expiry is valid forever, since the API cannot revoke it (at most ${config.maxLifetime ?? "30d"})`);
        } else {
            const lifetime = lifetimeSeconds(props.expiresAt, Math.floor(Date.now() / 1000));
            if (lifetime !== undefined && lifetime > max) {
                report(`expiresAt ${JSON.stringify(props.expiresAt)} gives the token ${describeSeconds(lifetime)}, more than maxLifetime ${config.maxLifetime ?? "30d"}`);
            }
        }
        if ((config.requireRenewBefore ?? true) && !isSet(props.renewBefore)) {
            report('renewBefore must be set, so the token is issued anew before it expires (e.g. renewBefore: "24h")');
        }
    },
});

function describeSeconds(seconds: number): string {
    const days = seconds / 86_400;
    return days >= 1 ? `${Math.round(days * 10) / 10} days` : `${Math.round(seconds / 3600)} hours`;
}

/** maxParticipants within a cap. */
export const maxParticipantsCap = resourcePolicy<{ maximum: number }>({
    name: "max-participants-cap",
    description: "A room's maxParticipants is at most the configured maximum.",
    enforcementLevel: "advisory",
    kinds: ["Room"],
    config: { maximum: { type: "integer", minimum: 2, default: 1000, description: "The largest maxParticipants a room may declare." } },
    check: (_kind, props, config, report) => {
        const maximum = config.maximum ?? 1000;
        if (typeof props.maxParticipants === "number" && props.maxParticipants > maximum) {
            report(`maxParticipants ${props.maxParticipants} is above the cap of ${maximum}`);
        }
    },
});

/** Public rooms hold joiners in the lobby (a locked room) unless the auditor allows open ones. */
export const publicRoomsLocked = resourcePolicy<Record<string, never>>({
    name: "public-rooms-locked",
    description: "Public rooms are locked (isLocked: joiners wait in the lobby until accepted). Disabled unless enabled in the pack's config.",
    enforcementLevel: "disabled",
    kinds: ["Room"],
    config: {},
    check: (_kind, props, _config, report) => {
        if (props.privacy === "private") return;
        if (props.isLocked !== true) {
            report(`privacy is ${JSON.stringify(props.privacy ?? "public (undeclared)")} and isLocked is ${JSON.stringify(props.isLocked ?? null)}: a public room must be locked, so joiners wait in the lobby until accepted`);
        }
    },
});

/** The team a TeamDefaults resource manages: its connection's, its explicit provider's, or the stack's. */
function teamOf(resource: PolicyResource): string {
    const connection = (resource.props.connection ?? {}) as Props;
    const provider = (resource.provider?.props ?? {}) as Props;
    const apiUrl = connection.apiUrl ?? provider.apiUrl;
    const teamId = connection.teamId ?? provider.teamId;
    if (apiUrl === undefined && teamId === undefined) return "the stack's team (vcrooms:apiUrl)";
    return `${normalUrl(apiUrl)}${teamId === undefined ? "" : ` team ${String(teamId)}`}`;
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

/** At most one TeamDefaults per team in a stack: two would overwrite each other's settings on every up. */
export const singleTeamDefaults: StackValidationPolicy = {
    name: "single-team-defaults",
    description: "A stack declares at most one TeamDefaults per team: two would overwrite each other's settings on every up.",
    enforcementLevel: "mandatory",
    validateStack: (args, reportViolation) => {
        const byTeam = new Map<string, PolicyResource[]>();
        for (const r of args.resources) {
            if (kindOf(r.type) !== "TeamDefaults") continue;
            const team = teamOf(r);
            byTeam.set(team, [...(byTeam.get(team) ?? []), r]);
        }
        for (const [team, found] of byTeam) {
            if (found.length < 2) continue;
            // By name, so the first is kept and the message is the same on every run whatever the engine's order.
            const resources = [...found].sort((a, b) => a.name.localeCompare(b.name));
            const names = resources.map((r) => `"${r.name}"`).join(", ");
            for (const r of resources.slice(1)) {
                reportViolation(`TeamDefaults "${r.name}": ${resources.length} TeamDefaults (${names}) manage ${team}; declare one per team, with every setting in it`, r.urn);
            }
        }
    },
};

export const policies = [recordingConsent, confidentialRooms, joinTokenLifetime, maxParticipantsCap, publicRoomsLocked, singleTeamDefaults];
