/**
 * Whose request budget a client spends: the clients one runtime's connections build for the same API and team share
 * one (a 429 any of them earns holds back and is counted for all), while another runtime's clients have their own.
 */
import { describe, expect, it } from "vitest";
import { SharedTransport } from "../../provider/api";
import { Connections } from "../../provider/resources/connections";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });

const tooMany = { method: "GET", path: "/api/v1/", status: 429, headers: { "retry-after": "1" }, body: { message: "Too Many Attempts. You may try again in 1 seconds.", error: "rate-limit" } };

describe("request budgets", () => {
    it("one per API and team in a runtime: two clients of one team (bearer and basic) count the same 429; another runtime's client does not", async () => {
        const environment = { VCROOMS_API_URL: env.emulator.baseUrl, VCROOMS_DEVELOPER_KEY: env.emulator.developerKey, VCROOMS_TEAM_ID: env.emulator.teamId };
        const shared = new SharedTransport();
        const connections = new Connections(environment, shared);
        const other = new Connections(environment, new SharedTransport());
        try {
            const bearer = connections.clientFor({ auth: "bearer" });
            const basic = connections.clientFor({ auth: "basic" });
            const elsewhere = other.clientFor({ auth: "bearer" });
            expect(basic).not.toBe(bearer);
            await env.control("POST", "/faults", tooMany);
            await bearer.getDefaults();
            expect(bearer.rateLimitedCount).toBe(1);
            expect(basic.rateLimitedCount).toBe(1);
            expect(elsewhere.rateLimitedCount).toBe(0);
        } finally {
            await shared.close();
        }
    });
});
