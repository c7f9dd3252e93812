/** `require("pulumi-vcrooms")`: the resources users declare in Pulumi programs. */
export { Room, type RoomArgs, type RoomInputs } from "./room";
export { TeamDefaults, type TeamDefaultsArgs, type TeamDefaultsInputs } from "./teamDefaults";
export type { RoleRef, RoomFile, RoomState, TeamDefaultsState } from "./types";
