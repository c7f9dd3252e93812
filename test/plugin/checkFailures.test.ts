/**
 * A check failure on a property the program did not give is the resource's. The engine prints a failure's property
 * with the value the program gave it: a Room whose friendly URL comes from its state (imported, or kept from an
 * earlier check) and not from the program, found to share it with another Room, read "property friendlyUrl value
 * {<nil>} has a problem". Both faces share the layer that answers (resources/checkFailures.ts); the plugin's check is
 * driven here as the engine drives it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { anchoredFailures } from "../../provider/model/check";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { secretValue } from "../../provider/plugin/secrets";
import { useEmulator } from "../support/emulator";

const urn = (name: string) => ({ urn: `urn:pulumi:dev::proj::vcrooms:index:Room::${name}` });

describe("check failures the engine can show", () => {
    let emulator: RunningEmulator;
    let plugin: VcroomsPlugin;
    useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });
    beforeEach(() => {
        plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: emulator.baseUrl, developerKey: secretValue(emulator.developerKey) });
    });

    it("a duplicate friendly URL the program did not give is the resource's failure, naming the property", async () => {
        expect((await plugin.check(urn("a"), {}, { friendlyUrl: "shared-url" })).failures).toEqual([]);
        // Room b's friendly URL is its state's (an import wrote it), not the program's.
        const b = await plugin.check(urn("b"), { friendlyUrl: "shared-url" }, {});
        expect(b.failures).toEqual([{ property: "", reason: expect.stringMatching(/^friendlyUrl is also declared by Room "a" of this stack/) }]);
        // Declared by the program, the failure stays on the property, where the engine shows the given value.
        const c = await plugin.check(urn("c"), {}, { friendlyUrl: "shared-url" });
        expect(c.failures).toEqual([{ property: "friendlyUrl", reason: expect.stringMatching(/^friendlyUrl is also declared by Room "a"/) }]);
    });

    it("keeps a failure on a property the program gave (a nested one too), and names one it did not in the reason", () => {
        const failures = [
            { property: "description", reason: "description must be short" },
            { property: "connection.apiUrl", reason: "must end in /api/v1" },
            { property: "maxParticipants", reason: "must be at most 2000" },
            { property: "", reason: "the resource's own" },
        ];
        expect(anchoredFailures(failures, { description: "x", connection: { apiUrl: "u" } })).toEqual([
            failures[0],
            failures[1],
            { property: "", reason: "maxParticipants: must be at most 2000" },
            failures[3],
        ]);
    });
});
