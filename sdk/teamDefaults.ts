import * as pulumi from "@pulumi/pulumi";
import { DEFAULTS_READ_ONLY_FIELDS } from "../provider/api/fields";
import type { SettingsInputs } from "../provider/api/settings";
import { outputPlaceholders } from "./declare";
import { shimProvider } from "./shim";
import type { InputsOf, OutputsOf, TeamDefaultsState } from "./types";

/** Inputs of TeamDefaults: every setting of contract 2.3 plus `domain` and `favicon`. */
export interface TeamDefaultsInputs extends SettingsInputs<"defaults"> {
    /** On destroy, put back the values the declared settings had before. Default true. */
    restoreOnDestroy?: boolean;
}

export type TeamDefaultsArgs = InputsOf<TeamDefaultsInputs>;

export interface TeamDefaults extends OutputsOf<TeamDefaultsState> {}

/**
 * The team's default room settings, which every room inherits unless it overrides them. A
 * singleton: declare it once per team. Only the settings declared are managed; destroying the
 * resource restores their earlier values. Changing `domain` changes every room's URL.
 */
export class TeamDefaults extends pulumi.dynamic.Resource {
    constructor(name: string, args: TeamDefaultsArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super(
            shimProvider("teamDefaults"),
            name,
            { ...outputPlaceholders("defaults", DEFAULTS_READ_ONLY_FIELDS), ...args },
            opts,
            "vcrooms",
            "TeamDefaults",
        );
    }
}
