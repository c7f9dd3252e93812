/**
 * What a Room costs in state through the real Pulumi CLI (issue 22), and the upgrade from the earlier shim:
 * a stack whose `__provider` texts are the earlier shim's (a serialized seven-method provider object, 2.7 KB,
 * test/cli/fixtures/serialized-shim-room.txt, as the SDK wrote it before issue 22) previews, updates and refreshes with no change
 * under today's SDK, and its old text still runs the delete.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import type { PulumiProject } from "../../harness/pulumiCli";
import { cli, projectFor, requestLog } from "./support";
import { useEmulator } from "../support/emulator";

const OLD_ROOM_SHIM = fs.readFileSync(path.join(__dirname, "fixtures", "serialized-shim-room.txt"), "utf8");
/** The earlier text differs between kinds only in the kind it captures. */
const oldShim = (kind: string) => OLD_ROOM_SHIM.replace(/kind: "room"/g, `kind: "${kind}"`);

let emulator: RunningEmulator;
const projects: PulumiProject[] = [];

/** A plain room, and the bench's room (bench/programs/roomArgs.ts): roles, a default role, a tag, a colour. */
const ROOMS = [
    { name: "plain", args: {} },
    { name: "bench", args: { description: "Bench room 0", maxParticipants: 10, toolbarColor: "#ABCDEF", roles: ["moderator", "attendee"], defaultRole: "moderator", tags: ["bench"] } },
];

async function project(): Promise<PulumiProject> {
    const p = await projectFor(emulator, { "test:defaults": JSON.stringify({ paletteMode: "dark" }), "test:rooms": JSON.stringify(ROOMS) });
    projects.push(p);
    return p;
}

/** A resource as `pulumi stack export` prints it (four-space indents, as the file backend keeps it). */
const exportedBytes = (resource: unknown) => JSON.stringify(resource, null, 4).length;

describe.skipIf("skip" in cli)("a Room's state through the real Pulumi CLI", { timeout: 600_000 }, () => {
    useEmulator({ rateLimit: 0 }, { resetEach: true, projects, started: (started) => (emulator = started) });

    it("a Room stores its __provider in at most 200 bytes, inputs and outputs each, and the bench's room in at most 11.5 KB (the earlier shim: 2.7 KB and 14.4 KB); a stack written with the earlier serialized shim: no change in preview, up and refresh after the upgrade, and destroy runs on the old text", async () => {
        const p = await project();
        const up = await p.up([], { preview: false });
        expect(up.code, up.stdout + up.stderr).toBe(0);
        // `pulumi stack export`'s document (its version included): the state measured here is what is imported below.
        const exported = JSON.parse(await p.exportText()) as { deployment: { resources?: Array<Record<string, any>> } };
        const resources = exported.deployment.resources ?? [];
        const room = (name: string) => resources.find((r) => r.type === "pulumi-nodejs:dynamic/vcrooms:Room" && String(r.urn).endsWith(`::${name}`))!;
        for (const r of resources.filter((r) => String(r.type).startsWith("pulumi-nodejs:dynamic/"))) {
            expect(String(r.inputs.__provider).length, r.urn).toBeLessThanOrEqual(200);
            expect(String(r.outputs.__provider).length, r.urn).toBeLessThanOrEqual(200);
        }
        console.log(`state per Room as exported: plain ${exportedBytes(room("plain"))} bytes, bench ${exportedBytes(room("bench"))} bytes`);
        // 9.5 KB until a Room's inherited free-text settings were kept as secrets (nine ciphertexts, about 1.1 KB: a
        // secret another stack gave the team must not be in this state in clear).
        expect(exportedBytes(room("bench"))).toBeLessThanOrEqual(11.5 * 1024);
        expect(exportedBytes(room("plain"))).toBeLessThanOrEqual(11.5 * 1024);

        // The same stack as the earlier SDK left it: every dynamic resource's __provider, inputs and outputs, the old
        // text (one stack for both claims; issue 42).
        const dynamic = (exported.deployment.resources ?? []).filter((r) => String(r.type).startsWith("pulumi-nodejs:dynamic/vcrooms:"));
        expect(dynamic.map((r) => r.type).sort()).toEqual(["pulumi-nodejs:dynamic/vcrooms:Room", "pulumi-nodejs:dynamic/vcrooms:Room", "pulumi-nodejs:dynamic/vcrooms:TeamDefaults"]);
        for (const r of dynamic) {
            const kind = r.type === "pulumi-nodejs:dynamic/vcrooms:Room" ? "room" : "teamDefaults";
            r.inputs.__provider = oldShim(kind);
            r.outputs.__provider = oldShim(kind);
        }
        const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vcrooms-state-")), "state.json");
        fs.writeFileSync(file, JSON.stringify(exported));
        await p.must(["stack", "import", "--file", file]);
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
        expect(JSON.stringify((await p.exportDeployment()).deployment)).toContain("async function /*delete*/");

        const preview = await p.preview(["--expect-no-changes"]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        // The stack, the team defaults and the two rooms, all unchanged.
        expect(preview.changeSummary).toEqual({ same: 4 });
        const again = await p.up(["--expect-no-changes"], { preview: false }); // the plan was just previewed
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(again.changeSummary).toEqual({ same: 4 });
        const refreshed = await p.refresh(["--expect-no-changes"], { preview: false });
        expect(refreshed.code, refreshed.stdout + refreshed.stderr).toBe(0);
        expect(refreshed.changeSummary).toEqual({ same: 4 });

        // Whatever text each resource's outputs hold now, the delete runs through it.
        const destroyed = await p.destroy([], { preview: false });
        expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
        expect((await requestLog(emulator)).entries.filter((e) => e.method === "DELETE" && e.path.includes("/rooms/")).length).toBe(2);
    });
});
