#!/usr/bin/env node
/**
 * The package's command, `pulumi-vcrooms`. Subcommands:
 *
 *   adopt-team [--out FILE|-] [--filter GLOB]... [--skip-stack EXPORT.json] [--stack NAME]
 *       Reads the team configured as the provider is (the current stack's `vcrooms:*` config when the folder holds a
 *       Pulumi project, then VCROOMS_API_URL, VCROOMS_DEVELOPER_KEY, VCROOMS_TEAM_ID, VCROOMS_AUTH) and writes a
 *       `pulumi import --file` document.
 *
 *   audit --stack NAME [--stack NAME]... [--out DIR] [--cwd DIR] [--policy-pack-config FILE] [--fail-on LIST]
 *       Writes report.html, report.md and report.json: drift per stack (the engine's `pulumi preview --refresh`),
 *       the team's rooms no stack of the project declares, and every room judged by the policy pack (cli/audit.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { ConfigurationError, optionsFromStack, resolveClientConfig, RoomsClient, unknownStackKeys, type ClientOptions } from "../provider/api";
import { describeFailure } from "../provider/api/messages";
import { adoptTeam, CommandError, managedByStack, type StackHoldings } from "./adoptTeam";
import { buildReport, checkOneTeam, exitCodeOf, reportedApiUrl, parseFailOn, readTeam, shellQuote, type StackReading, type UnlistedStackReading } from "./audit";
import { renderHtml, renderJson, renderMarkdown, verdict } from "./auditRender";
import { PackConfigError } from "../policy/pack";

const USAGE = `Usage: pulumi-vcrooms adopt-team [--out FILE] [--filter GLOB]... [--skip-stack EXPORT.json] [--stack NAME] [--include-managed]

Writes a \`pulumi import --file\` document for the team's rooms, read through the API configured as the
provider is: the current stack's vcrooms:* config (vcrooms:apiUrl, vcrooms:developerKey, ...) when run in
a Pulumi project's folder, read with \`pulumi config --json --show-secrets\`; then VCROOMS_API_URL,
VCROOMS_DEVELOPER_KEY and, for basic auth, VCROOMS_TEAM_ID and VCROOMS_AUTH.

  --out FILE            write the document here (standard output without it, or with -)
  --filter GLOB         only rooms whose friendly URL matches (* and ?); repeatable
  --skip-stack FILE     leave out rooms a stack already manages, and give no room a name it uses (the output of \`pulumi stack export\`)
  --stack NAME          read this stack's config instead of the current one's
  --include-managed     in a project's folder, keep the rooms the stack already manages (left out by default)

In a project's folder the stack's own state is read too (\`pulumi stack export\`): the rooms it manages are left out and
no room gets a name it uses, as with --skip-stack, since importing a managed room again would give it a second resource.
A room whose creation mark (its externalId) names another stack is left out and listed with that stack: that stack may
manage it, and \`pulumi import\` refuses it.

Then: pulumi import --file FILE --out index.ts, in a program whose Pulumi.yaml names the vcrooms plugin
(packages: or pulumi package add). The generated program declares, per room, the friendly URL, the
settings that differ from the team's defaults and the room-only settings that are on; never a secret.`;

/** The first line of a child's error output, bounded: enough to say why, never a page of it. */
function firstLine(text: string): string {
    const line = text.split("\n").find((l) => l.trim() !== "")?.trim() ?? "no output";
    return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/**
 * The stack's `vcrooms:*` config, as the provider reads it (optionsFromStack), when the folder holds a Pulumi project
 * or a stack is named: `pulumi config --json --show-secrets` prints `{"vcrooms:apiUrl": {"value": ..., "secret": ...}}`.
 * Without a project, nothing. When the CLI cannot tell it (no stack selected, no CLI), a note says so and the
 * environment alone serves; for a stack named on the command line, that is an error. The values are never printed.
 */
function stackOptions(stack: string | undefined): Partial<ClientOptions> {
    return stackConfig(stack).options;
}

/** stackOptions, and the `vcrooms:*` keys the stack keeps as secrets (a secret API URL is never written out). */
function stackConfig(stack: string | undefined): { options: Partial<ClientOptions>; secretKeys: ReadonlySet<string> } {
    const project = ["Pulumi.yaml", "Pulumi.yml"].some((f) => fs.existsSync(path.join(process.cwd(), f)));
    if (!project && stack === undefined) return { options: {}, secretKeys: new Set() };
    let text: string;
    try {
        text = execFileSync("pulumi", ["config", "--json", "--show-secrets", ...(stack === undefined ? [] : ["--stack", stack])], {
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
            timeout: 120_000,
            maxBuffer: 16 * 1024 * 1024,
        });
    } catch (error) {
        const e = error as { code?: string; stderr?: string; message?: string };
        const why = e.code === "ENOENT" ? "the pulumi command was not found" : firstLine(e.stderr || e.message || "");
        if (stack !== undefined) throw new CommandError(`cannot read the config of stack ${JSON.stringify(stack)} (pulumi config: ${why})`);
        console.error(`adopt-team: the current stack's vcrooms:* config was not read (pulumi config: ${why}); using VCROOMS_* only`);
        return { options: {}, secretKeys: new Set() };
    }
    let entries: Record<string, { value?: unknown; secret?: unknown }>;
    try {
        entries = JSON.parse(text) as Record<string, { value?: unknown; secret?: unknown }>;
    } catch {
        throw new CommandError("`pulumi config --json` answered something that is not JSON");
    }
    const unknown = unknownStackKeys(Object.keys(entries ?? {}));
    if (unknown.length > 0) throw new ConfigurationError(`the stack's config: ${unknown.join("; ")}`);
    const options = optionsFromStack({
        get: (key) => {
            const value = entries?.[key]?.value;
            return value === undefined || value === null ? undefined : String(value);
        },
    });
    return { options, secretKeys: new Set(Object.entries(entries ?? {}).filter(([, entry]) => entry?.secret === true).map(([key]) => key)) };
}

/** The `--skip-stack` file's managed room ids and resource names; the file named with what is wrong with it. */
function stackHoldings(file: string): StackHoldings {
    let text: string;
    try {
        text = fs.readFileSync(file, "utf8");
    } catch (error) {
        const code = (error as { code?: string }).code;
        throw new CommandError(`--skip-stack ${JSON.stringify(file)} cannot be read: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : (code ?? (error as Error).message)}`);
    }
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch {
        // Not the parser's message: it quotes the file's text.
        throw new CommandError(`--skip-stack ${JSON.stringify(file)} is not valid JSON (${text.trim() === "" ? "it is empty" : `${Buffer.byteLength(text)} bytes, cut short or not JSON`}); give the output of \`pulumi stack export\``);
    }
    return managedByStack(parsed, file);
}

/**
 * The rooms and names of the stack whose config adopt-team reads (in a project's folder, or a stack named): what
 * `pulumi stack export` holds. Importing a room the stack already manages would give that room a second resource of
 * the stack, so they are left out unless --include-managed. When the current stack cannot be exported (none selected
 * yet, a new project), a note says so and nothing is left out; for a stack named on the command line, that is an error.
 */
function ownStackHoldings(stack: string | undefined): StackHoldings | undefined {
    const project = ["Pulumi.yaml", "Pulumi.yml"].some((f) => fs.existsSync(path.join(process.cwd(), f)));
    if (!project && stack === undefined) return undefined;
    let text: string;
    try {
        text = execFileSync("pulumi", ["stack", "export", ...(stack === undefined ? [] : ["--stack", stack])], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000, maxBuffer: 256 * 1024 * 1024 });
    } catch (error) {
        const e = error as { code?: string; stderr?: string; message?: string };
        const why = e.code === "ENOENT" ? "the pulumi command was not found" : firstLine(e.stderr || e.message || "");
        if (stack !== undefined) throw new CommandError(`cannot read the state of stack ${JSON.stringify(stack)} (pulumi stack export: ${why})`);
        console.error(`adopt-team: the current stack's state was not read (pulumi stack export: ${why}); no room it manages is left out`);
        return undefined;
    }
    try {
        return managedByStack(JSON.parse(text) as unknown, "the stack's state");
    } catch {
        throw new CommandError("`pulumi stack export` answered something that is not a stack's state");
    }
}

