/**
 * `diff` and the compare kinds, called directly (pulumi-go-provider's lesson: an untested diff
 * compared a value with itself). Each compare kind is a table of {declared, live, same} rows; a
 * kind of the settings table without rows fails the test.
 */
import { describe, expect, it } from "vitest";
import { SETTINGS, type CompareKind } from "../../provider/model/settings";
import { room, teamDefaults } from "../../provider/declarations";
import { imageDigest, sameValue } from "../../provider/model/compare";
import { diffOf } from "../../provider/resources/diff";

const LOGO = "data:image/png;base64,iVBORw0KGgo=";
const LOGO_URL = "https://cdn.example.com/logo.png";
const moderator = { id: "r-1", name: "moderator", display_name: "Moderator" };
const attendee = { id: "r-3", name: "attendee", display_name: "Attendee" };

type Row = { declared: unknown; live: unknown; same: boolean; upload?: { digest: string; url: unknown }; known?: Array<{ id: string; name: string }> };

const ROWS: Record<CompareKind, Row[]> = {
    exact: [
        { declared: "abc", live: "abc", same: true },
        { declared: "abc", live: "abd", same: false },
        { declared: 50, live: 50, same: true },
        { declared: ["en", "de-DE"], live: ["en", "de-DE"], same: true },
        { declared: ["en", "de-DE"], live: ["de-DE", "en"], same: false },
        { declared: true, live: undefined, same: false },
    ],
    colour: [
        { declared: "#ABC", live: "#aabbcc", same: true },
        { declared: "#ABCDEF", live: "#abcdef", same: true },
        { declared: "#abc", live: "#abcabc", same: false },
    ],
    role: [
        { declared: "moderator", live: moderator, same: true },
        { declared: "r-1", live: moderator, same: true },
        { declared: "attendee", live: moderator, same: false },
        { declared: "moderator", live: null, same: false },
    ],
    roleList: [
        { declared: ["moderator", "attendee"], live: [moderator, attendee], same: true },
        { declared: ["attendee", "moderator"], live: [moderator, attendee], same: false },
        { declared: ["moderator"], live: [moderator, attendee], same: false },
        { declared: null, live: null, same: true },
    ],
    roleIdList: [
        { declared: ["moderator"], live: ["r-1"], same: true, known: [moderator] },
        { declared: ["r-1"], live: ["r-1"], same: true },
        { declared: ["moderator"], live: ["r-1"], same: false },
        { declared: ["attendee"], live: ["r-1"], same: false, known: [moderator, attendee] },
    ],
    namedList: [
        { declared: ["Group A", "Group B"], live: [{ id: "b-1", name: "Group A" }, { id: "b-2", name: "Group B" }], same: true },
        { declared: ["Group A"], live: [{ id: "b-1", name: "Group B" }], same: false },
        { declared: null, live: null, same: true },
        { declared: ["Group A"], live: null, same: false },
    ],
    image: [
        { declared: LOGO_URL, live: LOGO_URL, same: true },
        { declared: LOGO, live: LOGO_URL, same: true, upload: { digest: imageDigest(LOGO), url: LOGO_URL } },
        { declared: LOGO, live: "https://cdn.example.com/other.png", same: false, upload: { digest: imageDigest(LOGO), url: LOGO_URL } },
        { declared: LOGO, live: LOGO_URL, same: false },
    ],
    numberString: [
        { declared: "64", live: 64, same: true },
        { declared: "64", live: "64", same: true },
        { declared: "64", live: "128", same: false },
        { declared: "64", live: null, same: false },
    ],
    datetime: [
        { declared: "2027-01-02 03:04:05", live: "2027-01-02T03:04:05Z", same: true },
        { declared: "2027-01-02 03:04:05", live: "2027-01-02T03:04:05.000000Z", same: true },
        { declared: "2027-01-02 03:04:05", live: "2027-01-02T03:04:06Z", same: false },
    ],
    nullableInteger: [
        { declared: null, live: "", same: true },
        { declared: null, live: null, same: true },
        { declared: 60, live: 60, same: true },
        { declared: 60, live: null, same: false },
    ],
    stringSet: [
        { declared: ["a", "b"], live: ["b", "a"], same: true },
        { declared: ["a", "a", "b"], live: ["a", "b"], same: true },
        { declared: ["a"], live: ["a", "b"], same: false },
    ],
};

