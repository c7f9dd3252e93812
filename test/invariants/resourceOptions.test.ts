/**
 * The resource options Pulumi documents, on the SDK's dynamic resources (`require("pulumi-vcrooms")`), through the
 * real Pulumi CLI: the cases are resourceOptionsCases.ts, shared with the plugin face (resourceOptionsPlugin.test.ts).
 */
import { resourceOptionCases } from "./resourceOptionsCases";

resourceOptionCases("dynamic");
