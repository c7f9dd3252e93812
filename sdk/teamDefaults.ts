import * as pulumi from "@pulumi/pulumi";
import { teamDefaults } from "../provider/declarations/teamDefaults";
import { DeclaredResource } from "./declaredResource";
import type { TeamDefaultsArgs, TeamDefaultsOutputs } from "./generated";

export type { TeamDefaultsArgs };

export interface TeamDefaults extends TeamDefaultsOutputs {}

/**
 * The team's default room settings, which every room inherits unless it overrides them. A
 * singleton: declare it once per team. Only the settings declared are managed; destroying the
 * resource restores their earlier values. Changing `domain` changes every room's URL.
 */
export class TeamDefaults extends DeclaredResource {
    constructor(name: string, args: TeamDefaultsArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super("teamDefaults", teamDefaults, name, args, opts);
    }
}
