/**
 * The plugin face's test program: the same config-driven shape as declared.ts, but every resource is the
 * `vcrooms` package's (`vcrooms:index:Room`, ...), registered as a user of a generated SDK would, through
 * `pulumi.CustomResource` with the schema's type tokens, and run by the plugin the project's Pulumi.yaml names.
 *
 *   test:defaults   TeamDefaults args (JSON), or absent
 *   test:moreDefaults [{ name, args, provider? }] (JSON): further TeamDefaults, each through the provider named
 *   test:rooms      [{ name, args, secretArgs?, provider? }] (JSON): one Room each; `provider` names one of test:providers
 *   test:secrets    secret config (JSON) `{ <room name>: { <arg>: value } }`, as in declared.ts
 *   test:providers  [{ name, apiUrl, teamId? }] (JSON): explicit providers, each with the developer key of
 *                   secret config `test:key-<name>`
 *   test:invokes    [{ fn, args }] (JSON): each data function called both ways, through the engine
 *                   (`invoke_<i>`) and in the program with the dynamic SDK's function (`sdk_<i>`)
 *   test:logOutputs [output name] (JSON): Room outputs each room logs (info, `<room>.<output> = <JSON>`) once its
 *                   value is known: a preview logs only the values it knows (never give it a secret's name)
 *
 * Stack outputs: `<name>Url` for each room, `<name>Id`, and the invokes' results.
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

interface DeclaredRoom {
    name: string;
    args?: Record<string, unknown>;
    secretArgs?: string[];
    provider?: string;
}

/** What a generated SDK's resource class does: register the schema's type token with the inputs. */
class PluginResource extends pulumi.CustomResource {
    declare readonly roomUrl: pulumi.Output<string>;
    constructor(type: string, name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions, outputs: string[] = []) {
        super(`vcrooms:index:${type}`, name, { roomUrl: undefined, ...Object.fromEntries(outputs.map((o) => [o, undefined])), ...args }, opts);
    }
}

/** What a generated SDK's provider class does. */
class VcroomsProvider extends pulumi.ProviderResource {
    constructor(name: string, args: Record<string, unknown>) {
        super("vcrooms", name, args);
    }
}

export = async () => {
    const config = new pulumi.Config("test");
    const defaultsArgs = config.getObject<Record<string, unknown>>("defaults");
    const rooms = config.getObject<DeclaredRoom[]>("rooms") ?? [];
    const secrets = config.getSecretObject<Record<string, Record<string, unknown>>>("secrets");
    const providers = new Map<string, VcroomsProvider>();
    for (const p of config.getObject<Array<{ name: string; apiUrl: string; teamId?: string }>>("providers") ?? []) {
        // The key as a user would pass it: a secret config value.
        providers.set(p.name, new VcroomsProvider(p.name, { apiUrl: p.apiUrl, teamId: p.teamId, developerKey: config.requireSecret(`key-${p.name}`) }));
    }
    const defaults = defaultsArgs ? new PluginResource("TeamDefaults", "defaults", defaultsArgs) : undefined;
    for (const more of config.getObject<Array<{ name: string; args: Record<string, unknown>; provider?: string }>>("moreDefaults") ?? []) {
        new PluginResource("TeamDefaults", more.name, more.args, { provider: more.provider ? providers.get(more.provider) : undefined });
    }
    const outputs: Record<string, unknown> = {};
    const logged = config.getObject<string[]>("logOutputs") ?? [];
    for (const room of rooms) {
        const args: Record<string, unknown> = { ...room.args };
        for (const key of room.secretArgs ?? []) if (secrets) args[key] = secrets.apply((s) => s[room.name]?.[key]);
        const provider = room.provider ? providers.get(room.provider) : undefined;
        const declared = new PluginResource("Room", room.name, args, { provider, dependsOn: defaults ? [defaults] : [] }, logged);
        outputs[`${room.name}Url`] = declared.roomUrl;
        for (const name of logged) {
            (declared as unknown as Record<string, pulumi.Output<unknown>>)[name]!.apply((value) => pulumi.log.info(`${room.name}.${name} = ${JSON.stringify(value)}`, declared));
        }
        outputs[`${room.name}Id`] = declared.id;
    }
    const invokes = config.getObject<Array<{ fn: string; args: Record<string, unknown> }>>("invokes") ?? [];
    for (const [i, { fn, args }] of invokes.entries()) {
        outputs[`invoke_${i}`] = await pulumi.runtime.invoke(`vcrooms:index:${fn}`, args);
        outputs[`sdk_${i}`] = await (vcrooms as unknown as Record<string, (a: unknown) => Promise<unknown>>)[fn]!(args);
    }
    return outputs;
};
