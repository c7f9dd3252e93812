/**
 * The program of the real-CLI suite for join tokens, content purges and data functions, driven by stack
 * config so that a scenario changes the program by changing config:
 *
 *   test:defaults   TeamDefaults args (JSON) of a TeamDefaults "defaults" the board depends on (absent: none)
 *   test:room       friendly URL of a Room "board" to declare (absent: none)
 *   test:tokens     [{ name, args }] (JSON): one JoinToken each, for the board room
 *   test:purges     [{ name, args, boardUrl? }] (JSON): one RoomContentPurge each; `boardUrl: true` gives it
 *                   the board's `friendlyUrl` output as its `room`
 *   test:functions  arguments (JSON) `{ room, sessionId, dateStart, dateEnd, metrics, tags, teamMetrics }`:
 *                   when present, every data function is called and its result exported
 *   test:getRoom    a room's friendly URL: getRoom and getRoomOutput of it exported as `room` and `roomOutput`
 *
 * Stack outputs: `roomId`; `<token>Token`, `<token>Link`, `<token>Claims` per token; `<purge>Purged`;
 * one output per data function call, named after it.
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

interface Declared {
    name: string;
    args: Record<string, unknown>;
    boardUrl?: boolean;
}
interface FunctionArgs {
    room: string;
    sessionId: string;
    dateStart: string;
    dateEnd: string;
    metrics: string[];
    teamMetrics: string[];
    tags: string[];
}

export = async () => {
    const config = new pulumi.Config("test");
    const outputs: Record<string, unknown> = {};
    const friendlyUrl = config.get("room");
    const defaultsArgs = config.getObject<Record<string, unknown>>("defaults");
    const defaults = defaultsArgs ? new vcrooms.TeamDefaults("defaults", defaultsArgs) : undefined;
    const room = friendlyUrl ? new vcrooms.Room("board", { friendlyUrl, privacy: "private" }, { dependsOn: defaults ? [defaults] : [] }) : undefined;
    if (room) outputs.roomId = room.id;
    for (const t of config.getObject<Declared[]>("tokens") ?? []) {
        const token = new vcrooms.JoinToken(t.name, { room: room!.id, ...t.args });
        Object.assign(outputs, {
            [`${t.name}Token`]: token.token,
            [`${t.name}Link`]: token.link,
            [`${t.name}Claims`]: pulumi.all([token.teamId, token.roomId, token.issuedAt, token.expiresAt]).apply(([teamId, roomId, issuedAt, expiresAt]) => ({ teamId, roomId, issuedAt, expiresAt })),
        });
    }
    for (const p of config.getObject<Declared[]>("purges") ?? []) {
        const args = { ...p.args, ...(p.boardUrl ? { room: room!.friendlyUrl } : {}) } as unknown as vcrooms.RoomContentPurgeArgs;
        outputs[`${p.name}Purged`] = new vcrooms.RoomContentPurge(p.name, args).purged;
    }
    const read = config.get("getRoom");
    if (read) Object.assign(outputs, { room: await vcrooms.getRoom({ room: read }), roomOutput: vcrooms.getRoomOutput({ room: read }) });
    const f = config.getObject<FunctionArgs>("functions");
    if (f) {
        // Awaited here, in the program: the getX forms; the Output forms for two of them.
        Object.assign(outputs, {
            getTeamDefaults: await vcrooms.getTeamDefaults(),
            getRoom: await vcrooms.getRoom({ room: f.room }),
            getRooms: await vcrooms.getRooms(),
            getRoomsTagged: await vcrooms.getRooms({ tags: f.tags }),
            getRoles: await vcrooms.getRoles(),
            getRole: await vcrooms.getRole({ role: "moderator" }),
            getRoomStatistics: await vcrooms.getRoomStatistics({ room: f.room, dateStart: f.dateStart, dateEnd: f.dateEnd, metrics: f.metrics as never }),
            getRoomStatisticsDefault: await vcrooms.getRoomStatistics({ room: f.room }),
            getTeamStatistics: await vcrooms.getTeamStatistics({ dateStart: f.dateStart, dateEnd: f.dateEnd, metrics: f.teamMetrics as never }),
            getTeamStatisticsDefault: vcrooms.getTeamStatisticsOutput({}),
            getRoomChat: await vcrooms.getRoomChat({ room: f.room }),
            getRoomChatSession: vcrooms.getRoomChatOutput({ room: f.room, sessionId: f.sessionId }),
            getRoomTranscripts: await vcrooms.getRoomTranscripts({ room: f.room, sessionId: f.sessionId }),
            exportRoomTranscripts: await vcrooms.exportRoomTranscripts({ room: f.room, format: "json", lang: "de", locale: "de" }),
        });
    }
    return outputs;
};
