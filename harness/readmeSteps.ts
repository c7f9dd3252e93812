/**
 * An example's README as a user runs it: the fenced blocks it marks as the user's steps, run as written by bash from
 * an empty folder. A block fenced ```` ```sh steps ```` is run in every way the README offers; ```` ```sh
 * steps=executable ```` (or any other `steps={way}`) only in that way. A plain ```` ```sh ```` block is shown, not
 * run. The emulators the steps start (in the background, `&`) listen on ports of the run's own, put for the
 * README's (`withPorts`). Used by
 * test/examples/readmeCommands.test.ts (the READMEs do not drift) and bench/firstRoom.ts (how long a user waits).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";

const FENCE = /^```(\S*)(.*)$/;

/**
 * The README's ways and, for each, its script: every `steps` block and that way's own, in the README's order. A
 * README that marks steps for no way in particular has one way, "steps".
 */
export function readmeSteps(markdown: string): Map<string, string> {
    const blocks: Array<{ way: string | undefined; text: string }> = [];
    let open: { marked: boolean; way: string | undefined; lines: string[] } | undefined;
    for (const line of markdown.split("\n")) {
        const fence = FENCE.exec(line);
        if (open) {
            if (fence && fence[1] === "" && fence[2]!.trim() === "") {
                if (open.marked) blocks.push({ way: open.way, text: open.lines.join("\n") });
                open = undefined;
            } else open.lines.push(line);
        } else if (fence) {
            const words = fence[2]!.trim().split(/\s+/);
            const steps = fence[1] === "sh" ? words.find((w) => w === "steps" || w.startsWith("steps=")) : undefined;
            open = { marked: steps !== undefined, way: steps?.startsWith("steps=") ? steps.slice("steps=".length) : undefined, lines: [] };
        }
    }
    if (open) throw new Error("a fenced block is never closed");
    const ways = [...new Set(blocks.flatMap((b) => (b.way ? [b.way] : [])))];
    const scripts = new Map<string, string>();
    for (const way of ways.length > 0 ? ways : blocks.length > 0 ? ["steps"] : []) {
        scripts.set(way, blocks.filter((b) => b.way === undefined || b.way === way).map((b) => b.text).join("\n"));
    }
    return scripts;
}

/**
 * The emulators a script starts (`... --port {port} --developer-key {key} ... &`, in the background as the READMEs
 * say): each one's port and key, in the script's order.
 */
export function readmeEmulators(script: string): Array<{ port: number; developerKey: string }> {
    return script
        .split("\n")
        .filter((line) => /(?:pulumi-vcrooms-emulator|vcrooms-emulator)\s.*--port\s+\d+/.test(line))
        .map((line) => ({ port: Number(/--port\s+(\d+)/.exec(line)![1]), developerKey: /--developer-key\s+(\S+)/.exec(line)?.[1] ?? "" }));
}

/**
 * Free ports on 127.0.0.1, one per README port: the READMEs' fixed ports (8080, 8081) would meet other runs'. Each
 * is below Linux's ephemeral range (32768 and up), so that no process binding port 0 (the engine's and the plugins'
 * gRPC servers) takes it between this check and the emulator's start.
 */
export async function freePorts(ports: number[]): Promise<Map<number, number>> {
    const free = (port: number) =>
        new Promise<boolean>((resolve) => {
            const server = net.createServer();
            server.once("error", () => resolve(false));
            server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
        });
    const chosen = new Map<number, number>();
    for (const port of ports) {
        for (;;) {
            const candidate = 20_000 + Math.floor(Math.random() * 12_000);
            if ([...chosen.values()].includes(candidate) || !(await free(candidate))) continue;
            chosen.set(port, candidate);
            break;
        }
    }
    return chosen;
}

/** `text` with each README port put for its run's own: in addresses (`127.0.0.1:8080`) and in `--port 8080`. */
export function withPorts(text: string, ports: Map<number, number>): string {
    return text.replace(/(127\.0\.0\.1:|--port\s+)(\d+)\b/g, (whole, before: string, port: string) => (ports.has(Number(port)) ? `${before}${ports.get(Number(port))}` : whole));
}

/**
 * The marker line bash prints (`set -x`) once the steps' first `pulumi up` has returned: the first room exists. It
 * carries the clock (milliseconds), as the output goes to a file and is read after the steps.
 */
const FIRST_ROOM = ': first-room "$(date +%s%3N)"';
const FIRST_ROOM_TRACE = /^\+ : first-room (\d+)$/m;

export interface StepsRun {
    code: number | null;
    /** What the steps printed, bash's trace (`+ command`) between. */
    output: string;
    /** Milliseconds from the first step until the first `pulumi up` returned, if one did. */
    firstRoomMs?: number;
    totalMs: number;
    /** Each README port and the port its emulator was started on in this run. */
    ports: Map<number, number>;
    /**
     * Ends what the steps left running (the emulators they started in the background: the caller looks at them
     * first) and removes the user's home. Called at the latest when the time given has run out.
     */
    stop(): void;
}

