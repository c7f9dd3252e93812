/**
 * What an SDK resource registers, derived from its kind's declaration (data only; the provider's
 * behaviour is reached only through the shim's run-time require): every output named (a dynamic
 * resource exposes as properties only the keys present in the props it registers), secret inputs
 * wrapped whatever the caller passed, the inputs the SDK fills itself, and the outputs the engine
 * must keep secret.
 */
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import type { Declaration } from "../provider/declarations/declaration";
import { declarations } from "../provider/declarations";
import { inputSettings } from "../provider/declarations/declaration";
import { carryingOutputs, echoSentinel, generatedCarrier, givenSecretsInputs, hiddenKey, inheritedCarryingOutputs, maybeSecretInherited, outputPlaceholders, resourceNameInputs, secretInputs, secretOutputNames, stackInputs, stackInstanceInputs, unplannedEchoes, urnInputs, REPLACE_ON_CHANGES } from "../provider/declarations/derive";
import { checkConfigFields } from "../provider/model/connection";
import { PACKAGE } from "../provider/model/types";
import { dynamicType, ShimResource, type ProviderKind } from "./shim";


/**
 * Makes a secret input secret in state and plans whatever the caller passed. An object input with
 * secret keys (the connection's developerKey) keeps its other fields readable when it is a plain
 * object; given as one Output, it becomes a secret as a whole.
 */
function secretForm(value: unknown, secret: true | readonly string[]): unknown {
    if (value === undefined) return undefined;
    if (secret === true || pulumi.Output.isInstance(value) || value instanceof Promise || value === null || typeof value !== "object") return pulumi.secret(value);
    const object = value as Record<string, unknown>;
    return { ...object, ...Object.fromEntries(secret.filter((k) => object[k] !== undefined).map((k) => [k, pulumi.secret(object[k])])) };
}

/** Internal to @pulumi/pulumi's Resource (set by its constructor): the resource's parent, kept for its URN. */
type WithParent = pulumi.Resource & { __parentResource?: pulumi.Resource };

const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

/**
 * The URN the engine gives a resource of `type` named `name` under `parent`: its type qualified by its ancestors'
 * types (the root stack's left out), as the engine builds it at registration. Known here, before registration, so
 * that the dynamic face, whose host is given no URN, keys what it keeps per resource on it (two Rooms "lobby" under
 * two components are two resources).
 */
export function urnOf(type: string, name: string, parent: pulumi.Resource | undefined): string {
    const types = [type];
    for (let p = parent as WithParent | undefined; p !== undefined && pulumi.resourceType(p) !== ROOT_STACK_TYPE; p = p.__parentResource as WithParent | undefined) {
        types.unshift(pulumi.resourceType(p));
    }
    return `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::${types.join("$")}::${name}`;
}

/**
 * What tells this stack from one of the same project and stack names elsewhere, as far as a program knows: its
 * organisation (two Pulumi Cloud organisations), and the backend when PULUMI_BACKEND_URL names it (two file backends
 * on one machine), as a digest: the URL may hold credentials, and this goes into the state. A backend chosen by
 * `pulumi login` or the project's `backend.url` is not seen (docs/assumptions.md).
 */
export function stackInstance(env: NodeJS.ProcessEnv): string {
    const backend = env.PULUMI_BACKEND_URL;
    const digest = backend ? `@${createHash("sha256").update(`backend\n${backend}`).digest("hex").slice(0, 16)}` : "";
    return `${organization()}${digest}`;
}

/** The stack's organisation; none where the SDK is given none (a program run under mocks without one). */
function organization(): string {
    try {
        return pulumi.getOrganization();
    } catch {
        return "";
    }
}

