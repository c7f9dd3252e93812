/**
 * A stand-in for the Pulumi engine, for tests and the demo on machines without the Pulumi CLI.
 *
 * It runs a real Pulumi program in process: `pulumi.runtime.setMocks` machinery, with a
 * MockMonitor subclass that forwards every dynamic resource to the SDK's real dynamic-provider
 * host over gRPC and plays the engine's steps around it (step_generator.go): Check, then Create;
 * or Diff, then Update, Replace or Same; deletes of what the program dropped; refresh; destroy.
 * State is a JSON file; secret values in it are encrypted.
 *
 * Where it differs from the real engine, a test shows the difference; these agree with
 * pkg/resource/deploy (step_generator.go, step.go) and are checked against the real CLI by
 * test/cli/differential.test.ts:
 * - `up` runs a full preview pass (Check and Diff, no writes) before the update pass.
 * - A replacement calls Check again with no old inputs, as the engine does to recompute defaults.
 * - An explicit `deleteBeforeReplace` option (true or false) overrides the provider's choice; a
 *   forced replacement (`replace`, like `--replace`) never deletes first; a create-before-delete
 *   replacement deletes the old resource at the end of the deployment.
 * - The default provider's configuration is kept in state at each `up`; refresh and destroy
 *   configure the provider from state, not from today's config.
 * - Refresh decides same or update by the provider's Diff with olds and news swapped.
 * - State is checkpointed after every step.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { annotateSecrets, containsSecrets, isSecretWire, provproto, secretWrap, startProviderHost, stripSecrets, struct, UNKNOWN, type Props, type ProviderHost } from "./host";
import { StateFile, type ResourceState, type State } from "./state";

/* eslint-disable @typescript-eslint/no-require-imports */
const pulumi = require("@pulumi/pulumi");
const settings = require("@pulumi/pulumi/runtime/settings");
const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks");
const resproto = require("@pulumi/pulumi/proto/resource_pb");

const DIFF_NAMES: Record<number, string> = Object.fromEntries(Object.entries(provproto.DiffResponse.DiffChanges).map(([k, v]) => [v as number, k]));

export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "refresh-update" | "refresh-delete" | "refresh-same";

export interface Step {
    op: StepOp;
    urn: string;
    type: string;
    name: string;
    /** update, replace: the keys that differ. */
    changedKeys?: string[];
    replaceKeys?: string[];
    deleteBeforeReplace?: boolean;
}

export interface RunResult {
    steps: Step[];
    /** Stack outputs, secrets shown as "[secret]". */
    outputs: Record<string, unknown>;
    failed: boolean;
    errors: string[];
    /** Warnings the provider wrote (its stderr, which the real engine shows as diagnostics). */
    warnings: string[];
}

export type Program = () => Promise<Record<string, unknown> | void> | Record<string, unknown> | void;

export interface EngineOptions {
    stateFile: string;
    /** Stack config, fully qualified: `{"vcrooms:apiUrl": "..."}`. */
    config?: Record<string, string>;
    /** Keys of `config` that are secrets. */
    secretConfig?: string[];
    /** Where the provider host runs; serialized providers resolve packages from here. */
    hostCwd?: string;
    env?: Record<string, string | undefined>;
    project?: string;
    stack?: string;
    /** At most this many resource operations at once, like `pulumi up --parallel`. */
    parallel?: number;
    /**
     * Packages the serialized providers require by name, mapped to their folders, e.g.
     * `{"pulumi-vcrooms": repoRoot}`: a user's program has them in node_modules; here they are
     * linked into a folder on the host's NODE_PATH, so the repository needs no self-install.
     */
    linkPackages?: Record<string, string>;
}

class Semaphore {
    private active = 0;
    private readonly queue: Array<() => void> = [];
    constructor(private readonly size: number) {}
    async run<T>(task: () => Promise<T>): Promise<T> {
        if (this.active >= this.size) await new Promise<void>((r) => this.queue.push(r));
        this.active += 1;
        try {
            return await task();
        } finally {
            this.active -= 1;
            this.queue.shift()?.();
        }
    }
}

/**
 * A folder of symlinks to the given packages, for the host's NODE_PATH: one fresh folder per set of packages in
 * this process (mkdtemp, so a folder left in the temporary directory by an earlier process of the same id, with
 * dangling links, can never collide with ours).
 */
