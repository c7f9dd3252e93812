/**
 * One room, one resource; one team's defaults, one resource: duplicates in one program
 * fail at preview; a room handed from a resource dropped from the program to one that adopts it is not deleted;
 * a room another resource of the stack manages is not adopted; a name (a state written before the URN was kept) and
 * the URN ending with it are one owner.
 */
import { describe, expect, it } from "vitest";
import { VcroomsPlugin } from "../../provider/plugin/adapter";
import { secretValue } from "../../provider/plugin/secrets";
import { Claims } from "../../provider/resources/claims";
import { Connections } from "../../provider/resources/connections";
import { control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";
import { useEmulator } from "../support/emulator";
import { roomKind } from "../support/kinds";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });
const { api } = env;

describe("duplicates in one program", () => {
    it("two Rooms with one friendlyUrl, and two TeamDefaults of one team, fail at preview before any request", async () => {
        const engine = engineFor(env.emulator, "duplicates");
        await control(env.emulator, "DELETE", "/requests");
        const result = await engine.preview(async () => {
            new sdk.Room("first", { friendlyUrl: "shared-room", adoptExisting: true });
            new sdk.Room("second", { friendlyUrl: "shared-room", adoptExisting: true });
            new sdk.TeamDefaults("defaults", { paletteMode: "dark" });
            new sdk.TeamDefaults("more-defaults", { language: "de-DE" });
        });
        const text = result.errors.join("\n");
        expect(text).toMatch(/friendlyUrl is also declared by Room "(first|second)" of this stack: a room can be managed by one resource only; give each Room its own friendlyUrl; got "shared-room"/);
        expect(text).toMatch(/TeamDefaults "(more-)?defaults" and "(more-)?defaults" both declare the defaults of the team at http:\/\/127\.0\.0\.1:\d+\/api\/v1: a team has one default-settings record/);
        expect(result.errors).toHaveLength(2);
        expect(((await control(env.emulator, "GET", "/requests")) as { total: number }).total).toBe(0);
    });

    it("the same team written another way (localhost for 127.0.0.1, or connection.teamId on one side only) is still one team", async () => {
        const engine = engineFor(env.emulator, "duplicates-aliased");
        await control(env.emulator, "DELETE", "/requests");
        const alias = { apiUrl: env.emulator.baseUrl.replace("127.0.0.1", "localhost"), developerKey: env.emulator.developerKey };
        const named = { teamId: env.emulator.teamId };
        const result = await engine.preview(async () => {
            new sdk.Room("first", { friendlyUrl: "aliased-room" });
            new sdk.Room("second", { friendlyUrl: "aliased-room", connection: alias });
            new sdk.Room("third", { friendlyUrl: "named-room" });
            new sdk.Room("fourth", { friendlyUrl: "named-room", connection: named });
            new sdk.TeamDefaults("defaults", { paletteMode: "dark" });
            new sdk.TeamDefaults("aliased-defaults", { language: "de-DE", connection: alias });
            new sdk.TeamDefaults("named-defaults", { language: "de-DE", connection: named });
        });
        const text = result.errors.join("\n");
        expect(text).toMatch(/Room "(first|second)" of this stack: a room can be managed by one resource only; give each Room its own friendlyUrl; got "aliased-room"/);
        expect(text).toMatch(/Room "(third|fourth)" of this stack: a room can be managed by one resource only; give each Room its own friendlyUrl; got "named-room"/);
        expect(text.match(/both declare the defaults of the team/g)).toHaveLength(2);
        expect(((await control(env.emulator, "GET", "/requests")) as { total: number }).total).toBe(0);
    });
});

