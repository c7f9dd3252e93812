/**
 * `npm run bench`: every figure in one run, one section after another (they would skew each other in parallel),
 * each with its own wall time and the whole run's at the end. BENCH_SECTIONS (comma-separated: emulator, client,
 * cpu, realCli, scale, audit, release) runs only those; the sizes are chosen in each section (bench/realCli.ts, bench/scale.ts).
 */
import { run as audit } from "./audit";
import { run as client } from "./client";
import { run as emulator } from "./emulator";
import { run as realCli } from "./realCli";
import { run as release } from "./release";
import { cpuPerResource } from "./resources";
import { run as scale } from "./scale";
import { fmt } from "./support";

const SECTIONS: Array<[string, () => Promise<void>]> = [
    ["emulator", emulator],
    ["client", client],
    ["cpu", cpuPerResource],
    ["realCli", realCli],
    ["scale", scale],
    ["audit", audit],
    ["release", release],
];

async function main(): Promise<void> {
    const chosen = process.env.BENCH_SECTIONS?.split(",").map((s) => s.trim());
    const unknown = chosen?.filter((s) => !SECTIONS.some(([name]) => name === s)) ?? [];
    if (unknown.length > 0) throw new Error(`BENCH_SECTIONS: no section ${unknown.join(", ")} (there are ${SECTIONS.map(([n]) => n).join(", ")})`);
    console.log(`pulumi-vcrooms bench, node ${process.version}, ${new Date().toISOString()}, sections ${chosen?.join(", ") ?? "all"}\n`);
    const started = performance.now();
    for (const [name, section] of SECTIONS) {
        if (chosen && !chosen.includes(name)) continue;
        const sectionStarted = performance.now();
        await section();
        console.log(`(${name}: ${fmt((performance.now() - sectionStarted) / 1000, 0)} s)\n`);
    }
    console.log(`bench: ${fmt((performance.now() - started) / 1000, 0)} s in all`);
}

main().then(
    () => process.exit(0),
    (error: unknown) => {
        console.error(error);
        process.exit(1);
    },
);
