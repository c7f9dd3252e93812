/**
 * A room and a join token for it through the plugin face (`vcrooms:index:Room`, `vcrooms:index:JoinToken`),
 * registered by type token as a generated SDK would: for test/cli/joinTokenRefresh.test.ts and
 * test/cli/joinTokenAddress.test.ts.
 *
 *   test:room   the Room's friendly URL (absent: token-board)
 *
 * Stack outputs: `tokenId`, and `aliceLink` (secret).
 */
import * as pulumi from "@pulumi/pulumi";

/** What a generated SDK's resource class does: register the schema's type token with the inputs. */
class PluginResource extends pulumi.CustomResource {
    constructor(type: string, name: string, args: Record<string, unknown>) {
        super(`vcrooms:index:${type}`, name, args);
    }
}

export = async () => {
    const friendlyUrl = new pulumi.Config("test").get("room") ?? "token-board";
    const room = new PluginResource("Room", "board", { friendlyUrl, description: "Board", privacy: "private" });
    // `link: undefined`: an output to read back, as a generated SDK's class lists it.
    const token = new PluginResource("JoinToken", "alice", { room: room.id, userName: "Alice", expiresAt: 10080, renewBefore: "24h", link: undefined });
    return { tokenId: token.id, aliceLink: (token as unknown as { link: pulumi.Output<string> }).link };
};
