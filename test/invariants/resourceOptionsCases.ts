/**
 * The resource-options harness's cases (test/invariants/resourceOptions.test.ts for the SDK's dynamic resources,
 * resourceOptionsPlugin.test.ts for the `vcrooms` plugin's, as a generated SDK registers them): the resource options
 * Pulumi documents, through the real Pulumi CLI against the emulator. One project per face runs one program
 * (test/cli/programs/options.ts), stepped through the cases by config; each case starts from an empty stack and team. What each option must do is what Pulumi's documentation says it does; where an option cannot
 * work in a face, the face fails in one line that says so and names what works (docs/assumptions.md, "Resource options").
 *
 * customTimeouts is covered with the plugin's timeouts elsewhere (branch `automation`), not here.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { ROOT, type PulumiProject, type JsonRun, type CommandResult } from "../../harness/pulumiCli";
import { cli, projectFor } from "../cli/support";
import { useEmulator } from "../support/emulator";

const PROGRAM = path.join(ROOT, "dist/test/cli/programs/options.js");

interface LiveRoom {
    id: string;
    friendly_url: string;
    description: string | null;
}

type Run = JsonRun & CommandResult;
/** What a run told the user: its diagnostics (the engine's errors and warnings) and its standard error. */
const said = (run: Run) => [...run.diagnostics.map((d) => d.message), run.stderr].join("\n");
const opOf = (run: Run, name: string) =>
    run.steps
        .filter((s) => s.name === name && !s.type.includes("Stack"))
        .map((s) => s.op)
        .join(",");

