/**
 * `check` against the emulator, property-based: for random room inputs built from values on both
 * sides of every rule, `check` never throws, every failure names a declared property, and
 * `check` accepts exactly what the emulator (an independent reading of the contract) accepts.
 *
 * Left out of the generator, on purpose: role names that do not exist and friendly URLs already
 * taken. Only the API knows its roles and rooms; `check` runs before any request is sent.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { toApiName } from "../../provider/model/names";
import { providers } from "../../provider";
import { apiCaller } from "../support/http";

const roomProvider = providers.room;

let emulator: RunningEmulator;
// check resolves the connection too (a misconfiguration fails at preview): the provider reads the environment.
useEmulator({ rateLimit: 0 }, { environment: true, started: (started) => (emulator = started) });

const x = (n: number) => "x".repeat(n);
/** Per field: values the contract allows, then values it refuses. Cross-field clashes arise from the mix. */
const candidates: Record<string, [unknown[], unknown[]]> = {
    description: [["abc", x(500)], ["ab", x(501), 5]],
    maxParticipants: [[2, 2000, 50], [1, 2001, 2.5, "10"]],
    maxBroadcasters: [[1, 50, 100, 10], [0]],
    sessionLength: [[1, 1440, null, ""], [0, 1441, "60"]],
    isLocked: [[true, false], []],
    watermarkText: [["abc", x(150)], ["ab", x(151), "héllo wörld"]],
    toolbarColor: [["#abc", "#ABCDEF"], ["red", "#abcd"]],
    toolbarPosition: [["left", "bottom"], ["top"]],
    languages: [[["en"], ["en", "nl-NL"]], [["en", "xx-XX"], "en"]],
    language: [["en", "de-DE"], ["fr-FR"]],
    hdVideoQuality: [["720_1.5", "1080_5.5"], ["4k"]],
    audioQuality: [["64", "256"], ["65", 64]],
    roles: [[["moderator"], ["speaker", "attendee"]], ["moderator"]],
    defaultRole: [["moderator", "attendee"], [5]],
    e2eeEnabled: [[true, false], ["yes"]],
    whiteboardEnabled: [[true, false], []],
    transcriptionEnabled: [[true, false], []],
    breakoutRoomsEnabled: [[true, false], []],
    expiresAt: [["2099-01-01 00:00:00"], ["2001-01-01 00:00:00", "2099-01-01T00:00:00Z", "tomorrow"]],
    telephonyPinDtmf: [["12W#", "w"], ["12a"]],
    libraryId: [["0b6c7f3e-2f1a-4c1b-9a55-7f1e2d3c4b5a"], ["not-a-uuid"]],
    customLogo: [["https://example.com/a.png", "data:image/png;base64,iVBORw0KGgo="], ["not an image"]],
    privacy: [["public", "private"], ["secret"]],
    restreamUrl: [["rtmp://live.example.com/app"], ["nope"]],
    breakoutTimerDuration: [[1, 30], [0]],
    htmlTitle: [["abc"], ["ab", x(256)]],
    privateGroupChatName: [["abc"], ["ab"]],
    lobbyMessage: [["abc"], [x(1001)]],
    chatEnabled: [[true, false], ["no"]],
    qaDefaultFilter: [["open"], ["closed"]],
    captionsLanguage: [["fr"], ["fr-FR"]],
};

const inputs = fc.record(
    Object.fromEntries(
        Object.entries(candidates).map(([k, [valid, invalid]]) => [
            k,
            invalid.length === 0 ? fc.constantFrom(...valid) : fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: fc.constantFrom(...invalid) }),
        ]),
    ),
    { requiredKeys: [] },
);

describe("check agrees with the emulator", () => {
    it("on 500 random room inputs", async () => {
        const api = apiCaller(emulator);
        let n = 0;
        let accepted = 0;
        await fc.assert(
            fc.asyncProperty(inputs, async (generated) => {
                const friendlyUrl = `prop-${n++}`;
                const declared = { ...generated, friendlyUrl } as Record<string, unknown>;
                // No failures is written as an absent list by the dynamic interface.
                const failures = (await roomProvider.check({}, declared)).failures ?? [];
                for (const f of failures) {
                    // A failure about a secret input (telephonyPinDtmf) names no property, as the engine would print
                    // its value: its reason names the field.
                    const field = f.property === "" ? f.reason.split(/[ [;]/)[0]! : f.property.replace(/\[.*$/, "");
                    expect(Object.keys(declared)).toContain(field);
                    expect(f.reason.startsWith(f.property)).toBe(true);
                }
                const answer = await api("POST", "/rooms", Object.fromEntries(Object.entries(declared).map(([k, v]) => [toApiName(k), v])));
                if (answer.status === 200) accepted++;
                expect({ checkAccepts: failures.length === 0, failures, api: answer.body?.errors }).toMatchObject({ checkAccepts: answer.status === 200 });
            }),
            { numRuns: 500, seed: 20261122 },
        );
        // Both sides of the boundary were exercised.
        expect(accepted).toBeGreaterThan(5);
        expect(accepted).toBeLessThan(495);
    });
});

describe("check agrees with the emulator on friendly URLs", () => {
    it("accepts exactly the friendly URLs the emulator accepts: any script, counted by code point, link characters too", async () => {
        const api = apiCaller(emulator);
        const values = ["café-ü", "會議室", "ab", "abc", "😀😀", "😀😀😀", "😀".repeat(32), "😀".repeat(33), "é".repeat(32), "é".repeat(33), x(32), x(33), "q3 review", "a/b-c", "abc#frag", "ab%20c", "a..b", "ab\tcd"];
        const verdicts = [];
        for (const friendlyUrl of values) {
            const failures = (await roomProvider.check({}, { friendlyUrl })).failures ?? [];
            const answer = await api("POST", "/rooms", { friendly_url: friendlyUrl });
            verdicts.push({ friendlyUrl, check: failures.length === 0, api: answer.status === 200 });
        }
        expect(verdicts.filter((v) => v.check !== v.api)).toEqual([]);
        expect(verdicts.filter((v) => !v.api).map((v) => v.friendlyUrl)).toEqual(["ab", "😀😀", "😀".repeat(33), "é".repeat(33), x(33)]);
    });
});
