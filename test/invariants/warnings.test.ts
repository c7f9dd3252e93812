/**
 * Invariant: every warning the provider gives reaches the user, in every face. The warnings are one table
 * (provider/resources/warnings.ts: a kind can warn with nothing else), and this harness triggers every row of it
 * through the real CLI, in the check, up, refresh and destroy where the code gives it, and finds it in the CLI's
 * output, on the resource it is about.
 *
 * The face here is the plugin, run from its package folder, in each language of LANGUAGES: a Pulumi YAML program
 * (upstream's YAML host), a Python program on the SDK `pulumi install` generates (upstream's Python host), and a Go
 * program on the Go SDK it generates (upstream's Go host; built once, it reads each step's resources from a file). The
 * plugin's warnings travel through the engine's log channel, which every language's CLI output shows alike; what the
 * plugin writes on stderr reaches only the engine's `-v` log. The dynamic face's warnings are the dynamic-provider
 * host's, which the engine shows from its stderr (test/cli/roomIdentity.test.ts and others find them there).
 *
 * One program per language, stepped through the cases: each step changes them (or the API under them), runs one
 * command in every language at once (each its own emulator and project), and names the warnings it must show. A
 * warning added to the table and triggered by no step fails the last test, naming the language.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PLUGIN_FOLDER, parseJsonRun, type JsonRun, type PulumiProject } from "../../harness/pulumiCli";
import { WARNINGS, type WarningName } from "../../provider/resources/warnings";
import { cli, projectFor } from "../cli/support";
import { outsideRepository } from "../cli/install";
import { useEmulator } from "../support/emulator";
import { apiCaller, control } from "../support/http";
import { pythonMissing, pythonProject } from "./pythonProject";
import { pythonName } from "./everyKindProgram";
import { goMissing, goProject, writeGoProgram } from "./goProject";

const host = "dir" in cli ? path.join(cli.dir, "pulumi-language-yaml") : "";
const skip = "skip" in cli ? cli.skip : fs.existsSync(host) ? undefined : `no Pulumi YAML language host at ${host}`;
if (skip && process.env.CI) throw new Error(`the warnings harness must run under CI: ${skip}`);
const pythonSkip = skip ?? pythonMissing();
if (pythonSkip && process.env.CI) throw new Error(`the warnings harness's Python program must run under CI: ${pythonSkip}`);
if (pythonSkip && !skip) console.warn(`warnings harness: Python left out: ${pythonSkip}`);
const goSkip = skip ?? goMissing();
if (goSkip && process.env.CI) throw new Error(`the warnings harness's Go program must run under CI: ${goSkip}`);
if (goSkip && !skip) console.warn(`warnings harness: Go left out: ${goSkip}`);

/**
 * The text of a warning that does not depend on its arguments: the longest piece of the table's template between
 * them (each argument given as a one-element array, which reads as its element both in a template and in a join).
 */
function fixedText(name: WarningName): string {
    const mark = "\u0000";
    const template = WARNINGS[name] as (...args: unknown[]) => string;
    const text = template(...Array.from({ length: template.length }, () => [mark]));
    return text.split(mark).reduce((a, b) => (b.length > a.length ? b : a), "");
}

/** What a step must show: each warning it triggers, on the resource (by name) it is about, or on none. */
type Expected = Partial<Record<WarningName, string | null>>;

/** A room expiry a month ahead, in the API's format. */
const FUTURE = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, "");

type Resources = Record<string, { type: string; properties: Record<string, unknown> }>;

/** A property of a program: a plain value, or `${name.output}`, another resource's output (YAML's own syntax). */
function pythonValue(value: unknown): string {
    const ref = typeof value === "string" ? /^\$\{(\w+)\.(\w+)\}$/.exec(value) : null;
    if (ref) return `r_${ref[1]}.${ref[2] === "id" ? "id" : pythonName(ref[2]!)}`;
    if (typeof value === "boolean") return value ? "True" : "False";
    return JSON.stringify(value);
}

