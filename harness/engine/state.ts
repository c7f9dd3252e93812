/**
 * The stand-in's state file: JSON, written atomically, with every secret value encrypted
 * (AES-256-GCM, key in `<stateFile>.key`), as Pulumi's passphrase secrets provider does, so a
 * secret never sits in the file as plain text.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { isSecretWire, secretWrap, SECRET_SIG, SECRET_SIG_KEY, type Props } from "./host";

export interface ResourceState {
    type: string;
    id: string;
    /** Inputs after Check, secrets in wire form ({sig, value}). */
    inputs: Props;
    outputs: Props;
    protect?: boolean;
}

export interface State {
    resources: Record<string, ResourceState>;
    /**
     * The default provider's configuration as of the last `up` (secrets in wire form). Like the real engine,
     * refresh and destroy configure the provider from here, not from today's stack config.
     */
    providerConfig?: Props;
}

export class StateFile {
    constructor(readonly path: string) {}

    private key(): Buffer {
        const keyFile = `${this.path}.key`;
        if (!fs.existsSync(keyFile)) fs.writeFileSync(keyFile, randomBytes(32).toString("hex"), { mode: 0o600 });
        return Buffer.from(fs.readFileSync(keyFile, "utf8"), "hex");
    }

    private transform(value: unknown, secret: (v: unknown) => unknown): unknown {
        if (Array.isArray(value)) return value.map((v) => this.transform(v, secret));
        if (value !== null && typeof value === "object") {
            if ((value as Props)[SECRET_SIG_KEY] === SECRET_SIG) return secret(value);
            return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.transform(v, secret)]));
        }
        return value;
    }

    load(): State {
        if (!fs.existsSync(this.path)) return { resources: {} };
        const key = this.key();
        const raw = JSON.parse(fs.readFileSync(this.path, "utf8")) as State;
        return this.transform(raw, (wire) => {
            const { ciphertext } = wire as { ciphertext: string };
            const data = Buffer.from(ciphertext, "base64");
            const decipher = createDecipheriv("aes-256-gcm", key, data.subarray(0, 12));
            decipher.setAuthTag(data.subarray(12, 28));
            const plain = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString("utf8");
            return secretWrap(JSON.parse(plain));
        }) as State;
    }

    save(state: State): void {
        const key = this.key();
        const sealed = this.transform(state, (wire) => {
            if (!isSecretWire(wire)) return wire;
            const iv = randomBytes(12);
            const cipher = createCipheriv("aes-256-gcm", key, iv);
            const body = Buffer.concat([cipher.update(JSON.stringify(wire.value ?? null), "utf8"), cipher.final()]);
            return { [SECRET_SIG_KEY]: SECRET_SIG, ciphertext: Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64") };
        });
        const temp = `${this.path}.${process.pid}.tmp`;
        fs.writeFileSync(temp, JSON.stringify(sealed, null, 2));
        fs.renameSync(temp, this.path);
    }
}
