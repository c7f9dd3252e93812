"""Config in, outputs out, and a failure: what the Python language host must pass through (no provider)."""

import pulumi

config = pulumi.Config()
if config.get_bool("fail"):
    raise ValueError("failing on purpose, as config asked")

pulumi.export("greeting", "hello " + config.require("who"))
pulumi.export("password", config.require_secret("password"))
pulumi.export("stack", pulumi.get_stack())
pulumi.export("project", pulumi.get_project())
pulumi.export("dryRun", pulumi.runtime.is_dry_run())