const linkedDirs = new Map<string, string>();
function linkedPackagesDir(packages: Record<string, string>): string {
    const key = JSON.stringify(Object.entries(packages).map(([name, target]) => [name, path.resolve(target)]));
    const known = linkedDirs.get(key);
    if (known) return known;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-engine-packages-"));
    for (const [name, target] of Object.entries(packages)) fs.symlinkSync(path.resolve(target), path.join(dir, name), "dir");
    linkedDirs.set(key, dir);
    return dir;
}

const isDynamic = (type: string) => type.startsWith("pulumi-nodejs:dynamic");

/** Keys whose values differ between two property bags (secrets compared by value). */
function changedKeys(a: Props, b: Props): string[] {
    const x = stripSecrets(a) as Props;
    const y = stripSecrets(b) as Props;
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => k !== "__provider" && JSON.stringify(x[k]) !== JSON.stringify(y[k])).sort();
}

function grpcMessage(e: unknown): string {
    const err = e as { details?: string; message?: string };
    return err.details ?? err.message ?? String(e);
}

interface RegisterRequest {
    type: string;
    name: string;
    inputs: Props;
    additionalSecretOutputs: string[];
    ignoreChanges: string[];
    protect: boolean;
    deleteBeforeReplace: boolean;
    /** Whether the program set `deleteBeforeReplace` at all: an explicit false overrides the provider too. */
    deleteBeforeReplaceDefined: boolean;
}

export interface UpOptions {
    /** Refresh first, like `pulumi up --refresh`. */
    refresh?: boolean;
    /** Resource names to replace whatever the diff says, like `pulumi up --replace <urn>`. */
    replace?: string[];
}

/** What one pass (preview or update) carries between its steps. */
interface Pass {
    preview: boolean;
    state: State;
    replace: Set<string>;
    /** Old resources of create-before-delete replacements, deleted when the program has finished. */
    pendingDeletes: Array<{ urn: string; res: ResourceState }>;
}

export class Engine {
    private readonly state: StateFile;
    private readonly project: string;
    private readonly stack: string;
    private host?: ProviderHost;
    private steps: Step[] = [];
    private errors: string[] = [];
    private warnings: string[] = [];

    constructor(private readonly options: EngineOptions) {
        this.project = options.project ?? "vcrooms-test";
        this.stack = options.stack ?? "dev";
        this.state = new StateFile(options.stateFile);
    }

    /** The state as saved: resources by URN, secrets decrypted. */
    resources(): Record<string, ResourceState> {
        return this.state.load().resources;
    }

    urn(type: string, name: string): string {
        return `urn:pulumi:${this.stack}::${this.project}::${type}::${name}`;
    }

    private step(op: StepOp, urn: string, extra: Partial<Step> = {}): void {
        const [type = "", name = ""] = urn.split("::").slice(2);
        this.steps.push({ op, urn, type, name, ...extra });
    }

    /** Today's stack config in wire form (secrets signature-wrapped), as the engine sends it to Configure. */
    private configArgs(): Props {
        const secret = new Set(this.options.secretConfig ?? []);
        return Object.fromEntries(Object.entries(this.options.config ?? {}).map(([k, v]) => [k, secret.has(k) ? secretWrap(v) : v]));
    }

    private async startHost(args: Props): Promise<void> {
        const nodePath = this.options.linkPackages ? linkedPackagesDir(this.options.linkPackages) : undefined;
        this.host = await startProviderHost({
            cwd: this.options.hostCwd ?? process.cwd(),
            env: { PULUMI_NODEJS_PROJECT: this.project, PULUMI_PROJECT: this.project, PULUMI_NODEJS_STACK: this.stack, ...(nodePath ? { NODE_PATH: nodePath } : {}), ...this.options.env },
        });
        const req = new provproto.ConfigureRequest();
        req.setType("pulumi:providers:pulumi-nodejs").setName("default").setAcceptsecrets(true).setAcceptresources(true);
        req.setArgs(struct(args));
        await this.host.call("configure", req);
    }

    private stopHost(): void {
        this.warnings.push(...(this.host?.stderr.join("").split("\n").filter((line) => line.startsWith("warning: ")) ?? []));
        this.host?.stop();
        this.host = undefined;
    }

    private call<T = any>(method: string, req: unknown): Promise<T> {
        return this.host!.call<T>(method, req);
    }

