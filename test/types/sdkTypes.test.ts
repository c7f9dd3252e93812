/** sdk/generated.ts, the SDK's documented argument and output interfaces, is what the declarations render. */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { renderSdkTypes } from "../../codegen/sdkTypes";

const FILE = path.resolve(__dirname, "../../sdk/generated.ts");

it("sdk/generated.ts matches the declarations", () => {
    const rendered = renderSdkTypes();
    if (process.env.UPDATE_SDK_TYPES) fs.writeFileSync(FILE, rendered);
    expect(fs.readFileSync(FILE, "utf8")).toBe(rendered);
});
