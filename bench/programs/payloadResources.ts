/**
 * `bench:resources` dynamic resources whose provider does nothing but carry a Room's outputs: each is declared
 * with the bench room's arguments and, on create, answers with one real Room's outputs (read from the file
 * `bench:payload` names, written by bench/realCli.ts from a Room it made), its three secrets kept secret as the
 * Room's are. The engine's own floor for a resource of a Room's size: the same properties through the SDK,
 * gRPC, the engine and the checkpoints, with no provider work at all. A face's ratio to it is what our code adds.
 * Its `__provider` is a one-line forwarding module, as the SDK's is (sdk/shim.ts), rather than a serialized
 * closure, so that its state is a Room's size too.
 */
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import { benchRoomArgs, type RoomPayload } from "./roomArgs";

/** The file read once per process (the program's, the host's), so that a create does no work but answer. */
const payloads = new Map<string, RoomPayload>();
function payloadOf(file: string): RoomPayload {
    return payloads.get(file) ?? payloads.set(file, JSON.parse(fs.readFileSync(file, "utf8")) as RoomPayload).get(file)!;
}

const carrier: pulumi.dynamic.ResourceProvider = {
    async create(inputs) {
        const { payloadFile, ...declared } = inputs;
        return { id: `payload-${inputs.index}`, outs: { ...payloadOf(payloadFile).outputs, ...declared } };
    },
    async diff() {
        return { changes: false };
    },
    async read(id, props) {
        return { id, props };
    },
};

class Payload extends pulumi.CustomResource {
    constructor(name: string, index: number, payloadFile: string, secretOutputs: string[]) {
        const provider = `exports.handler=()=>require(${JSON.stringify(__filename)}).carrier`;
        super("pulumi-nodejs:dynamic/vcrooms:Payload", name, { index, payloadFile, ...benchRoomArgs(index), __provider: provider }, { additionalSecretOutputs: secretOutputs });
    }
}

const program = async () => {
    const config = new pulumi.Config("bench");
    const count = config.requireNumber("resources");
    const payloadFile = config.require("payload");
    const { secretOutputs } = payloadOf(payloadFile);
    for (let i = 0; i < count; i++) new Payload(`payload-${i}`, i, payloadFile, secretOutputs);
};

// The program, and the provider its resources' `__provider` text forwards to (loaded by the dynamic-provider host).
export = Object.assign(program, { carrier });
