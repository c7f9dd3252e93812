/**
 * TeamDefaults restore on destroy: the API refuses an empty logo or favicon on write, and one
 * PATCH applies all or nothing; so what can be put back is, what cannot is named in a warning, and an error that
 * stops the restore names the way out. A record of the originals left by a killed create is taken over only where the
 * team has not been changed since.
 */
import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import { control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 });
const { api } = env;

describe("restore of team defaults that set images", () => {
    it("an error names the way out; then destroy puts back what it can and warns of the rest", async () => {
        const before = (await api("GET", "/")).body;
        expect(before).toMatchObject({ custom_logo: null, favicon: null, palette_mode: "light" });
        const engine = engineFor(env.emulator, "restore-images");
        const up = await engine.up(async () => {
            new sdk.TeamDefaults("branding", { paletteMode: "dark", customLogo: "https://cdn.example.com/logo.png", favicon: "https://cdn.example.com/favicon.ico", sessionLength: 90 });
        });
        expect(up.errors).toEqual([]);

        await control(env.emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/", status: 500, body: { message: "Server Error", error: "error" } });
        const stopped = await engine.destroy();
        expect(stopped.errors.join("\n")).toContain('Unable to restore team defaults "branding": PATCH / failed: 500 Server Error. To leave the team defaults as they are instead, declare the resource with restoreOnDestroy: false and run pulumi up before removing it');

        // The API refuses one of the values (say, a rule changed since): the others still go back.
        await control(env.emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/", status: 422, body: { message: "No longer allowed.", errors: { palette_mode: ["No longer allowed."] } } });
        const destroy = await engine.destroy();
        expect(destroy.errors).toEqual([]);
        expect(destroy.warnings.join("\n")).toContain(
            'team defaults "branding": not put back, set them by hand if they matter: customLogo (it was empty, and the API takes no empty value), favicon (it was empty, and the API takes no empty value), paletteMode (No longer allowed.)',
        );
        expect((await api("GET", "/")).body).toMatchObject({ palette_mode: "dark", session_length: null, custom_logo: "https://cdn.example.com/logo.png" });
        expect(Object.keys(engine.resources())).toEqual([]);
    });

    it("an answer that echoes a value being put back does not show it: the team's values before the take-over are kept as secrets", async () => {
        // Another stack gave the team this consent message as a secret; this TeamDefaults took it over and would put it back.
        const canary = "cnryRestoreEcho4k";
        expect((await api("PATCH", "/", { consent_message: canary })).status).toBe(200);
        const engine = engineFor(env.emulator, "restore-echo");
        const up = await engine.up(async () => {
            new sdk.TeamDefaults("echoed", { consentMessage: "Ours, declared in this stack." });
        });
        expect(up.errors).toEqual([]);
        const echo = { message: "The given data was invalid.", errors: { consent_message: [`${canary} is too fancy`] } };
        await control(env.emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/", status: 422, body: echo, count: 3 });
        const refused = await engine.destroy();
        expect([...refused.errors, ...refused.warnings].join("\n"), "the API's answer was reported").toContain("is too fancy");
        expect([...refused.errors, ...refused.warnings].join("\n")).not.toContain(canary);
        await control(env.emulator, "POST", "/reset");
    });
});

describe("a record of the team's original values left by a killed create", () => {
    it("is taken only for the settings the team still holds as that create left them: one set by hand since is put back as set by hand, named in a warning without its value", async () => {
        const before = (await api("GET", "/")).body;
        const engine = engineFor(env.emulator, "restore-killed");
        const program = async () => void new sdk.TeamDefaults("defaults", { consentMessage: "Program consent f11", lobbyMessage: "Program lobby f11", chatEnabled: !before.chat_enabled });
        expect((await engine.up(program)).errors).toEqual([]);
        // The CLI killed after the create's write, before the state was saved: the team holds the program's values, no
        // state holds the resource (the engine drops an interrupted create), and the record of the originals is left.
        fs.rmSync((engine as unknown as { options: { stateFile: string } }).options.stateFile);
        // Later, by hand (an admin in the dashboard): the consent message only.
        expect((await api("PATCH", "/", { consent_message: "Hand consent f11" })).status).toBe(200);

        const again = await engine.up(program);
        expect(again.errors).toEqual([]);
        const warned = again.warnings.join("\n");
        expect(warned).toContain("team defaults: the record of the team's values from before Pulumi changed them is not used: for consentMessage, which the team holds at other values");
        expect(warned).not.toMatch(/lobbyMessage|chatEnabled|Hand consent|Program consent/);
        expect((await engine.destroy()).errors).toEqual([]);
        // The hand-set consent message back, and the others as they were before the killed create.
        expect((await api("GET", "/")).body).toMatchObject({ consent_message: "Hand consent f11", lobby_message: before.lobby_message, chat_enabled: before.chat_enabled });
    });
});
