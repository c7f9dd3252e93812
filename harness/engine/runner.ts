/**
 * A stand-in for the Pulumi engine, for tests and the demo on machines without the Pulumi CLI: the runner of
 * its operations (preview, up, refresh, destroy). The steps it plays are steps.ts, the plan it reports plan.ts.
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
import { containsSecrets, provproto, secretWrap, startProviderHost, struct, type Props, type ProviderHost } from "./host";
import { Plan, type RunResult } from "./plan";
import { Semaphore, Steps, type Pass } from "./steps";
import { StateFile, type ResourceState } from "./state";

/* eslint-disable @typescript-eslint/no-require-imports */
const pulumi = require("@pulumi/pulumi");
const settings = require("@pulumi/pulumi/runtime/settings");
const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks");
const resproto = require("@pulumi/pulumi/proto/resource_pb");

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

export interface UpOptions {
    /** Refresh first, like `pulumi up --refresh`. */
    refresh?: boolean;
    /** Resource names to replace whatever the diff says, like `pulumi up --replace <urn>`. */
    replace?: string[];
}

export class Engine {
    private readonly state: StateFile;
    private readonly project: string;
    private readonly stack: string;
    /** At most this many resource operations at once, like `pulumi up --parallel`. */
    private readonly parallel: number;
    private host?: ProviderHost;
    private plan = new Plan();
    private readonly steps: Steps;

    constructor(private readonly options: EngineOptions) {
        this.project = options.project ?? "vcrooms-test";
        this.stack = options.stack ?? "dev";
        this.state = new StateFile(options.stateFile);
        this.parallel = options.parallel ?? 16;
        const engine = this;
        this.steps = new Steps({
            call: (method, req) => this.host!.call(method, req),
            urn: (type, name) => this.urn(type, name),
            get plan() {
                return engine.plan;
            },
            save: (state) => this.state.save(state),
            parallel: this.parallel,
        });
    }

    /** The state as saved: resources by URN, secrets decrypted. */
    resources(): Record<string, ResourceState> {
        return this.state.load().resources;
    }

    urn(type: string, name: string): string {
        return `urn:pulumi:${this.stack}::${this.project}::${type}::${name}`;
    }

    /** Today's stack config in wire form (secrets signature-wrapped), as the engine sends it to Configure. */
    private configArgs(): Props {
        const secret = new Set(this.options.secretConfig ?? []);
        return Object.fromEntries(Object.entries(this.options.config ?? {}).map(([k, v]) => [k, secret.has(k) ? secretWrap(v) : v]));
    }

    /** How the host is spawned for this engine: its working folder and environment. */
    private hostSpawnOptions(): { cwd: string; env: Record<string, string | undefined> } {
        const nodePath = this.options.linkPackages ? linkedPackagesDir(this.options.linkPackages) : undefined;
        return {
            cwd: this.options.hostCwd ?? process.cwd(),
            env: { PULUMI_NODEJS_PROJECT: this.project, PULUMI_PROJECT: this.project, PULUMI_NODEJS_STACK: this.stack, ...(nodePath ? { NODE_PATH: nodePath } : {}), ...this.options.env },
        };
    }

    /**
     * A fresh host for each operation, as the engine starts a fresh plugin process for each deployment (the preview
     * and the update of one `up` included). Starting one (loading all of @pulumi/pulumi, about a second of CPU) is
     * most of a stand-in operation's time; so `up` spawns the update's host while its preview runs, and the update
     * takes it. That host gets no request before the update configures it: a process that merely started earlier.
     * Only for an update that follows for certain: a spare spawned on speculation would cost a start each time it
     * went unused, and the suite is CPU-bound.
     */
    private spare?: { key: string; host: Promise<ProviderHost> };

    private takeHost(spareForNext: boolean): Promise<ProviderHost> {
        const spawnOptions = this.hostSpawnOptions();
        const key = JSON.stringify(spawnOptions);
        const spare = this.spare;
        this.spare = undefined;
        if (spare && spare.key !== key) this.stopSpare(spare);
        const host = spare?.key === key ? spare.host : startProviderHost(spawnOptions);
        if (spareForNext) {
            this.spare = { key, host: startProviderHost(spawnOptions) };
            this.spare.host.catch(() => undefined); // a spare that failed to start fails the operation that takes it
        }
        return host;
    }

    private stopSpare(spare = this.spare): void {
        if (spare === this.spare) this.spare = undefined;
        void spare?.host.then((h) => h.stop(), () => undefined);
    }

