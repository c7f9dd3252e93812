/**
 * schema.json stays compatible with 0.1.0's (test/upgrade/0.1.0/schema.json) under the same major version of
 * package.json: no resource, function, type, property or enum value removed, no type changed, no input newly
 * required, no required output made optional, no property moved between inputs and outputs. The comparer is shown
 * to name each kind of break, for every resource, function and enum of the baseline.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { majorOf, schemaBreaks } from "./schemaBreaks";

const ROOT = path.resolve(__dirname, "../..");
const BASELINE_VERSION = "0.1.0";
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"));
const baseline = read(`test/upgrade/${BASELINE_VERSION}/schema.json`);
const current = read("schema.json");
const version: string = read("package.json").version;

/** A copy of the baseline changed by `edit`. */
const edited = (edit: (s: any) => void) => {
    const copy = structuredClone(baseline);
    edit(copy);
    return copy;
};

describe("schema compatibility with 0.1.0", () => {
    it(`schema.json breaks nothing of ${BASELINE_VERSION}'s, unless package.json's major version is bumped`, () => {
        const breaks = schemaBreaks(baseline, current);
        if (majorOf(version) > majorOf(BASELINE_VERSION)) return;
        expect(breaks, `schema.json breaks ${BASELINE_VERSION}'s (test/upgrade/${BASELINE_VERSION}/schema.json) at ${version}`).toEqual([]);
    });

    it("the baseline is compatible with itself", () => {
        expect(schemaBreaks(baseline, structuredClone(baseline))).toEqual([]);
    });

    it("names a removed resource or function, and each removed or retyped property of every resource and function", () => {
        for (const token of Object.keys(baseline.resources)) {
            expect(schemaBreaks(baseline, edited((s) => delete s.resources[token]))).toEqual([`resource ${token}: removed`]);
            for (const name of Object.keys(baseline.resources[token].properties)) {
                const breaks = schemaBreaks(baseline, edited((s) => delete s.resources[token].properties[name]));
                expect(breaks, `${token} ${name}`).toContain(`resource ${token} output ${name}: removed`);
                const retyped = schemaBreaks(baseline, edited((s) => (s.resources[token].properties[name] = { type: "object", description: "retyped" })));
                expect(retyped.some((b) => b.startsWith(`resource ${token} output ${name}: type changed`)), `${token} ${name}`).toBe(true);
            }
            for (const name of Object.keys(baseline.resources[token].inputProperties ?? {})) {
                const breaks = schemaBreaks(baseline, edited((s) => delete s.resources[token].inputProperties[name]));
                expect(breaks, `${token} ${name}`).toContain(`resource ${token} input ${name}: removed`);
            }
        }
        for (const token of Object.keys(baseline.functions)) {
            expect(schemaBreaks(baseline, edited((s) => delete s.functions[token]))).toEqual([`function ${token}: removed`]);
            for (const name of Object.keys(baseline.functions[token].outputs.properties)) {
                expect(schemaBreaks(baseline, edited((s) => delete s.functions[token].outputs.properties[name]))).toContain(`function ${token} output ${name}: removed`);
            }
        }
    });

    it("names a removed value of every enum", () => {
        const enums = Object.entries(baseline.types).filter(([, t]: [string, any]) => Array.isArray(t.enum));
        expect(enums.length).toBeGreaterThan(0);
        for (const [token, type] of enums as Array<[string, any]>) {
            const value = type.enum.at(-1).value;
            expect(schemaBreaks(baseline, edited((s) => s.types[token].enum.pop()))).toEqual([`type ${token}: enum value ${JSON.stringify(value)} removed`]);
        }
    });

    it("names an input newly required, a required output made optional, and an output moved to the inputs", () => {
        const room = "vcrooms:index:Room";
        const optionalInput = Object.keys(baseline.resources[room].inputProperties).find((p) => !(baseline.resources[room].requiredInputs ?? []).includes(p))!;
        expect(schemaBreaks(baseline, edited((s) => (s.resources[room].requiredInputs = [...(s.resources[room].requiredInputs ?? []), optionalInput])))).toEqual([
            `resource ${room} input ${optionalInput}: newly required`,
        ]);
        const requiredOutput = baseline.resources[room].required[0];
        expect(schemaBreaks(baseline, edited((s) => (s.resources[room].required = s.resources[room].required.slice(1))))).toEqual([`resource ${room} output ${requiredOutput}: was required, now optional`]);
        // An output only (not an input of the same name) made an input only, in every resource.
        for (const token of Object.keys(baseline.resources)) {
            const outputOnly = Object.keys(baseline.resources[token].properties).filter((p) => !(p in (baseline.resources[token].inputProperties ?? {})));
            for (const name of outputOnly) {
                const moved = schemaBreaks(baseline, edited((s) => {
                    s.resources[token].inputProperties = { ...s.resources[token].inputProperties, [name]: s.resources[token].properties[name] };
                    delete s.resources[token].properties[name];
                }));
                expect(moved, `${token} ${name}`).toContain(`resource ${token} output ${name}: moved from output to input`);
            }
        }
        const fn = "vcrooms:index:getRoom";
        const fnInput = Object.keys(baseline.functions[fn].inputs.properties).find((p) => !(baseline.functions[fn].inputs.required ?? []).includes(p))!;
        expect(schemaBreaks(baseline, edited((s) => (s.functions[fn].inputs.required = [...(s.functions[fn].inputs.required ?? []), fnInput])))).toEqual([`function ${fn} input ${fnInput}: newly required`]);
        const providerInput = Object.keys(baseline.provider.inputProperties)[0]!;
        expect(schemaBreaks(baseline, edited((s) => delete s.provider.inputProperties[providerInput]))).toEqual([`provider input ${providerInput}: removed`]);
    });
});
