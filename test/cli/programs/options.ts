/**
 * The resource-options harness's program (test/invariants/resourceOptions.test.ts): resources of every kind, in
 * either face, each with the resource options Pulumi documents, all from stack config, so that one project per face
 * is stepped through the cases by changing config.
 *
 *   test:face        "dynamic" (the SDK's classes, `require("pulumi-vcrooms")`) or "plugin" (`vcrooms:index:*`
 *                    resources registered as a generated SDK's classes do, run by the plugin Pulumi.yaml names)
 *   test:components  [{ name, type, parent? }] (JSON): component resources (`test:index:<type>`) to parent resources
 *   test:resources   [{ kind, name, args?, parent?, options? }] (JSON): `kind` Room, TeamDefaults, JoinToken or
 *                    RoomContentPurge; `args` may name another resource's output as `{ "$ref": "<name>.<output>" }`
 *                    (a join token's roomId, say); `options`: the resource options in their JSON form, resources
 *                    and components named: dependsOn, deletedWith, replaceWith, aliases' parent ("root": the stack)
 *   test:secret      secret config: a value the transform below gives
 *   test:secretTransform  [arg name] (JSON): a stack transform (registered at the program's start, as Pulumi's docs
 *                    show) sets these args of every Room to the secret `test:secret`
 *   test:providers   [{ name, args?, envVarMappings? }] (JSON): explicit vcrooms providers, declared first, which a
 *                    resource names in its options as `provider`
 *   test:outputs     [{ name, of, output }] (JSON): stack outputs, each a resource's output
 *   test:refusals    "log": a resource whose constructor refuses its options (the SDK face refuses `import` and
 *                    `customTimeouts`) is logged as an error and skipped, so that one preview shows every kind's
 *                    refusal; absent, the refusal fails the program as in a user's
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

interface DeclaredOptions {
    protect?: boolean;
    retainOnDelete?: boolean;
    deletedWith?: string;
    dependsOn?: string[];
    ignoreChanges?: string[];
    replaceOnChanges?: string[];
    replacementTrigger?: unknown;
    deleteBeforeReplace?: boolean;
    aliases?: Array<{ name?: string; parent?: string }>;
    import?: string;
    hideDiffs?: string[];
    customTimeouts?: pulumi.CustomTimeouts;
    replaceWith?: string[];
    provider?: string;
    envVarMappings?: Record<string, string>;
}

interface Declared {
    kind: "Room" | "TeamDefaults" | "JoinToken" | "RoomContentPurge";
    name: string;
    args?: Record<string, unknown>;
    parent?: string;
    options?: DeclaredOptions;
}

/** What a generated SDK's resource class does: register the schema's type token with the inputs, every output named. */
class PluginResource extends pulumi.CustomResource {
    constructor(type: string, name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
        super(`vcrooms:index:${type}`, name, { roomUrl: undefined, topic: undefined, token: undefined, ...args }, opts);
    }
}

/** An explicit vcrooms provider, as a generated SDK's Provider class declares it. */
class PluginProvider extends pulumi.ProviderResource {
    constructor(name: string, args: Record<string, unknown>, opts?: pulumi.ResourceOptions) {
        super("vcrooms", name, args, opts);
    }
}

class Component extends pulumi.ComponentResource {
    constructor(type: string, name: string, opts?: pulumi.ComponentResourceOptions) {
        super(`test:index:${type}`, name, {}, opts);
    }
}

export = async () => {
    const config = new pulumi.Config("test");
    const face = config.get("face") ?? "dynamic";
    const transformed = config.getObject<string[]>("secretTransform") ?? [];
    if (transformed.length > 0) {
        const secret = config.requireSecret("secret");
        pulumi.runtime.registerResourceTransform((args) => {
            if (!args.type.endsWith(":Room")) return undefined;
            return { props: { ...args.props, ...Object.fromEntries(transformed.map((name) => [name, secret])) }, opts: args.opts };
        });
    }
    const byName = new Map<string, pulumi.Resource>();
    for (const c of config.getObject<Array<{ name: string; type: string; parent?: string }>>("components") ?? []) {
        byName.set(c.name, new Component(c.type, c.name, { parent: c.parent ? byName.get(c.parent) : undefined }));
    }
    for (const p of config.getObject<Array<{ name: string; args?: Record<string, unknown>; envVarMappings?: Record<string, string> }>>("providers") ?? []) {
        byName.set(p.name, new PluginProvider(p.name, p.args ?? {}, { envVarMappings: p.envVarMappings }));
    }
    const resolve = (value: unknown): unknown => {
        if (Array.isArray(value)) return value.map(resolve);
        if (value === null || typeof value !== "object") return value;
        const ref = (value as { $ref?: string }).$ref;
        if (typeof ref === "string") {
            const [name, output] = ref.split(".");
            return (byName.get(name!) as unknown as Record<string, pulumi.Output<unknown>>)[output!];
        }
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    };
    const resource = (name: string) => {
        const found = byName.get(name);
        if (!found) throw new Error(`test program: no resource or component ${name} declared before`);
        return found;
    };
    for (const r of config.getObject<Declared[]>("resources") ?? []) {
        const o = r.options ?? {};
        const opts: pulumi.CustomResourceOptions = {
            parent: r.parent ? resource(r.parent) : undefined,
            protect: o.protect,
            retainOnDelete: o.retainOnDelete,
            deletedWith: o.deletedWith ? resource(o.deletedWith) : undefined,
            dependsOn: o.dependsOn?.map(resource),
            ignoreChanges: o.ignoreChanges,
            replaceOnChanges: o.replaceOnChanges,
            replacementTrigger: o.replacementTrigger,
            deleteBeforeReplace: o.deleteBeforeReplace,
            aliases: o.aliases?.map((a) => ({ name: a.name ?? r.name, parent: a.parent === undefined ? undefined : a.parent === "root" ? pulumi.rootStackResource : resource(a.parent) })),
            import: o.import,
            hideDiffs: o.hideDiffs,
            customTimeouts: o.customTimeouts,
            replaceWith: o.replaceWith?.map(resource),
            provider: o.provider ? (resource(o.provider) as pulumi.ProviderResource) : undefined,
            envVarMappings: o.envVarMappings,
        };
        const args = resolve(r.args ?? {}) as Record<string, unknown>;
        const make = () => (face === "plugin" ? new PluginResource(r.kind, r.name, args, opts) : new (vcrooms[r.kind] as new (n: string, a: object, o: pulumi.CustomResourceOptions) => pulumi.CustomResource)(r.name, args, opts));
        if (config.get("refusals") !== "log") {
            byName.set(r.name, make());
            continue;
        }
        try {
            byName.set(r.name, make());
        } catch (error) {
            void pulumi.log.error(error instanceof Error ? error.message : String(error));
        }
    }
    const outputs: Record<string, unknown> = {};
    for (const o of config.getObject<Array<{ name: string; of: string; output: string }>>("outputs") ?? []) {
        outputs[o.name] = o.output === "id" ? (resource(o.of) as pulumi.CustomResource).id : (resource(o.of) as unknown as Record<string, unknown>)[o.output];
    }
    return outputs;
};
