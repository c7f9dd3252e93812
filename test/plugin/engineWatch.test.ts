/**
 * provider/engineWatch.ts against a real HTTP/2 server on loopback standing for the engine's gRPC server: a provider
 * process ends when the engine is gone (its connection dropped, or closed and a new one refused), not when the engine
 * merely closes an idle connection (with a GOAWAY) and still listens. The whole process, under the real CLI: test/cli/groupKilledCreate.test.ts.
 */
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { engineAddress, whenEngineGone } from "../../provider/engineWatch";

const watches: Array<{ stop(): void }> = [];
const servers: http2.Http2Server[] = [];
afterEach(() => {
    for (const w of watches.splice(0)) w.stop();
    for (const s of servers.splice(0)) s.close();
});

/** A listening engine stand-in: its address, and each session the watch opens, in turn. */
async function engine(): Promise<{ address: string; nextSession(): Promise<http2.ServerHttp2Session>; gone(): void; closing(s: http2.ServerHttp2Session): void; stopsListening(): void }> {
    const server = http2.createServer();
    servers.push(server);
    const sessions: http2.ServerHttp2Session[] = [];
    const waiting: Array<(s: http2.ServerHttp2Session) => void> = [];
    server.on("session", (s) => (waiting.length > 0 ? waiting.shift()!(s) : sessions.push(s)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const all: http2.ServerHttp2Session[] = [];
    server.on("session", (s) => all.push(s));
    const closing = (s: http2.ServerHttp2Session) => {
        if (s.closed || s.destroyed) return;
        s.goaway();
        s.close();
    };
    return {
        address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
        nextSession: () => (sessions.length > 0 ? Promise.resolve(sessions.shift()!) : new Promise((resolve) => waiting.push(resolve))),
        closing,
        // An engine shutting down: every connection closed with a GOAWAY, and no more listening.
        stopsListening: () => {
            server.close();
            all.forEach(closing);
        },
        // As the kernel does for a killed engine: the listener goes, and every connection with it (no GOAWAY).
        gone: () => {
            server.close();
            for (const s of all) s.destroy();
        },
    };
}

describe("the engine watch of a provider process", () => {
    it("reports the engine gone once its connection is dropped", async () => {
        const e = await engine();
        let gone = false;
        const reported = new Promise<void>((resolve) => watches.push(whenEngineGone(e.address, () => ((gone = true), resolve()), 50)));
        await e.nextSession();
        expect(gone).toBe(false);
        e.gone();
        await reported;
        expect(gone).toBe(true);
    });

    it("connects again when the engine closes an idle connection and still listens; gone once a new one is refused", async () => {
        const e = await engine();
        let gone = false;
        const reported = new Promise<void>((resolve) => watches.push(whenEngineGone(e.address, () => ((gone = true), resolve()), 50)));
        e.closing(await e.nextSession());
        await e.nextSession();
        expect(gone).toBe(false);
        e.stopsListening();
        await reported;
        expect(gone).toBe(true);
    });

    it("finds the engine address after the logging flags the engine passes first", () => {
        expect(engineAddress(["--logtostderr", "-v=9", "--tracing", "file:/t", "127.0.0.1:4000", "extra"])).toBe("127.0.0.1:4000");
        expect(engineAddress(["127.0.0.1:4000"])).toBe("127.0.0.1:4000");
        expect(engineAddress([])).toBeUndefined();
    });
});