    private async deleteResource(urn: string, res: ResourceState): Promise<void> {
        if (res.protect) throw new Error(`${urn}: cannot delete a protected resource; set protect: false first`);
        const req = new provproto.DeleteRequest().setId(res.id).setUrn(urn).setType(res.type);
        req.setProperties(struct(stripSecrets(res.outputs))).setOldInputs(struct(stripSecrets(res.inputs)));
        await this.call("delete", req);
    }

    /** The engine's steps for one registered dynamic resource. */
    private async register(r: RegisterRequest, pass: Pass): Promise<{ id: string; outputs: Props }> {
        const { preview } = pass;
        const resources = pass.state.resources;
        const urn = this.urn(r.type, r.name);
        const old = resources[urn];
        const inputs = { ...r.inputs };
        // ignoreChanges: the old input value stands for the new one before Check and Diff.
        if (old) for (const key of r.ignoreChanges) if (key in old.inputs) inputs[key] = old.inputs[key];
        const meta = <T extends { setUrn(u: string): T; setName(n: string): T; setType(t: string): T }>(m: T) => m.setUrn(urn).setName(r.name).setType(r.type);

        const check = async (olds: Props): Promise<Props> => {
            const req = meta(new provproto.CheckRequest());
            req.setOlds(struct(stripSecrets(olds))).setNews(struct(stripSecrets(inputs))).setRandomseed(Buffer.alloc(32));
            const checked = await this.call("check", req);
            const failures: string[] = checked.getFailuresList().map((f: any) => `${f.getProperty()}: ${f.getReason()}`);
            if (failures.length > 0) throw new Error(`${urn}: check failed:\n    ${failures.join("\n    ")}`);
            return annotateSecrets(checked.getInputs().toJavaScript(), inputs);
        };
        const news = await check(old ? old.inputs : {});

        const finish = (outs: Props): Props => {
            annotateSecrets(outs, news);
            for (const k of r.additionalSecretOutputs) if (k in outs && outs[k] !== undefined && outs[k] !== null && !isSecretWire(outs[k])) outs[k] = secretWrap(outs[k]);
            return outs;
        };
        const create = async (props: Props) => {
            const resp = await this.call("create", meta(new provproto.CreateRequest()).setProperties(struct(stripSecrets(props))));
            return { id: resp.getId() as string, outputs: finish(resp.getProperties().toJavaScript()) };
        };
        const record = (id: string, ins: Props, outputs: Props): ResourceState => ({ type: r.type, id, inputs: ins, outputs, protect: r.protect });

        if (!old) {
            this.step("create", urn);
            if (preview) return { id: "", outputs: this.previewOutputs(news) };
            const made = await create(news);
            resources[urn] = record(made.id, news, made.outputs);
            this.checkpoint(pass);
            return made;
        }

        const diff = meta(new provproto.DiffRequest()).setId(old.id);
        diff.setOlds(struct(stripSecrets(old.outputs))).setOldInputs(struct(stripSecrets(old.inputs))).setNews(struct(stripSecrets(news)));
        const d = await this.call("diff", diff);
        let changes = DIFF_NAMES[d.getChanges()];
        const replaceKeys: string[] = d.getReplacesList();
        const keys = changedKeys(old.inputs, news);
        if (changes === "DIFF_UNKNOWN") changes = keys.length > 0 ? "DIFF_SOME" : "DIFF_NONE";
        const forced = pass.replace.has(r.name);
        if (changes === "DIFF_NONE" && !forced) {
            // A same step keeps the OLD outputs (and so the old provider code for later reads and deletes).
            resources[urn] = { ...old, inputs: news, protect: r.protect };
            this.step("same", urn);
            return { id: old.id, outputs: old.outputs };
        }
        if (replaceKeys.length > 0 || forced) {
            // The program's explicit choice wins over the provider's; a forced replacement never deletes first.
            const deleteFirst = forced ? false : r.deleteBeforeReplaceDefined ? r.deleteBeforeReplace : d.getDeletebeforereplace();
            this.step("replace", urn, { changedKeys: keys, replaceKeys, deleteBeforeReplace: deleteFirst });
            // The engine checks the replacement again with no old inputs, so defaults are computed anew.
            const replacement = await check({});
            if (preview) return { id: old.id, outputs: this.previewOutputs(replacement) };
            if (old.protect) throw new Error(`${urn}: cannot replace a protected resource; set protect: false first`);
            if (deleteFirst) {
                await this.deleteResource(urn, old);
                delete resources[urn];
                this.checkpoint(pass);
            }
            const made = await create(replacement);
            resources[urn] = record(made.id, replacement, made.outputs);
            if (!deleteFirst) pass.pendingDeletes.push({ urn, res: old });
            this.checkpoint(pass);
            return made;
        }
        this.step("update", urn, { changedKeys: keys });
        if (preview) return { id: old.id, outputs: { ...old.outputs, ...news } };
        const update = meta(new provproto.UpdateRequest()).setId(old.id);
        update.setOlds(struct(stripSecrets(old.outputs))).setNews(struct(stripSecrets(news))).setOldInputs(struct(stripSecrets(old.inputs)));
        const u = await this.call("update", update);
        resources[urn] = record(old.id, news, finish(u.getProperties().toJavaScript()));
        this.checkpoint(pass);
        return { id: old.id, outputs: resources[urn]!.outputs };
    }

