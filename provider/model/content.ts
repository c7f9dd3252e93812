/** The kinds of a room's content the API deletes one by one, in its order. */
export const CONTENT_KINDS = ["chat", "questions", "summaries", "transcripts", "polls", "quizzes", "recordings"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
