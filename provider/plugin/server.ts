/**
 * The plugin's gRPC face: `pulumirpc.ResourceProvider`, served with @pulumi/pulumi's own generated stubs
 * and its gRPC library, translating protobuf structs to plain values for adapter.ts and back.
 *
 * Why not `provider.main` of @pulumi/pulumi/provider alone: its server (3.270) drops the ConfigureRequest
 * (so an explicit provider's developer key would never arrive), answers CheckConfig and DiffConfig with
 * UNIMPLEMENTED, and its Diff has no detailed diff. `serve` below does what `provider.main` does
 * (bind 127.0.0.1:0, print the port as the first stdout line, take the engine address from the
 * arguments) with those calls answered; every other call it does not list gets gRPC's UNIMPLEMENTED,
 * as from the SDK's server.
 */
import type * as grpcTypes from "@grpc/grpc-js";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type { Values } from "../declarations/declaration";
import type { PluginDiff, ResourceRef, VcroomsPlugin } from "./adapter";
import type { EngineLog } from "./engine";

/* eslint-disable @typescript-eslint/no-require-imports */
// The SDK's own copies: the generated stubs are built against them.
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [require.resolve("@pulumi/pulumi")] })) as typeof grpcTypes;
const provrpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
const provproto = require("@pulumi/pulumi/proto/provider_pb");
const plugproto = require("@pulumi/pulumi/proto/plugin_pb");
const structproto = require("google-protobuf/google/protobuf/struct_pb");
const emptyproto = require("google-protobuf/google/protobuf/empty_pb");
const anyproto = require("google-protobuf/google/protobuf/any_pb");
const statusproto = require("@pulumi/pulumi/proto/status_pb");

type Call = { request: any };
type Callback = (error: Partial<grpcTypes.ServiceError> | null, value?: unknown) => void;

const toValues = (s: Struct | undefined): Values => (s ? (s.toJavaScript() as Values) : {});
const toStruct = (v: Values): Struct => structproto.Struct.fromJavaScript(v);

function refOf(req: { getUrn(): string; getType?(): string; getName?(): string }): ResourceRef {
    return { urn: req.getUrn(), type: req.getType?.(), name: req.getName?.() };
}

function checkResponse(result: { inputs: Values; failures: Array<{ property: string; reason: string }> }) {
    const resp = new provproto.CheckResponse();
    resp.setInputs(toStruct(result.inputs));
    resp.setFailuresList(
        result.failures.map((f) => {
            const failure = new provproto.CheckFailure();
            failure.setProperty(f.property);
            failure.setReason(f.reason);
            return failure;
        }),
    );
    return resp;
}

function diffResponse(diff: PluginDiff) {
    const resp = new provproto.DiffResponse();
    const Changes = provproto.DiffResponse.DiffChanges;
    resp.setChanges(diff.changes ? Changes.DIFF_SOME : Changes.DIFF_NONE);
    resp.setReplacesList(diff.replaces);
    resp.setStablesList(diff.stables);
    resp.setDeletebeforereplace(diff.deleteBeforeReplace);
    const names = Object.keys(diff.detailedDiff);
    resp.setDiffsList(names);
    // Without names (a change the provider cannot place on an input), the engine falls back to its own diff.
    resp.setHasdetaileddiff(!diff.changes || names.length > 0);
    const map = resp.getDetaileddiffMap();
    for (const [name, kind] of Object.entries(diff.detailedDiff)) {
        const entry = new provproto.PropertyDiff();
        entry.setKind(provproto.PropertyDiff.Kind[kind]);
        entry.setInputdiff(true);
        map.set(name, entry);
    }
    return resp;
}

/**
 * The gRPC error of a failed call. One that carries an `id` (a create that failed after the resource may exist) goes
 * with its `id` and `properties` as the engine's ErrorResourceInitFailed detail, so the engine keeps the resource in
 * the stack, as the dynamic-provider host does for the same error.
 */
function callError(error: unknown): Partial<grpcTypes.ServiceError> {
    const message = error instanceof Error ? error.message : String(error);
    const kept = error as { id?: unknown; properties?: Values };
    if (typeof kept.id !== "string" || kept.id === "") return { code: grpc.status.UNKNOWN, details: message, message };
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(kept.id);
    detail.setProperties(toStruct(kept.properties ?? {}));
    detail.setReasonsList([message]);
    const any = new anyproto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    const metadata = new grpc.Metadata();
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
    return { code: grpc.status.UNKNOWN, details: message, message, metadata };
}

/**
 * Answers a unary call from an async function: a thrown error is the call's error, its message shown by the engine.
 * `settled` runs before the answer either way (the warnings the call sent reach the engine first).
 */
