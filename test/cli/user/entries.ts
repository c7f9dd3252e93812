/**
 * The package's other two entries as a user's code meets them, type-checked with index.ts (test/package/install.test.ts):
 * the provider entry (`pulumi-vcrooms/provider`) and the emulator (`pulumi-vcrooms/emulator`). Never run.
 */
import * as provider from "pulumi-vcrooms/provider";
import { startEmulator, type RunningEmulator } from "pulumi-vcrooms/emulator";

export async function firstRoles(): Promise<string[]> {
    const emulator: RunningEmulator = await startEmulator({});
    try {
        const roles = await provider.invokeFunction("getRoles", {});
        const role = await provider.invokeFunction("getRole", { role: roles.roles[0]!.id });
        return [role.name, ...Object.keys(role.permissions)];
    } finally {
        await emulator.close();
    }
}

export const kinds: provider.ProviderKind[] = Object.keys(provider.providers) as provider.ProviderKind[];
