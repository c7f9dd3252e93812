/** The engine stand-in: run Pulumi programs through preview, up, refresh and destroy without the CLI. */
export { formatPlan, type RunResult, type Step, type StepOp } from "./plan";
export { Engine, type EngineOptions, type Program } from "./runner";
export { isSecretWire, stripSecrets } from "./host";
export type { ResourceState } from "./state";
