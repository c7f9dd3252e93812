/**
 * Where a TeamDefaults keeps the team's original values (those its settings had before Pulumi first changed them)
 * outside the stack's state, so that they outlive what the state cannot hold:
 * - an `up` killed after the TeamDefaults' PATCH reached the API and before the engine saved the state: the next
 *   `up` creates it again (the engine drops the interrupted create), and would otherwise take the team as it is now,
 *   the program's values, for the original;
 * - a replacement created before the old resource is deleted (`up --replace`, the engine's default order): the
 *   create sees no state of the old one, only the team as the old one left it.
 *
 * One file per API, team and resource (`<project>/<stack>` and the resource name: its URN but for parent types),
 * under `$PULUMI_HOME/vcrooms/team-defaults/` (`~/.pulumi` when unset), named by a SHA-256 of that key, so the
 * name shows nothing. The values may hold secrets (a `consentMessage` made secret in code, another stack's), so the
 * file is encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from the team's developer key: whoever can
 * read it can read the team's defaults from the API anyway. Written before the first write (fsync, then an atomic
 * rename), read by a later create, removed once destroy has put the values back.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Values } from "../declarations/declaration";

/** What names one TeamDefaults' record: the team (teamOf), `<project>/<stack>` and the resource name. */
export interface OriginalKey {
    readonly team: string;
    readonly stack: string;
    readonly resource: string;
}

/** A record read back: its values, or why they cannot be read (the developer key changed since it was written). */
export type OriginalRead = { values: Values } | { unreadable: string } | undefined;

const SALT = "pulumi-vcrooms team defaults originals v1";

/** The folder of the records: `$PULUMI_HOME/vcrooms/team-defaults`, beside what Pulumi keeps per user. */
export function originalsFolder(env: NodeJS.ProcessEnv = process.env): string {
    return path.join(env.PULUMI_HOME || path.join(os.homedir(), ".pulumi"), "vcrooms", "team-defaults");
}

export class Originals {
    constructor(private readonly folder: string = originalsFolder()) {}

    private id(key: OriginalKey): string {
        return createHash("sha256").update(JSON.stringify([key.team, key.stack, key.resource])).digest("hex");
    }

    private file(key: OriginalKey): string {
        return path.join(this.folder, `${this.id(key)}.json`);
    }

    private cipherKey(key: OriginalKey, developerKey: string): Buffer {
        return Buffer.from(hkdfSync("sha256", developerKey, SALT, this.id(key), 32));
    }

    read(key: OriginalKey, developerKey: string): OriginalRead {
        let text: string;
        try {
            text = fs.readFileSync(this.file(key), "utf8");
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
            return { unreadable: `${this.file(key)} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})` };
        }
        try {
            const { iv, tag, data } = JSON.parse(text) as { iv: string; tag: string; data: string };
            const decipher = createDecipheriv("aes-256-gcm", this.cipherKey(key, developerKey), Buffer.from(iv, "base64"));
            decipher.setAAD(Buffer.from(this.id(key)));
            decipher.setAuthTag(Buffer.from(tag, "base64"));
            const plain = Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
            return { values: (JSON.parse(plain) as { values: Values }).values };
        } catch {
            return { unreadable: `${this.file(key)} was written under another developer key, or is damaged` };
        }
    }

    /** Writes the record durably (fsync, then rename over the old one), before the write it protects. */
    write(key: OriginalKey, developerKey: string, values: Values): void {
        try {
            fs.mkdirSync(this.folder, { recursive: true, mode: 0o700 });
            const iv = randomBytes(12);
            const cipher = createCipheriv("aes-256-gcm", this.cipherKey(key, developerKey), iv);
            cipher.setAAD(Buffer.from(this.id(key)));
            const data = Buffer.concat([cipher.update(JSON.stringify({ values }), "utf8"), cipher.final()]);
            const text = JSON.stringify({ version: 1, iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), data: data.toString("base64") });
            const temporary = `${this.file(key)}.${process.pid}.tmp`;
            const fd = fs.openSync(temporary, "w", 0o600);
            try {
                fs.writeSync(fd, text);
                fs.fsyncSync(fd);
            } finally {
                fs.closeSync(fd);
            }
            fs.renameSync(temporary, this.file(key));
        } catch (error) {
            throw new Error(
                `the team's values from before Pulumi changed them could not be recorded in ${this.folder} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), ` +
                    `and without that record destroy could not put them back after an interrupted up: make that folder writable, or set PULUMI_HOME to a writable folder`,
            );
        }
    }

    remove(key: OriginalKey): void {
        fs.rmSync(this.file(key), { force: true });
    }
}
