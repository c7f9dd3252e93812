/**
 * The examples' pure parts, without an engine: gitops' rooms.yaml validation (each error names the file, the
 * room and the field) and usage-report's Markdown table and SVG chart for the figures the real-CLI test seeds
 * (test/examples/readmeCommands.test.ts runs both programs whole, as their READMEs say, through the real CLI).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readRooms, RoomsFileError } from "../../examples/gitops/rooms";
import { barChart, markdown, type Usage } from "../../examples/usage-report/report";

describe("examples/gitops: rooms.yaml", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-gitops-parts-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    let n = 0;
    const fileWith = (text: string) => {
        const file = path.join(dir, `rooms-${++n}.yaml`);
        fs.writeFileSync(file, text);
        return file;
    };
    const failure = (file: string) => {
        try {
            readRooms(file);
        } catch (e) {
            expect(e).toBeInstanceOf(RoomsFileError);
            return (e as Error).message;
        }
        throw new Error(`${file} was accepted`);
    };

    it("reads the example's own file", () => {
        const rooms = readRooms(path.resolve(__dirname, "../../examples/gitops/rooms.yaml"));
        expect(rooms.length).toBeGreaterThan(0);
        for (const room of rooms) expect(room.name).toMatch(/^[a-z0-9][a-z0-9._~-]{2,31}$/);
    });

    it.each([
        ["a value against its rule", "rooms:\n  - name: ops\n    privacy: secret\n", 'room "ops": field "privacy" must be "public" or "private"; got "secret"'],
        ["a field that is not a room field", "rooms:\n  - name: ops\n    colour: red\n", 'room "ops": field "colour" is not a room field (fields: name, friendlyUrl,'],
        ["an entry without a name, by position", "rooms:\n  - name: ops\n  - description: Nameless room\n", 'room #2: field "name" is required'],
        ["a name used twice", "rooms:\n  - name: ops\n  - name: ops\n", 'room "ops": field "name" is used by an earlier entry; names must be unique'],
        ["a description too short", "rooms:\n  - name: ops\n    description: x\n", 'room "ops": field "description" must be 3 to 500 characters; got "x"'],
        ["a count that is not whole", "rooms:\n  - name: ops\n    maxParticipants: 2.5\n", 'room "ops": field "maxParticipants" must be a positive whole number; got 2.5'],
    ])("names the file, the room and the field: %s", (_case, text, expected) => {
        const file = fileWith(text);
        expect(failure(file)).toContain(`${file}: ${expected}`);
    });

    it("names the file for a file that is not a rooms list, or not YAML", () => {
        const noList = fileWith("room:\n  - name: ops\n");
        expect(failure(noList)).toBe(`${noList}: must have a top-level "rooms:" list`);
        const broken = fileWith("rooms:\n  - name: [ops\n");
        expect(failure(broken).startsWith(`${broken}: `)).toBe(true);
    });
});

describe("examples/usage-report: table and chart", () => {
    // Figures of several rooms over a period: March usage only (board's April minutes fall outside).
    const usage: Usage = {
        dateStart: "2026-03-01",
        dateEnd: "2026-03-31",
        teamParticipationMinutes: 515,
        rooms: [
            { friendlyUrl: "sales", description: "Sales floor", participationMinutes: 420 },
            { friendlyUrl: "support", description: "Support desk", participationMinutes: 95 },
            { friendlyUrl: "board", description: "Board room", participationMinutes: 0 },
        ],
    };

    it("draws one bar per room, scaled to the largest, labelled with its minutes", () => {
        const svg = barChart(usage);
        const bars = [...svg.matchAll(/<g data-room="([^"]+)" data-minutes="(\d+)">\s*<text[^>]*>[^<]*<\/text>\s*<rect [^>]*width="(\d+)"/g)].map((m) => [m[1], Number(m[2]), Number(m[3])]);
        expect(bars).toEqual([["sales", 420, 400], ["support", 95, 90], ["board", 0, 0]]);
        expect(svg).toContain("(team: 515)");
        expect(svg).toContain("<title>Participation minutes per room, 2026-03-01 to 2026-03-31</title>");
    });

    it("tabulates each room's minutes and share of the team", () => {
        const md = markdown(usage);
        expect(md).toContain("# Room usage, 2026-03-01 to 2026-03-31");
        expect(md).toContain("Team participation minutes: **515**");
        expect(md).toContain("| sales | Sales floor | 420 | 81.6 % |");
        expect(md).toContain("| support | Support desk | 95 | 18.4 % |");
        expect(md).toContain("| board | Board room | 0 | 0.0 % |");
    });

    it("keeps room text from breaking the table or the SVG", () => {
        const odd: Usage = { ...usage, teamParticipationMinutes: 0, rooms: [{ friendlyUrl: "r&d", description: "A | B <b>", participationMinutes: 0 }] };
        expect(markdown(odd)).toContain("| r&d | A \\| B <b> | 0 | - |");
        const svg = barChart(odd);
        expect(svg).toContain('data-room="r&amp;d"');
        expect(svg).not.toContain("<b>");
    });
});
