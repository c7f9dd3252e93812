/**
 * getRoomChat, getRoomTranscripts and exportRoomTranscripts (rows 14 to 16; records 2.6, 2.7).
 */
import { deepKeysToCamel } from "../model/names";
import { ANY, arrayOf, STRING } from "../model/types";
import { declareFunction, field, LANGUAGES, oneOf, roomArg, sessionArg, type CommonArgs } from "./functionShape";

export interface ChatMessage {
    id: string;
    message: string;
    participantId?: string | null;
    externalParticipantId?: string | null;
    participantName?: string | null;
    createdAt: string;
    breakoutId?: string | null;
}
export interface TranscriptEntry {
    participantId?: string | null;
    participantName?: string | null;
    transcript: string;
    startTime: string;
    endTime: string;
}

type SessionArgs = { room: string; sessionId?: string } & CommonArgs;
export type Language = (typeof LANGUAGES)[number];

export const getRoomChat = declareFunction<SessionArgs, { messages: ChatMessage[] }>({
    name: "getRoomChat",
    description: "A room's chat messages (2.6), every page read, optionally of one session.",
    reads: "GET /rooms/{room}/chat (row 14), page after page",
    args: { room: roomArg(), sessionId: sessionArg },
    result: {
        messages: field(
            arrayOf(ANY),
            "Each message: `id`, `message`, `createdAt` (strings); `participantId`, `externalParticipantId`, `participantName`, `breakoutId` (strings or null).",
        ),
    },
    async run(client, args) {
        const messages: ChatMessage[] = [];
        for await (const m of client.iterateChat(args.room, { sessionId: args.sessionId })) messages.push(deepKeysToCamel(m) as ChatMessage);
        return { messages };
    },
});

export const getRoomTranscripts = declareFunction<SessionArgs, { transcripts: TranscriptEntry[] }>({
    name: "getRoomTranscripts",
    description: "A room's transcript entries (2.7), every page read, optionally of one session.",
    reads: "GET /rooms/{room}/transcripts (row 15), page after page",
    args: { room: roomArg(), sessionId: sessionArg },
    result: { transcripts: field(arrayOf(ANY), "Each entry: `transcript`, `startTime`, `endTime` (strings); `participantId`, `participantName` (strings or null).") },
    async run(client, args) {
        const transcripts: TranscriptEntry[] = [];
        for await (const t of client.iterateTranscripts(args.room, { sessionId: args.sessionId })) transcripts.push(deepKeysToCamel(t) as TranscriptEntry);
        return { transcripts };
    },
});

export const exportRoomTranscripts = declareFunction<{ room: string; format?: "txt" | "json"; locale?: Language; lang?: Language } & CommonArgs, { content: string }>({
    name: "exportRoomTranscripts",
    description: "A room's transcripts as a file, text or JSON.",
    reads: "GET /rooms/{room}/transcripts/export (row 16)",
    args: {
        room: roomArg(),
        format: oneOf("The file's format; `txt` by default.", ["txt", "json"]),
        locale: oneOf("How times are formatted.", LANGUAGES),
        lang: oneOf("The language of the file's headings.", LANGUAGES),
    },
    result: { content: field(STRING, "The file's text, as the API answered it (JSON text for `json`).") },
    run: async (client, args) => ({ content: await client.exportTranscripts(args.room, { format: args.format, locale: args.locale, lang: args.lang }) }),
});
