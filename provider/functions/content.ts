/**
 * getRoomChat, getRoomTranscripts and exportRoomTranscripts.
 */
import { deepKeysToCamel } from "../model/names";
import { arrayOf, orNull, prop, STRING, typedObject, type ObjectOf } from "../model/types";
import { declareFunction, field, LANGUAGES, oneOf, roomArg, sessionArg, type CommonArgs } from "./functionShape";

const maybe = (description: string) => prop<string | null | undefined>(orNull(STRING), description);

/** A chat message: the schema's object type and the result's TypeScript type. */
const CHAT_MESSAGE = typedObject("ChatMessage", "A chat message.", {
    id: prop<string>(STRING, "The message id."),
    message: prop<string>(STRING, "The text."),
    participantId: maybe("The sender's participant id."),
    externalParticipantId: maybe("The sender's external id, as given in their join token."),
    participantName: maybe("The sender's name."),
    createdAt: prop<string>(STRING, "When it was sent (ISO 8601)."),
    breakoutId: maybe("The breakout room it was sent in, when it was sent in one."),
});
export type ChatMessage = ObjectOf<typeof CHAT_MESSAGE>;

/** A transcript entry. */
const TRANSCRIPT_ENTRY = typedObject("TranscriptEntry", "A transcript entry.", {
    participantId: maybe("The speaker's participant id."),
    participantName: maybe("The speaker's name."),
    transcript: prop<string>(STRING, "What was said."),
    startTime: prop<string>(STRING, "When it started."),
    endTime: prop<string>(STRING, "When it ended."),
});
export type TranscriptEntry = ObjectOf<typeof TRANSCRIPT_ENTRY>;

type SessionArgs = { room: string; sessionId?: string } & CommonArgs;
export type Language = (typeof LANGUAGES)[number];

export const getRoomChat = declareFunction<SessionArgs, { messages: ChatMessage[] }>({
    name: "getRoomChat",
    description: "A room's chat messages, every page read, optionally of one session.",
    reads: "GET /rooms/{room}/chat, page after page",
    args: { room: roomArg(), sessionId: sessionArg },
    result: [
        field("messages", arrayOf(CHAT_MESSAGE), "Every message."),
    ],
    async run(client, args) {
        const messages: ChatMessage[] = [];
        for await (const m of client.iterateChat(args.room, { sessionId: args.sessionId })) messages.push(deepKeysToCamel(m) as ChatMessage);
        return { messages };
    },
});

export const getRoomTranscripts = declareFunction<SessionArgs, { transcripts: TranscriptEntry[] }>({
    name: "getRoomTranscripts",
    description: "A room's transcript entries, every page read, optionally of one session.",
    reads: "GET /rooms/{room}/transcripts, page after page",
    args: { room: roomArg(), sessionId: sessionArg },
    result: [field("transcripts", arrayOf(TRANSCRIPT_ENTRY), "Every entry, in order.")],
    async run(client, args) {
        const transcripts: TranscriptEntry[] = [];
        for await (const t of client.iterateTranscripts(args.room, { sessionId: args.sessionId })) transcripts.push(deepKeysToCamel(t) as TranscriptEntry);
        return { transcripts };
    },
});

export const exportRoomTranscripts = declareFunction<{ room: string; format?: "txt" | "json"; locale?: Language; lang?: Language } & CommonArgs, { content: string }>({
    name: "exportRoomTranscripts",
    description: "A room's transcripts as a file, text or JSON.",
    reads: "GET /rooms/{room}/transcripts/export",
    args: {
        room: roomArg(),
        format: oneOf("TranscriptFormat", "The file's format; `txt` by default.", ["txt", "json"]),
        locale: oneOf("TranscriptLanguage", "How times are formatted.", LANGUAGES),
        lang: oneOf("TranscriptLanguage", "The language of the file's headings.", LANGUAGES),
    },
    result: [field("content", STRING, "The file's text, as the API answered it (JSON text for `json`).")],
    run: async (client, args) => ({ content: await client.exportTranscripts(args.room, { format: args.format, locale: args.locale, lang: args.lang }) }),
});
