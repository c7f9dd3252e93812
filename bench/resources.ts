/**
 * The provider's CPU time per resource for check and diff, in process, over 500 rooms. (The rooms
 * through an engine are bench/scale.ts and bench/realCli.ts.)
 */
import { providers } from "../provider";
import { fmt } from "./support";

const roomProvider = providers.room;

const ROOMS = 500;

/**
 * Diff needs a connection (it claims the room for this resource), but sends no request for these inputs: the
 * address is a closed loopback port, so a request would fail the bench rather than reach anything.
 */
const connection = { apiUrl: "http://127.0.0.1:9/api/v1", developerKey: "bench-key-never-sent-0123456789abcdef" };

function args(i: number) {
    return { connection, description: `Bench room ${i}`, maxParticipants: 10 + (i % 100), toolbarColor: "#ABCDEF", roles: ["moderator", "attendee"], defaultRole: "moderator", tags: ["bench"] };
}

export async function cpuPerResource(): Promise<void> {
    console.log(`## Provider CPU per resource, in process`);
    const checked = [];
    let before = process.cpuUsage();
    for (let i = 0; i < ROOMS; i++) checked.push((await roomProvider.check({}, { resourceName: `room-${i}`, ...args(i) })).inputs);
    const checkCpu = process.cpuUsage(before);
    // Outputs as the provider would keep them (inputs as declared, roles as read back).
    const outputs = checked.map((inputs) => ({ ...inputs, declaredInputs: inputs, roles: [{ id: "1", name: "moderator", displayName: "Moderator" }, { id: "3", name: "attendee", displayName: "Attendee" }], defaultRole: { id: "1", name: "moderator", displayName: "Moderator" } }) as unknown as Parameters<typeof roomProvider.diff>[1]);
    before = process.cpuUsage();
    for (let i = 0; i < ROOMS; i++) await roomProvider.diff("id", outputs[i]!, checked[i]!);
    const diffCpu = process.cpuUsage(before);
    const perResource = (u: NodeJS.CpuUsage) => fmt((u.user + u.system) / 1000 / ROOMS, 3);
    console.log(`provider CPU per resource: check ${perResource(checkCpu)} ms, diff ${perResource(diffCpu)} ms (${ROOMS} rooms, in process)`);
}
