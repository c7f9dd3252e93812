#!/usr/bin/env node
/**
 * The package's command, `pulumi-vcrooms`. Subcommands:
 *
 *   adopt-team [--out FILE] [--filter GLOB]... [--skip-stack EXPORT.json]
 *       Reads the team configured by the environment (VCROOMS_API_URL, VCROOMS_DEVELOPER_KEY, VCROOMS_TEAM_ID,
 *       VCROOMS_AUTH, as the getX functions in a plain script) and writes a `pulumi import --file` document.
 */
import * as fs from "node:fs";
import { parseArgs } from "node:util";
import { ConfigurationError, resolveClientConfig, RoomsClient } from "../provider/api";
import { describeFailure } from "../provider/api/messages";
import { adoptTeam, managedRoomIds } from "./adoptTeam";

const USAGE = `Usage: pulumi-vcrooms adopt-team [--out FILE] [--filter GLOB]... [--skip-stack EXPORT.json]

Writes a \`pulumi import --file\` document for the team's rooms (read through the API configured by
VCROOMS_API_URL, VCROOMS_DEVELOPER_KEY and, for basic auth, VCROOMS_TEAM_ID and VCROOMS_AUTH):

  --out FILE            write the document here (standard output without it)
  --filter GLOB         only rooms whose friendly URL matches (* and ?); repeatable
  --skip-stack FILE     leave out rooms a stack already manages (the output of \`pulumi stack export\`)

Then: pulumi import --file FILE --out index.ts, in a program whose Pulumi.yaml names the vcrooms plugin
(packages: or pulumi package add). The generated program declares, per room, the friendly URL, the
settings that differ from the team's defaults and the room-only settings that are on; never a secret.`;

async function adoptTeamCommand(argv: string[]): Promise<number> {
    const { values } = parseArgs({
        args: argv,
        options: {
            out: { type: "string" },
            filter: { type: "string", multiple: true },
            "skip-stack": { type: "string" },
            help: { type: "boolean", short: "h" },
        },
        strict: true,
    });
    if (values.help) {
        console.log(USAGE);
        return 0;
    }
    const skipIds = values["skip-stack"] ? managedRoomIds(JSON.parse(fs.readFileSync(values["skip-stack"], "utf8"))) : undefined;
    const client = new RoomsClient(resolveClientConfig({}));
    const started = Date.now();
    const { document, counts } = await adoptTeam(client, { filters: values.filter, skipIds });
    const text = `${JSON.stringify(document, null, 2)}\n`;
    if (values.out) fs.writeFileSync(values.out, text);
    else process.stdout.write(text);
    const left = [counts.filtered ? `${counts.filtered} not matching --filter` : "", counts.skipped ? `${counts.skipped} already in the stack` : ""].filter(Boolean).join(", ");
    console.error(
        `adopt-team: ${document.resources.length} of the team's ${counts.team} rooms${left ? ` (left out: ${left})` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
            `${values.out ? ` -> ${values.out}` : ""}. TeamDefaults is not imported (the plugin manages only the settings a program declares): declare it by hand.`,
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
        // One line, no stack trace: the failure named with the API's words (never the key), or the argument at fault.
        const message = error instanceof ConfigurationError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") ? (error as Error).message : describeFailure("read", "the team", error).message;
        console.error(`pulumi-vcrooms: ${message}`);
        process.exit(1);
    },
);
