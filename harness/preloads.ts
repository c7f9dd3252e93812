/**
 * Preloads for the Node.js processes the harness starts, as `npm run build` compiles them into dist/ (node preloads
 * JavaScript only; the suites run the harness from its sources, after the build).
 */
import * as fs from "node:fs";
import * as path from "node:path";

/**
 * A harness module as compiled: beside this file when it runs from dist/harness, else (from harness/, where only
 * the .ts is) in dist/harness. Decided by the file being there, not by a folder's name along the path.
 */
function compiled(name: string): string {
    const beside = path.join(__dirname, `${name}.js`);
    return fs.existsSync(beside) ? beside : path.join(__dirname, "..", "dist", "harness", `${name}.js`);
}

/** deferClosureModules.ts: the SDK's closure-serialization modules load on first use. */
export const DEFER_CLOSURE_MODULES = compiled("deferClosureModules");

/** `NODE_OPTIONS` for processes started through another program (the CLI's language host, say): `inherited` plus the preload. */
export const withDeferredClosureModules = (inherited: string | undefined) => [inherited, `--require ${JSON.stringify(DEFER_CLOSURE_MODULES)}`].filter(Boolean).join(" ");
