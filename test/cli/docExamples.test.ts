/**
 * What the docs show compiles and runs: every example of docs/resources/*.md and docs/installation-configuration.md,
 * taken from the committed Markdown (its ```ts, ```python, ```go and ```yaml blocks, as a reader copies them), runs
 * through the real Pulumi CLI against the emulator in each of the four languages, all pages as ONE program per
 * language (one install, one Go compile, one preview each):
 * - TypeScript as the pages say: the packed npm package installed in a folder outside the repository, each page's
 *   block a module of the program, type-checked strictly and run by upstream's Node.js host; then the same blocks
 *   with the plugin face's import, on the SDK `pulumi package add` generates (type-check and preview);
 * - Python on the SDK `pulumi install` generates from the installed package's plugin (upstream's Python host);
 * - Go on the SDK `pulumi package add ./node_modules/pulumi-vcrooms/plugin` generates, compiled by upstream's Go host;
 *   each page's `main` becomes a function of one package main (the only change made to the text);
 * - Pulumi YAML, `runtime: yaml`, the pages' `resources:` merged into one Pulumi.yaml.
 * Each language previews exactly the resources the pages declare, then goes up (the emulator then holds the rooms
 * and team defaults with the values the YAML blocks declare: the four languages say the same) and is destroyed.
 *
 * The pages are generated (codegen/resourcePages.ts); test/resourcePages.test.ts and test/package/docs.test.ts say
 * whether the committed pages are the generator's, without a CLI. This test proves the committed text itself.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { apiCaller } from "../support/http";
import { toApiName } from "../../provider/model/names";
import { locatePythonVenv, PulumiProject, ROOT, type JsonStep } from "../../harness/pulumiCli";
import { outsideRepository } from "./install";
import { addGeneratedSdk, cli, cliDir, compileProgram, GO_PULUMI_SDK, installedProject } from "./support";

const PAGES = [...fs.readdirSync(path.join(ROOT, "docs/resources")).sort().map((f) => `docs/resources/${f}`), "docs/installation-configuration.md"];
const FENCES = ["ts", "python", "go", "yaml"] as const;
type Fence = (typeof FENCES)[number];

/** A page's code blocks by language: exactly one of each, in the pages' fixed order. */
function examplesOf(page: string): Record<Fence, string> {
    const text = fs.readFileSync(path.join(ROOT, page), "utf8");
    const blocks = [...text.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!] as const).filter(([fence]) => (FENCES as readonly string[]).includes(fence));
    expect(blocks.map(([fence]) => fence), page).toEqual([...FENCES]);
    return Object.fromEntries(blocks) as Record<Fence, string>;
}

const examples = PAGES.map((page) => ({ page, module: path.basename(page, ".md").replace(/\W/g, "_").toLowerCase(), code: examplesOf(page) }));

interface YamlProgram {
    name: string;
    runtime: string;
    packages: Record<string, string>;
    resources: Record<string, { type: string; properties: Record<string, unknown> }>;
}

/** The pages' Pulumi.yaml files as one: the same header on every page, resource names unique across them. */
function mergedYaml(): YamlProgram {
    const programs = examples.map((e) => yaml.load(e.code.yaml) as YamlProgram);
    const resources: YamlProgram["resources"] = {};
    for (const [i, program] of programs.entries()) {
        expect({ ...program, resources: undefined }, examples[i]!.page).toEqual({ ...programs[0]!, resources: undefined });
        for (const [name, resource] of Object.entries(program.resources)) {
            expect(resources[name], `${name} is declared on two pages`).toBeUndefined();
            resources[name] = resource;
        }
    }
    return { ...programs[0]!, resources };
}

const program = mergedYaml();
/** What the pages declare, `<Type> <name>` (the YAML's types are `vcrooms:<Type>`), sorted. */
const declared = Object.entries(program.resources).map(([name, r]) => `${r.type.replace(/^vcrooms:/, "")} ${name}`).sort();
/** The friendly URLs the pages' rooms ask for. */
const friendlyUrls = Object.values(program.resources).filter((r) => r.type === "vcrooms:Room").map((r) => r.properties.friendlyUrl as string).sort();

/**
 * The plan's creates of our resources, as `<Type> <name>`: the plugin face's by their type token, the dynamic face's
 * (one type for every kind) by the name the pages gave them.
 */
