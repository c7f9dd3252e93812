/**
 * `require("pulumi-vcrooms/provider")`: the providers behind the SDK's resources. Each is a
 * `pulumi.dynamic.ResourceProvider` usable directly; the SDK's serialized shims require this
 * module at run time and delegate to it (docs/architecture.md, decision 2).
 *
 * The composition root: the one place that holds the process's connections and hands them to
 * the providers.
 */
import { declarations } from "./declarations";
import { Connections, type StackConfig } from "./resources/connections";
import { hidingBookkeeping } from "./resources/hiddenKeys";
import { reportingOnce } from "./resources/hostErrors";
import { invokeFunction } from "./functions";
import { JoinTokenProvider } from "./resources/joinToken";
import { RoomProvider } from "./resources/room";
import { RoomContentPurgeProvider } from "./resources/roomContentPurge";
import { TeamDefaultsProvider } from "./resources/teamDefaults";

const connections = new Connections();

/**
 * As the engine sees them: bookkeeping inputs as `__<name>`, hidden from `pulumi preview --diff`
 * (resources/hiddenKeys.ts), and each failure reported once, not again by the dynamic-provider host (resources/hostErrors.ts).
 */
export const providers = {
    room: reportingOnce(hidingBookkeeping(declarations.room, new RoomProvider(connections.clientFor))),
    teamDefaults: reportingOnce(hidingBookkeeping(declarations.teamDefaults, new TeamDefaultsProvider(connections.clientFor))),
    joinToken: reportingOnce(hidingBookkeeping(declarations.joinToken, new JoinTokenProvider(connections.clientFor))),
    roomContentPurge: reportingOnce(hidingBookkeeping(declarations.roomContentPurge, new RoomContentPurgeProvider(connections.clientFor))),
};

/** The data functions, by name: `invokeFunction("getRoom", {room}, stackConfig)` (what the SDK's getX call). */
export { invokeFunction };
export { secretResultFields } from "./functions";
export type { FunctionName } from "./functions";

export type ProviderKind = keyof typeof providers;

/** Called by the shims' `configure` with the stack configuration (`vcrooms:*`). */
export function configure(config: StackConfig): void {
    connections.configure(config);
}

/** For integrators who build join tokens themselves (the SDK's signJoinToken and verifyJoinToken). */
export { JoinTokenError, signJoinToken, verifyJoinToken } from "./api/joinToken";
