/** Usage the control API records (POST /_emulator/usage), and the room and team statistics summed from it. */
import type { Json } from "./model";

export const METRICS = [
    "participation_minutes", "desktop_participation_minutes", "mobile_participation_minutes", "tablet_participation_minutes",
    "smarttv_participation_minutes", "broadcasted_minutes", "subscribed_minutes", "screen_broadcasted_minutes",
    "screen_subscribed_minutes", "live_participants", "active_participants", "desktop_participants", "mobile_participants",
    "tablet_participants", "smarttv_participants", "sessions", "max_concurrent_participants", "e2ee_minutes", "recorded_minutes",
    "stored_recorded_minutes", "whiteboard_minutes", "active_roles", "breakout_minutes", "presentation_minutes",
    "public_chat_posts", "questions", "answers",
    // Beyond the contract's list: the hosted service documents these for room and team statistics, so it takes them.
    "transcription_minutes", "captions_minutes", "polls", "summaries",
];
export const TEAM_METRICS = [...METRICS, "rooms", "max_concurrent_sessions", "max_concurrent_participants_per_session", "max_active_recorders", "custom_roles"];

export interface UsageRecord {
    roomId?: string;
    date: string;
    metrics: Record<string, number>;
}

export class Usage {
    private records: UsageRecord[] = [];

    record(record: UsageRecord): void {
        this.records.push(record);
    }

    clear(): void {
        this.records = [];
    }

    /** Every record, for the state file (emulator/stateFile.ts). */
    all(): UsageRecord[] {
        return this.records.map((r) => ({ ...r, metrics: { ...r.metrics } }));
    }

    restore(records: UsageRecord[]): void {
        this.records = records.map((r) => ({ ...r, metrics: { ...r.metrics } }));
    }

    /** Each metric summed over the records from `from` to `to` (dates, inclusive), of one room or the team. */
    statistics(metricNames: readonly string[], from: string, to: string, roomId?: string): Json {
        const totals: Json = Object.fromEntries(metricNames.map((m) => [m, 0]));
        for (const u of this.records) {
            if (u.date < from || u.date > to) continue;
            if (roomId !== undefined && u.roomId !== roomId) continue;
            for (const m of metricNames) totals[m] = (totals[m] as number) + (u.metrics[m] ?? 0);
        }
        return totals;
    }
}