/** The same program in Python, on the generated SDK: each resource by its class, its properties as the SDK's keywords. */
const pythonProgram = (resources: Resources): string =>
    [
        "import pulumi_vcrooms as vcrooms",
        "",
        ...Object.entries(resources).map(([name, r]) => {
            const args = Object.entries(r.properties).map(([k, v]) => `, ${pythonName(k)}=${pythonValue(v)}`);
            return `r_${name} = vcrooms.${r.type.split(":")[1]}(${JSON.stringify(name)}${args.join("")})`;
        }),
        "",
    ].join("\n");

/** The resources as the Go program reads them: a list, in the program's order (a reference names one before it). */
const goProgram = (resources: Resources) => ({ resources: Object.entries(resources).map(([name, r]) => ({ name, ...r })) });

/** A language of the harness: how its program is written, and how its project is made (configured for the emulator). */
interface Language {
    readonly name: string;
    readonly skip: string | undefined;
    /** Writes the program into the project's folder. */
    write(dir: string, resources: Resources): void;
    project(emulator: RunningEmulator, resources: Resources): Promise<PulumiProject>;
}

const yamlText = (resources: Resources) =>
    // JSON is YAML too (js-yaml's `load` is all this repository declares of it).
    JSON.stringify({ name: "vcrooms-warnings", runtime: "yaml", packages: { vcrooms: PLUGIN_FOLDER }, resources }, null, 2);

const LANGUAGES: Language[] = [
    {
        name: "yaml",
        skip,
        write: (dir, resources) => fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yamlText(resources)),
        async project(emulator, resources) {
            const root = outsideRepository("vcrooms-warnings-");
            fs.writeFileSync(path.join(root, "Pulumi.yaml"), yamlText(resources));
            return projectFor(emulator, {}, { folder: root });
        },
    },
    {
        name: "python",
        skip: pythonSkip,
        write: (dir, resources) => fs.writeFileSync(path.join(dir, "__main__.py"), pythonProgram(resources)),
        project: (emulator, resources) => pythonProject("vcrooms-warnings-py", emulator, { "__main__.py": pythonProgram(resources) }),
    },
    {
        name: "go",
        skip: goSkip,
        write: (dir, resources) => writeGoProgram(dir, goProgram(resources)),
        project: (emulator, resources) => goProject("vcrooms-warnings-go", emulator, goProgram(resources)),
    },
];

/** One language's emulator, project and the warnings it has shown. */
interface Face {
    readonly language: Language;
    readonly emulator: () => RunningEmulator;
    p: PulumiProject;
    /** Removed with the emulator, after the tests. */
    readonly projects: PulumiProject[];
    readonly seen: Set<WarningName>;
    write(resources: Resources): void;
}

