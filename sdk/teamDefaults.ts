import * as pulumi from "@pulumi/pulumi";
import { teamDefaults } from "../provider/declarations/teamDefaults";
import { DeclaredResource } from "./declare";
import type { ArgsOf, OutputsOf, TeamDefaultsState } from "./types";

export type TeamDefaultsArgs = ArgsOf<typeof teamDefaults>;

export interface TeamDefaults extends OutputsOf<TeamDefaultsState> {}

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
