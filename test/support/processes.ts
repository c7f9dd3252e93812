/**
 * Finding the processes a test started through the real CLI (the CLI itself, the language hosts and plugins the
 * engine starts under it), by parentage: Linux's /proc.
 */
import type { ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import type { RunningEmulator } from "../../emulator";
import type { CommandResult } from "../../harness/pulumiCli";
import { control } from "./http";

function read(pid: number, file: string): string | undefined {
    try {
        return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
    } catch {
        return undefined;
    }
}

/** A process's state letter and parent, from /proc/<pid>/stat (the name, in parentheses, may hold anything). */
function statOf(pid: number): { state: string; parent: number } | undefined {
    const stat = read(pid, "stat");
    if (!stat) return undefined;
    const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: state ?? "", parent: Number(parent) };
}

export interface ProcessInfo {
    pid: number;
    exe: string;
    args: string[];
}

function infoOf(pid: number): ProcessInfo | undefined {
    let exe = "";
    try {
        exe = fs.readlinkSync(`/proc/${pid}/exe`);
    } catch {
        return undefined;
    }
    return { pid, exe, args: (read(pid, "cmdline") ?? "").split("\0").filter((a) => a !== "") };
}

/** Every running (not zombie) process below `root`, children first. */
export function descendants(root: number): ProcessInfo[] {
    const children = new Map<number, number[]>();
    for (const name of fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
        const stat = statOf(Number(name));
        if (!stat || stat.state === "Z") continue;
        children.set(stat.parent, [...(children.get(stat.parent) ?? []), Number(name)]);
    }
    const found: ProcessInfo[] = [];
    const queue = [...(children.get(root) ?? [])];
    while (queue.length > 0) {
        const pid = queue.shift()!;
        const info = infoOf(pid);
        if (info) found.push(info);
        queue.push(...(children.get(pid) ?? []));
    }
    return found;
}

const alive = (pid: number) => {
    const stat = statOf(pid);
    return stat !== undefined && stat.state !== "Z";
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

/** A command started in a process group of its own (PulumiProject's `start`): its process, and its result once it ends. */
export interface StartedRun {
    child: ChildProcess;
    result: Promise<CommandResult>;
}

/**
 * The start of a crash: arms the emulator's crash point at its write `afterWrites` (that write acted on, its answer
 * and everything after it held: docs/emulator.md), starts `pulumi {command} --yes --skip-preview --non-interactive`
 * in a process group of its own, and waits until that write has reached the emulator or the command has ended.
 * Answers the run, whether the write was reached (not when the command ended first, making fewer writes), and the
 * processes under the CLI then (language host, program, plugins), found by parentage while each still runs under it,
 * for the test to kill or stop as its case says. The crash point stays armed: the test disarms it
 * (DELETE /_emulator/crash-point) when the API is to answer again.
 */
export async function untilCrashPoint(
    project: { start(args: string[]): StartedRun },
    emulator: RunningEmulator,
    afterWrites: number,
    command: "up" | "destroy" = "up",
): Promise<{ run: StartedRun; reached: boolean; below: ProcessInfo[] }> {
    await control(emulator, "POST", "/crash-point", { afterWrites });
    const run = project.start([command, "--yes", "--skip-preview", "--non-interactive"]);
    let ended = false;
    void run.result.then(() => (ended = true));
    while (!ended && !(await control(emulator, "GET", "/crash-point")).reached) await new Promise((resolve) => setTimeout(resolve, 50));
    return { run, reached: !ended, below: ended ? [] : descendants(run.child.pid!) };
}
