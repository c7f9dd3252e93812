/**
 * The room-governance policy pack (policy/) through the real Pulumi CLI: `pulumi preview --policy-pack` on a
 * program that breaks the policies fails with each policy's message and sends no request to the API (but the plugin
 * preview's read of the team's domain for a new room's address, which the pack cannot stop); a compliant
 * program passes; advisory policies warn without failing; the pack's config enables and tunes policies; both
 * faces (the SDK's dynamic resources and the plugin's type tokens) are judged alike.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PulumiProject, ROOT } from "../../harness/pulumiCli";
import { clearLog, cli, projectFor, requestLog, requestsBesidesDomainRead } from "./support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/governed.js");
const PACK = path.join(ROOT, "policy");

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

type Face = "dynamic" | "plugin";

async function project(face: Face, declared: { defaults?: unknown[]; rooms?: unknown[]; tokens?: unknown[]; providers?: unknown[] }): Promise<PulumiProject> {
    const config = Object.fromEntries(Object.entries({ face, ...declared }).map(([k, v]) => [`test:${k}`, typeof v === "string" ? v : JSON.stringify(v)]));
    const p = await projectFor(emulator, config, { program: PROGRAM, plugin: face === "plugin" });
    projects.push(p);
    return p;
}

/** A preview under the pack, the emulator's request log cleared first: what it printed, and the requests it made. */
async function governedPreview(p: PulumiProject, packConfig?: Record<string, unknown>) {
    const flags = ["--policy-pack", PACK];
    if (packConfig) {
        const file = path.join(p.dir, "policy-config.json");
        fs.writeFileSync(file, JSON.stringify(packConfig));
        flags.push("--policy-pack-config", file);
    }
    await clearLog(emulator);
    const result = await p.run(["preview", "--non-interactive", ...flags]);
    const requests = await requestsBesidesDomainRead(emulator);
    return { ...result, text: result.stdout + result.stderr, requests };
}

const BREAKING = {
    defaults: [{ name: "defaults", args: { recordingsEnabled: true, consentMessageEnabled: true, consentMessage: "This meeting is recorded." } }],
    rooms: [
        // Records by the team's defaults, and turns the consent they ask for off.
        { name: "recorded", args: { friendlyUrl: "recorded", consentMessageEnabled: false } },
        // Records and asks consent by the team's defaults: compliant.
        { name: "consenting", args: { friendlyUrl: "consenting", recordingsEnabled: true } },
        { name: "board", args: { friendlyUrl: "board", tags: ["confidential"], privacy: "public" } },
        { name: "hr-review", args: { friendlyUrl: "hr-review", tags: ["Confidential"], privacy: "private", e2eeEnabled: false } },
        { name: "huge", args: { friendlyUrl: "huge", maxParticipants: 1500 } },
    ],
    tokens: [{ name: "forever", room: "board", args: { userName: "Ada" } }],
};

const COMPLIANT = {
    defaults: [{ name: "defaults", args: { transcriptionEnabled: true, consentMessageEnabled: true, consentMessage: "Transcribed, see [link https://example.com/privacy]our policy[/link]." } }],
    rooms: [
        { name: "board", args: { friendlyUrl: "board", tags: ["confidential"], privacy: "private", e2eeEnabled: true, maxParticipants: 20 } },
        { name: "townhall", args: { friendlyUrl: "townhall", maxParticipants: 500 } },
    ],
    tokens: [{ name: "ada", room: "board", args: { userName: "Ada", expiresAt: 60 * 24 * 7, renewBefore: "24h" } }],
};

