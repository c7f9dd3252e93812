/**
 * A mandatory verdict that rests on a setting a room inherits from its TeamDefaults, where that setting is unknown at
 * preview (another resource's output): unless the room depends on the TeamDefaults, the up reads and creates the room
 * before the value is known, and the stack pass that would refuse it comes after the create. The pack refuses such a
 * room at the preview's stack pass when some value of the setting would break the rule.
 */
import type { PolicyResource, ResourceValidationArgs, StackValidationArgs } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { recordingConsent } from "../../policy/pack";

/** The engine's marker of a value unknown at preview. */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

interface Declared {
    kind: "Room" | "TeamDefaults";
    name: string;
    props: Record<string, unknown>;
    dependsOn?: string[];
}

const urn = (r: { kind: string; name: string }) => `urn:pulumi:dev::p::vcrooms:index:${r.kind}::${r.name}`;

/** The preview's passes as the engine drives them: each resource read in order, then the stack pass (with dependencies). */
function preview(resources: Declared[]): string[] {
    const messages: string[] = [];
    const report = (m: string) => messages.push(m);
    for (const r of resources) {
        const args = { type: `vcrooms:index:${r.kind}`, props: r.props, name: r.name, urn: urn(r), getConfig: () => ({}) } as unknown as ResourceValidationArgs;
        void (recordingConsent.validateResource as (a: ResourceValidationArgs, report: (m: string) => void) => void)(args, report);
    }
    const byName = new Map(resources.map((r) => [r.name, r]));
    const stack = resources.map((r) => ({
        type: `vcrooms:index:${r.kind}`,
        name: r.name,
        urn: urn(r),
        props: r.props,
        dependencies: (r.dependsOn ?? []).map((n) => ({ urn: urn(byName.get(n)!) })),
    })) as unknown as PolicyResource[];
    void (recordingConsent.validateStack as (a: StackValidationArgs, report: (m: string) => void) => void)({ resources: stack, getConfig: () => ({}) } as unknown as StackValidationArgs, report);
    return messages;
}

const teamDefaults: Declared = { kind: "TeamDefaults", name: "defaults", props: { recordingsEnabled: UNKNOWN, consentMessageEnabled: true, consentMessage: "Recorded." } };

describe("recording-consent with a TeamDefaults whose recordingsEnabled is unknown at preview", () => {
    it("refuses at preview a room that turns consent off and does not depend on the TeamDefaults, whichever is read first", () => {
        const board: Declared = { kind: "Room", name: "board", props: { consentMessageEnabled: false } };
        for (const order of [[teamDefaults, board], [board, teamDefaults]]) {
            const messages = preview(order);
            expect(messages).toHaveLength(1);
            expect(messages[0]).toContain('Room "board": its verdict depends on recordingsEnabled, inherited from TeamDefaults "defaults"');
            expect(messages[0]).toContain('declare dependsOn on TeamDefaults "defaults"');
        }
    });

    it("leaves to the up a room that depends on the TeamDefaults (read after it, with known values) or whose own settings decide", () => {
        expect(preview([teamDefaults, { kind: "Room", name: "board", props: { consentMessageEnabled: false }, dependsOn: ["defaults"] }])).toEqual([]);
        expect(preview([teamDefaults, { kind: "Room", name: "board", props: { consentMessageEnabled: true, consentMessage: "Recorded here." } }])).toEqual([]);
        expect(preview([teamDefaults, { kind: "Room", name: "board", props: { recordingsEnabled: false, transcriptionEnabled: false } }])).toEqual([]);
    });
});
