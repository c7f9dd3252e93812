/**
 * The Python face of the invariant harnesses: a project of the plugin face whose program uses the Python SDK that
 * `pulumi install` generates from the plugin, run by upstream's Python language host. Its virtualenv is layered over
 * the shared one (PULUMI_PYTHON_VENV, scripts/pulumi-python's: the `pulumi` package), as test/cli/python.test.ts's
 * projects are, so a harness pays for one SDK install and nothing from PyPI. One project per harness, stepped through
 * its cases by rewriting its program (`__main__.py`, or the data the program reads).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { locatePythonVenv, PLUGIN_FOLDER, PulumiProject, ROOT } from "../../harness/pulumiCli";
import { cli, cliDir } from "../cli/support";
import { outsideRepository } from "../cli/install";

/** The shared virtualenv, or why Python cannot run here (under CI, locatePythonVenv throws instead). */
export const python = "skip" in cli ? cli : locatePythonVenv();

/** Why the Python face cannot run here, or nothing. */
export const pythonMissing = (): string | undefined =>
    "skip" in python ? python.skip : fs.existsSync(path.join(cliDir, "pulumi-language-python")) ? undefined : `no pulumi-language-python in ${cliDir}`;

/** The `pulumi` requirement of examples/python-rooms: the version the shared virtualenv holds. */
const PULUMI_REQUIREMENT = fs.readFileSync(path.join(ROOT, "examples/python-rooms/requirements.txt"), "utf8").match(/^pulumi==\S+$/m)![0];

/**
 * A Python project of the plugin face, its SDK generated and installed (`pulumi install`), its stack configured for the
 * emulator as a user's is (apiUrl, the key a secret), with `files` (`__main__.py` at least) as its program.
 */
export async function pythonProject(
    name: string,
    emulator: RunningEmulator,
    files: Record<string, string>,
    config: Record<string, string> = {},
    secretConfig: Record<string, string> = {},
    env: Record<string, string> = {},
): Promise<PulumiProject> {
    if ("skip" in python) throw new Error(python.skip);
    const source = outsideRepository(`${name}-source-`);
    fs.writeFileSync(path.join(source, "Pulumi.yaml"), `name: ${name}\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n`);
    fs.writeFileSync(path.join(source, "requirements.txt"), `${PULUMI_REQUIREMENT}\n`);
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(source, file), text);
    const project = new PulumiProject({ cliDir, name, python: { source, shared: python.dir, packages: { vcrooms: PLUGIN_FOLDER } }, env });
    fs.rmSync(source, { recursive: true, force: true });
    await project.must(["install"]);
    return project.init({ "vcrooms:apiUrl": emulator.baseUrl, ...config }, { "vcrooms:developerKey": emulator.developerKey, ...secretConfig });
}
