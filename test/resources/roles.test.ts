/**
 * Role ids read back where users wrote names: `privateGroupChatRoles` reads back as role ids,
 * and a role outside the record's `roles` and `defaultRole` is resolved with the team's roles (GET /roles), read
 * once per provider process, not once per resource. Without that, every `up` showed a diff and sent a PATCH.
 */
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";

let emulator: RunningEmulator;
useEmulator({ rateLimit: 0 }, { started: (started) => (emulator = started) });

const log = async () => (await control(emulator, "GET", "/requests")) as { routes: Record<string, number>; entries: Array<{ method: string }> };

describe("private group chat roles outside the record's roles", () => {
    it("Room and TeamDefaults: no diff and no write on the next up or refresh; the roles read once per provider process", async () => {
        const engine = engineFor(emulator, "pgc-roles");
        const program = async () => {
            const defaults = new sdk.TeamDefaults("defaults", { roles: ["speaker", "attendee"], defaultRole: "attendee", privateGroupChatRoles: ["moderator"] });
            for (const name of ["north", "south"]) {
                new sdk.Room(name, { friendlyUrl: `${name}-room`, roles: ["speaker"], defaultRole: "speaker", privateGroupChatRoles: ["moderator", "speaker"] }, { dependsOn: defaults });
            }
        };
        expect((await engine.up(program)).errors).toEqual([]);
        await control(emulator, "DELETE", "/requests");
        const again = await engine.up(program);
        expect(again.steps.map((s) => s.op)).toEqual(["same", "same", "same"]);
        const { routes, entries } = await log();
        expect(entries.filter((e) => e.method !== "GET")).toEqual([]);
        // One read per provider process: `up` runs two (the preview pass and the update pass), whatever the count of resources.
        expect(routes["GET /api/v1/roles"]).toBe(2);
        expect((await engine.refresh()).steps.map((s) => s.op)).toEqual(["refresh-same", "refresh-same", "refresh-same"]);
        expect((await engine.destroy()).errors).toEqual([]);
    });
});
