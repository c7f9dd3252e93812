"""The Python program of the secrets invariant (test/invariants/secrets.test.ts): test/cli/programs/secretCanaries.ts
on the Python SDK `pulumi install` generates from the plugin, driven by the same file and stack config so that one
project is stepped through the cases by rewriting the file alone:

  plan.json     (beside the program) {providers, defaults, rooms, tokens}: each resource's name, args, explicit
                provider (one of `providers`, each a `vcrooms` provider of the stack's API and key) and whether it
                depends on the TeamDefaults. An arg {"$secret": key} is the value of `key` in test:secrets, made
                secret here; a token's `room` names a Room of the plan (its id is given).
  test:secrets  (secret JSON stack config, set once) the values those args take: the canaries.

outputs.json, written by the test from the declarations, names every output of each kind: each resource exports all of
them, so that a leak into a stack output shows too.
"""
import json
import re

import pulumi
import pulumi_vcrooms as vcrooms

KINDS = {"teamDefaults": vcrooms.TeamDefaults, "room": vcrooms.Room, "joinToken": vcrooms.JoinToken}


def python_name(camel):
    """The generated SDK's keyword for a camelCase name: its words in snake case."""
    return re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), camel)


with open("outputs.json") as f:
    OUTPUTS = json.load(f)
with open("plan.json") as f:
    plan = json.load(f)

config = pulumi.Config("test")
secrets = config.get_secret_object("secrets")
stack = pulumi.Config("vcrooms")
providers = {
    name: vcrooms.Provider(name, api_url=stack.require("apiUrl"), developer_key=stack.require_secret("developerKey"))
    for name in plan.get("providers") or []
}


def with_secrets(args):
    def value(v):
        if isinstance(v, dict) and "$secret" in v:
            ref = str(v["$secret"])
            if secrets is None:
                raise ValueError(f"test:secrets holds no {ref}")
            return pulumi.Output.secret(secrets.apply(lambda s: s[ref]))
        return v

    return {python_name(k): value(v) for k, v in args.items()}


def declare(kind, d, extra, depends_on):
    opts = pulumi.ResourceOptions(provider=providers.get(d.get("provider")), depends_on=depends_on)
    resource = KINDS[kind](d["name"], **with_secrets(d["args"]), **extra, opts=opts)
    pulumi.export(d["name"], {o: getattr(resource, python_name(o)) for o in OUTPUTS[kind]})
    return resource


defaults = declare("teamDefaults", plan["defaults"], {}, []) if plan.get("defaults") else None
rooms = {}
for room in plan["rooms"]:
    rooms[room["name"]] = declare("room", room, {}, [defaults] if room.get("dependsOnDefaults") and defaults else [])
for token in plan.get("tokens") or []:
    if token["room"] not in rooms:
        raise ValueError(f"the plan's token {token['name']} names no room of the plan: {token['room']}")
    declare("joinToken", token, {"room": rooms[token["room"]].id}, [])
