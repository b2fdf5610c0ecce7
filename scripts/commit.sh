#!/usr/bin/env bash
# Commits only the given paths, serialised with other committers working in this tree.
# usage: scripts/commit.sh "message" path [path...]
set -euo pipefail
msg=$1
shift
exec 9>/tmp/drive-git.lock
flock 9
git add -A -- "$@"
git commit -q -m "$msg" -- "$@" || echo "nothing to commit in $*"
