"""A room and a lookup of it, on the released wheel and the installed plugin."""
import pulumi
import pulumi_vcrooms as vcrooms

standup = vcrooms.Room("standup", friendly_url="python-standup", description="Stand-up", max_participants=12)
found = vcrooms.get_room_output(room=standup.id)

pulumi.export("roomUrl", standup.room_url)
pulumi.export("foundMax", found.max_participants)
