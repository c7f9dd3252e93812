/**
 * Usage report: the team's and every room's participation minutes over a period, written as a
 * Markdown table (usage-report.md) and a bar chart (usage-report.svg). The stack declares no
 * resources: `pulumi preview` or `pulumi up` writes the report; `up` also records the figures as
 * stack outputs.
 *
 *   pulumi config set report:dateStart 2026-11-01   # optional; default: the team's current subscription period
 *   pulumi config set report:dateEnd 2026-11-30
 *   pulumi config set report:outDir ./reports       # optional; default: beside this program
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";
import { barChart, markdown, type Usage } from "./report";

export = async () => {
    const config = new pulumi.Config("report");
    const period = { ...(config.get("dateStart") ? { dateStart: config.get("dateStart") } : {}), ...(config.get("dateEnd") ? { dateEnd: config.get("dateEnd") } : {}) };
    const outDir = path.resolve(config.get("outDir") ?? __dirname);

    const team = await vcrooms.getTeamStatistics({ ...period, metrics: ["participation_minutes"] });
    const { rooms } = await vcrooms.getRooms();
    const perRoom = await Promise.all(
        rooms.map(async (room) => {
            const stats = await vcrooms.getRoomStatistics({ room: room.id, ...period, metrics: ["participation_minutes"] });
            return { friendlyUrl: room.friendlyUrl, description: room.description ?? "", participationMinutes: Number(stats.participationMinutes ?? 0) };
        }),
    );
    const usage: Usage = {
        dateStart: team.dateStart,
        dateEnd: team.dateEnd,
        teamParticipationMinutes: Number(team.participationMinutes ?? 0),
        rooms: perRoom.sort((a, b) => b.participationMinutes - a.participationMinutes || a.friendlyUrl.localeCompare(b.friendlyUrl)),
    };

    fs.mkdirSync(outDir, { recursive: true });
    const files = { markdown: path.join(outDir, "usage-report.md"), chart: path.join(outDir, "usage-report.svg") };
    fs.writeFileSync(files.markdown, markdown(usage));
    fs.writeFileSync(files.chart, barChart(usage));

    return {
        period: { dateStart: usage.dateStart, dateEnd: usage.dateEnd },
        teamParticipationMinutes: usage.teamParticipationMinutes,
        participationMinutesByRoom: Object.fromEntries(usage.rooms.map((r) => [r.friendlyUrl, r.participationMinutes])),
        files,
    };
};
