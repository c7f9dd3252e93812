/**
 * The audit report built from what the engine prints, without a CLI (test/cli/audit.test.ts runs the command through
 * the real one): the preview is read with its secrets shown, so every property the stack's state marks secret, every
 * setting the table marks secret, and every value of a resource the state does not have yet is hidden in all three
 * files, whatever else the step holds; refresh steps and the engine's own properties are no drift.
 */
import { describe, expect, it } from "vitest";
import { buildReport, checkOneTeam, driftOfPreview, exitCodeOf, lastUpsOf, parseFailOn, reportedApiUrl, secretPathsOf, UNKNOWN_VALUE, type TeamReading } from "../../cli/audit";
import { UNKNOWN } from "../../provider/model/check";
import { resolveClientConfig } from "../../provider/api";
import { renderHtml, renderJson, renderMarkdown, verdict } from "../../cli/auditRender";
import { toCamelName } from "../../provider/model/names";
import { isSecret, SETTINGS } from "../../provider/model/settings";

const URN = "urn:pulumi:dev::rooms::pulumi-nodejs:dynamic/vcrooms:Room::standup";
const NEW_URN = "urn:pulumi:dev::rooms::pulumi-nodejs:dynamic/vcrooms:Room::fresh";
const SECRET_MARK = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" };
const TABLE_SECRETS = SETTINGS.filter(isSecret).map((s) => toCamelName(s.name));

/** Plain text no id or time holds, one per secret value the engine shows with --show-secrets. */
const plain = (i: number) => `SECRET-VALUE-${i}-#W`;

/** The export of a stack holding `standup`, whose `note` input was made secret in code. */
const stackExport = {
    version: 3,
    deployment: {
        resources: [{ urn: URN, type: "pulumi-nodejs:dynamic/vcrooms:Room", id: "room-1", inputs: { note: SECRET_MARK, toolbarColor: "#3771E0" }, outputs: { toolbarColor: "#3771E0" }, modified: "2026-11-28T05:00:30Z" }],
    },
};

/** A preview of both: `standup` drifted in its colour, its secret note and every secret setting; `fresh` is new. */
function preview() {
    const secretsBefore = Object.fromEntries(TABLE_SECRETS.map((k, i) => [k, plain(10 + i)]));
    const secretsAfter = Object.fromEntries(TABLE_SECRETS.map((k, i) => [k, plain(20 + i)]));
    return {
        steps: [
            { op: "refresh", urn: URN, oldState: { inputs: { toolbarColor: "#3771E0" } }, newState: { inputs: { toolbarColor: "#000000" } } },
            {
                op: "update",
                urn: URN,
                oldState: { inputs: { __provider: "x", toolbarColor: "#000000", note: plain(1), ...secretsBefore }, outputs: {} },
                newState: { inputs: { __provider: "y", toolbarColor: "#3771E0", note: plain(2), ...secretsAfter } },
            },
            { op: "create", urn: NEW_URN, newState: { inputs: { friendlyUrl: "fresh", description: plain(3) } } },
            { op: "same", urn: "urn:pulumi:dev::rooms::pulumi:pulumi:Stack::rooms-dev" },
        ],
    };
}

const team: TeamReading = { rooms: [], defaults: { domain: "acme", values: { recordingsEnabled: false } } };

