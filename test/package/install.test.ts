/**
 * The package as a user installs it, without the Pulumi CLI: what the tarball holds, a strict user program
 * type-checked against it, and the git install that builds itself (README, "Install"). The examples installed
 * from the tarball run through the real CLI, as their READMEs say, in test/examples/readmeCommands.test.ts.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../harness/pulumiCli";
import { NPM_INSTALL_FLAGS, outsideRepository, packedTarball } from "../cli/install";

const dependencies = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

/** A user's project: a package.json of its own with @pulumi/pulumi, typescript and Node's types, plus `files`. */
function userProject(dir: string, files: Record<string, string>): void {
    fs.mkdirSync(dir, { recursive: true });
    const manifest = {
        name: "user-program",
        private: true,
        main: "index.ts",
        dependencies: { "@pulumi/pulumi": dependencies.dependencies["@pulumi/pulumi"] },
        devDependencies: { typescript: dependencies.devDependencies.typescript, "@types/node": dependencies.devDependencies["@types/node"] },
    };
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" });

const run = (file: string, args: string[], cwd: string) => spawnSync(file, args, { cwd, encoding: "utf8", timeout: 600_000 });

describe("the package as a user installs it", { timeout: 900_000 }, () => {
    let work: string;
    let tarball: string;
    beforeAll(() => {
        work = outsideRepository("vcrooms-install-");
        tarball = packedTarball();
    });
    // Two installed projects (tens of thousands of files): removing them took over a minute in a CI run on a
    // busy machine, so the removal is asynchronous and has a hook time of its own.
    afterAll(() => fs.promises.rm(work, { recursive: true, force: true }), 300_000);

    it("the tarball holds the built library, the plugin's files, and every file the README links to", () => {
        const listed = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""));
        for (const file of ["dist/sdk/index.js", "dist/sdk/index.d.ts", "dist/provider/plugin/main.js", "dist/emulator/cli.js", "plugin/PulumiPlugin.yaml", "plugin/package.json", "schema.json", "docs/reference.md", "docs/assumptions.md"]) expect(listed).toContain(file);
        const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
        const linked = [...readme.matchAll(/\]\(((?:docs|examples|templates)\/[^)#\s]+)\)|`((?:docs\/[\w./-]+\.md)|schema\.json)`/g)].map((m) => (m[1] ?? m[2])!.replace(/\/$/, ""));
        expect(linked.length).toBeGreaterThan(5);
        for (const target of linked) expect(listed.some((f) => f === target || f.startsWith(`${target}/`)), target).toBe(true);
        // Nothing of the repository's own build, tests or stacks.
        expect(listed.filter((f) => /^(dist\/(test|harness|bench|demo|examples)|test|harness)\//.test(f) || /node_modules|package-lock|Pulumi\.[^.]+\.yaml$/.test(f))).toEqual([]);
    });

    /**
     * The compiler options a user's program may have: Pulumi's earlier TypeScript template (`module commonjs`,
     * `moduleResolution node`), the one `pulumi new` gives from templates/vcrooms-team, and Node's own resolution
     * (test/cli/user), each also with `exactOptionalPropertyTypes`; none with `skipLibCheck` or `esModuleInterop`.
     */
    const setups: Record<string, Record<string, unknown>> = {
        "Pulumi's earlier template": { strict: true, target: "es2016", module: "commonjs", moduleResolution: "node", sourceMap: true, experimentalDecorators: true, noFallthroughCasesInSwitch: true, noImplicitReturns: true, forceConsistentCasingInFileNames: true },
        "the template's": JSON.parse(fs.readFileSync(path.join(ROOT, "templates/vcrooms-team/tsconfig.json"), "utf8")).compilerOptions,
        "Node's resolution": JSON.parse(fs.readFileSync(path.join(ROOT, "test/cli/user/tsconfig.json"), "utf8")).compilerOptions,
    };
    // TypeScript 5.x and 6.x: the project's own and 5.9, installed with it under another name (one npm install).
    const compilers = { "TypeScript 6": "typescript", "TypeScript 5.9": "ts5" } as const;

    it("a strict program type-checks against the installed package's SDK, provider and emulator entries under TypeScript 5 and 6, each tsconfig, with and without exactOptionalPropertyTypes", () => {
        const dir = path.join(work, "strict");
        const source = path.join(ROOT, "test/cli/user");
        userProject(dir, Object.fromEntries(fs.readdirSync(source).map((f) => [f, fs.readFileSync(path.join(source, f), "utf8")])));
        execFileSync("npm", ["install", tarball, "ts5@npm:typescript@5.9", ...NPM_INSTALL_FLAGS], { cwd: dir, stdio: "pipe", timeout: 300_000 });
        const files: string[] = JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8")).files;
        expect(files).toEqual(["index.ts", "entries.ts"]);
        const failures: string[] = [];
        for (const [compiler, pkg] of Object.entries(compilers)) {
            const version: string = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", pkg, "package.json"), "utf8")).version;
            expect(version.split(".")[0]).toBe(compiler === "TypeScript 6" ? "6" : "5");
            const configs: Record<string, string> = {};
            for (const [setup, options] of Object.entries(setups)) {
                for (const exact of [false, true]) {
                    // `ignoreDeprecations` is the user's, by compiler: 6.x deprecates `moduleResolution node`, 5.x knows no "6.0".
                    const { ignoreDeprecations: _, ...rest } = options;
                    const legacy = /^node(10)?$/.test(String(rest.moduleResolution ?? ""));
                    const compilerOptions = { ...rest, noEmit: true, ...(exact ? { exactOptionalPropertyTypes: true } : {}), ...(pkg === "typescript" && legacy ? { ignoreDeprecations: "6.0" } : {}) };
                    expect(compilerOptions).toMatchObject({ strict: true });
                    expect(compilerOptions).not.toHaveProperty("skipLibCheck");
                    expect(compilerOptions).not.toHaveProperty("esModuleInterop");
                    const config = `tsconfig.${pkg}.${Object.keys(setups).indexOf(setup)}.${exact}.json`;
                    fs.writeFileSync(path.join(dir, config), JSON.stringify({ compilerOptions, files }, null, 2));
                    configs[config] = `${compiler} ${version}, ${setup} tsconfig${exact ? " with exactOptionalPropertyTypes" : ""}`;
                }
            }
            // One compiler process checks the six configurations (`tsc --build`, each project in full: `--force`, and
            // noEmit as `tsc -p` has it), reading each declaration file once rather than six times: the separate `tsc
            // -p` runs took 146 s of a CI run. Each configuration is still type-checked on its own, as --verbose says.
            const tsc = path.join(dir, "node_modules", pkg, "bin/tsc");
            const built = run("node", [tsc, "--build", "--force", "--verbose", ...Object.keys(configs)], dir);
            // tsc names each project by its path relative to the folder it runs in.
            for (const config of Object.keys(configs)) expect(built.stdout, config).toMatch(new RegExp(`Building project '([^']*/)?${config.replace(/\./g, "\\.")}'`));
            if (built.status === 0) continue;
            // Which configurations fail, each as a user's `tsc -p` reports it.
            for (const [config, title] of Object.entries(configs)) {
                const one = run("node", [tsc, "-p", config], dir);
                if (one.status !== 0) failures.push(`${title}:\n${one.stdout}${one.stderr}`);
            }
            if (failures.length === 0) failures.push(`${compiler} ${version}: tsc --build failed, each tsc -p passed:\n${built.stdout}${built.stderr}`);
        }
        expect(failures.join("\n")).toBe("");
    });

    // Only from a git checkout (a source tarball has no commit to install).
    it.skipIf(head.status !== 0)("a git install builds dist/ itself (prepare) and loads", () => {
        const dir = path.join(work, "git");
        userProject(dir, {});
        // The commit checked out, as `npm install git+https://...#<tag>` would take it (uncommitted changes are not in it).
        execFileSync("npm", ["install", `git+file://${ROOT}#${head.stdout.trim()}`, ...NPM_INSTALL_FLAGS], { cwd: dir, stdio: "pipe", timeout: 600_000 });
        expect(fs.existsSync(path.join(dir, "node_modules/pulumi-vcrooms/dist/sdk/index.js"))).toBe(true);
        const loaded = run("node", ["-e", 'const v = require("pulumi-vcrooms"); console.log(typeof v.Room, typeof v.getRoom)'], dir);
        expect(loaded.stdout.trim(), loaded.stderr).toBe("function function");
    });
});
