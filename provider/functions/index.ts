/**
 * Every data function by name, and the one way they run: arguments validated before any request,
 * then the client of the connection (explicit, else the runtime's configuration, else the environment: the
 * runtime's `clientFor`, provider/runtime.ts), then the function's reads. Errors name the function and its room
 * or role, never the connection's key.
 */
import { declarations } from "../declarations";
import { inputSettings } from "../declarations/declaration";
import { secretOutputNames } from "../declarations/derive";
import type { ClientFor } from "../resources/connections";
import { describeFailure } from "../api/messages";
import type { ArgsOf, ResultOf } from "./functionShape";
import { exportRoomTranscripts, getRoomChat, getRoomTranscripts } from "./content";
import { getRole, getRoles, getRoom, getRooms, getTeamDefaults } from "./records";
import { getRoomStatistics, getTeamStatistics } from "./statistics";
import { validateArgs } from "./validate";

export const functions = {
    getTeamDefaults,
    getRoom,
    getRooms,
    getRoles,
    getRole,
    getRoomStatistics,
    getTeamStatistics,
    getRoomChat,
    getRoomTranscripts,
    exportRoomTranscripts,
};

export type FunctionName = keyof typeof functions;
export type FunctionArgs<N extends FunctionName> = ArgsOf<(typeof functions)[N]>;
export type FunctionResult<N extends FunctionName> = ResultOf<(typeof functions)[N]>;

/**
 * The fields of a function's result that are secret: those of the record it returns (`recordOf`) that the
 * record's kind keeps secret, settings and outputs alike (its declaration's flags). Both faces wrap them.
 */
export function secretResultFields(name: FunctionName): string[] {
    const of = Object.hasOwn(functions, name) ? functions[name].recordOf : undefined;
    if (!of) return [];
    const d = declarations[of];
    return secretOutputNames(d).filter((n) => inputSettings(d).has(n) || n in d.outputs);
}

/** Runs a data function (a name of `functions`) with the clients of `clientFor`. */
/** @internal The client's types (zod's) stay out of the package's public declarations. */
export async function runFunction<N extends FunctionName>(name: N, args: unknown, clientFor: ClientFor): Promise<FunctionResult<N>> {
    const d = functions[name];
    const valid = validateArgs(d as never, args) as { room?: string; role?: string; connection?: object };
    const client = clientFor(valid.connection);
    try {
        return (await d.run(client, valid as never)) as FunctionResult<N>;
    } catch (error) {
        const on = valid.room !== undefined ? ` of room ${valid.room}` : valid.role !== undefined ? ` of role ${valid.role}` : "";
        throw describeFailure("run", `${name}${on}`, error);
    }
}

export { InvalidArgumentsError } from "./validate";
export type * from "./content";
export type * from "./records";
export type * from "./statistics";
