/** `npm run bench`: every figure in one run, one section after another (they would skew each other in parallel). */
import { run as client } from "./client";
import { run as emulator } from "./emulator";
import { run as realCli } from "./realCli";
import { cpuPerResource } from "./resources";
import { run as scale } from "./scale";

async function main(): Promise<void> {
    console.log(`pulumi-vcrooms bench, node ${process.version}, ${new Date().toISOString()}\n`);
    await emulator();
    console.log();
    await client();
    console.log();
    await cpuPerResource();
    console.log();
    await realCli();
    console.log();
    await scale();
}

main().then(
    () => process.exit(0),
    (error: unknown) => {
        console.error(error);
        process.exit(1);
    },
);