describe("the audit report", () => {
    it("lists each changed property of each changed step, declared and live, and never a secret value", () => {
        const drift = driftOfPreview("dev", preview(), new Map(), secretPathsOf(stackExport));
        expect(drift.resources.map((r) => `${r.op} ${r.name}`)).toEqual(["update standup", "create fresh"]);
        const [standup, fresh] = drift.resources;
        expect(standup!.settings.map((s) => s.path)).toEqual(["note", ...TABLE_SECRETS, "toolbarColor"].sort());
        expect(standup!.settings.find((s) => s.path === "toolbarColor")).toEqual({ path: "toolbarColor", kind: "update", declared: "#3771E0", live: "#000000" });
        for (const s of standup!.settings.filter((s) => s.path !== "toolbarColor")) expect(s, s.path).toMatchObject({ declared: { secret: true }, live: { secret: true } });
        // Not in the state yet: what is secret in it cannot be known, so no value is shown.
        expect(fresh!.settings).toEqual([
            { path: "description", kind: "add", declared: { secret: true }, live: null },
            { path: "friendlyUrl", kind: "add", declared: { secret: true }, live: null },
        ]);
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: preview(), stackExport }], team, packConfig: {} });
        for (const text of [renderJson(report), renderMarkdown(report), renderHtml(report)]) expect(text).not.toMatch(/SECRET-VALUE/);
    });

    it("takes the properties of the plugin face's detailed diff, paths included, with the live value from the refreshed inputs", () => {
        const urn = "urn:pulumi:dev::rooms::vcrooms:index:Room::board";
        const state = { version: 3, deployment: { resources: [{ urn, type: "vcrooms:index:Room", id: "room-2", inputs: { tags: ["a", "b"] }, outputs: {} }] } };
        const step = {
            op: "update",
            urn,
            detailedDiff: { "tags[1]": { kind: "update" }, maxParticipants: { kind: "update" }, description: { kind: "delete" } },
            oldState: { inputs: { tags: ["a", "z"], maxParticipants: 80, description: "Board" }, outputs: { tags: ["a", "z"], maxParticipants: 80, description: "Board", roomUrl: "u" } },
            newState: { inputs: { tags: ["a", "b"], maxParticipants: 50 } },
        };
        expect(driftOfPreview("dev", { steps: [step] }, new Map(), secretPathsOf(state)).resources[0]!.settings).toEqual([
            { path: "description", kind: "delete", declared: null, live: "Board" },
            { path: "maxParticipants", kind: "update", declared: 50, live: 80 },
            { path: "tags[1]", kind: "update", declared: "b", live: "z" },
        ]);
    });

    it("shows a value the program computes from what the up has not made yet as [unknown], as the CLI does, never the engine's placeholder", () => {
        const urn = "urn:pulumi:dev::rooms::vcrooms:index:RoomContentPurge::purge";
        const state = { version: 3, deployment: { resources: [{ urn, type: "vcrooms:index:RoomContentPurge", id: "purge-1", inputs: { room: "gen-e94e182" }, outputs: {} }] } };
        // The room the purge names was deleted outside Pulumi: the preview re-creates it, so its friendly URL is unknown.
        const step = {
            op: "replace",
            urn,
            detailedDiff: { room: { kind: "update-replace" }, kinds: { kind: "update" } },
            oldState: { inputs: { room: "gen-e94e182", kinds: ["chat"] }, outputs: { room: "gen-e94e182", kinds: ["chat"] } },
            newState: { inputs: { room: UNKNOWN, kinds: ["chat", UNKNOWN] } },
        };
        const drift = driftOfPreview("dev", { steps: [step] }, new Map(), secretPathsOf(state));
        expect(drift.resources[0]!.settings).toEqual([
            { path: "kinds", kind: "update", declared: ["chat", UNKNOWN_VALUE], live: ["chat"] },
            { path: "room", kind: "update-replace", declared: UNKNOWN_VALUE, live: "gen-e94e182" },
        ]);
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: { steps: [step] }, stackExport: state }], team, packConfig: {} });
        for (const text of [renderJson(report), renderMarkdown(report), renderHtml(report)]) expect(text).not.toContain(UNKNOWN);
        expect(renderMarkdown(report)).toContain("| `[unknown]` |");
        expect(renderMarkdown(report)).toContain('`["chat","[unknown]"]`');
    });

    it("dates each resource by the last update of the history before its state changed", () => {
        const history = [
            { version: 1, kind: "update", startTime: "2026-11-28T05:00:00Z" },
            { version: 2, kind: "update", startTime: "2026-11-28T05:00:25Z", endTime: "2026-11-28T05:00:31Z" },
            { version: 3, kind: "refresh", startTime: "2026-11-28T05:01:00Z" },
        ];
        expect(lastUpsOf(stackExport, history).get(URN)).toEqual({ version: 2, startTime: "2026-11-28T05:00:25Z", endTime: "2026-11-28T05:00:31Z" });
        expect(lastUpsOf(stackExport, undefined).size).toBe(0);
    });

    it("exits 1 only on what --fail-on names, mandatory violations only", () => {
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: preview(), stackExport }], team, packConfig: {} });
        expect(exitCodeOf(report, parseFailOn(undefined))).toBe(1);
        expect(exitCodeOf(report, parseFailOn("unmanaged,violations"))).toBe(0);
        expect(exitCodeOf(report, parseFailOn("none"))).toBe(0);
        expect(() => parseFailOn("drift,unmanged")).toThrow('--fail-on "drift,unmanged": "unmanged" is not one of drift, unmanaged, violations (or none)');
    });

    it("lists the program's changes not applied yet apart from drift, uncounted: a create the state does not hold, a delete; a create of a resource the state holds is drift", () => {
        const room = (name: string) => `urn:pulumi:dev::rooms::pulumi-nodejs:dynamic/vcrooms:Room::${name}`;
        const held = (name: string) => ({ urn: room(name), type: "pulumi-nodejs:dynamic/vcrooms:Room", id: `id-${name}`, inputs: { friendlyUrl: name }, outputs: { friendlyUrl: name } });
        const state = { version: 3, deployment: { resources: [held("standup"), held("gone"), held("dropped")] } };
        const drifted = { op: "update", urn: room("standup"), oldState: { inputs: { friendlyUrl: "standup", toolbarColor: "#000000" }, outputs: {} }, newState: { inputs: { friendlyUrl: "standup", toolbarColor: "#3771E0" } } };
        // The refresh found "gone" deleted outside Pulumi: the program's create of it puts it back (drift).
        const recreated = { op: "create", urn: room("gone"), newState: { inputs: { friendlyUrl: "gone" } } };
        const added = { op: "create", urn: room("fresh"), newState: { inputs: { friendlyUrl: "fresh" } } };
        const removed = { op: "delete", urn: room("dropped"), oldState: { inputs: { friendlyUrl: "dropped" }, outputs: {} } };
        const reportOf = (steps: unknown[]) => buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: { steps }, stackExport: state }], team, packConfig: {} });

        const mixed = reportOf([drifted, recreated, added, removed]);
        expect(mixed.drift[0]!.resources.map((r) => `${r.op} ${r.name}`)).toEqual(["update standup", "create gone"]);
        expect(mixed.drift[0]!.unapplied.map((r) => `${r.op} ${r.name}`)).toEqual(["create fresh", "delete dropped"]);
        expect(mixed.summary).toMatchObject({ driftResources: 2, unappliedResources: 2 });
        expect(exitCodeOf(mixed, parseFailOn("drift"))).toBe(1);

        // Only the program's changes: clean, and --fail-on drift passes; each rendering lists them in their own part.
        const pending = reportOf([added, removed]);
        expect(pending.summary).toMatchObject({ driftResources: 0, driftSettings: 0, unappliedResources: 2, clean: true });
        expect(exitCodeOf(pending, parseFailOn("drift"))).toBe(0);
        expect(verdict(pending)).toBe("Clean: no drift, no unmanaged room, no policy violation across 0 rooms; 2 program changes not applied yet");
        expect((JSON.parse(renderJson(pending)) as typeof pending).drift[0]!.unapplied.map((r) => r.name)).toEqual(["fresh", "dropped"]);
        const markdown = renderMarkdown(pending);
        const [driftPart, rest] = markdown.split("## Not applied yet");
        expect(driftPart).toContain("No drift.");
        expect(driftPart).not.toMatch(/"fresh"|"dropped"/);
        expect(rest).toContain('| `dev` | vcrooms:Room "fresh" | create | added to the program; the next up creates it |');
        expect(rest).toContain('| `dev` | vcrooms:Room "dropped" | delete | removed from the program; the next up deletes it |');
        const html = renderHtml(pending);
        const section = html.slice(html.indexOf('<section id="unapplied">'), html.indexOf('<section id="unmanaged">'));
        expect(section).toMatch(/vcrooms:Room &quot;fresh&quot;.*added to the program/);
        expect(section).toMatch(/vcrooms:Room &quot;dropped&quot;.*removed from the program/);
        expect(html.slice(html.indexOf('<section id="drift">'), html.indexOf('<section id="unapplied">'))).not.toMatch(/&quot;fresh&quot;|&quot;dropped&quot;/);
    });

    it("never writes a friendly URL a listed stack holds as a secret: governance names the room by its resource, no section shows it", () => {
        // `vault`'s friendly URL is secret in the state (and shown plain by the preview, read with --show-secrets);
        // `ghost` declares a secret friendly URL whose room's id the state no longer holds (recreated by hand), so the
        // team's room of that name is unmanaged; `open` is plain. Every room breaks the pack's default rules.
        const vaultUrn = "urn:pulumi:dev::rooms::pulumi-nodejs:dynamic/vcrooms:Room::vault";
        const ghostUrn = "urn:pulumi:dev::rooms::vcrooms:index:Room::ghost";
        const exported = {
            version: 3,
            deployment: {
                resources: [
                    { urn: vaultUrn, type: "pulumi-nodejs:dynamic/vcrooms:Room", id: "room-vault", inputs: { friendlyUrl: SECRET_MARK }, outputs: { friendlyUrl: SECRET_MARK, roomUrl: SECRET_MARK } },
                    { urn: ghostUrn, type: "vcrooms:index:Room", id: "room-gone", inputs: { friendlyUrl: SECRET_MARK }, outputs: { friendlyUrl: SECRET_MARK } },
                ],
            },
        };
        const secretUrls = ["zzsecreturlkq7", "zzsecretghost9"];
        const steps = {
            steps: [
                { op: "update", urn: vaultUrn, oldState: { inputs: { friendlyUrl: secretUrls[0], description: "old" } }, newState: { inputs: { friendlyUrl: secretUrls[0], description: "new" } } },
                { op: "create", urn: ghostUrn, newState: { inputs: { friendlyUrl: secretUrls[1] } } },
            ],
        };
        const record = (friendlyUrl: string) => ({ friendlyUrl, roomUrl: `https://acme.digitalsamba.com/${friendlyUrl}`, topic: friendlyUrl, recordingsEnabled: true, consentMessage: null });
        const reading: TeamReading = {
            rooms: [
                { id: "room-vault", friendlyUrl: secretUrls[0]!, values: record(secretUrls[0]!) },
                { id: "room-ghost-new", friendlyUrl: secretUrls[1]!, values: record(secretUrls[1]!) },
                { id: "room-open", friendlyUrl: "open-room", values: record("open-room") },
            ],
            defaults: team.defaults,
        };
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: steps, stackExport: exported }], team: reading, packConfig: {}, adoptStack: "--stack dev" });
        // The rules do judge them (else this test would prove nothing), the secret ones under their resource's name.
        const subjects = new Set(report.governance.violations.filter((v) => v.kind === "Room").map((v) => v.subject));
        expect(subjects).toEqual(new Set(["vault", expect.stringMatching(/^room_/), "open-room"]));
        expect(report.unmanaged.map((u) => u.id).sort()).toEqual(["room-ghost-new", "room-open"]);
        for (const text of [renderJson(report), renderMarkdown(report), renderHtml(report)]) {
            for (const url of secretUrls) expect(text).not.toContain(url);
            expect(text).toContain("open-room");
        }
    });

    it("a stack of the project the audit does not list hides the friendly URLs it holds as secrets, and its rooms are its own, not unmanaged", () => {
        // Only its state is read (secrets encrypted): `vault`'s friendly URL is secret there, so the room is known by id.
        const vaultUrn = "urn:pulumi:staging::rooms::pulumi-nodejs:dynamic/vcrooms:Room::vault";
        const staging = { version: 3, deployment: { resources: [{ urn: vaultUrn, type: "pulumi-nodejs:dynamic/vcrooms:Room", id: "room-vault", inputs: { friendlyUrl: SECRET_MARK }, outputs: { friendlyUrl: SECRET_MARK } }] } };
        const secretUrl = "zzsecretstaging3";
        const record = (friendlyUrl: string) => ({ friendlyUrl, roomUrl: `https://acme.digitalsamba.com/${friendlyUrl}`, topic: friendlyUrl, recordingsEnabled: true, consentMessage: null });
        const reading: TeamReading = {
            rooms: [
                { id: "room-open", friendlyUrl: "open-room", values: record("open-room") },
                { id: "room-vault", friendlyUrl: secretUrl, values: record(secretUrl) },
            ],
            defaults: team.defaults,
        };
        const listed = { stack: "dev", preview: { steps: [] }, stackExport: { version: 3, deployment: { resources: [] } } };
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [listed], unlisted: [{ stack: "staging", stackExport: staging }], team: reading, packConfig: {}, adoptStack: "--stack dev" });
        expect(report.unmanaged.map((u) => u.id)).toEqual(["room-open"]);
        expect(report.unlistedStacks).toEqual(["staging"]);
        expect(report.unlistedStackRooms).toEqual([{ id: "room-vault", friendlyUrl: "[secret]", resourceName: "vault", stacks: ["staging"] }]);
        // Judged all the same, under its resource's name, as managed by its stack.
        expect(report.governance.violations.filter((v) => v.roomId === "room-vault").map((v) => [v.subject, v.managedBy])).toContainEqual(["vault", ["staging"]]);
        for (const text of [renderJson(report), renderMarkdown(report), renderHtml(report)]) {
            expect(text).not.toContain(secretUrl);
            expect(text).toContain("staging");
        }
    });

    it("names the settings of a dynamic resource that drifted only where its refreshed inputs keep the declared secrets", () => {
        // The dynamic face's provider diffs the live outputs against the program's inputs and gives the engine no
        // property list; a refresh keeps a setting declared as a secret in the inputs, so only the outputs differ.
        const urn = "urn:pulumi:dev::rooms::pulumi-nodejs:dynamic/vcrooms:Room::sroom";
        const declared = { __provider: "p", friendlyUrl: "s-room", description: plain(30), maxParticipants: 87, consentMessage: plain(31) };
        const state = { version: 3, deployment: { resources: [{ urn, type: "pulumi-nodejs:dynamic/vcrooms:Room", id: "room-s", inputs: { description: SECRET_MARK, maxParticipants: SECRET_MARK, consentMessage: SECRET_MARK, friendlyUrl: "s-room" }, outputs: {} }] } };
        const step = {
            op: "update",
            urn,
            oldState: { inputs: declared, outputs: { ...declared, description: plain(32), maxParticipants: 40, consentMessage: plain(33), roomUrl: "https://acme.digitalsamba.com/s-room" } },
            newState: { inputs: declared },
        };
        const drift = driftOfPreview("dev", { steps: [step] }, new Map(), secretPathsOf(state));
        expect(drift.resources[0]!.settings.map((s) => s.path)).toEqual(["consentMessage", "description", "maxParticipants"]);
        for (const s of drift.resources[0]!.settings) expect(s).toMatchObject({ declared: { secret: true }, live: { secret: true } });
        // A fixed time: the numbers the test looks for must not come from the report's own timestamp (09:06:40 holds 40).
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: { steps: [step] }, stackExport: state }], team, packConfig: {}, now: new Date("2026-11-28T05:00:00Z") });
        expect(report.summary.driftSettings).toBe(3);
        for (const text of [renderJson(report), renderMarkdown(report), renderHtml(report)]) {
            expect(text).not.toContain("(whole resource)");
            expect(text).not.toMatch(/SECRET-VALUE|\b87\b|\b40\b/);
        }
    });
});

