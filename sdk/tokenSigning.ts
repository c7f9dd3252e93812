/**
 * Join tokens built by integrators themselves: HS256, the developer key as the secret, `td` and
 * `rd` required. The work is the provider's (provider/api/joinToken.ts), reached at run time as the
 * resources reach it.
 */
import type { JoinTokenClaims } from "../provider/api/joinToken";

export type { JoinTokenClaims };

/* eslint-disable @typescript-eslint/no-require-imports */
/** Signs claims with the developer key; a missing or malformed claim is refused with its name. */
export function signJoinToken(claims: JoinTokenClaims, developerKey: string): Promise<string> {
    return require("pulumi-vcrooms/provider").signJoinToken(claims, developerKey);
}

/** Verifies signature, expiry and claims; resolves to the claims. */
export function verifyJoinToken(token: string, developerKey: string): Promise<JoinTokenClaims> {
    return require("pulumi-vcrooms/provider").verifyJoinToken(token, developerKey);
}
