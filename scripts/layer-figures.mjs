#!/usr/bin/env node
// Figures on how the provider is layered (plain Node, no dependencies; run after `npm run build`):
//   node scripts/layer-figures.mjs
// - lines of .ts in provider/ and sdk/;
// - import cycles among our .ts files (strongly connected components of the import graph, built by
//   reading import/export/require specifiers), counted with and without `import type` edges;
// - imports that break the layer table of docs/architecture.md (read from the table itself: a row's
//   first column names its folders, its last column the folders it may import; "below" lets it import
//   every row above it in the table, which is ordered lowest first);
// - the modules `require("pulumi-vcrooms")` loads from dist (require.cache, ours and node_modules'),
//   and whether undici, zod, jose, the HTTP client or resource code are among them;
// - the settings table's field names (API snake_case and input camelCase) written in code outside the table in
//   provider/ and sdk/ (comments left out; string literals, property accesses and object keys), with the count of
//   the word `description` apart: it is a setting's name and also a property of every schema type and result entry.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SKIP = new Set(["node_modules", "dist", "test", ".git", "examples", "templates", "tools"]);

function tsFiles(dir) {
    const out = [];
    for (const name of readdirSync(dir)) {
        if (SKIP.has(name)) continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) out.push(...tsFiles(path));
        else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
    }
    return out;
}

const files = tsFiles(root).map((f) => relative(root, f));
const lines = (prefix) => files.filter((f) => f.startsWith(prefix)).reduce((n, f) => n + readFileSync(join(root, f), "utf8").split("\n").length - 1, 0);

