/**
 * GitOps: the team's rooms live in rooms.yaml, reviewed in pull requests. One `Room` per entry, named
 * after the entry; adding, editing or removing an entry creates, updates or deletes that room.
 *
 *   pulumi config set gitops:roomsFile path/to/rooms.yaml   # optional; default: rooms.yaml beside this program
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";
import { readRooms, RoomsFileError } from "./rooms";

export = async () => {
    const config = new pulumi.Config("gitops");
    const file = config.get("roomsFile") ?? path.join(__dirname, "rooms.yaml");
    let rooms;
    try {
        rooms = readRooms(file);
    } catch (e) {
        if (e instanceof RoomsFileError) {
            // RunError: the CLI prints the message alone, without a stack trace. Its stack is dropped as well:
            // @pulumi/pulumi also formats every uncaught error with `util.inspect(err, { colors: true })` for its
            // trace, and on Node 20 that spins for tens of seconds of CPU over the SDK's own source-mapped frames
            // before it gives up, so a bad rooms.yaml would take half a minute to report.
            const error = new pulumi.RunError(e.message);
            error.stack = e.message;
            throw error;
        }
        throw e;
    }

    const urls: Record<string, pulumi.Output<string>> = {};
    for (const { name, friendlyUrl, ...settings } of rooms) {
        const room = new vcrooms.Room(name, { friendlyUrl: friendlyUrl ?? name, ...settings });
        urls[name] = room.roomUrl;
    }
    return { roomUrls: urls };
};
