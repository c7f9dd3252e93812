"""Every kind through the plugin, from its generated Python SDK; see ../README.md."""
import pulumi
import pulumi_vcrooms as vcrooms

description = pulumi.Config().get("description") or "Recorded baseline"
defaults = vcrooms.TeamDefaults("defaults", palette_mode="dark", toolbar_position="left")
after_defaults = pulumi.ResourceOptions(depends_on=[defaults])
declared = vcrooms.Room(
    "declared",
    friendly_url="up-python-declared",
    description=description,
    privacy="private",
    max_participants=20,
    tags=["upgrade", "python"],
    opts=after_defaults,
)
generated = vcrooms.Room("generated", description="Generated address", privacy="public", opts=after_defaults)
hidden = vcrooms.Room("hidden", friendly_url=pulumi.Output.secret("up-python-hidden"), privacy="private", opts=after_defaults)
alice = vcrooms.JoinToken("alice", room=declared.id, user_name="Alice", expires_at="2099-12-31 00:00:00", renew_before="24h")
vcrooms.RoomContentPurge("purge", room=generated.id, kinds=["chat", "recordings"])
found = vcrooms.get_room_output(room=declared.id)

pulumi.export("declaredUrl", declared.room_url)
pulumi.export("generatedUrl", generated.room_url)
pulumi.export("hiddenUrl", hidden.room_url)
pulumi.export("aliceLink", alice.link)
pulumi.export("foundDescription", found.description)
