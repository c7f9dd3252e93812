/** A room's content (chat, transcripts, and counts of the other kinds): what the content endpoints delete and read, and the control API seeds. */
import { uuidFrom, type Json } from "./model";

export interface ChatMessage extends Json {
    id: string;
    session_id: string;
}
export interface TranscriptEntry extends Json {
    session_id: string;
}
export interface RoomContent {
    chat: ChatMessage[];
    transcripts: TranscriptEntry[];
    questions: number;
    summaries: number;
    polls: number;
    quizzes: number;
    recordings: number;
}

export const CONTENT_KINDS = ["chat", "questions", "summaries", "transcripts", "polls", "quizzes", "recordings"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export function emptyContent(): RoomContent {
    return { chat: [], transcripts: [], questions: 0, summaries: 0, polls: 0, quizzes: 0, recordings: 0 };
}

/** Endpoints 7 to 13: a kind of content deleted. */
export function clearContent(content: RoomContent, kind: ContentKind): void {
    if (kind === "chat" || kind === "transcripts") content[kind] = [];
    else content[kind] = 0;
}

/** Seeds chat and transcripts (each entry filled out with plausible values) and adds to the counted kinds. */
export function seedContent(room: { id: string; content: RoomContent }, seed: { chat?: Json[]; transcripts?: Json[]; counts: Json }, at: Date): void {
    const content = room.content;
    const session = uuidFrom(`${room.id}/session/default`);
    const participant = (n: number) => uuidFrom(`${room.id}/participant/${n % 3}`);
    const name = (n: number) => ["Ada", "Grace", "Linus"][n % 3];
    for (const [i, given] of (seed.chat ?? []).entries()) {
        const n = content.chat.length + i;
        content.chat.push({
            id: uuidFrom(`${room.id}/chat/${n}/${at.getTime()}`),
            message: `Message ${n + 1}`,
            participant_id: participant(n),
            external_participant_id: null,
            participant_name: name(n),
            created_at: new Date(at.getTime() + n * 1000).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z"),
            ...given,
            session_id: typeof given.session_id === "string" ? given.session_id : session,
        } as ChatMessage);
    }
    for (const [i, given] of (seed.transcripts ?? []).entries()) {
        const n = content.transcripts.length + i;
        const start = new Date(at.getTime() + n * 5000);
        content.transcripts.push({
            participant_id: participant(n),
            participant_name: name(n),
            transcript: `Sentence number ${n + 1}.`,
            start_time: start.toISOString().slice(0, 19) + "Z",
            end_time: new Date(start.getTime() + 4000).toISOString().slice(0, 19) + "Z",
            ...given,
            session_id: typeof given.session_id === "string" ? given.session_id : session,
        } as TranscriptEntry);
    }
    for (const kind of ["questions", "summaries", "polls", "quizzes", "recordings"] as const) {
        if (typeof seed.counts[kind] === "number") content[kind] += seed.counts[kind] as number;
    }
}

export function contentCounts(c: RoomContent): Record<ContentKind, number> {
    return { chat: c.chat.length, questions: c.questions, summaries: c.summaries, transcripts: c.transcripts.length, polls: c.polls, quizzes: c.quizzes, recordings: c.recordings };
}
