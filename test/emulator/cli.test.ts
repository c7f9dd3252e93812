/** The bin as a newcomer uses it: `pulumi-vcrooms-emulator --port 0` prints its URL and answers with the key only. */
import { spawn } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";
import { expect, it } from "vitest";

it("prints its URL once ready, answers with the key, refuses without it, never echoes a given key", async () => {
    const cli = path.resolve(__dirname, "../../dist/emulator/cli.js");
    const key = "cli-test-key-0123456789";
    const child = spawn(process.execPath, [cli, "--port", "0", "--developer-key", key, "--domain", "initech"], { stdio: ["ignore", "pipe", "pipe"] });
    const lines: string[] = [];
    try {
        const baseUrl = await new Promise<string>((resolve, reject) => {
            readline.createInterface({ input: child.stdout }).on("line", (line) => {
                lines.push(line);
                const m = /^Rooms API emulator listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)$/.exec(line);
                if (m) resolve(m[1]!);
            });
            child.once("exit", (code) => reject(new Error(`exited ${code}`)));
        });
        const withKey = await fetch(`${baseUrl}/`, { headers: { authorization: `Bearer ${key}` } });
        expect(withKey.status).toBe(200);
        expect(((await withKey.json()) as { domain: string }).domain).toBe("initech");
        expect((await fetch(`${baseUrl}/`)).status).toBe(401);
        await new Promise((r) => setTimeout(r, 100));
        expect(lines.join("\n")).not.toContain(key);
    } finally {
        child.kill("SIGTERM");
    }
});
