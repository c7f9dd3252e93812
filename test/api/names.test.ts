import { describe, expect, it } from "vitest";
import { deepKeysToCamel, keysToCamel, toApiName, toCamelName } from "../../provider/model/names";

describe("names: snake_case <-> camelCase", () => {
    it.each([
        ["friendly_url", "friendlyUrl"],
        ["hd_video_quality", "hdVideoQuality"],
        ["e2ee_enabled", "e2eeEnabled"],
        ["virtual_backgrounds_v2_enabled", "virtualBackgroundsV2Enabled"],
        ["recording_breakout_autostart_enabled", "recordingBreakoutAutostartEnabled"],
        ["id", "id"],
    ])("%s <-> %s", (api, camel) => {
        expect(toCamelName(api)).toBe(camel);
        expect(toApiName(camel)).toBe(api);
    });

    it("renames top-level keys only, and deep keys on request", () => {
        const record = { default_role: { display_name: "Mod" }, max_participants: 5 };
        expect(keysToCamel(record)).toEqual({ defaultRole: { display_name: "Mod" }, maxParticipants: 5 });
        expect(deepKeysToCamel({ roles: [{ display_name: "A" }] })).toEqual({ roles: [{ displayName: "A" }] });
    });
});
