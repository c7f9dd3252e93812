/** Shared pieces of the bench: an emulator in a child process, and figures from samples. */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";

export interface ChildEmulator {
    baseUrl: string;
    controlUrl: string;
    developerKey: string;
    stop(): void;
}

/**
 * The emulator in its own process, so that the load generator does not share its event loop
 * (in one process the two would halve each other's figures).
 */
export function startChildEmulator(rateLimit: number, extraArgs: string[] = []): Promise<ChildEmulator> {
    const developerKey = `bench-${process.pid}-${Date.now()}-key-0123456789abcdef`;
    const cli = path.resolve(__dirname, "../emulator/cli.js");
    const child: ChildProcess = spawn(process.execPath, [cli, "--port", "0", "--rate-limit", String(rateLimit), "--developer-key", developerKey, ...extraArgs], { stdio: ["ignore", "pipe", "inherit"] });
    process.once("exit", () => child.kill());
    return new Promise((resolve, reject) => {
        const lines = readline.createInterface({ input: child.stdout! });
        lines.on("line", (line) => {
            const match = /listening on (\S+)/.exec(line);
            if (!match) return;
            const baseUrl = match[1]!;
            resolve({ baseUrl, controlUrl: baseUrl.replace(/\/api\/v1$/, "/_emulator"), developerKey, stop: () => child.kill() });
        });
        child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
    });
}

export function percentile(samples: number[], p: number): number {
    const sorted = [...samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

export async function control(controlUrl: string, method: string, p: string, body?: unknown): Promise<any> {
    const res = await fetch(`${controlUrl}${p}`, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
}

/** Runs `task` for each index with at most `concurrency` at once. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
    let next = 0;
    await Promise.all(
        [...Array(Math.min(concurrency, count))].map(async () => {
            while (next < count) await task(next++);
        }),
    );
}