/** The cases in one face: one project, stepped through them. */
export function resourceOptionCases(face: "dynamic" | "plugin"): void {
    let emulator: RunningEmulator;
    const projects: PulumiProject[] = [];
    describe.skipIf("skip" in cli)(`resource options through the real Pulumi CLI, ${face} face`, { timeout: 900_000 }, () => {
        const { api } = useEmulator({ rateLimit: 0 }, { projects, started: (started) => (emulator = started) });
        const liveRooms = async () => (await api("GET", "/rooms")).body.data as LiveRoom[];
        const roomUnder = async (friendlyUrl: string) => (await liveRooms()).find((r) => r.friendly_url === friendlyUrl);
        {
            let project: PulumiProject;
            /** Declares `resources` (and what else the case sets) as the program's config. */
            const declare = (config: { resources?: unknown[]; components?: unknown[]; outputs?: unknown[]; secretTransform?: string[] }) =>
                project.setConfig({
                    "test:resources": JSON.stringify(config.resources ?? []),
                    "test:components": JSON.stringify(config.components ?? []),
                    "test:outputs": JSON.stringify(config.outputs ?? []),
                    "test:secretTransform": JSON.stringify(config.secretTransform ?? []),
                });
            /** Empties the stack: the next case starts from nothing. */
            const clear = async () => {
                await declare({});
                const up = await upOk();
            };
            /** What a case starts from: an empty stack and an empty team (a failed case may leave either behind). */
            const fresh = async () => {
                await project.run(["state", "unprotect", "--all", "--yes"]);
                await clear();
                await api("POST", "/reset");
            };
            /** `pulumi up` that must succeed. */
            const upOk = async (flags: string[] = [], options = { preview: false }) => {
                const up = await project.up(flags, options);
                expect(up.code, said(up)).toBe(0);
                return up;
            };

            it(`${face}: the project starts`, async () => {
                project = await projectFor(emulator, { "test:face": face }, { program: PROGRAM, plugin: face === "plugin", secretConfig: { "test:secret": "Confidential board topic" } });
                projects.push(project);
            });

            it(`${face}: two Rooms of one name under two components are two resources: one friendlyUrl for both is refused at preview, naming each by URN; dropping one component leaves the other's room`, async () => {
                await fresh();
                const components = [
                    { name: "sales", type: "Sales" },
                    { name: "support", type: "Support" },
                ];
                const lobby = (parent: string, friendlyUrl: string, extra: Record<string, unknown> = {}) => ({ kind: "Room", name: "lobby", parent, args: { friendlyUrl, description: `${parent} lobby`, ...extra } });
                await declare({ components, resources: [lobby("sales", "acme-lobby"), lobby("support", "acme-lobby")] });
                const shared = await project.preview();
                expect(shared.code).not.toBe(0);
                expect(said(shared)).toMatch(/friendlyUrl is also declared by Room "lobby" \(urn:pulumi:[^)]*::test:index:(Sales|Support)\$[^)]*::lobby\) of this stack/);
                // adoptExisting does not make them one resource either.
                await declare({ components, resources: [lobby("sales", "acme-lobby", { adoptExisting: true }), lobby("support", "acme-lobby", { adoptExisting: true })] });
                const adopting = await project.up([], { preview: false });
                expect(adopting.code).not.toBe(0);
                expect((await liveRooms()).filter((r) => r.friendly_url === "acme-lobby").length).toBeLessThanOrEqual(1);
                await clear();

                await declare({ components, resources: [lobby("sales", "acme-sales"), lobby("support", "acme-support")] });
                await upOk();
                const sales = await roomUnder("acme-sales");
                await declare({ components: components.slice(0, 1), resources: [lobby("sales", "acme-sales")] });
                await upOk();
                expect(await roomUnder("acme-support")).toBeUndefined();
                expect((await roomUnder("acme-sales"))?.id).toBe(sales!.id);
                const refreshed = await project.refresh([], { preview: false });
                expect(refreshed.code, said(refreshed)).toBe(0);
                expect((await project.exportDeployment()).deployment.resources?.filter((r) => String(r.urn).endsWith("::lobby"))).toHaveLength(1);
            });

            it(`${face}: a description a stack transform makes secret keeps topic, which carries it, secret in the outputs and the state`, async () => {
                await fresh();
                await declare({
                    resources: [{ kind: "Room", name: "board", args: { description: "Plain board topic" } }],
                    secretTransform: ["description"],
                    outputs: [{ name: "topic", of: "board", output: "topic" }],
                });
                await upOk();
                expect((await liveRooms()).map((r) => r.description)).toContain("Confidential board topic");
                expect(await project.outputs()).toEqual({ topic: "[secret]" });
                expect(await project.exportText()).not.toContain("Confidential board topic");
            });

            it(`${face}: replaceOnChanges replaces a Room when a named input changes, and updates it in place otherwise`, async () => {
                const room = (description: string, maxParticipants: number) => ({ kind: "Room", name: "replaced", args: { description, maxParticipants }, options: { replaceOnChanges: ["description"] } });
                await fresh();
                await declare({ resources: [room("First topic", 20)] });
                await upOk();
                const [before] = await liveRooms();

                await declare({ resources: [room("First topic", 30)] });
                const inPlace = await project.up();
                expect(inPlace.code, said(inPlace)).toBe(0);
                expect(opOf(inPlace, "replaced")).toBe("update");

                await declare({ resources: [room("Second topic", 30)] });
                const preview = await project.preview();
                expect(preview.code, said(preview)).toBe(0);
                expect(opOf(preview, "replaced")).toMatch(/replace/);
                const up = await upOk();
                const after = await liveRooms();
                expect(after).toHaveLength(1);
                expect(after[0]!.id).not.toBe(before!.id);
                expect(after[0]!.description).toBe("Second topic");
            });

            it(`${face}: replacementTrigger on a Room with a declared friendlyUrl: the create-first replacement is refused naming deleteBeforeReplace, which then replaces it`, async () => {
                const room = (trigger: string, options: Record<string, unknown> = {}) => ({ kind: "Room", name: "triggered", args: { friendlyUrl: "acme-triggered", description: "Triggered room" }, options: { replacementTrigger: trigger, ...options } });
                await fresh();
                await declare({ resources: [room("1")] });
                await upOk();
                const before = await roomUnder("acme-triggered");

                await declare({ resources: [room("2")] });
                const stuck = await project.up([], { preview: false });
                expect(stuck.code).not.toBe(0);
                expect(said(stuck)).toContain("deleteBeforeReplace");

                await declare({ resources: [room("2", { deleteBeforeReplace: true })] });
                await upOk();
                const after = await roomUnder("acme-triggered");
                expect(after?.id).toBeDefined();
                expect(after!.id).not.toBe(before!.id);
            });

            it(`${face}: ignoreChanges, aliases (a rename, a move under a component), dependsOn on an unknown id, deletedWith, protect and retainOnDelete do what Pulumi's docs say`, async () => {
                await fresh();
                const components = [{ name: "box", type: "Box" }];
                const step = (stage: "first" | "second", protect: boolean) => [
                    { kind: "Room", name: "kept", args: { description: "Protected room" }, options: { protect } },
                    { kind: "Room", name: "ignored", args: { description: stage === "first" ? "Ignored first" : "Ignored second" }, options: { ignoreChanges: ["description"] } },
                    stage === "first"
                        ? { kind: "Room", name: "renamable", args: { description: "Renamed room" } }
                        : { kind: "Room", name: "renamed", args: { description: "Renamed room" }, options: { aliases: [{ name: "renamable" }] } },
                    stage === "first"
                        ? { kind: "Room", name: "retained", args: { friendlyUrl: "acme-retained", description: "Retained room" }, options: { retainOnDelete: true } }
                        : { kind: "Room", name: "retained", parent: "box", args: { friendlyUrl: "acme-retained", description: "Retained room" }, options: { retainOnDelete: true, aliases: [{ parent: "root" }] } },
                    { kind: "JoinToken", name: "token", args: { room: { $ref: "ignored.id" }, userName: "Ada" }, options: { dependsOn: ["kept"], deletedWith: "ignored" } },
                ];
                await declare({ components, resources: step("first", true) });
                const first = await project.preview();
                expect(first.code, said(first)).toBe(0);
                expect(opOf(first, "token")).toBe("create");
                await upOk();
                const rooms = new Map((await liveRooms()).map((r) => [r.description, r]));

                await declare({ components, resources: step("second", true) });
                const second = await project.preview();
                expect(second.code, said(second)).toBe(0);
                // Nothing changes: the preview lists each as same, or leaves it out.
                for (const name of ["ignored", "renamed", "retained", "token"]) expect(["", "same"], name).toContain(opOf(second, name));
                await upOk();
                expect((await liveRooms()).find((r) => r.id === rooms.get("Ignored first")!.id)?.description).toBe("Ignored first");

                // protect: dropping the Room fails, naming the option; unprotected, it goes.
                await declare({ components, resources: step("second", true).filter((r) => r.name !== "kept" && r.name !== "token") });
                const refused = await project.up([], { preview: false });
                expect(refused.code).not.toBe(0);
                expect(said(refused)).toMatch(/protect/);
                await declare({ components, resources: step("second", false) });
                await upOk();
                await clear();
                // retainOnDelete: the room outlives the resource.
                expect((await liveRooms()).map((r) => r.friendly_url)).toEqual(["acme-retained"]);
            });

            it(`${face}: the import option ${face === "plugin" ? "adopts the room" : "is refused in one line naming adoptExisting"}`, async () => {
                await fresh();
                const made = (await api("POST", "/rooms", { friendly_url: "acme-imported", description: "Made by hand" })).body as { id: string };
                await declare({ resources: [{ kind: "Room", name: "imported", args: { friendlyUrl: "acme-imported", description: "Made by hand" }, options: { import: made.id } }] });
                const preview = await project.preview();
                if (face === "plugin") {
                    expect(preview.code, said(preview)).toBe(0);
                    await upOk();
                    expect((await project.resourceState("imported"))?.id).toBe(made.id);
                } else {
                    expect(preview.code).not.toBe(0);
                    const text = said(preview);
                    expect(text).toMatch(/Room "imported": the import option cannot adopt a dynamic resource .*adoptExisting: true/);
                    expect(text).not.toContain("code must be a string");
                    expect(text).not.toMatch(/^\s+at /m);
                }
            });
        }
    });
}
