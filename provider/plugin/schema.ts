/**
 * The Pulumi package schema of the plugin face (`vcrooms`), derived from the same declarations as the
 * dynamic resources and the docs: settings from the table (types from their validators), extra inputs
 * and outputs from each kind's declaration, functions from provider/functions, the provider's
 * configuration from provider/model/connection.ts. Nothing here names a field.
 *
 * `node dist/provider/plugin/schema.js` prints it (what `pulumi package get-schema <repo>` also gives).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isSecret, readBackType, settingType } from "../model/settings";
import { objectTypesOf, PACKAGE, schemaTypeOf, STRING, typeName, withFormat, type EnumType, type ObjectType, type TypeSpec } from "../model/types";
import { PROVIDER_CONFIG, type ConfigField } from "../model/connection";
import { connectionInput, inputSettings, type Declaration, type ExtraInput } from "../declarations/declaration";
import { stateFields, userExtras } from "../declarations/derive";
import { declarations } from "../declarations";
import { functions } from "../functions";
import type { ArgField } from "../functions/functionShape";
import { connectionArg, entryLabel } from "../functions/functionShape";

export { PACKAGE };

/** `vcrooms:index:Room`, `vcrooms:index:getRoom`. */
export const token = (name: string): string => `${PACKAGE}:index:${name}`;

type PropertySpec = Record<string, unknown> & { description?: string; secret?: boolean };
type Properties = Record<string, PropertySpec>;

/** A property: its type as the schema writes it (the reference's notes dropped), its description, whether secret. */
const described = (type: TypeSpec, description: string, secret?: boolean): PropertySpec => ({ ...schemaTypeOf(type), description, ...(secret ? { secret: true } : {}) });

/** The settings a kind takes as inputs (as their validators accept them). */
function settingInputProperties(d: Declaration): Properties {
    if (d.scope === undefined) return {};
    const target = d.scope;
    return Object.fromEntries([...inputSettings(d)].map(([name, s]) => [name, described(settingType(s, target), s.description, isSecret(s))]));
}

/**
 * An extra input's description with what the reference shows in its own columns (the values it takes, what
 * omitting it means), so that the schema's docs (and SDKs generated from them) say as much.
 */
function extraDescription(e: ExtraInput): string {
    const allowed = ["any string", "`true` or `false`"].includes(e.allowed) || e.allowed.startsWith("(") ? "" : ` Takes ${e.allowed}.`;
    const omitted = e.required ? " Required." : e.whenOmitted === undefined ? "" : ` When omitted: ${e.whenOmitted}`;
    return `${e.description}${allowed}${omitted}`;
}

/** Extra inputs a user declares; `true` secrets are secret as a whole (a connection's key is secret in its type). */
function extraProperties(d: Declaration): Properties {
    return Object.fromEntries(userExtras(d).map(([name, e]) => [name, described(e.type, extraDescription(e), e.secret === true)]));
}

/**
 * Required: the inputs a kind cannot exist without, and in its state those plus the read-only outputs it always
 * has (not `orAbsent` or `orNull`) and the unique input check generates when omitted (a room's friendlyUrl), so
 * generated SDKs type them `Output<T>`, not `Output<T | undefined>`.
 */
function resourceSpec(d: Declaration) {
    const state: Properties = Object.fromEntries(stateFields(d).map(([name, f]) => [name, described(f.type, f.description, f.secret)]));
    const settingsState = Object.fromEntries(Object.entries(state).filter(([name]) => !(name in d.outputs)));
    const outputs = Object.fromEntries(Object.entries(state).filter(([name]) => name in d.outputs));
    const requiredInputs = userExtras(d).filter(([, e]) => e.required).map(([name]) => name);
    const generated = d.generatedFlag !== undefined && d.uniqueInput !== undefined ? [d.uniqueInput] : [];
    const alwaysSet = [...generated, ...Object.entries(d.outputs).filter(([, o]) => o.type.nullable === undefined).map(([name]) => name)];
    return {
        description: d.description ?? d.type,
        inputProperties: { ...settingInputProperties(d), ...extraProperties(d) },
        requiredInputs,
        properties: { ...settingsState, ...extraProperties(d), ...outputs },
        required: [...requiredInputs, ...alwaysSet],
        /** What the API's record holds (a function's result): its settings and outputs, none of the extra inputs. */
        record: { ...settingsState, ...outputs },
    };
}

