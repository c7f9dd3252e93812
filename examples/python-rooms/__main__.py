"""Rooms from Python: the team's default room settings, a public and a private room, a join token for
the private room, and the private room's statistics over the team's current subscription period.

Stack outputs: both room URLs, the join link (a secret) and the statistics' period and room.
"""
import pulumi
import pulumi_vcrooms as vcrooms

defaults = vcrooms.TeamDefaults(
    "defaults",
    palette_mode="dark",
    language="en",
    default_role="attendee",
    chat_enabled=True,
)

lobby = vcrooms.Room(
    "lobby",
    friendly_url="python-lobby",
    description="Open to anyone with the link",
    privacy="public",
    max_participants=100,
    opts=pulumi.ResourceOptions(depends_on=[defaults]),
)

standup = vcrooms.Room(
    "standup",
    friendly_url="python-standup",
    description="Team stand-up: join with a token",
    privacy="private",
    max_participants=12,
    opts=pulumi.ResourceOptions(depends_on=[defaults]),
)

# A token for one participant of the private room: valid for a week (minutes from issue), issued anew at
# the first `pulumi up` within a day of its expiry. Its `link` and `token` are always secrets.
alice = vcrooms.JoinToken(
    "alice",
    room=standup.id,
    user_name="Alice",
    expires_at=7 * 24 * 60,
    renew_before="24h",
)

# A data function through the provider (an engine invoke): it runs once the room exists.
stats = vcrooms.get_room_statistics_output(room=standup.id, metrics=["participation_minutes"])

pulumi.export("lobbyUrl", lobby.room_url)
pulumi.export("standupUrl", standup.room_url)
pulumi.export("aliceJoinLink", alice.link)
pulumi.export(
    "standupStatistics",
    {
        "roomId": stats.room_id,
        "dateStart": stats.date_start,
        "dateEnd": stats.date_end,
        "participationMinutes": stats.participation_minutes,
    },
)
