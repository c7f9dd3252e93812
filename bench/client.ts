/**
 * The client's overhead and its politeness to the rate limit, side by side in one run:
 * 1. GET /rooms/{room}: the client against a bare undici.request on the same pool settings;
 * 2. 300 creates, 32 at a time, against an emulator limited to 6000 requests per minute: the
 *    client, then a naive client (plain fetch, no limiter, 3 immediate retries).
 */
import { Pool } from "undici";
import { RoomsClient, SharedTransport, resolveClientConfig } from "../provider/api";
import { control, fmt, percentile, pool, startChildEmulator } from "./support";

async function latency(): Promise<void> {
    const emulator = await startChildEmulator(0);
    const shared = new SharedTransport();
    const client = new RoomsClient(resolveClientConfig({ apiUrl: emulator.baseUrl, developerKey: emulator.developerKey, requestsPerMinute: 1_000_000, connections: 8 }, {}), shared);
    const room = await client.createRoom({ friendly_url: "latency" });
    const url = new URL(emulator.baseUrl);
    const bare = new Pool(url.origin, { connections: 8, pipelining: 1, keepAliveTimeout: 10_000 });
    const headers = { authorization: `Bearer ${emulator.developerKey}`, accept: "application/json" };
    const bareGet = async () => {
        const res = await bare.request({ method: "GET", path: `${url.pathname}/rooms/${room.id}`, headers });
        JSON.parse(await res.body.text());
    };
    const samples = { client: [] as number[], bare: [] as number[] };
    for (let i = 0; i < 300; i++) {
        await client.getRoom(room.id);
        await bareGet();
    }
    // Interleaved, so both see the same machine noise.
    for (let i = 0; i < 3000; i++) {
        let t = performance.now();
        await client.getRoom(room.id);
        samples.client.push(performance.now() - t);
        t = performance.now();
        await bareGet();
        samples.bare.push(performance.now() - t);
    }
    const med = (s: number[]) => percentile(s, 50);
    const p99 = (s: number[]) => percentile(s, 99);
    console.log("## Client: GET /rooms/{room}, 3000 sequential calls each, interleaved");
    console.log(`client  median ${fmt(med(samples.client), 3)} ms  p99 ${fmt(p99(samples.client), 3)} ms`);
    console.log(`undici  median ${fmt(med(samples.bare), 3)} ms  p99 ${fmt(p99(samples.bare), 3)} ms`);
    console.log(`ratio   median ${fmt(med(samples.client) / med(samples.bare))}x  p99 ${fmt(p99(samples.client) / p99(samples.bare))}x  (target <= 1.15x)`);
    await bare.close();
    await shared.close();
    emulator.stop();
}

async function creates(label: string, create: (baseUrl: string, key: string, i: number) => Promise<boolean>): Promise<void> {
    const emulator = await startChildEmulator(6000);
    let failed = 0;
    const started = performance.now();
    await pool(300, 32, async (i) => {
        if (!(await create(emulator.baseUrl, emulator.developerKey, i))) failed++;
    });
    const seconds = (performance.now() - started) / 1000;
    const log = await control(emulator.controlUrl, "GET", "/requests");
    const limited = log.entries.filter((e: { status: number }) => e.status === 429).length;
    // Counted through the control endpoint: the API itself may still be refusing a flooding client.
    const rooms = ((await control(emulator.controlUrl, "GET", "/state")) as { rooms: unknown[] }).rooms.length;
    console.log(`${label.padEnd(36)} wall ${fmt(seconds)} s = ${fmt(seconds / 3)}x the 3 s floor; requests ${log.total}, 429s ${limited}, failed ${failed}, rooms ${rooms}`);
    emulator.stop();
}

export async function run(): Promise<void> {
    await latency();
    console.log("## 300 creates, 32 concurrent, emulator limited to 6000 requests/min (floor 3 s under a smooth rate; its 60 s window lets the whole budget through at once)");
    // One budget for the 300 clients, as one runtime's clients of one team share it.
    const shared = new SharedTransport();
    await creates("client (limiter at 6000/min)", async (baseUrl, key, i) => {
        const client = new RoomsClient(resolveClientConfig({ apiUrl: baseUrl, developerKey: key, requestsPerMinute: 6000 }, {}), shared);
        try {
            await client.createRoom({ friendly_url: `bench-${i}` });
            return true;
        } catch {
            return false;
        }
    });
    await shared.close();
    await creates("naive fetch (no limiter, 3 retries)", async (baseUrl, key, i) => {
        for (let attempt = 0; attempt < 4; attempt++) {
            const res = await fetch(`${baseUrl}/rooms`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ friendly_url: `bench-${i}` }) });
            await res.text();
            if (res.status === 200) return true;
            if (res.status !== 429) return false;
        }
        return false;
    });
}

if (require.main === module) void run();