function configProperties(fields: Readonly<Record<string, ConfigField>>): Properties {
    return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, described(f.type, f.description, f.secret)]));
}


/** A function's result fields: a record's every output, or the fields its declaration names (`a, b` names two). */
function resultProperties(d: (typeof functions)[keyof typeof functions]): Properties {
    if (d.recordOf) {
        const record = resourceSpec(declarations[d.recordOf]).record;
        return { id: described(STRING, "The record's id."), ...record };
    }
    const props: Properties = {};
    for (const entry of d.result) {
        for (const name of entry.names) props[name] = described(entry.type, withFormat(entry.description, entry.type));
        for (const [name, description] of Object.entries(entry.each ?? {})) props[name] = described(entry.type, description);
    }
    return props;
}

/**
 * The result fields a function always returns, so generated SDKs need no `!`: a record's `id` and its kind's always-set
 * fields, or each named field whose type is neither `orAbsent` nor `orNull` (a group's fields depend on what was asked).
 */
function requiredResults(d: (typeof functions)[keyof typeof functions]): string[] {
    if (d.recordOf) {
        const kind = declarations[d.recordOf] as Declaration;
        const { record, required } = resourceSpec(kind);
        return ["id", ...required.filter((name) => name in record && kind.outputs[name]?.stateOnly !== true)];
    }
    return d.result.filter((e) => e.type.nullable === undefined).flatMap((e) => e.names);
}

function functionSpec(d: (typeof functions)[keyof typeof functions]) {
    const args: Record<string, ArgField> = { ...(d.args as Record<string, ArgField>), connection: connectionArg };
    const extra = d.result.filter((e) => e.group !== undefined).map((e) => ` ${entryLabel(e)}: ${e.description}`).join("");
    return {
        description: `${d.description} Reads ${d.reads}.${extra}`,
        inputs: {
            properties: Object.fromEntries(Object.entries(args).map(([name, a]) => [name, described(a.type, a.description)])),
            required: Object.entries(args).filter(([, a]) => a.required).map(([name]) => name),
        },
        outputs: { properties: resultProperties(d), required: requiredResults(d) },
    };
}

/** An enum value's name in generated SDKs: `en-US` → `EnUS`, `720_1.5` → `V720_1_5` (an identifier cannot start with a digit). */
const enumValueName = (value: string): string => (/^\d/.test(value) ? `V${value.replace(/\W/g, "_")}` : typeName(value));

const isEnum = (t: ObjectType | EnumType): t is EnumType => "values" in t;

/** The object and enum types the properties refer to (each defined where its `$ref` is made), as the schema's `types`. */
function objectTypes(roots: readonly TypeSpec[]): Record<string, unknown> {
    const found = new Map<string, ObjectType | EnumType>();
    for (const t of roots) objectTypesOf(t, found);
    return Object.fromEntries(
        [...found.values()]
            .sort((x, y) => x.name.localeCompare(y.name))
            .map((o) => [
                token(o.name),
                isEnum(o)
                    ? { type: "string", description: o.description, enum: o.values.map((value) => ({ name: enumValueName(value), value })) }
                    : { type: "object", description: o.description, properties: Object.fromEntries(Object.entries(o.properties).map(([n, p]) => [n, described(p.type, p.description, p.secret)])) },
            ]),
    );
}

/** Every type a property of the schema has, for `objectTypes`. */
function allTypes(): TypeSpec[] {
    const types: TypeSpec[] = [connectionInput.type];
    for (const d of Object.values(declarations) as Declaration[]) {
        if (d.scope !== undefined) for (const [, s] of inputSettings(d)) types.push(settingType(s, d.scope), readBackType(s, d.scope));
        types.push(...userExtras(d).map(([, e]) => e.type), ...Object.values(d.outputs).map((o) => o.type));
    }
    for (const f of Object.values(functions)) types.push(...Object.values(f.args as Record<string, ArgField>).map((a) => a.type), ...f.result.map((r) => r.type));
    types.push(...Object.values(PROVIDER_CONFIG).map((f) => f.type));
    return types;
}

