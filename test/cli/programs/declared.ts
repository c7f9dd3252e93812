/**
 * One Pulumi program for the lifecycle scenarios, driven by stack config so that a scenario changes the
 * program by changing config, and the real CLI and the engine stand-in run the very same code:
 *
 *   test:defaults  TeamDefaults args (JSON), or absent for none
 *   test:rooms     [{ name, args, secretArgs?, options? }] (JSON): one Room each
 *   test:secrets   secret config (JSON) `{ <room name>: { <arg>: value } }`: the values of each room's
 *                  `secretArgs`, which reach the Room as secret Outputs, as a user's secret config would
 *   test:tokens    [{ name, room, args }] (JSON): one JoinToken each, for the Room named `room`
 *
 * Stack outputs: `<name>Url` for each room (and `<name>RestreamKey` when one is declared).
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

interface DeclaredRoom {
    name: string;
    args?: Record<string, unknown>;
    secretArgs?: string[];
    options?: { deleteBeforeReplace?: boolean; protect?: boolean };
}

export = async () => {
    const config = new pulumi.Config("test");
    const defaultsArgs = config.getObject<Record<string, unknown>>("defaults");
    const rooms = config.getObject<DeclaredRoom[]>("rooms") ?? [];
    const secrets = config.getSecretObject<Record<string, Record<string, unknown>>>("secrets");
    const defaults = defaultsArgs ? new vcrooms.TeamDefaults("defaults", defaultsArgs) : undefined;
    const outputs: Record<string, pulumi.Output<unknown>> = {};
    const declaredRooms = new Map<string, vcrooms.Room>();
    for (const room of rooms) {
        const args: Record<string, unknown> = { ...room.args };
        for (const key of room.secretArgs ?? []) if (secrets) args[key] = secrets.apply((s) => s[room.name]?.[key]);
        const declared = new vcrooms.Room(room.name, args, { ...room.options, dependsOn: defaults ? [defaults] : [] });
        declaredRooms.set(room.name, declared);
        outputs[`${room.name}Url`] = declared.roomUrl;
        if (room.secretArgs?.includes("restreamKey")) outputs[`${room.name}RestreamKey`] = declared.restreamKey;
    }
    for (const token of config.getObject<Array<{ name: string; room: string; args?: Record<string, unknown> }>>("tokens") ?? []) {
        const room = declaredRooms.get(token.room);
        if (!room) throw new Error(`test:tokens: ${token.name} names no room of test:rooms: ${token.room}`);
        new vcrooms.JoinToken(token.name, { ...token.args, room: room.id });
    }
    return outputs;
};
