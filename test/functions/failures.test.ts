/**
 * A data function that fails, called from a program through the SDK: the rejection is a `RunError` carrying the
 * function's own message (the function, the room, the API's answer; or the broken argument) and no stack frames, so
 * the Pulumi CLI reports it once, as the message alone (test/cli/oneError.test.ts shows that through the CLI).
 */
import * as pulumi from "@pulumi/pulumi";
import { expect, it } from "vitest";
import { useEmulator } from "../support/emulator";
import { sdk } from "../support/pulumi";

const env = useEmulator({ rateLimit: 0 });
const connection = () => ({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey });

async function rejection(call: Promise<unknown>): Promise<Error> {
    const error = await call.then(
        () => undefined,
        (e: unknown) => e,
    );
    if (!(error instanceof Error)) throw new Error(`expected a rejection with an Error, got ${String(error)}`);
    return error;
}

it("an API failure rejects with a RunError naming the function, the room and the answer, without stack frames", async () => {
    const error = await rejection(sdk.getRoom({ room: "no-such-room", connection: connection() }));
    expect(pulumi.RunError.isInstance(error)).toBe(true);
    expect(error.message).toBe("Unable to run getRoom of room no-such-room: GET /rooms/no-such-room failed: 404 Not Found");
    expect(error.stack).not.toMatch(/^\s+at /m);
});

it("broken arguments and a provider option reject the same way, before any request", async () => {
    const invalid = await rejection(sdk.getRoom({ room: "", connection: connection() }));
    expect(pulumi.RunError.isInstance(invalid)).toBe(true);
    expect(invalid.message).toMatch(/^Invalid arguments to getRoom: room /);
    expect(invalid.stack).not.toMatch(/^\s+at /m);
    const provider = await rejection(sdk.getRoom({ room: "x" }, { provider: {} as never }));
    expect(pulumi.RunError.isInstance(provider)).toBe(true);
    expect(provider.stack).not.toMatch(/^\s+at /m);
});