/** The props a resource registers: placeholders for every output, then the args, secrets wrapped. */
export function resourceProps(d: Declaration, name: string, args: Record<string, unknown>, opts: pulumi.CustomResourceOptions = {}): Record<string, unknown> {
    const props: Record<string, unknown> = { ...outputPlaceholders(d), ...args };
    // Never sent (undefined): the placeholder of the hidden input the engine answers an update preview with (withCarried).
    const carrier = generatedCarrier(d);
    if (carrier !== undefined) props[carrier] = undefined;
    for (const [key, secret] of secretInputs(d)) if (key in args) props[key] = secretForm(args[key], secret);
    // Bookkeeping, under the `__` names the engine's display hides (provider/resources/hiddenKeys.ts).
    for (const key of resourceNameInputs(d)) props[hiddenKey(key)] = name;
    // A kind with outputs that carry an input holds its registration until the run's carriedSecrets is registered: a
    // promise in one of its inputs (its URN, which every such kind has) keeps the SDK from sending it before.
    const registered = carryingOutputs(d).length > 0 ? carriedSecretsRegistered(runState()) : undefined;
    for (const key of urnInputs(d)) {
        const urn = urnOf(dynamicType(d.type), name, opts.parent);
        props[hiddenKey(key)] = registered === undefined ? urn : registered.then(() => urn);
    }
    for (const key of stackInputs(d)) props[hiddenKey(key)] = `${pulumi.getProject()}/${pulumi.getStack()}`;
    for (const key of stackInstanceInputs(d)) props[hiddenKey(key)] = stackInstance(process.env);
    if (opts.replaceOnChanges !== undefined && opts.replaceOnChanges.length > 0) props[REPLACE_ON_CHANGES] = [...opts.replaceOnChanges];
    const given = givenSecrets(args);
    if (given !== undefined) for (const key of givenSecretsInputs(d)) props[hiddenKey(key)] = given;
    return props;
}

/**
 * The names of the args the program gave as secrets (secret Outputs), for the provider's messages to leave out their
 * values: the dynamic-provider host hands the provider plain values. Undefined when no arg may be one, so a program
 * without secrets registers nothing more; an empty list resolves to nothing.
 */
function givenSecrets(args: Record<string, unknown>): Promise<string[] | undefined> | undefined {
    const outputs = Object.entries(args).filter(([, v]) => pulumi.Output.isInstance(v)) as Array<[string, pulumi.Output<unknown>]>;
    if (outputs.length === 0) return undefined;
    return Promise.all(outputs.map(async ([key, v]) => ((await pulumi.isSecret(v)) ? key : undefined))).then((names) => {
        const secret = names.filter((n): n is string => n !== undefined);
        return secret.length > 0 ? secret : undefined;
    });
}

/**
 * Whether a value may be a secret: the SDK cannot tell synchronously (an Output's secretness is a promise), so any
 * Output or promise counts. A plain value the program wrote is not secret.
 */
const maySecret = (v: unknown) => pulumi.Output.isInstance(v) || v instanceof Promise;

/**
 * What one run of a program keeps (a deployment: a CLI's run, or one Automation API run among others in the process),
 * under its root stack resource (else its monitor), weakly: nothing of one run reaches another, and it goes with the
 * run.
 * - Inherited secrets: by the type inherited from (TeamDefaults), the settings given to it as maybe secret values, and
 *   the secret-output lists of the resources that inherit them (rooms) with what each declares itself. The lists are
 *   read when the resource's registration is sent, after the program's synchronous declarations have all run, so a
 *   TeamDefaults declared after its rooms still reaches them.
 * - When the run's stack transform that marks carried secrets (`carriedSecrets`) is registered.
 */
interface Heir {
    list: string[];
    declared: Set<string>;
    /** `[output, setting]`: outputs holding an inherited setting's value (a room's roomUrl holds the team's domain). */
    carrying: Array<[string, string]>;
}
interface RunState {
    inherited: Map<string, { names: Set<string>; heirs: Heir[] }>;
    transformRegistered?: Promise<void>;
}
const runs = new WeakMap<object, RunState>();

function runState(): RunState {
    const key: object | undefined = pulumi.runtime.getStackResource() ?? (pulumi.runtime.getMonitor() as object | undefined);
    const fresh = (): RunState => ({ inherited: new Map() });
    if (key === undefined) return fresh();
    return runs.get(key) ?? runs.set(key, fresh()).get(key)!;
}

const inheritance = (run: RunState, type: string) => run.inherited.get(type) ?? run.inherited.set(type, { names: new Set(), heirs: [] }).get(type)!;

/** Whether a value the engine hands a transform holds a secret (transforms get secrets in the RPC form). */
function holdsSecret(value: unknown): boolean {
    if (value === null || typeof value !== "object") return false;
    if (pulumi.runtime.isRpcSecret(value)) return true;
    return Object.values(value as Record<string, unknown>).some(holdsSecret);
}

const BY_TYPE = new Map(Object.values(declarations).map((d) => [dynamicType(d.type), d as Declaration]));

