/**
 * The plugin entry: the Node.js language host runs it for the plugin folder (plugin/PulumiPlugin.yaml,
 * `runtime: nodejs`) as `node <@pulumi/pulumi>/cmd/run-plugin <plugin folder> <engine address>`, which requires
 * the folder, that is plugin/package.json's `main` (this file, compiled); the release executable runs it as
 * `pulumi-resource-vcrooms <engine address>`. It serves the `vcrooms` resource provider at the package's version
 * until the engine ends it, or is gone.
 *
 * Library users never load it: `require("pulumi-vcrooms")` resolves through package.json's `exports`.
 */
import { Claims } from "../resources/claims";
import { VcroomsPlugin } from "./adapter";
import { DeploymentClaims } from "./deploymentClaims";
import { engineAddress, whenEngineGone } from "../engineWatch";
import { EngineLog } from "./engine";
import { packageSchema, packageVersion } from "./schema";
import { serve } from "./server";

export async function main(): Promise<void> {
    const version = packageVersion();
    // run-plugin leaves the arguments after the plugin folder; an executable has its own path twice before them.
    const address = engineAddress(process.argv.slice(2));
    const log = new EngineLog(address);
    // Each provider instance is a process: the claims are the deployment's, so two providers of one team see each other's.
    // A claims folder that cannot be used is said once, on no resource in particular.
    const claims = new DeploymentClaims(undefined, (message) => log.warn("", message));
    const plugin = new VcroomsPlugin(version, new Claims(claims), log.warn);
    await serve(plugin, () => JSON.stringify(packageSchema(version)), log);
    whenEngineGone(address, () => {
        // Nothing more is sent for an engine that can no longer record it.
        plugin.cancel();
        process.exit(1);
    });
}

main().catch((error: unknown) => {
    // Before the port is printed the engine shows stderr as the reason the plugin failed to start.
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
});
