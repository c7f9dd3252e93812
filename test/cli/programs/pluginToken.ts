/**
 * A room and a join token for it through the plugin face (`vcrooms:index:Room`, `vcrooms:index:JoinToken`),
 * registered by type token as a generated SDK would: for test/cli/joinTokenRefresh.test.ts.
 */
import * as pulumi from "@pulumi/pulumi";

/** What a generated SDK's resource class does: register the schema's type token with the inputs. */
class PluginResource extends pulumi.CustomResource {
    constructor(type: string, name: string, args: Record<string, unknown>) {
        super(`vcrooms:index:${type}`, name, args);
    }
}

export = async () => {
    const room = new PluginResource("Room", "board", { friendlyUrl: "token-board", description: "Board", privacy: "private" });
    const token = new PluginResource("JoinToken", "alice", { room: room.id, userName: "Alice", expiresAt: 10080, renewBefore: "24h" });
    return { tokenId: token.id };
};