function planned(steps: JsonStep[]): string[] {
    const kindOf = new Map(declared.map((d) => [d.split(" ")[1]!, d.split(" ")[0]!]));
    return steps
        .filter((s) => s.op === "create" && (s.type.startsWith("vcrooms:index:") || s.type.startsWith("pulumi-nodejs:dynamic")))
        .map((s) => `${s.type.startsWith("vcrooms:index:") ? s.type.slice("vcrooms:index:".length) : kindOf.get(s.name)} ${s.name}`)
        .sort();
}

/** The Go block of a page as a function of one package main: `func main() { pulumi.Run(func(ctx) error {...}) }` to `func <name>(ctx) error {...}`. */
function goFunction(code: string, name: string): string {
    const head = "func main() {\n\tpulumi.Run(func(ctx *pulumi.Context) error {\n";
    const tail = "\t})\n}\n";
    expect(code.includes(head) && code.endsWith(tail), "the Go example's shape").toBe(true);
    return code.replace(head, `func ${name}(ctx *pulumi.Context) error {\n`).slice(0, -tail.length) + "}\n";
}

const python = "skip" in cli ? cli : locatePythonVenv();
let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

describe.skipIf("skip" in python)("the docs' examples in every language, through the real Pulumi CLI", { timeout: 1_800_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });

    it("the pages declare every resource kind, with names and friendly URLs unique across them", () => {
        expect(new Set(declared.map((d) => d.split(" ")[0]))).toEqual(new Set(["Room", "TeamDefaults", "JoinToken", "RoomContentPurge"]));
        expect(new Set(friendlyUrls).size).toBe(friendlyUrls.length);
    });

    /** Preview plans exactly the pages' resources; up makes the rooms in the emulator; destroy removes them. */
    async function runs(project: PulumiProject, language: string): Promise<void> {
        await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
        const preview = await project.preview();
        expect(preview.code, `${language} preview:\n${preview.stdout}\n${preview.stderr}`).toBe(0);
        expect(planned(preview.steps), language).toEqual(declared);

        const up = await project.up([], { preview: false }); // the plan was just checked
        expect(up.code, `${language} up:\n${up.stdout}\n${up.stderr}`).toBe(0);
        // Every language's blocks say the same: the emulator holds each room and the team's defaults with the values
        // the YAML blocks declare (a reference's value, such as a room's id, is not a literal to compare).
        const rooms = (await apiCaller(emulator)("GET", "/rooms")).body.data as Array<Record<string, unknown>>;
        expect(rooms.map((r) => r.friendly_url).sort(), language).toEqual(friendlyUrls);
        const teamDefaults = (await apiCaller(emulator)("GET", "/")).body as Record<string, unknown>;
        for (const [name, r] of Object.entries(program.resources)) {
            const record = r.type === "vcrooms:Room" ? rooms.find((room) => room.friendly_url === r.properties.friendlyUrl) : r.type === "vcrooms:TeamDefaults" ? teamDefaults : undefined;
            if (!record) continue;
            for (const [property, value] of Object.entries(r.properties)) expect(record[toApiName(property)], `${language}: ${name}.${property}`).toEqual(value);
        }

        const destroy = await project.destroy([], { preview: false });
        expect(destroy.code, `${language} destroy:\n${destroy.stdout}\n${destroy.stderr}`).toBe(0);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count, language).toBe(0);
    }

    // One installation of the packed package serves the four programs: its plugin folder is what the Python, Go and
    // YAML programs name (`./node_modules/pulumi-vcrooms/plugin`, through a link to its node_modules).
    let installed: PulumiProject;
    const linkInstalled = (dir: string) => fs.symlinkSync(path.join(installed.dir, "node_modules"), path.join(dir, "node_modules"), "dir");

    it("TypeScript: each page's block, as a module of one program on the npm package, type-checks and runs; with the plugin face's import, it type-checks and plans the same", async () => {
        installed = installedProject("doc-examples-ts");
        projects.push(installed);
        for (const e of examples) fs.writeFileSync(path.join(installed.dir, `${e.module}.ts`), e.code.ts);
        fs.writeFileSync(path.join(installed.dir, "index.ts"), examples.map((e) => `import "./${e.module}.js";`).join("\n") + "\n");
        compileProgram(installed);
        await runs(installed, "TypeScript");

        // The plugin face's TypeScript is the same text with the generated SDK's import (docs/assumptions.md): the
        // blocks so changed type-check against the SDK `pulumi package add` generates and plan the same resources.
        await addGeneratedSdk(installed);
        const dynamicImport = 'import * as vcrooms from "pulumi-vcrooms";';
        for (const e of examples) {
            expect(e.code.ts.startsWith(dynamicImport), e.page).toBe(true);
            fs.writeFileSync(path.join(installed.dir, `${e.module}.ts`), e.code.ts.replace(dynamicImport, 'import * as vcrooms from "@vcrooms/pulumi";'));
        }
        compileProgram(installed);
        const preview = await installed.preview();
        expect(preview.code, `plugin-face TypeScript preview:\n${preview.stdout}\n${preview.stderr}`).toBe(0);
        expect(preview.steps.filter((s) => s.op === "create" && s.type.startsWith("vcrooms:index:")).map((s) => `${s.type.slice("vcrooms:index:".length)} ${s.name}`).sort()).toEqual(declared);
    });

    it("Python: each page's block, as a module of one program on the SDK generated from the plugin, runs", async () => {
        const source = outsideRepository("doc-examples-py-source-");
        fs.writeFileSync(path.join(source, "Pulumi.yaml"), "name: doc-examples-py\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n");
        fs.writeFileSync(path.join(source, "requirements.txt"), "pulumi==3.259.0\n");
        for (const e of examples) fs.writeFileSync(path.join(source, `${e.module}.py`), e.code.python);
        fs.writeFileSync(path.join(source, "__main__.py"), examples.map((e) => `import ${e.module}  # noqa: F401`).join("\n") + "\n");
        const project = new PulumiProject({
            cliDir,
            name: "doc-examples-py",
            python: { source, shared: "dir" in python ? python.dir : "", packages: { vcrooms: path.join(installed.dir, "node_modules/pulumi-vcrooms/plugin") } },
        });
        projects.push(project);
        fs.rmSync(source, { recursive: true, force: true });
        await project.must(["install"]);
        await runs(project, "Python");
    });

    it("Go: each page's block, as a function of one program on the SDK `pulumi package add` generates, compiles and runs", async () => {
        const dir = outsideRepository("doc-examples-go-");
        linkInstalled(dir);
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: doc-examples-go\nruntime: go\n");
        fs.writeFileSync(path.join(dir, "go.mod"), `module doc-examples-go\n\ngo 1.25\n\nrequire ${GO_PULUMI_SDK}\n`);
        const functions = examples.map((e) => `example_${e.module}`);
        examples.forEach((e, i) => fs.writeFileSync(path.join(dir, `${e.module}.go`), goFunction(e.code.go, functions[i]!)));
        fs.writeFileSync(
            path.join(dir, "main.go"),
            [
                "package main",
                "",
                'import "github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
                "",
                "func main() {",
                "\tpulumi.Run(func(ctx *pulumi.Context) error {",
                `\t\tfor _, example := range []func(*pulumi.Context) error{${functions.join(", ")}} {`,
                "\t\t\tif err := example(ctx); err != nil {",
                "\t\t\t\treturn err",
                "\t\t\t}",
                "\t\t}",
                "\t\treturn nil",
                "\t})",
                "}",
                "",
            ].join("\n"),
        );
        const project = new PulumiProject({ cliDir, folder: dir });
        projects.push(project);
        await project.must(["package", "add", "./node_modules/pulumi-vcrooms/plugin"]);
        // What the installation page says `pulumi package add` does to go.mod.
        expect(fs.readFileSync(path.join(dir, "go.mod"), "utf8")).toContain("replace github.com/vcrooms/pulumi-vcrooms/sdk/go => ./sdks/vcrooms");
        await runs(project, "Go");
    });

    it("YAML: the pages' Pulumi.yaml files, merged into one, run on the plugin they name", async () => {
        const dir = outsideRepository("doc-examples-yaml-");
        linkInstalled(dir);
        expect(program.runtime).toBe("yaml");
        // JSON is YAML: the merged program written as the CLI reads it.
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify({ ...program, name: "doc-examples-yaml" }, null, 2) + "\n");
        const project = new PulumiProject({ cliDir, folder: dir });
        projects.push(project);
        await runs(project, "YAML");
    });
});
