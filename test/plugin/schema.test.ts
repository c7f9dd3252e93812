/**
 * The plugin's package schema: pinned as schema.json (the file `pulumi package gen-sdk` and the Python SDK are
 * built from; `UPDATE_SCHEMA=1 npx vitest run test/plugin/schema.test.ts` rewrites it after a declaration
 * changes), and checked against the declarations it is derived from.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { toCamelName } from "../../provider/model/names";
import { settingsFor } from "../../provider/model/settings";
import { CONNECTION_FIELDS, PROVIDER_CONFIG } from "../../provider/model/connection";
import { secretInputs, userExtras } from "../../provider/declarations/derive";
import { declarations } from "../../provider/declarations";
import { functions } from "../../provider/functions";
import { packageSchema, packageVersion } from "../../provider/plugin/schema";
import { invokeFunction, type FunctionName } from "../../provider";
import { startEmulator } from "../../emulator";

const file = path.resolve(__dirname, "../../schema.json");
const schema = packageSchema(packageVersion());
type Prop = { description?: string; secret?: boolean; type?: string; $ref?: string; items?: unknown; oneOf?: unknown[] };
type Spec = { description: string; inputProperties: Record<string, Prop>; properties: Record<string, Prop> };

describe("the vcrooms package schema", () => {
    it("is the committed schema.json", () => {
        const rendered = `${JSON.stringify(schema, null, 2)}\n`;
        if (process.env.UPDATE_SCHEMA) fs.writeFileSync(file, rendered);
        expect(fs.readFileSync(file, "utf8")).toBe(rendered);
    });

    it("marks the inputs a kind cannot exist without as required, and the outputs always set, so generated SDKs need no undefined checks", () => {
        const resources = schema.resources as Record<string, { requiredInputs: string[]; required: string[] }>;
        expect(resources["vcrooms:index:JoinToken"]!.requiredInputs).toEqual(["room"]);
        expect(resources["vcrooms:index:RoomContentPurge"]!.requiredInputs).toEqual(["room"]);
        expect(resources["vcrooms:index:Room"]!.requiredInputs).toEqual([]);
        expect(resources["vcrooms:index:Room"]!.required).toContain("roomUrl");
        expect(resources["vcrooms:index:JoinToken"]!.required).toEqual(expect.arrayContaining(["room", "token", "link"]));
        // Absent when not set: not required.
        expect(resources["vcrooms:index:JoinToken"]!.required).not.toContain("expiresAt");
    });

    it("marks the room's friendlyUrl (generated when omitted) and every result field a function always returns as required, so strict users need no `!`", () => {
        const resources = schema.resources as Record<string, { required: string[] }>;
        expect(resources["vcrooms:index:Room"]!.required).toContain("friendlyUrl");
        const functions = schema.functions as Record<string, { outputs: { properties: Record<string, unknown>; required?: string[] } }>;
        expect(functions["vcrooms:index:getRooms"]!.outputs.required).toEqual(["rooms"]);
        expect(functions["vcrooms:index:getRoles"]!.outputs.required).toEqual(["roles"]);
        expect(functions["vcrooms:index:getRoom"]!.outputs.required).toEqual(expect.arrayContaining(["id", "friendlyUrl", "roomUrl"]));
        expect(functions["vcrooms:index:getRoom"]!.outputs.required).not.toContain("expiresAt");
        // Every function says which of its results it always returns; each one it names is a result field.
        for (const [name, f] of Object.entries(functions)) {
            expect(f.outputs.required, name).toBeDefined();
            for (const field of f.outputs.required!) expect(Object.keys(f.outputs.properties), name).toContain(field);
        }
    });

    it("names the package, its version, and the provider's configuration (the developer key secret)", () => {
        expect(schema.name).toBe("vcrooms");
        expect(schema.version).toBe(JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../package.json"), "utf8")).version);
        expect(Object.keys(schema.config.variables).sort()).toEqual(["apiUrl", "auth", "developerKey", "requestsPerMinute", "teamId"]);
        expect(schema.provider.inputProperties).toEqual(schema.config.variables);
        for (const [name, field] of Object.entries(PROVIDER_CONFIG)) {
            expect(schema.config.variables[name]).toMatchObject({ description: field.description, ...(field.secret ? { secret: true } : {}) });
        }
        expect(schema.config.variables.developerKey!.secret).toBe(true);
        expect(schema.config.variables.requestsPerMinute!.type).toBe("integer");
        expect(Object.keys((schema.types["vcrooms:index:Connection"] as { properties: Record<string, Prop> }).properties).sort()).toEqual(Object.keys(CONNECTION_FIELDS).sort());
        expect((schema.types["vcrooms:index:Connection"] as { properties: Record<string, Prop> }).properties.developerKey!.secret).toBe(true);
    });

    it("has every resource kind, with each setting and extra input of its declaration, its outputs, and their descriptions", () => {
        expect(Object.keys(schema.resources).sort()).toEqual(["vcrooms:index:JoinToken", "vcrooms:index:Room", "vcrooms:index:RoomContentPurge", "vcrooms:index:TeamDefaults"]);
        for (const d of Object.values(declarations)) {
            const spec = schema.resources[`vcrooms:index:${d.type}`] as Spec;
            expect(spec.description).toBe(d.description);
            const settings = d.scope === undefined ? [] : settingsFor(d.scope);
            const inputs = [...settings.map((s) => toCamelName(s.name)), ...userExtras(d).map(([n]) => n)];
            expect(Object.keys(spec.inputProperties).sort(), d.type).toEqual([...inputs].sort());
            for (const s of settings) expect(spec.inputProperties[toCamelName(s.name)]!.description).toBe(s.description);
            // Extra inputs and outputs: their description first, then what the reference has in columns (allowed values, when omitted, format).
            for (const [name, e] of userExtras(d)) expect(spec.inputProperties[name]!.description!.startsWith(e.description), `${d.type}.${name}`).toBe(true);
            for (const [name, o] of Object.entries(d.outputs)) {
                expect(spec.properties[name]!.description!.startsWith(o.description), `${d.type}.${name}`).toBe(true);
                expect(spec.properties[name]!.secret === true, `${d.type}.${name} secret`).toBe(o.secret === true);
            }
            // Every input is also an output (a resource's state shows what it holds).
            for (const name of inputs) expect(spec.properties[name], `${d.type}.${name}`).toBeDefined();
            // Secret inputs: whole values marked secret; a connection's key is secret in its type.
            for (const [name, which] of secretInputs(d)) {
                if (which === true) {
                    expect(spec.inputProperties[name]!.secret, `${d.type}.${name}`).toBe(true);
                    expect(spec.properties[name]!.secret, `${d.type}.${name}`).toBe(true);
                } else {
                    expect(spec.inputProperties[name]!.$ref).toBe("#/types/vcrooms:index:Connection");
                }
            }
        }
        const room = schema.resources["vcrooms:index:Room"] as Spec;
        expect(room.inputProperties.restreamKey!.secret).toBe(true);
        expect(room.inputProperties.maxParticipants!.type).toBe("integer");
        expect(room.inputProperties.roles).toMatchObject({ type: "array", items: { type: "string" } });
        expect(room.properties.roles).toMatchObject({ type: "array", items: { $ref: "#/types/vcrooms:index:RoleRef" } });
        const token = schema.resources["vcrooms:index:JoinToken"] as Spec;
        expect(token.properties.token!.secret).toBe(true);
        expect(token.properties.link!.secret).toBe(true);
    });

    it("has every data function, with its arguments (connection included) and descriptions", () => {
        expect(Object.keys(schema.functions).sort()).toEqual(Object.keys(functions).map((n) => `vcrooms:index:${n}`).sort());
        for (const f of Object.values(functions)) {
            const spec = schema.functions[`vcrooms:index:${f.name}`]!;
            expect(spec.description.startsWith(f.description)).toBe(true);
            expect(Object.keys(spec.inputs.properties).sort()).toEqual([...Object.keys(f.args), "connection"].sort());
            expect(spec.inputs.required).toEqual(Object.entries(f.args).filter(([, a]) => (a as { required?: boolean }).required).map(([n]) => n));
            expect(Object.keys(spec.outputs.properties).length, f.name).toBeGreaterThan(0);
        }
        expect(Object.keys(schema.functions["vcrooms:index:getRoom"]!.outputs.properties)).toEqual(expect.arrayContaining(["id", "friendlyUrl", "roomUrl", "roles"]));
    });

    it("types function results the way generated Python SDKs check them (an Any field must be a dict there; unlisted fields are dropped)", () => {
        const stats = schema.functions["vcrooms:index:getRoomStatistics"]!.outputs.properties as Record<string, Prop>;
        expect([stats.roomId?.type, stats.dateStart?.type, stats.dateEnd?.type, stats.participationMinutes?.type]).toEqual(["string", "string", "string", "number"]);
        const team = schema.functions["vcrooms:index:getTeamStatistics"]!.outputs.properties as Record<string, Prop>;
        expect([team.teamId?.type, team.rooms?.type, team.captionsMinutes?.type]).toEqual(["string", "number", "number"]);
        expect((schema.functions["vcrooms:index:exportRoomTranscripts"]!.outputs.properties as Record<string, Prop>).content?.type).toBe("string");
        expect((schema.functions["vcrooms:index:getRooms"]!.outputs.properties as Record<string, Prop>).rooms?.type).toBe("array");
    });
});

describe("the function results the schema marks required", () => {
    it("are in what each function returns from the emulator (a generated SDK's required field the provider omitted would fail there)", async () => {
        const emulator = await startEmulator({});
        try {
            const config: Record<string, string> = { "vcrooms:apiUrl": emulator.baseUrl, "vcrooms:developerKey": emulator.developerKey, "vcrooms:teamId": emulator.teamId };
            const stack = { get: (key: string) => config[key] };
            const created = await fetch(`${emulator.baseUrl}/rooms`, { method: "POST", headers: { authorization: `Bearer ${emulator.developerKey}`, "content-type": "application/json" }, body: JSON.stringify({ friendly_url: "required-fields" }) });
            expect(created.status).toBe(200);
            const args: Record<string, Record<string, unknown>> = { getRole: { role: "moderator" } };
            for (const name of ["getRoom", "getRoomStatistics", "getRoomChat", "getRoomTranscripts", "exportRoomTranscripts"]) args[name] = { room: "required-fields" };
            const functions = schema.functions as Record<string, { outputs: { required: string[] } }>;
            const missing: string[] = [];
            for (const [tok, f] of Object.entries(functions)) {
                const name = tok.split(":")[2]! as FunctionName;
                const result = (await invokeFunction(name, args[name] ?? {}, stack)) as Record<string, unknown>;
                for (const field of f.outputs.required) if (result[field] === undefined || result[field] === null) missing.push(`${name}.${field}`);
            }
            expect(missing).toEqual([]);
        } finally {
            await emulator.close();
        }
    });
});
