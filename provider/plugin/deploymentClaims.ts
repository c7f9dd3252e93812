/**
 * The claims of one deployment, seen by every provider process of it. The engine runs each provider instance of the
 * plugin (the default one, and each explicit `vcrooms` provider) as a process of its own, so claims kept in one
 * process let two explicit providers of one team each declare the team's defaults, or one friendly URL, unseen.
 *
 * The processes of one deployment are children of one language host (the engine runs a runtime's plugins through
 * the host of that runtime and folder), so the claims live in a folder named after the parent process, one file
 * per claim, created at once (a hard link, which fails when the file exists), holding the owner and the claiming
 * process. A claim whose process has ended is stale: the deployment it belonged to is over, and it is taken over.
 * Two phases of one command (preview, then update) run the same program, so their claims agree.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ClaimStore } from "../resources/claims";

interface Entry {
    owner: string;
    pid: number;
}

function alive(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        // EPERM: it exists, under another user.
        return (error as NodeJS.ErrnoException).code === "EPERM";
    }
}

/** Removes the claim folders (named after a process id) of processes that have ended. */
function sweepEnded(parent: string): void {
    let names: string[];
    try {
        names = fs.readdirSync(parent);
    } catch {
        return;
    }
    for (const name of names) if (/^\d+$/.test(name) && !alive(Number(name))) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
}

/** The folder of this deployment's claims: per user, per parent process. */
export function deploymentFolder(): string {
    const user = (() => {
        try {
            return String(os.userInfo().uid);
        } catch {
            return "user";
        }
    })();
    return path.join(os.tmpdir(), `pulumi-vcrooms-claims-${user}`, String(process.ppid));
}

export class DeploymentClaims implements ClaimStore {
    private readonly written = new Set<string>();

    constructor(private readonly folder: string = deploymentFolder()) {
        // Best effort: a process that ends normally takes its claims with it (a killed one leaves them stale), and
        // the folders of deployments whose language host has ended go.
        process.once("exit", () => {
            for (const file of this.written) fs.rmSync(file, { force: true });
        });
        sweepEnded(path.dirname(folder));
    }

    claim(thing: string, owner: string): string | undefined {
        fs.mkdirSync(this.folder, { recursive: true, mode: 0o700 });
        const file = this.fileOf(thing);
        const draft = `${file}.${process.pid}.draft`;
        fs.writeFileSync(draft, JSON.stringify({ owner, pid: process.pid } satisfies Entry), { mode: 0o600 });
        try {
            for (let attempt = 0; attempt < 3; attempt++) {
                try {
                    fs.linkSync(draft, file);
                    this.written.add(file);
                    return undefined;
                } catch (error) {
                    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
                }
                const current = this.entryOf(file);
                if (current !== undefined) return current.owner;
                fs.rmSync(file, { force: true });
            }
            throw new Error(`Unable to record which resource declares ${thing}: the claim in ${this.folder} keeps changing`);
        } finally {
            fs.rmSync(draft, { force: true });
        }
    }

    ownerOf(thing: string): string | undefined {
        return this.entryOf(this.fileOf(thing))?.owner;
    }

    private fileOf(thing: string): string {
        return path.join(this.folder, createHash("sha256").update(thing).digest("hex"));
    }

    /** The live claim in `file`: none when there is no file, or its process has ended. */
    private entryOf(file: string): Entry | undefined {
        let entry: Entry;
        try {
            entry = JSON.parse(fs.readFileSync(file, "utf8")) as Entry;
        } catch {
            return undefined;
        }
        return typeof entry.owner === "string" && typeof entry.pid === "number" && alive(entry.pid) ? entry : undefined;
    }
}
