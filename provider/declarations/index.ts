/** Every resource kind's declaration, by the kind name the SDK's shims and `providers` use. */
import { joinToken } from "./joinToken";
import { room } from "./room";
import { roomContentPurge } from "./roomContentPurge";
import { teamDefaults } from "./teamDefaults";

export const declarations = { room, teamDefaults, joinToken, roomContentPurge };
export type Kind = keyof typeof declarations;

export { room, teamDefaults, joinToken, roomContentPurge };
export type { RoomFile } from "./room";
export type { ConnectionInput } from "../model/connection";
