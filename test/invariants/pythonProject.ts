/**
 * The Python face of the invariant harnesses: a project of the plugin face whose program uses the Python SDK that
 * `pulumi install` generates from the plugin, run by upstream's Python language host. Its virtualenv is layered over
 * the shared one (PULUMI_PYTHON_VENV, scripts/pulumi-python's: the `pulumi` package), as test/cli/python.test.ts's
 * projects are, and holds the SDK installed once per run for every harness (sharedBuild.ts), so the harnesses pay for
 * one SDK install and nothing from PyPI. One project per harness, stepped through its cases by rewriting its program
 * (`__main__.py`, or the data the program reads).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { layeredVirtualenv, locatePythonVenv, OFFLINE_PIP_ENV, PLUGIN_FOLDER, PulumiProject, ROOT } from "../../harness/pulumiCli";
import { cli, cliDir } from "../cli/support";
import { outsideRepository } from "../cli/install";
import { builtOnce, contentKey } from "./sharedBuild";

/** The shared virtualenv, or why Python cannot run here (under CI, locatePythonVenv throws instead). */
export const python = "skip" in cli ? cli : locatePythonVenv();

/** Why the Python face cannot run here, or nothing. */
export const pythonMissing = (): string | undefined =>
    "skip" in python ? python.skip : fs.existsSync(path.join(cliDir, "pulumi-language-python")) ? undefined : `no pulumi-language-python in ${cliDir}`;

/** The `pulumi` requirement of examples/python-rooms: the version the shared virtualenv holds. */
const PULUMI_REQUIREMENT = fs.readFileSync(path.join(ROOT, "examples/python-rooms/requirements.txt"), "utf8").match(/^pulumi==\S+$/m)![0];

/** A Python project's Pulumi.yaml: the plugin from this repository, the virtualenv `venv` (an absolute path). */
const pulumiYaml = (name: string, venv: string) => JSON.stringify({ name, runtime: { name: "python", options: { virtualenv: venv } }, packages: { vcrooms: PLUGIN_FOLDER } }, null, 2) + "\n";

/**
 * The virtualenv holding the generated SDK, made once per run (sharedBuild.ts), keyed by the requirement and the
 * plugin's schema (from which `pulumi install` generates the SDK): a project of its own, its virtualenv layered over
 * the shared one, where `pulumi install` generates the SDK and installs it. No stack.
 */
function builtVirtualenv(): Promise<string> {
    if ("skip" in python) throw new Error(python.skip);
    const shared = python.dir;
    const schema = fs.readFileSync(path.join(ROOT, "schema.json"), "utf8");
    return builtOnce("python", contentKey([PULUMI_REQUIREMENT, shared, schema]), async (dir) => {
        const venv = path.join(dir, "venv");
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), pulumiYaml("vcrooms-invariants-python", venv));
        fs.writeFileSync(path.join(dir, "requirements.txt"), `${PULUMI_REQUIREMENT}\n`);
        layeredVirtualenv(venv, shared);
        await new PulumiProject({ cliDir, folder: dir, env: OFFLINE_PIP_ENV }).must(["install"]);
    }).then((dir) => path.join(dir, "venv"));
}

/**
 * A Python project of the plugin face, its stack configured for the emulator as a user's is (apiUrl, the key a
 * secret), with `files` (`__main__.py` at least) as its program, run in the virtualenv built once per run
 * (`builtVirtualenv`: the SDK `pulumi install` generated, installed), which nothing the project runs writes into.
 */
export async function pythonProject(
    name: string,
    emulator: RunningEmulator,
    files: Record<string, string>,
    config: Record<string, string> = {},
    secretConfig: Record<string, string> = {},
    env: Record<string, string> = {},
): Promise<PulumiProject> {
    const venv = await builtVirtualenv();
    const dir = outsideRepository(`${name}-`);
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), pulumiYaml(name, venv));
    fs.writeFileSync(path.join(dir, "requirements.txt"), `${PULUMI_REQUIREMENT}\n`);
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    const project = new PulumiProject({ cliDir, folder: dir, env: { ...OFFLINE_PIP_ENV, ...env } });
    return project.init({ "vcrooms:apiUrl": emulator.baseUrl, ...config }, { "vcrooms:developerKey": emulator.developerKey, ...secretConfig });
}