    /** During preview a resource to be created has its inputs known and the rest unknown. */
    private previewOutputs(news: Props): Props {
        return Object.fromEntries(Object.entries(news).map(([k, v]) => [k, v === undefined ? UNKNOWN : v]));
    }

    /** Real engines write state after every step, so a failure part-way loses nothing already done. */
    private checkpoint(pass: Pass): void {
        if (!pass.preview) this.state.save(pass.state);
    }

    /** `pulumi preview`: the plan, no writes to the API and no change to the state. */
    preview(program: Program, options: UpOptions = {}): Promise<RunResult> {
        return this.run(program, true, options);
    }

    /** `pulumi up`: a preview pass first (it fails the up before any write), then the update. */
    async up(program: Program, options: UpOptions = {}): Promise<RunResult> {
        const plan = await this.run(program, true, options);
        if (plan.failed) return plan;
        return this.run(program, false, options);
    }

    private async run(program: Program, preview: boolean, options: UpOptions): Promise<RunResult> {
        this.steps = [];
        this.errors = [];
        this.warnings = [];
        const saved = this.state.load();
        const resources = saved.resources;
        const pass: Pass = { preview, state: saved, replace: new Set(options.replace ?? []), pendingDeletes: [] };
        // The program's run configures the provider with today's config, and an update keeps it in state.
        const config = this.configArgs();
        if (!preview) saved.providerConfig = config;
        await this.startHost(config);
        const seen = new Set<string>();
        const inflight: Promise<unknown>[] = [];
        const limit = new Semaphore(this.options.parallel ?? 16);
        const engine = this;
        let outputs: Record<string, unknown> = {};
        let stackOutputs: Props = {};
        // Failed registrations also reject promises inside the SDK; they are reported through
        // `errors`, so they must not crash the process.
        const swallow = () => undefined;
        process.on("unhandledRejection", swallow);
        try {
            if (options.refresh) await this.refreshInto(pass);
            class ForwardingMonitor extends MockMonitor {
                constructor(mocks: unknown) {
                    super(mocks);
                }
                /** The stack's outputs as the engine receives them: secrets still marked, which the resolved values are not. */
                registerResourceOutputs(req: any, callback: (err: unknown, resp?: unknown) => void) {
                    if (String(req.getUrn()).includes("::pulumi:pulumi:Stack::")) stackOutputs = req.getOutputs()?.toJavaScript() ?? {};
                    return super.registerResourceOutputs(req, callback);
                }
                async registerResource(req: any, callback: (err: unknown, resp?: unknown) => void) {
                    if (!isDynamic(req.getType())) return super.registerResource(req, callback);
                    const urn = engine.urn(req.getType(), req.getName());
                    seen.add(urn);
                    const work = limit.run(() =>
                        engine.register(
                            {
                                type: req.getType(),
                                name: req.getName(),
                                // The wire form as the engine receives it: secrets signature-wrapped, unknowns as the sentinel.
                                inputs: req.getObject().toJavaScript(),
                                additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
                                ignoreChanges: req.getIgnorechangesList(),
                                protect: req.getProtect(),
                                deleteBeforeReplace: req.getDeletebeforereplace(),
                                deleteBeforeReplaceDefined: req.getDeletebeforereplacedefined(),
                            },
                            pass,
                        ),
                    );
                    inflight.push(work.catch(() => undefined));
                    try {
                        const res = await work;
                        const resp = new resproto.RegisterResourceResponse();
                        resp.setUrn(urn);
                        resp.setId(res.id);
                        resp.setObject(struct(res.outputs));
                        callback(null, resp);
                    } catch (e) {
                        engine.errors.push(grpcMessage(e));
                        callback(e);
                    }
                }
            }
            const mocks = { newResource: (a: any) => ({ id: a.custom ? `${a.name}-id` : undefined, state: a.inputs }), call: (a: any) => a.inputs };
            await pulumi.runtime.setMocks(mocks, this.project, this.stack, preview);
            settings.setMockOptions(new ForwardingMonitor(mocks), this.project, this.stack, preview);
            pulumi.runtime.setAllConfig(this.options.config ?? {}, this.options.secretConfig ?? []);
            outputs = await this.runProgram(program, inflight);
            // As the CLI prints them: an output that is, or holds, a secret shows as "[secret]".
            for (const k of Object.keys(outputs)) if (containsSecrets(stackOutputs[k])) outputs[k] = "[secret]";
            // Replaced resources (create-before-delete) go at the end of the deployment, as pending deletes.
            for (const { urn, res } of pass.pendingDeletes) await this.deleteResource(urn, res);
            if (this.errors.length === 0) {
                // Resources the program no longer declares are deleted, newest first.
                for (const urn of Object.keys(resources).reverse()) {
                    if (seen.has(urn)) continue;
                    this.step("delete", urn);
                    if (preview) continue;
                    await this.deleteResource(urn, resources[urn]!);
                    delete resources[urn];
                    this.checkpoint(pass);
                }
            }
        } catch (e) {
            this.errors.push(grpcMessage(e));
        } finally {
            await Promise.allSettled(inflight);
            if (!preview) this.state.save(saved);
            this.stopHost();
            setTimeout(() => process.off("unhandledRejection", swallow), 100);
        }
        return { steps: this.steps, outputs, failed: this.errors.length > 0, errors: this.errors, warnings: this.warnings };
    }

