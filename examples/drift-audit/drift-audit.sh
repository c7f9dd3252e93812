#!/usr/bin/env bash
# Drift audit for a pulumi-vcrooms stack.
#
#   ./drift-audit.sh [--stack <name>]... [--out <dir>]   writes the audit report (report/report.html, report.md,
#                                                        report.json: drift, unmanaged rooms, policy violations),
#                                                        prints its Markdown, and fails (exit 1) when a room or the
#                                                        team's defaults were changed outside Pulumi
#   ./drift-audit.sh --repair [--stack <name>]           puts the declared settings back (pulumi up --refresh)
#
# Needs the stack's config (vcrooms:apiUrl, the secret vcrooms:developerKey) and, for a local backend,
# PULUMI_CONFIG_PASSPHRASE in the environment. Exit 2: the audit could not run.
set -euo pipefail

repair=false
stacks=()
out=report
while [ $# -gt 0 ]; do
    case "$1" in
        --repair) repair=true ;;
        --stack) stacks+=(--stack "$2"); shift ;;
        --out) out="$2"; shift ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

if $repair; then
    pulumi up --refresh --yes --non-interactive "${stacks[@]}"
    exit 0
fi

# Without --stack, the selected one.
if [ ${#stacks[@]} -eq 0 ]; then stacks=(--stack "$(pulumi stack --show-name --non-interactive)"); fi

# The package's own command, from this project's node_modules (never fetched).
status=0
npx --no-install pulumi-vcrooms audit "${stacks[@]}" --out "$out" --fail-on drift || status=$?
if [ -f "$out/report.md" ] && [ "$status" -ne 2 ]; then cat "$out/report.md"; fi
case "$status" in
    0) echo "drift audit: no changes outside Pulumi (report: $out/report.html)" ;;
    1) echo "drift audit: settings were changed outside Pulumi (see $out/report.html); run ./drift-audit.sh --repair to put them back" >&2 ;;
    *) echo "drift audit: the audit could not run (exit $status)" >&2 ;;
esac
exit "$status"
