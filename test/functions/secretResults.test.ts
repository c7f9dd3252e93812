/**
 * Data function results keep the record's secrets secret, in both faces: a room's restream key and telephony PIN
 * come back as secret Outputs from the SDK's getRoom and getRoomOutput, and as secret values in the plugin's Invoke
 * answer; the other fields stay plain. Which fields are secret comes from the Room declaration's flags. The team's
 * free-text settings a record shows (its consentMessage, ...), which another stack may have given its TeamDefaults as
 * secrets, are secret too in every function returning a room's or the team's record (`maybeSecretInherited`).
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { functions, secretResultFields, type FunctionName } from "../../provider/functions";
import { settingsFor } from "../../provider/model/settings";
import { toCamelName } from "../../provider/model/names";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { isSecretValue, secretValue } from "../../provider/plugin/secrets";
import { apiCaller } from "../support/http";
import { sdk } from "../support/pulumi";

const RESTREAM_KEY = "fn-restream-key-93af";
const PIN = "1234W5";
/** The team's free text, as another stack would have given it as a secret. */
const CONSENT = "fn team consent wording 5b1e";

/** The team's free-text settings, from the settings table. */
const TEAM_FREE_TEXT = settingsFor("defaults").filter((s) => s.freeText === true).map((s) => toCamelName(s.name));
/** Every function returning a room's or the team's record, and its arguments here. */
const RECORD_FUNCTIONS = Object.entries(functions).flatMap(([name, f]) => (f.recordOf === undefined ? [] : [[name as FunctionName, f.recordOf === "room" ? { room: "secret-fn" } : {}] as const]));

let emulator: RunningEmulator;

useEmulator({ rateLimit: 0 }, { environment: true, started: (started) => (emulator = started) });
beforeAll(async () => {
    await apiCaller(emulator)("POST", "/rooms", { friendly_url: "secret-fn", restream_key: RESTREAM_KEY, telephony_pin_dtmf: PIN });
    await apiCaller(emulator)("PATCH", "/", { consent_message_type: "custom", consent_message: CONSENT });
});

const secretOf = async (o: unknown) => pulumi.Output.isInstance(o) && (await (o as unknown as { isSecret: Promise<boolean> }).isSecret);
const valueOf = (o: unknown) => new Promise((resolve) => (o as pulumi.Output<unknown>).apply(resolve));

describe("secret fields of function results", () => {
    it("are the Room's secret settings, and the team's free-text settings in every function returning a room's or the team's record", () => {
        expect(TEAM_FREE_TEXT).toEqual(expect.arrayContaining(["consentMessage", "lobbyMessage", "customLogo", "favicon"]));
        expect(RECORD_FUNCTIONS.map(([name]) => name).sort()).toEqual(["getRoom", "getTeamDefaults"]);
        expect(secretResultFields("getRoom").sort()).toEqual(["restreamKey", "telephonyPinDtmf", ...TEAM_FREE_TEXT].sort());
        expect(secretResultFields("getTeamDefaults").sort()).toEqual([...TEAM_FREE_TEXT].sort());
        expect(secretResultFields("getRoomStatistics")).toEqual([]);
    });

    it("the team's consentMessage comes back secret from every record function, both faces; a colour stays plain", async () => {
        const plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
        for (const [name, args] of RECORD_FUNCTIONS) {
            const answer = await plugin.invoke(`vcrooms:index:${name}`, args);
            expect(isSecretValue(answer.consentMessage) && answer.consentMessage.value, `plugin ${name}`).toBe(CONSENT);
            expect(isSecretValue(answer.id), `plugin ${name}`).toBe(false);
            const result = await (sdk as unknown as Record<string, (a: object) => Promise<Record<string, unknown>>>)[name]!(args);
            expect(await secretOf(result.consentMessage), `sdk ${name}`).toBe(true);
            expect(await valueOf(result.consentMessage)).toBe(CONSENT);
            expect(result.id, `sdk ${name}`).toEqual(expect.any(String));
        }
    });

    it("come back as secret Outputs from the SDK's getRoom and getRoomOutput", async () => {
        const room = await sdk.getRoom({ room: "secret-fn" });
        expect(room.friendlyUrl).toBe("secret-fn");
        for (const [field, value] of [["restreamKey", RESTREAM_KEY], ["telephonyPinDtmf", PIN]] as const) {
            expect(await secretOf(room[field]), field).toBe(true);
            expect(await valueOf(room[field])).toBe(value);
        }
        const lifted = sdk.getRoomOutput({ room: "secret-fn" }).restreamKey;
        expect(await secretOf(lifted)).toBe(true);
        expect(await valueOf(lifted)).toBe(RESTREAM_KEY);
        expect(await secretOf(sdk.getRoomOutput({ room: "secret-fn" }).friendlyUrl)).toBe(false);
    });

    it("come back secret in the plugin's Invoke answer", async () => {
        const plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
        const answer = await plugin.invoke("vcrooms:index:getRoom", { room: "secret-fn" });
        expect(answer.friendlyUrl).toBe("secret-fn");
        expect(isSecretValue(answer.restreamKey) && answer.restreamKey.value).toBe(RESTREAM_KEY);
        expect(isSecretValue(answer.telephonyPinDtmf) && answer.telephonyPinDtmf.value).toBe(PIN);
        expect(JSON.stringify(await plugin.invoke("vcrooms:index:getRooms", {}))).not.toContain(RESTREAM_KEY);
    });

    it("an unknown function name, inherited names included, answers unknown function", async () => {
        const plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
        for (const name of ["__proto__", "toString", "constructor"]) {
            await expect(plugin.invoke(`vcrooms:index:${name}`, {})).rejects.toThrow(/^Unknown function/);
        }
    });
});