/**
 * The run's stack transform: for a resource of ours, the outputs that carry an input the engine now holds as secret
 * (`topic` with the description, say) are added to its secret outputs. The constructor decides from the arguments it
 * is given; a transform (`pulumi.runtime.registerResourceTransform`, `transforms`) may make an input secret after, and
 * the engine marks an output secret only where the input of the same name is. Stack transforms run last, in the
 * order registered: this one is registered once the program's synchronous code has run (`carriedSecretsRegistered`),
 * so it runs after those the program registered by then.
 */
async function carriedSecrets(args: pulumi.ResourceTransformArgs): Promise<pulumi.ResourceTransformResult | undefined> {
    const d = args.custom ? BY_TYPE.get(args.type) : undefined;
    if (d === undefined) return undefined;
    const opts = args.opts as pulumi.CustomResourceOptions;
    const list = opts.additionalSecretOutputs ?? [];
    const missing = carryingOutputs(d).filter(([output, input]) => !list.includes(output) && holdsSecret(args.props[input])).map(([output]) => output);
    const secretOpts: pulumi.CustomResourceOptions = { ...opts, additionalSecretOutputs: [...list, ...missing] };
    return missing.length === 0 ? undefined : { props: args.props, opts: secretOpts };
}

/**
 * Registers the run's `carriedSecrets` once, after the program's synchronous code has run and every stack transform
 * it registered is registered with the engine (which runs stack transforms in the order their registrations reach
 * it); answers when it is registered, or undefined where there is nothing to wait for. A resource of ours holds its
 * registration until then (through a bookkeeping input, `resourceProps`), so the transform sees it.
 */
function carriedSecretsRegistered(run: RunState): Promise<void> | undefined {
    // The engine stand-in (mocks: harness/engine) runs no engine transforms.
    if (isMocked()) return undefined;
    run.transformRegistered ??= new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => pulumi.runtime.awaitStackRegistrations())
        .then(() => {
            try {
                pulumi.runtime.registerResourceTransform(carriedSecrets);
            } catch {
                // An engine without transforms: no transform can make an input secret either.
            }
            return pulumi.runtime.awaitStackRegistrations();
        });
    return run.transformRegistered;
}

function isMocked(): boolean {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks") as { MockMonitor: new (...args: never[]) => object };
    return pulumi.runtime.getMonitor() instanceof MockMonitor;
}

/** The outputs of an heir that the maybe-secret inherited settings make secret: those it does not declare, and those that carry one. */
const heirSecrets = (heir: Heir, names: ReadonlySet<string>): string[] => [
    ...[...names].filter((name) => !heir.declared.has(name)),
    ...heir.carrying.filter(([, setting]) => names.has(setting)).map(([output]) => output),
];

/** The caller's options plus the kind's secret outputs, those carrying a maybe-secret input's value, and those inherited. */
export function resourceOptions(d: Declaration, opts: pulumi.CustomResourceOptions | undefined, args: Record<string, unknown> = {}): pulumi.CustomResourceOptions {
    const run = runState();
    const list = [...(opts?.additionalSecretOutputs ?? []), ...secretOutputNames(d), ...carryingOutputs(d).filter(([, input]) => maySecret(args[input])).map(([output]) => output)];
    if (Object.values(declarations).some((other) => other.inheritsFrom === d.type)) {
        const given = inheritance(run, d.type);
        for (const name of inputSettings(d).keys()) if (maySecret(args[name])) given.names.add(name);
        for (const heir of given.heirs) for (const name of heirSecrets(heir, given.names)) if (!heir.list.includes(name)) heir.list.push(name);
        // The team's record: what another stack may have given it as secrets, where this declaration does not set it.
        list.push(...maybeSecretInherited(d).filter((name) => args[name] === undefined));
    }
    if (d.inheritsFrom) {
        const from = inheritance(run, d.inheritsFrom);
        const declared = new Set(Object.keys(args).filter((k) => args[k] !== undefined));
        const heir = { list, declared, carrying: inheritedCarryingOutputs(d) };
        // What another stack may have given the team as secrets, whatever this program declares of the team.
        list.push(...heirSecrets(heir, new Set([...from.names, ...maybeSecretInherited(d)])));
        from.heirs.push(heir);
    }
    return { ...opts, additionalSecretOutputs: list };
}

