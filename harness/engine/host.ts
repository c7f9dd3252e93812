/**
 * The SDK's own dynamic-provider host, started the way the Pulumi engine starts
 * `pulumi-resource-pulumi-nodejs` (node <@pulumi/pulumi>/cmd/dynamic-provider <engineAddr>), and a
 * typed gRPC client for it, using the SDK's generated stubs. Also the wire conventions around
 * those calls: the secret signature and what the engine does with secrets for a provider that
 * does not accept them (provider_plugin.go: strip on the way in, re-mark by key on the way out).
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";
import { DEFER_CLOSURE_MODULES } from "../preloads";

/* eslint-disable @typescript-eslint/no-require-imports */
const SDK_DIR = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
// The grpc-js instance the SDK's stubs were built with (credentials are checked with instanceof).
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [SDK_DIR] }));
export const provrpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
export const provproto = require("@pulumi/pulumi/proto/provider_pb");
const { Struct } = require("google-protobuf/google/protobuf/struct_pb");
const rpc = require("@pulumi/pulumi/runtime/rpc");

export type Props = Record<string, unknown>;
export const SECRET_SIG_KEY: string = rpc.specialSigKey;
export const SECRET_SIG: string = rpc.specialSecretSig;
export const UNKNOWN: string = rpc.unknownValue;

export const struct = (value: Props) => Struct.fromJavaScript(value);

export function isSecretWire(v: unknown): v is { value: unknown } {
    return v !== null && typeof v === "object" && (v as Props)[SECRET_SIG_KEY] === SECRET_SIG;
}
export const secretWrap = (value: unknown) => ({ [SECRET_SIG_KEY]: SECRET_SIG, value });

/** What the engine sends to a provider that said acceptSecrets=false: plain values. */
export function stripSecrets(v: unknown): any {
    if (isSecretWire(v)) return stripSecrets(v.value);
    if (Array.isArray(v)) return v.map(stripSecrets);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, stripSecrets(x)]));
    return v;
}

export function containsSecrets(v: unknown): boolean {
    return isSecretWire(v) || (v !== null && typeof v === "object" && Object.values(v).some(containsSecrets));
}

/** annotateSecrets(outs, ins): an output whose input of the same key held a secret becomes secret. */
export function annotateSecrets(outs: Props, ins: Props | undefined): Props {
    if (!ins) return outs;
    for (const [k, inValue] of Object.entries(ins)) {
        if (!(k in outs)) continue;
        const o = outs[k];
        const plain = (x: unknown): x is Props => x !== null && typeof x === "object" && !Array.isArray(x) && !isSecretWire(x);
        if (plain(o) && plain(inValue)) annotateSecrets(o, inValue);
        else if (!isSecretWire(o) && containsSecrets(inValue)) outs[k] = secretWrap(o);
    }
    return outs;
}

export interface ProviderHost {
    call<T = any>(method: string, request: unknown): Promise<T>;
    /** Whatever the host printed on stderr (provider errors are logged there). */
    stderr: string[];
    /** Ends the host; resolves once its stderr is read to the end (what it printed before is in `stderr` then). */
    stop(): Promise<void>;
}

/**
 * Spawns the host in `cwd` (where the serialized providers' `require("<package>")` resolve) and
 * resolves once it prints its port, as the engine waits for it. The host loads the SDK's closure-serialization
 * modules only if something uses them (harness/deferClosureModules.ts: half of a host's start, never used by a host).
 */
export function startProviderHost(options: { cwd: string; env?: Record<string, string | undefined> }): Promise<ProviderHost> {
    const script = require.resolve("@pulumi/pulumi/cmd/dynamic-provider");
    const child: ChildProcess = spawn(process.execPath, ["--require", DEFER_CLOSURE_MODULES, script, "127.0.0.1:1"], {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        stdio: ["ignore", "pipe", "pipe"],
    });
    const stderr: string[] = [];
    child.stderr!.on("data", (d) => stderr.push(String(d)));
    const reap = () => child.kill();
    process.once("exit", reap);
    child.once("exit", () => process.off("exit", reap));
    return new Promise((resolve, reject) => {
        const lines = readline.createInterface({ input: child.stdout! });
        lines.once("line", (line) => {
            const port = Number.parseInt(line.trim(), 10);
            if (!(port > 0)) return reject(new Error(`provider host printed ${JSON.stringify(line)} instead of its port`));
            lines.on("line", () => undefined); // keep draining: provider console.log lands here
            const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
            resolve({
                stderr,
                call: (method, request) =>
                    new Promise((ok, fail) => client[method](request, (err: Error | null, resp: unknown) => (err ? fail(err) : ok(resp as never)))),
                stop: () => {
                    client.close();
                    // A warning the provider printed just before answering is in the pipe, not yet read: the
                    // child's "close" comes once its stdio are read to the end.
                    const closed = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => child.once("close", () => done()));
                    child.kill();
                    return closed;
                },
            });
        });
        child.once("exit", (code) => reject(new Error(`provider host exited with ${code}: ${stderr.join("")}`)));
    });
}
