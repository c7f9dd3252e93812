/**
 * What a resource keeps about itself outside the stack's state, on this machine, for what the state cannot hold:
 * the engine saves a resource's state only once its create returns, so whatever a create must know if it is run
 * again after an `up` killed midway (the CLI killed after the create's write reached the API, before the state was
 * saved: the engine drops the interrupted create, and the next `up` creates the resource again) is written here
 * first. Two kinds of records, each in a folder of its own:
 * - `team-defaults`: a TeamDefaults' original values (the team's, before Pulumi first changed them), which the next
 *   create of the resource takes over rather than the team as it finds it (also a replacement created before the
 *   old resource is deleted: it sees no state of the old one);
 * - `room-creates`: a Room's create id while its create is under way, which the next check of the resource reuses,
 *   so the create run again finds the room the killed one made as its own (same generated name, same marker).
 *
 * One file per API, team and resource (`<project>/<stack>` and the resource name: its URN but for parent types; for
 * a Room's create, also the stack instance: room.ts `createKey`), under `$PULUMI_HOME/vcrooms/<kind>/` (`~/.pulumi`
 * when unset), named by a SHA-256 of that key, so the name shows nothing. The values may hold secrets (a
 * `consentMessage` made secret in code, another stack's), so each file is encrypted with AES-256-GCM under a key
 * derived (HKDF-SHA256) from the team's developer key: whoever can read it can read the team from the API anyway. Written durably (fsync, then an atomic rename) before the write it protects.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Values } from "../declarations/declaration";

/**
 * What names one resource's record: the team (teamOf), `<project>/<stack>` and the resource name; and, where the face
 * knows it, what tells this stack from one of the same names elsewhere (`instance`: a Room's, see room.ts `createKey`).
 * A key without `instance` names the file a record was kept in before instances were (and still is, where none is known).
 */
export interface RecordKey {
    readonly team: string;
    readonly stack: string;
    readonly resource: string;
    readonly instance?: string;
}

/**
 * A record read back: its values (and `written`, where the writer kept it: what it was about to write, to judge later
 * whether the values are still the ones to take), or why they cannot be read (the developer key changed since).
 */
export type RecordRead = { values: Values; written?: Values } | { unreadable: string } | undefined;

const SALT = "pulumi-vcrooms local records v1";

/** The folder of one kind of record: `$PULUMI_HOME/vcrooms/<kind>`, beside what Pulumi keeps per user. */
export function recordsFolder(kind: "team-defaults" | "room-creates", env: NodeJS.ProcessEnv = process.env): string {
    return path.join(env.PULUMI_HOME || path.join(os.homedir(), ".pulumi"), "vcrooms", kind);
}

export class LocalRecords {
    /** `what`: what the records hold, in words, for the error of a folder that cannot be written. */
    constructor(
        private readonly folder: string,
        private readonly what: string,
    ) {}

    private id(key: RecordKey): string {
        const parts = key.instance === undefined ? [key.team, key.stack, key.resource] : [key.team, key.stack, key.resource, key.instance];
        return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
    }

    private file(key: RecordKey): string {
        return path.join(this.folder, `${this.id(key)}.json`);
    }

    private cipherKey(key: RecordKey, developerKey: string): Buffer {
        return Buffer.from(hkdfSync("sha256", developerKey, SALT, this.id(key), 32));
    }

    read(key: RecordKey, developerKey: string): RecordRead {
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
            const { values, written } = JSON.parse(plain) as { values: Values; written?: Values };
            return written === undefined ? { values } : { values, written };
        } catch {
            return { unreadable: `${this.file(key)} was written under another developer key, or is damaged` };
        }
    }

    /** Writes the record durably (fsync, then rename over the old one), before the write it protects. */
    write(key: RecordKey, developerKey: string, values: Values, written?: Values): void {
        try {
            fs.mkdirSync(this.folder, { recursive: true, mode: 0o700 });
            const iv = randomBytes(12);
            const cipher = createCipheriv("aes-256-gcm", this.cipherKey(key, developerKey), iv);
            cipher.setAAD(Buffer.from(this.id(key)));
            const data = Buffer.concat([cipher.update(JSON.stringify(written === undefined ? { values } : { values, written }), "utf8"), cipher.final()]);
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
                `${this.what} could not be recorded in ${this.folder} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), ` +
                    `and without that record an up killed midway could not be recovered from: make that folder writable, or set PULUMI_HOME to a writable folder`,
            );
        }
    }

    remove(key: RecordKey): void {
        fs.rmSync(this.file(key), { force: true });
    }
}
