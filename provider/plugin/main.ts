/**
 * The plugin entry: the Node.js language host runs it for the plugin folder (plugin/PulumiPlugin.yaml,
 * `runtime: nodejs`) as `node <@pulumi/pulumi>/cmd/run-plugin <plugin folder> <engine address>`, which requires
 * the folder, that is plugin/package.json's `main` (this file, compiled). It serves the `vcrooms` resource provider
 * at the package's version until the engine ends it.
 *
 * Library users never load it: `require("pulumi-vcrooms")` resolves through package.json's `exports`.
 */
import { VcroomsPlugin } from "./adapter";
import { packageSchema, packageVersion } from "./schema";
import { serve } from "./server";

export async function main(): Promise<void> {
    const version = packageVersion();
    await serve(new VcroomsPlugin(version), () => JSON.stringify(packageSchema(version)));
}

main().catch((error: unknown) => {
    // Before the port is printed the engine shows stderr as the reason the plugin failed to start.
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
});
