/** The report's two renderings: a Markdown table and an SVG bar chart of participation minutes per room. */

export interface RoomUsage {
    friendlyUrl: string;
    description: string;
    participationMinutes: number;
}

export interface Usage {
    dateStart: string;
    dateEnd: string;
    teamParticipationMinutes: number;
    rooms: RoomUsage[];
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function markdown(usage: Usage): string {
    const lines = [
        `# Room usage, ${usage.dateStart} to ${usage.dateEnd}`,
        "",
        `Team participation minutes: **${usage.teamParticipationMinutes}**`,
        "",
        "| Room | Description | Participation minutes | Share of team |",
        "|---|---|---:|---:|",
        ...usage.rooms.map((r) => {
            const share = usage.teamParticipationMinutes > 0 ? `${((100 * r.participationMinutes) / usage.teamParticipationMinutes).toFixed(1)} %` : "-";
            return `| ${cell(r.friendlyUrl)} | ${cell(r.description)} | ${r.participationMinutes} | ${share} |`;
        }),
        "",
    ];
    return lines.join("\n");
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Horizontal bars, longest first, each labelled with the room and its minutes. */
export function barChart(usage: Usage): string {
    const labelWidth = 180;
    const barWidth = 400;
    const rowHeight = 28;
    const top = 40;
    const max = Math.max(1, ...usage.rooms.map((r) => r.participationMinutes));
    const height = top + rowHeight * usage.rooms.length + 20;
    const width = labelWidth + barWidth + 90;
    const rows = usage.rooms.map((r, i) => {
        const y = top + i * rowHeight;
        const w = Math.round((barWidth * r.participationMinutes) / max);
        return [
            `  <g data-room="${xml(r.friendlyUrl)}" data-minutes="${r.participationMinutes}">`,
            `    <text x="${labelWidth - 8}" y="${y + 17}" text-anchor="end">${xml(r.friendlyUrl)}</text>`,
            `    <rect x="${labelWidth}" y="${y + 4}" width="${w}" height="${rowHeight - 8}" fill="#3771E0"/>`,
            `    <text x="${labelWidth + w + 6}" y="${y + 17}">${r.participationMinutes}</text>`,
            "  </g>",
        ].join("\n");
    });
    return [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13">`,
        `  <title>Participation minutes per room, ${xml(usage.dateStart)} to ${xml(usage.dateEnd)}</title>`,
        `  <text x="${labelWidth}" y="22" font-weight="bold">Participation minutes per room, ${xml(usage.dateStart)} to ${xml(usage.dateEnd)} (team: ${usage.teamParticipationMinutes})</text>`,
        ...rows,
        "</svg>",
        "",
    ].join("\n");
}
