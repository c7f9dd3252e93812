/**
 * A user's first program, type-checked by test/package/install.test.ts against the installed tarball with `tsc`
 * under `strict`, without `skipLibCheck` or `esModuleInterop`: every public type of the package must hold there.
 * Never run; not compiled by the repository's build.
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

const defaults = new vcrooms.TeamDefaults("defaults", { paletteMode: "dark", defaultRole: "attendee" });
const board = new vcrooms.Room("board", { friendlyUrl: "board-q3", privacy: "private", roles: ["moderator"], e2eeEnabled: true }, { dependsOn: defaults });
const token = new vcrooms.JoinToken("alice", { room: board.id, userName: "Alice", expiresAt: 60 });
// @ts-expect-error: a join token cannot exist without its room.
new vcrooms.JoinToken("nobody", { userName: "Nobody" });
const purge = new vcrooms.RoomContentPurge("purge", { room: board.id, kinds: ["recordings"] });

// Outputs a room always has are not optional: no `!` or `?.` needed under strict.
export const urlLength: pulumi.Output<number> = board.roomUrl.apply((url) => url.length);
export const link = token.link;
export const purged = purge.id;

// Functions: the plain and the Output form, with their exported argument and result types.
const args: vcrooms.GetRoomArgs = { room: "board-q3" };
export const found: Promise<vcrooms.GetRoomResult> = vcrooms.getRoom(args);
export const description = vcrooms.getRoomOutput({ room: board.id }, { dependsOn: [board] }).apply((r) => r.description);
export const rooms = vcrooms.getRooms({}, {}).then((r) => r);
