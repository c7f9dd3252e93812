/** sdk/generated.ts, the SDK's documented argument and output interfaces, is what the declarations render. */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import ts from "typescript";
import { renderSdkTypes } from "../../codegen/sdkTypes";
import { functions } from "../../provider/functions";

const FILE = path.resolve(__dirname, "../../sdk/generated.ts");

it("sdk/generated.ts matches the declarations", () => {
    const rendered = renderSdkTypes();
    if (process.env.UPDATE_SDK_TYPES) fs.writeFileSync(FILE, rendered);
    expect(fs.readFileSync(FILE, "utf8")).toBe(rendered);
});

/**
 * What an editor shows on hover is the documentation of the property's symbol in the type the program holds: for
 * every function, each argument of `<Name>Args` and each field of the resolved `<Name>Result`, read through the
 * compiler's checker on the package's own SDK entry.
 */
it("every data function's arguments and result fields carry docs where a program reads them (hover)", () => {
    const program = ts.createProgram([path.resolve(__dirname, "../../sdk/index.ts")], { strict: true, noEmit: true, skipLibCheck: true, esModuleInterop: true, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 });
    const checker = program.getTypeChecker();
    const sdk = checker.getSymbolAtLocation(program.getSourceFile(path.resolve(__dirname, "../../sdk/index.ts"))!)!;
    const exported = new Map(checker.getExportsOfModule(sdk).map((s) => [s.name, s]));
    const undocumented: string[] = [];
    let checked = 0;
    for (const name of Object.keys(functions)) {
        const type = name[0]!.toUpperCase() + name.slice(1);
        for (const part of ["Args", "Result"]) {
            const symbol = exported.get(`${type}${part}`);
            expect(symbol, `${type}${part}`).toBeDefined();
            const declared = checker.getDeclaredTypeOfSymbol(symbol!.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol!) : symbol!);
            for (const property of checker.getPropertiesOfType(declared)) {
                checked++;
                if (ts.displayPartsToString(property.getDocumentationComment(checker)).trim() === "") undocumented.push(`${type}${part}.${property.name}`);
            }
        }
    }
    expect(checked).toBeGreaterThan(300);
    expect(undocumented).toEqual([]);
});
