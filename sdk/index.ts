/** `require("pulumi-vcrooms")`: the resources users declare in Pulumi programs. */
export { Room, type RoomArgs } from "./room";
export { TeamDefaults, type TeamDefaultsArgs } from "./teamDefaults";
export type { ConnectionInput, NamedRef, RoleRef, RoomFile, RoomInputs, RoomState, TeamDefaultsInputs, TeamDefaultsState } from "./types";
export { JoinToken, type JoinTokenArgs } from "./joinToken";
export { RoomContentPurge, type RoomContentPurgeArgs } from "./roomContentPurge";
export type { JoinTokenState, RoomContentPurgeState } from "./types";
export type { InputArgs, WithSecrets } from "./functions";
export * from "./generated";
export { signJoinToken, verifyJoinToken, type JoinTokenClaims } from "./tokenSigning";