/** Both stacks' holdings as one: a room either manages is left out, a name either uses is not given. */
function unionHoldings(a: StackHoldings | undefined, b: StackHoldings | undefined): StackHoldings | undefined {
    if (a === undefined || b === undefined) return a ?? b;
    return { ids: new Set([...a.ids, ...b.ids]), names: new Set([...a.names, ...b.names]), secretUrlIds: new Set([...a.secretUrlIds, ...b.secretUrlIds]) };
}

async function adoptTeamCommand(argv: string[]): Promise<number> {
    const { values } = parseArgs({
        args: argv,
        options: {
            out: { type: "string" },
            filter: { type: "string", multiple: true },
            "skip-stack": { type: "string" },
            stack: { type: "string" },
            "include-managed": { type: "boolean" },
            help: { type: "boolean", short: "h" },
        },
        strict: true,
    });
    if (values.help) {
        console.log(USAGE);
        return 0;
    }
    // The arguments and files first: a mistake there is said before the API is asked anything.
    const skipped = values["skip-stack"] !== undefined ? stackHoldings(values["skip-stack"]) : undefined;
    const client = new RoomsClient(resolveClientConfig(stackOptions(values.stack)));
    // Read with --include-managed too: the rooms it keeps may hold their friendly URL as a secret there.
    const own = ownStackHoldings(values.stack);
    const stack = unionHoldings(skipped, values["include-managed"] ? undefined : own);
    const secretUrlIds = unionHoldings(stack, own)?.secretUrlIds;
    const started = Date.now();
    const { document, counts, otherStacks, readings } = await adoptTeam(client, { filters: values.filter, skipIds: stack?.ids, takenNames: stack?.names, secretUrlIds, ownStack: own?.stack });
    const text = `${JSON.stringify(document, null, 2)}\n`;
    const toFile = values.out !== undefined && values.out !== "-";
    if (toFile) {
        try {
            fs.writeFileSync(values.out!, text);
        } catch (error) {
            const code = (error as { code?: string }).code;
            throw new CommandError(`--out ${JSON.stringify(values.out)} cannot be written: ${code === "ENOENT" ? "no such folder" : code === "EISDIR" ? "it is a folder" : (code ?? (error as Error).message)}`);
        }
    } else process.stdout.write(text);
    const left = [
        counts.filtered ? `${counts.filtered} not matching --filter` : "",
        counts.skipped ? `${counts.skipped} already in the stack` : "",
        otherStacks.length ? `${otherStacks.length} of other stacks, below` : "",
    ]
        .filter(Boolean)
        .join(", ");
    // More than two readings: rooms were created or deleted meanwhile, and the document holds the team as it settled.
    if (readings > 2) console.error(`adopt-team: the team's rooms changed while they were read; ${readings} readings, the last two agreeing`);
    console.error(
        `adopt-team: ${document.resources.length} of the team's ${counts.team} rooms${left ? ` (left out: ${left})` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
            `${toFile ? ` -> ${values.out}` : ""}. TeamDefaults is not imported (the plugin manages only the settings a program declares): declare it by hand.`,
    );
    // Whose each is, and the one way in: `pulumi import` refuses a room another stack's mark is on (provider/resources/room.ts).
    for (const other of otherStacks) {
        console.error(
            `adopt-team: left out ${JSON.stringify(other.room)} (${other.id}): its externalId ${JSON.stringify(other.externalId)} is the mark of stack ${other.stack}, which manages it unless it dropped it; ` +
                `to hand it over with its content, run \`pulumi state delete\` with its Room's URN in that stack, then declare it here with externalId ${JSON.stringify(other.externalId)} and adoptExisting: true`,
        );
    }
    return 0;
}

