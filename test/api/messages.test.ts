/**
 * What the client's errors say: no secret the request carried, whatever the API echoed;
 * a 401 names the auth actually used; a create whose outcome could not be checked is reported as the create.
 * Faults come from the emulator's fault injection (it answers with whatever body a test gives it).
 */
import { inspect } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { describeFailure } from "../../provider/api/messages";
import { RoomsClient, resolveClientConfig, type ClientOptions } from "../../provider/api";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true, sharedClients: true });
const logged: string[] = [];

function client(overrides: Partial<ClientOptions> = {}): RoomsClient {
    return new RoomsClient(resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey, teamId: env.emulator.teamId, requestsPerMinute: 100_000, logger: (l) => logged.push(l), ...overrides }, {}), env.transport);
}

async function failureOf(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
    try {
        await p;
    } catch (e) {
        return e as Error & Record<string, unknown>;
    }
    throw new Error("expected a failure");
}

beforeEach(() => {
    logged.length = 0;
});

const KEY = "rtmp-secret-key-93fd";
const PIN = "8642W1";

describe("secrets the request carried are redacted from every message built from API text", () => {
    it.each([
        ["a 422 field error", 422, { message: `The restream key ${KEY} is invalid.`, errors: { restream_key: [`${KEY} is not accepted`], telephony_pin_dtmf: [`PIN ${PIN} too short`] } }, undefined],
        ["a 400 message quoting the body", 400, { message: `Bad body: {"restream_key":"${KEY}","telephony_pin_dtmf":"${PIN}"}`, error: "bad-request" }, undefined],
        ["a 5xx HTML page", 500, `<html><body>upstream error for restream_key=${encodeURIComponent(KEY)} pin ${PIN}</body></html>`, { "content-type": "text/html" }],
    ])("%s", async (_name, status, body, headers) => {
        await control(env.emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/rooms/*", status, body, headers });
        const created = await client().createRoom({ friendly_url: "stream" });
        const e = await failureOf(client({ maxAttempts: 1 }).updateRoom(created.id, { restream_key: KEY, telephony_pin_dtmf: PIN }));
        const everything = JSON.stringify({ message: e.message, apiMessage: e.apiMessage, fieldErrors: e.fieldErrors, body: e.body }) + logged.join("\n");
        expect(everything).not.toContain(KEY);
        expect(everything).not.toContain(encodeURIComponent(KEY));
        expect(everything).not.toContain(PIN);
        expect(e.message).toContain("[secret]");
    });
});

describe("the developer key echoed in base64 is redacted", () => {
    it.each([["basic" as const], ["bearer" as const]])("an echoed Authorization header (%s) and a base64 echo of the key", async (auth) => {
        const basic = Buffer.from(`${env.emulator.teamId}:${env.emulator.developerKey}`).toString("base64");
        const bare = Buffer.from(env.emulator.developerKey).toString("base64");
        const said = `Refused. You sent Authorization: Basic ${basic}; key ${bare}; url-safe ${Buffer.from(env.emulator.developerKey).toString("base64url")}`;
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/", status: 400, body: { message: said, error: "bad-request" } });
        const e = await failureOf(client({ auth }).getDefaults());
        const everything = inspect(describeFailure("read", "the team defaults", e), { depth: 10 }) + logged.join("\n");
        for (const secret of [basic, bare, basic.replace(/=+$/, ""), bare.replace(/=+$/, ""), env.emulator.developerKey]) expect(everything).not.toContain(secret);
        expect(e.message).toContain("Authorization: Basic [secret]");
    });
});

describe("an answer of the wrong shape", () => {
    it("names the field and the endpoint, and its error (cause included) holds none of the record's secret values", async () => {
        const record = { id: 42, friendly_url: "odd", room_url: "https://acme.digitalsamba.com/odd", restream_key: KEY, telephony_pin_dtmf: PIN };
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/odd", status: 200, body: record });
        const e = await failureOf(client().getRoom("odd"));
        expect(e.message).toMatch(/^GET \/rooms\/odd answered a record the client does not understand: id: /);
        const printed = inspect(describeFailure("read", 'room "odd"', e), { depth: 10 });
        expect(printed).not.toContain(KEY);
        expect(printed).not.toContain(PIN);
    });
});

describe("an answer that is not JSON", () => {
    it("a 200 whose JSON is cut short says so, with the status and content type, and holds none of the body's secrets", async () => {
        const record = JSON.stringify({ id: "a1", friendly_url: "cut", room_url: "https://acme.digitalsamba.com/cut", restream_key: KEY, telephony_pin_dtmf: PIN });
        const cut = record.slice(0, record.indexOf(PIN) + 3);
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/cut", status: 200, headers: { "content-type": "application/json" }, body: cut });
        const e = await failureOf(client().getRoom("cut"));
        expect(e.message).toMatch(new RegExp(`^GET /rooms/cut answered 200 with a body that is not valid JSON \\(${Buffer.byteLength(cut)} bytes, cut short\\?\\), content type "application/json(; charset=utf-8)?"$`));
        const printed = inspect(describeFailure("read", 'room "cut"', e), { depth: 10 }) + logged.join("\n");
        expect(printed).not.toContain(KEY);
        expect(printed).not.toContain(PIN.slice(0, 3));
        expect(printed).not.toContain("lacks the field");
        // An empty 200 where a record was expected.
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/empty", status: 200, headers: { "content-type": "text/html" }, body: "" });
        expect((await failureOf(client().getRoom("empty"))).message).toMatch(/^GET \/rooms\/empty answered 200 with an empty body, content type "text\/html(; charset=utf-8)?"$/);
    });
});

describe("a 401 names the authentication actually used", () => {
    it("Bearer: the developer key only; Basic: the key and the team id", async () => {
        const bearer = await failureOf(client({ developerKey: "wrong-key-bearer-0000" }).getDefaults());
        expect(bearer.message).toContain("check the developer key (vcrooms:developerKey / VCROOMS_DEVELOPER_KEY), sent as a Bearer token");
        expect(bearer.message).not.toMatch(/basic|team id/i);
        const basic = await failureOf(client({ developerKey: "wrong-key-basic-0000", auth: "basic" }).getDefaults());
        expect(basic.message).toContain("check the developer key (vcrooms:developerKey / VCROOMS_DEVELOPER_KEY) and the team id (vcrooms:teamId / VCROOMS_TEAM_ID), sent with Basic auth");
    });
});

describe("a create whose outcome cannot be checked", () => {
    it("is reported as the create that failed, not as the lookup's GET", async () => {
        // The create acts, then the connection drops; every lookup that would tell is refused at the door.
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/*", drop: "before", count: 10 });
        const c = client({ maxAttempts: 2 });
        const lookup = async () => c.getRoom("unsure");
        const e = await failureOf(c.createRoom({ friendly_url: "unsure" }, lookup));
        expect(e.message).toMatch(/^POST \/rooms failed: .*; whether it took effect is unknown, as the lookup that would tell failed too \(GET \/rooms\/unsure failed: .*\)\. Run it again once the API answers/);
    });
});
