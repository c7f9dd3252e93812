/**
 * `require("pulumi-vcrooms/emulator")`: a faithful, standalone implementation of the Rooms API
 * contract on loopback, for tests, the demo and trying room definitions without a real team.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { AnswerProfile } from "./documented";
import { checkIdentity } from "./identity";
import { buildServer } from "./server";

export type { AnswerProfile } from "./documented";

export interface EmulatorOptions {
    /** Default "127.0.0.1": the emulator is for this machine only. */
    host?: string;
    /** Default 0: pick a free port. */
    port?: number;
    /** Default: a random UUID. */
    teamId?: string;
    /** Default: a random 40-character key of letters and digits (generateDeveloperKey). */
    developerKey?: string;
    /** The team's domain in room URLs. Default "acme". */
    domain?: string;
    /** Requests per minute per team; 0 means unlimited. Default 1000 (contract section 8). */
    rateLimit?: number;
    /**
     * "window" (default): a fixed 60 s window per team, as the hosted service's throttle works;
     * "bucket": a smooth token bucket with one second of burst (the strictest reading).
     */
    rateLimitModel?: "window" | "bucket";
    /** Milliseconds added before each /api/v1 request is handled, to model a hosted API's round trip. Default 0. */
    latencyMs?: number;
    /** The plan maximum for max_participants. Default 2000 (the largest plan). */
    maxParticipantsPlan?: number;
    /** An injected clock; by default the emulator's own, movable through /_emulator/clock. */
    now?: () => Date;
    /** Log requests to stdout (the developer key is never logged). Default false. */
    logger?: boolean;
    /**
     * The shape of the answers. "contract" (default): as the contract shows them. "documented": as the vendor's
     * published OpenAPI document shows them (records without the fields it does not list, tags among them; the rooms
     * list's total_count a string; team statistics without team_id; its role permissions; a text/plain transcript
     * export), to test a client against what the hosted service may answer.
     */
    profile?: AnswerProfile;
}

export interface RunningEmulator {
    /** `http://127.0.0.1:<port>/api/v1` */
    baseUrl: string;
    /** `http://127.0.0.1:<port>` */
    origin: string;
    /** `http://127.0.0.1:<port>/_emulator`: test control (faults, clock, request log, seeding). */
    controlUrl: string;
    teamId: string;
    developerKey: string;
    close(): Promise<void>;
}

const KEY_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A developer key of 40 letters and digits (about 238 bits). Letters and digits only: a key starting with `-` (as
 * base64url gave one time in 64) is read as a flag by the documented `pulumi config set --secret
 * vcrooms:developerKey <key>`, which then fails and echoes the key.
 */
export function generateDeveloperKey(): string {
    let key = "";
    for (let i = 0; i < 40; i++) key += KEY_CHARACTERS[randomInt(KEY_CHARACTERS.length)];
    return key;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
    checkIdentity(options);
    const teamId = options.teamId ?? randomUUID();
    const developerKey = options.developerKey ?? generateDeveloperKey();
    const { app } = buildServer({
        teamId,
        developerKey,
        domain: options.domain ?? "acme",
        rateLimit: options.rateLimit ?? 1000,
        rateLimitModel: options.rateLimitModel,
        latencyMs: options.latencyMs,
        maxParticipantsPlan: options.maxParticipantsPlan ?? 2000,
        now: options.now,
        logger: options.logger ?? false,
        profile: options.profile,
    });
    const host = options.host ?? "127.0.0.1";
    await app.listen({ host, port: options.port ?? 0 });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
    return {
        baseUrl: `${origin}/api/v1`,
        origin,
        controlUrl: `${origin}/_emulator`,
        teamId,
        developerKey,
        close: () => app.close(),
    };
}