const AUDIT_USAGE = `Usage: pulumi-vcrooms audit --stack NAME [--stack NAME]... [--out DIR] [--cwd DIR]
                            [--policy-pack-config FILE] [--fail-on drift,unmanaged,violations]

Writes DIR/report.html, DIR/report.md and DIR/report.json (DIR: report by default) for the team the stacks manage:
  drift        per stack, resource and setting: declared, live and the last up that changed it, from
               \`pulumi preview --refresh --json\` (run with the pulumi on PATH, in the project folder)
  unmanaged    the team's rooms no stack of the project declares, each with the adopt-team command that imports
               it (every stack is read: a room of a stack not listed is named as that stack's)
  governance   every room of the team and its defaults, judged by the vcrooms-governance pack's rules
No file holds a secret value, only that a secret differs. docs/audit.md documents report.json.

  --stack NAME               a stack of the project to audit; repeatable (all must manage the same team)
  --out DIR                  where the three files go (created when missing)
  --cwd DIR                  the Pulumi project's folder (the current one without it)
  --policy-pack-config FILE  the pack's configuration, as for \`pulumi preview --policy-pack-config\`
  --fail-on LIST             what makes the exit code 1 (default drift,violations; violations: mandatory ones)

Exit codes: 0 clean, 1 what --fail-on names was found, 2 the audit could not run.`;