/** Our modules a file imports: [{to, typeOnly}], relative specifiers resolved to .ts files. */
function importsOf(file) {
    const text = readFileSync(join(root, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const found = [];
    const statement = /^\s*(import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
    for (const m of text.matchAll(statement)) found.push({ spec: m[3] ?? m[4], typeOnly: Boolean(m[2]) });
    for (const m of text.matchAll(/(?<![.\w])require\(\s*["']([^"']+)["']\s*\)/g)) found.push({ spec: m[1], typeOnly: false });
    for (const m of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) found.push({ spec: m[1], typeOnly: true });
    const out = [];
    for (const { spec, typeOnly } of found) {
        if (!spec.startsWith(".")) continue;
        const base = join(dirname(file), spec);
        const to = [`${base}.ts`, join(base, "index.ts")].find((c) => existsSync(join(root, c)));
        if (to) out.push({ to, typeOnly });
    }
    return out;
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** Tarjan's strongly connected components; a component of more than one file is a cycle. */
function cycles(runtimeOnly) {
    let index = 0;
    const idx = new Map(), low = new Map(), stack = [], on = new Set(), out = [];
    const edges = (f) => (graph.get(f) ?? []).filter((e) => !runtimeOnly || !e.typeOnly).map((e) => e.to);
    function visit(v) {
        idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
        for (const w of edges(v)) {
            if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
            else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
        }
        if (low.get(v) === idx.get(v)) {
            const scc = [];
            let w;
            do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
            if (scc.length > 1 || edges(v).includes(v)) out.push(scc.sort());
        }
    }
    for (const f of files) if (!idx.has(f)) visit(f);
    return out;
}

/** The layer table of docs/architecture.md: rows in order, each with its folders and what it may import. */
function layerTable() {
    const doc = readFileSync(join(root, "docs/architecture.md"), "utf8");
    const section = doc.split(/^## /m).find((s) => s.startsWith("Layers"));
    if (!section) return [];
    const rows = [];
    for (const line of section.split("\n")) {
        const cells = line.split("|").slice(1, -1).map((c) => c.trim());
        if (cells.length < 3 || /^-+$/.test(cells[0]) || cells[0] === "folder") continue;
        const folders = [...cells[0].matchAll(/`([^`]+\/)`/g)].map((m) => m[1]);
        const mayText = cells[cells.length - 1];
        rows.push({ folders, may: [...mayText.matchAll(/`([^`]+)`/g)].map((m) => m[1]), below: /below|above/.test(mayText) });
    }
    return rows;
}

function layerBreaks() {
    const rows = layerTable();
    const all = rows.flatMap((r) => r.folders);
    const rowOf = (file) => {
        let best, bestLen = -1;
        rows.forEach((r, i) => r.folders.forEach((f) => { if (file.startsWith(f) && f.length > bestLen) { best = i; bestLen = f.length; } }));
        return best;
    };
    const folderOf = (file) => all.filter((f) => file.startsWith(f)).sort((a, b) => b.length - a.length)[0];
    const breaks = [];
    for (const [file, edges] of graph) {
        const r = rowOf(file);
        if (r === undefined) continue;
        const row = rows[r];
        const allowed = new Set(row.folders);
        for (const m of row.may) for (const f of all) if (f === m || f.replace(/\/$/, "").endsWith(`/${m.replace(/\/$/, "")}`) || f === `${m}/`) allowed.add(f);
        if (row.below) rows.slice(0, r).forEach((x) => x.folders.forEach((f) => allowed.add(f)));
        for (const e of edges) {
            const target = folderOf(e.to);
            if (!target || allowed.has(target) || target === folderOf(file)) continue;
            breaks.push(`${file} -> ${e.to}${e.typeOnly ? " (type only)" : ""}`);
        }
    }
    return breaks;
}

function loaded() {
    const entry = join(root, "dist/sdk/index.js");
    if (!existsSync(entry)) return { error: "dist/sdk/index.js is missing: run `npm run build` first" };
    const script = `const before=new Set(Object.keys(require.cache));require(${JSON.stringify(entry)});` +
        `process.stdout.write(JSON.stringify(Object.keys(require.cache).filter(k=>!before.has(k))))`;
    const keys = JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" }));
    const nm = keys.filter((k) => k.includes("/node_modules/"));
    const ours = keys.filter((k) => !k.includes("/node_modules/")).map((k) => relative(root, k));
    const pkg = (name) => nm.filter((k) => k.includes(`/node_modules/${name}/`)).length;
    return {
        total: keys.length,
        ours: ours.length,
        nodeModules: nm.length,
        undici: pkg("undici"),
        zod: pkg("zod"),
        zodLocales: nm.filter((k) => /\/node_modules\/zod\/.*\/locales\//.test(k)).length,
        jose: pkg("jose"),
        client: ours.includes("dist/provider/api/client.js"),
        resourceCode: ours.filter((k) => k.startsWith("dist/provider/resources/")),
        oursList: ours.sort(),
    };
}

/** Field names of the settings table written in code outside it: [total, of them `description`, per file, per name]. */
function handWrittenFieldNames() {
    const table = "provider/model/settings.ts";
    const compiled = join(root, "dist", table.replace(/\.ts$/, ".js"));
    if (!existsSync(compiled)) return { error: `${compiled} is missing: run \`npm run build\` first` };
    const script = `process.stdout.write(JSON.stringify(require(${JSON.stringify(compiled)}).SETTINGS.map((s) => s.name)))`;
    const apiNames = JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" }));
    const names = new Set(apiNames.flatMap((n) => [n, n.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase())]));
    const perFile = [];
    const perName = new Map();
    for (const file of files.filter((f) => (f.startsWith("provider/") || f.startsWith("sdk/")) && f !== table && !f.endsWith("/generated.ts"))) {
        const code = readFileSync(join(root, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
        let count = 0;
        for (const m of code.matchAll(/["'`]([a-z][a-zA-Z0-9_]*)["'`]|\.([a-z][a-zA-Z0-9_]*)\b|\b([a-z][a-zA-Z0-9_]*)\??:/g)) {
            const word = m[1] ?? m[2] ?? m[3];
            if (!names.has(word)) continue;
            count += 1;
            perName.set(word, (perName.get(word) ?? 0) + 1);
        }
        if (count > 0) perFile.push([file, count]);
    }
    const total = perFile.reduce((n, [, c]) => n + c, 0);
    return { settings: apiNames.length, total, description: perName.get("description") ?? 0, perFile: perFile.sort((a, b) => b[1] - a[1]), perName: [...perName].sort((a, b) => b[1] - a[1]) };
}

const all = cycles(false), runtime = cycles(true), breaks = layerBreaks(), load = loaded(), fieldNames = handWrittenFieldNames();
console.log(`lines: provider/ ${lines("provider/")}, sdk/ ${lines("sdk/")}`);
console.log(`import cycles (all imports): ${all.length}`);
for (const c of all) console.log(`  ${c.join(" <-> ")}`);
console.log(`import cycles (run-time imports only): ${runtime.length}`);
for (const c of runtime) console.log(`  ${c.join(" <-> ")}`);
console.log(`imports breaking the layer table: ${breaks.length}`);
for (const b of breaks) console.log(`  ${b}`);
if (load.error) console.log(`require("pulumi-vcrooms"): ${load.error}`);
else {
    console.log(`require("pulumi-vcrooms") loads ${load.total} modules: ours ${load.ours}, node_modules ${load.nodeModules}`);
    console.log(`  undici ${load.undici}, zod ${load.zod} (locales ${load.zodLocales}), jose ${load.jose}, client ${load.client ? "yes" : "no"}, resource code ${load.resourceCode.length ? load.resourceCode.join(", ") : "none"}`);
    console.log(`  ours: ${load.oursList.join(", ")}`);
}
if (fieldNames.error) console.log(`field names outside the settings table: ${fieldNames.error}`);
else {
    console.log(`field names of the settings table (${fieldNames.settings} settings) written in code outside it: ${fieldNames.total} in ${fieldNames.perFile.length} files; without the word "description": ${fieldNames.total - fieldNames.description}`);
    console.log(`  by file: ${fieldNames.perFile.slice(0, 8).map(([f, c]) => `${f} ${c}`).join(", ")}`);
    console.log(`  by name: ${fieldNames.perName.slice(0, 12).map(([n, c]) => `${n} ${c}`).join(", ")}`);
}
