/** Endpoints 7 to 16: deleting room content, chat, transcripts and their export. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { CONTENT_KINDS } from "../content";
import type { Json } from "../model";
import { API, BODY_LIMIT, fail, pageOf, paginate, queryOf, roomRef, Unprocessable, type RouteContext } from "./shared";

const EXPORT_WORDS: Record<string, string> = { en: "Transcript", it: "Trascrizione", de: "Transkript", es: "Transcripción" };

/**
 * The JSON body of a GET (the transcript export carries `locale` and `lang` in one). fastify treats GET as
 * bodyless and leaves the stream unread, so this route reads it itself; malformed JSON is a 400
 * like on every other route.
 */
async function getBody(req: FastifyRequest, reply: FastifyReply): Promise<Json> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req.raw) {
        size += (chunk as Buffer).length;
        // The same body limit as fastify applies to every other route, checked as it arrives.
        // The rest is not read: the connection closes after the 413 instead of draining it.
        if (size > BODY_LIMIT) {
            reply.header("connection", "close");
            throw Object.assign(new Error("Request body is too large"), { statusCode: 413 });
        }
        chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    if (text.trim() === "") return {};
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch {
        throw Object.assign(new Error("Malformed JSON in the request body."), { statusCode: 400 });
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) fail("body", "The request body must be a JSON object.");
    return parsed as Json;
}

function sessionFilter<T extends { session_id: string }>(items: T[], q: Json): T[] {
    if (q.session_id === undefined || q.session_id === "") return items;
    if (typeof q.session_id !== "string" || !/^[0-9a-f-]{36}$/i.test(q.session_id)) fail("session_id", "The session id field must be a valid UUID.");
    return items.filter((i) => i.session_id === q.session_id);
}

export function contentRoutes({ app, team }: RouteContext): void {
    // ---- 7 to 13: room content deletion -------------------------------------------------------
    for (const kind of CONTENT_KINDS) {
        app.delete(`${API}/rooms/:room/${kind}`, async (req, reply) => {
            team.clearContent(team.findRoom(roomRef(req)), kind);
            return reply.code(204).send();
        });
    }

    // ---- 14 to 16: chat and transcripts ----------------------------------------------------------
    app.get(`${API}/rooms/:room/chat`, async (req) => {
        const room = team.findRoom(roomRef(req));
        const q = queryOf(req);
        const result = paginate(sessionFilter(room.content.chat, q), pageOf(q), (m, after) => m.id === after);
        return { total_count: result.total_count, data: result.data.map(({ session_id: _s, ...m }) => m) };
    });
    app.get(`${API}/rooms/:room/transcripts`, async (req) => {
        const room = team.findRoom(roomRef(req));
        const q = queryOf(req);
        // `after` belongs to the room and role lists only; here it is ignored like any unknown parameter.
        const result = paginate(sessionFilter(room.content.transcripts, q), { ...pageOf(q), after: undefined }, () => false);
        return { total_count: result.total_count, data: result.data.map(({ session_id: _s, ...t }) => t) };
    });
    app.get(`${API}/rooms/:room/transcripts/export`, async (req, reply) => {
        const room = team.findRoom(roomRef(req));
        const q = queryOf(req);
        const b = await getBody(req, reply);
        const format = q.format ?? "txt";
        const locale = b.locale ?? q.locale ?? "en";
        const lang = b.lang ?? q.lang ?? "en";
        const errors: Record<string, string[]> = {};
        if (format !== "txt" && format !== "json") errors.format = ["The selected format is invalid. Allowed: txt, json."];
        for (const [name, value] of [["locale", locale], ["lang", lang]] as const) {
            if (typeof value !== "string" || !(value in EXPORT_WORDS)) errors[name] = [`The selected ${name} is invalid. Allowed: en, it, de, es.`];
        }
        if (Object.keys(errors).length > 0) throw new Unprocessable(errors);
        const entries = sessionFilter(room.content.transcripts, q).map(({ session_id: _s, ...t }) => t);
        if (format === "json") return reply.type("application/json").send({ room_id: room.id, lang, locale, transcripts: entries });
        const when = (t: unknown) => new Date(String(t)).toLocaleString(String(locale), { timeZone: "UTC" });
        const lines = entries.map((t) => `[${when(t.start_time)}] ${String(t.participant_name)}: ${String(t.transcript)}`);
        return reply.type("text/plain; charset=utf-8").send(`${EXPORT_WORDS[String(lang)]}: ${room.friendly_url}\n\n${lines.join("\n")}\n`);
    });
}
