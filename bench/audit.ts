/**
 * `pulumi-vcrooms audit` on a team of 2,000 rooms (BENCH_AUDIT_ROOMS), against an emulator with 50 ms of latency and
 * the API's fixed 60 s window of 1000 requests: the team's reading (the rooms listed until two readings agree, each
 * room read on its own, the defaults) through the client with its default budget, then the pack's judgement and the
 * three files. Reports the wall time, the requests and 429s the emulator saw, and the floor our budget sets: the
 * audit stays within the API's request budget. The stacks' previews are the engine's (`pulumi preview --refresh`,
 * measured by the scale section's no-change refresh), so the reading here is the audit's own cost.
 */
import { CLIENT_DEFAULTS, resolveClientConfig, RoomsClient } from "../provider/api";
import { buildReport, readTeam } from "../cli/audit";
import { renderHtml, renderJson, renderMarkdown } from "../cli/auditRender";
import { floorSeconds } from "./scale";
import { control, fmt, pool, startChildEmulator } from "./support";

const API_LIMIT = 1000;
const LATENCY_MS = 50;

export async function run(): Promise<void> {
    const rooms = Number(process.env.BENCH_AUDIT_ROOMS ?? 2000);
    console.log(`## Audit: a team of ${rooms} rooms, emulator with ${LATENCY_MS} ms latency and a fixed 60 s window of ${API_LIMIT} requests; client default budget ${CLIENT_DEFAULTS.requestsPerMinute}/min`);
    // Seeded without limit or latency (the seeding is not what is measured), then the API's limit and latency on.
    const emulator = await startChildEmulator(0);
    try {
        const headers = { authorization: `Bearer ${emulator.developerKey}`, "content-type": "application/json" };
        await pool(rooms, 16, async (i) => {
            const body = { friendly_url: `room-${String(i).padStart(4, "0")}`, description: `Room ${i}`, ...(i % 50 === 0 ? { tags: ["confidential"] } : {}), ...(i % 7 === 0 ? { privacy: "private" } : {}) };
            const res = await fetch(`${emulator.baseUrl}/rooms`, { method: "POST", headers, body: JSON.stringify(body) });
            if (res.status !== 200) throw new Error(`seeding room ${i}: ${res.status} ${await res.text()}`);
        });
        // A team that asks for consent to its recordings: the violations are the confidential rooms left public.
        const consent = await fetch(`${emulator.baseUrl}/`, { method: "PATCH", headers, body: JSON.stringify({ consent_message_enabled: true }) });
        if (consent.status !== 200) throw new Error(`the team's defaults: ${consent.status} ${await consent.text()}`);
        await control(emulator.controlUrl, "PATCH", "/config", { rateLimit: API_LIMIT, latencyMs: LATENCY_MS });
        await control(emulator.controlUrl, "DELETE", "/requests");

        const client = new RoomsClient(resolveClientConfig({ apiUrl: emulator.baseUrl, developerKey: emulator.developerKey }, {}));
        const started = performance.now();
        const team = await readTeam(client);
        const readMs = performance.now() - started;
        const judged = performance.now();
        const report = buildReport({ apiUrl: emulator.baseUrl, stacks: [], team, packConfig: {} });
        const files = [renderJson(report), renderMarkdown(report), renderHtml(report)];
        const judgeMs = performance.now() - judged;
        const log = (await control(emulator.controlUrl, "GET", "/requests")) as { total: number; entries: Array<{ status: number; method: string; path?: string }> };
        const limited = log.entries.filter((e) => e.status === 429).length;
        const budgetFloor = floorSeconds(log.total, CLIENT_DEFAULTS.requestsPerMinute);
        console.log(
            `audit, ${team.rooms.length} rooms: reading ${fmt(readMs / 1000, 1)} s; requests ${log.total} (${rooms} room reads, the rest list pages and the defaults), 429s ${limited}; ` +
                `floor at our ${CLIENT_DEFAULTS.requestsPerMinute}/min budget ${fmt(budgetFloor, 1)} s (ratio ${fmt(readMs / 1000 / budgetFloor)}x); ` +
                `judging ${report.governance.violations.length} violations and rendering ${fmt(judgeMs, 0)} ms; report.html ${fmt(Buffer.byteLength(files[2]!) / 1024, 0)} KiB, report.json ${fmt(Buffer.byteLength(files[0]!) / 1024, 0)} KiB`,
        );
    } finally {
        emulator.stop();
    }
}