describe("who owns a claim", () => {
    const type = "pulumi-nodejs:dynamic/vcrooms:TeamDefaults";
    const urn = (parents: string, name: string, stack = "dev") => `urn:pulumi:${stack}::project::${parents}${type}::${name}`;

    it("a name (a state written before the URN was kept) and the URN ending with it are one owner, either first; a URN of another name is another", () => {
        for (const [first, second] of [["td", urn("", "td")], [urn("", "td"), "td"], ["a::b", urn("my:Comp$", "a::b")]]) {
            const claims = new Claims();
            expect(claims.claim("the team's defaults", first!)).toBeUndefined();
            expect(claims.claim("the team's defaults", second!), `${first} then ${second}`).toBeUndefined();
        }
        const claims = new Claims();
        claims.claim("the team's defaults", "td");
        expect(claims.claim("the team's defaults", urn("", "other"))).toBe("td");
        expect(claims.claim("the team's defaults", "other")).toBe("td");
    });

    it("two URNs of one name, under two parents or of two stacks, are two owners", () => {
        for (const other of [urn("my:Comp$", "td"), urn("", "td", "prod")]) {
            const claims = new Claims();
            claims.claim("the team's defaults", urn("", "td"));
            expect(claims.claim("the team's defaults", other)).toBe(urn("", "td"));
        }
    });
});

describe("a room of another stack", () => {
    it("a create refused on another stack's room names that stack and not adoptExisting; adoptExisting refuses it, unless the program declares the room's mark as externalId", async () => {
        const prod = engineFor(env.emulator, "owner-prod", { stack: "prod" });
        expect((await prod.up(async () => void new sdk.Room("board", { friendlyUrl: "shared-board", description: "Prod board" }))).errors).toEqual([]);
        const made = (await api("GET", "/rooms/shared-board")).body;
        // The mark names the stack that made the room.
        expect(made.external_id).toMatch(/^pulumi-vcrooms:[0-9a-f]{24}@vcrooms-test\/prod$/);

        const dev = engineFor(env.emulator, "owner-dev", { stack: "dev" });
        const taken = await dev.up(async () => void new sdk.Room("board", { friendlyUrl: "shared-board", description: "Dev board" }));
        const refusal = taken.errors.join("\n");
        expect(refusal).toContain(`friendlyUrl: The friendly url has already been taken. (stack vcrooms-test/prod made it (its externalId ${JSON.stringify(made.external_id)} is the mark of that stack's Room)`);
        // The hand-over that keeps the room is named: forgetting it in that stack, not removing it from that program.
        expect(refusal).toContain(`to hand it over with its content, in stack vcrooms-test/prod run \`pulumi state delete\` with its Room's URN (or set retainOnDelete: true on that Room and then remove it from that program; removing it alone deletes the room), then declare here externalId ${JSON.stringify(made.external_id)} with adoptExisting: true; adoptExisting alone does not take it`);
        expect(refusal).not.toContain("drop the room from that stack");
        expect(refusal).not.toContain("set adoptExisting: true");

        await control(env.emulator, "DELETE", "/requests");
        const adopt = await dev.up(async () => void new sdk.Room("board", { friendlyUrl: "shared-board", description: "Dev board", adoptExisting: true }));
        expect(adopt.errors.join("\n")).toContain('Unable to create room "board" (friendly URL shared-board): it is not adopted: stack vcrooms-test/prod made it');
        const writes = ((await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string }> }).entries.filter((e) => e.method !== "GET");
        expect(writes).toEqual([]);
        expect((await api("GET", "/rooms/shared-board")).body.description).toBe("Prod board");

        // Naming the room's own mark is the deliberate way to take a room that stack no longer manages.
        const deliberate = await dev.up(async () => void new sdk.Room("board", { friendlyUrl: "shared-board", description: "Dev board", adoptExisting: true, externalId: made.external_id }));
        expect(deliberate.errors).toEqual([]);
        const taken2 = (await api("GET", "/rooms/shared-board")).body;
        expect([taken2.id, taken2.description]).toEqual([made.id, "Dev board"]);
    });
});

