/**
 * The engine's steps, as pkg/resource/deploy takes them (step_generator.go, step.go): for each resource the
 * program registers, Check, then Create; or Diff, then Same, Update or Replace; deletes; and refresh's Read
 * and Diff. Each step is a call to the provider host, recorded in the plan and checkpointed to state.
 */
import { annotateSecrets, isSecretWire, provproto, secretWrap, stripSecrets, struct, UNKNOWN, type Props } from "./host";
import type { Plan } from "./plan";
import type { ResourceState, State } from "./state";

const DIFF_NAMES: Record<number, string> = Object.fromEntries(Object.entries(provproto.DiffResponse.DiffChanges).map(([k, v]) => [v as number, k]));

/** At most `size` tasks at once. */
export class Semaphore {
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
 * Keys whose values differ between two property bags (secrets compared by value), as the engine shows them: without
 * the internal `__` keys (`resource.IsInternalPropertyKey`: `__provider`, the providers' hidden bookkeeping).
 */
function changedKeys(a: Props, b: Props): string[] {
    const x = stripSecrets(a) as Props;
    const y = stripSecrets(b) as Props;
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => !k.startsWith("__") && JSON.stringify(x[k]) !== JSON.stringify(y[k])).sort();
}

export interface RegisterRequest {
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

/** What one pass (preview or update) carries between its steps. */
export interface Pass {
    preview: boolean;
    state: State;
    replace: Set<string>;
    /** Old resources of create-before-delete replacements, deleted when the program has finished. */
    pendingDeletes: Array<{ urn: string; res: ResourceState }>;
}

/** What the steps use of the engine running them. */
export interface StepEngine {
    /** A call to the provider host. */
    call<T = any>(method: string, req: unknown): Promise<T>;
    urn(type: string, name: string): string;
    /** The plan of the operation under way. */
    readonly plan: Plan;
    save(state: State): void;
    /** At most this many resource operations at once. */
    readonly parallel: number;
}

export class Steps {
    constructor(private readonly engine: StepEngine) {}

    async delete(urn: string, res: ResourceState): Promise<void> {
        if (res.protect) throw new Error(`${urn}: cannot delete a protected resource; set protect: false first`);
        const req = new provproto.DeleteRequest().setId(res.id).setUrn(urn).setType(res.type);
        req.setProperties(struct(stripSecrets(res.outputs))).setOldInputs(struct(stripSecrets(res.inputs)));
        await this.engine.call("delete", req);
    }

