/**
 * The policy pack's test program: the package's resources through either face, driven by stack config.
 *
 *   test:face       "dynamic" (the SDK's classes) or "plugin" (the plugin's type tokens, default provider)
 *   test:defaults   [{ name, args }]: one TeamDefaults each
 *   test:rooms      [{ name, args }]: one Room each
 *   test:tokens     [{ name, room, args }]: one JoinToken each, for the named room of test:rooms
 *   test:providers  [{ name, apiUrl }] (plugin face): explicit providers, keyed by the stack's vcrooms:developerKey;
 *                   a declaration's `provider` names one
 *
 * In args, `{ "$secret": value }` is `pulumi.secret(value)`: a secret made in code, which the engine does not mask.
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

interface Declared {
    name: string;
    room?: string;
    provider?: string;
    args?: Record<string, unknown>;
}

/** The plugin's resources by type token, as a program without the generated SDK declares them. */
class ByToken extends pulumi.CustomResource {}
class VcroomsProvider extends pulumi.ProviderResource {
    constructor(name: string, args: pulumi.Inputs) {
        super("vcrooms", name, args);
    }
}

/** Args with each `{ "$secret": value }` made a secret in code. */
function withSecrets(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(withSecrets);
    if (value === null || typeof value !== "object" || pulumi.Output.isInstance(value)) return value;
    if ("$secret" in value) return pulumi.secret((value as { $secret: unknown }).$secret);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withSecrets(v)]));
}

export = async () => {
    const config = new pulumi.Config("test");
    const plugin = config.get("face") === "plugin";
    const declare = (type: "Room" | "TeamDefaults" | "JoinToken", name: string, declared: Record<string, unknown>, opts?: pulumi.CustomResourceOptions): pulumi.CustomResource => {
        const args = withSecrets(declared) as Record<string, unknown>;
        return plugin
            ? new ByToken(`vcrooms:index:${type}`, name, args, opts)
            : type === "Room"
              ? new vcrooms.Room(name, args, opts)
              : type === "TeamDefaults"
                ? new vcrooms.TeamDefaults(name, args, opts)
                : new vcrooms.JoinToken(name, args as unknown as vcrooms.JoinTokenArgs, opts);
    };
    const providers = new Map<string, pulumi.ProviderResource>();
    for (const p of config.getObject<Array<{ name: string; apiUrl: string }>>("providers") ?? []) {
        providers.set(p.name, new VcroomsProvider(p.name, { apiUrl: p.apiUrl, developerKey: new pulumi.Config("vcrooms").requireSecret("developerKey") }));
    }
    const options = (d: Declared) => (d.provider ? { provider: providers.get(d.provider) } : undefined);
    for (const d of config.getObject<Declared[]>("defaults") ?? []) declare("TeamDefaults", d.name, d.args ?? {}, options(d));
    const rooms = new Map<string, pulumi.CustomResource>();
    for (const r of config.getObject<Declared[]>("rooms") ?? []) rooms.set(r.name, declare("Room", r.name, r.args ?? {}, options(r)));
    for (const t of config.getObject<Declared[]>("tokens") ?? []) declare("JoinToken", t.name, { ...t.args, room: rooms.get(t.room!)!.id });
};
