#!/usr/bin/env bash
# Drift audit for a pulumi-vcrooms stack.
#
#   ./drift-audit.sh [--stack <name>]            fails (exit 1) when a room or the team's defaults were
#                                                changed outside Pulumi, and prints the plan that would undo it
#   ./drift-audit.sh --repair [--stack <name>]   puts the declared settings back (pulumi up --refresh)
#
# Needs the stack's config (vcrooms:apiUrl, the secret vcrooms:developerKey) and, for a local backend,
# PULUMI_CONFIG_PASSPHRASE in the environment.
set -euo pipefail

repair=false
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --repair) repair=true ;;
        --stack) args+=(--stack "$2"); shift ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

if $repair; then
    pulumi up --refresh --yes --non-interactive "${args[@]}"
    exit 0
fi

if pulumi preview --refresh --expect-no-changes --non-interactive --diff "${args[@]}"; then
    echo "drift audit: no changes outside Pulumi"
else
    echo "drift audit: settings were changed outside Pulumi (see the plan above); run ./drift-audit.sh --repair to put them back" >&2
    exit 1
fi
