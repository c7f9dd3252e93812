/**
 * What the CHANGELOG declares a later release changes, on purpose, in a stack recorded with an earlier one: the
 * lines `- change: <program> <resource> <what>: <why>` of the "### Upgrading" sections of every version above the
 * recorded one ("Unreleased" included). <program> is a recorded program's folder (test/upgrade/<version>/<program>)
 * or `*` for all; <what> is a property (`maxParticipants`) or, for a resource created or deleted, `create` or
 * `delete`. A change of how an output is kept in state that no preview shows (an output made secret) is a line
 * `- stored: <program> <resource> <property>: <why>`. <resource> and <what> may each be a comma-separated list (no
 * spaces), for every pair of them. The upgrade test compares what it sees with these lines, so
 * nothing changes silently.
 */
import * as fs from "node:fs";

/** The Upgrading sections' lines of one kind per version heading, newest first, for the versions above `since`. */
export function upgradingLines(changelog: string, since: string, kind: "change" | "stored" = "change"): string[] {
    const lines: string[] = [];
    let inSection = false;
    let inUpgrading = false;
    for (const line of changelog.split("\n")) {
        const version = /^## (\S+)/.exec(line);
        if (version) {
            if (version[1] === since) break;
            inSection = true;
            inUpgrading = false;
            continue;
        }
        if (/^### /.test(line)) {
            inUpgrading = inSection && line.trim() === "### Upgrading";
            continue;
        }
        if (inUpgrading && line.startsWith(`- ${kind}: `)) lines.push(line);
    }
    return lines;
}

/** The changes (or `stored` changes) declared for one recorded program, as `<resource> <what>`, sorted. */
export function declaredChanges(changelogFile: string, since: string, program: string, kind: "change" | "stored" = "change"): string[] {
    const changes = new Set<string>();
    for (const line of upgradingLines(fs.readFileSync(changelogFile, "utf8"), since, kind)) {
        const m = new RegExp(`^- ${kind}: (\\S+) (\\S+) (\\S+?):? `).exec(`${line} `);
        if (!m) throw new Error(`CHANGELOG.md: an Upgrading line reads "- ${kind}: <program> <resource> <what>: <why>", not: ${line}`);
        if (m[1] === "*" || m[1] === program) for (const resource of m[2]!.split(",")) for (const what of m[3]!.split(",")) changes.add(`${resource} ${what}`);
    }
    return [...changes].sort();
}