    /** The engine's steps for one registered dynamic resource. */
    async register(r: RegisterRequest, pass: Pass): Promise<{ id: string; outputs: Props }> {
        const { preview } = pass;
        const resources = pass.state.resources;
        const urn = this.engine.urn(r.type, r.name);
        const old = resources[urn];
        const inputs = { ...r.inputs };
        // ignoreChanges: the old input value stands for the new one before Check and Diff.
        if (old) for (const key of r.ignoreChanges) if (key in old.inputs) inputs[key] = old.inputs[key];
        const meta = <T extends { setUrn(u: string): T; setName(n: string): T; setType(t: string): T }>(m: T) => m.setUrn(urn).setName(r.name).setType(r.type);

        const check = async (olds: Props): Promise<Props> => {
            const req = meta(new provproto.CheckRequest());
            req.setOlds(struct(stripSecrets(olds))).setNews(struct(stripSecrets(inputs))).setRandomseed(Buffer.alloc(32));
            const checked = await this.engine.call("check", req);
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
            const resp = await this.engine.call("create", meta(new provproto.CreateRequest()).setProperties(struct(stripSecrets(props))));
            return { id: resp.getId() as string, outputs: finish(resp.getProperties().toJavaScript()) };
        };
        const record = (id: string, ins: Props, outputs: Props): ResourceState => ({ type: r.type, id, inputs: ins, outputs, protect: r.protect });

        if (!old) {
            this.engine.plan.step("create", urn);
            if (preview) return { id: "", outputs: this.previewOutputs(news) };
            const made = await create(news);
            resources[urn] = record(made.id, news, made.outputs);
            this.checkpoint(pass);
            return made;
        }

        const diff = meta(new provproto.DiffRequest()).setId(old.id);
        diff.setOlds(struct(stripSecrets(old.outputs))).setOldInputs(struct(stripSecrets(old.inputs))).setNews(struct(stripSecrets(news)));
        const d = await this.engine.call("diff", diff);
        let changes = DIFF_NAMES[d.getChanges()];
        const replaceKeys: string[] = d.getReplacesList();
        const keys = changedKeys(old.inputs, news);
        if (changes === "DIFF_UNKNOWN") changes = keys.length > 0 ? "DIFF_SOME" : "DIFF_NONE";
        const forced = pass.replace.has(r.name);
        if (changes === "DIFF_NONE" && !forced) {
            // A same step keeps the OLD outputs (and so the old provider code for later reads and deletes).
            resources[urn] = { ...old, inputs: news, protect: r.protect };
            this.engine.plan.step("same", urn);
            return { id: old.id, outputs: old.outputs };
        }
        if (replaceKeys.length > 0 || forced) {
            // The program's explicit choice wins over the provider's; a forced replacement never deletes first.
            const deleteFirst = forced ? false : r.deleteBeforeReplaceDefined ? r.deleteBeforeReplace : d.getDeletebeforereplace();
            this.engine.plan.step("replace", urn, { changedKeys: keys, replaceKeys, deleteBeforeReplace: deleteFirst });
            // The engine checks the replacement again with no old inputs, so defaults are computed anew.
            const replacement = await check({});
            if (preview) return { id: old.id, outputs: this.previewOutputs(replacement) };
            if (old.protect) throw new Error(`${urn}: cannot replace a protected resource; set protect: false first`);
            if (deleteFirst) {
                await this.delete(urn, old);
                delete resources[urn];
                this.checkpoint(pass);
            }
            const made = await create(replacement);
            resources[urn] = record(made.id, replacement, made.outputs);
            if (!deleteFirst) pass.pendingDeletes.push({ urn, res: old });
            this.checkpoint(pass);
            return made;
        }
        this.engine.plan.step("update", urn, { changedKeys: keys });
        if (preview) return { id: old.id, outputs: { ...old.outputs, ...news } };
        const update = meta(new provproto.UpdateRequest()).setId(old.id);
        update.setOlds(struct(stripSecrets(old.outputs))).setNews(struct(stripSecrets(news))).setOldInputs(struct(stripSecrets(old.inputs)));
        const u = await this.engine.call("update", update);
        resources[urn] = record(old.id, news, finish(u.getProperties().toJavaScript()));
        this.checkpoint(pass);
        return { id: old.id, outputs: resources[urn]!.outputs };
    }

    /** During preview a resource to be created has its inputs known and the rest unknown. */
    private previewOutputs(news: Props): Props {
        return Object.fromEntries(Object.entries(news).map(([k, v]) => [k, v === undefined ? UNKNOWN : v]));
    }

    /** Real engines write state after every step, so a failure part-way loses nothing already done. */
    checkpoint(pass: Pass): void {
        if (!pass.preview) this.engine.save(pass.state);
    }

    /** Refresh: every resource in state read again, `parallel` at a time. */
    async refresh(pass: Pass): Promise<void> {
        // Reads run `parallel` at a time, as the engine's refresh does; one after another, 2,000
        // reads at a 50 ms round trip took 100 s of waiting alone. Steps keep the state's order.
        const resources = pass.state.resources;
        const limit = new Semaphore(this.engine.parallel);
        const entries = Object.entries(resources);
        const start = this.engine.plan.steps.length;
        await Promise.all(entries.map(([urn, res]) => limit.run(() => this.refreshOne(urn, res, pass))));
        // The plan reads in state order, whatever finished first.
        const order = new Map(entries.map(([urn], i) => [urn, i]));
        const made = this.engine.plan.steps.splice(start).sort((a, b) => order.get(a.urn)! - order.get(b.urn)!);
        this.engine.plan.steps.push(...made);
    }

    private async refreshOne(urn: string, res: ResourceState, pass: Pass): Promise<void> {
        const resources = pass.state.resources;
        const [type = "", name = ""] = urn.split("::").slice(2);
        const req = new provproto.ReadRequest().setId(res.id).setUrn(urn).setName(name).setType(type);
        req.setProperties(struct(stripSecrets(res.outputs))).setInputs(struct(stripSecrets(res.inputs)));
        const read = await this.engine.call("read", req);
        if (!read.getId()) {
            // Gone outside Pulumi: dropped from state.
            delete resources[urn];
            this.engine.plan.step("refresh-delete", urn);
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
        const drifted = DIFF_NAMES[(await this.engine.call("diff", diff)).getChanges()] === "DIFF_SOME";
        resources[urn] = { ...res, id: read.getId(), outputs, inputs };
        this.checkpoint(pass);
        this.engine.plan.step(drifted ? "refresh-update" : "refresh-same", urn, drifted ? { changedKeys: changedKeys(res.outputs, outputs) } : {});
    }
}
