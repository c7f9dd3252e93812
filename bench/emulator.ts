/** Emulator throughput: an authenticated GET of a room, as fast as 64 keep-alive connections go. */
import { Pool } from "undici";
import { fmt, percentile, startChildEmulator } from "./support";

export async function run(): Promise<void> {
    const emulator = await startChildEmulator(0);
    const url = new URL(emulator.baseUrl);
    const pool = new Pool(url.origin, { connections: 64 });
    const headers = { authorization: `Bearer ${emulator.developerKey}`, accept: "application/json", "content-type": "application/json" };
    const created = await pool.request({ method: "POST", path: `${url.pathname}/rooms`, headers, body: JSON.stringify({ friendly_url: "bench-room" }) });
    await created.body.text();
    const path = `${url.pathname}/rooms/bench-room`;
    const latencies: number[] = [];
    let errors = 0;
    const drive = async (until: number, record: boolean) => {
        await Promise.all(
            [...Array(64)].map(async () => {
                while (performance.now() < until) {
                    const t = performance.now();
                    const res = await pool.request({ method: "GET", path, headers });
                    await res.body.text();
                    if (res.statusCode !== 200) errors++;
                    if (record) latencies.push(performance.now() - t);
                }
            }),
        );
    };
    await drive(performance.now() + 1000, false); // warm-up
    const started = performance.now();
    await drive(started + 5000, true);
    const seconds = (performance.now() - started) / 1000;
    console.log("## Emulator: authenticated GET /rooms/{room}, 64 connections, 5 s after a 1 s warm-up");
    console.log(`requests/s ${fmt(latencies.length / seconds, 0)} (target >= 5000); median ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms; non-200 answers ${errors}`);
    await pool.close();
    emulator.stop();
}

if (require.main === module) void run();
