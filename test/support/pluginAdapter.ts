/**
 * The plugin's adapter (provider/plugin/adapter.ts) as the engine's Configure leaves it, without the engine: a new
 * VcroomsPlugin before each test, configured for an emulator of the file's that is reset first. The fixture of the
 * suites that drive the adapter directly (test/plugin/adapter.test.ts, test/plugin/plainMessages.test.ts).
 */
import { beforeEach } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { secretValue } from "../../provider/plugin/secrets";
import { useEmulator, type EmulatorEnv } from "./emulator";
import { control } from "./http";

export interface PluginAdapter {
    /** This test's adapter. */
    readonly plugin: VcroomsPlugin;
    readonly emulator: RunningEmulator;
    /** The emulator's API, with its developer key. */
    api: EmulatorEnv["api"];
}

export function usePluginAdapter(): PluginAdapter {
    let plugin: VcroomsPlugin | undefined;
    let emulator: RunningEmulator | undefined;
    const env = useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });
    beforeEach(async () => {
        await control(emulator!, "POST", "/reset");
        plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator!.baseUrl, developerKey: secretValue(emulator!.developerKey) });
    });
    return {
        get plugin() {
            if (!plugin) throw new Error("the adapter is made before each test: use it inside a test");
            return plugin;
        },
        get emulator() {
            if (!emulator) throw new Error("the emulator is not started yet: use it inside a test or hook");
            return emulator;
        },
        api: env.api,
    };
}
