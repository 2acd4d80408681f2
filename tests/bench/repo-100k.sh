#!/usr/bin/env bash
# `yeok DIR` on a repository of 100k tutorials (issue 37 item 12): the wall
# time from the start of `yeok .` in tmux to its first screen (the first
# row's name on it), and to the header without "dates" (every last-commit
# date read), through the tmux helpers of the end-to-end tests (polls
# every 50 ms: a figure is up to ~50 ms late).  The repository is made by
# tests/bench/gen-repo-many.sh (N files, COMMITS commits; about 8 s for 100k).
# A measurement, not a test.
#   tests/bench/repo-100k.sh [N] [COMMITS] [LIMIT_S]   (100000, 10, 300)
# Environment: YEOK (./yeok).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
YEOK=$(realpath "${YEOK:-$ROOT/yeok}")
N=${1:-100000} COMMITS=${2:-10} LIMIT=${3:-300}
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/e2e/tmux.sh"
export GIT_CONFIG_NOSYSTEM=1 HOME=$T/home
mkdir -p "$HOME"
"$ROOT/tests/bench/gen-repo-many.sh" "$T/r" "$N" "$COMMITS"
echo "# repository: $(find "$T/r" -name '*.rst' | wc -l) files, $(git -C "$T/r" rev-list --count HEAD) commits"
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
t0=$(date +%s%N)
tm_start 160 50 "cd $T/r && XDG_CACHE_HOME=$T/cache $YEOK --no-spell ."
if tm_wait "d000/f0000.rst" "$LIMIT" >/dev/null; then
	echo "first screen: $(ms "$t0") ms"
	if tm_wait_gone "dates " "$LIMIT" >/dev/null; then
		echo "every date read: $(ms "$t0") ms"
	else
		echo "every date read: not within ${LIMIT} s"
	fi
	tm_screen | head -3 | sed 's/^/#   | /'
else
	echo "first screen: not within ${LIMIT} s"
fi
tm_keys q
tm_exit 60 >/dev/null
