/**
 * Your team's rooms: the team's default room settings, then one Room per meeting place. Every
 * setting a room leaves out takes the team's default. `pulumi preview --refresh` shows changes made
 * outside Pulumi; `pulumi up --refresh` puts the declared settings back.
 */
import * as vcrooms from "pulumi-vcrooms";

const defaults = new vcrooms.TeamDefaults("defaults", {
    language: "en",
    defaultRole: "attendee",
    chatEnabled: true,
});

const allHands = new vcrooms.Room("all-hands", {
    description: "All-hands",
    privacy: "public",
    maxParticipants: 200,
}, { dependsOn: defaults });

const standup = new vcrooms.Room("standup", {
    description: "Team stand-up",
    privacy: "private",
    maxParticipants: 12,
}, { dependsOn: defaults });

export const allHandsUrl = allHands.roomUrl;
export const standupUrl = standup.roomUrl;
