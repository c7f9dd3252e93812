/** The engine stand-in: run Pulumi programs through preview, up, refresh and destroy without the CLI. */
export { Engine, formatPlan, type EngineOptions, type Program, type RunResult, type Step, type StepOp } from "./engine";
export { isSecretWire, stripSecrets } from "./host";
export type { ResourceState } from "./state";