/** A pulumi command in the project folder, its output collected (a preview of thousands of resources is large). */
function pulumi(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
        const child = spawn("pulumi", args, { stdio: ["ignore", "pipe", "pipe"] });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on("data", (b: Buffer) => out.push(b));
        child.stderr.on("data", (b: Buffer) => err.push(b));
        child.once("error", (e: NodeJS.ErrnoException) => reject(new CommandError(e.code === "ENOENT" ? "the pulumi command was not found on the PATH" : `pulumi ${args[0]}: ${e.message}`)));
        child.once("close", (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
    });
}

/** Why a `--json` pulumi command failed: its error diagnostics (the engine prints them in the JSON), else stderr. */
function pulumiFailure(result: { stdout: string; stderr: string }): string {
    try {
        const diagnostics = (JSON.parse(result.stdout) as { diagnostics?: Array<{ severity?: string; message?: string }> }).diagnostics ?? [];
        const errors = diagnostics.filter((d) => d.severity === "error" && d.message).map((d) => firstLine(d.message!));
        if (errors.length > 0) return errors.join("; ");
    } catch {
        // Not JSON: the CLI failed before the engine ran.
    }
    return firstLine(result.stderr || result.stdout);
}

async function readStack(stack: string): Promise<StackReading> {
    // With its secrets: without them every secret is "[secret]" on both sides and its change cannot be seen. The text
    // stays in this process; the report shows only that a secret differs (audit.ts, secretPathsOf).
    const preview = await pulumi(["preview", "--refresh", "--json", "--show-secrets", "--non-interactive", "--stack", stack]);
    if (preview.code !== 0) throw new CommandError(`pulumi preview --refresh --stack ${stack} failed: ${pulumiFailure(preview)}`);
    const exported = await pulumi(["stack", "export", "--stack", stack]);
    if (exported.code !== 0) throw new CommandError(`pulumi stack export --stack ${stack} failed: ${firstLine(exported.stderr)}`);
    // The history only dates the last up of each resource: without it the report says "not known".
    const history = await pulumi(["stack", "history", "--json", "--stack", stack]);
    const parse = (what: string, text: string) => {
        try {
            return JSON.parse(text) as unknown;
        } catch {
            throw new CommandError(`${what} --stack ${stack} answered something that is not JSON`);
        }
    };
    return { stack, preview: parse("pulumi preview --json", preview.stdout), stackExport: parse("pulumi stack export", exported.stdout), history: history.code === 0 ? parse("pulumi stack history --json", history.stdout) : undefined };
}

/**
 * The project's stacks the audit was not asked about, each as its state (`pulumi stack export`: secrets stay encrypted,
 * and which values are secret shows without decrypting them). A per-stack pipeline lists one stack; the others' rooms
 * are theirs, and a friendly URL one of them holds as a secret must not reach the report, so every stack is read.
 */
async function readUnlistedStacks(listed: readonly string[]): Promise<UnlistedStackReading[]> {
    const ls = await pulumi(["stack", "ls", "--json"]);
    if (ls.code !== 0) throw new CommandError(`pulumi stack ls failed: ${firstLine(ls.stderr || ls.stdout)}`);
    let names: string[];
    try {
        names = (JSON.parse(ls.stdout) as Array<{ name?: unknown }>).map((s) => s.name).filter((n): n is string => typeof n === "string");
    } catch {
        throw new CommandError("pulumi stack ls --json answered something that is not JSON");
    }
    // A backend may print a stack qualified (organization/project/stack) that --stack names alone.
    const isListed = (name: string) => listed.some((l) => name === l || name.endsWith(`/${l}`) || l.endsWith(`/${name}`));
    const readings: UnlistedStackReading[] = [];
    for (const stack of names.filter((n) => !isListed(n))) {
        const exported = await pulumi(["stack", "export", "--stack", stack]);
        if (exported.code !== 0) throw new CommandError(`pulumi stack export --stack ${stack} failed (the audit reads every stack of the project for its secrets): ${firstLine(exported.stderr)}`);
        try {
            readings.push({ stack, stackExport: JSON.parse(exported.stdout) as unknown });
        } catch {
            throw new CommandError(`pulumi stack export --stack ${stack} answered something that is not JSON`);
        }
    }
    return readings;
}