    /** Runs the program; registration failures surface as unhandled rejections, caught here. */
    private async runProgram(program: Program, inflight: Promise<unknown>[]): Promise<Record<string, unknown>> {
        let fail!: (e: unknown) => void;
        const failed = new Promise<never>((_, reject) => (fail = reject));
        failed.catch(() => undefined);
        const onUnhandled = (e: unknown) => fail(e);
        process.on("unhandledRejection", onUnhandled);
        try {
            const result = await Promise.race([pulumi.runtime.runInPulumiStack(program), failed]);
            await Promise.race([settings.waitForRPCs(), failed]);
            await Promise.allSettled(inflight);
            const resolved = result ? await new Promise<Record<string, unknown>>((ok) => pulumi.output(result).apply(ok)) : {};
            return Object.fromEntries(Object.entries(resolved ?? {}).map(([k, v]) => [k, v]));
        } catch (e) {
            if (this.errors.length === 0) this.errors.push(grpcMessage(e));
            return {};
        } finally {
            process.off("unhandledRejection", onUnhandled);
        }
    }

    private async refreshInto(pass: Pass): Promise<void> {
        // Reads run `parallel` at a time, as the engine's refresh does; one after another, 2,000
        // reads at a 50 ms round trip took 100 s of waiting alone. Steps keep the state's order.
        const resources = pass.state.resources;
        const limit = new Semaphore(this.options.parallel ?? 16);
        const entries = Object.entries(resources);
        const start = this.steps.length;
        await Promise.all(entries.map(([urn, res]) => limit.run(() => this.refreshOne(urn, res, pass))));
        // The plan reads in state order, whatever finished first.
        const order = new Map(entries.map(([urn], i) => [urn, i]));
        const made = this.steps.splice(start).sort((a, b) => order.get(a.urn)! - order.get(b.urn)!);
        this.steps.push(...made);
    }

