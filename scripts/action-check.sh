#!/usr/bin/env bash
# The entrypoint of action.yml: `nomic check` with its findings as
# annotations on the pull request, the counts in the step's outputs
# (GITHUB_OUTPUT: errors, warnings), a job summary (GITHUB_STEP_SUMMARY:
# the counts per code and the worst findings) and, when asked,
# `nomic build --check`. Exits as `nomic check` does (1 on errors), or 1
# when the published files are stale.
#
# NOMIC_PATHS        files and folders to check, separated by spaces or one per
#                    line (default .)
# NOMIC_ARGS         more arguments of `nomic check` (--deny warnings, --allow N703)
# NOMIC_BUILD_CHECK  a ruleset source: also run `nomic build SOURCE -o NOMIC_BUILD_OUTPUT --check`
# NOMIC_BUILD_OUTPUT the published folder (default .)
set -uo pipefail

: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set: this runs inside GitHub Actions, or a test sets it}"
: "${GITHUB_STEP_SUMMARY:?GITHUB_STEP_SUMMARY is not set}"
# One path per line when there are several lines (a name may hold spaces),
# else separated by spaces.
if [[ "${NOMIC_PATHS:-.}" == *$'\n'* ]]; then
    mapfile -t paths < <(printf '%s\n' "$NOMIC_PATHS" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' -e '/^$/d')
else
    read -r -a paths <<<"${NOMIC_PATHS:-.}"
fi
read -r -a args <<<"${NOMIC_ARGS:-}"

nomic check --format github "${args[@]}" "${paths[@]}"
status=$?

report=$(nomic check --format json --statistics "${args[@]}" "${paths[@]}")
errors=$(jq -r '.summary.errors' <<<"$report")
warnings=$(jq -r '.summary.warnings' <<<"$report")
# A file that does not exist, cannot be read or cannot be parsed was not
# checked: it is listed as such, never counted among the checked.
checked=$(jq -r '[.files[] | select(.failure == null)] | length' <<<"$report")
unchecked=$(jq -r '[.files[] | select(.failure != null)] | length' <<<"$report")
{
    echo "errors=$errors"
    echo "warnings=$warnings"
} >>"$GITHUB_OUTPUT"

{
    echo "## nomic check"
    echo
    echo "Files checked: $checked. Errors: **$errors**. Warnings: $warnings."
    if [ "$unchecked" -gt 0 ]; then
        echo
        echo "Not checked: $unchecked."
        echo
        jq -r '.files[] | select(.failure != null) | "- `\(.file)`: \(.failure | gsub("\n"; " "))"' <<<"$report"
    fi
    if [ "$(jq '.statistics | length' <<<"$report")" -gt 0 ]; then
        echo
        echo "| findings | code | name |"
        echo "|---:|---|---|"
        jq -r '.statistics[] | "| \(.count) | `\(.code)` | \(.name) |"' <<<"$report"
        echo
        echo "The worst findings (\`nomic check --explain CODE\` explains each code):"
        echo
        jq -r '[.diagnostics[] | select(.severity == "error")]
               + [.diagnostics[] | select(.severity == "warning")]
               | .[:10][]
               | "- **\(.severity)** `\(.code)` \(.file):\(.line): \(.message | gsub("\n"; " "))"' <<<"$report"
    fi
} >>"$GITHUB_STEP_SUMMARY"

if [ -n "${NOMIC_BUILD_CHECK:-}" ]; then
    if ! nomic build "$NOMIC_BUILD_CHECK" -o "${NOMIC_BUILD_OUTPUT:-.}" --check; then
        printf '\n`nomic build %s --check`: the published files are not up to date.\n' \
            "$NOMIC_BUILD_CHECK" >>"$GITHUB_STEP_SUMMARY"
        [ "$status" -eq 0 ] && status=1
    fi
fi
exit "$status"
