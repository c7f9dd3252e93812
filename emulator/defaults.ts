/**
 * The team's default settings: the record every room
 * inherits its shared settings from, with the plan's figures beside them.
 */
import { randomUUID } from "node:crypto";
import { DEFAULTS_BODY, IMAGE_FIELDS, initialValues, resolveRoles, defaultsRules } from "./fields";
import { ValidationFailure, storedImage, type Json } from "./model";
import type { Rooms } from "./rooms";
import { roleObject, roleObjects } from "./roles";
import { e2eeConflicts, singleRoleLock, validateFields } from "./rules";
import type { Usage } from "./usage";

/** What the defaults read of their team. */
export interface DefaultsTeam {
    now(): Date;
    planMaximum(): number;
    readonly rooms: Rooms;
    readonly usage: Usage;
}

export class TeamDefaults {
    values: Json;
    // The record's own ids belong to the team, so they survive a reset like the team id.
    private id: string = randomUUID();
    private ownerId: string = randomUUID();

    constructor(
        private readonly initialDomain: string,
        private readonly team: DefaultsTeam,
    ) {
        this.values = this.fresh();
    }

    private fresh(): Json {
        const start = this.team.now();
        const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
        const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1) - 1000);
        const asSubscription = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");
        return {
            id: this.id,
            owner_id: this.ownerId,
            domain: this.initialDomain,
            custom_cname: null,
            max_participants: this.team.planMaximum(),
            max_sessions: 10,
            subscription_start: asSubscription(month),
            subscription_end: asSubscription(next),
            used_participation_minutes: 0,
            ...initialValues("shared"),
        };
    }

    reset(): void {
        this.values = this.fresh();
    }

    /** The values of a state file: its record's ids are the team's from then on (a reset keeps them). */
    restore(values: Json): void {
        this.values = structuredClone(values);
        this.id = String(values.id);
        this.ownerId = String(values.owner_id);
    }

    record(): Json {
        const d = this.values;
        return {
            ...d,
            used_participation_minutes: this.usedParticipationMinutes(),
            default_role: roleObject(d.default_role),
            roles: roleObjects(d.roles as string[]),
            private_group_chat_roles: d.private_group_chat_roles,
        };
    }

    /** Participation minutes recorded in the current subscription period (2.2 shows the field). */
    private usedParticipationMinutes(): number {
        const from = String(this.values.subscription_start).slice(0, 10);
        const to = String(this.values.subscription_end).slice(0, 10);
        return this.team.usage.statistics(["participation_minutes"], from, to).participation_minutes as number;
    }

    update(input: Json): Json {
        const body = Object.fromEntries(Object.entries(input).filter(([k]) => DEFAULTS_BODY.includes(k)));
        const errors: Record<string, string[]> = {};
        validateFields(body, defaultsRules(), errors);
        resolveRoles(body, errors);
        e2eeConflicts({ ...this.values, ...body }, body, errors);
        if (!errors.roles) singleRoleLock({ ...this.values, ...body }, body, errors);
        // The rooms that inherit what changes must still keep the rule: a locked room that inherits the roles cannot
        // be left with a single one (the API refuses a locked single-role room), whether the lock or the roles come from the defaults.
        if (!errors.roles && !errors.is_locked && ("roles" in body || "is_locked" in body)) {
            const next = { ...this.values, ...body };
            const room = this.team.rooms.all().find((r) => {
                const effective = { ...next, ...r.overrides };
                return effective.is_locked === true && Array.isArray(effective.roles) && new Set(effective.roles).size === 1;
            });
            if (room) (errors["roles" in body ? "roles" : "is_locked"] ??= []).push(`A room with a single role cannot be locked (room ${room.friendly_url} would be).`);
        }
        if (Object.keys(errors).length > 0) throw new ValidationFailure(errors);
        for (const f of IMAGE_FIELDS) if (f in body) body[f] = storedImage(body[f]);
        if (body.session_length === "") body.session_length = null;
        Object.assign(this.values, body);
        return this.record();
    }

    /** The plan's maximum changed (control API): the record shows it. */
    applyPlanMaximum(): void {
        this.values.max_participants = this.team.planMaximum();
    }
}
