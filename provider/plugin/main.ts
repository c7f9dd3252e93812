/**
 * The plugin entry: the Node.js language host runs it for the plugin folder (plugin/PulumiPlugin.yaml,
 * `runtime: nodejs`) as `node <@pulumi/pulumi>/cmd/run-plugin <plugin folder> <engine address>`, which requires
 * the folder, that is plugin/package.json's `main` (this file, compiled). It serves the `vcrooms` resource provider
 * at the package's version until the engine ends it.
 *
 * Library users never load it: `require("pulumi-vcrooms")` resolves through package.json's `exports`.
 */
import { Claims } from "../resources/claims";
import { VcroomsPlugin } from "./adapter";
import { DeploymentClaims } from "./deploymentClaims";
import { packageSchema, packageVersion } from "./schema";
import { serve } from "./server";

export async function main(): Promise<void> {
    const version = packageVersion();
    // Each provider instance is a process: the claims are the deployment's, so two providers of one team see each other's.
    await serve(new VcroomsPlugin(version, new Claims(new DeploymentClaims())), () => JSON.stringify(packageSchema(version)));
}

main().catch((error: unknown) => {
    // Before the port is printed the engine shows stderr as the reason the plugin failed to start.
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
});