export interface StepsOptions {
    /** The way's script (readmeSteps). */
    script: string;
    /** The empty folder the user starts in. */
    folder: string;
    /** `VCROOMS`: the clone (or what stands for it) the README's steps copy and install from. */
    clone: string;
    /** The ports put for the README's (freePorts; `withPorts` puts them in the clone's files as well). */
    ports: Map<number, number>;
    /** The folder with `pulumi` (and its language hosts). */
    cliDir: string;
    /** How long the steps, and what they start in the background, may run. */
    timeoutMs?: number;
}

/**
 * A user's shell: PATH with the Pulumi CLI's folder first, a home of its own with its ~/.pulumi (plugins installed
 * there) and the state backend the user logged in to (PULUMI_BACKEND_URL: `pulumi login --local` would write into
 * the account's real home, which the CLI reads from the password database, not HOME), so runs do not meet; the
 * machine's caches (npm's, Go's, pip's) kept, and npm's settings of a user who has run it before; nothing of ours or
 * Pulumi's configuration from the caller's environment. Nothing downloads a plugin (nothing is published).
 */
export function userEnvironment(home: string, clone: string, cliDir: string): NodeJS.ProcessEnv {
    const own = os.homedir();
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VCROOMS") && !k.startsWith("PULUMI_") && !k.startsWith("npm_")));
    return {
        ...inherited,
        HOME: home,
        PULUMI_HOME: path.join(home, ".pulumi"),
        PULUMI_BACKEND_URL: `file://${path.join(home, "state")}`,
        PATH: [cliDir, path.dirname(process.execPath), process.env.PATH ?? ""].join(path.delimiter),
        VCROOMS: clone,
        // The caches a user's home holds, where they are (a new home would download everything again).
        XDG_CACHE_HOME: process.env.XDG_CACHE_HOME ?? path.join(own, ".cache"),
        GOPATH: process.env.GOPATH ?? path.join(own, "go"),
        npm_config_cache: process.env.npm_config_cache ?? path.join(own, ".npm"),
        // npm settings a user may well have in ~/.npmrc (this machine's account has the first three; the new home
        // has no .npmrc): no audit or funding report, no check for a newer npm, the cache before the registry. The
        // README's `npm install` runs as written; these took about 0.5 s of user CPU off each install of the tarball
        // (4.6 to 4.1 s, three runs each, docs/testing.md "Issue 42: userrun").
        npm_config_audit: "false",
        npm_config_fund: "false",
        npm_config_update_notifier: "false",
        npm_config_prefer_offline: "true",
        ...(process.env.PYENV_ROOT || fs.existsSync(path.join(own, ".pyenv")) ? { PYENV_ROOT: process.env.PYENV_ROOT ?? path.join(own, ".pyenv") } : {}),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        NO_COLOR: "1",
    };
}

/**
 * Runs a way's script with bash (`set -ex`: the first failing step stops it) from `folder`, as a user types it, the
 * README's ports put for the run's own. Bash leads a process group of its own, so what the steps start in the
 * background (`&`) is ended with it (`stop`), and its output goes to a file: a background emulator keeps a pipe
 * open long after the steps are done.
 */
export function runSteps(options: StepsOptions): Promise<StepsRun> {
    const lines = withPorts(options.script, options.ports).split("\n");
    const up = lines.findIndex((l) => /^pulumi up\b/.test(l.trim()));
    if (up >= 0) lines.splice(up + 1, 0, FIRST_ROOM);
    // The user's home, and beside it the file the steps print to (read once bash is done).
    const base = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-user-"));
    const home = path.join(base, "home");
    fs.mkdirSync(path.join(home, "state"), { recursive: true });
    const log = path.join(base, "steps.log");
    const out = fs.openSync(log, "w");
    const startedAt = Date.now();
    const started = performance.now();
    return new Promise((resolve, reject) => {
        const child = spawn("bash", ["-c", ["set -ex", ...lines].join("\n")], { cwd: options.folder, env: userEnvironment(home, options.clone, options.cliDir), stdio: ["ignore", out, out], detached: true });
        fs.closeSync(out);
        const end = () => {
            try {
                process.kill(-child.pid!, "SIGTERM");
            } catch {
                // Nothing left in the group.
            }
        };
        const limit = options.timeoutMs ?? 600_000;
        let late = false;
        const timer = setTimeout(() => {
            late = true;
            end();
        }, limit);
        const stop = () => {
            clearTimeout(timer);
            end();
            fs.rmSync(base, { recursive: true, force: true });
        };
        child.once("error", reject);
        child.once("exit", (code) => {
            const output = fs.readFileSync(log, "utf8") + (late ? `\n(the steps were stopped after ${limit / 1000} s)\n` : "");
            const first = FIRST_ROOM_TRACE.exec(output);
            resolve({ code, output, firstRoomMs: first ? Number(first[1]) - startedAt : undefined, totalMs: performance.now() - started, ports: options.ports, stop });
        });
    });
}
