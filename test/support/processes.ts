/**
 * Finding the processes a test started through the real CLI (the CLI itself, the plugins the engine starts), by a
 * mark the test puts in their environment, which every child inherits: Linux's /proc, read for this user's
 * processes only.
 */
import * as fs from "node:fs";

function read(pid: string, file: string): string | undefined {
    try {
        return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
    } catch {
        return undefined;
    }
}

/** The live processes whose environment holds `mark` (`NAME=value`) and that `which` picks by executable and arguments. */
export function pidsWhere(mark: string, which: (exe: string, cmdline: string[]) => boolean): number[] {
    const found: number[] = [];
    for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
        const environ = read(pid, "environ");
        if (!environ?.split("\0").includes(mark)) continue;
        // A zombie (ended, not yet reaped) is not running.
        if (/^\d+ \(.*\) Z/.test(read(pid, "stat") ?? "")) continue;
        let exe = "";
        try {
            exe = fs.readlinkSync(`/proc/${pid}/exe`);
        } catch {
            continue;
        }
        if (which(exe, (read(pid, "cmdline") ?? "").split("\0").filter((a) => a !== ""))) found.push(Number(pid));
    }
    return found;
}

const alive = (pid: number) => {
    if (/^\d+ \(.*\) Z/.test(read(String(pid), "stat") ?? "")) return false;
    try {
        process.kill(pid, 0);
        return true;
    } catch {
        return false;
    }
};

/** Waits up to `ms` for the processes to end; answers those still running then. */
export async function untilGone(pids: number[], ms: number): Promise<number[]> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
        if (!pids.some(alive)) return [];
        await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return pids.filter(alive);
}

/** Polls `seen` until it answers true; fails if `running` (the command that should cause it) ends first. */
export async function untilRequest(seen: () => Promise<boolean>, running: Promise<{ code: number; stdout: string; stderr: string }>): Promise<void> {
    let ended: { code: number; stdout: string; stderr: string } | undefined;
    void running.then((r) => (ended = r));
    for (;;) {
        if (await seen()) return;
        if (ended) throw new Error(`the command ended (${ended.code}) before the request it should send:\n${ended.stdout}\n${ended.stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
    }
}

/** Ends the processes a test started (by id), those already gone skipped. */
export function killAll(pids: number[]): void {
    for (const pid of pids) {
        try {
            process.kill(pid, "SIGKILL");
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
        }
    }
}
