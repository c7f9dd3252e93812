/**
 * Preloads for the Node.js processes the harness starts, as `npm run build` compiles them into dist/ (node preloads
 * JavaScript only; the suites run the harness from its sources, after the build).
 */
import * as path from "node:path";

/** dist/harness, whether this file runs from dist/ or from the repository's sources. */
const COMPILED = __dirname.split(path.sep).includes("dist") ? __dirname : path.join(__dirname, "..", "dist", "harness");

/** deferClosureModules.ts: the SDK's closure-serialization modules load on first use. */
export const DEFER_CLOSURE_MODULES = path.join(COMPILED, "deferClosureModules.js");

/** `NODE_OPTIONS` for processes started through another program (the CLI's language host, say): `inherited` plus the preload. */
export const withDeferredClosureModules = (inherited: string | undefined) => [inherited, `--require ${JSON.stringify(DEFER_CLOSURE_MODULES)}`].filter(Boolean).join(" ");
