/**
 * The state a stack's last operation saved: the file backend's checkpoint, as `pulumi stack export` prints it (secrets
 * encrypted), read from its file rather than by a CLI start (about 0.3 s of CPU each). For the harnesses' projects,
 * whose backend is the file backend in the project's `.backend` (harness/pulumiCli.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { PulumiProject } from "../../harness/pulumiCli";

export function savedState(project: PulumiProject): { resources?: Array<Record<string, any>>; pending_operations?: unknown[] } {
    const stacks = path.join(project.dir, ".backend", ".pulumi", "stacks");
    const [name] = fs.readdirSync(stacks);
    return JSON.parse(fs.readFileSync(path.join(stacks, name!, `${project.stack}.json`), "utf8")).checkpoint.latest ?? {};
}

/** The URN of the resource named `name` in the stack's saved state (the first whose URN ends with it), or why not. */
export function savedUrn(project: PulumiProject, name: string): string {
    return String((savedState(project).resources ?? []).find((r) => String(r.urn).endsWith(`::${name}`))?.urn ?? `no resource ${name} in the stack's state`);
}
