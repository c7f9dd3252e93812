/**
 * A stack's config file (`Pulumi.{stack}.yaml`), written as `pulumi config set-all` writes it, without a CLI start:
 * each `pulumi` process costs a third of a second of CPU, and the passphrase's key derivation (PBKDF2, a million
 * rounds) as much again for a secret. The suites set config before nearly every stack's first operation and at many
 * steps after; the file is the one a user may edit and keep in git, and the CLI reads it at each operation, so a
 * wrong write fails the operation that reads it.
 *
 * The format is the CLI's (written in YAML's JSON form): config keys `{namespace}:{key}` (a key without a namespace takes the project's name),
 * values as strings, a secret as `{secure: v1:{nonce}:{ciphertext}}` (AES-256-GCM), under the stack's
 * `encryptionsalt` (`v1:{salt}:` then "pulumi" encrypted, which the CLI decrypts to check the passphrase), with the key
 * PBKDF2-SHA256 of the passphrase and the salt, a million rounds: pulumi/sdk go/common/resource/config/crypt.go.
 */
import { createCipheriv, pbkdf2Sync, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as yaml from "js-yaml";

const keys = new Map<string, Buffer>();
const keyId = (passphrase: string, salt: Buffer) => `${passphrase}\n${salt.toString("base64")}`;

function keyFor(passphrase: string, salt: Buffer): Buffer {
    let key = keys.get(keyId(passphrase, salt));
    if (!key) keys.set(keyId(passphrase, salt), (key = pbkdf2Sync(passphrase, salt, 1_000_000, 32, "sha256")));
    return key;
}

/**
 * The environment variable through which a test run hands its workers one salt, and its key under a passphrase,
 * derived once for the run (vitest.config.mts) rather than once in each test file's process.
 */
export const STACK_KEY_VARIABLE = "VCROOMS_TEST_STACK_KEY";

/** `{passphrase}\n{salt}\n{key}` (salt and key in base64), for STACK_KEY_VARIABLE. */
export function stackKeyFor(passphrase: string): string {
    const salt = randomBytes(8);
    return [passphrase, salt.toString("base64"), keyFor(passphrase, salt).toString("base64")].join("\n");
}

/** The salt of the stacks this process makes: the run's (STACK_KEY_VARIABLE), whose key is known, or one of its own. */
const OWN_SALT = (() => {
    const [passphrase, salt, key] = (process.env[STACK_KEY_VARIABLE] ?? "").split("\n");
    if (passphrase === undefined || salt === undefined || key === undefined) return randomBytes(8);
    keys.set(keyId(passphrase, Buffer.from(salt, "base64")), Buffer.from(key, "base64"));
    return Buffer.from(salt, "base64");
})();

function encrypt(key: Buffer, plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
}

interface ConfigFile {
    encryptionsalt?: string;
    config?: Record<string, unknown>;
    [other: string]: unknown;
}

const read = (file: string): ConfigFile => (fs.existsSync(file) ? ((yaml.load(fs.readFileSync(file, "utf8")) as ConfigFile | null) ?? {}) : {});
/** YAML in its JSON form (YAML 1.2 holds JSON), which the CLI reads as any stack file. */
const write = (file: string, content: ConfigFile) => fs.writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);

/**
 * Writes a new stack's config file holding only an encryption salt of this process's, which `pulumi stack init`
 * then takes as it takes a salt already in a stack's file; a file already there (a user's, a recording's) is left.
 */
export function prepareStackConfig(file: string, passphrase: string): void {
    if (fs.existsSync(file)) return;
    write(file, { encryptionsalt: `v1:${OWN_SALT.toString("base64")}:${encrypt(keyFor(passphrase, OWN_SALT), "pulumi")}` });
}

/**
 * Sets `config` (as plain text) and `secretConfig` (encrypted) in the stack's config file, as `pulumi config set-all
 * --path=false` does. False when the file has no passphrase salt to encrypt a secret under (the caller then runs the CLI).
 */
export function setStackConfig(file: string, project: string, passphrase: string, config: Record<string, string>, secretConfig: Record<string, string>): boolean {
    const content = read(file);
    const salt = /^v1:([^:]+):/.exec(content.encryptionsalt ?? "")?.[1];
    if (Object.keys(secretConfig).length > 0 && salt === undefined) return false;
    const named = (key: string) => (key.includes(":") ? key : `${project}:${key}`);
    const values: Record<string, unknown> = { ...content.config };
    for (const [k, v] of Object.entries(config)) values[named(k)] = v;
    if (salt !== undefined) {
        const key = keyFor(passphrase, Buffer.from(salt, "base64"));
        for (const [k, v] of Object.entries(secretConfig)) values[named(k)] = { secure: encrypt(key, v) };
    }
    write(file, { ...content, config: values });
    return true;
}