describe("the audit's warnings", () => {
    it("carries each warning a listed stack's preview printed into all three files, once, without colour or a secret value", () => {
        // The note is secret in the state and a table-secret setting is secret by the table; both are shown plain by the
        // preview (read with --show-secrets). A warning naming them must not carry them into the report.
        const secretSetting = TABLE_SECRETS[0]!;
        const p = {
            ...preview(),
            diagnostics: [
                { urn: URN, severity: "warning", message: `<{%fg 3%}>join token "ada" expires in 3 minutes: renew it (note ${plain(2)}, ${secretSetting} ${plain(20)})<{%reset%}>\n` },
                { urn: URN, severity: "warning", message: `join token "ada" expires in 3 minutes: renew it (note ${plain(2)}, ${secretSetting} ${plain(20)})` },
                { severity: "info", message: "an info line is not a warning" },
                { severity: "error", message: "an error stops the audit before a report" },
            ],
        };
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: p, stackExport }], team, packConfig: {} });
        expect(report.warnings).toEqual([{ source: "preview", stack: "dev", urn: URN, message: `join token "ada" expires in 3 minutes: renew it (note [secret], ${secretSetting} [secret])` }]);
        expect(report.summary.warnings).toBe(1);
        for (const text of [renderJson(report), renderMarkdown(report), renderHtml(report)]) {
            expect(text).toContain("expires in 3 minutes");
            expect(text).not.toMatch(/SECRET-VALUE|\{%|an info line/);
        }
        expect(renderMarkdown(report)).toMatch(/1 warning to read/);
    });

    it("carries the SDK face's warnings, which reach the engine as `info#err` lines starting `warning: `, and no other stderr line", () => {
        const message = `join token for "[secret]" (room r2-52f2cc9): it does not verify with the developer key (the key was rotated)`;
        const p = {
            ...preview(),
            diagnostics: [
                { severity: "info#err", message: `warning: ${message}\n` },
                { severity: "info#err", message: "(node:4242) a runtime's own stderr line is not a warning" },
            ],
        };
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: p, stackExport }], team, packConfig: {} });
        expect(report.warnings).toEqual([{ source: "preview", stack: "dev", message }]);
        expect(renderMarkdown(report)).toMatch(/1 warning to read/);
    });

    it("warns when one team's defaults record is declared by TeamDefaults in two stacks, listed or not, whichever face", () => {
        const defaults = (stack: string, type: string, name: string) => ({ version: 3, deployment: { resources: [{ urn: `urn:pulumi:${stack}::rooms::${type}::${name}`, type, id: "defaults-7", inputs: {}, outputs: {} }] } });
        const dev = { stack: "dev", preview: { steps: [] }, stackExport: defaults("dev", "vcrooms:index:TeamDefaults", "team") };
        const staging = { stack: "staging", stackExport: defaults("staging", "pulumi-nodejs:dynamic/vcrooms:TeamDefaults", "acme") };
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [dev], unlisted: [staging], team, packConfig: {} });
        expect(report.sharedTeamDefaults).toEqual([
            { id: "defaults-7", declaredBy: [{ stack: "dev", urn: "urn:pulumi:dev::rooms::vcrooms:index:TeamDefaults::team" }, { stack: "staging", urn: "urn:pulumi:staging::rooms::pulumi-nodejs:dynamic/vcrooms:TeamDefaults::acme" }] },
        ]);
        expect(report.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/defaults record defaults-7 is declared by 2 TeamDefaults: team \(stack dev\), acme \(stack staging\)/)]);
        expect(renderMarkdown(report)).toContain("declare the team's defaults in one stack only");
        expect(renderHtml(report)).toContain("declare the team&#39;s defaults in one stack only");
        // The defaults' own violations name the stacks that declare that record.
        const breaking: TeamReading = { rooms: [], defaults: { domain: "acme", values: { id: "defaults-7", recordingsEnabled: true, consentMessageEnabled: false } } };
        const judged = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [dev], unlisted: [staging], team: breaking, packConfig: {} });
        const onDefaults = judged.governance.violations.filter((v) => v.kind === "TeamDefaults");
        expect(onDefaults.length, "the pack's rules judge these defaults").toBeGreaterThan(0);
        for (const v of onDefaults) expect(v.managedBy).toEqual(["dev", "staging"]);
        // One declaration is no warning.
        const alone = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [dev], team, packConfig: {} });
        expect(alone.sharedTeamDefaults).toEqual([]);
        expect(alone.warnings).toEqual([]);
    });
});

