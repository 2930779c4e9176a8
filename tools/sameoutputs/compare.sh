#!/usr/bin/env bash
# Proves a refactoring changed no output: builds REV (default: origin main's merge base, else HEAD~1)
# in a temporary git worktree, captures both with capture.sh and compares them byte for byte.
# Usage: tools/sameoutputs/compare.sh [REV]     (run from the checkout; its jar must be built)
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
rev="${1:-HEAD~1}"
work="$(mktemp -d)"
git -C "$here" worktree add -q --detach "$work/base" "$rev"
trap 'git -C "$here" worktree remove --force "$work/base"; rm -rf "$work"' EXIT
(cd "$work/base" && mvn -q -B -DskipTests package)
bash "$here/tools/sameoutputs/capture.sh" "$work/base" "$work/before" >/dev/null
(cd "$here" && [ -f cli/target/regrade.jar ] || mvn -q -B -DskipTests package)
bash "$here/tools/sameoutputs/capture.sh" "$here" "$work/after" >/dev/null
if diff -r "$work/before" "$work/after"; then
  echo "same outputs: $rev and the work tree ($(find "$work/after" -type f | wc -l) files)"
else
  echo "OUTPUTS DIFFER between $rev and the work tree" >&2; exit 1
fi
