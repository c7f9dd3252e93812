/**
 * The resource options Pulumi documents, on the `vcrooms` plugin's resources (registered as a generated SDK's classes
 * do), through the real Pulumi CLI: the cases are resourceOptionsCases.ts, shared with the dynamic face
 * (resourceOptions.test.ts).
 */
import { resourceOptionCases } from "./resourceOptionsCases";

resourceOptionCases("plugin");
