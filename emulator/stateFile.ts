/**
 * `--state FILE`: the team (defaults, rooms with their content, usage) kept in a file, so that an emulator's rooms
 * survive a restart. The file is read at start when it exists and written whenever a request leaves the team
 * different, and at close. Each write goes to a temporary file in the same folder, then is renamed over the file, so
 * a reader (or an emulator killed mid-write) sees the old team or the new one, never half a file. The developer key
 * is not kept (it is a secret, and the file is plain JSON): an emulator started from the file takes its key from
 * `--developer-key` as any other. One emulator at a time keeps a file: a second one would write over the first's
 * rooms at its every change, so it is refused while the first lives (`lockStateFile`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Team, TeamSnapshot } from "./team";

export const STATE_FORMAT = "pulumi-vcrooms-emulator-state/1";

interface StateFile {
    format: string;
    team: TeamSnapshot;
}

/** The team a state file holds, or undefined when there is no file yet. */
export function readStateFile(file: string): TeamSnapshot | undefined {
    let text: string;
    try {
        text = fs.readFileSync(file, "utf8");
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
    }
    let parsed: Partial<StateFile>;
    try {
        parsed = JSON.parse(text) as Partial<StateFile>;
    } catch (error) {
        throw new Error(`state file ${file} is not JSON: ${(error as Error).message}`);
    }
    if (parsed.format !== STATE_FORMAT) throw new Error(`state file ${file} has format ${JSON.stringify(parsed.format)}; this emulator reads ${STATE_FORMAT}`);
    const team = parsed.team;
    if (!team || typeof team.teamId !== "string" || typeof team.defaults !== "object" || !Array.isArray(team.rooms) || !Array.isArray(team.usage)) {
        throw new Error(`state file ${file} has no team (teamId, defaults, rooms, usage)`);
    }
    return team;
}

/** Keeps a team in a file: `save()` writes it when it differs from what was last written. */
export class StateKeeper {
    private written: string | undefined;

    constructor(
        private readonly file: string,
        private readonly team: Team,
    ) {}

    save(): void {
        const text = JSON.stringify({ format: STATE_FORMAT, team: this.team.snapshot() } satisfies StateFile, null, 2) + "\n";
        if (text === this.written) return;
        const temporary = path.join(path.dirname(this.file), `.${path.basename(this.file)}.${process.pid}.tmp`);
        fs.writeFileSync(temporary, text);
        fs.renameSync(temporary, this.file);
        this.written = text;
    }
}

/**
 * Takes `FILE.lock` for this process, holding its process id; the returned function gives it back. A lock whose
 * process no longer runs (an emulator killed with SIGKILL) is taken over; one whose process runs is refused.
 */
export function lockStateFile(file: string): () => void {
    const lock = `${file}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
        try {
            fs.writeFileSync(lock, `${process.pid}\n`, { flag: "wx" });
            return () => fs.rmSync(lock, { force: true });
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        }
        const holder = Number(fs.readFileSync(lock, "utf8").trim());
        if (Number.isInteger(holder) && holder > 0 && running(holder)) {
            throw new Error(`the state file ${file} is kept by another emulator (process ${holder}, ${lock}): stop it, or give this one another --state file`);
        }
        fs.rmSync(lock, { force: true });
    }
    throw new Error(`the state file ${file} is being locked by another emulator starting at the same time (${lock}): start one at a time`);
}

function running(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        // EPERM: it runs, under another user.
        return (error as NodeJS.ErrnoException).code === "EPERM";
    }
}