describe("the audit's one team", () => {
    const config = (apiUrl: string, teamId?: string) => resolveClientConfig({ apiUrl, developerKey: "k".repeat(32), ...(teamId ? { teamId } : {}) }, {});

    it("takes two spellings of one API as one team: localhost and 127.0.0.1, a host's case, a trailing slash", () => {
        expect(() =>
            checkOneTeam([
                { stack: "a", config: config("http://localhost:4100/api/v1") },
                { stack: "b", config: config("http://127.0.0.1:4100/api/v1/") },
                { stack: "c", config: config("http://LOCALHOST:4100/api/v1") },
            ]),
        ).not.toThrow();
        expect(() => checkOneTeam([{ stack: "a", config: config("https://Acme.DigitalSamba.com/api/v1") }, { stack: "b", config: config("https://acme.digitalsamba.com/api/v1/") }])).not.toThrow();
    });

    it("refuses two APIs or two team ids, naming both stacks", () => {
        expect(() => checkOneTeam([{ stack: "a", config: config("http://127.0.0.1:4100/api/v1") }, { stack: "b", config: config("http://127.0.0.1:4101/api/v1") }])).toThrow(/stacks a and b manage different teams/);
        expect(() => checkOneTeam([{ stack: "a", config: config("https://acme.digitalsamba.com/api/v1", "t1") }, { stack: "b", config: config("https://acme.digitalsamba.com/api/v1", "t2") }])).toThrow(/stacks a and b manage different teams/);
    });

    it("names no API URL a stack keeps as a secret (vcrooms:apiUrl set with --secret): neither in the report nor in a refusal", () => {
        const secretUrl = "https://cnry-customer.digitalsamba.com/api/v1";
        const configs = [
            { stack: "a", config: config(secretUrl), apiUrlSecret: true },
            { stack: "b", config: config(secretUrl) },
        ];
        expect(reportedApiUrl(configs)).toBe("[secret]");
        const report = buildReport({ apiUrl: reportedApiUrl(configs), stacks: [{ stack: "a", preview: { steps: [] }, stackExport }], team, packConfig: {} });
        for (const text of [renderJson(report), renderMarkdown(report), renderHtml(report)]) expect(text).not.toContain("cnry-customer");
        expect(reportedApiUrl([{ config: config("http://127.0.0.1:4100/api/v1") }])).toBe("http://127.0.0.1:4100/api/v1");
        const refusal = (() => {
            try {
                checkOneTeam([configs[0]!, { stack: "c", config: config("https://other.digitalsamba.com/api/v1") }]);
                return "(no refusal)";
            } catch (error) {
                return (error as Error).message;
            }
        })();
        expect(refusal).toMatch(/stacks a and c manage different teams/);
        expect(refusal).not.toContain("cnry-customer");
    });
});

