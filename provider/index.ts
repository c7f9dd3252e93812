/**
 * `require("pulumi-vcrooms/provider")`: the providers behind the SDK's resources. Each is a
 * `pulumi.dynamic.ResourceProvider` usable directly; the SDK's serialized shims require this
 * module at run time and delegate to it (DESIGN.md decision 2).
 */
import { configure, type StackConfig } from "./resources/connection";
import { roomProvider } from "./resources/room";
import { teamDefaultsProvider } from "./resources/teamDefaults";

export const providers = {
    room: roomProvider,
    teamDefaults: teamDefaultsProvider,
};

export type ProviderKind = keyof typeof providers;

/** Called by the shims' `configure` with the stack configuration (`vcrooms:*`). */
export function configureProviders(config: StackConfig): void {
    configure(config);
}

export { configure };
