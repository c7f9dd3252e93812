/**
 * The governance policies as pure rules over declared inputs, without an engine (test/cli/policy.test.ts runs the
 * pack through the real CLI): which resources each policy judges, what it says, and when (as each resource is read,
 * or at the stack pass when a TeamDefaults read later could change the verdict).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Secret, type PolicyResource, type ResourceValidationArgs, type StackValidationArgs } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { confidentialRooms, declaredOf, joinTokenLifetime, kindOf, maxParticipantsCap, publicRoomsLocked, recordingConsent, resourcePolicies, singleTeamDefaults, trackSecrets } from "../../policy/pack";
import { SETTINGS } from "../../provider/model/settings";
import { toCamelName } from "../../provider/model/names";
import { ROOT } from "../../harness/pulumiCli";

type Policy = typeof recordingConsent;

interface Declared {
    type: string;
    name: string;
    props: Record<string, unknown>;
    provider?: Record<string, unknown>;
}

const room = (name: string, props: Record<string, unknown>, face = "vcrooms:index"): Declared => ({ type: `${face}:Room`, name, props });
const defaults = (name: string, props: Record<string, unknown>, face = "vcrooms:index"): Declared => ({ type: `${face}:TeamDefaults`, name, props });

/**
 * One run of a policy as the engine drives it: each resource read in order (validateResource), then the stack pass
 * (validateStack). The messages of each pass, a stack message prefixed by the URN it names.
 */
function run(policy: Policy, resources: Declared[], config: object = {}): { resource: string[]; stack: string[]; all: string[] } {
    const urn = (r: Declared) => `urn:pulumi:dev::p::${r.type}::${r.name}`;
    const resource: string[] = [];
    const stack: string[] = [];
    for (const r of resources) {
        const args = { type: r.type, props: r.props, name: r.name, urn: urn(r), getConfig: () => config, provider: r.provider && { props: r.provider } } as unknown as ResourceValidationArgs;
        void (policy.validateResource as (a: ResourceValidationArgs, report: (m: string) => void) => void)(args, (m) => resource.push(m));
    }
    const stackResources = resources.map((r) => ({ type: r.type, name: r.name, urn: urn(r), props: r.props, provider: r.provider && { props: r.provider } })) as unknown as PolicyResource[];
    void (policy.validateStack as (a: StackValidationArgs, report: (m: string, urn?: string) => void) => void)({ resources: stackResources, getConfig: () => config } as unknown as StackValidationArgs, (m) =>
        stack.push(m),
    );
    return { resource, stack, all: [...resource, ...stack] };
}

/** The messages a policy reports for one resource, alone in its stack. */
function violations(policy: Policy, type: string, props: Record<string, unknown>, config: object = {}, name = "r"): string[] {
    return run(policy, [{ type, name, props }], config).all;
}

const CONSENTING = { recordingsEnabled: true, consentMessageEnabled: true, consentMessage: "This meeting is recorded." };

