# Runs a Pulumi Python program for pulumi-language-python (our host; see main.go for why it exists).
#
# The host starts `python -c <this file> [flags] PROGRAM [ARGS...]` in the program's directory with
# PULUMI_CONFIG and PULUMI_CONFIG_SECRET_KEYS in the environment. This configures the `pulumi` package
# from PyPI the way the upstream host's exec script does, runs the program inside a stack resource,
# and says how it ended: 0 done, 32 failed with the error already reported to the engine, anything
# else failed before that (the host passes such output on as the run's error).
import argparse
import asyncio
import logging
import os
import runpy
import sys
import traceback

# Exit code meaning "the error has been logged to the engine already": the host then asks the engine
# to bail instead of printing a second, less useful error.
EXIT_REPORTED = 32

try:
    import pulumi
    import pulumi.runtime
except ImportError:
    print(traceback.format_exc(), file=sys.stderr)
    print(
        "The pulumi package is not installed for " + sys.executable + ": install it into the "
        "virtualenv named in Pulumi.yaml (pip install -r requirements.txt), or run scripts/pulumi-python.",
        file=sys.stderr,
    )
    sys.exit(1)


def main() -> int:
    ap = argparse.ArgumentParser(prog="pulumi-language-python-exec")
    ap.add_argument("--project")
    ap.add_argument("--stack")
    ap.add_argument("--organization")
    ap.add_argument("--root-directory")
    ap.add_argument("--parallel", type=int, default=0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--pwd")
    ap.add_argument("--monitor", required=True)
    ap.add_argument("--engine")
    ap.add_argument("PROGRAM")
    ap.add_argument("ARGS", nargs=argparse.REMAINDER)
    args = ap.parse_args()

    pulumi.runtime.set_all_config(
        pulumi.runtime.get_config_env(), pulumi.runtime.get_config_secret_keys_env()
    )
    pulumi.runtime.configure(
        pulumi.runtime.Settings(
            project=args.project,
            stack=args.stack,
            monitor=args.monitor,
            engine=args.engine,
            parallel=args.parallel,
            dry_run=args.dry_run,
            organization=args.organization,
            root_directory=args.root_directory,
        )
    )
    # The program's path is relative to the folder the host started us in, which --pwd may differ from.
    program = os.path.abspath(args.PROGRAM)
    if args.pwd:
        os.chdir(args.pwd)
    # The program sees itself as run directly: its own argv, and its folder first on the import path
    # (run_path does that for a folder holding __main__.py; for a file we do it).
    sys.argv = [args.PROGRAM] + args.ARGS
    sys.path.insert(0, program if os.path.isdir(program) else os.path.dirname(program))

    # A failed resource leaves futures nobody awaits; asyncio would log each one at exit. The error that
    # matters has been reported through the engine, so its noise is silenced, as upstream does.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(
            pulumi.runtime.run_in_stack(lambda: runpy.run_path(program, run_name="__main__"))
        )
        return 0
    except pulumi.RunError as e:
        pulumi.log.error(str(e))
    except Exception:
        pulumi.log.error("Program failed with an unhandled exception:\n" + traceback.format_exc())
    finally:
        loop.close()
        sys.stdout.flush()
        sys.stderr.flush()
    return EXIT_REPORTED


if __name__ == "__main__":
    sys.exit(main())
