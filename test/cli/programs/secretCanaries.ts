/**
 * The program of the secrets invariant (test/invariants/secrets.test.ts): every kind, declared in either face, with
 * any input given as a secret made in code. Driven by a file and the stack's config, so that one project is stepped
 * through the cases by rewriting the file alone (no `pulumi config` run between steps):
 *
 *   plan.json     (in the project's folder) `{ face, providers?, defaults?, rooms, tokens? }`: each resource's name,
 *                 kind args, explicit provider (plugin face: one of `providers`, each a `vcrooms` provider of the
 *                 stack's API and key) and whether it depends on the TeamDefaults. An arg `{ "$secret": key }` is the
 *                 value of `key` in test:secrets, made secret here; a token's `room` names a Room of the plan (its
 *                 id is given). It holds no canary, only the keys.
 *   test:secrets  (secret JSON stack config, set once) the values those args take: the canaries.
 *
 * Stack outputs: every resource with every output its declaration names, so a leak into a stack output shows too.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";
import { declarations, type Kind } from "../../../provider/declarations";
import { outputPlaceholders } from "../../../provider/declarations/derive";

type Args = Record<string, unknown>;

interface Declared {
    name: string;
    args: Args;
    provider?: string;
    dependsOnDefaults?: boolean;
}

interface Plan {
    face: "dynamic" | "plugin";
    providers?: string[];
    defaults?: Declared;
    rooms: Declared[];
    tokens?: Array<Declared & { room: string }>;
}

/** What a generated SDK's resource class does: register the schema's type token with the inputs and every output. */
class PluginResource extends pulumi.CustomResource {
    constructor(kind: Kind, name: string, args: Args, opts?: pulumi.CustomResourceOptions) {
        super(`vcrooms:index:${declarations[kind].type}`, name, { ...outputPlaceholders(declarations[kind]), ...args }, opts);
    }
}

/** What a generated SDK's provider class does. */
class VcroomsProvider extends pulumi.ProviderResource {
    constructor(name: string, args: Args) {
        super("vcrooms", name, args);
    }
}

const DYNAMIC = {
    teamDefaults: vcrooms.TeamDefaults,
    room: vcrooms.Room,
    joinToken: vcrooms.JoinToken,
} as unknown as Record<Kind, new (name: string, args: Args, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource>;

export = async () => {
    const config = new pulumi.Config("test");
    // The language host runs the program in the project's folder.
    const plan = JSON.parse(fs.readFileSync(path.join(process.cwd(), "plan.json"), "utf8")) as Plan;
    const secrets = config.getSecretObject<Record<string, unknown>>("secrets");
    const stack = new pulumi.Config("vcrooms");
    const providers = new Map<string, VcroomsProvider>();
    for (const name of plan.providers ?? []) providers.set(name, new VcroomsProvider(name, { apiUrl: stack.require("apiUrl"), developerKey: stack.requireSecret("developerKey") }));

    const withSecrets = (args: Args): Args =>
        Object.fromEntries(
            Object.entries(args).map(([key, value]) => {
                const ref = value !== null && typeof value === "object" && "$secret" in value ? String((value as { $secret: unknown }).$secret) : undefined;
                if (ref === undefined) return [key, value];
                if (!secrets) throw new Error(`test:secrets holds no ${ref}`);
                return [key, pulumi.secret(secrets.apply((s) => s[ref]))];
            }),
        );
    const declare = (kind: Kind, d: Declared, extra: Args, dependsOn: pulumi.Resource[]) => {
        const opts: pulumi.CustomResourceOptions = { provider: d.provider ? providers.get(d.provider) : undefined, dependsOn };
        const args = { ...withSecrets(d.args), ...extra };
        return plan.face === "plugin" ? new PluginResource(kind, d.name, args, opts) : new DYNAMIC[kind](d.name, args, opts);
    };
    const outputs: Record<string, unknown> = {};
    const exported = (kind: Kind, name: string, resource: pulumi.CustomResource) => {
        const fields = resource as unknown as Record<string, pulumi.Output<unknown>>;
        outputs[name] = Object.fromEntries(Object.keys(outputPlaceholders(declarations[kind])).map((o) => [o, fields[o]]));
        return resource;
    };

    const defaults = plan.defaults ? exported("teamDefaults", plan.defaults.name, declare("teamDefaults", plan.defaults, {}, [])) : undefined;
    const rooms = new Map<string, pulumi.CustomResource>();
    for (const room of plan.rooms) {
        rooms.set(room.name, exported("room", room.name, declare("room", room, {}, room.dependsOnDefaults && defaults ? [defaults] : [])));
    }
    for (const token of plan.tokens ?? []) {
        const room = rooms.get(token.room);
        if (!room) throw new Error(`the plan's token ${token.name} names no room of the plan: ${token.room}`);
        exported("joinToken", token.name, declare("joinToken", token, { room: room.id }, []));
    }
    return outputs;
};
