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
 *
 * A folder that cannot be used (TMPDIR read-only, or a plain file, or another user's folder, at its name: anyone can
 * leave one in a shared /tmp) stops nothing: the process then keeps its claims itself, as the dynamic face does, and
 * says once which folder, what it is for and how to fix it (WARNINGS.claimsFolderUnusable).
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ProcessClaims, type ClaimStore } from "../resources/claims";
import { warnOnStderr } from "../resources/kind";
import { WARNINGS } from "../resources/warnings";

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

/**
 * Makes `dir` (whose parent exists) unless it exists, and checks it is a folder of this user's that no one else may
 * write in: claims there decide which resource may manage a room.
 */
function ownFolder(dir: string): void {
    try {
        fs.mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const stat = fs.lstatSync(dir);
    if (!stat.isDirectory()) throw Object.assign(new Error(`${dir} is not a folder`), { code: "ENOTDIR" });
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) throw Object.assign(new Error(`${dir} belongs to another user (uid ${stat.uid})`), { code: "EPERM" });
    if ((stat.mode & 0o022) !== 0) throw Object.assign(new Error(`${dir} may be written by others (mode ${(stat.mode & 0o777).toString(8)})`), { code: "EPERM" });
}

export class DeploymentClaims implements ClaimStore {
    private readonly written = new Set<string>();
    /** Set once the folder proved unusable: the claims this process keeps from then on. */
    private fallback: ProcessClaims | undefined;
    private checked = false;

    /** `unusable`: where the warning about an unusable folder goes (the plugin sends it to the engine). */
    constructor(
        private readonly folder: string = deploymentFolder(),
        private readonly unusable: (message: string) => void = warnOnStderr,
    ) {
        // Best effort: a process that ends normally takes its claims with it (a killed one leaves them stale), and
        // the folders of deployments whose language host has ended go.
        process.once("exit", () => {
            for (const file of this.written) fs.rmSync(file, { force: true });
        });
    }

    /** The claims kept in the process when the folder cannot be used (found on first use), else none. */
    private inProcess(): ProcessClaims | undefined {
        if (this.fallback || this.checked) return this.fallback;
        const parent = path.dirname(this.folder);
        try {
            // TMPDIR itself, if it is missing.
            fs.mkdirSync(path.dirname(parent), { recursive: true });
            ownFolder(parent);
            sweepEnded(parent);
            ownFolder(this.folder);
            this.checked = true;
        } catch (error) {
            this.giveUp(error);
        }
        return this.fallback;
    }

    private giveUp(error: unknown): ProcessClaims {
        const reason = error instanceof Error ? error.message : String(error);
        this.fallback = new ProcessClaims();
        this.unusable(WARNINGS.claimsFolderUnusable(path.dirname(this.folder), reason));
        return this.fallback;
    }

    claim(thing: string, owner: string): string | undefined {
        const fallback = this.inProcess();
        if (fallback) return fallback.claim(thing, owner);
        try {
            return this.claimInFolder(thing, owner);
        } catch (error) {
            // The folder failed under way (removed, full): the process goes on with claims of its own.
            return this.giveUp(error).claim(thing, owner);
        }
    }

    private claimInFolder(thing: string, owner: string): string | undefined {
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
        const fallback = this.inProcess();
        return fallback ? fallback.ownerOf(thing) : this.entryOf(this.fileOf(thing))?.owner;
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
