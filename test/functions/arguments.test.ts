/**
 * The data functions outside Pulumi: bad arguments to every function fail before any request (the
 * emulator's request log shows none) with a message naming argument, rule and value; and a plain Node
 * script configured only by VCROOMS_* environment variables reads the API.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";
import { ROOT, sdk } from "../support/pulumi";

let emulator: RunningEmulator;

useEmulator({ rateLimit: 0 }, { environment: true, started: (started) => (emulator = started) });

/** [function, bad arguments, the message's words] for every function and every rule. */
const CASES: Array<[string, unknown, string]> = [
    ["getTeamDefaults", { room: "x" }, 'room is not an argument of getTeamDefaults (its arguments: connection)'],
    ["getTeamDefaults", { connection: { developerKey: 42 } }, "connection developerKey must be a string; got [secret]"],
    ["getRoom", {}, "room is required"],
    ["getRoom", { room: "" }, 'room must be a room id or friendly URL (a non-empty string); got ""'],
    ["getRooms", { tags: "a" }, 'tags must be a non-empty list of non-empty strings; got "a"'],
    ["getRoles", "all", 'the arguments must be an object; got "all"'],
    ["getRole", { role: 7 }, "role must be a role id or name (a non-empty string); got 7"],
    ["getRoomStatistics", { room: "r", dateStart: "2025-02-30" }, 'dateStart must be a date YYYY-MM-DD; got "2025-02-30"'],
    ["getRoomStatistics", { room: "r", dateStart: "2025-13-01" }, 'dateStart must be a date YYYY-MM-DD; got "2025-13-01"'],
    ["getTeamStatistics", { dateEnd: "2025-12-32" }, 'dateEnd must be a date YYYY-MM-DD; got "2025-12-32"'],
    ["getRoomStatistics", { room: "r", dateStart: "2025-03-02", dateEnd: "2025-03-01" }, 'dateEnd must not be before dateStart (2025-03-02); got "2025-03-01"'],
    ["getRoomStatistics", { room: "r", metrics: ["rooms"] }, 'metrics may hold only room metric names (not "rooms"); got ["rooms"]'],
    ["getRoomStatistics", { dateEnd: "03/01/2025" }, 'room is required; dateEnd must be a date YYYY-MM-DD; got "03/01/2025"'],
    ["getTeamStatistics", { metrics: ["participationMinutes"] }, 'metrics may hold only team metric names (not "participationMinutes")'],
    ["getTeamStatistics", { dateStart: "2025-1-01" }, 'dateStart must be a date YYYY-MM-DD; got "2025-1-01"'],
    ["getTeamStatistics", { metrics: [] }, "metrics must be a non-empty list of metric names; got []"],
    ["getRoomChat", { room: "r", sessionId: "s1" }, 'sessionId must be a session UUID; got "s1"'],
    ["getRoomTranscripts", { sessionId: "00000000-0000-0000-0000-00000000000g" }, "room is required; sessionId must be a session UUID"],
    ["exportRoomTranscripts", { room: "r", format: "pdf" }, 'format must be one of txt, json; got "pdf"'],
    ["exportRoomTranscripts", { room: "r", locale: "fr" }, 'locale must be one of en, it, de, es; got "fr"'],
    ["exportRoomTranscripts", { room: "r", lang: "EN" }, 'lang must be one of en, it, de, es; got "EN"'],
];

describe("arguments are checked before any request", () => {
    it("covers every function", () => {
        const names = Object.keys(sdk).filter((k) => /^(get|export)[A-Z]/.test(k) && !k.endsWith("Output"));
        expect(new Set(CASES.map(([fn]) => fn))).toEqual(new Set(names));
    });

    it.each(CASES)("%s(%j)", async (fn, args, words) => {
        await control(emulator, "DELETE", "/requests");
        const call = (sdk as unknown as Record<string, (a: unknown) => Promise<unknown>>)[fn]!;
        const message = await call(args).then(() => "resolved", (e: Error) => e.message);
        expect(message).toContain(`Invalid arguments to ${fn}: `);
        expect(message).toContain(words);
        expect(message).not.toContain(emulator.developerKey);
        expect((await control(emulator, "GET", "/requests")).total).toBe(0);
    });
});

describe("a plain Node script", () => {
    it("reads the API configured only from the environment", async () => {
        await control(emulator, "POST", "/reset");
        const script = `
            const v = require(${JSON.stringify(path.join(ROOT, "dist/sdk"))});
            (async () => {
                const defaults = await v.getTeamDefaults();
                const roles = await v.getRoles();
                console.log(JSON.stringify({ domain: defaults.domain, roles: roles.roles.map((r) => r.name).sort() }));
            })().catch((e) => { console.error(e.message); process.exit(1); });`;
        const env = { PATH: process.env.PATH ?? "", VCROOMS_API_URL: emulator.baseUrl, VCROOMS_DEVELOPER_KEY: emulator.developerKey };
        // Asynchronously: the emulator answers from this very process.
        const { stdout: out } = await promisify(execFile)(process.execPath, ["-e", script], { env, encoding: "utf8" });
        expect(JSON.parse(out.trim().split("\n").pop()!)).toEqual({ domain: "acme", roles: ["attendee", "moderator", "speaker"] });
    });
});
