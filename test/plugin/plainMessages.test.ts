/**
 * The plugin face takes out of a message only the values of the inputs the program gave as secrets: what the
 * engine's inputs mark secret, else the stored outputs of inputs that were. Outputs it keeps secret whatever was
 * given (the bookkeeping copy of the declared inputs, which holds the plain friendly URL and the resource name, and
 * the team's inherited free text) hide no given secret, so a plain friendly URL and a resource name stay in clear.
 */
import { describe, expect, it } from "vitest";
import { isSecretValue, secretValue } from "../../provider/plugin/secrets";
import { usePluginAdapter } from "../support/pluginAdapter";

const ref = (type: string, name: string) => ({ urn: `urn:pulumi:dev::plain::vcrooms:index:${type}::${name}`, type: `vcrooms:index:${type}`, name });

describe("messages of a plain room through the plugin adapter", () => {
    const adapter = usePluginAdapter();
    const { api } = adapter;

    it("an update that fails names the plain room and its plain friendly URL, with or without the engine's old inputs", async () => {
        const checked = await adapter.plugin.check(ref("Room", "mover"), {}, { friendlyUrl: "mover-room", description: "Moves" });
        const created = await adapter.plugin.create(ref("Room", "mover"), checked.inputs);
        // What makes the stored outputs hold secrets though no input is one: the declared inputs' copy, always secret.
        expect(isSecretValue(created.outs.declaredInputs)).toBe(true);
        await api("DELETE", `/rooms/${created.id}`);
        const next = await adapter.plugin.check(ref("Room", "mover"), checked.inputs, { friendlyUrl: "mover-room", description: "Moved" });
        for (const oldInputs of [undefined, checked.inputs]) {
            const error = (await adapter.plugin.update(ref("Room", "mover"), created.id, created.outs, next.inputs, false, 0, oldInputs).catch((e: unknown) => e)) as Error;
            expect(error, String(oldInputs)).toBeInstanceOf(Error);
            expect(error.message).toContain('room "mover" (friendly URL mover-room)');
            expect(error.message).not.toContain("[secret]");
        }
    });

    it("a secret friendly URL is still taken out of the messages of its update", async () => {
        const checked = await adapter.plugin.check(ref("Room", "hidden"), {}, { friendlyUrl: secretValue("hidden-mover-4d2a") });
        const created = await adapter.plugin.create(ref("Room", "hidden"), checked.inputs);
        await api("DELETE", `/rooms/${created.id}`);
        const next = await adapter.plugin.check(ref("Room", "hidden"), checked.inputs, { friendlyUrl: secretValue("hidden-mover-4d2a"), description: "Moved" });
        for (const oldInputs of [undefined, checked.inputs]) {
            const error = (await adapter.plugin.update(ref("Room", "hidden"), created.id, created.outs, next.inputs, false, 0, oldInputs).catch((e: unknown) => e)) as Error;
            expect(error).toBeInstanceOf(Error);
            expect(`${error.message}\n${error.stack}`).not.toContain("hidden-mover-4d2a");
            expect(error.message).toContain('room "hidden" (friendly URL [secret])');
        }
    });
});
