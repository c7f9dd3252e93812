/**
 * The resource options Pulumi documents, written in a Pulumi YAML program's `options:` on the `vcrooms` plugin's
 * resources, through the real Pulumi CLI and upstream's YAML language host: the cases are resourceOptionsCases.ts,
 * shared with the dynamic and plugin faces (one project, its Pulumi.yaml rewritten at each step); what YAML cannot
 * express is that file's IN_YAML.
 */
import { resourceOptionCases } from "./resourceOptionsCases";

resourceOptionCases("yaml");
