/**
 * The dealing of the crash harness's points (test/invariants/crash.test.ts) to its pairs of face and killed process: a
 * crash point is an operation and its write N; each point is crashed once per run, by one pair whose face makes that
 * write, and a face runs the points it was dealt as chains of an up, an update and a destroy.
 */

export type Operation = "up" | "update" | "destroy";
export type Target = "cli" | "provider";
export const OPERATIONS: readonly Operation[] = ["up", "update", "destroy"];
export const TARGETS: readonly Target[] = ["cli", "provider"];

export interface Pair<F extends string = string> {
    readonly face: F;
    readonly target: Target;
}
export interface CrashPoint {
    readonly operation: Operation;
    readonly n: number;
    readonly target: Target;
}
/** The writes each operation made in a face's clean pass. */
export type Counts = Record<Operation, number>;

/**
 * The pairs of face and killed process, in the order the points are dealt: the k-th pair is face k (mod the faces), the
 * CLI and the provider process alternating along the list and swapped on its second round, so that consecutive points
 * (one operation's writes) go to different faces and each kind of kill meets each operation.
 */
export function pairsOf<F extends string>(faces: readonly F[]): Array<Pair<F>> {
    return Array.from({ length: faces.length * TARGETS.length }, (_, k) => ({ face: faces[k % faces.length]!, target: TARGETS[((k % faces.length) + Math.floor(k / faces.length)) % TARGETS.length]! }));
}

/**
 * Each face's crash points. Every point of every operation, up to the most writes a face counted, in order (the up's 1,
 * 2, ..., then the update's, then the destroy's), goes to the next pair round `pairs` (from the `rotate`th) whose face
 * makes that write (its clean pass counted at least N); so each point is dealt exactly once, and every pair gets one
 * while there are as many points as pairs. With `every`, each pair gets each point its face makes. A face absent from
 * `counts` (its setup failed) gets none, and its points go to the others.
 */
export function dealt<F extends string>(pairs: ReadonlyArray<Pair<F>>, counts: ReadonlyMap<F, Counts>, options: { rotate: number; every: boolean }): Map<F, CrashPoint[]> {
    const points = new Map<F, CrashPoint[]>([...counts.keys()].map((f) => [f, []]));
    const makes = (pair: Pair<F>, operation: Operation, n: number) => (counts.get(pair.face)?.[operation] ?? 0) >= n;
    let next = pairs.length === 0 ? 0 : ((options.rotate % pairs.length) + pairs.length) % pairs.length;
    for (const operation of OPERATIONS) {
        const most = Math.max(0, ...[...counts.values()].map((c) => c[operation]));
        for (let n = 1; n <= most; n++) {
            if (options.every) {
                for (const pair of pairs.filter((p) => makes(p, operation, n))) points.get(pair.face)!.push({ operation, n, target: pair.target });
                continue;
            }
            const offset = pairs.findIndex((_, i) => makes(pairs[(next + i) % pairs.length]!, operation, n));
            if (offset < 0) continue;
            const pair = pairs[(next + offset) % pairs.length]!;
            points.get(pair.face)!.push({ operation, n, target: pair.target });
            next = (next + offset + 1) % pairs.length;
        }
    }
    return points;
}

/** A face's points as chains: chain c crashes, of each operation, its c-th point (none: that operation runs clean). */
export function chainsOf(points: readonly CrashPoint[]): Array<Partial<Record<Operation, CrashPoint>>> {
    const of = (operation: Operation) => points.filter((p) => p.operation === operation);
    const length = Math.max(0, ...OPERATIONS.map((o) => of(o).length));
    return Array.from({ length }, (_, c) => Object.fromEntries(OPERATIONS.flatMap((o) => of(o).slice(c, c + 1).map((p) => [o, p]))));
}

/** A point as a failure or a log names it. */
export const pointName = (p: CrashPoint) => `${p.operation} ${p.n} (${p.target === "cli" ? "CLI" : "provider"} killed)`;
