/** Emulator fixes of issue 9, item 18: each case failed before its fix. */
import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { request } from "undici";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });
const { api } = env;

describe("issue 9, item 18", () => {
    it("caps max_broadcasters on create by the room's own max_participants, not the plan maximum", async () => {
        // A new room's max_participants is 100 unless given: 500 broadcasters cannot fit.
        const over = await api("POST", "/rooms", { friendly_url: "caster", max_broadcasters: 500 });
        expect(over.status).toBe(422);
        expect(over.body.errors.max_broadcasters[0]).toContain("(100)");
        expect((await api("POST", "/rooms", { friendly_url: "caster", max_broadcasters: 100 })).status).toBe(200);
        expect((await api("POST", "/rooms", { friendly_url: "wide", max_participants: 600, max_broadcasters: 500 })).status).toBe(200);
    });

    it("answers a JSON null body on create with 422, as documented, and creates nothing", async () => {
        const answer = await api("POST", "/rooms", null);
        expect(answer.status).toBe(422);
        expect(answer.body.errors).toHaveProperty("body");
        expect((await control(env.emulator, "GET", "/state")).rooms).toEqual([]);
    });

    it("limits the transcript export's request body like every other route (413 past 20 MB)", async () => {
        await api("POST", "/rooms", { friendly_url: "export" });
        // 21 MB of a JSON string: over the limit; sent as a stream so the test itself stays small.
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        async function* big() {
            yield Buffer.from('{"locale":"');
            for (let i = 0; i < 21; i++) yield chunk;
            yield Buffer.from('"}');
        }
        const res = await request(`${env.emulator.baseUrl}/rooms/export/transcripts/export`, {
            method: "GET",
            headers: { authorization: `Bearer ${env.emulator.developerKey}`, "content-type": "application/json" },
            body: Readable.from(big()),
        }).catch((e: unknown) => e as Error);
        // The server may close the connection as it refuses: either way it did not read it all.
        if (res instanceof Error) expect(res.message).toMatch(/socket|closed|reset|EPIPE/i);
        else {
            expect(res.statusCode).toBe(413);
            await res.body.text();
        }
        expect((await api("GET", "/rooms/export/transcripts/export")).status).toBe(200);
    });

    it("refuses advanceSeconds: 1e20 with 400, and later requests keep working", async () => {
        const res = await fetch(`${env.emulator.controlUrl}/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advanceSeconds: 1e20 }) });
        expect(res.status).toBe(400);
        await res.text();
        expect((await api("GET", "/")).status).toBe(200);
        expect((await api("POST", "/rooms", { friendly_url: "after-clock" })).status).toBe(200);
    });
});
