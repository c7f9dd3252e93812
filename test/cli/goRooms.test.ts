/**
 * examples/go-rooms as a Go user changes it: its files copied out of the installed package (node_modules/pulumi-vcrooms/
 * examples/go-rooms) into a folder outside the repository where the packed tarball is installed, the package folder
 * added as its README says (`pulumi package add`), run through the real CLI with upstream's Go language host against
 * the emulator. Its README's own steps, both ways, are test/examples/readmeCommands.test.ts's; here, in one folder
 * (one Go build cache for the program: building Pulumi's Go SDK is the expensive part), a change made in the API is
 * found by `preview --refresh` and put back by up, the mistakes a Go user makes are refused at preview with the
 * provider's message, a value made secret in code stays secret, and the policy pack judges the Go program's rooms.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PulumiProject, ROOT } from "../../harness/pulumiCli";
import { NPM_INSTALL_FLAGS, outsideRepository, packedTarball } from "./install";
import { cli, cliDir, expectDriftRepaired, languageHosts, withoutDebugEvents } from "./support";
import { apiCaller } from "../support/http";
import { useEmulator } from "../support/emulator";
import { goMissing } from "../invariants/goProject";

/** Why the Go suite cannot run here, or nothing; under CI a failure. */
function goSuiteMissing(): string | undefined {
    const reason = goMissing();
    if (reason && process.env.CI) throw new Error(`the Go suite is required under CI: ${reason}`);
    if (reason) console.warn(`Go suite skipped: ${reason}`);
    return reason;
}

/** What the example ships: the program and the files that build and install it, nothing generated. */
const SHIPPED = ["Pulumi.yaml", "README.md", "go.mod", "go.sum", "main.go"];

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];
let shared: PulumiProject | undefined;
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * The copied example, installed the package folder's way and configured for the emulator (one per run: each test of
 * this file uses it). `pulumi package add` writes `packages:`, generates the Go SDK into sdks/vcrooms and points
 * go.mod's `replace` there; `go mod tidy` has nothing to add or drop: the shipped go.sum is complete.
 */
