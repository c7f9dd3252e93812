#!/usr/bin/env node
// The version checks of `npm run release`, before and after the build:
//   node scripts/release-version.mjs check [--root DIR]   refuses (exit 1) a package.json version without its dated
//                                                         CHANGELOG.md entry (`## <version> (YYYY-MM-DD)`), or
//                                                         with an entry above it that is not "Unreleased"
//   node scripts/release-version.mjs sums [--out DIR]     writes DIR/SHA256SUMS (default release/): one line
//                                                         `<sha256>  <file>` per plugin archive and SDK package
//                                                         there, as `sha256sum --check` reads it
// --root defaults to the repository; --out is taken from the folder the command was typed in.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const [command, ...args] = process.argv.slice(2);
const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[i + 1]) : fallback;
};
const fail = (message) => {
    process.stderr.write(`release: ${message}\n`);
    process.exit(1);
};

if (command === "check") {
    const dir = option("--root", root);
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    const headings = fs.readFileSync(path.join(dir, "CHANGELOG.md"), "utf8").split("\n").filter((l) => l.startsWith("## "));
    const entry = headings.findIndex((h) => h.startsWith(`## ${version} `) || h === `## ${version}`);
    if (entry < 0) fail(`CHANGELOG.md has no entry for ${version}: add "## ${version} (YYYY-MM-DD)" with its changes and its "### Upgrading" section (docs/release.md)`);
    if (!/^## \S+ \(\d{4}-\d{2}-\d{2}\)$/.test(headings[entry])) fail(`CHANGELOG.md's entry for ${version} is not dated: "${headings[entry]}" should read "## ${version} (YYYY-MM-DD)"`);
    const above = headings.slice(0, entry).filter((h) => h !== "## Unreleased");
    if (above.length > 0) fail(`CHANGELOG.md has ${above.map((h) => `"${h}"`).join(", ")} above ${version}'s entry: package.json's version is not the newest release`);
    process.stdout.write(`release: CHANGELOG.md has ${headings[entry].slice(3)}\n`);
} else if (command === "sums") {
    const out = option("--out", path.join(root, "release"));
    const released = fs
        .readdirSync(out, { withFileTypes: true })
        .filter((e) => e.isFile() && /\.(tar\.gz|tgz|whl)$/.test(e.name))
        .map((e) => e.name)
        .sort();
    if (released.length === 0) fail(`${out} holds no archive or package to sum`);
    const lines = released.map((name) => `${createHash("sha256").update(fs.readFileSync(path.join(out, name))).digest("hex")}  ${name}`);
    fs.writeFileSync(path.join(out, "SHA256SUMS"), lines.join("\n") + "\n");
    process.stdout.write(`release: ${path.join(out, "SHA256SUMS")} (${released.length} files)\n`);
} else {
    fail("usage: release-version.mjs check [--root DIR] | sums [--out DIR]");
}
