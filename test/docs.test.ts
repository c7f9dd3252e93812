/** docs/reference.md is generated from the settings table; this keeps it in step. */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { renderReference } from "../provider/api/reference";
import { ROOM_EXTRA_INPUTS } from "../provider/resources/room";
import { TEAM_DEFAULTS_EXTRA_INPUTS } from "../provider/resources/teamDefaults";

it("docs/reference.md matches the settings table", () => {
    const file = path.resolve(__dirname, "../docs/reference.md");
    const rendered = renderReference({ room: ROOM_EXTRA_INPUTS.filter((e) => e.name !== "resourceName"), defaults: TEAM_DEFAULTS_EXTRA_INPUTS });
    if (process.env.UPDATE_DOCS) fs.writeFileSync(file, rendered);
    expect(fs.readFileSync(file, "utf8")).toBe(rendered);
});
