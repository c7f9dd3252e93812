/**
 * The SDK's functions take Pulumi's invoke options: `getXOutput(args, { dependsOn })` reads only once those
 * resources exist (a read of a room the same program creates), and a `provider` is refused with the way to
 * name another team. Through the engine stand-in against the emulator.
 */
import { expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { engineFor, sdk } from "../support/pulumi";

let emulator: RunningEmulator;
useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });

it("getRoomOutput with dependsOn reads the room the program creates, after it is created", async () => {
    const engine = engineFor(emulator, "invoke-depends-on");
    const program = () => {
        const board = new sdk.Room("board", { friendlyUrl: "deps-board", description: "Board" });
        // By friendly URL, a plain string: only dependsOn orders the read after the create.
        const found = sdk.getRoomOutput({ room: "deps-board" }, { dependsOn: [board] });
        return { description: found.description };
    };
    const up = await engine.up(program);
    expect(up.errors).toEqual([]);
    expect(up.outputs).toEqual({ description: "Board" });
    expect((await engine.destroy()).errors).toEqual([]);
});

it("a provider in the invoke options is refused, naming the connection argument instead", async () => {
    await expect(sdk.getRoom({ room: "x" }, { provider: {} as never })).rejects.toThrow("getRoom: the SDK's functions take no provider; name another team with the `connection` argument");
});
