/**
 * `require("pulumi-vcrooms/emulator")`: a faithful, standalone implementation of the Rooms API
 * contract on loopback, for tests, the demo and trying room definitions without a real team.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { AnswerProfile } from "./documented";
import { checkIdentity } from "./identity";
import { buildServer } from "./server";
import { lockStateFile, readStateFile, StateKeeper } from "./stateFile";

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
    /**
     * A file that keeps the team (defaults, rooms and their content, usage) across restarts: read at start when it
     * exists (its team id is the emulator's), written atomically after every request that changes the team and at
     * close. The developer key is not kept in it. Default: none, the team lives in memory only.
     */
    state?: string;
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
    const unlock = options.state === undefined ? undefined : lockStateFile(options.state);
    try {
        return await start(options, unlock);
    } catch (error) {
        unlock?.();
        throw error;
    }
}

async function start(options: EmulatorOptions, unlock: (() => void) | undefined): Promise<RunningEmulator> {
    const saved = options.state === undefined ? undefined : readStateFile(options.state);
    if (saved && options.teamId !== undefined && options.teamId !== saved.teamId) {
        throw new Error(`the state file ${options.state} holds team ${saved.teamId}, not the team id given (${options.teamId})`);
    }
    const teamId = saved?.teamId ?? options.teamId ?? randomUUID();
    const developerKey = options.developerKey ?? generateDeveloperKey();
    const { app, team } = buildServer({
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
    if (saved) team.restore(saved);
    const keeper = options.state === undefined ? undefined : new StateKeeper(options.state, team);
    if (keeper) {
        keeper.save();
        // Any request may change the team (a write, a control call, a read that finds a room expired): the keeper
        // writes only when what it would write differs. It writes before the answer is sent (onSend, not
        // onResponse), so an emulator killed right after answering keeps what it answered.
        app.addHook("onSend", async (_request, _reply, payload) => {
            keeper.save();
            return payload;
        });
    }
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
        close: async () => {
            await app.close();
            keeper?.save();
            unlock?.();
        },
    };
}
