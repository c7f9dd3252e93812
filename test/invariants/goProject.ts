/**
 * The Go face of the invariant harnesses: a project of the plugin face whose program (declaredResources.go) declares,
 * through the Go SDK `pulumi install` generates from the plugin, the resources a `program.json` beside it lists. The
 * program is built once (`go build -trimpath`, over the Pulumi Go SDK scripts/go-warm compiled) into the binary
 * Pulumi.yaml names, so upstream's Go host runs it at each command instead of building the program again; a step
 * rewrites only program.json. One project per harness.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { PulumiProject, ROOT } from "../../harness/pulumiCli";
import { declarations } from "../../provider/declarations";
import { cli, cliDir, GO_PULUMI_SDK } from "../cli/support";
import { outsideRepository } from "../cli/install";

const PROGRAM = path.join(ROOT, "test/invariants/declaredResources.go");

/** Why Go cannot run here, or nothing. */
export function goMissing(): string | undefined {
    if ("skip" in cli) return cli.skip;
    if (!fs.existsSync(path.join(cliDir, "pulumi-language-go"))) return `no pulumi-language-go in ${cliDir}`;
    try {
        execFileSync("go", ["version"], { stdio: "ignore" });
        return undefined;
    } catch {
        return "no `go` on PATH";
    }
}

/** A resource of program.json: what YAML's `resources:` holds (`${name.output}` for another resource's output). */
export interface GoResource {
    readonly name: string;
    readonly type: string;
    readonly properties: Record<string, unknown>;
    readonly dependsOn?: readonly string[];
    /** An explicit provider: a resource of type `pulumi:providers:vcrooms` declared before it. */
    readonly provider?: string;
}

/** What the built program reads (declaredResources.go says how): the resources in order, the outputs it exports. */
export interface GoProgram {
    readonly resources: readonly GoResource[];
    /** By type (`vcrooms:Room`), the outputs of each resource of it exported as `<resource>_<output>`. */
    readonly exports?: Record<string, readonly string[]>;
    /** The resource whose id the data function getRoom reads. */
    readonly getRoomOf?: string;
}

/** Writes the program a step declares where the built program reads it. */
export function writeGoProgram(dir: string, program: GoProgram): void {
    fs.writeFileSync(path.join(dir, "program.json"), JSON.stringify(program, null, 1));
}

/**
 * The Go project, configured for the emulator as a user's is, its SDK generated and its program built, declaring
 * `program`. A kind of the declarations the program has no constructor for fails here, naming it. `options.env` is
 * given to every command of the project; `options.secretConfig` is set as the stack's secret config.
 */
export async function goProject(name: string, emulator: RunningEmulator, program: GoProgram, options: { env?: Record<string, string>; secretConfig?: Record<string, string> } = {}): Promise<PulumiProject> {
    const source = fs.readFileSync(PROGRAM, "utf8");
    const missing = Object.values(declarations).filter((d) => !source.includes(`vcrooms.New${d.type}(`));
    if (missing.length > 0) throw new Error(`${PROGRAM} declares no constructor for ${missing.map((d) => d.type).join(", ")}`);
    const dir = outsideRepository(`${name}-`);
    const pulumiYaml = { name, runtime: { name: "go", options: { binary: "./program" } }, packages: { vcrooms: "./node_modules/pulumi-vcrooms/plugin" } };
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(pulumiYaml, null, 2));
    // examples/go-rooms's module files: the Pulumi Go SDK it requires is the one scripts/go-warm compiled.
    const goMod = fs.readFileSync(path.join(ROOT, "examples/go-rooms/go.mod"), "utf8");
    if (!goMod.includes(GO_PULUMI_SDK)) throw new Error(`examples/go-rooms/go.mod requires no ${GO_PULUMI_SDK}`);
    fs.writeFileSync(path.join(dir, "go.mod"), goMod);
    fs.copyFileSync(path.join(ROOT, "examples/go-rooms/go.sum"), path.join(dir, "go.sum"));
    fs.copyFileSync(PROGRAM, path.join(dir, "main.go"));
    fs.mkdirSync(path.join(dir, "node_modules"));
    fs.symlinkSync(ROOT, path.join(dir, "node_modules", "pulumi-vcrooms"), "dir");
    writeGoProgram(dir, program);
    const project = await new PulumiProject({ cliDir, folder: dir, env: options.env }).init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey, ...options.secretConfig });
    // Generates the SDK into sdks/vcrooms and points go.mod's replace there.
    await project.must(["install"]);
    const build = await project.runFile("go", ["build", "-trimpath", "-o", "program", "."], { env: { GOTOOLCHAIN: "local" } });
    if (build.code !== 0) throw new Error(`go build of ${dir} failed:\n${build.stdout}\n${build.stderr}`);
    return project;
}