describe("compare kinds", () => {
    it("every kind the settings table uses has rows", () => {
        for (const kind of new Set(SETTINGS.map((s) => s.compare))) expect(ROWS[kind]?.length ?? 0).toBeGreaterThan(0);
    });

    describe.each(Object.entries(ROWS))("%s", (kind, rows) => {
        it.each(rows)("$declared ~ $live -> $same", ({ declared, live, same, upload, known }) => {
            expect(sameValue(kind as CompareKind, declared, live, upload, known)).toBe(same);
        });
    });
});

/** Outputs as the provider keeps them: the record read back, extra inputs, bookkeeping. */
const roomOutputs = {
    friendlyUrl: "board",
    description: "Board",
    tags: ["a", "b"],
    toolbarColor: "#abcdef",
    roles: [moderator, attendee],
    defaultRole: moderator,
    restreamKey: "k",
    resourceName: "board",
    createdAt: "2027-01-01T00:00:00Z",
    declaredInputs: {},
    imageUploads: {},
};

describe("diff", () => {
    it.each([
        { name: "nothing declared changed", news: { friendlyUrl: "board", description: "Board" }, expected: { changes: false, replaces: [], deleteBeforeReplace: false } },
        { name: "the same values in another form", news: { toolbarColor: "#ABCDEF", roles: ["moderator", "r-3"], defaultRole: "moderator", tags: ["b", "a"] }, expected: { changes: false, replaces: [] } },
        { name: "a setting changed", news: { description: "Board 2" }, expected: { changes: true, replaces: [] } },
        { name: "undeclared settings never count", news: {}, expected: { changes: false } },
        { name: "tags are create-only: replace, deleting first under the same friendly URL", news: { friendlyUrl: "board", tags: ["a"] }, expected: { changes: true, replaces: ["tags"], deleteBeforeReplace: true } },
        { name: "a new friendly URL lets the replacement come first", news: { friendlyUrl: "board-2", tags: ["a"] }, expected: { changes: true, replaces: ["tags"], deleteBeforeReplace: false } },
        { name: "an extra input changed", news: { adoptExisting: true }, expected: { changes: true, replaces: [] } },
        { name: "the resource name is not a change", news: { resourceName: "renamed" }, expected: { changes: false } },
        { name: "a new connection is a change", news: { connection: { teamId: "other" } }, expected: { changes: true, replaces: [] } },
        { name: "a secret changed", news: { restreamKey: "k2" }, expected: { changes: true } },
    ])("Room: $name", ({ news, expected }) => {
        expect(diffOf(room, roomOutputs, news)).toMatchObject({ ...expected, stables: ["id", "createdAt"] });
    });

    it("a setting the outputs lack is as last declared: tags absent from the record never replace", () => {
        const { tags: _absent, ...withoutTags } = roomOutputs;
        const olds = { ...withoutTags, declaredInputs: { tags: ["a", "b"], languages: ["en"] } };
        expect(diffOf(room, olds, { friendlyUrl: "board", tags: ["b", "a"], languages: ["en"] })).toMatchObject({ changes: false, replaces: [] });
        expect(diffOf(room, olds, { friendlyUrl: "board", tags: ["a"] })).toMatchObject({ changes: true, replaces: ["tags"] });
        expect(diffOf(room, olds, { friendlyUrl: "board", languages: ["en", "de-DE"] })).toMatchObject({ changes: true, replaces: ["languages"] });
        // A team defaults' languages is an ordinary setting: a change is an update.
        expect(diffOf(teamDefaults, { languages: ["en"] }, { languages: ["de-DE"] })).toMatchObject({ changes: true, replaces: [] });
    });

    it.each([
        { news: { paletteMode: "dark" }, expected: { changes: false } },
        { news: { paletteMode: "light" }, expected: { changes: true, replaces: [] } },
        { news: { paletteMode: "dark", restoreOnDestroy: false }, expected: { changes: true, replaces: [] } },
    ])("TeamDefaults: $news -> $expected", ({ news, expected }) => {
        expect(diffOf(teamDefaults, { paletteMode: "dark", domain: "acme" }, news)).toMatchObject(expected);
    });
});
