/**
 * The package as a user gets it: `npm pack` once per suite, then each example copied to a folder outside the
 * repository and `npm install <tarball>` run there, so the example resolves pulumi-vcrooms, @pulumi/pulumi and
 * typescript from its own node_modules and its own package.json, never the repository's. npm's cache holds every
 * dependency after `npm ci`, so the installs work offline.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "../../harness/pulumiCli";

/** Flags of every install: the cache first (offline after `npm ci`), no audit or funding requests. */
export const NPM_INSTALL_FLAGS = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];

const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 300_000 });

/** A temporary folder outside the repository (os.tmpdir() is never inside it), removed by `cleanup`. */
export function outsideRepository(prefix: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    if (!path.relative(ROOT, dir).startsWith("..")) throw new Error(`${dir} is inside the repository ${ROOT}`);
    return dir;
}

/** `npm pack` of the built repository (dist/ made by `npm run build`; `--ignore-scripts` skips prepare's second build). */
export function pack(into: string): string {
    const name = npm(["pack", "--ignore-scripts", "--pack-destination", into, "--loglevel=error"], ROOT).trim().split("\n").pop()!;
    return path.join(into, name);
}

/** Files of an example as the repository holds them: never an in-place install's node_modules, output or stacks. */
const LEFT_BEHIND = new Set(["node_modules", "bin", "package-lock.json", "venv", "sdks"]);

/** Copies examples/<name> into `into` (as folder `as`) and installs the tarball there, as its README says; returns the folder. */
export function installExample(name: string, tarball: string, into: string, as = name): string {
    const dir = path.join(into, as);
    fs.cpSync(path.join(ROOT, "examples", name), dir, {
        recursive: true,
        filter: (source) => !LEFT_BEHIND.has(path.basename(source)) && !/^Pulumi\.[^.]+\.yaml$/.test(path.basename(source)),
    });
    npm(["install", tarball, ...NPM_INSTALL_FLAGS], dir);
    return dir;
}

/** The examples that are Node.js projects (python-rooms, which has a package.json for the plugin only, is run by test/cli/python*.test.ts). */
export const NODE_EXAMPLES = fs.readdirSync(path.join(ROOT, "examples")).filter((e) => fs.existsSync(path.join(ROOT, "examples", e, "tsconfig.json"))).sort();
