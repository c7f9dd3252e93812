/**
 * Preloaded (`node --require`) into the stand-in's dynamic-provider hosts: `typescript` and `@npmcli/arborist`,
 * when @pulumi/pulumi asks for them, load on first use instead of when the SDK loads.
 *
 * The SDK requires both at load time for closure serialization (parsing a function's text, finding the packages
 * its code needs), which a dynamic-provider host never does: it deserializes the `__provider` text with
 * `require-from-string`. Loading them is about 0.45 s of the host's 0.8 s start, and the stand-in starts a host
 * for every preview, update, refresh and destroy, as the engine does, so the suite spent minutes of CPU on code
 * that never ran. Whatever does touch them gets the real module, loaded then; nothing else is changed. The real
 * CLI's processes, and the bench's, never get this: they run as a user's do.
 */
import Module = require("node:module");
import * as path from "node:path";

const DEFERRED = new Set(["typescript", "@npmcli/arborist"]);
const SDK = `${path.sep}@pulumi${path.sep}pulumi${path.sep}`;

type Load = (this: unknown, request: string, parent: NodeJS.Module | undefined, isMain: boolean) => unknown;
const modules = Module as unknown as { _load: Load; _resolveFilename(request: string, parent: NodeJS.Module): string };
const load = modules._load;

/** Whether the module is there to load later (else the SDK's own fallback, a vendored TypeScript, must run now). */
function found(request: string, parent: NodeJS.Module): boolean {
    try {
        modules._resolveFilename(request, parent);
        return true;
    } catch {
        return false;
    }
}

modules._load = function (request, parent, isMain) {
    if (!DEFERRED.has(request) || !parent?.filename?.includes(SDK) || !found(request, parent)) return load.call(this, request, parent, isMain);
    let loaded: object | undefined;
    const real = () => (loaded ??= load.call(this, request, parent, isMain) as object);
    // `__esModule` answered without loading: TypeScript's `__importStar` would otherwise list the module's keys at
    // once; with it, the SDK keeps this object and reads `arborist.Arborist` from it when it needs it.
    return new Proxy(
        {},
        {
            get: (_, key) => (key === "__esModule" ? true : Reflect.get(real(), key)),
            has: (_, key) => Reflect.has(real(), key),
        },
    );
};
