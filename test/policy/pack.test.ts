/**
 * The governance policies as pure rules over declared inputs, without an engine (test/cli/policy.test.ts runs the
 * pack through the real CLI): which resources each policy judges, and what it says.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { PolicyResource, ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { confidentialRooms, joinTokenLifetime, kindOf, maxParticipantsCap, publicRoomsLocked, recordingConsent, singleTeamDefaults } from "../../policy/pack";
import { ROOT } from "../../harness/pulumiCli";

/** The messages a resource policy reports for one resource. */
function violations(policy: ResourceValidationPolicy, type: string, props: Record<string, unknown>, config: object = {}, name = "r"): string[] {
    const messages: string[] = [];
    const args = { type, props, name, urn: `urn:pulumi:dev::p::${type}::${name}`, getConfig: () => config } as unknown as ResourceValidationArgs;
    void (policy.validateResource as (a: ResourceValidationArgs, report: (m: string) => void) => void)(args, (m) => messages.push(m));
    return messages;
}

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
            'TeamDefaults "defaults": transcriptionEnabled is true, so consentMessage must be set: the text participants consent to',
        ]);
        expect(violations(recordingConsent, "vcrooms:index:Room", { recordingsEnabled: true, consentMessageEnabled: true, consentMessage: "Recorded." })).toEqual([]);
        expect(violations(recordingConsent, "vcrooms:index:Room", { recordingsEnabled: false })).toEqual([]);
    });

    it("confidential-rooms: private, and E2EE unless a setting the room enables excludes it", () => {
        const tagged = { tags: ["confidential"], privacy: "private" };
        expect(violations(confidentialRooms, "vcrooms:index:Room", tagged, { tags: ["confidential"] })).toEqual([
            'Room "r": confidential (tag "confidential"), so e2eeEnabled must be true (now null): nothing the room enables excludes end-to-end encryption',
        ]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", { ...tagged, whiteboardEnabled: true }, { tags: ["confidential"] })).toEqual([]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", { privacy: "private" }, { tags: ["confidential"] })).toEqual([]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", { friendlyUrl: "hr-review", privacy: "private", e2eeEnabled: true }, { tags: [], namePattern: "^hr-" })).toEqual([]);
        expect(violations(confidentialRooms, "vcrooms:index:Room", { friendlyUrl: "hr-review" }, { tags: [], namePattern: "^hr-" })[0]).toMatch(/^Room "r": confidential \(name "hr-review" matches \^hr-\), so privacy must be "private"/);
    });

    it("join-token-lifetime: minutes, Unix seconds and date-times measured against maxLifetime", () => {
        const config = { maxLifetime: "7d", requireRenewBefore: true };
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: 60 * 24 * 7, renewBefore: "1h" }, config)).toEqual([]);
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: 60 * 24 * 8, renewBefore: "1h" }, config)).toEqual(['JoinToken "r": expiresAt 11520 gives the token 8 days, more than maxLifetime 7d']);
        const in30Days = Math.floor(Date.now() / 1000) + 30 * 86_400;
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: in30Days, renewBefore: "1h" }, config)).toHaveLength(1);
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: new Date((in30Days - 29 * 86_400) * 1000).toISOString().slice(0, 19) + "Z", renewBefore: "1h" }, config)).toEqual([]);
        expect(violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: 60 }, { maxLifetime: "7d", requireRenewBefore: false })).toEqual([]);
        expect(() => violations(joinTokenLifetime, "vcrooms:index:JoinToken", { expiresAt: 60 }, { maxLifetime: "a week" })).toThrow(/maxLifetime must be a duration/);
    });

    it("max-participants-cap and public-rooms-locked", () => {
        expect(violations(maxParticipantsCap, "vcrooms:index:Room", { maxParticipants: 50 }, { maximum: 50 })).toEqual([]);
        expect(violations(maxParticipantsCap, "vcrooms:index:Room", { maxParticipants: 51 }, { maximum: 50 })).toEqual(['Room "r": maxParticipants 51 is above the cap of 50']);
        expect(violations(publicRoomsLocked, "vcrooms:index:Room", { privacy: "public", isLocked: true })).toEqual([]);
        expect(violations(publicRoomsLocked, "vcrooms:index:Room", { privacy: "private" })).toEqual([]);
        expect(violations(publicRoomsLocked, "vcrooms:index:Room", { privacy: "public" })).toHaveLength(1);
    });

    it("single-team-defaults: one team however its URL is written; other teams and the stack's team apart", () => {
        const defaults = (name: string, props: Record<string, unknown>, provider?: Record<string, unknown>) =>
            ({ type: "vcrooms:index:TeamDefaults", name, urn: name, props, provider: provider && { props: provider } }) as unknown as PolicyResource;
        const reported: string[] = [];
        const resources = [
            defaults("a", {}, { apiUrl: "http://127.0.0.1:9/api/v1" }),
            defaults("b", { connection: { apiUrl: "http://localhost:9/api/v1/" } }),
            defaults("c", {}, { apiUrl: "http://127.0.0.1:10/api/v1" }),
            defaults("d", {}),
        ];
        void (singleTeamDefaults.validateStack as (a: unknown, r: (m: string, urn?: string) => void) => void)({ resources, getConfig: () => ({}) }, (m, urn) => reported.push(`${urn}: ${m}`));
        expect(reported).toEqual(['b: TeamDefaults "b": 2 TeamDefaults ("a", "b") manage http://127.0.0.1:9/api/v1; declare one per team, with every setting in it']);
    });

    it("the pack's version is the package's", () => {
        const version = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")).version;
        expect(version("policy/package.json")).toBe(version("package.json"));
    });
});