async function goProject(): Promise<PulumiProject> {
    if (shared) return shared;
    console.log(`upstream-hosts: ${languageHosts(cliDir)}`);
    const dir = outsideRepository("vcrooms-go-rooms-");
    execFileSync("npm", ["install", packedTarball(), ...NPM_INSTALL_FLAGS], { cwd: dir, stdio: "ignore", timeout: 300_000 });
    const example = path.join(dir, "node_modules/pulumi-vcrooms/examples/go-rooms");
    expect(fs.readdirSync(example).sort()).toEqual(SHIPPED);
    for (const file of SHIPPED) fs.copyFileSync(path.join(example, file), path.join(dir, file));
    const project = new PulumiProject({ cliDir, folder: dir });
    projects.push(project);
    expect(path.relative(ROOT, dir).startsWith("..")).toBe(true);
    const goSum = fs.readFileSync(path.join(dir, "go.sum"), "utf8");
    const started = Date.now();
    await project.must(["package", "add", "./node_modules/pulumi-vcrooms/plugin"]);
    console.log(`go-rooms: pulumi package add (SDK generation, go mod tidy): ${seconds(started)} s`);
    expect((yaml.load(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")) as { packages: unknown }).packages).toEqual({ vcrooms: "./node_modules/pulumi-vcrooms/plugin" });
    expect(fs.existsSync(path.join(dir, "sdks/vcrooms/vcrooms/room.go"))).toBe(true);
    expect(fs.readFileSync(path.join(dir, "go.mod"), "utf8")).toContain("replace github.com/vcrooms/pulumi-vcrooms/sdk/go => ./sdks/vcrooms");
    expect(fs.readFileSync(path.join(dir, "go.sum"), "utf8")).toBe(goSum);
    await project.init({ "vcrooms:apiUrl": emulator.baseUrl }, { "vcrooms:developerKey": emulator.developerKey });
    shared = project;
    return project;
}

/** The program's main.go with `edit` applied (a user's change), for one preview; put back afterwards. */
async function withProgram<T>(project: PulumiProject, edit: (source: string) => string, run: () => Promise<T>): Promise<T> {
    const file = path.join(project.dir, "main.go");
    const original = fs.readFileSync(file, "utf8");
    const edited = edit(original);
    expect(edited).not.toBe(original);
    fs.writeFileSync(file, edited);
    try {
        return await run();
    } finally {
        fs.writeFileSync(file, original);
    }
}

const skip = goSuiteMissing();

describe.skipIf(skip !== undefined)("examples/go-rooms copied out of the installed package", { timeout: 1_800_000 }, () => {
    useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });

    it("a change made in the API is found on that room alone by preview --refresh and put back by up", async () => {
        const project = await goProject();
        const up = await project.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const api = apiCaller(emulator);
        await expectDriftRepaired(project, api, {
            friendlyUrl: "go-standup",
            name: "standup",
            change: { description: "changed outside", max_participants: 40 },
            changedFields: ["description", "maxParticipants"],
            declared: { description: "Team stand-up: join with a token", max_participants: 12 },
        });
        const down = await project.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await api("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("a value out of range in main.go fails at preview with the provider's message naming the resource, the field and the rule", async () => {
        const project = await goProject();
        const run = await withProgram(project, (s) => s.replace("MaxParticipants: pulumi.Int(12)", "MaxParticipants: pulumi.Int(0)"), () => project.preview());
        expect(run.code).not.toBe(0);
        expect(run.stdout + run.stderr).toContain("vcrooms:index:Room resource 'standup': property maxParticipants value {0} has a problem: maxParticipants must be an integer from 2 to 2000; got 0");
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("a value made secret in code (pulumi.ToSecret) for the join token's userName is in no output, state or file the CLI wrote", async () => {
        const project = await goProject();
        const name = "Alice-secret-in-go";
        const up = await withProgram(project, (s) => s.replace(`UserName:    pulumi.String("Alice"),`, `UserName:    pulumi.ToSecret(pulumi.String("${name}")).(pulumi.StringOutput),`), () => project.up([], { preview: false }));
        expect(up.code, up.stdout + up.stderr).toBe(0);
        const api = apiCaller(emulator);
        expect((await api("GET", "/rooms/go-standup")).status).toBe(200);
        expect(withoutDebugEvents(up.stdout + up.stderr)).not.toContain(name);
        expect(JSON.stringify(await project.outputs())).not.toContain(name);
        expect(await project.exportText()).not.toContain(name);
        expect(project.writtenText()).not.toContain(name);
        const down = await project.destroy([], { preview: false });
        expect(down.code, down.stdout + down.stderr).toBe(0);
        expect((await api("GET", "/rooms")).body.total_count).toBe(0);
    });

    it("the policy pack of the installed package refuses a Go program's confidential public room with the policy's message", async () => {
        const project = await goProject();
        const pack = path.join(project.dir, "node_modules/pulumi-vcrooms/policy");
        const run = await withProgram(
            project,
            (s) => s.replace(`Privacy:         vcrooms.PrivacyPrivate,`, `Privacy:         vcrooms.PrivacyPublic,\n\t\t\tTags:            pulumi.StringArray{pulumi.String("confidential")},`),
            () => project.run(["preview", "--non-interactive", "--policy-pack", pack]),
        );
        const text = run.stdout + run.stderr;
        expect(run.code, text).not.toBe(0);
        expect(text).toContain(`Room "standup": confidential (tag "confidential"), so privacy must be "private" (now "public")`);
        // The rest of the example is compliant: a public room that is not confidential, a week's token renewed a day ahead.
        expect(text).not.toContain(`Room "lobby"`);
        expect(text).not.toContain(`JoinToken "alice"`);
        expect((await apiCaller(emulator)("GET", "/rooms")).body.total_count).toBe(0);
    });
});
