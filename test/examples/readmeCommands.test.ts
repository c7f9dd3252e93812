/**
 * Every example's README and the template's (after templates/README.md's, which makes the project), run as a user
 * runs them: the blocks each marks as the user's steps
 * (harness/readmeSteps.ts), each way it offers, as written by bash, from an empty folder outside the repository,
 * with only what a user has: `VCROOMS` names a folder standing for their clone, holding the README's folder as git
 * tracks it, the release's files (`release/`, test/support/release.ts) and `npm pack`'s tarball (the run's one
 * pack, test/cli/install.ts); the real Pulumi CLI with upstream's language hosts, and the state backend a user logs
 * in to (see userEnvironment). The emulators are the ones the steps start, in the background, as the README says:
 * on ports of the run's own, put for the README's in the steps and in the README folder's files (the ways run at
 * once). A way passes when every step succeeds, the rooms came up in its emulators and went away again (or stayed,
 * where the README leaves them), the folder holds what that way installs (no Node.js project for the plugin
 * executable), and the README's own claims hold (`CLAIMS`: what the steps print, the files they write, what the
 * emulators saw). A failing step is named with its README and way. A way's folder, its steps done, is also where a
 * user's further claims of that example are checked rather than in a second install: go-rooms's package-folder way
 * (./goRoomsFolder.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts, readmeEmulators, readmeSteps, runSteps, withPorts } from "../../harness/readmeSteps";
import { ROOT } from "../../harness/pulumiCli";
import { copyExample, outsideRepository, packedTarball } from "../cli/install";
import { cli, cliDir, languageHosts } from "../cli/support";
import { buildRelease, VERSION, type Release } from "../support/release";
import { goRoomsFolderClaims } from "./goRoomsFolder";

/** Every example with a README, and the template (`pulumi new`'s project). */
const READMES = [
    ...fs
        .readdirSync(path.join(ROOT, "examples"))
        .filter((e) => fs.existsSync(path.join(ROOT, "examples", e, "README.md")))
        .sort()
        .map((e) => `examples/${e}`),
    "templates/vcrooms-team",
];
const runtime = (readme: string) => {
    const manifest = yaml.load(fs.readFileSync(path.join(ROOT, readme, "Pulumi.yaml"), "utf8")) as { runtime: string | { name: string } };
    return typeof manifest.runtime === "string" ? manifest.runtime : manifest.runtime.name;
};
/**
 * The README a user reads first, whose steps come before the README's own: templates/README.md makes the project
 * (`pulumi new`), whose README is the project's, not the template's.
 */
const FIRST: Record<string, string> = { "templates/vcrooms-team": "templates/README.md" };
const steps = new Map(
    READMES.map((r) => {
        const own = readmeSteps(fs.readFileSync(path.join(ROOT, r, "README.md"), "utf8"));
        const first = FIRST[r] ? readmeSteps(fs.readFileSync(path.join(ROOT, FIRST[r]), "utf8")).get("steps") : undefined;
        return [r, first === undefined ? own : new Map([...own].map(([way, script]) => [way, `${first}\n${script}`]))];
    }),
);
const seconds = (ms: number | undefined) => (ms === undefined ? "-" : `${(ms / 1000).toFixed(1)} s`);

/** One of the emulators a README's steps started, as the steps left it. */
interface Team {
    /** The emulator's API address (`/api/v1`) and the developer key the steps started it with. */
    baseUrl: string;
    developerKey: string;
    api(method: string, route: string, body?: unknown): Promise<{ status: number; body: any }>;
    requests(): Promise<Array<{ method: string; path: string; status: number }>>;
}

interface Finished {
    /** The README's way these steps were (`steps` where it offers one). */
    way: string;
    /** What the steps printed, bash's trace (`+ command`) before each step. */
    output: string;
    /** The user's folder, as the steps left it. */
    folder: string;
    /** The README's emulators, in the order its steps start them. */
    teams: Team[];
}

/**
 * What a step printed: from the `nth` trace of `command` (bash's `+ command` line) to the next step's trace. A
 * program's own lines never start with `+ ` (Pulumi indents its plan).
 */
function printed(output: string, command: string, nth = 0): string {
    const lines = output.split("\n");
    const at = lines.map((l, i) => (l === `+ ${command}` ? i : -1)).filter((i) => i >= 0)[nth];
    if (at === undefined) throw new Error(`no step \`${command}\` (#${nth + 1}) in the output`);
    const next = lines.findIndex((l, i) => i > at && l.startsWith("+ "));
    return lines.slice(at + 1, next < 0 ? undefined : next).join("\n").trimEnd();
}