    private async refreshOne(urn: string, res: ResourceState, pass: Pass): Promise<void> {
        const resources = pass.state.resources;
        const [type = "", name = ""] = urn.split("::").slice(2);
        const req = new provproto.ReadRequest().setId(res.id).setUrn(urn).setName(name).setType(type);
        req.setProperties(struct(stripSecrets(res.outputs))).setInputs(struct(stripSecrets(res.inputs)));
        const read = await this.call("read", req);
        if (!read.getId()) {
            // Gone outside Pulumi: dropped from state.
            delete resources[urn];
            this.step("refresh-delete", urn);
            this.checkpoint(pass);
            return;
        }
        const outputs = annotateSecrets(read.getProperties().toJavaScript(), res.outputs);
        const inputs = read.getInputs() ? annotateSecrets(read.getInputs().toJavaScript(), res.inputs) : res.inputs;
        for (const [k, v] of Object.entries(res.outputs)) if (isSecretWire(v) && k in outputs && !isSecretWire(outputs[k])) outputs[k] = secretWrap(outputs[k]);
        // Same or update is the provider's Diff of the refreshed state against the old inputs (olds and news
        // swapped: what an `up` of the unchanged program would change, inverted), as the engine decides it.
        const diff = new provproto.DiffRequest().setId(read.getId()).setUrn(urn).setName(name).setType(type);
        diff.setOlds(struct(stripSecrets(outputs))).setOldInputs(struct(stripSecrets(inputs))).setNews(struct(stripSecrets(res.inputs)));
        const drifted = DIFF_NAMES[(await this.call("diff", diff)).getChanges()] === "DIFF_SOME";
        resources[urn] = { ...res, id: read.getId(), outputs, inputs };
        this.checkpoint(pass);
        this.step(drifted ? "refresh-update" : "refresh-same", urn, drifted ? { changedKeys: changedKeys(res.outputs, outputs) } : {});
    }

    /** `pulumi refresh`. */
    refresh(): Promise<RunResult> {
        return this.operateOnState((pass) => this.refreshInto(pass));
    }

    /** `pulumi destroy`: deletes with the provider code stored in state, newest first. */
    destroy(): Promise<RunResult> {
        return this.operateOnState(async (pass) => {
            const resources = pass.state.resources;
            for (const [urn, res] of Object.entries(resources).reverse()) {
                this.step("delete", urn);
                await this.deleteResource(urn, res);
                delete resources[urn];
                this.checkpoint(pass);
            }
        });
    }

    /**
     * Runs an operation that needs no program: the state in, a host configured from the provider config kept in
     * state (today's config only for a stack that never had an `up`), the state saved whatever happens.
     */
    private async operateOnState(operation: (pass: Pass) => Promise<void>): Promise<RunResult> {
        this.steps = [];
        this.errors = [];
        this.warnings = [];
        const saved = this.state.load();
        await this.startHost(saved.providerConfig ?? this.configArgs());
        try {
            await operation({ preview: false, state: saved, replace: new Set(), pendingDeletes: [] });
        } catch (e) {
            this.errors.push(grpcMessage(e));
        } finally {
            this.state.save(saved);
            this.stopHost();
        }
        return { steps: this.steps, outputs: {}, failed: this.errors.length > 0, errors: this.errors, warnings: this.warnings };
    }
}

/** A plan like Pulumi prints it ("same" steps left out unless asked). */
export function formatPlan(result: RunResult, options: { showSames?: boolean } = {}): string {
    const symbol: Record<StepOp, string> = { create: "+", update: "~", replace: "+-", delete: "-", same: "=", "refresh-update": "~", "refresh-delete": "-", "refresh-same": "=" };
    const lines = result.steps
        .filter((s) => options.showSames || (s.op !== "same" && s.op !== "refresh-same"))
        .map((s) => {
            const keys = s.replaceKeys?.length ? ` [replace: ${s.replaceKeys.join(", ")}${s.deleteBeforeReplace ? "; delete before replace" : ""}]` : s.changedKeys?.length ? ` [${s.changedKeys.join(", ")}]` : "";
            return `  ${symbol[s.op].padEnd(2)} ${s.type.replace("pulumi-nodejs:dynamic/", "")} ${s.name} ${s.op}${keys}`;
        });
    const counts = result.steps.reduce<Record<string, number>>((c, s) => ((c[s.op] = (c[s.op] ?? 0) + 1), c), {});
    const summary = Object.entries(counts).map(([op, n]) => `${n} ${op}`).join(", ") || "no resources";
    return [...lines, `  (${summary})`, ...result.warnings.map((w) => `  ${w}`), ...result.errors.map((e) => `  error: ${e}`)].join("\n");
}

