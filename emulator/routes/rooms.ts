/** Endpoints 1 to 6, DELETE /rooms/{room}, 18 and 19: default settings, rooms and roles. */
import { NotFound } from "../model";
import { findRole, ROLES } from "../roles";
import type { Room } from "../rooms";
import { API, bodyOf, fail, pageOf, paginate, queryOf, roomRef, type RouteContext } from "./shared";

export function roomRoutes({ app, team }: RouteContext): void {
    // ---- 1, 2: default settings --------------------------------------------------------------
    app.get(`${API}`, async () => team.defaultsRecord());
    app.get(`${API}/`, async () => team.defaultsRecord());
    app.patch(`${API}`, async (req) => team.updateDefaults(bodyOf(req)));
    app.patch(`${API}/`, async (req) => team.updateDefaults(bodyOf(req)));

    // ---- 3 to 6, and DELETE: rooms --------------------------------------------------------------
    app.get(`${API}/rooms`, async (req) => {
        const q = queryOf(req);
        const raw = [q.tag, q["tag[]"]].flat().filter((t): t is string => typeof t === "string");
        const tags = raw.flatMap((t) => t.split(",")).map((t) => t.trim()).filter(Boolean);
        const result = paginate(team.listRooms(tags), pageOf(q), (r: Room, after) => r.id === after || r.friendly_url === after);
        return { data: result.data.map((r) => team.roomListItem(r)), total_count: result.total_count };
    });
    app.post(`${API}/rooms`, async (req) => {
        // JSON null is a body, and not an object: 422 as documented (no body at all is {}).
        if (req.body === null) fail("body", "The request body must be a JSON object.");
        return team.createRoom(bodyOf(req));
    });
    app.get(`${API}/rooms/:room`, async (req) => team.roomRecord(team.findRoom(roomRef(req))));
    app.patch(`${API}/rooms/:room`, async (req) => team.updateRoom(roomRef(req), bodyOf(req)));
    app.delete(`${API}/rooms/:room`, async (req, reply) => {
        const b = bodyOf(req);
        if (b.delete_resources !== undefined && typeof b.delete_resources !== "boolean") fail("delete_resources", "The delete resources field must be true or false.");
        team.deleteRoom(roomRef(req));
        return reply.code(204).send();
    });

    // ---- 18, 19: roles ---------------------------------------------------------------------------
    const roleItem = ({ permissions: _p, allow_private_group_chat: _a, ...r }: (typeof ROLES)[number]) => ({ ...r, created_at: "2024-01-01T00:00:00Z", updated_at: "2024-01-01T00:00:00Z" });
    app.get(`${API}/roles`, async (req) => {
        const result = paginate([...ROLES], pageOf(queryOf(req)), (r, after) => r.id === after || r.name === after);
        return { total_count: result.total_count, data: result.data.map(roleItem) };
    });
    app.get(`${API}/roles/:role`, async (req) => {
        const r = findRole((req.params as { role: string }).role);
        if (!r) throw new NotFound();
        return { ...roleItem(r), permissions: r.permissions };
    });
}
