/**
 * The plugin schema's types are real types: no property (of a resource, a function's arguments or result, the
 * provider, or an object type) is an array of `Any`, every closed set of strings is an enum type, and the schema
 * names its publisher, repository and plugin download URL from package.json.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { packageSchema, packageVersion } from "../../provider/plugin/schema";

const schema = packageSchema(packageVersion()) as unknown as Record<string, unknown>;
const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../package.json"), "utf8")) as { author: string; repository: { url: string } };

/** Every property spec of the schema, with where it is. */
function properties(node: unknown, at: string, into: Array<[string, Record<string, unknown>]> = []): Array<[string, Record<string, unknown>]> {
    if (node === null || typeof node !== "object") return into;
    for (const [key, value] of Object.entries(node)) {
        if (["properties", "inputProperties"].includes(key) && value && typeof value === "object") {
            for (const [name, spec] of Object.entries(value)) into.push([`${at}.${key}.${name}`, spec as Record<string, unknown>]);
        }
        properties(value, `${at}.${key}`, into);
    }
    return into;
}

const isAny = (t: unknown): boolean => (t as { $ref?: string } | undefined)?.$ref === "pulumi.json#/Any";

describe("the plugin schema's types", () => {
    it("has no property that is an array of Any", () => {
        const found = properties(schema, "schema");
        expect(found.length).toBeGreaterThan(300);
        const anyArrays = found.filter(([, p]) => p.type === "array" && isAny(p.items)).map(([at]) => at);
        expect(anyArrays).toEqual([]);
    });

    it("gives the function results and purge triggers object or scalar item types", () => {
        const functions = schema.functions as Record<string, { outputs: { properties: Record<string, { items?: { $ref?: string } }> } }>;
        expect(functions["vcrooms:index:getRoomChat"]!.outputs.properties.messages!.items).toEqual({ $ref: "#/types/vcrooms:index:ChatMessage" });
        expect(functions["vcrooms:index:getRoomTranscripts"]!.outputs.properties.transcripts!.items).toEqual({ $ref: "#/types/vcrooms:index:TranscriptEntry" });
        expect(functions["vcrooms:index:getRooms"]!.outputs.properties.rooms!.items).toEqual({ $ref: "#/types/vcrooms:index:RoomListItem" });
        expect(functions["vcrooms:index:getRoles"]!.outputs.properties.roles!.items).toEqual({ $ref: "#/types/vcrooms:index:Role" });
        const purge = (schema.resources as Record<string, { inputProperties: Record<string, unknown> }>)["vcrooms:index:RoomContentPurge"]!;
        expect(purge.inputProperties.triggers).toMatchObject({ type: "array", items: { oneOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }] } });
    });

    it("makes auth and the other closed sets of strings enum types", () => {
        const types = schema.types as Record<string, { type: string; enum?: Array<{ name: string; value: string }> }>;
        expect(types["vcrooms:index:Auth"]!.enum!.map((e) => e.value)).toEqual(["bearer", "basic"]);
        expect((schema.config as { variables: Record<string, unknown> }).variables.auth).toMatchObject({ $ref: "#/types/vcrooms:index:Auth" });
        expect(types["vcrooms:index:Privacy"]!.enum!.map((e) => e.value)).toEqual(["public", "private"]);
        expect(types["vcrooms:index:ContentKind"]!.enum!.map((e) => e.value)).toContain("recordings");
        const room = (schema.resources as Record<string, { inputProperties: Record<string, unknown> }>)["vcrooms:index:Room"]!;
        expect(room.inputProperties.toolbarPosition).toMatchObject({ $ref: "#/types/vcrooms:index:ToolbarPosition" });
        // Generated SDKs need an identifier per value: unique within each enum, not starting with a digit.
        for (const [name, t] of Object.entries(types).filter(([, t]) => t.enum)) {
            const names = t.enum!.map((e) => e.name);
            expect(new Set(names).size, name).toBe(names.length);
            for (const n of names) expect(n, name).toMatch(/^[A-Za-z]\w*$/);
        }
    });

    it("names its publisher, repository and plugin download URL from package.json", () => {
        const repository = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
        expect(schema.publisher).toBe(manifest.author);
        expect(schema.repository).toBe(repository);
        expect(repository).toBe("https://github.com/vcrooms/pulumi-vcrooms");
        // The GitHub releases of the repository, where the archives `npm run release:plugin` makes would be published.
        expect(schema.pluginDownloadURL).toBe("github://api.github.com/vcrooms/pulumi-vcrooms");
        // Every generated SDK asks for this plugin version; the Go SDK is the module <repository>/sdk/go.
        expect(schema.language).toMatchObject({
            python: { respectSchemaVersion: true },
            nodejs: { respectSchemaVersion: true },
            go: { importBasePath: "github.com/vcrooms/pulumi-vcrooms/sdk/go/vcrooms", respectSchemaVersion: true },
        });
        expect(schema.meta).toEqual({ supportPack: true });
    });
});
