/**
 * No message shows the value of an input the program gave as a secret, whichever face tells the provider so (the
 * plugin face by the engine's wrapped values, in the call's context; the dynamic face by the SDK's `givenSecrets`
 * input): check failures name the field and the rule and say the value is secret, and leave `property` empty (the
 * engine prints the value of the property a failure names); errors of a write leave the value out, API paths
 * included. The kinds as the runtime builds them for both faces.
 */
import { describe, expect, it } from "vitest";
import { declarations, type Kind } from "../../provider/declarations";
import { inputSettings } from "../../provider/declarations/declaration";
import { hiddenKey } from "../../provider/declarations/derive";
import type { Values } from "../../provider/declarations/declaration";
import type { Context } from "../../provider/resources/kind";
import { NO_STACK_CONFIG, Runtime } from "../../provider/runtime";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });

const CANARY = "cnrySecretMessages7q";

function runtime(): Runtime {
    const r = new Runtime({ VCROOMS_API_URL: env.emulator.baseUrl, VCROOMS_DEVELOPER_KEY: env.emulator.developerKey });
    r.configure(NO_STACK_CONFIG);
    return r;
}

const warnings: string[] = [];
const context = (secretInputs?: string[]): Context => ({ preview: false, resourceName: "board", warn: (m) => warnings.push(m), ...(secretInputs ? { secretInputs: new Set(secretInputs) } : {}) });

/** The two ways a face names the secrets: the plugin's context, the dynamic SDK's hidden input. */
const FACES = {
    plugin: (names: string[], inputs: Values) => ({ inputs, ctx: context(names) }),
    dynamic: (names: string[], inputs: Values) => ({ inputs: { ...inputs, [hiddenKey("givenSecrets")]: names }, ctx: context() }),
};

/** A text holding the canary that a setting's rule refuses, if one of these is: too long, or not of its form. */
function refusedText(kind: Kind, name: string): string | undefined {
    const d = declarations[kind];
    const setting = inputSettings(d).get(name)!;
    const validator = setting.schema(d.scope!);
    return [`${CANARY}${"x".repeat(2000)}`, `${CANARY} ?`].find((v) => !validator.safeParse(v).success);
}

describe("check failures of secret inputs", () => {
    for (const [face, given] of Object.entries(FACES)) {
        it(`${face} face: every setting a text can fail, given as a secret, fails naming its field with no value and no property`, async () => {
            const r = runtime();
            for (const kind of ["room", "teamDefaults"] as const) {
                for (const name of inputSettings(declarations[kind]).keys()) {
                    const value = refusedText(kind, name);
                    if (value === undefined) continue;
                    const { inputs, ctx } = given([name], { [name]: value });
                    const { failures } = await r.kinds[kind].check({}, inputs, ctx);
                    const own = failures.filter((f) => f.reason.startsWith(`${name} `) || f.reason.startsWith(`${name}[`));
                    expect(own.length, `${kind}.${name}: ${JSON.stringify(failures)}`).toBeGreaterThan(0);
                    expect(own.map((f) => f.property), `${kind}.${name}`).toEqual(own.map(() => ""));
                    expect(JSON.stringify(failures), `${kind}.${name}`).not.toContain(CANARY);
                }
            }
        });

        it(`${face} face: a secret friendlyUrl declared twice, and a secret maxParticipants out of range that another rule quotes`, async () => {
            const r = runtime();
            const first = given(["friendlyUrl"], { friendlyUrl: CANARY });
            expect((await r.kinds.room.check({}, first.inputs, first.ctx)).failures).toEqual([]);
            const twin = given(["friendlyUrl"], { friendlyUrl: CANARY });
            const twice = (await r.kinds.room.check({}, twin.inputs, { ...twin.ctx, resourceName: "twin" })).failures;
            expect(twice).toEqual([{ property: "", reason: 'friendlyUrl is also declared by Room "board" of this stack: a room can be managed by one resource only; give each Room its own friendlyUrl; got [secret]' }]);
            const large = given(["maxParticipants"], { maxParticipants: 987654, maxBroadcasters: 987655 });
            const range = (await r.kinds.room.check({}, large.inputs, large.ctx)).failures;
            expect(range).toEqual([
                { property: "", reason: "maxParticipants must be an integer from 2 to 2000; got [secret]" },
                { property: "maxBroadcasters", reason: "maxBroadcasters must not exceed maxParticipants ([secret]); got 987655" },
            ]);
        });
    }
});

describe("errors of writes with secret inputs", () => {
    for (const [face, given] of Object.entries(FACES)) {
        it(`${face} face: a create refused as taken names the room, not its secret friendly URL, in its words, API paths and requests`, async () => {
            await env.api("POST", "/rooms", { friendly_url: CANARY });
            const r = runtime();
            const declared = given(["friendlyUrl"], { friendlyUrl: CANARY, description: "Quarterly board" });
            const { inputs } = await r.kinds.room.check({}, declared.inputs, declared.ctx);
            const error = (await r.kinds.room.create(inputs, declared.ctx).catch((e: unknown) => e)) as Error;
            expect(error.message).toMatch(/^Unable to create room "board" \(friendly URL \[secret\]\): friendlyUrl: The friendly url has already been taken/);
            expect(`${error.message}\n${error.stack}`).not.toContain(CANARY);
            // Nor in a request's path, which an API's access log keeps: it was looked up through the listing.
            const log = (await env.control("GET", "/requests")) as { entries: Array<{ method: string; path: string; query: string }> };
            expect(log.entries.filter((e) => `${e.path}?${e.query}`.includes(CANARY))).toEqual([]);
        });

        it(`${face} face: a secret's text inside the resource's name or a longer word is not taken out, only the value where it stands`, async () => {
            await env.api("POST", "/rooms", { friendly_url: "twin" });
            const r = runtime();
            const declared = given(["friendlyUrl"], { friendlyUrl: "twin", description: "Twin of twin-moved, see /rooms/twin" });
            const ctx = { ...declared.ctx, resourceName: "twin1" };
            const { inputs } = await r.kinds.room.check({}, declared.inputs, ctx);
            const error = (await r.kinds.room.create(inputs, ctx).catch((e: unknown) => e)) as Error;
            expect(error.message).toMatch(/^Unable to create room "twin1" \(friendly URL \[secret\]\): /);
            expect(error.message).not.toMatch(/(?<![\w-])twin(?![\w-])/);
        });
    }
});
