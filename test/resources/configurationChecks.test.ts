/**
 * The provider's configuration and a resource's `connection`, judged at preview before any request, in both faces:
 * every kind (JoinToken and RoomContentPurge too) fails without an API URL or with a bad one, naming the setting; a
 * connection to another API brings its own developer key; a password inside an API URL is never echoed; a
 * fractional vcrooms:requestsPerMinute is refused (it made the limiter's wait NaN: no limit at all).
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { control } from "../support/http";
import { createRequire } from "node:module";
import * as path from "node:path";
import { engineFor, ROOT, sdk } from "../support/pulumi";

/** The SDK's check of the stack's keys, from the build (as the SDK itself is loaded: test/support/pulumi.ts). */
const { unknownConfigKeys } = createRequire(__filename)(path.join(ROOT, "dist/sdk/declaredResource")) as typeof import("../../sdk/declaredResource");

let emulator: RunningEmulator;
useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });

const requests = async () => (await control(emulator, "GET", "/requests")).total as number;

describe("configuration checks at preview (SDK face)", () => {
    it("JoinToken and RoomContentPurge without an API URL, or with a bad one, fail naming the setting", async () => {
        const noUrl = engineFor(emulator, "no-url-kinds", { config: { "vcrooms:developerKey": emulator.developerKey }, env: { VCROOMS_API_URL: undefined } });
        const first = await noUrl.preview(async () => {
            new sdk.JoinToken("token", { room: "some-room", userName: "Ada" });
            new sdk.RoomContentPurge("purge", { room: "some-room" });
        });
        expect(first.failed).toBe(true);
        expect(first.errors.filter((e) => e.includes("No API URL: set vcrooms:apiUrl in the stack config or VCROOMS_API_URL"))).toHaveLength(2);

        const badUrl = engineFor(emulator, "bad-url-kinds", { config: { "vcrooms:apiUrl": "http://127.0.0.1:9/api/v2", "vcrooms:developerKey": emulator.developerKey } });
        const second = await badUrl.preview(async () => {
            new sdk.JoinToken("token", { room: "some-room", userName: "Ada" });
            new sdk.RoomContentPurge("purge", { room: "some-room" });
        });
        expect(second.errors.filter((e) => e.includes('Invalid API URL "http://127.0.0.1:9/api/v2" from vcrooms:apiUrl'))).toHaveLength(2);
    });

    it("a misspelt vcrooms: key fails the program naming it and the key it means, before any request (it would be ignored and VCROOMS_API_URL used)", async () => {
        await control(emulator, "DELETE", "/requests");
        const engine = engineFor(emulator, "config-typo", {
            config: { "vcrooms:apiURL": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey },
            env: { VCROOMS_API_URL: emulator.baseUrl },
        });
        const result = await engine.preview(async () => {
            new sdk.Room("typo-room", { friendlyUrl: "typo-room" });
        });
        expect(result.failed).toBe(true);
        expect(result.errors.join("\n")).toContain("vcrooms:apiURL is not a setting of the vcrooms provider (did you mean apiUrl?)");
        expect(await requests()).toBe(0);
        // Every declared key, and keys of other namespaces, pass.
        expect(unknownConfigKeys({ "vcrooms:apiUrl": "u", "vcrooms:requestsPerMinute": "5", "other:apiURL": "x" })).toBeUndefined();
    });

    it("a connection to another API URL must bring its own developer key; the stack's URL written differently needs none", async () => {
        await control(emulator, "DELETE", "/requests");
        const engine = engineFor(emulator, "connection-key");
        const result = await engine.preview(async () => {
            new sdk.Room("elsewhere", { connection: { apiUrl: "http://127.0.0.1:9/api/v1" } });
            new sdk.RoomContentPurge("purge-elsewhere", { room: "r", connection: { apiUrl: "http://127.0.0.1:9/api/v1" } });
            new sdk.Room("same", { friendlyUrl: "same-api", connection: { apiUrl: `${emulator.baseUrl}/` } });
        });
        const text = result.errors.join("\n");
        expect(text.match(/connection\.developerKey is required: connection\.apiUrl "http:\/\/127\.0\.0\.1:9\/api\/v1" is not the stack's API URL/g)).toHaveLength(2);
        expect(text).not.toContain("same");
        expect(text).not.toContain(emulator.developerKey);
        expect(await requests()).toBe(0);
    });

    it("a password inside an API URL is refused and never shown", async () => {
        const engine = engineFor(emulator, "url-password");
        const result = await engine.preview(async () => {
            new sdk.Room("with-password", { connection: { apiUrl: "http://admin:hunter2-pw@127.0.0.1:9/api/v1", developerKey: "k" } });
            new sdk.Room("bad-path", { connection: { apiUrl: "http://admin:hunter3-pw@127.0.0.1:9/api/v2", developerKey: "k" } });
        });
        const text = result.errors.join("\n");
        expect(text).toContain('Invalid API URL "http://admin:[secret]@127.0.0.1:9/api/v1"');
        expect(text).toContain("must not carry a user name or password");
        expect(text).toContain('Invalid API URL "http://admin:[secret]@127.0.0.1:9/api/v2"');
        expect(text).not.toMatch(/hunter[23]-pw/);
    });

    it("a fractional vcrooms:requestsPerMinute fails naming the key, the rule and the value", async () => {
        const engine = engineFor(emulator, "fractional-rpm", { config: { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey, "vcrooms:requestsPerMinute": "2.5" } });
        const result = await engine.preview(async () => {
            new sdk.Room("board", { friendlyUrl: "board-rpm" });
        });
        expect(result.failed).toBe(true);
        expect(result.errors.join("\n")).toContain('Invalid configuration vcrooms:requestsPerMinute: must be a positive whole number; got "2.5"');
    });
});

describe("configuration checks (plugin face)", () => {
    it("CheckConfig refuses a fractional requestsPerMinute, from config text or a number", () => {
        const plugin = new VcroomsPlugin("0.1.0");
        for (const value of ["2.5", 333.3]) {
            const { failures } = plugin.checkConfig({ apiUrl: emulator.baseUrl, developerKey: "k", requestsPerMinute: value });
            expect(failures).toEqual([{ property: "requestsPerMinute", reason: `requestsPerMinute must be a positive whole number; got ${JSON.stringify(value)}` }]);
        }
    });

    it("CheckConfig names a misspelt setting and suggests the right one; the engine's own keys pass", () => {
        const plugin = new VcroomsPlugin("0.1.0");
        const { failures } = plugin.checkConfig({ apiURL: emulator.baseUrl, developerkey: "k", requestsPerMinuet: 60, colour: "red", version: "0.1.0", __internal: {} });
        expect(failures.map((f) => f.property)).toEqual(["apiURL", "developerkey", "requestsPerMinuet", "colour"]);
        expect(failures[0]!.reason).toBe("apiURL is not a setting of the vcrooms provider (did you mean apiUrl?); its settings: apiUrl, developerKey, teamId, auth, requestsPerMinute");
        expect(failures[1]!.reason).toContain("(did you mean developerKey?)");
        expect(failures[2]!.reason).toContain("(did you mean requestsPerMinute?)");
        expect(failures[3]!.reason).not.toContain("did you mean");
    });

    it("a connection to another API URL without a key fails the resource's check", async () => {
        const plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: emulator.developerKey });
        const ref = { urn: "urn:pulumi:dev::p::vcrooms:index:JoinToken::t", type: "vcrooms:index:JoinToken", name: "t" };
        const { failures } = await plugin.check(ref, {}, { room: "r", userName: "Ada", connection: { apiUrl: "http://127.0.0.1:9/api/v1" } });
        expect(failures.map((f) => f.reason).join("\n")).toContain("connection.developerKey is required");
    });
});