/** The step a failed run stopped at: bash's last trace. */
const lastStep = (output: string) => [...output.matchAll(/^\+ (.*)$/gm)].pop()?.[1] ?? "(none)";

/**
 * Per README, beyond the rooms coming up and going away: how many rooms each emulator saw created (POST /rooms), how
 * many the steps leave (default none), and the README's own claims.
 */
const CLAIMS: Record<string, { created?: number[]; left?: number[]; check?: (run: Finished) => void | Promise<void> }> = {
    "examples/quickstart": {
        created: [2],
        check: ({ output }) => {
            expect(printed(output, "pulumi preview --policy-pack ./node_modules/pulumi-vcrooms/policy"), "the governance pack ran").toContain("vcrooms-governance@v0.1.0");
            const outputs = printed(output, "pulumi stack output");
            expect(outputs).toMatch(/aliceJoinLink\s+\[secret\]/);
            expect(outputs).toContain("https://acme.digitalsamba.com/quickstart-lobby");
            const asked = "pulumi stack output aliceJoinLink --show-secrets";
            const link = printed(output, asked).trim();
            expect(link).toMatch(/^https:\/\/acme\.digitalsamba\.com\/quickstart-standup\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
            // The join link's token is printed only when asked for: by no preview, up or output before.
            expect(output.slice(0, output.indexOf(`+ ${asked}`))).not.toContain(link.split("token=")[1]);
        },
    },
    "examples/team-rooms": {
        created: [2],
        check: ({ output }) => {
            const outputs = printed(output, "pulumi stack output");
            expect(outputs).toMatch(/boardUrl\s+https:\/\/acme\.digitalsamba\.com\/board-q3/);
            expect(outputs).toMatch(/domain\s+acme/);
        },
    },
    "examples/gitops": {
        created: [3],
        check: ({ output }) => {
            // The example's own rooms.yaml under the governance pack: its recorded design review asks no consent.
            expect(printed(output, "pulumi preview --policy-pack ./node_modules/pulumi-vcrooms/policy")).toContain('Room "design-review": recordingsEnabled is true, so consentMessageEnabled must be true');
            // One pull request: all-hands edited, design-review removed, ops added.
            const second = printed(output, "pulumi up --yes --skip-preview", 1);
            for (const change of [/\+ 1 created/, /~ 1 updated/, /- 1 deleted/]) expect(second).toMatch(change);
            expect(printed(output, "pulumi preview", 1)).toContain('rooms.yaml: room "ops": field "privacy" must be "public" or "private"; got "secret"');
            // Both refusals failed their preview (the README's `|| echo` goes on to the next step).
            expect(output.match(/^\+ echo 'refused \(exit [1-9]\d*\)'$/gm)).toHaveLength(2);
        },
    },
    "examples/two-teams": {
        created: [1, 1],
        check: ({ output, folder }) => {
            const outputs = printed(output, "pulumi stack output");
            expect(outputs).toContain("https://acme-staging.digitalsamba.com/standup");
            expect(outputs).toContain("https://acme.digitalsamba.com/standup");
            const exported = fs.readFileSync(path.join(folder, "stack.json"), "utf8");
            expect(exported).toContain("standup");
            for (const key of ["staging-key-0123456789ab", "production-key-0123456789"]) expect(exported).not.toContain(key);
        },
    },
    "examples/drift-audit": {
        created: [1],
        check: ({ output, folder }) => {
            expect(printed(output, "./drift-audit.sh", 0)).toContain("drift audit: no changes outside Pulumi (report: report/report.html)");
            // The report's Markdown names the room and the setting, declared and live, and the page says where it is.
            const drift = printed(output, "./drift-audit.sh", 1);
            expect(drift).toMatch(/\| vcrooms:Room "support" \| update \| `toolbarColor` \| `"#3771E0"` \| `"#000000"` \| update (?:#\d+,|of) \d{4}-/);
            expect(drift).toContain("settings were changed outside Pulumi (see report/report.html)");
            expect(output).toMatch(/^\+ echo 'drift found \(exit 1\)'$/m);
            // --repair put the declared colour back: the next audit finds nothing.
            expect(printed(output, "./drift-audit.sh", 2)).toContain("drift audit: no changes outside Pulumi");
            for (const file of ["report.html", "report.md", "report.json"]) expect(fs.existsSync(path.join(folder, "report", file)), file).toBe(true);
        },
    },
    "examples/adopt-existing": {
        // The room made by hand, and no other: the first up took it over.
        created: [1],
        check: ({ output }) => {
            const made = /"id":"([0-9a-f-]{36})"/.exec(output);
            expect(made, "the room made by hand").not.toBeNull();
            expect(printed(output, "pulumi stack output townHallId").trim()).toBe(made![1]);
        },
    },
    "examples/automation": {
        created: [2, 1],
        check: ({ output }) => {
            expect(printed(output, "node bin/controller.js --preview")).toBe('team-a: preview {"create":3}\nteam-b: preview {"create":2}');
            const done = "team-a: succeeded; all-hands https://team-a.digitalsamba.com/all-hands, board https://team-a.digitalsamba.com/board-q3\nteam-b: succeeded; support https://team-b.digitalsamba.com/support";
            expect(printed(output, "node bin/controller.js")).toBe(done);
            expect(printed(output, "node bin/controller.js --parallel")).toBe(done);
            // A provider's warning reaches the controller's user.
            expect(printed(output, "node bin/controller.js --preview other-teams")).toContain('team-b: warning: Room "spaced": friendlyUrl holds white space');
            expect(printed(output, "node bin/controller.js --destroy")).toBe("team-a: destroyed\nteam-b: destroyed");
        },
    },
    "examples/go-rooms": {
        // The package-folder way's folder, its steps done, is where a Go user's further claims are checked: a change
        // made in the API repaired, a value out of range refused, a secret made in code, the policy pack (./goRoomsFolder.ts).
        check: async ({ way, folder, teams }) => {
            if (way === "folder") await goRoomsFolderClaims(folder, cliDir, teams[0]!);
        },
    },
    "examples/usage-report": {
        // The room the steps made to record usage in: the report's stack declares none.
        created: [1],
        left: [1],
        check: ({ folder }) => {
            expect(fs.readFileSync(path.join(folder, "usage-report.md"), "utf8")).toContain("| sales | Sales floor | 420 | 100.0 % |");
            const svg = fs.readFileSync(path.join(folder, "usage-report.svg"), "utf8");
            const bars = [...svg.matchAll(/<g data-room="([^"]+)" data-minutes="(\d+)">\s*<text[^>]*>[^<]*<\/text>\s*<rect [^>]*width="(\d+)"/g)].map((m) => [m[1], Number(m[2]), Number(m[3])]);
            expect(bars).toEqual([["sales", 420, 400]]);
            expect(svg).toContain("(team: 420)");
        },
    },
    "templates/vcrooms-team": {
        created: [2],
        check: ({ output, folder }) => {
            expect(JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).name).toBe("my-rooms");
            const outputs = printed(output, "pulumi stack output");
            for (const name of ["allHandsUrl", "standupUrl"]) expect(outputs).toContain(name);
        },
    },
};

describe("the examples' READMEs", () => {
    it("every example and the template mark their steps; each way starts the emulator it runs against", () => {
        for (const readme of READMES) {
            expect(steps.get(readme)!.size, readme).toBeGreaterThan(0);
            for (const [way, script] of steps.get(readme)!) expect(readmeEmulators(script).length, `${readme}, ${way}`).toBeGreaterThan(0);
        }
    });

    it("every example in Python, Go or YAML marks its steps both ways: the plugin executable and the package folder", () => {
        const plugins = READMES.filter((r) => runtime(r) !== "nodejs");
        expect(plugins.length).toBeGreaterThan(0);
        for (const readme of plugins) expect([...steps.get(readme)!.keys()].sort(), readme).toEqual(["executable", "folder"]);
    });

    it("has claims only for READMEs that exist", () => {
        expect(Object.keys(CLAIMS).filter((r) => !READMES.includes(r))).toEqual([]);
    });
});

describe.skipIf("skip" in cli)("the examples' READMEs run as written from an empty folder", { timeout: 1_200_000, concurrent: true }, () => {
    let release: Release | undefined;
    let tarball: string;
    beforeAll(() => {
        console.log(`upstream-hosts: ${languageHosts(cliDir)}`);
        tarball = packedTarball();
    }, 900_000);
    /** The release's files, built by the first way whose steps take them (the plugin executable's). */
    const releaseDir = () => (release ??= buildRelease(["emulator", "plugin"], ["python", "go"])).dir;

    /**
     * The folder standing for the user's clone, for one run: the README's folder as the repository holds it (never
     * an in-place run's node_modules, venv or stacks), the run's ports put for the README's in its files (the
     * automation example's team files name their emulators), the release and the tarball.
     */
    const cloneFor = (readme: string, script: string, ports: Map<number, number>) => {
        const clone = outsideRepository("vcrooms-clone-");
        const [kind, name] = readme.split("/") as [string, string];
        const dir = kind === "examples" ? copyExample(name, path.join(clone, "examples")) : path.join(clone, readme);
        if (kind !== "examples") fs.cpSync(path.join(ROOT, readme), dir, { recursive: true });
        for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
            const file = path.join(entry.parentPath, entry.name);
            if (entry.isFile() && /\.(ya?ml|ts|py|go|json|md)$/.test(entry.name)) fs.writeFileSync(file, withPorts(fs.readFileSync(file, "utf8"), ports));
        }
        if (script.includes("$VCROOMS\"/release/")) fs.symlinkSync(releaseDir(), path.join(clone, "release"), "dir");
        fs.symlinkSync(tarball, path.join(clone, `pulumi-vcrooms-${VERSION}.tgz`));
        return clone;
    };

    for (const readme of READMES) {
        for (const [way, script] of steps.get(readme)!) {
            it(`${readme}, ${way}: every step succeeds, the rooms come up and go away, and the README's claims hold`, async () => {
                const emulators = readmeEmulators(script);
                const ports = await freePorts(emulators.map((e) => e.port));
                const clone = cloneFor(readme, script, ports);
                const folder = outsideRepository(`vcrooms-${path.basename(readme)}-${way}-`);
                const run = await runSteps({ script, folder, clone, ports, cliDir, timeoutMs: 1_100_000 });
                try {
                    console.log(`${readme}, ${way}: first room after ${seconds(run.firstRoomMs)}, all steps ${seconds(run.totalMs)}`);
                    expect(run.code, `${readme}, ${way}: the step \`${lastStep(run.output)}\` failed (exit ${run.code})\n${run.output.slice(0, 3000)}\n...\n${run.output.slice(-6000)}`).toBe(0);
                    const teams: Team[] = emulators.map(({ port, developerKey }) => {
                        const origin = `http://127.0.0.1:${ports.get(port)}`;
                        const call = async (url: string, method: string, body?: unknown, key?: string) => {
                            const headers: Record<string, string> = { accept: "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) };
                            const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
                            const text = await res.text();
                            return { status: res.status, body: text ? JSON.parse(text) : undefined };
                        };
                        return {
                            baseUrl: `${origin}/api/v1`,
                            developerKey,
                            api: (method, route, body) => call(`${origin}/api/v1${route}`, method, body, developerKey),
                            requests: async () => (await call(`${origin}/_emulator/requests`, "GET")).body.entries,
                        };
                    });
                    const claims = CLAIMS[readme] ?? {};
                    const created: number[] = [];
                    const left: number[] = [];
                    for (const team of teams) {
                        created.push((await team.requests()).filter((e) => e.method === "POST" && e.path === "/api/v1/rooms" && e.status < 300).length);
                        left.push((await team.api("GET", "/rooms")).body.total_count);
                    }
                    if (claims.created) expect(created, "rooms created, per emulator").toEqual(claims.created);
                    else expect(created.reduce((a, b) => a + b, 0), "rooms created").toBeGreaterThan(0);
                    expect(left, "rooms left after the steps, per emulator").toEqual(claims.left ?? teams.map(() => 0));
                    const made = fs.readdirSync(folder);
                    if (way === "executable") expect(made.filter((f) => ["package.json", "node_modules"].includes(f)), "Node.js files").toEqual([]);
                    if (way === "folder") expect(made).toContain("node_modules");
                    try {
                        await claims.check?.({ way, output: run.output, folder, teams });
                    } catch (error) {
                        // Which README and way, and what its steps printed: the claim's own message names the rest.
                        (error as Error).message = `${readme}, ${way}: ${(error as Error).message}\nwhat the steps printed:\n${run.output.slice(-12000)}`;
                        throw error;
                    }
                } finally {
                    run.stop();
                    fs.rmSync(folder, { recursive: true, force: true });
                    fs.rmSync(clone, { recursive: true, force: true });
                }
            });
        }
    }
});