/**
 * Why the `import` option is refused here, in one line: for an import the engine asks the dynamic-provider host to
 * read the resource with nothing but its id, and the host finds no provider text to load (it fails with "code must be
 * a string"), so no code of ours runs. What adopts a room instead: adoptExisting, or the `vcrooms` plugin's
 * resources, whose provider reads it.
 */
export function importRefusal(d: Declaration, name: string): string {
    const adopt = d.extras.adoptExisting !== undefined ? "declare its friendlyUrl with adoptExisting: true, or " : "";
    return `${d.type} "${name}": the import option cannot adopt a dynamic resource (Pulumi's dynamic-provider host cannot read one by id); ${adopt}use the vcrooms plugin's resources, whose import option and \`pulumi import\` adopt by id`;
}

/**
 * Why `customTimeouts` is refused here, in one line: the dynamic-provider host receives the engine's timeout but hands
 * the provider none of it (its create, update and delete take no deadline), so the option would do nothing. The
 * `vcrooms` plugin's resources give up after it. Undefined when no timeout is set (`{}` sets none).
 */
export function customTimeoutsRefusal(d: Declaration, name: string, timeouts: pulumi.CustomTimeouts | undefined): string | undefined {
    const set = Object.entries(timeouts ?? {}).filter(([, v]) => v !== undefined && v !== "").map(([k]) => k);
    if (set.length === 0) return undefined;
    return `${d.type} "${name}": customTimeouts (${set.join(", ")}) has no effect on a dynamic resource (Pulumi's dynamic-provider host passes the provider no timeout); remove it, or use the vcrooms plugin's resources (vcrooms:index:${d.type}, or a generated SDK), which give up after it`;
}

/**
 * The stack's `vcrooms:*` configuration keys that are no setting of the provider (a misspelt `vcrooms:apiURL`), in one
 * message, or undefined. The dynamic-provider host reads its configuration by key, so such a key would be ignored
 * without a word and the environment's `VCROOMS_API_URL` used instead (another team's API, say); the plugin face's
 * engine refuses it as an unknown provider property, and so does this face, before any resource is registered.
 */
export function unknownConfigKeys(config: Record<string, string> = pulumi.runtime.allConfig()): string | undefined {
    const ours = Object.keys(config).filter((k) => k.startsWith(`${PACKAGE}:`)).map((k) => k.slice(PACKAGE.length + 1));
    const failures = checkConfigFields(Object.fromEntries(ours.map((k) => [k, undefined])), []).failures;
    return failures.length === 0 ? undefined : `Invalid stack configuration: ${failures.map((f) => `${PACKAGE}:${f.reason}`).join("; ")}. Rename or remove the key (pulumi config rm ${PACKAGE}:${failures[0]!.property})`;
}

/**
 * The base of every SDK resource: registers a kind's declaration through its shim provider.
 *
 * Registration runs with stack capture off. For each registered output the SDK makes four promises and
 * captures a stack trace for each (`debuggablePromise`), kept only for its report of leaked promises; under
 * `pulumi` the stack is formatted through source-map-support, frame by frame. A Room registers about 130
 * outputs, so that capture was most of a preview's time: 100 rooms through the real CLI took 22.1 s against
 * 5.7 s for 100 no-op dynamic resources, and 8.1 s with capture off (bench/realCli.ts; the README's performance section).
 * Nothing the engine shows is lost: the SDK records the resource's source position with its own stack limit,
 * and a leak report still names each promise by resource and property.
 */
export abstract class DeclaredResource extends ShimResource {
    protected constructor(kind: ProviderKind, d: Declaration, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined) {
        if (opts?.import !== undefined) throw new pulumi.RunError(importRefusal(d, name));
        const timeouts = customTimeoutsRefusal(d, name, opts?.customTimeouts);
        if (timeouts !== undefined) throw new pulumi.RunError(timeouts);
        const misspelt = unknownConfigKeys();
        if (misspelt !== undefined) throw new pulumi.RunError(misspelt);
        const limit = Error.stackTraceLimit;
        const prepare = Error.prepareStackTrace;
        Error.stackTraceLimit = 0;
        Error.prepareStackTrace = (error, frames) => (prepare ?? defaultStack)(error, frames.filter((f) => !BETWEEN.has(f.getFileName() ?? "")));
        try {
            super(kind, d.type, name, resourceProps(d, name, args as Record<string, unknown>, opts), resourceOptions(d, opts, args as Record<string, unknown>));
        } finally {
            Error.stackTraceLimit = limit;
            Error.prepareStackTrace = prepare;
        }
        if (pulumi.runtime.isDryRun()) withoutEchoes(this, d);
        withCarried(this, d);
    }
}

