/**
 * Through the real Pulumi CLI (built by scripts/pulumi-cli), 500 rooms against the emulator: the wall time and
 * requests of a no-change preview, a no-change up and a refresh, beside the same three for 500 dynamic resources
 * whose provider does nothing (the engine's own floor), printed as ratios to that floor. The refresh skips its
 * preview (a default `pulumi refresh` reads every resource twice: once to preview, once to refresh). Nothing is tuned here;
 * these are the figures as they are.
 */
import * as path from "node:path";
import { locateCli, PulumiProject, ROOT } from "../harness/pulumiCli";
import { control, fmt, startChildEmulator } from "./support";

const COUNT = 500;

async function timed<T>(task: () => Promise<T>): Promise<[T, number]> {
    const start = performance.now();
    const result = await task();
    return [result, (performance.now() - start) / 1000];
}

export async function run(): Promise<void> {
    console.log(`== Real Pulumi CLI: ${COUNT} rooms vs ${COUNT} no-op dynamic resources ==`);
    let cli: ReturnType<typeof locateCli>;
    try {
        cli = locateCli();
    } catch (e) {
        cli = { skip: (e as Error).message };
    }
    if ("skip" in cli) {
        console.log(`  skipped: ${cli.skip}`);
        return;
    }
    // The bench measures the engine, not the rate limit: the emulator and client allow everything at once.
    const emulator = await startChildEmulator(0);
    const rooms = new PulumiProject({ cliDir: cli.dir, program: path.join(ROOT, "dist/bench/programs/manyRooms.js"), name: "bench-rooms" });
    const noops = new PulumiProject({ cliDir: cli.dir, program: path.join(ROOT, "dist/bench/programs/noopResources.js"), name: "bench-noop" });
    const requests = async () => ((await control(emulator.controlUrl, "GET", "/requests")) as { total: number }).total;
    try {
        await rooms.init({ "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:requestsPerMinute": "1000000", "bench:rooms": String(COUNT) }, { "vcrooms:developerKey": emulator.developerKey });
        await noops.init({ "bench:resources": String(COUNT) });
        const [firstUp, firstUpSeconds] = await timed(() => rooms.up());
        if (firstUp.code !== 0) throw new Error(`first up failed: ${firstUp.stderr}`);
        await noops.must(["up", "--yes", "--non-interactive"]);
        console.log(`  first up of ${COUNT} rooms (no rate limit): ${fmt(firstUpSeconds, 1)} s, ${await requests()} requests`);
        const figures: Array<[string, string[], string[]]> = [
            ["no-change preview", ["preview", "--non-interactive"], ["preview", "--non-interactive"]],
            ["no-change up", ["up", "--yes", "--non-interactive", "--expect-no-changes"], ["up", "--yes", "--non-interactive", "--expect-no-changes"]],
            ["refresh", ["refresh", "--yes", "--skip-preview", "--non-interactive"], ["refresh", "--yes", "--skip-preview", "--non-interactive"]],
        ];
        for (const [title, roomArgs, noopArgs] of figures) {
            await control(emulator.controlUrl, "DELETE", "/requests");
            const [, roomSeconds] = await timed(() => rooms.must(roomArgs));
            const sent = await requests();
            const [, noopSeconds] = await timed(() => noops.must(noopArgs));
            console.log(`  ${title.padEnd(18)} rooms ${fmt(roomSeconds, 1)} s (${sent} requests), no-op floor ${fmt(noopSeconds, 1)} s, ratio ${fmt(roomSeconds / noopSeconds)}x, ${fmt((roomSeconds / COUNT) * 1000, 1)} ms per room`);
        }
        await rooms.must(["destroy", "--yes", "--non-interactive"]);
    } finally {
        rooms.dispose();
        noops.dispose();
        emulator.stop();
    }
}
