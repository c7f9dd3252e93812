/**
 * A preload (`node --require`, see ./preloads.ts) for the Node.js processes of the suites' own programs: when
 * @pulumi/pulumi asks for `typescript` or `@npmcli/arborist`, it gets an object that loads the real module on first
 * use, instead of the module loaded there and then.
 *
 * The SDK requires both as it loads, for closure serialization (parsing a function's text, finding the packages its
 * code needs), which a dynamic-provider host, our plugin and a program made of the SDK's resources never do (the
 * `__provider` text is given, not serialized). Loading them is about 0.45 s of the 0.8 s a dynamic-provider host
 * takes to start, and every operation starts a program and a host, so the suite spent minutes of CPU on code that
 * never ran. Whatever does use them (a program serializing a provider object) gets the real module, loaded then;
 * nothing else changes. A user's program never gets this: the suites' installed examples and the bench run as
 * a user's do.
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
