#!/usr/bin/env bash
# The install step of action.yml: installs the release binary of the
# repository the action was taken from and puts it on the job's PATH.
#
# Composite actions are not promised `github.action_repository` (the runner
# often leaves it empty), so the repository is read off the folder the
# runner checked the action out to, RUNNER_WORK/_actions/OWNER/REPO/REF. An
# action used from the workflow's own checkout (`uses: ./`) is the
# workflow's repository.
#
# NOMIC_VERSION      the release tag (v0.1.0), or `latest`
# NOMIC_INSTALL_DIR  where the binary goes
set -euo pipefail

: "${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: this runs inside GitHub Actions, or a test sets it}"
: "${GITHUB_PATH:?GITHUB_PATH is not set}"
: "${NOMIC_INSTALL_DIR:?NOMIC_INSTALL_DIR is not set}"

# Windows runners give the folder with backslashes (D:\a\_actions\OWNER\REPO\REF).
action_path=${GITHUB_ACTION_PATH//\\//}
case "$action_path" in
    */_actions/*/*/*)
        rest=${action_path##*/_actions/}
        owner=${rest%%/*}
        rest=${rest#*/}
        repository="$owner/${rest%%/*}"
        ;;
    *)
        repository=${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is not set}
        ;;
esac

NOMIC_RELEASES="${GITHUB_SERVER_URL:-https://github.com}/$repository/releases" \
    sh "$action_path/scripts/install.sh"
echo "$NOMIC_INSTALL_DIR" >>"$GITHUB_PATH"
