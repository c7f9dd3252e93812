/**
 * The rules docs/emulator.md gives the team's identity, checked before the emulator listens (options and flags) and
 * when the key is rotated: a team id is a UUID (the contract's identifiers are); a developer key has at least 20
 * characters and no space or control character (it must fit an Authorization header); the domain follows the rule
 * PATCH / applies to it (3 to 32 letters, digits, dashes and underscores, not reserved), since every room_url carries
 * it. Each message names the option, the rule and the value, but never a key.
 */
import { domain as domainRule } from "./rules";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a developer key is refused, or undefined. */
export function developerKeyProblem(key: unknown, name = "developerKey"): string | undefined {
    if (typeof key !== "string" || key.length < 20 || /[\s\x00-\x1f\x7f]/.test(key)) {
        return `${name} must be a string of at least 20 characters with no space or control character (the key given is not shown).`;
    }
    return undefined;
}

/** The option names used in messages: the programmatic ones by default, the CLI passes its flags. */
export interface IdentityNames {
    teamId: string;
    developerKey: string;
    domain: string;
}

const OPTION_NAMES: IdentityNames = { teamId: "teamId", developerKey: "developerKey", domain: "domain" };

/** Throws the first problem with the identity options; absent options are generated and always valid. */
export function checkIdentity(options: { teamId?: string; developerKey?: string; domain?: string }, names: IdentityNames = OPTION_NAMES): void {
    if (options.teamId !== undefined && !UUID.test(options.teamId)) throw new Error(`${names.teamId} must be a UUID; got "${options.teamId}"`);
    const keyProblem = options.developerKey === undefined ? undefined : developerKeyProblem(options.developerKey, names.developerKey);
    if (keyProblem) throw new Error(keyProblem);
    if (options.domain !== undefined) {
        const reason = domainRule(options.domain, "domain");
        if (reason) throw new Error(`${names.domain} must be 3 to 32 letters, digits, dashes or underscores and not reserved; got "${options.domain}" (${reason})`);
    }
}
