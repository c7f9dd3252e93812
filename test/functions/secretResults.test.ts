/**
 * Data function results keep the record's secrets secret, in both faces: a room's restream key and telephony PIN
 * come back as secret Outputs from the SDK's getRoom and getRoomOutput, and as secret values in the plugin's Invoke
 * answer; the other fields stay plain. Which fields are secret comes from the Room declaration's flags.
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { secretResultFields } from "../../provider/functions";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { isSecretValue, secretValue } from "../../provider/plugin/secrets";
import { apiCaller } from "../support/http";
import { sdk } from "../support/pulumi";

const RESTREAM_KEY = "fn-restream-key-93af";
const PIN = "1234W5";

let emulator: RunningEmulator;

useEmulator({ rateLimit: 0 }, { environment: true, started: (started) => (emulator = started) });
beforeAll(async () => {
    await apiCaller(emulator)("POST", "/rooms", { friendly_url: "secret-fn", restream_key: RESTREAM_KEY, telephony_pin_dtmf: PIN });
});

const secretOf = async (o: unknown) => pulumi.Output.isInstance(o) && (await (o as unknown as { isSecret: Promise<boolean> }).isSecret);
const valueOf = (o: unknown) => new Promise((resolve) => (o as pulumi.Output<unknown>).apply(resolve));

describe("secret fields of function results", () => {
    it("are the Room's secret settings, from its declaration", () => {
        expect(secretResultFields("getRoom").sort()).toEqual(["restreamKey", "telephonyPinDtmf"]);
        expect(secretResultFields("getRoomStatistics")).toEqual([]);
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
