/**
 * The crash harness's dealing (crashPoints.ts): each write point of each operation is crashed exactly once per run, by a
 * pair whose face makes that write, every pair crashes some point while there are as many points as pairs, and a face's
 * chains crash each of its points once, at most one per operation and chain. Checked over any counts, faces and rotation.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chainsOf, dealt, OPERATIONS, pairsOf, type Counts, type CrashPoint } from "./crashPoints";

const FACES = ["dynamic", "plugin", "python", "go", "yaml"] as const;
const key = (p: { operation: string; n: number }) => `${p.operation} ${p.n}`;

describe("the crash harness's dealing of write points to pairs of face and killed process", () => {
    it("deals each point of each operation exactly once, to a pair whose face makes that write", () => {
        const counts = fc.record({ up: fc.nat(12), update: fc.nat(12), destroy: fc.nat(12) });
        fc.assert(
            fc.property(fc.subarray([...FACES], { minLength: 1 }), fc.array(counts, { minLength: 5, maxLength: 5 }), fc.integer({ min: -20, max: 20 }), (faces, each, rotate) => {
                const byFace = new Map<string, Counts>(faces.map((f, i) => [f, each[i]!]));
                const points = dealt(pairsOf(faces), byFace, { rotate, every: false });
                const all = [...points.entries()].flatMap(([face, ps]) => ps.map((p) => ({ face, ...p })));
                const expected = OPERATIONS.flatMap((operation) => Array.from({ length: Math.max(...each.slice(0, faces.length).map((c) => c[operation])) }, (_, i) => `${operation} ${i + 1}`));
                expect(all.map(key).sort()).toEqual(expected.sort());
                for (const p of all) expect(byFace.get(p.face)![p.operation], `${p.face} was dealt ${key(p)}`).toBeGreaterThanOrEqual(p.n);
            }),
        );
    });

    it("gives every pair a point when the faces make the same writes and there are as many points as pairs, whatever the rotation", () => {
        fc.assert(
            fc.property(fc.subarray([...FACES], { minLength: 1 }), fc.record({ up: fc.nat(8), update: fc.nat(8), destroy: fc.nat(8) }), fc.nat(30), (faces, counts, rotate) => {
                const pairs = pairsOf(faces);
                fc.pre(counts.up + counts.update + counts.destroy >= pairs.length);
                const points = dealt(pairs, new Map(faces.map((f) => [f, counts])), { rotate, every: false });
                for (const pair of pairs) expect(points.get(pair.face)!.some((p) => p.target === pair.target), `${pair.face}:${pair.target} got no point`).toBe(true);
            }),
        );
    });

    it("lists each pair of face and killed process once, consecutive pairs of other faces, each face's kills alternating along the list", () => {
        for (let length = 1; length <= FACES.length; length++) {
            const faces = FACES.slice(0, length);
            const pairs = pairsOf(faces);
            expect(new Set(pairs.map((p) => `${p.face}:${p.target}`)).size).toBe(2 * length);
            if (length > 1) for (const [i, p] of pairs.entries()) expect(p.face).not.toBe(pairs[(i + 1) % pairs.length]!.face);
            expect(pairs.slice(0, length).map((p) => p.target)).toEqual(faces.map((_, i) => (i % 2 === 0 ? "cli" : "provider")));
        }
    });

    it("with CRASH_EVERY, gives each pair every point its face makes", () => {
        const counts = { up: 5, update: 6, destroy: 3 };
        const points = dealt(pairsOf(FACES), new Map(FACES.map((f) => [f, counts])), { rotate: 0, every: true });
        for (const face of FACES) expect(points.get(face)).toHaveLength(2 * (5 + 6 + 3));
    });

    it("runs a face's points as chains crashing each point once, at most one per operation and chain", () => {
        const point = fc.record({ operation: fc.constantFrom(...OPERATIONS), n: fc.integer({ min: 1, max: 9 }), target: fc.constantFrom("cli" as const, "provider" as const) });
        fc.assert(
            fc.property(fc.uniqueArray(point, { selector: (p) => `${key(p)} ${p.target}` }), (points: CrashPoint[]) => {
                const chains = chainsOf(points);
                const run = chains.flatMap((chain) => OPERATIONS.flatMap((o) => (chain[o] ? [chain[o]] : [])));
                expect(run).toHaveLength(points.length);
                expect(new Set(run)).toEqual(new Set(points));
                for (const chain of chains) for (const [o, p] of Object.entries(chain)) expect(p.operation).toBe(o);
            }),
        );
    });
});
