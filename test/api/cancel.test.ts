/**
 * Cancelling a runtime's transport (the engine's Cancel, Ctrl-C in the plugin face): a retry waiting for the API's
 * retry-after is abandoned at once with an error saying so, and nothing more is sent, by that call or any later one.
 * Through the real CLI: test/cli/pluginProcess.test.ts.
 */
import { describe, expect, it } from "vitest";
import { CancelledError, RoomsClient, ServerError, SharedTransport, resolveClientConfig } from "../../provider/api";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });

const sent = async () => ((await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string; path: string }> }).entries.filter((e) => e.path.startsWith("/api/v1/rooms")).length;

describe("a cancelled transport", () => {
    it("abandons a retry waiting out a 503's retry-after, and sends nothing after", async () => {
        const shared = new SharedTransport();
        const client = new RoomsClient(resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey, requestsPerMinute: 100_000 }, {}), shared);
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/*", status: 503, headers: { "retry-after": "40" }, body: { message: "Busy" }, count: 100 });
        const reading = client.getRoom("cancelled").then(
            () => undefined,
            (error: unknown) => error,
        );
        while ((await sent()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        // The call now waits 40 s for its retry (the test's 5 s limit would fail it): cancelling ends the wait.
        shared.cancel();
        const error = await reading;
        expect(error).toBeInstanceOf(ServerError);
        expect((error as Error).message).toContain("not tried again: the operation was cancelled");
        const later = await client.createRoom({ friendly_url: "later" }).catch((e: unknown) => e);
        expect(later).toBeInstanceOf(CancelledError);
        expect((later as Error).message).toBe("POST /rooms not sent: the operation was cancelled");
        expect(await sent()).toBe(1);
        await shared.close();
    });
});