describe("pulumi import of a room another stack made (the plugin's import read: an id, no inputs)", () => {
    const roomUrn = (stack: string, name: string) => ({ urn: `urn:pulumi:${stack}::vcrooms-test::vcrooms:index:Room::${name}` });

    it("is refused without a write, naming the stack its mark names and the hand-over; a mark of this stack or of no stack (0.1.0's) is imported", async () => {
        const prod = engineFor(env.emulator, "import-owner-prod", { stack: "prod" });
        expect((await prod.up(async () => void new sdk.Room("board", { friendlyUrl: "imported-board", description: "Prod board" }))).errors).toEqual([]);
        const made = (await api("GET", "/rooms/imported-board")).body;
        expect(made.external_id).toMatch(/@vcrooms-test\/prod$/);
        const plugin = new VcroomsPlugin("0.1.0");
        plugin.configure({ apiUrl: env.emulator.baseUrl, developerKey: secretValue(env.emulator.developerKey) });

        await control(env.emulator, "DELETE", "/requests");
        const refused = plugin.read(roomUrn("dev", "taken"), "imported-board", {}, {});
        await expect(refused).rejects.toThrow(`Unable to import room "taken": it is not imported: stack vcrooms-test/prod made it (its externalId ${JSON.stringify(made.external_id)} is the mark of that stack's Room)`);
        await expect(refused).rejects.toThrow(`in stack vcrooms-test/prod run \`pulumi state delete\` with its Room's URN`);
        await expect(refused).rejects.toThrow(`then declare here externalId ${JSON.stringify(made.external_id)} with adoptExisting: true`);
        // By UUID too: the mark, not the id given, decides.
        await expect(plugin.read(roomUrn("dev", "taken"), made.id, {}, {})).rejects.toThrow("it is not imported: stack vcrooms-test/prod made it");
        const writes = ((await control(env.emulator, "GET", "/requests")) as { entries: Array<{ method: string }> }).entries.filter((e) => e.method !== "GET");
        expect(writes).toEqual([]);

        // The stack its mark names takes it back (a Room it dropped from its state), its mark left out of the inputs.
        const own = await plugin.read(roomUrn("prod", "again"), "imported-board", {}, {});
        expect(own.id).toBe(made.id);
        expect(own.inputs).not.toHaveProperty("externalId");
        // A mark naming no stack (written by 0.1.0): whose it is cannot be told, and it is imported as adoptExisting takes it.
        const unnamed = String(made.external_id).replace(/@.*$/, "");
        await api("PATCH", `/rooms/${made.id}`, { external_id: unnamed });
        const old = await plugin.read(roomUrn("dev", "taken"), "imported-board", {}, {});
        expect(old.id).toBe(made.id);
        expect(old.inputs).not.toHaveProperty("externalId");
    });
});

describe("a room handed over within the stack", () => {
    it("a Room dropped from the program while another adopts its room leaves the room in place, with a warning", async () => {
        const engine = engineFor(env.emulator, "handover");
        expect((await engine.up(async () => void new sdk.Room("old-name", { friendlyUrl: "handed-over", description: "Kept" }))).errors).toEqual([]);
        const before = (await api("GET", "/rooms/handed-over")).body;

        const handover = await engine.up(async () => void new sdk.Room("new-name", { friendlyUrl: "handed-over", description: "Kept", adoptExisting: true }));
        expect(handover.errors).toEqual([]);
        expect(handover.steps.map((s) => `${s.op} ${s.name}`).sort()).toEqual(["create new-name", "delete old-name"]);
        expect(handover.warnings.join("\n")).toContain('room "old-name" (friendly URL handed-over) is not deleted: Room "new-name" of this stack manages it now');
        expect((await api("GET", "/rooms/handed-over")).body.id).toBe(before.id);

        await engine.destroy();
        expect((await api("GET", "/rooms/handed-over")).status).toBe(404);
    });

    it("adoptExisting refuses a room another resource of the stack manages", async () => {
        const provider = roomKind(new Connections({ VCROOMS_API_URL: env.emulator.baseUrl, VCROOMS_DEVELOPER_KEY: env.emulator.developerKey }).clientFor);
        const created = await provider.create({ resourceName: "owner", friendlyUrl: "owned-room" });
        // The owner's diff in this deployment (it stays in the program, renamed to another friendly URL).
        await provider.diff(created.id, created.outs!, { resourceName: "owner", friendlyUrl: "renamed-room" });
        await expect(provider.create({ resourceName: "taker", friendlyUrl: "owned-room", adoptExisting: true })).rejects.toThrow(
            'Unable to create room "taker" (friendly URL owned-room): it is managed by Room "owner" of this stack; a room can be managed by one resource only',
        );
    });
});
