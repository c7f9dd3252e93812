#!/usr/bin/env node
/**
 * The package's command, `pulumi-vcrooms`. Subcommands:
 *
 *   adopt-team [--out FILE|-] [--filter GLOB]... [--skip-stack EXPORT.json] [--stack NAME]
 *       Reads the team configured as the provider is (the current stack's `vcrooms:*` config when the folder holds a
 *       Pulumi project, then VCROOMS_API_URL, VCROOMS_DEVELOPER_KEY, VCROOMS_TEAM_ID, VCROOMS_AUTH) and writes a
 *       `pulumi import --file` document.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { ConfigurationError, optionsFromStack, resolveClientConfig, RoomsClient, unknownStackKeys, type ClientOptions } from "../provider/api";
import { describeFailure } from "../provider/api/messages";
import { adoptTeam, CommandError, managedByStack, type StackHoldings } from "./adoptTeam";

const USAGE = `Usage: pulumi-vcrooms adopt-team [--out FILE] [--filter GLOB]... [--skip-stack EXPORT.json] [--stack NAME]

Writes a \`pulumi import --file\` document for the team's rooms, read through the API configured as the
provider is: the current stack's vcrooms:* config (vcrooms:apiUrl, vcrooms:developerKey, ...) when run in
a Pulumi project's folder, read with \`pulumi config --json --show-secrets\`; then VCROOMS_API_URL,
VCROOMS_DEVELOPER_KEY and, for basic auth, VCROOMS_TEAM_ID and VCROOMS_AUTH.

  --out FILE            write the document here (standard output without it, or with -)
  --filter GLOB         only rooms whose friendly URL matches (* and ?); repeatable
  --skip-stack FILE     leave out rooms a stack already manages, and give no room a name it uses (the output of \`pulumi stack export\`)
  --stack NAME          read this stack's config instead of the current one's

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
    const project = ["Pulumi.yaml", "Pulumi.yml"].some((f) => fs.existsSync(path.join(process.cwd(), f)));
    if (!project && stack === undefined) return {};
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
        return {};
    }
    let entries: Record<string, { value?: unknown }>;
    try {
        entries = JSON.parse(text) as Record<string, { value?: unknown }>;
    } catch {
        throw new CommandError("`pulumi config --json` answered something that is not JSON");
    }
    const unknown = unknownStackKeys(Object.keys(entries ?? {}));
    if (unknown.length > 0) throw new ConfigurationError(`the stack's config: ${unknown.join("; ")}`);
    return optionsFromStack({
        get: (key) => {
            const value = entries?.[key]?.value;
            return value === undefined || value === null ? undefined : String(value);
        },
    });
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

async function adoptTeamCommand(argv: string[]): Promise<number> {
    const { values } = parseArgs({
        args: argv,
        options: {
            out: { type: "string" },
            filter: { type: "string", multiple: true },
            "skip-stack": { type: "string" },
            stack: { type: "string" },
            help: { type: "boolean", short: "h" },
        },
        strict: true,
    });
    if (values.help) {
        console.log(USAGE);
        return 0;
    }
    // The arguments and files first: a mistake there is said before the API is asked anything.
    const stack = values["skip-stack"] !== undefined ? stackHoldings(values["skip-stack"]) : undefined;
    const client = new RoomsClient(resolveClientConfig(stackOptions(values.stack)));
    const started = Date.now();
    const { document, counts, readings } = await adoptTeam(client, { filters: values.filter, skipIds: stack?.ids, takenNames: stack?.names });
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
    const left = [counts.filtered ? `${counts.filtered} not matching --filter` : "", counts.skipped ? `${counts.skipped} already in the stack` : ""].filter(Boolean).join(", ");
    // More than two readings: rooms were created or deleted meanwhile, and the document holds the team as it settled.
    if (readings > 2) console.error(`adopt-team: the team's rooms changed while they were read; ${readings} readings, the last two agreeing`);
    console.error(
        `adopt-team: ${document.resources.length} of the team's ${counts.team} rooms${left ? ` (left out: ${left})` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
            `${toFile ? ` -> ${values.out}` : ""}. TeamDefaults is not imported (the plugin manages only the settings a program declares): declare it by hand.`,
    );
    return 0;
}

async function main(argv: string[]): Promise<number> {
    const [command, ...rest] = argv;
    if (command === "adopt-team") return adoptTeamCommand(rest);
    console.error(command === undefined || command === "--help" || command === "-h" ? USAGE : `pulumi-vcrooms: unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
    return command === undefined || command === "--help" || command === "-h" ? 0 : 2;
}

main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
        // One line, no stack trace: the failure named with the API's words (never the key), or the argument or file at fault.
        const own = error instanceof ConfigurationError || error instanceof CommandError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
        const message = own ? (error as Error).message : describeFailure("read", "the team", error).message;
        console.error(`pulumi-vcrooms: ${message}`);
        process.exit(1);
    },
);
