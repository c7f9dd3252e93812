/**
 * Two teams, as two emulators, and provider runtimes configured for either: the fixture of the suites that point a
 * resource's provider at another team (test/resources/teamMove.test.ts, teamRecordUpgrade.test.ts). Called at the
 * top of a test file; both emulators start before its tests and close after them, both are put back to their initial
 * state before each test, and every runtime made through it is cancelled after each test.
 */
import { afterEach } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { declarations, type Kind } from "../../provider/declarations";
import type { Context } from "../../provider/resources/kind";
import { NO_STACK_CONFIG, Runtime } from "../../provider/runtime";
import { useEmulator } from "./emulator";
import { apiCaller } from "./http";

/**
 * Where a runtime's provider configuration comes from: the stack's `vcrooms:*` (as the dynamic-provider host or the
 * plugin's Configure gives it), or the VCROOMS_* variables.
 */
export type ConfiguredBy = "stack" | "environment";

export interface TwoTeams {
    readonly teamA: RunningEmulator;
    readonly teamB: RunningEmulator;
    /** A runtime whose provider configuration names `team` (at `apiUrl`: another spelling of its URL). */
    runtimeOf(team: RunningEmulator, by: ConfiguredBy, apiUrl?: string): Runtime;
}

export function useTwoTeams(): TwoTeams {
    let teamA: RunningEmulator | undefined;
    let teamB: RunningEmulator | undefined;
    useEmulator({ rateLimit: 0 }, { resetEach: true, started: (started) => (teamA = started) });
    useEmulator({ rateLimit: 0 }, { resetEach: true, started: (started) => (teamB = started) });
    const runtimes: Runtime[] = [];
    afterEach(() => {
        for (const r of runtimes.splice(0)) r.cancel();
    });
    const started = (team: RunningEmulator | undefined) => {
        if (team === undefined) throw new Error("the two teams start before the file's tests: read them inside a test");
        return team;
    };
    return {
        get teamA() {
            return started(teamA);
        },
        get teamB() {
            return started(teamB);
        },
        runtimeOf(team, by, apiUrl = team.baseUrl) {
            const r = by === "environment" ? new Runtime({ VCROOMS_API_URL: apiUrl, VCROOMS_DEVELOPER_KEY: team.developerKey }) : new Runtime({});
            if (by === "environment") r.configure(NO_STACK_CONFIG);
            else {
                const config: Record<string, string> = { "vcrooms:apiUrl": apiUrl, "vcrooms:developerKey": team.developerKey };
                r.configure({ get: (key) => config[key] });
            }
            runtimes.push(r);
            return r;
        },
    };
}

/** Every kind of the declarations. */
export const KINDS = Object.keys(declarations) as Kind[];

/** The context of a call on the kind's one resource, `{kind}-r`, as either face gives it. */
export const ctxOf = (kind: Kind): Context => ({
    preview: false,
    resourceName: `${kind}-r`,
    resourceUrn: `urn:pulumi:dev::proj::vcrooms:index:${declarations[kind].type}::${kind}-r`,
    warn: () => undefined,
});

/** The ids of the rooms a team holds. */
export const roomsOf = async (team: RunningEmulator) => ((await apiCaller(team)("GET", "/rooms")).body.data as Array<{ id: string }>).map((room) => room.id);
