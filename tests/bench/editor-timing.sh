#!/usr/bin/env bash
# Time to the first frame and the cost of a keystroke (key read -> frame
# drawn) of the editor in tmux, on a pair given as EN KO (default: the
# largest corpus pair).  Prints the editor's own YEOK_TIMING line.
#   tests/bench/editor-timing.sh [EN KO]
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
YEOK=${YEOK:-$ROOT/yeok}
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
EN=${1:-$CORPUS/intermediate_source__tiatoolbox_tutorial.en.rst}
KO=${2:-$CORPUS/intermediate_source__tiatoolbox_tutorial.ko.rst}
T=$(mktemp -d)
S=yeok-timing-$$
trap 'tmux -L $S kill-server 2>/dev/null; rm -rf "$T"' EXIT
cp "$KO" "$T/ko.rst"
chmod 644 "$T/ko.rst" # the corpus is read-only
tmux -L $S -f /dev/null new-session -d -s t -x 160 -y 50 -e LANG=C.UTF-8 -e TERM=tmux-256color \
	-e YEOK_TIMING="$T/timing" -e YEOK_TIMING_KEYS="${KEYLOG:-/dev/null}" "$YEOK --source $EN $T/ko.rst; sleep 60"
wait_for() { for _ in $(seq 400); do tmux -L $S capture-pane -p -t t | grep -qF -- "$1" && return 0; sleep 0.05; done; return 1; }
wait_for "ko.rst" || { echo "editor did not start"; exit 1; }
lines=$(wc -l <"$T/ko.rst")
# 200 keys: go to the middle, type Korean one key at a time, move, delete
tmux -L $S send-keys -t t C-g; wait_for "Go to line:"
tmux -L $S send-keys -t t -l "$((lines / 2))"; tmux -L $S send-keys -t t Enter
for i in $(seq 40); do tmux -L $S send-keys -t t -l "한"; done
for i in $(seq 40); do tmux -L $S send-keys -t t BSpace; done
for i in $(seq 30); do tmux -L $S send-keys -t t Down; done
for i in $(seq 30); do tmux -L $S send-keys -t t Right; done
for i in $(seq 20); do tmux -L $S send-keys -t t PageDown; done
for i in $(seq 20); do tmux -L $S send-keys -t t M-n; done
tmux -L $S send-keys -t t C-q
wait_for "Quit without saving" && tmux -L $S send-keys -t t y
for _ in $(seq 200); do [ -s "$T/timing" ] && break; sleep 0.05; done
echo "$(basename "$KO"): $(cat "$T/timing")"
[ -n "${BENCH_LINGER:-}" ] && sleep "$BENCH_LINGER"
