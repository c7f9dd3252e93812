/**
 * The records a resource keeps outside the state (provider/resources/localRecords.ts): read back under the developer
 * key they were written with, never in clear on disk (names included), unreadable under another key, one per key.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, expect, it } from "vitest";
import { LocalRecords } from "../../provider/resources/localRecords";

const folders: string[] = [];
afterEach(() => {
    for (const f of folders.splice(0)) fs.rmSync(f, { recursive: true, force: true });
});

function store(): { records: LocalRecords; folder: string } {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-records-"));
    folders.push(folder);
    return { records: new LocalRecords(path.join(folder, "team-defaults"), "the values"), folder };
}

const key = { team: "http://127.0.0.1:1/api/v1", stack: "proj/dev", resource: "defaults" };
const developerKey = "k".repeat(40);

it("reads back what was written under the same key, and holds no value or name in clear on disk", () => {
    const { records, folder } = store();
    const values = { consent_message: "canary-5b1e secret consent", language: "en" };
    records.write(key, developerKey, values);
    expect(records.read(key, developerKey)).toEqual({ values });
    const files = fs.readdirSync(path.join(folder, "team-defaults"));
    expect(files).toHaveLength(1);
    const text = files.map((f) => f + fs.readFileSync(path.join(folder, "team-defaults", f), "utf8")).join("\n");
    for (const clear of ["canary-5b1e", "consent_message", "proj/dev", "defaults", "127.0.0.1", developerKey]) expect(text).not.toContain(clear);
});

it("cannot be read under another developer key, and another resource, stack or team has a record of its own", () => {
    const { records } = store();
    records.write(key, developerKey, { language: "en" });
    expect(records.read(key, "x".repeat(40))).toEqual({ unreadable: expect.stringContaining("another developer key") });
    for (const other of [{ ...key, resource: "other" }, { ...key, stack: "proj/prod" }, { ...key, team: "http://127.0.0.1:2/api/v1" }]) expect(records.read(other, developerKey)).toBeUndefined();
    records.remove(key);
    expect(records.read(key, developerKey)).toBeUndefined();
});

it("names the folder and the way out when it cannot write", () => {
    const { folder } = store();
    const blocked = path.join(folder, "a-file");
    fs.writeFileSync(blocked, "");
    const records = new LocalRecords(path.join(blocked, "team-defaults"), "the team's values");
    expect(() => records.write(key, developerKey, {})).toThrow(/the team's values could not be recorded in .*a-file.*set PULUMI_HOME to a writable folder/);
});
