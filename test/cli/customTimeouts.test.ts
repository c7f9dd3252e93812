/**
 * `customTimeouts` through the real Pulumi CLI (an Automation API inline program, plugin face): the engine passes
 * the resource's timeout for a create, update or delete in the request, and the plugin gives up after it, as
 * first-party providers do: it abandons the request in flight, sends no retry, and fails naming the timeout. The
 * emulator holds each write 20 s (then answers 503 without acting), far past the 2 s timeouts: before, the plugin
 * waited the full time and retried. The dynamic face gets no timeout from Pulumi's dynamic-provider host
 * (docs/assumptions.md says what works there).
 */
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { automationPlace, failureText, inlineStack, type AutomationPlace } from "./automation";
import { cli, clearLog, requestLog } from "./support";

let emulator: RunningEmulator;
const places: AutomationPlace[] = [];

/** A Room of the plugin face, registered as a generated SDK's class does. */
class PluginRoom extends pulumi.CustomResource {
    declare readonly roomUrl: pulumi.Output<string>;
    constructor(name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
        super("vcrooms:index:Room", name, { roomUrl: undefined, ...args }, opts);
    }
}

/** A write the emulator holds past the timeout, then refuses without acting. */
const slow = (method: string, path: string) => ({ method, path, latencyMs: 20_000, status: 503 });

describe.skipIf("skip" in cli)("customTimeouts in the plugin face, through the real Pulumi CLI", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects: places, started: (started) => (emulator = started) });

    it("a create, an update and a delete past their customTimeouts give up, naming the timeout, with no retry", async () => {
        const place = await automationPlace("timeouts");
        places.push(place);
        let description = "First description";
        const program = async () => {
            const room = new PluginRoom("slow", { friendlyUrl: "slow-room", description }, { customTimeouts: { create: "2s", update: "2s", delete: "2s" } });
            return { url: room.roomUrl };
        };
        const stack = await inlineStack(place, { project: "timeouts", stack: "dev", program, plugin: true, emulator });
        const control = (method: string, path: string, body?: unknown) => fetch(`${emulator.controlUrl}${path}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
        const givesUp = async (operation: "create" | "update" | "delete", run: () => Promise<unknown>, method: string, path: string) => {
            await clearLog(emulator);
            await control("POST", "/faults", slow(method, path));
            const failure = await run().then(
                () => "succeeded",
                (error: unknown) => failureText(error),
            );
            expect(failure).toContain(`the ${operation} gave up after 2 s, the resource's customTimeouts.${operation}`);
            // One attempt, abandoned (logged once the emulator notices; at most 5 s): no retry after it.
            const sent = async () => (await requestLog(emulator)).entries.filter((e) => e.method === method).map((e) => e.status);
            for (let i = 0; i < 100 && (await sent()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
            expect(await sent(), operation).toEqual([0]);
            await control("DELETE", "/faults");
        };

        await givesUp("create", () => stack.up(), "POST", "/api/v1/rooms");
        // Without the slow answer the same program creates the room.
        const created = await stack.up();
        expect(created.summary.result).toBe("succeeded");
        expect(created.outputs.url?.value).toBe("https://acme.digitalsamba.com/slow-room");

        description = "Second description";
        await givesUp("update", () => stack.up(), "PATCH", "/api/v1/rooms/*");
        await givesUp("delete", () => stack.destroy(), "DELETE", "/api/v1/rooms/*");
    });
});
