/** The bench's room, the same for every face and engine: roles, a default role, a tag, a colour. */
export function benchRoomArgs(i: number) {
    return { description: `Bench room ${i}`, maxParticipants: 10 + (i % 100), toolbarColor: "#ABCDEF", roles: ["moderator", "attendee"], defaultRole: "moderator", tags: ["bench"] };
}

/**
 * One Room's outputs in plain text, and which of them are secret: written by bench/realCli.ts from a Room it made,
 * carried by the Room-size floor (bench/programs/payloadResources.ts).
 */
export interface RoomPayload {
    outputs: Record<string, unknown>;
    secretOutputs: string[];
}

/**
 * When BENCH_STARTUP_FILE is set, the program writes there, once, how long after its process started it issued
 * its first resource registration (the constructor's return: the registration is under way) and how many modules
 * it had loaded by then.
 */
export function noteFirstRegistration(): void {
    const file = process.env.BENCH_STARTUP_FILE;
    if (!file || noted) return;
    noted = true;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require("node:fs").writeFileSync(file, JSON.stringify({ firstRegistrationMs: performance.now(), modules: Object.keys(require.cache).length }));
}
let noted = false;
