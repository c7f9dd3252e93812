/**
 * One build per run of what the invariant harnesses' projects share and never change (the Go program and its
 * generated SDK, goProject.ts; the virtualenv holding the generated Python SDK, pythonProject.ts), in the run's
 * build folder (test/support/buildOnce.ts), under a name keyed by the content it is built from: the first harness
 * that asks builds it, the others wait for it and read it. Each harness still has a project and a stack of its own.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";

/** A key of the texts a build is made from: the same texts, the same build. */
export function contentKey(texts: readonly string[]): string {
    const hash = createHash("sha256");
    for (const text of texts) hash.update(`${text.length}:`).update(text);
    return hash.digest("hex").slice(0, 16);
}

/**
 * The folder `{kind}-{key}` of the run's build folder, made by `make` (given the folder) once per run: a harness
 * that asks while another builds it waits; a failed build fails every harness that asks, with the build's words.
 */
export async function builtOnce(kind: string, key: string, make: (dir: string) => Promise<void>): Promise<string> {
    const dir = path.join(inject("buildDir"), `${kind}-${key}`);
    const done = `${dir}.done`;
    const failed = `${dir}.failed`;
    try {
        fs.mkdirSync(dir);
    } catch {
        for (let waited = 0; !fs.existsSync(done); waited += 500) {
            if (fs.existsSync(failed)) throw new Error(`the shared ${kind} build failed: ${fs.readFileSync(failed, "utf8")}`);
            if (waited > 900_000) throw new Error(`no ${kind} build in ${dir} after 15 minutes`);
            await sleep(500);
        }
        return dir;
    }
    try {
        await make(dir);
    } catch (error) {
        fs.writeFileSync(failed, String((error as Error).message));
        throw error;
    }
    fs.writeFileSync(done, "");
    return dir;
}