describe("the audit's Markdown", () => {
    it("shows a resource name and a message as written: no markup, code span or HTML of the user's text is read", async () => {
        const { default: MarkdownIt } = await import("markdown-it");
        const name = "evil|name<b>x</b>`tick`*star*_u_[link](https://example.com)&amp;";
        const urn = `urn:pulumi:dev::rooms::pulumi-nodejs:dynamic/vcrooms:Room::${name}`;
        const state = { version: 3, deployment: { resources: [{ urn, type: "pulumi-nodejs:dynamic/vcrooms:Room", id: "room-2", inputs: { description: "a" }, outputs: { description: "a" } }] } };
        const steps = { steps: [{ op: "update", urn, oldState: { inputs: { description: "b" }, outputs: {} }, newState: { inputs: { description: "a" } } }] };
        const report = buildReport({ apiUrl: "http://127.0.0.1/api/v1", stacks: [{ stack: "dev", preview: steps, stackExport: state }], team, packConfig: {} });
        const html = new MarkdownIt({ html: true }).render(renderMarkdown(report));
        expect(html).not.toMatch(/<b>|<a |<em>|<code>tick<\/code>/);
        // The row's first cell, as a reader sees it: the name, every character of it.
        const row = /<td>vcrooms:Room &quot;(.*?)&quot;<\/td>/.exec(html);
        expect(row?.[1]).toBe(name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
    });
});