/** The parts of an Output the SDK itself combines outputs from (`pulumi.secret` and `unsecret` build theirs so). */
interface OutputParts<T> {
    resources(): Set<pulumi.Resource>;
    promise(withUnknowns?: boolean): Promise<T>;
    isKnown: Promise<boolean>;
    isSecret: Promise<boolean>;
    allResources?(): Promise<Set<pulumi.Resource>>;
}
const OutputOf = pulumi.Output as unknown as new <T>(resources: Set<pulumi.Resource>, promise: Promise<T>, isKnown: Promise<boolean>, isSecret: Promise<boolean>, allResources: Promise<Set<pulumi.Resource>> | undefined) => pulumi.Output<T>;

/**
 * A generated `uniqueInput` (a room's friendly URL) as an update preview plans it: the engine answers a dynamic
 * resource's update preview with its checked inputs, where the provider carries the generated value under a hidden
 * name (`generatedCarrier`, provider/index.ts); where the output itself is unknown there and the carried value is
 * known, the output is that value. What names the room by it (a purge, a token) is then planned as the up leaves it.
 * The hidden property is not left on the resource; outside a preview there is nothing to plan.
 */
function withCarried(resource: DeclaredResource, d: Declaration): void {
    const carrier = generatedCarrier(d);
    if (carrier === undefined || d.uniqueInput === undefined) return;
    const outputs = resource as unknown as Record<string, pulumi.Output<unknown> | undefined>;
    const carried = outputs[carrier] as unknown as OutputParts<unknown> | undefined;
    delete outputs[carrier];
    const own = outputs[d.uniqueInput] as unknown as OutputParts<unknown> | undefined;
    if (!pulumi.runtime.isDryRun() || own === undefined || carried === undefined) return;
    const fromCarried = Promise.all([own.isKnown, carried.isKnown, carried.promise(true)]).then(([ownKnown, carriedKnown, value]) => !ownKnown && carriedKnown && typeof value === "string");
    outputs[d.uniqueInput] = new OutputOf(
        own.resources(),
        fromCarried.then((use) => (use ? carried.promise(true) : own.promise(true))),
        Promise.all([own.isKnown, fromCarried]).then(([known, use]) => known || use),
        Promise.all([own.isSecret, carried.isSecret]).then(([a, b]) => a || b),
        own.allResources?.(),
    );
}

/**
 * A dynamic resource's preview of a create or update is the engine's: it answers with the inputs as outputs (the
 * dynamic-provider host has no preview of its own). An output of an input's name that is another value or type once
 * the up has run (a join token's `expiresAt` of 60 minutes is an instant; a room's `defaultRole` name is a role
 * object) must not be planned as that input: it is made unknown wherever the kind's sentinel output, which no input
 * gives, is unknown (that is, where the engine answered with the inputs). An unchanged resource keeps its outputs.
 */
function withoutEchoes(resource: DeclaredResource, d: Declaration): void {
    const sentinel = echoSentinel(d);
    const outputs = resource as unknown as Record<string, pulumi.Output<unknown> | undefined>;
    const known = sentinel === undefined ? undefined : outputs[sentinel];
    if (known === undefined) return;
    for (const name of unplannedEchoes(d)) {
        const echo = outputs[name];
        if (echo !== undefined) outputs[name] = pulumi.all([echo, known]).apply(([value]) => value);
    }
}

/**
 * The files of the constructors between a resource's own class (Room) and `pulumi.CustomResource`. The SDK takes a
 * resource's source position and stack trace from `new Error().stack`, skipping a fixed number of frames: as many
 * as a generated SDK's one class adds. Left in, these two frames became the resource's source position (this file,
 * not the program's line that declared the resource) and two frames of every resource's stack trace in state,
 * about 290 bytes a Room. Without them the engine records the program's line, as for the plugin face.
 */
const BETWEEN = new Set([__filename, require.resolve("./shim")]);

/** V8's own format, for a process without source-map-support (the engine's host always has it). */
const defaultStack = (error: Error, frames: NodeJS.CallSite[]) => [String(error), ...frames.map((f) => `    at ${f}`)].join("\n");
