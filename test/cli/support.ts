/**
 * What the real-CLI suites share: the CLI's location (or why the suites are skipped), projects configured for an
 * emulator, and the emulator's request log.
 */
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { control } from "../support/http";
import { locateCli, PulumiProject, ROOT, type JsonStep } from "./pulumiCli";

export const cli = locateCli();
export const cliDir = "dir" in cli ? cli.dir : "";
if ("skip" in cli) console.warn(cli.skip);

export const DECLARED_PROGRAM = path.join(ROOT, "dist/test/cli/programs/declared.js");

/** A project running `program` against the emulator, configured as a user would: apiUrl in config, the key as a secret. */
export async function projectFor(emulator: RunningEmulator, config: Record<string, string> = {}, options: { program?: string; secretConfig?: Record<string, string> } = {}): Promise<PulumiProject> {
    const project = new PulumiProject({ cliDir, program: options.program ?? DECLARED_PROGRAM });
    return project.init({ "vcrooms:apiUrl": emulator.baseUrl, ...config }, { "vcrooms:developerKey": emulator.developerKey, ...options.secretConfig });
}

export interface RequestLog {
    total: number;
    routes: Record<string, number>;
    entries: Array<{ method: string; path: string; status: number }>;
}

export const requestLog = (emulator: RunningEmulator): Promise<RequestLog> => control(emulator, "GET", "/requests");
export const clearLog = (emulator: RunningEmulator) => control(emulator, "DELETE", "/requests");
export const writes = async (emulator: RunningEmulator) => (await requestLog(emulator)).entries.filter((e) => e.method !== "GET").length;

/** The steps on our resources (the stack and the default provider left out), as `op name`, sorted. */
export function resourceOps(steps: JsonStep[]): string[] {
    return steps.filter((s) => s.type.startsWith("pulumi-nodejs:dynamic/")).map((s) => `${s.op} ${s.name}`).sort();
}

/**
 * The declared inputs whose values differ from what the resource holds now: the properties a plan shows as
 * changing. The dynamic provider host sends no detailed diff, so this is read from the step's old and new state.
 */
export function plannedChanges(step: JsonStep | undefined): string[] {
    if (!step) return [];
    const live = (step.old?.outputs ?? {}) as Record<string, unknown>;
    const declared = (step.new?.inputs ?? {}) as Record<string, unknown>;
    return Object.keys(declared)
        .filter((k) => !k.startsWith("__") && k !== "resourceName" && declared[k] !== undefined && JSON.stringify(declared[k]) !== JSON.stringify(live[k]))
        .sort();
}

/**
 * What a run printed, less debug-level events: Pulumi's Node SDK itself quotes every RegisterResource response
 * at debug level (secret outputs included, in wire form), and `--json` streams those; `pulumi up` without -v
 * prints none of them. State files and exports are searched in full elsewhere.
 */
export function printedWithoutDebug(result: { stdout: string; stderr: string }): string[] {
    return [...result.stdout.split("\n").filter((line) => !line.includes('"severity":"debug"')), result.stderr];
}
