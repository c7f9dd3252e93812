/**
 * The program of the TeamDefaults original-values suite (test/cli/teamDefaultsOriginal.test.ts; the crash harness, which
 * began with it, now runs everyKindProgram.ts's in every face and language): one resource of every kind, driven by
 * stack config so that a step changes the program by changing config:
 *
 *   test:defaults        TeamDefaults args (JSON), or absent for none
 *   test:consentMessage  secret config: the TeamDefaults' consentMessage, reaching it as a secret Output
 *   test:boardUrl        the declared friendly URL of Room "board" (absent: no rooms, token or purge)
 *   test:description     the board's description (an update changes it)
 *   test:expiresAt       the join token's expiresAt in minutes (60 when absent; a change issues it again)
 *   test:wallTags        the wall's tags, JSON (none when absent; create-only: a change replaces the wall)
 *   test:plugin          "true": the same resources through the plugin face (`pulumi.CustomResource` with the
 *                        schema's type tokens, what a generated SDK registers), run by the project's `vcrooms` plugin
 *
 * With a board: Room "wall" with a generated friendly URL, JoinToken "guest" for the board, RoomContentPurge "wipe"
 * of the wall's chat, named by the wall's `friendlyUrl` as the docs show. Every Room depends on the TeamDefaults.
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

type Args = Record<string, unknown>;
/** A resource of either face, as far as this program uses it: its id and outputs. */
type Made = pulumi.Resource & { readonly id: pulumi.Output<string> } & Record<string, any>;

/** A resource of the plugin face, as a generated SDK's class registers it: by the schema's type token. */
class PluginResource extends pulumi.CustomResource {}

/** The plugin face's resource of `type`: every output the program reads is registered as an output (undefined in). */
const pluginResource = (type: string, outputs: string[]) => (name: string, args: Args, opts?: pulumi.CustomResourceOptions): Made =>
    new PluginResource(`vcrooms:index:${type}`, name, { ...Object.fromEntries(outputs.map((o) => [o, undefined])), ...args }, opts) as unknown as Made;

export = async () => {
    const config = new pulumi.Config("test");
    const face = config.getBoolean("plugin")
        ? {
              TeamDefaults: pluginResource("TeamDefaults", []),
              Room: pluginResource("Room", ["friendlyUrl"]),
              JoinToken: pluginResource("JoinToken", ["link"]),
              RoomContentPurge: pluginResource("RoomContentPurge", ["purged"]),
          }
        : {
              TeamDefaults: (name: string, args: Args, opts?: pulumi.CustomResourceOptions) => new vcrooms.TeamDefaults(name, args, opts) as unknown as Made,
              Room: (name: string, args: Args, opts?: pulumi.CustomResourceOptions) => new vcrooms.Room(name, args, opts) as unknown as Made,
              JoinToken: (name: string, args: Args, opts?: pulumi.CustomResourceOptions) => new vcrooms.JoinToken(name, args as unknown as vcrooms.JoinTokenArgs, opts) as unknown as Made,
              RoomContentPurge: (name: string, args: Args, opts?: pulumi.CustomResourceOptions) => new vcrooms.RoomContentPurge(name, args as unknown as vcrooms.RoomContentPurgeArgs, opts) as unknown as Made,
          };
    const defaultsArgs = config.getObject<Args>("defaults");
    const consentMessage = config.getSecret("consentMessage");
    const defaults = defaultsArgs ? face.TeamDefaults("defaults", { ...defaultsArgs, ...(consentMessage ? { consentMessage } : {}) }) : undefined;
    const boardUrl = config.get("boardUrl");
    if (!boardUrl) return {};
    const dependsOn = defaults ? [defaults] : [];
    const wallTags = config.getObject<string[]>("wallTags");
    const board = face.Room("board", { friendlyUrl: boardUrl, description: config.get("description") ?? "Board" }, { dependsOn });
    const wall = face.Room("wall", { description: "A room with a generated friendly URL", ...(wallTags ? { tags: wallTags } : {}) }, { dependsOn });
    const guest = face.JoinToken("guest", { room: board.id, userName: "Guest", expiresAt: config.getNumber("expiresAt") ?? 60 });
    const wipe = face.RoomContentPurge("wipe", { room: wall.friendlyUrl, kinds: ["chat"] });
    return { boardId: board.id, wallUrl: wall.friendlyUrl, guestLink: guest.link, wiped: wipe.purged };
};