describe.skipIf("skip" in cli)("the governance policy pack through the real Pulumi CLI", { timeout: 900_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it.each<Face>(["dynamic", "plugin"])("a breaking program (%s face) fails at preview with every mandatory policy's message, and sends no request but the domain read", async (face) => {
        const p = await project(face, BREAKING);
        const run = await governedPreview(p);
        expect(run.code, run.text).not.toBe(0);
        const kind = face === "plugin" ? "vcrooms:index" : "pulumi-nodejs:dynamic/vcrooms";
        // The rooms are judged with the settings they inherit from the stack's TeamDefaults.
        expect(run.text).toContain(`Room "recorded": recordingsEnabled is true (inherited from TeamDefaults "defaults"), so consentMessageEnabled must be true (now false)`);
        expect(run.text).not.toContain(`Room "recorded": recordingsEnabled is true (inherited from TeamDefaults "defaults"), so consentMessage must be set`);
        expect(run.text).not.toContain(`Room "consenting"`);
        expect(run.text).toContain(`Room "board": confidential (tag "confidential"), so privacy must be "private" (now "public")`);
        expect(run.text).toContain(`Room "board": confidential (tag "confidential"), so e2eeEnabled must be true`);
        expect(run.text).not.toContain("(now null)");
        // A tag compares regardless of case.
        expect(run.text).toContain(`Room "hr-review": confidential (tag "confidential"), so e2eeEnabled must be true (now false)`);
        expect(run.text).toContain(`JoinToken "forever": expiresAt must be set`);
        expect(run.text).toContain(`JoinToken "forever": renewBefore must be set`);
        // The advisory cap warns in the same run; the consenting TeamDefaults is not reported.
        expect(run.text).toContain(`Room "huge": maxParticipants 1500 is above the cap of 1000`);
        expect(run.text).not.toMatch(/TeamDefaults "defaults": recordingsEnabled/);
        expect(run.text).toContain(kind);
        expect(run.requests).toEqual([]);
    });

    it.each<Face>(["dynamic", "plugin"])("a compliant program (%s face) passes the pack", async (face) => {
        const p = await project(face, COMPLIANT);
        const run = await governedPreview(p);
        expect(run.code, run.text).toBe(0);
        expect(run.text).not.toMatch(/mandatory|advisory/);
    });

    it("advisory policies warn and do not fail; the pack's config tunes and enables policies", async () => {
        const p = await project("dynamic", { rooms: [{ name: "huge", args: { friendlyUrl: "huge", maxParticipants: 1500 } }] });
        const advisory = await governedPreview(p);
        expect(advisory.code, advisory.text).toBe(0);
        expect(advisory.text).toContain(`Room "huge": maxParticipants 1500 is above the cap of 1000`);
        expect(advisory.text).toContain("advisory");

        // Raise the cap, make it mandatory at a lower one, and enable the lobby policy that is off by default.
        const tuned = await governedPreview(p, {
            "max-participants-cap": { enforcementLevel: "mandatory", maximum: 100 },
            "public-rooms-locked": { enforcementLevel: "mandatory" },
            "join-token-lifetime": { maxLifetime: "12h" },
        });
        expect(tuned.code, tuned.text).not.toBe(0);
        expect(tuned.text).toContain(`Room "huge": maxParticipants 1500 is above the cap of 100`);
        expect(tuned.text).toContain(`Room "huge": a public room (privacy not declared: the API's default, "public") must be locked, so joiners wait in the lobby until accepted (isLocked: true; now not declared`);
        expect(tuned.requests).toEqual([]);
    });

    it("two TeamDefaults of one team behind two explicit providers fail the preview before any request, under the pack as without it", async () => {
        const url = emulator.baseUrl;
        const p = await project("plugin", {
            providers: [
                { name: "team", apiUrl: url },
                { name: "same-team", apiUrl: url.replace("127.0.0.1", "localhost") + "/" },
            ],
            defaults: [
                { name: "defaults", provider: "team", args: { paletteMode: "dark" } },
                { name: "more-defaults", provider: "same-team", args: { paletteMode: "light" } },
            ],
        });
        const run = await governedPreview(p);
        expect(run.code, run.text).not.toBe(0);
        // The provider's claims see across its processes (one per explicit provider), so its check refuses the second
        // declaration before the pack's stack policy runs; the pack's own verdict is covered in test/policy/pack.test.ts.
        // Which of the two is refused, and under which of its two spellings the team is named, is the order the engine
        // checks them in.
        expect(run.text).toMatch(/TeamDefaults \\?"(more-)?defaults\\?" and \\?"(more-)?defaults\\?" both declare the defaults of the team at http:\/\/(127\.0\.0\.1|localhost):\d+\/api\/v1/);
        expect(run.requests).toEqual([]);
    });

    it("a token's lifetime is measured against the configured maximum, and a confidential pattern matches names", async () => {
        const p = await project("plugin", {
            rooms: [{ name: "exec-sync", args: { friendlyUrl: "exec-sync", privacy: "private", transcriptionEnabled: true, consentMessageEnabled: true, consentMessage: "Transcribed." } }],
            tokens: [{ name: "month", room: "exec-sync", args: { userName: "Ada", expiresAt: 60 * 24 * 45, renewBefore: "24h" } }],
        });
        const run = await governedPreview(p, { "confidential-rooms": { namePattern: "^exec-" } });
        expect(run.code, run.text).not.toBe(0);
        expect(run.text).toContain(`JoinToken "month": expiresAt 64800 gives the token 45 days, more than maxLifetime 30d`);
        // Transcription excludes E2EE, so the private room is compliant; only the token breaks a policy.
        expect(run.text).not.toContain(`Room "exec-sync"`);
    });

    it.each<Face>(["dynamic", "plugin"])("a message never quotes a value made secret in code (%s face), which the engine does not mask", async (face) => {
        const p = await project(face, {
            rooms: [
                { name: "exec-board", args: { friendlyUrl: { $secret: "exec-q7Zr91kXw2" }, e2eeEnabled: true } },
                { name: "board", args: { friendlyUrl: "board", tags: ["confidential"], privacy: { $secret: "public" }, e2eeEnabled: true } },
                { name: "huge", args: { friendlyUrl: "huge", maxParticipants: { $secret: 1789 } } },
            ],
            tokens: [{ name: "month", room: "board", args: { userName: "Ada", expiresAt: { $secret: 60 * 24 * 45 + 7 }, renewBefore: "24h" } }],
        });
        const run = await governedPreview(p, { "confidential-rooms": { namePattern: "^exec-" } });
        expect(run.code, run.text).not.toBe(0);
        expect(run.text).toContain(`Room "exec-board": confidential (friendlyUrl [secret] matches ^exec-), so privacy must be "private"`);
        expect(run.text).toContain(`Room "board": confidential (tag "confidential"), so privacy must be "private" (now [secret])`);
        expect(run.text).toContain(`Room "huge": maxParticipants [secret] is above the cap of 1000`);
        expect(run.text).toContain(`JoinToken "month": expiresAt [secret] gives the token 45 days`);
        expect(run.text).not.toContain("q7Zr91kXw2");
        const messages = run.text.split("\n").filter((line) => /(Room|JoinToken) "/.test(line));
        for (const secret of ['(now "public")', "1789", "64807"]) expect(messages.join("\n")).not.toContain(secret);
        expect(run.requests).toEqual([]);
    });

    it("a room declared before the TeamDefaults it inherits from is judged with it (at the latest when preview ends), and `up` stops before any write", async () => {
        const p = await project("dynamic", {
            // No dependsOn: the room may be read before its team's defaults; the stack pass judges it.
            rooms: [{ name: "recorded", args: { friendlyUrl: "recorded", consentMessageEnabled: false } }],
            defaults: [{ name: "defaults", args: { transcriptionEnabled: true, consentMessageEnabled: true, consentMessage: "Transcribed." } }],
        });
        const run = await governedPreview(p);
        expect(run.code, run.text).not.toBe(0);
        expect(run.text).toContain(`Room "recorded": transcriptionEnabled is true (inherited from TeamDefaults "defaults"), so consentMessageEnabled must be true (now false)`);
        await clearLog(emulator);
        const up = await p.run(["up", "--yes", "--non-interactive", "--policy-pack", PACK]);
        expect(up.code, up.stdout + up.stderr).not.toBe(0);
        expect((await requestLog(emulator)).entries.filter((e) => e.path.startsWith("/api/v1") && e.method !== "GET")).toEqual([]);
    });

    it("a bad pack configuration is refused once, naming the policy, the key and the rule, without a stack trace", async () => {
        const p = await project("plugin", {
            rooms: [
                { name: "room-a", args: { friendlyUrl: "room-a", tags: ["confidential"] } },
                { name: "room-b", args: { friendlyUrl: "room-b", tags: ["confidential"] } },
            ],
            tokens: [{ name: "t", room: "room-a", args: { userName: "Ada", expiresAt: 60, renewBefore: "1h" } }],
        });
        const run = await governedPreview(p, { "confidential-rooms": { namePattern: "(exec" }, "join-token-lifetime": { maxLifetime: "a week" } });
        expect(run.code, run.text).not.toBe(0);
        const refusal = `the pack's configuration of confidential-rooms is invalid, so confidential-rooms judges nothing: namePattern must be a JavaScript regular expression (got "(exec"`;
        expect(run.text.split(refusal).length - 1, run.text).toBe(1);
        expect(run.text).toContain(`the pack's configuration of join-token-lifetime is invalid, so join-token-lifetime judges nothing: maxLifetime must be a positive duration`);
        expect(run.text).not.toMatch(/failed to run policy|\n\s+at /);
        const typo = await governedPreview(p, { "confidential-rooms": { namepattern: "^exec-" } });
        expect(typo.code, typo.text).not.toBe(0);
        expect(typo.text).toContain("namepattern is not one of its settings (tags, namePattern, caseSensitive); did you mean namePattern?");
        expect(run.requests).toEqual([]);
    });
});