describe.skipIf(skip)("warnings reach the user: the plugin face, a Pulumi YAML, a Python and a Go program", { timeout: 900_000 }, () => {
    // Each language its own emulator (faults and the team's defaults are an emulator's) and project.
    // WARNINGS_LANGUAGES="go" runs only those languages (a local run; the last test then asks only theirs).
    const only = process.env.WARNINGS_LANGUAGES?.split(",");
    const faces: Face[] = LANGUAGES.filter((l) => l.skip === undefined && (only === undefined || only.includes(l.name))).map((language) => {
        let emulator: RunningEmulator | undefined;
        const projects: PulumiProject[] = [];
        useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });
        const face: Face = {
            language,
            emulator: () => emulator!,
            p: undefined as unknown as PulumiProject,
            projects,
            seen: new Set(),
            write: (resources) => language.write(face.p.dir, resources),
        };
        return face;
    });
    // The projects of all languages made and brought up at once (Python's SDK install is most of its setup).
    beforeAll(async () => {
        await Promise.all(
            faces.map(async (face) => {
                face.p = await face.language.project(face.emulator(), base());
                face.projects.push(face.p);
                const up = await face.p.up([], { preview: false });
                expect(up.code, `${face.language.name}: ${up.stdout}${up.stderr}`).toBe(0);
            }),
        );
    }, 600_000);

    /** Runs a step in every language at once; a failure names the language. */
    const eachLanguage = async (step: (face: Face, emulator: RunningEmulator, p: PulumiProject) => Promise<void>) => {
        const failed = (await Promise.allSettled(faces.map((f) => step(f, f.emulator(), f.p)))).flatMap((r, i) => (r.status === "rejected" ? [`${faces[i]!.language.name}: ${String((r.reason as Error)?.message ?? r.reason)}`] : []));
        expect(failed, failed.join("\n\n")).toEqual([]);
    };

    /** Asserts each expected warning is among the run's diagnostics, as a warning, on its resource. */
    function shows(face: Face, run: JsonRun & { stdout: string; stderr: string }, expected: Expected): void {
        const warnings = run.diagnostics.filter((d) => d.severity === "warning");
        for (const [name, resource] of Object.entries(expected) as Array<[WarningName, string | null]>) {
            const text = fixedText(name);
            const found = warnings.find((d) => d.message.includes(text) && (resource === null ? !d.urn : String(d.urn).endsWith(`::${resource}`)));
            expect(found, `warning ${name} ("${text}") on ${resource ?? "no resource"} in:\n${run.stdout}\n${run.stderr}`).toBeDefined();
            face.seen.add(name);
        }
    }

    const room = (friendlyUrl: string, more: Record<string, unknown> = {}) => ({ type: "vcrooms:Room", properties: { friendlyUrl, ...more } });
    const base = (): Resources => ({
        defaults: { type: "vcrooms:TeamDefaults", properties: { paletteMode: "dark" } },
        expiring: room("warn-expiring", { expiresAt: FUTURE }),
        settings: room("warn-settings", { maxParticipants: 20 }),
        before: room("warn-handover"),
        kept: room("warn-kept", { adoptExisting: true, description: "Kept" }),
        tokenRoom: room("warn-token"),
        ada: { type: "vcrooms:JoinToken", properties: { room: "${tokenRoom.id}", userName: "Ada" } },
        late: { type: "vcrooms:JoinToken", properties: { room: "${expiring.id}", userName: "Late" } },
    });
    /** The program once the room and the team's defaults are handed over: `defaults2` with `paletteMode`, `after` adopting `before`'s room. */
    const handedOver = (paletteMode: string): Resources => {
        const { defaults, before, ...rest } = base();
        return { ...rest, defaults2: { type: "vcrooms:TeamDefaults", properties: { paletteMode } }, after: room("warn-handover", { adoptExisting: true }), settings: room("warn-settings", { maxParticipants: 50 }) };
    };


    // The steps share operations where their warnings do not meet (each step's every warning is still asserted, on its
    // resource): eight operations per language rather than eleven.
    it("up: settings the API did not apply (room), a room handed to another Room, team defaults handed to another TeamDefaults", async () => {
        await eachLanguage(async (f, emulator, p) => {
            const api = apiCaller(emulator);
            const settings = (await api("GET", "/rooms/warn-settings")).body;
            // The API answers the room as it was: maxParticipants not applied.
            await control(emulator, "POST", "/faults", { method: "PATCH", path: `/api/v1/rooms/${settings.id}`, status: 200, body: settings });
            f.write(handedOver("dark"));
            const up = await p.up([], { preview: false });
            expect(up.code, up.stdout + up.stderr).toBe(0);
            shows(f, up, { roomUnapplied: "settings", roomHandedOver: "before", defaultsHandedOver: "defaults" });
        });
    });

    it("up --replace: a replaced room its replacement adopted is not deleted; in the same up, team defaults the API did not apply", async () => {
        await eachLanguage(async (f, emulator, p) => {
            const api = apiCaller(emulator);
            const urn = String((await p.resourceState("kept"))?.urn);
            // The API answers the team's defaults as they were (the room's replacement writes to its room, not to the team).
            const now = (await api("GET", "/")).body;
            await control(emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/", status: 200, body: now });
            f.write(handedOver("light"));
            const up = await p.up(["--replace", urn], { preview: false });
            expect(up.code, up.stdout + up.stderr).toBe(0);
            shows(f, up, { roomKeptByReplacement: "kept", defaultsUnapplied: "defaults2" });
        });
    });

    it("check (preview): an expiry dropped from the program, a friendly URL the link cannot carry; preview and up: a record of the team's original values that cannot be written, or cannot be read, is named; a claims folder the plugin cannot use (a plain file at its name) is named, and the preview goes on", async () => {
        await eachLanguage(async (f, _emulator, p) => {
            const records = path.join(p.dir, ".pulumi-home", "vcrooms", "team-defaults");
            // A plain file where the folder goes: the preview's diff, finding no record, cannot write one from the state.
            fs.rmSync(records, { recursive: true, force: true });
            fs.mkdirSync(path.dirname(records), { recursive: true });
            fs.writeFileSync(records, "not a folder");
            // The same preview checks an expiry dropped and a friendly URL the link cannot carry (check's warnings, of other resources).
            f.write({ ...handedOver("light"), expiring: room("warn-expiring"), linky: room("warn#link") });
            const preview = await p.preview();
            expect(preview.code, preview.stdout + preview.stderr).toBe(0);
            shows(f, preview, { roomExpiryKept: "expiring", roomLinkBroken: "linky", defaultsRecordUnwritten: "defaults2" });
            f.write(handedOver("light"));
            fs.rmSync(records, { force: true });
            // Written again by the next preview's diff, then damaged: the replacement's create cannot read it. That preview
            // runs with a plain file where the claims folder goes (its TMPDIR), which it names and goes on past.
            const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-warnings-tmp-"));
            try {
                fs.writeFileSync(path.join(tmp, `pulumi-vcrooms-claims-${os.userInfo().uid}`), "not a folder");
                const run = await p.run(["preview", "--json", "--non-interactive"], { env: { TMPDIR: tmp } });
                const claims = { ...run, ...parseJsonRun(run.stdout) };
                expect(claims.code, claims.stdout + claims.stderr).toBe(0);
                shows(f, claims, { claimsFolderUnusable: null });
            } finally {
                fs.rmSync(tmp, { recursive: true, force: true });
            }
            const files = fs.readdirSync(records);
            expect(files.length).toBeGreaterThan(0);
            for (const file of files) fs.writeFileSync(path.join(records, file), "damaged");
            const urn = String((await p.resourceState("defaults2"))?.urn);
            const up = await p.up(["--replace", urn], { preview: false });
            expect(up.code, up.stdout + up.stderr).toBe(0);
            shows(f, up, { defaultsRecordUnread: "defaults2" });
        });
    });

    it("refresh: a join token whose room is gone; one whose room expired", async () => {
        await eachLanguage(async (f, emulator, p) => {
            expect((await apiCaller(emulator)("DELETE", "/rooms/warn-token")).status).toBeLessThan(300);
            // The API's clock past the expiring room's expiresAt (a month ahead): the API deletes it, the stack keeps it.
            await control(emulator, "POST", "/clock", { advanceSeconds: 31 * 24 * 3600 });
            const refresh = await p.refresh([], { preview: false });
            expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
            shows(f, refresh, { tokenStale: "ada", tokenRoomExpired: "late" });
        });
    });

    it("destroy: team defaults the API will not take back", async () => {
        await eachLanguage(async (f, emulator, p) => {
            await control(emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/", status: 422, body: { message: "No longer allowed.", errors: { palette_mode: ["No longer allowed."] } } });
            const down = await p.destroy([], { preview: false });
            expect(down.code, down.stdout + down.stderr).toBe(0);
            shows(f, down, { defaultsNotRestored: "defaults2" });
        });
    });

    it("every warning of the table was triggered and shown, in every language", () => {
        expect(Object.fromEntries(faces.map((f) => [f.language.name, [...f.seen].sort()]))).toEqual(Object.fromEntries(faces.map((f) => [f.language.name, Object.keys(WARNINGS).sort()])));
    });
});
