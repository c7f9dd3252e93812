/**
 * `pulumi-vcrooms audit` as an auditor's pipeline runs it, through the real Pulumi CLI against the emulator: a project
 * with two stacks (dev declares the team's defaults, a room with a secret PIN and a room whose friendly URL is a secret;
 * prod a room and a room tagged confidential that declares no privacy, so it is left public), then a change made outside Pulumi (an API PATCH of
 * dev's room: its colour and its secret PIN) and two rooms made directly through the API. Each of the three shows in
 * its own section of report.json and nothing else does; the drift agrees with `pulumi preview --refresh --json` of
 * each stack, resource by resource and setting by setting; no file holds a secret value; the exit code follows
 * --fail-on; an audit of prod alone, as a per-stack pipeline runs it, names dev's rooms as dev's (not unmanaged, not
 * offered for adoption) and writes no friendly URL dev holds as a secret; a stack that cannot be read exits 2. Then the page in headless Chromium (Debian's package): screenshots
 * at desktop and phone widths (AUDIT_SCREENSHOT_DIR keeps them), a print to PDF, its text against report.json, and
 * nothing loaded from the network (every request Chromium makes goes to a recording proxy, which does see what a page
 * with remote resources loads; the page's Content-Security-Policy forbids them all).
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { type PulumiProject, ROOT } from "../../harness/pulumiCli";
import type { AuditReport } from "../../cli/audit";
import { apiCaller } from "../support/http";
import { useEmulator } from "../support/emulator";
import { cli, projectFor } from "./support";

/** A report's text as a reader sees it: report.md's escapes (`\_`, `\<`, ...) taken out, so no escaped secret goes unseen. */
const unescaped = (file: string, text: string) => (file.endsWith(".md") ? text.replace(/\\([\\`*_[\]<>&|])/g, "$1") : text);

const COMMAND = path.join(ROOT, "dist/cli/main.js");
const PROGRAM = path.join(ROOT, "dist/test/cli/programs/governed.js");
/** DTMF PINs: `W` and `#` appear in no id, URL or timestamp, so finding one in a file can only be the secret. */
const DECLARED_PIN = "7W31#9";
const OUTSIDE_PIN = "2W77#1";
const DASHBOARD_ROOMS = ["dash-alpha", "dash-beta"];
/** A friendly URL dev declares as a secret: no report may write it, whichever stacks it lists. */
const HIDDEN_URL = "hideout-q7z-dev";

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

/** The stacks' programs: the policy test's program, driven by config (test/cli/programs/governed.ts). */
const STACKS: Record<string, { defaults?: unknown[]; rooms: unknown[] }> = {
    dev: {
        defaults: [{ name: "defaults", args: { consentMessageEnabled: true, consentMessage: "This room may be recorded." } }],
        rooms: [
            { name: "standup", args: { friendlyUrl: "standup-dev", toolbarColor: "#3771E0", telephonyPinDtmf: DECLARED_PIN } },
            { name: "hideout", args: { friendlyUrl: { $secret: HIDDEN_URL } } },
        ],
    },
    prod: {
        // The team's defaults declared by dev too: the audit warns that two stacks fight over one record.
        defaults: [{ name: "defaults", args: { consentMessageEnabled: true, consentMessage: "This room may be recorded." } }],
        rooms: [
            { name: "standup", args: { friendlyUrl: "standup-prod", description: "Production standup" } },
            { name: "vault", args: { friendlyUrl: "vault-prod", tags: ["confidential"] } },
        ],
    },
};

const stackConfig = (stack: string) => Object.fromEntries(Object.entries({ face: "dynamic", ...STACKS[stack] }).map(([k, v]) => [`test:${k}`, typeof v === "string" ? v : JSON.stringify(v)]));

/** The command as a pipeline runs it: in the project's folder, with the project's pulumi first on the PATH. */
const audit = (project: PulumiProject, args: string[]) => project.runFile(process.execPath, [COMMAND, "audit", ...args]);

/**
 * What `pulumi preview --refresh --diff` prints for a stack, as a person reads it: each resource it would change
 * (not the refresh steps listed first), its step, and the properties marked changed (`~`, `+`, `-`).
 */
async function previewPlan(project: PulumiProject, stack: string): Promise<string[]> {
    const preview = await project.run(["preview", "--refresh", "--diff", "--non-interactive", "--stack", stack]);
    expect(preview.code, preview.stderr).toBe(0);
    const plan: Array<{ op: string; urn: string; keys: string[] }> = [];
    let current: { op: string; urn: string; keys: string[] } | undefined;
    for (const line of preview.stdout.split("\n")) {
        const header = /^\s*[~+-]?\+?-?\s*([\w:/.-]+): \(([\w-]+)\)$/.exec(line);
        if (header) {
            current = ["same", "refresh", "read"].includes(header[2]!) || header[1] === "pulumi:pulumi:Stack" ? undefined : { op: header[2]!, urn: "", keys: [] };
            if (current) plan.push(current);
            continue;
        }
        const urn = /^\s*\[urn=(.*)\]$/.exec(line);
        if (urn && current) current.urn = urn[1]!;
        const changed = /^\s+[~+-] (\w+)\s*:/.exec(line);
        if (changed && current) current.keys.push(changed[1]!);
    }
    return plan.map((r) => `${r.urn} ${r.op} ${r.keys.sort().join(",")}`);
}

const reportPlan = (report: AuditReport, stack: string) =>
    report.drift.find((d) => d.stack === stack)!.resources.map((r) => `${r.urn} ${r.op} ${r.settings.map((s) => s.path).join(",")}`);

let out: string;
let report: AuditReport;

describe.skipIf("skip" in cli)("pulumi-vcrooms audit through the real Pulumi CLI", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });

    it("puts the outside change in drift, the API's rooms in unmanaged and the public confidential room in governance, agreeing with preview --refresh", async () => {
        const project = await projectFor(emulator, stackConfig("dev"), { program: PROGRAM });
        projects.push(project);
        expect((await project.up([], { preview: false })).code).toBe(0);
        await project.must(["stack", "init", "prod", "--non-interactive"]);
        await project.setConfig({ "vcrooms:apiUrl": emulator.baseUrl, ...stackConfig("prod") }, { "vcrooms:developerKey": emulator.developerKey });
        expect((await project.up([], { preview: false })).code).toBe(0);

        const api = apiCaller(emulator);
        expect((await api("PATCH", "/rooms/standup-dev", { toolbar_color: "#000000", telephony_pin_dtmf: OUTSIDE_PIN })).status).toBe(200);
        for (const friendly_url of DASHBOARD_ROOMS) expect((await api("POST", "/rooms", { friendly_url, description: "Made in the dashboard" })).status).toBe(200);

        out = path.join(project.dir, "report");
        const run = await audit(project, ["--stack", "dev", "--stack", "prod", "--out", out]);
        expect(run.code, run.stderr).toBe(1);
        expect(run.stderr).toContain("audit: Needs attention: 1 drifted resource (2 settings), 2 unmanaged rooms, 2 policy violations (2 mandatory)");
        report = JSON.parse(fs.readFileSync(path.join(out, "report.json"), "utf8")) as AuditReport;

        // Drift: dev's room alone, its two settings, the secret one shown only as differing.
        expect(report.drift.map((d) => d.stack)).toEqual(["dev", "prod"]);
        const [dev, prod] = report.drift;
        expect(prod!.resources).toEqual([]);
        expect(dev!.resources).toHaveLength(1);
        const drifted = dev!.resources[0]!;
        expect(drifted).toMatchObject({ name: "standup", op: "update", type: "pulumi-nodejs:dynamic/vcrooms:Room" });
        // The PIN too, masked on both sides (the engine plans it: its refresh leaves the drifted secret out of the
        // inputs, provider/resources/reconcile.ts), an update of what the room holds.
        expect(drifted.settings).toEqual([
            { path: "telephonyPinDtmf", kind: "update", declared: { secret: true }, live: { secret: true } },
            { path: "toolbarColor", kind: "update", declared: "#3771E0", live: "#000000" },
        ]);
        // The last up that changed it: dev's first update, as its history numbers it.
        const history = JSON.parse((await project.must(["stack", "history", "--json", "--stack", "dev"])).stdout) as Array<{ version: number; kind: string }>;
        expect(drifted.lastUp?.version).toBe(history.find((h) => h.kind === "update")!.version);

        // The report agrees with the engine's own preview --refresh, stack by stack, as the CLI prints it.
        for (const stack of ["dev", "prod"]) expect(reportPlan(report, stack)).toEqual(await previewPlan(project, stack));

        // Unmanaged: the two rooms made through the API, each with the adopt-team command that imports it alone.
        expect(report.unmanaged.map((u) => u.friendlyUrl)).toEqual(DASHBOARD_ROOMS);
        for (const u of report.unmanaged) {
            expect(u.adoptCommand).toBe(`npx pulumi-vcrooms adopt-team --stack dev --filter ${u.friendlyUrl} --out adopt-${u.resourceName}.json && pulumi import --stack dev --file adopt-${u.resourceName}.json`);
            const adopted = await project.runFile(process.execPath, [COMMAND, "adopt-team", "--stack", "dev", "--filter", u.friendlyUrl]);
            expect(adopted.code, adopted.stderr).toBe(0);
            expect(JSON.parse(adopted.stdout).resources).toEqual([u.importEntry]);
        }

        // Governance: every room judged, and only the confidential room left public breaks a rule (privacy, and
        // e2ee since nothing it enables excludes it); the team's defaults ask for consent, so recording is fine.
        expect(report.governance.roomsJudged).toBe(6);
        expect(report.governance.violations.map((v) => [v.policy, v.level, v.subject, v.managedBy])).toEqual([
            ["confidential-rooms", "mandatory", "vault-prod", ["prod"]],
            ["confidential-rooms", "mandatory", "vault-prod", ["prod"]],
        ]);
        expect(report.governance.violations.map((v) => v.message)).toEqual([
            'Room "vault": confidential (tag "confidential"), so privacy must be "private" (now "public")',
            'Room "vault": confidential (tag "confidential"), so e2eeEnabled must be true (now false): nothing the room enables excludes end-to-end encryption',
        ]);
        expect(report.summary).toEqual({
            driftResources: 1,
            driftSettings: 2,
            unappliedResources: 0,
            unmanagedRooms: 2,
            violations: 2,
            mandatoryViolations: 2,
            advisoryViolations: 0,
            rooms: 6,
            managedRooms: 4,
            clean: false,
            warnings: 1,
        });
        // The one warning: dev and prod both declare the team's defaults (no preview printed one).
        expect(report.sharedTeamDefaults.map((d) => d.declaredBy.map((b) => b.stack))).toEqual([["dev", "prod"]]);
        expect(report.warnings).toEqual([{ source: "project", message: expect.stringMatching(/^the team's defaults record \S+ is declared by 2 TeamDefaults: defaults \(stack dev\), defaults \(stack prod\)\./) }]);
        expect(fs.readFileSync(path.join(out, "report.md"), "utf8")).toMatch(/## Warnings[\s\S]*declare the team's defaults in one stack only/);

        // No secret value in any file: neither PIN, nor the secret friendly URL, nor the developer key.
        const secrets = [DECLARED_PIN, OUTSIDE_PIN, HIDDEN_URL, emulator.developerKey];
        for (const file of ["report.json", "report.md", "report.html"]) {
            const text = unescaped(file, fs.readFileSync(path.join(out, file), "utf8"));
            for (const secret of secrets) expect(text.includes(secret), `${file} holds a secret`).toBe(false);
        }

        // --fail-on chooses: prod alone has no drift (0), the unmanaged rooms fail when asked (1).
        const prodOut = path.join(project.dir, "prod");
        expect((await audit(project, ["--stack", "prod", "--out", prodOut, "--fail-on", "drift"])).code).toBe(0);
        expect((await audit(project, ["--stack", "prod", "--out", prodOut, "--fail-on", "unmanaged"])).code).toBe(1);
        // Prod alone, as a per-stack pipeline audits it: dev's rooms are dev's, neither unmanaged nor offered to prod,
        // and the friendly URL dev holds as a secret is in no file (dev's state shows it secret without decryption).
        for (const file of ["report.json", "report.md", "report.html"]) {
            const text = unescaped(file, fs.readFileSync(path.join(prodOut, file), "utf8"));
            for (const secret of secrets) expect(text.includes(secret), `prod's ${file} holds a secret`).toBe(false);
        }
        const prodReport = JSON.parse(fs.readFileSync(path.join(prodOut, "report.json"), "utf8")) as AuditReport;
        expect(prodReport.unmanaged.map((u) => u.friendlyUrl)).toEqual(DASHBOARD_ROOMS);
        expect(prodReport.unlistedStacks).toEqual(["dev"]);
        // Dev's declaration of the defaults is read from its state: the warning holds for prod alone too.
        expect(prodReport.sharedTeamDefaults.map((d) => d.declaredBy.map((b) => b.stack))).toEqual([["prod", "dev"]]);
        expect(prodReport.unlistedStackRooms.map((r) => [r.friendlyUrl, r.resourceName, r.stacks])).toEqual([
            ["[secret]", "hideout", ["dev"]],
            ["standup-dev", "standup", ["dev"]],
        ]);
        // Listing every stack, nothing is left to the unlisted section.
        expect([report.unlistedStacks, report.unlistedStackRooms]).toEqual([[], []]);
        // A stack that does not exist: the audit could not run.
        const missing = await audit(project, ["--stack", "staging", "--out", path.join(project.dir, "none")]);
        expect(missing.code).toBe(2);
        expect(missing.stderr).toMatch(/^pulumi-vcrooms audit: cannot read the config of stack "staging"/);
        expect(fs.existsSync(path.join(project.dir, "none"))).toBe(false);
    });

    const chromium = locateChromium();
    it.skipIf(!chromium)("shows the page in headless Chromium at desktop and phone widths, with report.json's content and nothing from the network", async () => {
        expect(report, "the first test wrote the report").toBeDefined();
        const page = path.join(out, "report.html");
        const html = fs.readFileSync(page, "utf8");
        // Nothing the page could load: no URL in src or href, no CSS url(), no script; a CSP that forbids the rest.
        expect(html).not.toMatch(/\b(?:src|href|srcset|action)\s*=\s*["']?\s*(?:https?:)?\/\//i);
        expect(html).not.toMatch(/url\(|@import|<script|<link|<iframe|<img/i);
        expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none';[^"]*">/);
        expect(/content="([^"]*)"/.exec(html.slice(html.indexOf("Content-Security-Policy")))![1]).not.toMatch(/https?:|\*/);

        const proxy = await recordingProxy();
        try {
            const shots = process.env.AUDIT_SCREENSHOT_DIR ?? out;
            fs.mkdirSync(shots, { recursive: true });
            for (const [name, width, height] of [["desktop", 1280, 1500], ["phone", 390, 2600]] as const) {
                const file = path.join(shots, `audit-${name}.png`);
                await browse(chromium!, proxy.url, [`--screenshot=${file}`, `--window-size=${width},${height}`, `file://${page}`]);
                const png = fs.readFileSync(file);
                expect(png.subarray(1, 4).toString()).toBe("PNG");
                expect(png.readUInt32BE(16)).toBe(width);
            }
            // It prints: Chromium's print of the page (the style's print rules) is a PDF.
            const pdf = path.join(shots, "audit.pdf");
            await browse(chromium!, proxy.url, ["--no-pdf-header-footer", `--print-to-pdf=${pdf}`, `file://${page}`]);
            expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
            const dom = await browse(chromium!, proxy.url, ["--dump-dom", `file://${page}`]);
            const text = pageText(dom);
            const count = (key: string) => Number(new RegExp(`id="count-${key}">(\\d+)<`).exec(dom)?.[1]);
            expect([count("drift"), count("unmanaged"), count("violations")]).toEqual([report.summary.driftResources, report.summary.unmanagedRooms, report.summary.violations]);
            expect(text).toContain("Needs attention: 1 drifted resource (2 settings), 2 unmanaged rooms, 2 policy violations (2 mandatory)");
            for (const stack of report.drift) expect(text).toContain(`Stack ${stack.stack}`);
            for (const r of report.drift.flatMap((d) => d.resources)) {
                for (const s of r.settings) {
                    const shown = (v: unknown) => (v !== null && typeof v === "object" && (v as { secret?: boolean }).secret ? "[secret]" : JSON.stringify(v));
                    expect(text).toContain(`vcrooms:Room "${r.name}"update${s.path}${shown(s.declared)}${shown(s.live)}update ${r.lastUp!.version > 0 ? `#${r.lastUp!.version}, ` : "of "}${r.lastUp!.startTime.slice(0, 10)}`);
                }
            }
            for (const u of report.unmanaged) expect(text).toContain(`${u.friendlyUrl}${u.id}${u.resourceName}${u.adoptCommand}`);
            for (const v of report.governance.violations) expect(text).toContain(`${v.policy}${v.level}Room ${v.subject}${v.managedBy.join(", ")}${v.message}`);
            // Chromium's own services (its updater, accounts, time) call out whatever the page is; nothing else may.
            const fromPage = () => proxy.requests.filter((r) => !CHROMIUM_OWN.test(r));
            expect(fromPage(), `the page loaded ${fromPage().join(", ")}`).toEqual([]);
            // The proxy does see what a page loads: a page with an image and a style sheet elsewhere.
            const canary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "audit-canary-")), "canary.html");
            fs.writeFileSync(canary, '<!doctype html><link rel="stylesheet" href="http://audit-canary.invalid/style.css"><img src="http://audit-canary.invalid/pixel.png">');
            await browse(chromium!, proxy.url, ["--dump-dom", `file://${canary}`]);
            expect(fromPage().some((r) => r.includes("audit-canary.invalid"))).toBe(true);
        } finally {
            await proxy.close();
        }
    });
});

/** What Chromium asks of its own services whatever page it shows (its component updater, accounts, network time). */
const CHROMIUM_OWN = /^(?:CONNECT |[A-Z]+ http:\/\/)(?:update\.googleapis\.com|accounts\.google\.com|clients\d*\.google\.com)[:/]/;

/** Debian's chromium (or Chrome) on the PATH; under CI its absence fails, as a missing Pulumi CLI does. */
function locateChromium(): string | undefined {
    for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
        try {
            return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
        } catch {
            // next
        }
    }
    if (process.env.CI) throw new Error("headless Chromium is required under CI (.ci/run installs Debian's chromium with apt-get)");
    console.log("audit page in a browser: skipped, no chromium on the PATH (apt-get install -y chromium)");
    return undefined;
}

/** Chromium headless, every request it makes sent through `proxy` (loopback too), its background traffic off. */
function browse(chromium: string, proxy: string, args: string[]): Promise<string> {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "audit-chromium-"));
    const flags = [
        "--headless",
        "--disable-gpu",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        `--user-data-dir=${home}`,
        `--proxy-server=${proxy}`,
        "--proxy-bypass-list=<-loopback>",
        "--hide-scrollbars",
        // As root (a CI container) Chromium refuses to start without it.
        ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
        ...args,
    ];
    return new Promise((resolve, reject) =>
        execFile(chromium, flags, { timeout: 90_000, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, HOME: home } }, (error, stdout, stderr) => {
            fs.rmSync(home, { recursive: true, force: true });
            if (error) reject(new Error(`chromium ${args[0]} failed: ${error.message}\n${stderr}`));
            else resolve(stdout);
        }),
    );
}

/** An HTTP proxy that answers nothing but records what was asked of it (plain requests and CONNECT tunnels). */
async function recordingProxy(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
        requests.push(`${req.method} ${req.url}`);
        res.writeHead(502).end();
    });
    server.on("connect", (req, socket) => {
        requests.push(`CONNECT ${req.url}`);
        socket.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The text a reader sees: the body without its style, tags dropped, entities decoded. */
function pageText(dom: string): string {
    return dom
        .replace(/<style>[\s\S]*?<\/style>/g, "")
        .replace(/<svg[\s\S]*?<\/svg>/g, "")
        .replace(/<[^>]+>/g, "")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&nbsp;/g, " ")
        .replace(/&amp;/g, "&");
}
