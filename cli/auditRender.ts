/**
 * The audit report's three files from one `AuditReport` (cli/audit.ts): report.json for machines, report.md for a
 * pull-request comment or a ticket, report.html for a person. Each is complete on its own. The page is one file with
 * its style and chart inline and a Content-Security-Policy that forbids every network load (no script at all), so
 * it opens from a pipeline's artifacts or an e-mail as it is, and prints. A secret shows as `[secret]` (the report
 * holds no secret value to show: audit.ts), a value unknown until the up as `[unknown]`, as the CLI shows them.
 */
import type { AuditReport, AuditWarning, DriftResource, LastUp, ShownValue } from "./audit";

export function renderJson(report: AuditReport): string {
    return `${JSON.stringify(report, null, 2)}\n`;
}

/** SECRET_VALUE or UNKNOWN_VALUE (audit.ts), as they come back from report.json too. */
const isMarker = (value: unknown, marker: "secret" | "unknown") =>
    value !== null && typeof value === "object" && (value as Record<string, unknown>)[marker] === true && Object.keys(value).length === 1;

/** A value as both text renderings show it. */
export function valueText(value: ShownValue): string {
    if (value === null || value === undefined) return "(not set)";
    if (isMarker(value, "secret")) return "[secret]";
    if (isMarker(value, "unknown")) return "[unknown]";
    // Inside a list or an object, a marker shows as the CLI shows it too.
    return JSON.stringify(value, (_key, v: unknown) => (isMarker(v, "secret") ? "[secret]" : isMarker(v, "unknown") ? "[unknown]" : v));
}

/** Where a warning came from, as both renderings show it. */
function warningSource(w: AuditWarning): string {
    const resource = w.urn ? `${w.urn.split("::")[2]?.split("$").pop()?.replace(/^pulumi-nodejs:dynamic\//, "").replace(/^vcrooms:index:/, "vcrooms:") ?? ""} "${w.urn.split("::")[3] ?? ""}"` : "";
    return w.source === "preview" ? `preview of ${w.stack ?? ""}${resource ? `, ${resource}` : ""}` : "the project's stacks";
}

function lastUpText(up: LastUp | null): string {
    if (!up) return "not known";
    const at = up.startTime.replace("T", " ").replace(/\.\d+/, "").replace(/Z$/, " UTC");
    // The file backend numbers no update (every version is 0): its time alone tells it.
    return up.version > 0 ? `update #${up.version}, ${at}` : `update of ${at}`;
}

/** What an up of the program would do to a resource the stack has not applied yet, as both renderings say it. */
export function unappliedText(op: string): string {
    return op === "delete" ? "removed from the program; the next up deletes it" : "added to the program; the next up creates it";
}

/** The verdict in one line, as both renderings open with it. */
export function verdict(report: AuditReport): string {
    const s = report.summary;
    // The program's own changes not applied yet are not drift: said, never counted as needing attention.
    const pending = s.unappliedResources > 0 ? `; ${s.unappliedResources} program change${s.unappliedResources === 1 ? "" : "s"} not applied yet` : "";
    const warnings = `${pending}${s.warnings > 0 ? `; ${s.warnings} warning${s.warnings === 1 ? "" : "s"} to read` : ""}`;
    if (s.clean) return `Clean: no drift, no unmanaged room, no policy violation across ${s.rooms} rooms${warnings}`;
    const parts = [
        s.driftResources > 0 ? `${s.driftResources} drifted resource${s.driftResources === 1 ? "" : "s"} (${s.driftSettings} setting${s.driftSettings === 1 ? "" : "s"})` : "",
        s.unmanagedRooms > 0 ? `${s.unmanagedRooms} unmanaged room${s.unmanagedRooms === 1 ? "" : "s"}` : "",
        s.violations > 0 ? `${s.violations} policy violation${s.violations === 1 ? "" : "s"} (${s.mandatoryViolations} mandatory)` : "",
    ].filter(Boolean);
    return `Needs attention: ${parts.join(", ")}${warnings}`;
}

/** The counts of the summary, in order: what the cards and the chart show. */
export function summaryCounts(report: AuditReport): Array<{ key: string; label: string; count: number }> {
    const s = report.summary;
    return [
        { key: "drift", label: "Drifted resources", count: s.driftResources },
        { key: "unmanaged", label: "Unmanaged rooms", count: s.unmanagedRooms },
        { key: "violations", label: "Policy violations", count: s.violations },
    ];
}

