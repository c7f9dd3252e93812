/**
 * A stack's TeamDefaults, in either face, for the team's secrets across stacks (test/cli/inheritedSecrets.test.ts):
 *
 *   test:plugin          "true": the `vcrooms` package's TeamDefaults (`vcrooms:index:TeamDefaults`, run by the plugin),
 *                        else the SDK's dynamic resource
 *   test:defaults        TeamDefaults args (JSON), given plainly
 *   test:secretDefaults  secret config (JSON): further TeamDefaults args, those named in test:secretKeys (JSON), given
 *                        as secrets (`pulumi.secret`)
 *
 * Stack outputs: `defaults`, the whole TeamDefaults (SDK face: each of its outputs).
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
    return { defaults };
};
