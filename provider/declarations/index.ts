/** Every resource kind's declaration, by the kind name the SDK's shims and `providers` use. */
import { room } from "./room";
import { teamDefaults } from "./teamDefaults";

export const declarations = { room, teamDefaults };
export type Kind = keyof typeof declarations;

export { room, teamDefaults };
export type { RoomFile } from "./room";
export type { ConnectionInput } from "./connection";
