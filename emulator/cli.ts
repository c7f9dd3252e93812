#!/usr/bin/env node
/**
 * `pulumi-vcrooms-emulator`: the emulator in the foreground.
 * Flags: --host (127.0.0.1), --port (0 picks one), --team-id, --developer-key, --domain,
 * --rate-limit (requests per minute, default 1000; 0 unlimited), --rate-limit-model (window or
 * bucket), --latency-ms (added to every /api/v1 request), --profile (contract or documented: the answers' shape,
 * as the contract or as the vendor's published document shows them), --state FILE (keep the team in FILE across
 * restarts: read at start when it exists, written after every change and at exit), --log.
 */
import { isSea } from "node:sea";
import { parseArgs } from "node:util";
import { checkIdentity } from "./identity";
import { startEmulator } from "./index";

/** The name the user ran: the release's executable, or the npm package's bin. */
const PROGRAM = isSea() ? "vcrooms-emulator" : "pulumi-vcrooms-emulator";

async function main(): Promise<void> {
    const { values } = parseArgs({
        options: {
            host: { type: "string", default: "127.0.0.1" },
            port: { type: "string", default: "0" },
            "team-id": { type: "string" },
            "developer-key": { type: "string" },
            domain: { type: "string", default: "acme" },
            "rate-limit": { type: "string", default: "1000" },
            "rate-limit-model": { type: "string", default: "window" },
            "latency-ms": { type: "string", default: "0" },
            profile: { type: "string", default: "contract" },
            state: { type: "string" },
            log: { type: "boolean", default: false },
            help: { type: "boolean", default: false },
        },
    });
    if (values.help) {
        console.log(`Usage: ${PROGRAM} [--host 127.0.0.1] [--port 0] [--team-id UUID] [--developer-key KEY] [--domain acme] [--rate-limit 1000] [--rate-limit-model window|bucket] [--latency-ms 0] [--profile contract|documented] [--state FILE] [--log]`);
        return;
    }
    const port = Number(values.port);
    const rateLimit = Number(values["rate-limit"]);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0 to 65535; got ${values.port}`);
    if (!Number.isFinite(rateLimit) || rateLimit < 0) throw new Error(`--rate-limit must be 0 or more; got ${values["rate-limit"]}`);
    const model = values["rate-limit-model"];
    if (model !== "window" && model !== "bucket") throw new Error(`--rate-limit-model must be window or bucket; got ${model}`);
    const profile = values.profile;
    if (profile !== "contract" && profile !== "documented") throw new Error(`--profile must be contract or documented; got ${profile}`);
    const latencyMs = Number(values["latency-ms"]);
    if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new Error(`--latency-ms must be 0 or more; got ${values["latency-ms"]}`);
    checkIdentity({ teamId: values["team-id"], developerKey: values["developer-key"], domain: values.domain }, { teamId: "--team-id", developerKey: "--developer-key", domain: "--domain" });
    const emulator = await startEmulator({
        host: values.host,
        port,
        teamId: values["team-id"],
        developerKey: values["developer-key"],
        domain: values.domain,
        rateLimit,
        rateLimitModel: model,
        latencyMs,
        profile,
        state: values.state,
        logger: values.log,
    });
    console.log(`Rooms API emulator listening on ${emulator.baseUrl}`);
    console.log(`Team id: ${emulator.teamId}`);
    if (values.state) console.log(`State file: ${values.state}`);
    // A key the user passed is theirs and never echoed; a generated one must be shown once to be usable.
    console.log(values["developer-key"] ? "Developer key: the one given with --developer-key" : `Developer key (generated): ${emulator.developerKey}`);
    // A second signal while closing must not close twice; it exits at once instead.
    let stopping = false;
    const stop = () => {
        if (stopping) process.exit(0);
        stopping = true;
        emulator.close().then(
            () => process.exit(0),
            () => process.exit(1),
        );
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
    console.error(`${PROGRAM}: ${(error as Error).message}`);
    process.exit(1);
});
