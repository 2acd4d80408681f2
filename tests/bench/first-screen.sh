#!/usr/bin/env bash
# Launch to first screen in tmux (wall clock): yeok against vim with RST
# syntax, vim -u NONE and less on the same file, in the same run.
#   tests/bench/first-screen.sh EN KO [RUNS]
# Each run starts the program in a new 160x50 tmux session of a server
# that is already up, then polls capture-pane (no sleep between polls)
# until the program's first screen is there: yeok's header ("EN ▸ KO",
# drawn in the same frame as the text), the file's first line for the
# others.  Prints one line per program: the median and the best of RUNS
# (default 5) runs in ms.  A measurement, not a test: a poll costs a few
# ms (a tmux client), the same for every program.
#
# yeok runs twice: "bare" (--source EN, no sidecar) and "real" (reopened
# from the realistic sidecar bench-editor --make-sidecar writes: the
# English from its record, statuses for every segment, the cursor in the
# middle).  Environment: YEOK (./yeok), BENCH_EDITOR (build/bench/bench-editor).
# vim or less missing: their rows say "skipped" (tmux missing: run.sh skips
# the whole measurement).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
YEOK=$(realpath "${YEOK:-$ROOT/yeok}")
BE=${BENCH_EDITOR:-$ROOT/build/bench/bench-editor}
EN=$(realpath "$1") KO=$(realpath "$2") RUNS=${3:-5}
T=$(mktemp -d)
S=yeok-first-$$
trap 'tmux -L $S kill-server 2>/dev/null; rm -rf "$T"' EXIT
unset TMUX
tx() { tmux -L "$S" -f /dev/null "$@"; }
tx new-session -d -s idle -x 160 -y 50
mkdir -p "$T/bare" "$T/real" "$T/home"
cp "$KO" "$T/bare/ko.rst"
cp "$EN" "$T/real/en.rst"
cp "$KO" "$T/real/ko.rst"
chmod 644 "$T"/*/*.rst
if [ -x "$BE" ]; then
	(cd "$ROOT" && "$BE" --make-sidecar "$T/real/en.rst" "$T/real/ko.rst") >/dev/null || exit 1
fi
first=$(head -1 "$KO")

# one NAME MARKER CMD: the wall ms from the start of CMD to MARKER on screen
one() {
	local marker=$1 cmd=$2 t0 t1
	t0=$(date +%s%N)
	tx new-session -d -s run -x 160 -y 50 \
		-e LANG=C.UTF-8 -e LC_ALL=C.UTF-8 -e TERM=tmux-256color -e HOME="$T/home" \
		-e XDG_CONFIG_HOME="$T/home/.config" -e XDG_CACHE_HOME="$T/home/.cache" \
		-e XDG_DATA_HOME="$T/home/.local" "$cmd; sleep 600"
	for _ in $(seq 20000); do
		case $(tx capture-pane -p -t run 2>/dev/null) in *"$marker"*) break ;; esac
	done
	t1=$(date +%s%N)
	tx kill-session -t run 2>/dev/null
	# the editor's journal of a killed session is no unsaved work
	rm -f "$T"/*/*.yeok.journal
	echo $(( (t1 - t0) / 1000000 ))
}

measure() { # measure NAME MARKER CMD
	local name=$1 v=()
	for _ in $(seq "$RUNS"); do v+=("$(one "$2" "$3")"); done
	printf '%s\n' "${v[@]}" | sort -n | awk -v name="$name" '
		{ a[NR] = $1 } END { printf "%-26s %8d %8d\n", name, a[int((NR + 1) / 2)], a[1] }'
}

printf '%-26s %8s %8s\n' "first screen (wall ms)" median best
measure "yeok (bare)" "EN ▸ KO" "$YEOK --source '$EN' '$T/bare/ko.rst'"
[ -e "$T/real/ko.rst.yeok.yaml" ] &&
	measure "yeok (real, sidecar)" "EN ▸ KO" "$YEOK '$T/real/ko.rst'"
if command -v vim >/dev/null; then
	measure "vim (RST syntax)" "$first" "vim -N -n -i NONE -u DEFAULTS --cmd 'syntax on' '$KO'"
	measure "vim -u NONE" "$first" "vim -N -n -i NONE -u NONE '$KO'"
else
	echo "vim: skipped (not installed)"
fi
if command -v less >/dev/null; then
	measure "less" "$first" "less '$KO'"
else
	echo "less: skipped (not installed)"
fi
