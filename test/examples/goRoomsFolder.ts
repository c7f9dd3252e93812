/**
 * The go-rooms README's package-folder way, once its steps are done, is where a Go user's further claims are checked
 * (they were test/cli/goRooms.test.ts's, which installed the tarball, added the package folder and built the program
 * in a folder of its own): the folder already holds `npm install`'s package and `pulumi package add`'s Go SDK, and Go
 * has built the program once. On a stack of its own (`checks`, in a backend of its own: the README's `dev` keeps its
 * passphrase) against the README's emulator, still running: what the package ships and `pulumi package add` wrote, a
 * change made in the API found by `preview --refresh` and put back by up, a value out of range refused at preview with
 * the provider's message, a value made secret in code kept out of every output and file, and the installed policy pack
 * judging the Go program's rooms.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { expect } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { PulumiProject, ROOT } from "../../harness/pulumiCli";
import { expectDriftRepaired, withoutDebugEvents } from "../cli/support";
import { apiCaller } from "../support/http";

/** What the example ships: the program and the files that build and install it, nothing generated. */
const SHIPPED = ["Pulumi.yaml", "README.md", "go.mod", "go.sum", "main.go"];

/** The program's main.go with `edit` applied (a user's change), for one operation; put back afterwards. */
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

/**
 * The Go user's claims in the folder the README's package-folder way left (`folder`), against its emulator (`baseUrl`
 * and `developerKey` as the steps started it). The rooms the steps made are gone (the caller checked).
 */
export async function goRoomsFolderClaims(folder: string, cliDir: string, team: { baseUrl: string; developerKey: string }): Promise<void> {
    // The package ships the example as the repository holds it; `pulumi package add` wrote `packages:`, generated the
    // Go SDK and pointed go.mod's `replace` there, and the shipped go.sum was complete (its `go mod tidy` added nothing).
    expect(fs.readdirSync(path.join(folder, "node_modules/pulumi-vcrooms/examples/go-rooms")).sort()).toEqual(SHIPPED);
    expect((yaml.load(fs.readFileSync(path.join(folder, "Pulumi.yaml"), "utf8")) as { packages: unknown }).packages).toEqual({ vcrooms: "./node_modules/pulumi-vcrooms/plugin" });
    expect(fs.existsSync(path.join(folder, "sdks/vcrooms/vcrooms/room.go"))).toBe(true);
    expect(fs.readFileSync(path.join(folder, "go.mod"), "utf8")).toContain("replace github.com/vcrooms/pulumi-vcrooms/sdk/go => ./sdks/vcrooms");
    expect(fs.readFileSync(path.join(folder, "go.sum"), "utf8")).toBe(fs.readFileSync(path.join(ROOT, "examples/go-rooms/go.sum"), "utf8"));

    const project = new PulumiProject({ cliDir, folder, stack: "checks" });
    const api = apiCaller({ baseUrl: team.baseUrl, developerKey: team.developerKey } as RunningEmulator);
    await project.init({ "vcrooms:apiUrl": team.baseUrl }, { "vcrooms:developerKey": team.developerKey });

    // A change made in the API is found on that room alone by preview --refresh and put back by up.
    const up = await project.up([], { preview: false });
    expect(up.code, up.stdout + up.stderr).toBe(0);
    await expectDriftRepaired(project, api, {
        friendlyUrl: "go-standup",
        name: "standup",
        change: { description: "changed outside", max_participants: 40 },
        changedFields: ["description", "maxParticipants"],
        declared: { description: "Team stand-up: join with a token", max_participants: 12 },
    });

    // A value made secret in code (pulumi.ToSecret) for the join token's userName is in no output, state or file
    // the CLI wrote: an update of the rooms up from the drift check.
    const name = "Alice-secret-in-go";
    const secret = await withProgram(project, (s) => s.replace(`UserName:    pulumi.String("Alice"),`, `UserName:    pulumi.ToSecret(pulumi.String("${name}")).(pulumi.StringOutput),`), () => project.up([], { preview: false }));
    expect(secret.code, secret.stdout + secret.stderr).toBe(0);
    expect((await api("GET", "/rooms/go-standup")).status).toBe(200);
    expect(withoutDebugEvents(secret.stdout + secret.stderr)).not.toContain(name);
    expect(JSON.stringify(await project.outputs())).not.toContain(name);
    expect(await project.exportText()).not.toContain(name);
    expect(project.writtenText()).not.toContain(name);
    const down = await project.destroy([], { preview: false });
    expect(down.code, down.stdout + down.stderr).toBe(0);
    expect((await api("GET", "/rooms")).body.total_count).toBe(0);

    // A value out of range in main.go fails at preview with the provider's message naming the resource, the field
    // and the rule.
    const range = await withProgram(project, (s) => s.replace("MaxParticipants: pulumi.Int(12)", "MaxParticipants: pulumi.Int(0)"), () => project.preview());
    expect(range.code).not.toBe(0);
    expect(range.stdout + range.stderr).toContain("vcrooms:index:Room resource 'standup': property maxParticipants value {0} has a problem: maxParticipants must be an integer from 2 to 2000; got 0");

    // The policy pack of the installed package refuses a Go program's confidential public room with the policy's
    // message; the rest of the example (a public room that is not confidential, a week's token renewed a day
    // ahead) is compliant.
    const pack = path.join(folder, "node_modules/pulumi-vcrooms/policy");
    const judged = await withProgram(
        project,
        (s) => s.replace(`Privacy:         vcrooms.PrivacyPrivate,`, `Privacy:         vcrooms.PrivacyPublic,\n\t\t\tTags:            pulumi.StringArray{pulumi.String("confidential")},`),
        () => project.run(["preview", "--non-interactive", "--policy-pack", pack]),
    );
    const text = judged.stdout + judged.stderr;
    expect(judged.code, text).not.toBe(0);
    expect(text).toContain(`Room "standup": confidential (tag "confidential"), so privacy must be "private" (now "public")`);
    expect(text).not.toContain(`Room "lobby"`);
    expect(text).not.toContain(`JoinToken "alice"`);
    expect((await api("GET", "/rooms")).body.total_count).toBe(0);
}