function unary(run: (req: any) => Promise<unknown>, settled: () => Promise<void> = async () => {}) {
    return (call: Call, callback: Callback) => {
        run(call.request)
            .finally(settled)
            .then(
                (value) => callback(null, value),
                (error: unknown) => callback(callError(error)),
            );
    };
}

/**
 * `schema` gives the package schema's text when the engine first asks for it: building it walks every declaration
 * and setting type (about half a second), which an up, preview or refresh never asks for; `pulumi package
 * gen-sdk`, `package add` and `import` do.
 */
export function service(plugin: VcroomsPlugin, schema: () => string, log?: EngineLog) {
    let schemaText: string | undefined;
    // Every answer waits for the warnings its call sent.
    const answer = (run: (req: any) => Promise<unknown>) => unary(run, async () => log?.flush());
    return {
        getPluginInfo: answer(async () => new plugproto.PluginInfo().setVersion(plugin.version)),
        getSchema: answer(async (req) => {
            if (req.getVersion() !== 0) throw new Error(`unsupported schema version ${req.getVersion()}`);
            schemaText ??= schema();
            return new provproto.GetSchemaResponse().setSchema(schemaText);
        }),
        checkConfig: answer(async (req) => checkResponse(plugin.checkConfig(toValues(req.getNews())))),
        diffConfig: answer(async (req) => diffResponse(plugin.diffConfig(toValues(req.getOldInputs() ?? req.getOlds()), toValues(req.getNews())))),
        configure: answer(async (req) => {
            // `args` carries typed values; older engines send only `variables`, "vcrooms:config:apiUrl" -> text.
            const args = req.hasArgs()
                ? toValues(req.getArgs())
                : Object.fromEntries([...req.getVariablesMap().entries()].map(([k, v]: [string, string]) => [k.replace(/^.*:config:/, ""), v]));
            // `id`: the provider resource's own (engines since it was added to the request send it; none before).
            plugin.configure(args, req.getId?.());
            const resp = new provproto.ConfigureResponse();
            resp.setAcceptsecrets(true);
            resp.setAcceptresources(false);
            resp.setAcceptoutputs(false);
            // The engine then calls Create and Update at preview too (with `preview` set): the adapter answers the
            // kind's planned outputs without a write, so an address known before the up shows at preview.
            resp.setSupportspreview(true);
            return resp;
        }),
        check: answer(async (req) =>
            checkResponse(await plugin.check(refOf(req), toValues(req.getOlds()), toValues(req.getNews()), Buffer.from(req.getRandomseed_asU8()).toString("hex"))),
        ),
        diff: answer(async (req) => diffResponse(await plugin.diff(refOf(req), req.getId(), toValues(req.getOlds()), toValues(req.getNews()), toValues(req.getOldInputs())))),
        create: answer(async (req) => {
            // `timeout`: the resource's customTimeouts for the operation, in seconds (0: none).
            const result = await plugin.create(refOf(req), toValues(req.getProperties()), req.getPreview(), req.getTimeout());
            return new provproto.CreateResponse().setId(result.id).setProperties(toStruct(result.outs));
        }),
        read: answer(async (req) => {
            const result = await plugin.read(refOf(req), req.getId(), toValues(req.getProperties()), toValues(req.getInputs()));
            return new provproto.ReadResponse().setId(result.id).setProperties(toStruct(result.props)).setInputs(toStruct(result.inputs));
        }),
        update: answer(async (req) => new provproto.UpdateResponse().setProperties(toStruct(await plugin.update(refOf(req), req.getId(), toValues(req.getOlds()), toValues(req.getNews()), req.getPreview(), req.getTimeout(), toValues(req.getOldInputs()))))),
        delete: answer(async (req) => {
            await plugin.delete(refOf(req), req.getId(), toValues(req.getProperties()), req.getTimeout(), toValues(req.getOldInputs()));
            return new emptyproto.Empty();
        }),
        invoke: answer(async (req) => new provproto.InvokeResponse().setReturn(toStruct(await plugin.invoke(req.getTok(), toValues(req.getArgs()))))),
        cancel: answer(async () => {
            plugin.cancel();
            return new emptyproto.Empty();
        }),
        // The engine tells a plugin it attached to (one started by hand, named in PULUMI_DEBUG_PROVIDERS) where it lives.
        attach: answer(async (req) => {
            log?.connect(req.getAddress());
            return new emptyproto.Empty();
        }),
    };
}

/** Serves the plugin on a free loopback port and prints the port, which is how the engine finds it. */
export async function serve(plugin: VcroomsPlugin, schema: () => string, log?: EngineLog): Promise<grpcTypes.Server> {
    const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
    server.addService(provrpc.ResourceProviderService, service(plugin, schema, log));
    const port = await new Promise<number>((resolve, reject) => server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
    process.stdout.write(`${port}\n`);
    return server;
}
