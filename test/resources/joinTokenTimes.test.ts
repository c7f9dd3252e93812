/**
 * JoinToken's time inputs at check (pure, no engine, no API): every time that could not be issued as written, or
 * would issue the token again on every up, is refused naming the field, the rule and the value.
 */
import { describe, expect, it } from "vitest";
import { joinToken } from "../../provider/declarations/joinToken";
import { checkInputs } from "../../provider/resources/check";

const NOW = new Date("2026-06-01T12:00:00Z");
const check = (inputs: Record<string, unknown>) => checkInputs(joinToken, { room: "board", ...inputs }, NOW).map((f) => f.reason);

describe("JoinToken time inputs at check", () => {
    it("refuses renewBefore longer than what is left of an absolute expiresAt", () => {
        const reasons = check({ expiresAt: "2026-06-02 12:00:00", renewBefore: "48h" });
        expect(reasons).toHaveLength(1);
        expect(reasons[0]).toMatch(/^renewBefore must be shorter than what is left until expiresAt \(2026-06-02 12:00:00 UTC\).*got "48h"$/);
        expect(check({ expiresAt: "2026-06-02 12:00:00", renewBefore: "12h" })).toEqual([]);
    });

    it("refuses an absolute expiresAt in the past", () => {
        for (const expiresAt of ["2026-05-31 12:00:00", Math.floor(NOW.getTime() / 1000) - 1]) {
            const reasons = check({ expiresAt });
            expect(reasons).toHaveLength(1);
            expect(reasons[0]).toMatch(/^expiresAt must be in the future \(now 2026-06-01 12:00:00 UTC\)/);
            expect(reasons[0]).toContain(`got ${JSON.stringify(expiresAt)}`);
        }
        expect(check({ expiresAt: 60 })).toEqual([]);
    });

    it("refuses notBefore at or after expiresAt", () => {
        const reasons = check({ notBefore: "2026-07-01 00:00:00", expiresAt: "2026-06-30 00:00:00" });
        expect(reasons).toHaveLength(1);
        expect(reasons[0]).toMatch(/^notBefore must be before the token's expiry \(2026-06-30 00:00:00 UTC\).*got "2026-07-01 00:00:00"$/);
        // Minutes from issue end at now plus the minutes.
        expect(check({ notBefore: "2026-06-01 13:00:00", expiresAt: 30 })[0]).toMatch(/^notBefore must be before the token's expiry \(2026-06-01 12:30:00 UTC\)/);
        expect(check({ notBefore: "2026-06-01 13:00:00", expiresAt: "2026-06-01 14:00:00" })).toEqual([]);
    });

    it("refuses dates and times that do not exist instead of rolling them over", () => {
        for (const [field, value] of [["expiresAt", "2030-02-30 10:00:00"], ["expiresAt", "2030-01-01 24:00:00"], ["notBefore", "2030-02-30T10:00:00Z"], ["notBefore", "2030-01-01T24:00+02:00"], ["expiresAt", "2030-13-01 10:00:00"], ["expiresAt", "2030-01-01 10:60:00"]] as const) {
            const reasons = check({ [field]: value });
            expect(reasons, `${field} ${value}`).toHaveLength(1);
            expect(reasons[0]!.startsWith(`${field} must be `)).toBe(true);
            expect(reasons[0]!.endsWith(`a real date and time (no 30 February, no 24:00); got ${JSON.stringify(value)}`)).toBe(true);
        }
        expect(check({ expiresAt: "2028-02-29 23:59:59" })).toEqual([]);
    });

    it("refuses a number beyond any date (1e300) instead of failing at up", () => {
        const reasons = check({ expiresAt: 1e300 });
        expect(reasons).toHaveLength(1);
        expect(reasons[0]).toMatch(/^expiresAt must be .*at most 253402300799 \(9999-12-31 23:59:59 UTC\); got 1e\+300$/);
        expect(check({ notBefore: 1e300 })[0]).toMatch(/^notBefore must be .*at most 253402300799/);
    });
});
