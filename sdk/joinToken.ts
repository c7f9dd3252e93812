import * as pulumi from "@pulumi/pulumi";
import { joinToken } from "../provider/declarations/joinToken";
import { DeclaredResource } from "./declaredResource";
import type { JoinTokenArgs, JoinTokenOutputs } from "./generated";

export type { JoinTokenArgs };

export interface JoinToken extends JoinTokenOutputs {}

/**
 * A participant's join token for a room, issued by the API. `token` and `link` are always secret.
 * Any input change issues a new token; so does an expiry that is past or within `renewBefore`, by the
 * API's clock, at the next preview and up, and a change of its room's address in the same up (its Room renamed,
 * or the team's domain changed by a TeamDefaults the Room depends on). Deleting the resource forgets the token: the API cannot
 * revoke it, so it stays valid until it expires.
 */
export class JoinToken extends DeclaredResource {
    constructor(name: string, args: JoinTokenArgs, opts?: pulumi.CustomResourceOptions) {
        super("joinToken", joinToken, name, args, opts);
    }
}
