/**
 * Participant join tokens: a JWT signed with HS256, the team's developer key as the
 * secret, carrying the team (`td`) and room (`rd`) it admits to. Used by the JoinToken resource to
 * read back what the API issued, and exported by the SDK for integrators who build tokens themselves.
 *
 * No message here ever contains a token or a key: a token is a credential for its room.
 */
import type * as Jose from "jose";

/** jose, loaded when a token is signed or verified: the provider module that re-exports these loads for every operation. */
const jose = (): typeof Jose => require("jose");

/** The payload claims of 5.3, by their JWT names. */
export interface JoinTokenClaims {
    /** Team UUID (required). */
    td: string;
    /** Room UUID (required). */
    rd: string;
    /** External user identifier. */
    ud?: string;
    /** User name. */
    u?: string;
    /** Custom initials for the user tile. */
    initials?: string;
    /** Role id or name. */
    role?: string;
    /** Breakout room id. */
    breakoutId?: string;
    /** Avatar image URL. */
    avatar?: string;
    /** Issued at, Unix seconds. */
    iat?: number;
    /** Expiry, Unix seconds. */
    exp?: number;
    /** Not valid before, Unix seconds. */
    nbf?: number;
}

/** A token that is not a join token of 5.3, or does not verify. */
export class JoinTokenError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "JoinTokenError";
    }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STRING_CLAIMS = ["ud", "u", "initials", "role", "breakoutId", "avatar"] as const;
const TIME_CLAIMS = ["iat", "exp", "nbf"] as const;

/** Every rule of 5.3 the payload breaks, as `claim rule; got value` (values of time and id claims only). */
function claimProblems(payload: Record<string, unknown>): string[] {
    const problems: string[] = [];
    for (const name of ["td", "rd"] as const) {
        const v = payload[name];
        if (v === undefined) problems.push(`${name} is required (the ${name === "td" ? "team" : "room"} UUID) but missing`);
        else if (typeof v !== "string" || !UUID.test(v)) problems.push(`${name} must be a UUID; got ${JSON.stringify(v)}`);
    }
    for (const name of STRING_CLAIMS) {
        if (payload[name] !== undefined && typeof payload[name] !== "string") problems.push(`${name} must be a string; got ${typeof payload[name]}`);
    }
    for (const name of TIME_CLAIMS) {
        const v = payload[name];
        if (v !== undefined && !(typeof v === "number" && Number.isInteger(v) && v >= 0)) problems.push(`${name} must be Unix seconds (a whole number); got ${JSON.stringify(v)}`);
    }
    return problems;
}

function keyBytes(developerKey: string, action: string): Uint8Array {
    if (typeof developerKey !== "string" || developerKey.length === 0) throw new JoinTokenError(`Unable to ${action} a join token: the developer key is missing`);
    return new TextEncoder().encode(developerKey);
}

/** Signs `claims` with the developer key (HS256), after checking them against 5.3. */
export async function signJoinToken(claims: JoinTokenClaims, developerKey: string): Promise<string> {
    const problems = claims !== null && typeof claims === "object" ? claimProblems(claims as unknown as Record<string, unknown>) : ["claims must be an object"];
    if (problems.length > 0) throw new JoinTokenError(`Unable to sign a join token: ${problems.join("; ")}`);
    const secret = keyBytes(developerKey, "sign");
    return new (jose().SignJWT)({ ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret);
}

/**
 * Verifies a join token's HS256 signature with the developer key, its `exp` and `nbf` against this
 * machine's clock, and its claims against 5.3; resolves to the claims.
 */
export async function verifyJoinToken(token: string, developerKey: string): Promise<JoinTokenClaims> {
    if (typeof token !== "string" || token.split(".").length !== 3) throw new JoinTokenError("Unable to verify a join token: it is not a JWT (three dot-separated parts)");
    const secret = keyBytes(developerKey, "verify");
    let payload: Record<string, unknown>;
    try {
        ({ payload } = await jose().jwtVerify(token, secret, { algorithms: ["HS256"] }));
    } catch (error) {
        throw new JoinTokenError(`Unable to verify a join token: ${reasonOf(error)}`);
    }
    const problems = claimProblems(payload);
    if (problems.length > 0) throw new JoinTokenError(`Unable to verify a join token: ${problems.join("; ")}`);
    return payload as unknown as JoinTokenClaims;
}

/**
 * Whether a token's signature matches the developer key, whatever its times: a token kept in state is checked
 * against today's key (a rotated key makes every token issued before it fail), its expiry judged apart.
 */
export async function signedWith(token: string, developerKey: string): Promise<boolean> {
    try {
        await jose().compactVerify(token, keyBytes(developerKey, "verify"), { algorithms: ["HS256"] });
        return true;
    } catch (error) {
        if (error instanceof jose().errors.JWSSignatureVerificationFailed) return false;
        throw error;
    }
}

/** The claims of a token the API just issued, read without verifying (the provider does not need the key for that). */
export function decodeJoinToken(token: string): JoinTokenClaims {
    let payload: Record<string, unknown>;
    try {
        payload = jose().decodeJwt(token);
    } catch {
        throw new JoinTokenError("The API answered a join token that is not a JWT");
    }
    const problems = claimProblems(payload);
    if (problems.length > 0) throw new JoinTokenError(`The API answered a join token that breaks 5.3: ${problems.join("; ")}`);
    return payload as unknown as JoinTokenClaims;
}

/** jose's reasons, in words that do not quote the token. */
function reasonOf(error: unknown): string {
    if (error instanceof jose().errors.JWTExpired) return "it has expired (exp is past)";
    if (error instanceof jose().errors.JWTClaimValidationFailed) return `claim ${error.claim} is not valid (${error.reason})`;
    if (error instanceof jose().errors.JWSSignatureVerificationFailed) return "the signature does not match this developer key";
    if (error instanceof jose().errors.JOSEAlgNotAllowed) return "it is not signed with HS256";
    if (error instanceof jose().errors.JWSInvalid || error instanceof jose().errors.JWTInvalid) return "it is malformed";
    return (error as Error)?.message ?? String(error);
}
