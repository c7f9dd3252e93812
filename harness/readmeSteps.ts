/**
 * An example's README as a user runs it: the fenced blocks it marks as the user's steps, run as written by bash from
 * an empty folder. A block fenced ```` ```sh steps ```` is run in every way the README offers; ```` ```sh
 * steps=executable ```` (or any other `steps={way}`) only in that way. A plain ```` ```sh ```` block is shown, not
 * run (the emulator started in another terminal: the runner brings its own). Used by
 * test/examples/readmeCommands.test.ts (the READMEs do not drift) and bench/firstRoom.ts (how long a user waits).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The address and key the READMEs' steps configure: the emulator a user starts as the README says. */
export const README_API_URL = "http://127.0.0.1:8080/api/v1";
export const README_DEVELOPER_KEY = "dev-key-0123456789abcdef";

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

/** The marker line bash prints (`set -x`) once the steps' first `pulumi up` has returned: the first room exists. */
const FIRST_ROOM = ": first-room";

export interface StepsRun {
    code: number | null;
    /** What the steps printed, bash's trace (`+ command`) between. */
    output: string;
    /** Milliseconds from the first step until the first `pulumi up` returned, if one did. */
    firstRoomMs?: number;
    totalMs: number;
}

export interface StepsOptions {
    /** The way's script (readmeSteps). */
    script: string;
    /** The empty folder the user starts in. */
    folder: string;
    /** `VCROOMS`: the clone (or what stands for it) the README's steps copy and install from. */
    clone: string;
    /** The emulator the steps talk to, put for README_API_URL. */
    apiUrl: string;
    /** The folder with `pulumi` (and its language hosts). */
    cliDir: string;
    timeoutMs?: number;
}

/**
 * A user's shell: PATH with the Pulumi CLI's folder first, a home of its own with its ~/.pulumi (plugins installed
 * there) and the state backend the user logged in to (PULUMI_BACKEND_URL: `pulumi login --local` would write into
 * the account's real home, which the CLI reads from the password database, not HOME), so runs do not meet; the
 * machine's caches (npm's, Go's, pip's) kept; nothing of ours or Pulumi's configuration from the caller's
 * environment. Nothing downloads a plugin (nothing is published).
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
        ...(process.env.PYENV_ROOT || fs.existsSync(path.join(own, ".pyenv")) ? { PYENV_ROOT: process.env.PYENV_ROOT ?? path.join(own, ".pyenv") } : {}),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        NO_COLOR: "1",
    };
}

/** Runs a way's script with bash (`set -ex`: the first failing step stops it) from `folder`, as a user types it. */
export function runSteps(options: StepsOptions): Promise<StepsRun> {
    const lines = options.script.replaceAll(README_API_URL, options.apiUrl).split("\n");
    const up = lines.findIndex((l) => /^pulumi up\b/.test(l.trim()));
    if (up >= 0) lines.splice(up + 1, 0, FIRST_ROOM);
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-user-home-"));
    fs.mkdirSync(path.join(home, "state"));
    const started = performance.now();
    let firstRoomMs: number | undefined;
    return new Promise((resolve, reject) => {
        const child = spawn("bash", ["-c", ["set -ex", ...lines].join("\n")], { cwd: options.folder, env: userEnvironment(home, options.clone, options.cliDir), stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        const take = (chunk: Buffer) => {
            output += chunk.toString();
            if (firstRoomMs === undefined && output.includes(`+ ${FIRST_ROOM}`)) firstRoomMs = performance.now() - started;
        };
        child.stdout.on("data", take);
        child.stderr.on("data", take);
        const limit = options.timeoutMs ?? 600_000;
        const timer = setTimeout(() => {
            output += `\n(the steps were stopped after ${limit / 1000} s)\n`;
            child.kill("SIGTERM");
        }, limit);
        child.once("error", reject);
        child.once("close", (code) => {
            clearTimeout(timer);
            fs.rmSync(home, { recursive: true, force: true });
            resolve({ code, output, firstRoomMs, totalMs: performance.now() - started });
        });
    });
}
