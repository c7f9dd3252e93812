/**
 * The Go face of the invariant harnesses: a project of the plugin face whose program (declaredResources.go) declares,
 * through the Go SDK `pulumi install` generates from the plugin, the resources a `program.json` beside it lists. The
 * program is built once (`go build -trimpath`, over the Pulumi Go SDK scripts/go-warm compiled) into the binary
 * Pulumi.yaml names, so upstream's Go host runs it at each command instead of building the program again; a step
 * rewrites only program.json. One build per run, shared by every harness (sharedBuild.ts); one project per harness.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { PulumiProject, ROOT } from "../../harness/pulumiCli";
import { declarations } from "../../provider/declarations";
import { cli, cliDir, GO_PULUMI_SDK } from "../cli/support";
import { outsideRepository } from "../cli/install";
import { builtOnce, contentKey } from "./sharedBuild";

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

/** The Go project's files before `pulumi install`: the binary Pulumi.yaml names, the module files, the program. */
function writeGoSources(dir: string, name: string, binary: string): void {
    const pulumiYaml = { name, runtime: { name: "go", options: { binary } }, packages: { vcrooms: "./node_modules/pulumi-vcrooms/plugin" } };
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(pulumiYaml, null, 2));
    fs.copyFileSync(PROGRAM, path.join(dir, "main.go"));
    fs.mkdirSync(path.join(dir, "node_modules"));
    fs.symlinkSync(ROOT, path.join(dir, "node_modules", "pulumi-vcrooms"), "dir");
}

/**
 * The program built once per run (sharedBuild.ts), keyed by its source, the module files and the plugin's schema
 * (from which `pulumi install` generates the SDK): a project of its own where `pulumi install` generates the SDK
 * into sdks/vcrooms and points go.mod's replace there, and `go build -trimpath` makes the binary. No stack.
 */
function builtProgram(): Promise<string> {
    const source = fs.readFileSync(PROGRAM, "utf8");
    // examples/go-rooms's module files: the Pulumi Go SDK it requires is the one scripts/go-warm compiled.
    const goMod = fs.readFileSync(path.join(ROOT, "examples/go-rooms/go.mod"), "utf8");
    const goSum = fs.readFileSync(path.join(ROOT, "examples/go-rooms/go.sum"), "utf8");
    const schema = fs.readFileSync(path.join(ROOT, "schema.json"), "utf8");
    return builtOnce("go", contentKey([source, goMod, goSum, schema]), async (dir) => {
        const missing = Object.values(declarations).filter((d) => !source.includes(`vcrooms.New${d.type}(`));
        if (missing.length > 0) throw new Error(`${PROGRAM} declares no constructor for ${missing.map((d) => d.type).join(", ")}`);
        if (!goMod.includes(GO_PULUMI_SDK)) throw new Error(`examples/go-rooms/go.mod requires no ${GO_PULUMI_SDK}`);
        writeGoSources(dir, "vcrooms-invariants-go", "./program");
        fs.writeFileSync(path.join(dir, "go.mod"), goMod);
        fs.writeFileSync(path.join(dir, "go.sum"), goSum);
        const project = new PulumiProject({ cliDir, folder: dir });
        await project.must(["install"]);
        const build = await project.runFile("go", ["build", "-trimpath", "-o", "program", "."], { env: { GOTOOLCHAIN: "local" } });
        if (build.code !== 0) throw new Error(`go build of ${dir} failed:\n${build.stdout}\n${build.stderr}`);
    });
}

/**
 * The Go project, configured for the emulator as a user's is, declaring `program`: its Pulumi.yaml names the binary
 * built once per run (`builtProgram`), its go.mod is the built one's (the replace `pulumi install` wrote) and its
 * sdks/vcrooms a link to the generated SDK, so upstream's Go host finds the plugin as after the user's own install.
 * A kind of the declarations the program has no constructor for fails here, naming it. `options.env` is given to
 * every command of the project; `options.secretConfig` is set as the stack's secret config.
 */
export async function goProject(name: string, emulator: RunningEmulator, program: GoProgram, options: { env?: Record<string, string>; secretConfig?: Record<string, string> } = {}): Promise<PulumiProject> {
    const built = await builtProgram();
    const dir = outsideRepository(`${name}-`);
    writeGoSources(dir, name, path.join(built, "program"));
    fs.copyFileSync(path.join(built, "go.mod"), path.join(dir, "go.mod"));
    fs.copyFileSync(path.join(built, "go.sum"), path.join(dir, "go.sum"));
    fs.symlinkSync(path.join(built, "sdks"), path.join(dir, "sdks"), "dir");
    writeGoProgram(dir, program);
    return new PulumiProject({ cliDir, folder: dir, env: options.env }).init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey, ...options.secretConfig });
}
