/**
 * A room's expiry, through the engine stand-in: once expiresAt has passed (the API
 * deleted the room), the unchanged program still passes check, with or without a refresh, and the room is kept
 * as expired; a later expiresAt creates a new room; dropping expiresAt is told at preview, as the API cannot clear
 * an expiry. Real time has to pass (the provider's check reads the real clock), so the test waits for it.
 */
import { describe, expect, it } from "vitest";
import { engineFor, sdk } from "../support/pulumi";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 });
const { api } = env;

/** A time `seconds` from now in the API's form (UTC). */
const inSeconds = (seconds: number) => new Date(Math.ceil(Date.now() / 1000) * 1000 + seconds * 1000).toISOString().slice(0, 19).replace("T", " ");
const until = (apiTime: string) => new Promise((r) => setTimeout(r, Date.parse(`${apiTime.replace(" ", "T")}Z`) - Date.now() + 1_000));

describe("an expired room", () => {
    it("keeps the unchanged program valid, with or without refresh; a later expiresAt makes a new room; dropping expiresAt warns", async () => {
        const engine = engineFor(env.emulator, "expiry");
        // 40 s: the first up (a preview pass, then the create) must finish before the room expires, with room to
        // spare on a loaded machine; at 15 s it failed at check under parallel suites.
        let expiresAt: string | undefined = inSeconds(40);
        const program = async () => void new sdk.Room("webinar", { friendlyUrl: "webinar-1", description: "One-off", ...(expiresAt ? { expiresAt } : {}) });
        expect((await engine.up(program)).errors).toEqual([]);
        const first = (await api("GET", "/rooms/webinar-1")).body.id;
        await until(expiresAt);
        expect((await api("GET", "/rooms/webinar-1")).status).toBe(404);

        // The unchanged program: check lets the applied expiresAt pass, without and with refresh.
        const plain = await engine.up(program);
        expect(plain.errors).toEqual([]);
        expect(plain.steps.map((s) => s.op)).toEqual(["same"]);
        const refreshed = await engine.up(program, { refresh: true });
        expect(refreshed.errors).toEqual([]);
        expect(refreshed.steps.map((s) => s.op)).toEqual(["refresh-same", "same"]);
        expect(Object.values(engine.resources())[0]!.outputs.expired).toBe(true);

        // A later expiresAt: the program needs a room again, and a new one replaces the expired one.
        expiresAt = inSeconds(3600);
        const renewed = await engine.up(program, { refresh: true });
        expect(renewed.errors).toEqual([]);
        expect(renewed.steps.find((s) => s.op === "replace")).toMatchObject({ replaceKeys: ["expiresAt"], deleteBeforeReplace: true });
        const second = (await api("GET", "/rooms/webinar-1")).body;
        expect(second.id).not.toBe(first);
        expect(second.expires_at).toBe(expiresAt);

        // Dropping expiresAt keeps the expiry (the API cannot clear one): preview says so.
        const kept = expiresAt;
        expiresAt = undefined;
        const preview = await engine.preview(program);
        expect(preview.errors).toEqual([]);
        expect(preview.warnings.join("\n")).toContain(`Room "webinar": expiresAt is no longer declared, but the API cannot clear an expiry, so the room is still deleted at ${kept} UTC`);
        await engine.destroy();
    });
});