/**
 * The package schema, as `GetSchema` answers it. `publisher` and `repository` come from package.json (its
 * `author` and `repository`); `pluginDownloadURL` names the repository's GitHub releases, where `npm run
 * release:plugin` archives (`pulumi-resource-vcrooms-v<version>-<os>-<arch>.tar.gz`) would be published. Each
 * generated SDK asks for this exact version of the plugin (`respectSchemaVersion`), and the Go SDK is a module of
 * its own at `<repository>/sdk/go` (`supportPack` writes its go.mod): `npm run release:sdks` builds them
 * (docs/assumptions.md, docs/installation.md).
 */
export function packageSchema(version: string, manifest: PackageManifest = packageManifest()) {
    const repository = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    return {
        name: PACKAGE,
        displayName: "Video-conferencing Rooms",
        version,
        publisher: manifest.author,
        repository,
        pluginDownloadURL: pluginDownloadUrl(repository),
        description: "Rooms, team defaults, join tokens and content purges of a video-conferencing Rooms Management API, with data functions over its records.",
        keywords: ["pulumi", "vcrooms", "category/utility"],
        license: "Apache-2.0",
        config: { variables: configProperties(PROVIDER_CONFIG) },
        provider: {
            description: "The provider of one team: each explicit provider has its own API URL and developer key (several teams in one program).",
            inputProperties: configProperties(PROVIDER_CONFIG),
            properties: configProperties(PROVIDER_CONFIG),
        },
        types: objectTypes(allTypes()),
        resources: Object.fromEntries(Object.values(declarations).map((d) => [token(d.type), (({ record: _, ...spec }) => spec)(resourceSpec(d))])),
        functions: Object.fromEntries(Object.values(functions).map((f) => [token(f.name), functionSpec(f)])),
        language: {
            python: { packageName: "pulumi_vcrooms", respectSchemaVersion: true },
            nodejs: { packageName: "@vcrooms/pulumi", respectSchemaVersion: true },
            go: { importBasePath: `${repository.replace(/^https:\/\//, "")}/sdk/go/${PACKAGE}`, respectSchemaVersion: true },
        },
        meta: { supportPack: true },
    };
}

/**
 * Where the engine would fetch the plugin: `github://api.github.com/<owner>/<repo>` is Pulumi's form for a GitHub
 * repository's releases (asset `pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz` of the release `v<version>`).
 */
export function pluginDownloadUrl(repository: string): string {
    const github = /^https:\/\/github\.com\/([^/]+\/[^/]+)$/.exec(repository);
    if (!github) throw new Error(`package.json's repository must be a GitHub repository (https://github.com/<owner>/<repo>) for the plugin's download URL; got ${repository}`);
    return `github://api.github.com/${github[1]}`;
}

/** What the schema and the plugin read from the package's package.json. */
export interface PackageManifest {
    readonly version: string;
    readonly author: string;
    readonly repository: { readonly url: string };
}

/** The package's package.json (the plugin reports its version, the schema carries it and its publisher and repository). */
export function packageManifest(): PackageManifest {
    // Found by walking up: this file runs from provider/plugin (tests) and from dist/provider/plugin alike.
    for (let dir = __dirname; ; dir = dirname(dir)) {
        const file = join(dir, "package.json");
        if (existsSync(file)) {
            const manifest = JSON.parse(readFileSync(file, "utf8")) as PackageManifest & { name?: string };
            if (manifest.name === "pulumi-vcrooms") return manifest;
        }
        if (dirname(dir) === dir) throw new Error("package.json of pulumi-vcrooms not found");
    }
}

/** The package's version, from its package.json. */
export const packageVersion = (): string => packageManifest().version;

if (require.main === module) process.stdout.write(`${JSON.stringify(packageSchema(packageVersion()), null, 2)}\n`);
