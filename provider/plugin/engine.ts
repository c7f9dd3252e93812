/**
 * What the plugin says to the engine that runs it, at the engine address it is started with: its warnings (whether
 * the engine is still there: provider/engineWatch.ts).
 *
 * Warnings go through the engine's log channel (the Engine service's Log call), attached to the resource's URN, as
 * @pulumi/pulumi's `log.warn` does for a program: the engine shows them in every language's CLI output. What a
 * plugin writes on stderr the engine keeps for its `-v` log only, where a Python, Go or YAML user never looks.
 */
import type * as grpcTypes from "@grpc/grpc-js";
import { warnOnStderr } from "../resources/kind";

/* eslint-disable @typescript-eslint/no-require-imports */
// The SDK's own copies, as server.ts takes them: the generated stubs are built against them.
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [require.resolve("@pulumi/pulumi")] })) as typeof grpcTypes;
const engrpc = require("@pulumi/pulumi/proto/engine_grpc_pb");
const engproto = require("@pulumi/pulumi/proto/engine_pb");

/** How a warning reaches the user: `urn` names the resource it is about. */
export type WarningSink = (urn: string, message: string) => void;

/** The warning as stderr carries it, where there is no engine to tell (the plugin run by hand, a test). */
const toStderr: WarningSink = (_urn, message) => warnOnStderr(message);

export class EngineLog {
    private client:
        | { log(req: unknown, metadata: grpcTypes.Metadata, options: grpcTypes.CallOptions, callback: (error: Error | null) => void): void; close(): void }
        | undefined;
    private readonly pending = new Set<Promise<void>>();

    constructor(address: string | undefined) {
        this.connect(address);
    }

    /** Speaks to the engine at `address` from now on (the one the plugin was started with, or one that attached it). */
    connect(address: string | undefined): void {
        this.client?.close();
        this.client = address ? new engrpc.EngineClient(address, grpc.credentials.createInsecure()) : undefined;
    }

    /** Sends a warning on the resource `urn` to the engine; on stderr when there is none, or it cannot be reached. */
    readonly warn: WarningSink = (urn, message) => {
        const client = this.client;
        if (!client) return toStderr(urn, message);
        const request = new engproto.LogRequest();
        request.setSeverity(engproto.LogSeverity.WARNING);
        request.setMessage(message);
        request.setUrn(urn);
        // An engine that does not answer within seconds is taken as gone: the call's answer does not wait on it.
        const sent = new Promise<void>((resolve) =>
            client.log(request, new grpc.Metadata(), { deadline: Date.now() + 10_000 }, (error) => {
                if (error) toStderr(urn, message);
                resolve();
            }),
        );
        this.pending.add(sent);
        void sent.finally(() => this.pending.delete(sent));
    };

    /**
     * Waits until the engine has every warning sent so far. A call answers after this: the engine shows a warning it
     * receives after the step is over only when its display is still open, which the last step of a run does not
     * wait for.
     */
    async flush(): Promise<void> {
        while (this.pending.size > 0) await Promise.all([...this.pending]);
    }
}
