/**
 * The policy pack's entry: the engine's analyzer host (@pulumi/pulumi's run-policy-pack) loads this folder's
 * package.json `main`, which is this module compiled; constructing the PolicyPack serves its policies to the engine.
 */
import { PolicyPack } from "@pulumi/policy";
import { PACK_NAME, policies, trackSecrets } from "./pack";

// Before any request is served: the policies must know which values the engine sent as secrets.
trackSecrets();
new PolicyPack(PACK_NAME, { policies });
