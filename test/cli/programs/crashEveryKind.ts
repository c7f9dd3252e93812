/**
 * The program of the crash harness (test/invariants/crash.test.ts) and of the TeamDefaults original-values suite
 * (test/cli/teamDefaultsOriginal.test.ts): one resource of every kind, driven by stack config so that a step changes
 * the program by changing config:
 *
 *   test:defaults        TeamDefaults args (JSON), or absent for none
 *   test:consentMessage  secret config: the TeamDefaults' consentMessage, reaching it as a secret Output
 *   test:boardUrl        the declared friendly URL of Room "board" (absent: no rooms, token or purge)
 *   test:description     the board's description (an update changes it)
 *
 * With a board: Room "wall" with a generated friendly URL, JoinToken "guest" for the board, RoomContentPurge "wipe"
 * of the wall's chat, named by the wall's `friendlyUrl` as the docs show. Every Room depends on the TeamDefaults.
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

export = async () => {
    const config = new pulumi.Config("test");
    const defaultsArgs = config.getObject<Record<string, unknown>>("defaults");
    const consentMessage = config.getSecret("consentMessage");
    const defaults = defaultsArgs ? new vcrooms.TeamDefaults("defaults", { ...defaultsArgs, ...(consentMessage ? { consentMessage } : {}) }) : undefined;
    const boardUrl = config.get("boardUrl");
    if (!boardUrl) return {};
    const dependsOn = defaults ? [defaults] : [];
    const board = new vcrooms.Room("board", { friendlyUrl: boardUrl, description: config.get("description") ?? "Board" }, { dependsOn });
    const wall = new vcrooms.Room("wall", { description: "A room with a generated friendly URL" }, { dependsOn });
    const guest = new vcrooms.JoinToken("guest", { room: board.id, userName: "Guest", expiresAt: 60 });
    const wipe = new vcrooms.RoomContentPurge("wipe", { room: wall.friendlyUrl, kinds: ["chat"] });
    return { boardId: board.id, wallUrl: wall.friendlyUrl, guestLink: guest.link, wiped: wipe.purged };
};