    private async startHost(args: Props, spareForNext = false): Promise<void> {
        this.host = await this.takeHost(spareForNext);
        const req = new provproto.ConfigureRequest();
        req.setType("pulumi:providers:pulumi-nodejs").setName("default").setAcceptsecrets(true).setAcceptresources(true);
        req.setArgs(struct(args));
        await this.host.call("configure", req);
    }

    private async stopHost(): Promise<void> {
        const host = this.host;
        this.host = undefined;
        await host?.stop();
        this.plan.warnings.push(...(host?.stderr.join("").split("\n").filter((line) => line.startsWith("warning: ")) ?? []));
    }

    /** `pulumi preview`: the plan, no writes to the API and no change to the state. */
    preview(program: Program, options: UpOptions = {}): Promise<RunResult> {
        return this.run(program, true, options);
    }

    /** `pulumi up`: a preview pass first (it fails the up before any write), then the update. */
    async up(program: Program, options: UpOptions = {}): Promise<RunResult> {
        let plan: RunResult;
        try {
            plan = await this.run(program, true, options, true);
        } catch (e) {
            this.stopSpare(); // no update follows a preview that threw: its host must not outlive the test
            throw e;
        }
        if (plan.failed) {
            this.stopSpare();
            return plan;
        }
        return this.run(program, false, options);
    }

    private async run(program: Program, preview: boolean, options: UpOptions, spareForNext = false): Promise<RunResult> {
        this.plan = new Plan();
        const saved = this.state.load();
        const resources = saved.resources;
        const pass: Pass = { preview, state: saved, replace: new Set(options.replace ?? []), pendingDeletes: [] };
        // The program's run configures the provider with today's config, and an update keeps it in state.
        const config = this.configArgs();
        if (!preview) saved.providerConfig = config;
        await this.startHost(config, spareForNext);
        const seen = new Set<string>();
        const inflight: Promise<unknown>[] = [];
        const limit = new Semaphore(this.parallel);
        const engine = this;
        let outputs: Record<string, unknown> = {};
        let stackOutputs: Props = {};
        // Failed registrations also reject promises inside the SDK; they are reported through
        // `errors`, so they must not crash the process.
        const swallow = () => undefined;
        process.on("unhandledRejection", swallow);
        try {
            if (options.refresh) await this.steps.refresh(pass);
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
                        engine.steps.register(
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
                        engine.plan.fail(e);
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
            for (const { urn, res } of pass.pendingDeletes) await this.steps.delete(urn, res);
            if (this.plan.errors.length === 0) {
                // Resources the program no longer declares are deleted, newest first.
                for (const urn of Object.keys(resources).reverse()) {
                    if (seen.has(urn)) continue;
                    this.plan.step("delete", urn);
                    if (preview) continue;
                    await this.steps.delete(urn, resources[urn]!);
                    delete resources[urn];
                    this.steps.checkpoint(pass);
                }
            }
        } catch (e) {
            this.plan.fail(e);
        } finally {
            await Promise.allSettled(inflight);
            if (!preview) this.state.save(saved);
            await this.stopHost();
            setTimeout(() => process.off("unhandledRejection", swallow), 100);
        }
        return this.plan.result(outputs);
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
            if (this.plan.errors.length === 0) this.plan.fail(e);
            return {};
        } finally {
            process.off("unhandledRejection", onUnhandled);
        }
    }

    /** `pulumi refresh`. */
    refresh(): Promise<RunResult> {
        return this.operateOnState((pass) => this.steps.refresh(pass));
    }

    /** `pulumi destroy`: deletes with the provider code stored in state, newest first. */
    destroy(): Promise<RunResult> {
        return this.operateOnState(async (pass) => {
            const resources = pass.state.resources;
            for (const [urn, res] of Object.entries(resources).reverse()) {
                this.plan.step("delete", urn);
                await this.steps.delete(urn, res);
                delete resources[urn];
                this.steps.checkpoint(pass);
            }
        });
    }

    /**
     * Runs an operation that needs no program: the state in, a host configured from the provider config kept in
     * state (today's config only for a stack that never had an `up`), the state saved whatever happens.
     */
    private async operateOnState(operation: (pass: Pass) => Promise<void>): Promise<RunResult> {
        this.plan = new Plan();
        const saved = this.state.load();
        await this.startHost(saved.providerConfig ?? this.configArgs());
        try {
            await operation({ preview: false, state: saved, replace: new Set(), pendingDeletes: [] });
        } catch (e) {
            this.plan.fail(e);
        } finally {
            this.state.save(saved);
            await this.stopHost();
        }
        return this.plan.result();
    }
}
