/**
 * The package as a user gets it: `npm pack` once per run (`packedTarball`), installed from the tarball in a folder
 * outside the repository, so the examples resolve pulumi-vcrooms, @pulumi/pulumi and typescript from that install,
 * never from the repository's node_modules. One install serves every example (`installShared`): the examples ask
 * for the same packages, and each copied into a folder below the install finds them as Node finds a workspace's
 * hoisted node_modules. npm's cache holds every dependency after `npm ci`, so the installs work offline.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { inject } from "vitest";
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

/** Blocks this process for `ms` (the pack is shared by test files in other processes: waiting is all there is to do). */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The run's tarball: the first test file to ask packs it into the run's folder (test/support/packOnce.ts), the
 * others wait for it (bounded: 10 minutes). A `lock` folder, made atomically, says who packs.
 */
export function packedTarball(): string {
    const dir = inject("packDir");
    const done = path.join(dir, "tarball");
    try {
        fs.mkdirSync(path.join(dir, "lock"));
    } catch {
        for (let waited = 0; !fs.existsSync(done); waited += 200) {
            if (waited > 600_000) throw new Error(`no tarball in ${dir} after 10 minutes`);
            sleep(200);
        }
        return fs.readFileSync(done, "utf8");
    }
    const tarball = pack(dir);
    fs.writeFileSync(`${done}.tmp`, tarball);
    fs.renameSync(`${done}.tmp`, done);
    return tarball;
}

/** Files of an example as the repository holds them: never an in-place install's node_modules, output or stacks. */
const LEFT_BEHIND = new Set(["node_modules", "bin", "package-lock.json", "venv", "sdks"]);

/**
 * `npm install <tarball>` once in `into`, with every dependency the Node.js examples declare (the same for all of
 * them but gitops' js-yaml), so that examples copied below `into` (`copyExample`) run on that one install.
 */
export function installShared(tarball: string, into: string): void {
    const dependencies: Record<string, string> = {};
    const devDependencies: Record<string, string> = {};
    for (const name of NODE_EXAMPLES) {
        const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "examples", name, "package.json"), "utf8"));
        Object.assign(dependencies, manifest.dependencies);
        Object.assign(devDependencies, manifest.devDependencies);
    }
    delete dependencies["pulumi-vcrooms"];
    fs.writeFileSync(path.join(into, "package.json"), JSON.stringify({ name: "vcrooms-examples", private: true, dependencies, devDependencies }, null, 2));
    npm(["install", tarball, ...NPM_INSTALL_FLAGS], into);
}

/** Copies examples/<name> into `into` (as folder `as`), below a shared install (`installShared`); returns the folder. */
export function copyExample(name: string, into: string, as = name): string {
    const dir = path.join(into, as);
    fs.cpSync(path.join(ROOT, "examples", name), dir, {
        recursive: true,
        filter: (source) => !LEFT_BEHIND.has(path.basename(source)) && !/^Pulumi\.[^.]+\.yaml$/.test(path.basename(source)),
    });
    return dir;
}

/** Copies examples/<name> into `into` (as folder `as`) and installs the tarball there, as its README says; returns the folder. */
export function installExample(name: string, tarball: string, into: string, as = name): string {
    const dir = copyExample(name, into, as);
    npm(["install", tarball, ...NPM_INSTALL_FLAGS], dir);
    return dir;
}

/** The examples that are Node.js projects (python-rooms, go-rooms and yaml-rooms are run by test/examples/readmeCommands.test.ts). */
export const NODE_EXAMPLES = fs.readdirSync(path.join(ROOT, "examples")).filter((e) => fs.existsSync(path.join(ROOT, "examples", e, "tsconfig.json"))).sort();