function readPackConfig(file: string | undefined): Record<string, unknown> {
    if (file === undefined) return {};
    let text: string;
    try {
        text = fs.readFileSync(file, "utf8");
    } catch (error) {
        throw new CommandError(`--policy-pack-config ${JSON.stringify(file)} cannot be read: ${(error as { code?: string }).code ?? (error as Error).message}`);
    }
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch {
        throw new CommandError(`--policy-pack-config ${JSON.stringify(file)} is not valid JSON`);
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new CommandError(`--policy-pack-config ${JSON.stringify(file)} is not a JSON object of policy names`);
    return parsed as Record<string, unknown>;
}

async function auditCommand(argv: string[]): Promise<number> {
    const { values } = parseArgs({
        args: argv,
        options: {
            stack: { type: "string", multiple: true },
            out: { type: "string" },
            cwd: { type: "string" },
            "policy-pack-config": { type: "string" },
            "fail-on": { type: "string" },
            help: { type: "boolean", short: "h" },
        },
        strict: true,
    });
    if (values.help) {
        console.log(AUDIT_USAGE);
        return 0;
    }
    const stacks = values.stack ?? [];
    if (stacks.length === 0) throw new CommandError("name the stacks to audit: --stack NAME (repeatable)");
    const failOn = parseFailOn(values["fail-on"]);
    const outDir = path.resolve(values.out ?? "report");
    const packConfig = readPackConfig(values["policy-pack-config"]);
    if (values.cwd !== undefined) {
        try {
            process.chdir(values.cwd);
        } catch {
            throw new CommandError(`--cwd ${JSON.stringify(values.cwd)} is not a folder`);
        }
    }
    // One team: every stack's vcrooms:* config must name the same API (and team), which the rooms are read from.
    const configs = stacks.map((stack) => {
        const { options, secretKeys } = stackConfig(stack);
        return { stack, config: resolveClientConfig(options), apiUrlSecret: options.apiUrl !== undefined && secretKeys.has("vcrooms:apiUrl") };
    });
    checkOneTeam(configs);
    const started = Date.now();
    const readings: StackReading[] = [];
    // One stack after another, then the team: each reads the API, and together they would overrun its budget.
    for (const stack of stacks) readings.push(await readStack(stack));
    const unlisted = await readUnlistedStacks(stacks);
    const client = new RoomsClient(configs[0]!.config);
    const reading = await readTeam(client);
    const report = buildReport({ apiUrl: reportedApiUrl(configs), stacks: readings, unlisted, team: reading, packConfig, adoptStack: `--stack ${shellQuote(stacks[0]!)}` });
    try {
        fs.mkdirSync(outDir, { recursive: true });
        fs.writeFileSync(path.join(outDir, "report.json"), renderJson(report));
        fs.writeFileSync(path.join(outDir, "report.md"), renderMarkdown(report));
        fs.writeFileSync(path.join(outDir, "report.html"), renderHtml(report));
    } catch (error) {
        throw new CommandError(`--out ${JSON.stringify(values.out ?? "report")} cannot be written: ${(error as { code?: string }).code ?? (error as Error).message}`);
    }
    console.error(`audit: ${verdict(report)}. ${reading.rooms.length} rooms, ${stacks.length} stack${stacks.length === 1 ? "" : "s"} in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${outDir}/report.{html,md,json}`);
    return exitCodeOf(report, failOn);
}

/** One line, no stack trace: the failure named with the API's words (never the key), or the argument or file at fault. */
function failureMessage(error: unknown): string {
    const own = error instanceof ConfigurationError || error instanceof CommandError || error instanceof PackConfigError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    return own ? (error as Error).message : describeFailure("read", "the team", error).message;
}

async function main(argv: string[]): Promise<number> {
    const [command, ...rest] = argv;
    if (command === "adopt-team") return adoptTeamCommand(rest);
    if (command === "audit") {
        // Exit code 2 whatever stopped it: 1 means the audit ran and found something.
        return auditCommand(rest).catch((error: unknown) => {
            console.error(`pulumi-vcrooms audit: ${failureMessage(error)}`);
            return 2;
        });
    }
    const usage = `${USAGE}\n\n${AUDIT_USAGE}`;
    console.error(command === undefined || command === "--help" || command === "-h" ? usage : `pulumi-vcrooms: unknown command ${JSON.stringify(command)}\n\n${usage}`);
    return command === undefined || command === "--help" || command === "-h" ? 0 : 2;
}

main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
        console.error(`pulumi-vcrooms: ${failureMessage(error)}`);
        process.exit(1);
    },
);