// ---- Markdown ------------------------------------------------------------------------------------------------

/** One line of a table: pipes escaped (a table splits on them even inside code). */
function oneLine(text: string): string {
    return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

/**
 * A table cell of text: one line, and every character Markdown would read as markup escaped (a resource name or a
 * message is the user's text: `<b>` or a backtick in it must show as written, and a PR comment must fetch nothing).
 */
function cell(text: string): string {
    return oneLine(text.replace(/[\\`*_[\]<>&]/g, (c) => `\\${c}`));
}

/** A code span: shown as written (Markdown reads nothing inside it but the table's pipes). */
function code(text: string): string {
    const ticks = text.includes("`") ? "``" : "`";
    return `${ticks}${ticks === "``" ? " " : ""}${oneLine(text)}${ticks === "``" ? " " : ""}${ticks}`;
}

export function renderMarkdown(report: AuditReport): string {
    const s = report.summary;
    const out: string[] = [];
    out.push(`# Rooms audit`, "");
    out.push(`API ${code(report.apiUrl)}; stacks ${report.stacks.map(code).join(", ")}; generated ${report.generatedAt}.`, "");
    out.push(`**${verdict(report)}**`, "");
    out.push("| Section | Count |", "|---|---|");
    out.push(`| Drift | ${s.driftResources} resources, ${s.driftSettings} settings |`);
    out.push(`| Not applied yet | ${s.unappliedResources} resources |`);
    out.push(`| Unmanaged rooms | ${s.unmanagedRooms} of ${s.rooms} rooms |`);
    out.push(`| Policy violations | ${s.violations} (${s.mandatoryViolations} mandatory, ${s.advisoryViolations} advisory) |`, "");

    if (report.warnings.length > 0) {
        out.push(`## Warnings`, "");
        out.push("What the previews printed as warnings, and what the audit found across the project's stacks.", "");
        out.push("| Where | Warning |", "|---|---|");
        for (const w of report.warnings) out.push(`| ${cell(warningSource(w))} | ${cell(w.message)} |`);
        out.push("");
    }

    out.push(`## Drift`, "");
    out.push("What differs from what the stacks declare, as `pulumi preview --refresh` plans it: declared is the program's value, live the API's.", "");
    for (const stack of report.drift) {
        out.push(`### Stack ${code(stack.stack)}`, "");
        if (stack.resources.length === 0) {
            out.push("No drift.", "");
            continue;
        }
        out.push("| Resource | Step | Setting | Declared | Live | Last up |", "|---|---|---|---|---|---|");
        for (const r of stack.resources) {
            const rows = r.settings.length > 0 ? r.settings : [undefined];
            for (const setting of rows) {
                out.push(
                    `| ${cell(resourceLabel(r))} | ${r.op} | ${setting ? code(setting.path) : "(whole resource)"} | ${setting ? code(valueText(setting.declared)) : ""} | ${setting ? code(valueText(setting.live)) : ""} | ${cell(lastUpText(r.lastUp))} |`,
                );
            }
        }
        out.push("");
    }

    if (s.unappliedResources > 0) {
        out.push(`## Not applied yet`, "");
        out.push(`${UNAPPLIED_NOTE}`, "");
        out.push("| Stack | Resource | Step | What |", "|---|---|---|---|");
        for (const stack of report.drift) for (const r of stack.unapplied) out.push(`| ${code(stack.stack)} | ${cell(resourceLabel(r))} | ${r.op} | ${cell(unappliedText(r.op))} |`);
        out.push("");
    }

    out.push(`## Unmanaged rooms`, "");
    if (report.unmanaged.length === 0) out.push("Every room of the team is declared by a stack of the project.", "");
    else {
        out.push("Rooms of the team no stack of the project declares, with the command that takes each under management.", "");
        out.push("| Friendly URL | Room id | Resource name | Adopt |", "|---|---|---|---|");
        for (const u of report.unmanaged) out.push(`| ${code(u.friendlyUrl)} | ${code(u.id)} | ${code(u.resourceName)} | ${code(u.adoptCommand)} |`);
        out.push("");
    }
    if (report.unlistedStackRooms.length > 0) {
        out.push(`### Rooms of stacks not audited`, "");
        out.push(`Declared by stacks of the project this audit does not list (${report.unlistedStacks.map(code).join(", ")}): theirs, not to adopt.`, "");
        out.push("| Friendly URL | Room id | Resource name | Stack |", "|---|---|---|---|");
        for (const r of report.unlistedStackRooms) out.push(`| ${code(r.friendlyUrl)} | ${code(r.id)} | ${code(r.resourceName)} | ${r.stacks.map(code).join(", ")} |`);
        out.push("");
    }

    out.push(`## Governance`, "");
    out.push(`Every room of the team (${report.governance.roomsJudged}) and its defaults, judged by the policy pack: ${report.governance.policies.map((p) => `${code(p.name)} (${p.level})`).join(", ")}.`, "");
    if (report.governance.violations.length === 0) out.push("No violation.", "");
    else {
        out.push("| Policy | Level | Subject | Managed by | Message |", "|---|---|---|---|---|");
        for (const v of report.governance.violations) {
            out.push(`| ${code(v.policy)} | ${v.level} | ${v.kind} ${code(v.subject)} | ${v.managedBy.length ? v.managedBy.map(code).join(", ") : "none"} | ${cell(v.message)} |`);
        }
        out.push("");
    }
    return `${out.join("\n").trimEnd()}\n`;
}

/** What the "Not applied yet" part lists, as both renderings introduce it. */
const UNAPPLIED_NOTE = "The program's changes the stacks have not applied yet (a resource added to or removed from the program since the last up), not drift: none of these is counted above.";

function resourceLabel(r: DriftResource): string {
    const type = r.type.replace(/^pulumi-nodejs:dynamic\//, "").replace(/^vcrooms:index:/, "vcrooms:");
    return `${type} "${r.name}"`;
}

// ---- HTML ----------------------------------------------------------------------------------------------------

function esc(text: string): string {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** No network at all: no script, no connection, no font or image but inline ones; only the inline style applies. */
export const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const STYLE = `
:root { --ink: #1d2330; --muted: #5b6475; --line: #d9dee7; --bg: #f5f7fa; --ok: #1f7a3a; --bad: #b3261e; --warn: #a35c00; --drift: #b3261e; --unmanaged: #a35c00; --violations: #6a3fb5; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 36px 0 8px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 16px; margin: 20px 0 8px; }
.meta, .note { color: var(--muted); margin: 4px 0 12px; }
.meta code { overflow-wrap: anywhere; }
.verdict { font-size: 18px; font-weight: 600; padding: 12px 16px; border-radius: 8px; margin: 16px 0; border-left: 6px solid; }
.verdict.clean { background: #e8f5ec; border-color: var(--ok); color: var(--ok); }
.verdict.dirty { background: #fdecea; border-color: var(--bad); color: var(--bad); }
.summary { display: flex; flex-wrap: wrap; gap: 16px; align-items: stretch; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; flex: 1 1 420px; }
.card { flex: 1 1 120px; border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; background: var(--bg); border-top: 4px solid var(--c); }
.card .n { display: block; font-size: 32px; font-weight: 700; line-height: 1.1; color: var(--c); }
.card .n.zero { color: var(--ok); }
.card .l { font-weight: 600; }
.card .d { color: var(--muted); font-size: 13px; }
.chart { flex: 0 1 380px; margin: 0; border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; }
.chart svg { width: 100%; height: auto; display: block; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { background: var(--bg); font-weight: 600; }
td code.name { white-space: nowrap; }
td code, .cmd { font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
.cmd { display: block; background: var(--bg); padding: 4px 6px; border-radius: 4px; }
.tag { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 12px; font-weight: 600; color: #fff; background: var(--muted); }
.tag.mandatory, .tag.replace, .tag.delete, .tag.create { background: var(--bad); }
.tag.advisory, .tag.update { background: var(--warn); }
.empty { color: var(--ok); font-weight: 600; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
@media (max-width: 640px) {
  main { padding: 16px 14px 32px; }
  h1 { font-size: 22px; }
  .chart { flex: 1 1 100%; }
  table, thead, tbody, tr, th, td { display: block; width: 100%; }
  thead { position: absolute; left: -9999px; }
  tr { border: 1px solid var(--line); border-radius: 8px; margin-bottom: 10px; padding: 4px 0; }
  td { border: 0; padding: 3px 10px; }
  td::before { content: attr(data-label); display: block; font-size: 12px; font-weight: 600; color: var(--muted); text-transform: uppercase; letter-spacing: .03em; }
}
@media print {
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  .verdict, .card, .tag, th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  h2 { break-after: avoid; }
  tr, .card, .chart { break-inside: avoid; }
}
`;

/** The summary's chart: one bar per section, its length the count, in the section's colour. */
function chart(report: AuditReport): string {
    const counts = summaryCounts(report);
    const max = Math.max(1, ...counts.map((c) => c.count));
    const rowH = 34;
    const labelW = 130;
    const barW = 170;
    const h = counts.length * rowH + 28;
    const rows = counts
        .map((c, i) => {
            const y = 8 + i * rowH;
            const w = c.count === 0 ? 2 : Math.max(4, Math.round((c.count / max) * barW));
            return (
                `<text x="0" y="${y + 17}" font-size="13" fill="#1d2330">${esc(c.label)}</text>` +
                `<rect x="${labelW}" y="${y + 4}" width="${w}" height="18" rx="3" style="fill: var(--${c.key})"/>` +
                `<text x="${labelW + w + 6}" y="${y + 18}" font-size="13" font-weight="700" fill="#1d2330">${c.count}</text>`
            );
        })
        .join("");
    const s = report.summary;
    const managedW = s.rooms === 0 ? 0 : Math.round((s.managedRooms / s.rooms) * (labelW + barW));
    const y = counts.length * rowH + 8;
    const rooms =
        `<rect x="0" y="${y}" width="${labelW + barW}" height="8" rx="2" style="fill: var(--unmanaged)"/>` +
        `<rect x="0" y="${y}" width="${managedW}" height="8" rx="2" style="fill: var(--ok)"/>` +
        `<text x="${labelW + barW + 6}" y="${y + 8}" font-size="11" fill="#5b6475">${s.managedRooms}/${s.rooms} managed</text>`;
    return `<svg role="img" aria-label="${esc(counts.map((c) => `${c.label}: ${c.count}`).join(", "))}; ${s.managedRooms} of ${s.rooms} rooms managed" viewBox="0 0 ${labelW + barW + 100} ${h}">${rows}${rooms}</svg>`;
}

function td(label: string, html: string): string {
    return `<td data-label="${esc(label)}">${html}</td>`;
}

function table(headers: string[], rows: string[][]): string {
    return `<table><thead><tr>${headers.map((h) => `<th scope="col">${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows
        .map((r) => `<tr>${r.map((c, i) => td(headers[i]!, c)).join("")}</tr>`)
        .join("")}</tbody></table>`;
}

const codeHtml = (text: string) => `<code>${esc(text)}</code>`;

export function renderHtml(report: AuditReport): string {
    const s = report.summary;
    const details: Record<string, string> = {
        drift: `${s.driftSettings} setting${s.driftSettings === 1 ? "" : "s"} in ${report.stacks.length} stack${report.stacks.length === 1 ? "" : "s"}`,
        unmanaged: `of ${s.rooms} rooms in the team`,
        violations: `${s.mandatoryViolations} mandatory, ${s.advisoryViolations} advisory`,
    };
    const cards = summaryCounts(report)
        .map(
            (c) =>
                `<div class="card" style="--c: var(--${c.key})"><span class="n${c.count === 0 ? " zero" : ""}" id="count-${c.key}">${c.count}</span><span class="l">${esc(c.label)}</span><br><span class="d">${esc(details[c.key]!)}</span></div>`,
        )
        .join("");

    const drift = report.drift
        .map((stack) => {
            const head = `<h3>Stack ${codeHtml(stack.stack)}</h3>`;
            if (stack.resources.length === 0) return `${head}<p class="empty">No drift.</p>`;
            const rows: string[][] = [];
            for (const r of stack.resources) {
                for (const setting of r.settings.length > 0 ? r.settings : [undefined]) {
                    rows.push([
                        esc(resourceLabel(r)),
                        `<span class="tag ${esc(r.op)}">${esc(r.op)}</span>`,
                        setting ? codeHtml(setting.path) : "(whole resource)",
                        setting ? codeHtml(valueText(setting.declared)) : "",
                        setting ? codeHtml(valueText(setting.live)) : "",
                        esc(lastUpText(r.lastUp)),
                    ]);
                }
            }
            return head + table(["Resource", "Step", "Setting", "Declared", "Live", "Last up"], rows);
        })
        .join("");

    const unappliedRows = report.drift.flatMap((stack) =>
        stack.unapplied.map((r) => [codeHtml(stack.stack), esc(resourceLabel(r)), `<span class="tag pending">${esc(r.op)}</span>`, esc(unappliedText(r.op))]),
    );
    const unapplied =
        unappliedRows.length === 0
            ? ""
            : `<section id="unapplied">
<h2>Not applied yet</h2>
<p class="note">${esc(UNAPPLIED_NOTE)}</p>
${table(["Stack", "Resource", "Step", "What"], unappliedRows)}
</section>
`;

    const unlistedRooms =
        report.unlistedStackRooms.length === 0
            ? ""
            : `<h3>Rooms of stacks not audited</h3><p class="note">Declared by stacks of the project this audit does not list (${report.unlistedStacks.map(codeHtml).join(", ")}): theirs, not to adopt.</p>` +
              table(
                  ["Friendly URL", "Room id", "Resource name", "Stack"],
                  report.unlistedStackRooms.map((r) => [codeHtml(r.friendlyUrl), codeHtml(r.id), codeHtml(r.resourceName), r.stacks.map(codeHtml).join(", ")]),
              );
    const unmanaged =
        report.unmanaged.length === 0
            ? `<p class="empty">Every room of the team is declared by a stack of the project.</p>`
            : `<p class="note">Rooms of the team no stack of the project declares, with the commands that take each under management (<code>pulumi-vcrooms adopt-team</code>, then <code>pulumi import</code>).</p>` +
              table(
                  ["Friendly URL", "Room id", "Resource name", "Adopt"],
                  report.unmanaged.map((u) => [codeHtml(u.friendlyUrl), codeHtml(u.id), codeHtml(u.resourceName), `<span class="cmd">${esc(u.adoptCommand)}</span>`]),
              );

    const governance =
        `<p class="note">Every room of the team (${report.governance.roomsJudged}) and its defaults, judged by the policy pack's rules: ${report.governance.policies
            .map((p) => `${codeHtml(p.name)} (${esc(p.level)})`)
            .join(", ")}.</p>` +
        (report.governance.violations.length === 0
            ? `<p class="empty">No violation.</p>`
            : table(
                  ["Policy", "Level", "Subject", "Managed by", "Message"],
                  report.governance.violations.map((v) => [
                      `<code class="name">${esc(v.policy)}</code>`,
                      `<span class="tag ${v.level}">${v.level}</span>`,
                      `${esc(v.kind)} ${codeHtml(v.subject)}`,
                      v.managedBy.length ? v.managedBy.map(codeHtml).join(", ") : "none",
                      esc(v.message),
                  ]),
              ));

    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Rooms audit: ${esc(s.clean ? "clean" : "needs attention")} (${esc(report.stacks.join(", "))})</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<h1>Rooms audit</h1>
<p class="meta">API ${codeHtml(report.apiUrl)} · stacks ${report.stacks.map(codeHtml).join(", ")} · generated ${esc(report.generatedAt)}</p>
</header>
<section id="summary" aria-label="Summary">
<p class="verdict ${s.clean ? "clean" : "dirty"}" id="verdict">${esc(verdict(report))}</p>
<div class="summary"><div class="cards">${cards}</div><figure class="chart">${chart(report)}</figure></div>
</section>
${
    report.warnings.length === 0
        ? ""
        : `<section id="warnings">
<h2>Warnings</h2>
<p class="note">What the previews printed as warnings, and what the audit found across the project's stacks.</p>
${table(
    ["Where", "Warning"],
    report.warnings.map((w) => [esc(warningSource(w)), esc(w.message)]),
)}
</section>
`
}<section id="drift">
<h2>Drift</h2>
<p class="note">What differs from what the stacks declare, as <code>pulumi preview --refresh</code> plans it: <b>declared</b> is the program's value, <b>live</b> the API's, <b>last up</b> the update that last changed the resource.</p>
${drift}
</section>
${unapplied}<section id="unmanaged">
<h2>Unmanaged rooms</h2>
${unmanaged}${unlistedRooms}
</section>
<section id="governance">
<h2>Governance</h2>
${governance}
</section>
<footer>pulumi-vcrooms audit · report schema ${esc(report.schema)} · the same content is in report.md and report.json beside this page. Secret values are never shown, only that they differ.</footer>
</main>
</body>
</html>
`;
}