describe("the governance policies", () => {
    it("judge the package's kinds by either face's type token, and nothing else", () => {
        expect(kindOf("pulumi-nodejs:dynamic/vcrooms:Room")).toBe("Room");
        expect(kindOf("vcrooms:index:JoinToken")).toBe("JoinToken");
        expect(kindOf("pulumi-nodejs:dynamic:Resource")).toBeUndefined();
        expect(kindOf("aws:s3/bucket:Bucket")).toBeUndefined();
        expect(violations(recordingConsent, "other:index:Room", { recordingsEnabled: true })).toEqual([]);
    });

    it("recording-consent: recording or transcribing asks consent, on rooms and team defaults alike", () => {
        expect(violations(recordingConsent, "vcrooms:index:TeamDefaults", { transcriptionEnabled: true, consentMessageEnabled: true }, {}, "defaults")).toEqual([
            'TeamDefaults "defaults": transcriptionEnabled is true, so consentMessage must be set (now not declared): the text participants consent to',
        ]);
        expect(violations(recordingConsent, "vcrooms:index:Room", { recordingsEnabled: true, consentMessageEnabled: true, consentMessage: "Recorded." })).toEqual([]);
        expect(violations(recordingConsent, "vcrooms:index:Room", { recordingsEnabled: false })).toEqual([]);
    });

    describe("a room's settings are judged with what it inherits from the stack's TeamDefaults of its team", () => {
        it.each(["vcrooms:index", "pulumi-nodejs:dynamic/vcrooms"])("recording-consent (%s): a room that turns consent off under recording defaults breaks it; one that records under consenting defaults passes", (face) => {
            for (const order of ["defaults first", "room first"]) {
                const off = [defaults("defaults", CONSENTING, face), room("board", { consentMessageEnabled: false }, face)];
                expect(run(recordingConsent, order === "defaults first" ? off : off.reverse()).all, order).toEqual([
                    'Room "board": recordingsEnabled is true (inherited from TeamDefaults "defaults"), so consentMessageEnabled must be true (now false): participants must be asked for consent before they are recorded or transcribed',
                ]);
                const on = [defaults("defaults", { consentMessageEnabled: true, consentMessage: "Recorded." }, face), room("board", { recordingsEnabled: true }, face)];
                expect(run(recordingConsent, order === "defaults first" ? on : on.reverse()).all, order).toEqual([]);
            }
        });

        it("a room read after its TeamDefaults is judged at once; one read before waits for the stack pass", () => {
            const first = run(recordingConsent, [defaults("defaults", CONSENTING), room("board", { consentMessageEnabled: false })]);
            expect(first.resource).toHaveLength(1);
            expect(first.stack).toEqual([]);
            const later = run(recordingConsent, [room("board", { consentMessageEnabled: false }), defaults("defaults", CONSENTING)]);
            expect(later.resource).toEqual([]);
            expect(later.stack).toHaveLength(1);
            // A room whose own settings decide is judged at once, whatever comes later.
            expect(run(recordingConsent, [room("own", { recordingsEnabled: true, consentMessageEnabled: false, consentMessage: "x" })]).resource).toHaveLength(1);
        });

        it("another team's TeamDefaults is not inherited; an undeclared setting is said to be the team's current default", () => {
            const elsewhere = { ...defaults("other", CONSENTING), props: { ...CONSENTING, connection: { apiUrl: "https://other.example/api/v1" } } };
            expect(run(recordingConsent, [elsewhere, room("board", { consentMessageEnabled: false })]).all).toEqual([]);
            expect(run(recordingConsent, [defaults("defaults", { paletteMode: "dark" }), room("board", { recordingsEnabled: true })]).all).toEqual([
                'Room "board": recordingsEnabled is true, so consentMessageEnabled must be true (now not declared, here or in TeamDefaults "defaults": the team\'s current default applies, which the pack cannot read): participants must be asked for consent before they are recorded or transcribed',
                'Room "board": recordingsEnabled is true, so consentMessage must be set (now not declared, here or in TeamDefaults "defaults": the team\'s current default applies, which the pack cannot read): the text participants consent to',
            ]);
            // Behind one explicit provider (plugin face), the provider's team.
            const viaProvider = (d: Declared): Declared => ({ ...d, provider: { apiUrl: "http://localhost:9/api/v1/" } });
            expect(run(recordingConsent, [viaProvider(defaults("defaults", CONSENTING)), viaProvider(room("board", { consentMessageEnabled: false }))]).all).toHaveLength(1);
        });

        it("confidential-rooms and public-rooms-locked read inherited E2EE, whiteboard and lock; privacy's default is the API's", () => {
            const confidential = { tags: ["confidential"], privacy: "private" };
            expect(run(confidentialRooms, [room("board", confidential), defaults("defaults", { e2eeEnabled: true })]).all).toEqual([]);
            expect(run(confidentialRooms, [defaults("defaults", { whiteboardEnabled: true }), room("board", confidential)]).all).toEqual([]);
            expect(run(confidentialRooms, [defaults("defaults", { e2eeEnabled: true }), room("board", { ...confidential, e2eeEnabled: false })]).all).toEqual([
                'Room "board": confidential (tag "confidential"), so e2eeEnabled must be true (now false): nothing the room enables excludes end-to-end encryption',
            ]);
            expect(run(confidentialRooms, [defaults("defaults", { e2eeEnabled: true }), room("board", { tags: ["confidential"] })]).all).toEqual([
                'Room "board": confidential (tag "confidential"), so privacy must be "private" (now not declared: the API\'s default, "public")',
            ]);
            expect(run(publicRoomsLocked, [room("hall", {}), defaults("defaults", { isLocked: true })]).all).toEqual([]);
            expect(run(publicRoomsLocked, [defaults("defaults", { isLocked: false }), room("hall", {})]).all).toEqual([
                'Room "hall": a public room (privacy not declared: the API\'s default, "public") must be locked, so joiners wait in the lobby until accepted (isLocked: true; now false, inherited from TeamDefaults "defaults")',
            ]);
        });
    });

    it("confidential-rooms: private, and E2EE unless a setting the room enables excludes it", () => {
        const tagged = { tags: ["confidential"], privacy: "private" };
        expect(violations(confidentialRooms, "vcrooms:index:Room", tagged, { tags: ["confidential"] })).toEqual([
            'Room "r": confidential (tag "confidential"), so e2eeEnabled must be true (now not declared, here or in a TeamDefaults of this stack: the team\'s current default applies, which the pack cannot read): nothing the room enables excludes end-to-end encryption',
        ]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", { ...tagged, whiteboardEnabled: true }, { tags: ["confidential"] })).toEqual([]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", { privacy: "private" }, { tags: ["confidential"] })).toEqual([]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", { friendlyUrl: "hr-review", privacy: "private", e2eeEnabled: true }, { tags: [], namePattern: "^hr-" })).toEqual([]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", { friendlyUrl: "hr-review" }, { tags: [], namePattern: "^hr-" })[0]).toMatch(
            /^Room "r": confidential \(friendlyUrl "hr-review" matches \^hr-\), so privacy must be "private"/,
        );
    });

    it("confidential-rooms: tags and name patterns compare regardless of case (and Unicode form) unless caseSensitive", () => {
        const publicRoom = (props: Record<string, unknown>) => ({ privacy: "public", e2eeEnabled: true, ...props });
        expect(violations(confidentialRooms, "vcrooms:index:Room", publicRoom({ tags: ["Confidential"] }))).toEqual(['Room "r": confidential (tag "confidential"), so privacy must be "private" (now "public")']);
        expect(violations(confidentialRooms, "vcrooms:index:Room", publicRoom({ tags: ["CONFIDENTIAL"] }), { caseSensitive: true })).toEqual([]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", publicRoom({ friendlyUrl: "Exec-Sync" }), { namePattern: "^exec-" })).toHaveLength(1);
        expect(violations(confidentialRooms, "vcrooms:index:Room", publicRoom({ friendlyUrl: "Exec-Sync" }), { namePattern: "^exec-", caseSensitive: true })).toEqual([]);
        // "Geheim-Ü" composed, the tag decomposed and upper-case: one tag.
        expect(violations(confidentialRooms, "vcrooms:index:Room", publicRoom({ tags: ["GEHEIM-U\u0308"] }), { tags: ["geheim-\u00fc"] })).toHaveLength(1);
    });

    it("a message never quotes a value the program made secret", () => {
        const urlSecret = violations(confidentialRooms, "vcrooms:index:Room", { friendlyUrl: new Secret("exec-q7Zr91kXw2") }, { namePattern: "^exec-" }, "exec-board");
        expect(urlSecret[0]).toMatch(/^Room "exec-board": confidential \(friendlyUrl \[secret\] matches \^exec-\), so privacy must be "private"/);
        const privacySecret = violations(confidentialRooms, "vcrooms:index:Room", { tags: ["confidential"], privacy: new Secret("public"), e2eeEnabled: true });
        expect(privacySecret).toEqual(['Room "r": confidential (tag "confidential"), so privacy must be "private" (now [secret])']);
        expect(violations(maxParticipantsCap, "vcrooms:index:Room", { maxParticipants: new Secret(1500) })).toEqual(['Room "r": maxParticipants [secret] is above the cap of 1000']);
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: new Secret(60 * 24 * 45), renewBefore: "1h" })).toEqual([
            'JoinToken "r": expiresAt [secret] gives the token 45 days, more than maxLifetime 30d',
        ]);
        // Inherited from a secret team default.
        expect(run(publicRoomsLocked, [defaults("defaults", { isLocked: new Secret(false) }), room("hall", {})]).all[0]).toContain("now [secret], inherited from TeamDefaults");
        const all = [urlSecret, privacySecret].flat().join("\n");
        expect(all).not.toContain("q7Zr91kXw2");
        expect(all).not.toContain('(now "public")');
    });

    it("the engine's secret marks, which @pulumi/policy drops, are kept for the messages (trackSecrets)", () => {
        trackSecrets();
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { deserializeProperties } = require("@pulumi/policy/deserialize") as { deserializeProperties: (s: unknown, p: boolean) => object };
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { Struct } = require("google-protobuf/google/protobuf/struct_pb.js") as { Struct: { fromJavaScript(v: unknown): unknown } };
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { unknownCheckingProxy } = require("@pulumi/policy/proxy") as { unknownCheckingProxy: (o: object) => Record<string, unknown> };
        const secret = (value: unknown) => ({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value });
        const props = unknownCheckingProxy(deserializeProperties(Struct.fromJavaScript({ friendlyUrl: secret("exec-q7Zr91kXw2"), privacy: "public", connection: { developerKey: secret("k"), apiUrl: "http://x" } }), false));
        expect(props.friendlyUrl).toBe("exec-q7Zr91kXw2");
        const declared = declaredOf(props);
        expect([...declared.secret].sort()).toEqual(["connection.developerKey", "friendlyUrl"]);
        expect(declared.values.privacy).toBe("public");
    });

    it("a bad configuration is refused once, naming the policy, the key and the rule, and the policy judges nothing", () => {
        const rooms = [room("a", { tags: ["confidential"] }), room("b", { tags: ["confidential"] })];
        expect(run(confidentialRooms, rooms, { namePattern: "(exec" }).all).toEqual([
            'the pack\'s configuration of confidential-rooms is invalid, so confidential-rooms judges nothing: namePattern must be a JavaScript regular expression (got "(exec": /(exec/: Unterminated group) (fix it in the --policy-pack-config file)',
        ]);
        expect(run(confidentialRooms, rooms, { namepattern: "^exec-" }).all).toEqual([
            "the pack's configuration of confidential-rooms is invalid, so confidential-rooms judges nothing: namepattern is not one of its settings (tags, namePattern, caseSensitive); did you mean namePattern? (fix it in the --policy-pack-config file)",
        ]);
        for (const maxLifetime of ["a week", "0d", "1m30h"]) {
            expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: 60 }, { maxLifetime })).toEqual([
                `the pack's configuration of join-token-lifetime is invalid, so join-token-lifetime judges nothing: maxLifetime must be a positive duration of days, hours, minutes and seconds in that order, such as "30d", "12h" or "1h30m" (got ${JSON.stringify(maxLifetime)}) (fix it in the --policy-pack-config file)`,
            ]);
        }
        // The next run reports it again.
        expect(run(confidentialRooms, rooms, { namePattern: "(exec" }).all).toHaveLength(1);
    });

    it("join-token-lifetime: minutes, Unix seconds and date-times measured against maxLifetime", () => {
        const config = { maxLifetime: "7d", requireRenewBefore: true };
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: 60 * 24 * 7, renewBefore: "1h" }, config)).toEqual([]);
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: 60 * 24 * 8, renewBefore: "1h" }, config)).toEqual(['JoinToken "r": expiresAt 11520 gives the token 8 days, more than maxLifetime 7d']);
        const in30Days = Math.floor(Date.now() / 1000) + 30 * 86_400;
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: in30Days, renewBefore: "1h" }, config)).toHaveLength(1);
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: new Date((in30Days - 29 * 86_400) * 1000).toISOString().slice(0, 19) + "Z", renewBefore: "1h" }, config)).toEqual([]);
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: 60 }, { maxLifetime: "7d", requireRenewBefore: false })).toEqual([]);
    });

    it("max-participants-cap and public-rooms-locked", () => {
        expect(violations(maxParticipantsCap, "vcrooms:index:Room", { maxParticipants: 50 }, { maximum: 50 })).toEqual([]);
        expect(violations(maxParticipantsCap, "vcrooms:index:Room", { maxParticipants: 51 }, { maximum: 50 })).toEqual(['Room "r": maxParticipants 51 is above the cap of 50']);
        expect(violations(publicRoomsLocked, "vcrooms:index:Room", { privacy: "public", isLocked: true })).toEqual([]);
        expect(violations(publicRoomsLocked, "vcrooms:index:Room", { privacy: "private" })).toEqual([]);
        expect(violations(publicRoomsLocked, "vcrooms:index:Room", { privacy: "public" })).toHaveLength(1);
    });

    it("single-team-defaults: one team however its URL is written; other teams and the stack's team apart", () => {
        const declared = (name: string, props: Record<string, unknown>, provider?: Record<string, unknown>) =>
            ({ type: "vcrooms:index:TeamDefaults", name, urn: name, props, provider: provider && { props: provider } }) as unknown as PolicyResource;
        const reported: string[] = [];
        const resources = [
            declared("a", {}, { apiUrl: "http://127.0.0.1:9/api/v1" }),
            declared("b", { connection: { apiUrl: "http://localhost:9/api/v1/" } }),
            declared("c", {}, { apiUrl: "http://127.0.0.1:10/api/v1" }),
            declared("d", {}),
        ];
        void (singleTeamDefaults.validateStack as (a: unknown, r: (m: string, urn?: string) => void) => void)({ resources, getConfig: () => ({}) }, (m, urn) => reported.push(`${urn}: ${m}`));
        expect(reported).toEqual(['b: TeamDefaults "b": 2 TeamDefaults ("a", "b") manage http://127.0.0.1:9/api/v1; declare one per team, with every setting in it']);
    });

    it("the pack's version is the package's", () => {
        const version = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")).version;
        expect(version("policy/package.json")).toBe(version("package.json"));
    });
});

