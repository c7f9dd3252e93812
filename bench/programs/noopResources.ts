/**
 * `bench:resources` dynamic resources whose provider does nothing: the real engine's own cost per dynamic
 * resource (program, gRPC, the SDK's dynamic-provider host, state), the floor our Room is measured against.
 */
import * as pulumi from "@pulumi/pulumi";

const noop: pulumi.dynamic.ResourceProvider = {
    async create(inputs) {
        return { id: `noop-${inputs.index}`, outs: inputs };
    },
    async diff() {
        return { changes: false };
    },
    async read(id, props) {
        return { id, props };
    },
};

class Noop extends pulumi.dynamic.Resource {
    constructor(name: string, index: number) {
        super(noop, name, { index, description: `Bench resource ${index}` }, {}, "vcrooms", "Noop");
    }
}

export = async () => {
    const count = new pulumi.Config("bench").requireNumber("resources");
    for (let i = 0; i < count; i++) new Noop(`noop-${i}`, i);
};
