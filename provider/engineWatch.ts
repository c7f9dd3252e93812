/**
 * Ends a provider process of ours once the engine that started it is gone (its CLI killed: a CI job's timeout kills
 * the CLI's process group, the OOM killer one process), as plugins on Pulumi's Go provider SDK do. The engine starts
 * its plugins in process groups of their own, so they outlive such a kill: the dynamic-provider host running our
 * code, and the plugin, would otherwise go on under init and finish their in-flight writes for no one. A create
 * finished so is never in the state, and marks its record returned (resources/room.ts), so the recovery's up could
 * no longer take the room it made. Stopped at once, the process leaves the record as written before its write, and
 * the create run again takes that room.
 *
 * Used by both faces: provider/index.ts when it is loaded by the dynamic-provider host, provider/plugin/main.ts.
 */
import * as http2 from "node:http2";

/**
 * The engine address among a provider's arguments: the first that is not a logging flag (`--logtostderr`, `-v=N`,
 * `--tracing <endpoint>`), as @pulumi/pulumi's provider server reads them.
 */
export function engineAddress(args: readonly string[]): string | undefined {
    for (let i = 0; i < args.length; i++) {
        const arg = args[i]!;
        if (arg === "--logtostderr" || arg.startsWith("-v=")) continue;
        if (arg === "--tracing") {
            i++;
            continue;
        }
        return arg;
    }
    return undefined;
}

/**
 * Calls `gone` once the engine at `address` is gone: the one idle HTTP/2 connection this keeps to the engine's gRPC
 * server is dropped (the kernel closes it when the engine dies), or closes and a new one is refused; or the process
 * was handed to another parent (its parent died: the plugin's language host, or an engine with no address). Nothing
 * is sent on the connection and nothing is polled but the parent's id, once every `everyMs`: a normal run pays
 * nothing. Neither the connection nor the timer keeps the process alive.
 */
export function whenEngineGone(address: string | undefined, gone: () => void, everyMs = 1000): { stop(): void } {
    const parent = process.ppid;
    let stopped = false;
    let session: http2.ClientHttp2Session | undefined;
    let retry: NodeJS.Timeout | undefined;
    const end = () => {
        if (stopped) return;
        stop();
        gone();
    };
    const timer = setInterval(() => {
        if (process.ppid !== parent) end();
    }, everyMs);
    timer.unref();

    // A connection the engine drops without a GOAWAY (the kernel closing a dead engine's sockets) is the engine gone:
    // the process ends in that callback, with no reconnection to wait for first, in which an answer that arrived
    // meanwhile could settle a create and start a lookup. One closed otherwise (a GOAWAY, or before the engine's
    // SETTINGS arrived) is opened again: refused, the engine is gone; accepted, it had closed an idle one. One that
    // lived less than `everyMs` is opened again after that long only, so no engine makes this a busy loop. An address
    // that never accepted one is no engine that went (a test's host started with an unused port, the plugin run by
    // hand): it is not watched further.
    let seen = false;
    const watch = (origin: string) => {
        if (stopped) return;
        let connectedAt: number | undefined;
        let established = false;
        let goaway = false;
        const current = http2.connect(origin);
        session = current;
        current.unref();
        current.once("connect", () => {
            connectedAt = Date.now();
            seen = true;
        });
        current.once("remoteSettings", () => (established = true));
        current.once("goaway", () => (goaway = true));
        current.on("error", (error: NodeJS.ErrnoException) => {
            if (seen && connectedAt === undefined && error.code === "ECONNREFUSED") end();
        });
        current.once("close", () => {
            if (stopped || session !== current || !seen) return;
            if (established && !goaway) return end();
            if (connectedAt !== undefined && Date.now() - connectedAt >= everyMs) return watch(origin);
            retry = setTimeout(() => watch(origin), everyMs);
            retry.unref();
        });
    };
    const stop = () => {
        stopped = true;
        clearInterval(timer);
        if (retry) clearTimeout(retry);
        session?.destroy();
    };
    if (address) watch(`http://${address}`);
    return { stop };
}