/** The boolean settings of the table (the validator takes true and refuses text), by camelCase name. */
const BOOLEAN_SETTINGS = SETTINGS.filter((s) => s.schema("room").safeParse(true).success && !s.schema("room").safeParse("x").success).map((s) => toCamelName(s.name));

/** Some settings of a room or the team's defaults: any boolean of the table, and the other values the policies read. */
const settingsArb = fc.record(
    {
        ...Object.fromEntries(BOOLEAN_SETTINGS.map((k) => [k, fc.boolean()])),
        privacy: fc.constantFrom("public", "private"),
        maxParticipants: fc.integer({ min: 2, max: 2000 }),
        consentMessage: fc.constantFrom("", "  ", "Recorded."),
        tags: fc.subarray(["confidential", "Confidential", "board", "sales"]),
        friendlyUrl: fc.constantFrom("board-q3", "hr-review", "Exec-sync", "standup"),
    },
    { requiredKeys: [] },
);

describe("judgeRecord: the audit's judgement of what the API holds", () => {
    it("is the engine's verdict on the same values declared, for every resource policy, room and defaults, and configuration", () => {
        const configs = [{}, { "confidential-rooms": { namePattern: "^(hr|exec)-", tags: ["board"] }, "max-participants-cap": { maximum: 200 } }, { "confidential-rooms": { caseSensitive: true } }];
        fc.assert(
            fc.property(settingsArb, settingsArb, fc.constantFrom(...configs), (roomValues, defaultsValues, document) => {
                for (const policy of resourcePolicies) {
                    const config = (document as Record<string, Record<string, unknown>>)[policy.name] ?? {};
                    const engine = run(policy as Policy, [defaults("defaults", defaultsValues), room("board", roomValues)], config).all;
                    const none = new Set<string>();
                    const audit = [
                        ...policy.judgeRecord({ kind: "TeamDefaults", name: "defaults", values: defaultsValues, secret: none }, undefined, config),
                        ...policy.judgeRecord({ kind: "Room", name: "board", values: roomValues, secret: none }, { kind: "TeamDefaults", name: "defaults", values: defaultsValues, secret: none }, config),
                    ];
                    expect(audit.sort(), policy.name).toEqual([...engine].sort());
                }
            }),
            { numRuns: 200 },
        );
    });

    it("shows a secret setting as [secret] and refuses a configuration the policy refuses", () => {
        const values = { tags: ["confidential"], friendlyUrl: "vault", privacy: "public", e2eeEnabled: false };
        expect(confidentialRooms.judgeRecord({ kind: "Room", name: "vault", values, secret: new Set(["friendlyUrl"]) }, undefined, { namePattern: "^vault$", tags: [] })).toEqual([
            'Room "vault": confidential (friendlyUrl [secret] matches ^vault$), so privacy must be "private" (now "public")',
            'Room "vault": confidential (friendlyUrl [secret] matches ^vault$), so e2eeEnabled must be true (now false): nothing the room enables excludes end-to-end encryption',
        ]);
        expect(() => confidentialRooms.judgeRecord({ kind: "Room", name: "vault", values, secret: new Set() }, undefined, { namePattern: "(" })).toThrow(/confidential-rooms is invalid: namePattern must be a JavaScript regular expression/);
    });
});
