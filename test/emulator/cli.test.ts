/**
 * The bin as a newcomer uses it: `pulumi-vcrooms-emulator --port 0` prints its URL, answers with
 * the key only, never echoes a key it was given, and stops cleanly on SIGTERM and SIGINT.
 * Runs the built file (dist/emulator/cli.js): `npm test` builds first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";
import { describe, expect, it } from "vitest";
import { generateDeveloperKey, startEmulator } from "../../emulator";

const CLI = path.resolve(__dirname, "../../dist/emulator/cli.js");

interface Started {
    child: ChildProcess;
    baseUrl: string;
    lines: string[];
    exited: Promise<number | null>;
}

/** Spawns the bin and waits for its "listening" line; every stdout line is kept for inspection. */
function startCli(args: string[]): Promise<Started> {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    const lines: string[] = [];
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    return new Promise((resolve, reject) => {
        readline.createInterface({ input: child.stdout! }).on("line", (line) => {
            lines.push(line);
            const m = /^Rooms API emulator listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)$/.exec(line);
            if (m) resolve({ child, baseUrl: m[1]!, lines, exited });
        });
        void exited.then((code) => reject(new Error(`exited ${code} before listening; stdout: ${lines.join(" | ")}`)));
    });
}

describe("pulumi-vcrooms-emulator", () => {
    it("prints its URL once ready, answers with the key (Bearer or Basic), refuses without it, never echoes a given key", async () => {
        const key = "cli-test-key-0123456789";
        const teamId = "3e1d0c2b-4a59-4f68-8776-a5b4c3d2e1f0";
        const started = await startCli(["--port", "0", "--developer-key", key, "--team-id", teamId, "--domain", "initech", "--rate-limit", "0"]);
        try {
            const withKey = await fetch(`${started.baseUrl}/`, { headers: { authorization: `Bearer ${key}` } });
            expect(withKey.status).toBe(200);
            expect(((await withKey.json()) as { domain: string }).domain).toBe("initech");
            const basic = `Basic ${Buffer.from(`${teamId}:${key}`).toString("base64")}`;
            expect((await fetch(`${started.baseUrl}/rooms`, { headers: { authorization: basic } })).status).toBe(200);
            const without = await fetch(`${started.baseUrl}/`);
            expect(without.status).toBe(401);
            expect(await without.json()).toEqual({ message: "Unauthenticated.", error: "unauthenticated" });
            started.child.kill("SIGTERM");
            expect(await started.exited).toBe(0);
            const output = started.lines.join("\n");
            expect(output).toContain(teamId);
            expect(output).not.toContain(key);
            expect(started.lines.filter((l) => l.startsWith("Rooms API emulator listening on "))).toHaveLength(1);
        } finally {
            started.child.kill("SIGKILL");
        }
    });

    it("generates a key when none is given, prints it once so it can be used, and stops on SIGINT", async () => {
        const started = await startCli(["--port", "0"]);
        try {
            // The key line follows the listening line; wait for it (bounded) rather than for a fixed time.
            for (let i = 0; i < 100 && !started.lines.some((l) => /generated/i.test(l)); i++) await new Promise((r) => setTimeout(r, 20));
            const keyLine = started.lines.find((l) => /generated/i.test(l));
            const key = /:\s*(\S+)$/.exec(keyLine ?? "")?.[1];
            expect(key).toMatch(/^[A-Za-z0-9]{40}$/);
            expect((await fetch(`${started.baseUrl}/`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
            started.child.kill("SIGINT");
            expect(await started.exited).toBe(0);
            expect(started.lines.filter((l) => l.includes(key!))).toHaveLength(1);
        } finally {
            started.child.kill("SIGKILL");
        }
    });

    it("generates keys of letters and digits only, so `pulumi config set --secret vcrooms:developerKey <key>` never reads one as a flag", async () => {
        // base64url keys started with "-" one time in 64: 10,000 keys would show about 156 of them.
        const keys = Array.from({ length: 10_000 }, () => generateDeveloperKey());
        expect(keys.filter((k) => !/^[A-Za-z0-9]{40}$/.test(k))).toEqual([]);
        expect(new Set(keys).size).toBe(keys.length);
        // Every character of the alphabet turns up, first place included: the keys are not narrowed to a few.
        expect(new Set(keys.map((k) => k[0])).size).toBe(62);
        const emulator = await startEmulator({ rateLimit: 0 });
        try {
            expect(emulator.developerKey).toMatch(/^[A-Za-z0-9]{40}$/);
        } finally {
            await emulator.close();
        }
    });

    it("with --log, logs requests without the key, the Basic credentials or a join token", async () => {
        const key = "logged-cli-key-9876543210";
        const teamId = "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d";
        const started = await startCli(["--port", "0", "--developer-key", key, "--team-id", teamId, "--rate-limit", "0", "--log"]);
        try {
            const basic = Buffer.from(`${teamId}:${key}`).toString("base64");
            const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
            await (await fetch(`${started.baseUrl}/rooms`, { method: "POST", headers, body: JSON.stringify({ friendly_url: "logged", restream_key: "restream-secret" }) })).text();
            const token = ((await (await fetch(`${started.baseUrl}/rooms/logged/token`, { method: "POST", headers, body: "{}" })).json()) as { token: string }).token;
            await (await fetch(`${started.baseUrl}/rooms`, { headers: { authorization: `Basic ${basic}` } })).text();
            await (await fetch(`${started.baseUrl}/rooms`, { headers: { authorization: "Bearer wrong-key" } })).text();
            started.child.kill("SIGTERM");
            await started.exited;
            const output = started.lines.join("\n");
            expect(output).toMatch(/"statusCode":401/); // the log is really on
            for (const secret of [key, basic, token, "restream-secret", "wrong-key"]) expect(output).not.toContain(secret);
        } finally {
            started.child.kill("SIGKILL");
        }
    });

    it("refuses a bad flag value with a non-zero exit", async () => {
        await expect(startCli(["--port", "seventy"])).rejects.toThrow(/exited 1/);
        await expect(startCli(["--profile", "vendor"])).rejects.toThrow(/exited 1/);
    });

    it("refuses an identity its docs rule out, naming the flag, the rule and the value (never a key), before it listens", async () => {
        const refusals: Array<[string[], RegExp]> = [
            [["--developer-key", "short"], /--developer-key must be a string of at least 20 characters/],
            [["--developer-key", "twenty characters and spaces"], /--developer-key must be a string of at least 20 characters with no space/],
            [["--team-id", "notauuid"], /--team-id must be a UUID; got "notauuid"/],
            [["--domain", "bad domain/"], /--domain must be 3 to 32 letters, digits, dashes or underscores and not reserved; got "bad domain\/"/],
            [["--domain", "api"], /--domain .*got "api" \(The domain "api" is reserved\.\)/],
        ];
        for (const [args, message] of refusals) {
            const child = spawn(process.execPath, [CLI, "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
            let stdout = "";
            let stderr = "";
            child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk));
            child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
            const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
            expect(code, args.join(" ")).toBe(1);
            expect(stdout).not.toContain("listening");
            expect(stderr).toMatch(message);
            if (args[0] === "--developer-key") expect(stderr).not.toContain(args[1]);
        }
        // The programmatic options follow the same rules.
        await expect(startEmulator({ teamId: "notauuid" })).rejects.toThrow(/teamId must be a UUID/);
        await expect(startEmulator({ domain: "bad domain/" })).rejects.toThrow(/domain must be 3 to 32/);
        await expect(startEmulator({ developerKey: "short" })).rejects.toThrow(/developerKey must be a string of at least 20 characters/);
    });

    it("with --profile documented, answers in the shape of the vendor's document", async () => {
        const key = "profile-cli-key-0123456789";
        const started = await startCli(["--port", "0", "--developer-key", key, "--rate-limit", "0", "--profile", "documented"]);
        try {
            const list = (await (await fetch(`${started.baseUrl}/rooms`, { headers: { authorization: `Bearer ${key}` } })).json()) as { total_count: unknown };
            expect(list.total_count).toBe("0");
        } finally {
            started.child.kill("SIGKILL");
        }
    });
});
