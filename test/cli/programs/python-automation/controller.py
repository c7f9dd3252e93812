"""A Python Automation API controller (test/cli/automationPython.test.ts): one inline program on the vcrooms plugin,
run in this one process for each team given, one after the other, as a GitOps controller does. Each stack goes
through preview, up, refresh and destroy; what each step showed is printed as one JSON line for the test to judge.

argv: the work folder, the plugin folder, then a JSON list of teams: {name, apiUrl, developerKey, secretTopic}.
A team with secretTopic declares its Room's description as a secret, so its `topic` output must be secret; a team
without one declares it plain, and its topic must stay plain whatever ran before it in the process.
"""
import json
import os
import sys

import pulumi
from pulumi import automation as auto

work, plugin_folder, teams = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])


class Room(pulumi.CustomResource):
    roomUrl: pulumi.Output[str]
    topic: pulumi.Output[str]

    def __init__(self, name, props):
        super().__init__("vcrooms:index:Room", name, {**props, "roomUrl": None, "topic": None})


def program_of(team):
    def program():
        description = f"Team {team['name']} board"
        room = Room("board", {"friendlyUrl": f"py-{team['name']}-board", "description": pulumi.Output.secret(description) if team.get("secretTopic") else description})
        pulumi.export("roomUrl", room.roomUrl)
        pulumi.export("topic", room.topic)

    return program


for team in teams:
    place = os.path.join(work, team["name"])
    os.makedirs(os.path.join(place, ".backend"), exist_ok=True)
    # The Python workspace's project settings have no `plugins`: the project file names the plugin, as a user's does.
    with open(os.path.join(place, "Pulumi.yaml"), "w") as f:
        f.write(f"name: py-{team['name']}\nruntime: python\nplugins:\n  providers:\n    - name: vcrooms\n      path: {plugin_folder}\n")
    env = {
        "PULUMI_HOME": os.path.join(place, ".pulumi-home"),
        "PULUMI_BACKEND_URL": "file://" + os.path.join(place, ".backend"),
        "PULUMI_CONFIG_PASSPHRASE": "vcrooms-automation-passphrase",
        "PULUMI_SKIP_UPDATE_CHECK": "true",
        "PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION": "true",
        "NO_COLOR": "1",
    }
    stack = auto.create_or_select_stack(stack_name="dev", project_name=f"py-{team['name']}", program=program_of(team), opts=auto.LocalWorkspaceOptions(work_dir=place, env_vars=env))
    stack.set_all_config({"vcrooms:apiUrl": auto.ConfigValue(team["apiUrl"]), "vcrooms:developerKey": auto.ConfigValue(team["developerKey"], secret=True)})
    shown = lambda outputs: {k: "[secret]" if v.secret else v.value for k, v in outputs.items()}
    report = {"team": team["name"]}
    report["preview"] = stack.preview().change_summary
    up = stack.up()
    report["up"] = up.summary.resource_changes
    report["outputs"] = shown(up.outputs)
    report["refresh"] = stack.refresh().summary.resource_changes
    report["destroy"] = stack.destroy().summary.resource_changes
    print(json.dumps(report), flush=True)
