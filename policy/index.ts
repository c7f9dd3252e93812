/**
 * The policy pack's entry: the engine's analyzer host (@pulumi/pulumi's run-policy-pack) loads this folder's
 * package.json `main`, which is this module compiled; constructing the PolicyPack serves its policies to the engine.
 */
import { PolicyPack } from "@pulumi/policy";
import { PACK_NAME, policies } from "./pack";

new PolicyPack(PACK_NAME, { policies });
