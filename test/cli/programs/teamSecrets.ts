/**
 * A stack's TeamDefaults, in either face, for the team's secrets across stacks (test/cli/inheritedSecrets.test.ts):
 *
 *   test:plugin          "true": the `vcrooms` package's TeamDefaults (`vcrooms:index:TeamDefaults`, run by the plugin),
 *                        and the functions through the engine's invoke; else the SDK's dynamic resource and functions
 *   test:defaults        TeamDefaults args (JSON), given plainly
 *   test:secretDefaults  secret config (JSON): further TeamDefaults args, those named in test:secretKeys (JSON), given
 *                        as secrets (`pulumi.secret`)
 *   test:invokes         [{ fn, args }] (JSON): each data function called once, its result the output `invoke_<i>`
 *
 * Stack outputs: `defaults`, the whole TeamDefaults (SDK face: each of its outputs), and the invokes' results.
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

/** What a generated SDK's resource class does: register the schema's type token with the inputs. */
class PluginResource extends pulumi.CustomResource {
    constructor(type: string, name: string, args: Record<string, unknown>) {
        super(`vcrooms:index:${type}`, name, args);
    }
}

export = async () => {
    const config = new pulumi.Config("test");
    const plugin = config.get("plugin") === "true";
    const args: Record<string, unknown> = { ...config.getObject<Record<string, unknown>>("defaults") };
    const secrets = config.getSecretObject<Record<string, unknown>>("secretDefaults");
    for (const key of config.getObject<string[]>("secretKeys") ?? []) args[key] = secrets!.apply((s) => s[key]);
    const defaults = plugin ? new PluginResource("TeamDefaults", "defaults", args) : new vcrooms.TeamDefaults("defaults", args);
    const outputs: Record<string, unknown> = { defaults };
    const invokes = config.getObject<Array<{ fn: string; args: Record<string, unknown> }>>("invokes") ?? [];
    for (const [i, { fn, args: fnArgs }] of invokes.entries()) {
        outputs[`invoke_${i}`] = plugin ? pulumi.runtime.invokeOutput(`vcrooms:index:${fn}`, fnArgs, { dependsOn: [defaults] }) : (vcrooms as unknown as Record<string, (a: unknown, o: object) => unknown>)[`${fn}Output`]!(fnArgs, { dependsOn: [defaults] });
    }
    return outputs;
};
