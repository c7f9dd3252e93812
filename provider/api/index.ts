/** The API client: everything the resources and data functions use to talk to the Rooms API. */
export * from "./client";
export { paginate, type Body, type CreateReconciliation, type Page } from "./transport";
export * from "./config";
export { DeadlineExceededError, deadlineSignal, withDeadline } from "./deadline";
export * from "./errors";
export { SharedTransport } from "./sharedTransport";
export * from "./records";
export { backoffDelay, shouldRetry } from "./retry";
export * from "./joinToken";
