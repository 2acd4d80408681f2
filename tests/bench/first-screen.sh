#!/usr/bin/env bash
# Launch to first screen in tmux (wall clock): yeok against vim with RST
# syntax, vim -u NONE and less on the same file, in the same run.
#   tests/bench/first-screen.sh EN KO [RUNS]
# Each run starts the program in a new 160x50 tmux session of a server
# that is already up, then polls capture-pane every 10 ms
# until the program's first screen is there: yeok's header ("EN ▸ KO",
# drawn in the same frame as the text), the file's first line for the
# others.  Prints one line per program: the median and the best of RUNS
# (default 5) runs in ms, and the median CPU time (user + system, every
# thread, from /proc at the moment the screen is seen: ~10 ms ticks) the
# program had used by then.  The programs take turns (run 1 of each, then
# run 2 of each...), so a change in the machine's load falls on all of
# them; on a loaded machine the wall clock is the CPU time times the wait
# for a core, the CPU time is what the program costs.  A measurement, not
# a test: a poll costs a few ms (a tmux client), the same for every program.
# The polls sleep 10 ms between them (a figure is up to ~13 ms late, every
# program's alike): polled without a pause, the tmux clients and server took
# one of the machine's two cores from the program measured, which a
# terminal does not (200 polls: 626 ms wall, 530 ms CPU in the clients alone).
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

# one MARKER CMD: "WALL CPU", the ms from the start of CMD to MARKER on
# screen and the CPU ms the program (the pane's shell's child) had used then
TICK=$(getconf CLK_TCK 2>/dev/null || echo 100)
one() {
	local marker=$1 cmd=$2 t0 t1 pid cpu
	t0=$(date +%s%N)
	tx new-session -d -s run -x 160 -y 50 \
		-e LANG=C.UTF-8 -e LC_ALL=C.UTF-8 -e TERM=tmux-256color -e HOME="$T/home" \
		-e XDG_CONFIG_HOME="$T/home/.config" -e XDG_CACHE_HOME="$T/home/.cache" \
		-e XDG_DATA_HOME="$T/home/.local" "$cmd; sleep 600"
	for _ in $(seq 20000); do
		case $(tx capture-pane -p -t run 2>/dev/null) in *"$marker"*) break ;; esac
		sleep 0.01
	done
	t1=$(date +%s%N)
	pid=$(pgrep -P "$(tx display -p -t run '#{pane_pid}')" 2>/dev/null | head -1)
	# utime and stime: fields 14 and 15, counted after the ")" of the name
	cpu=$(sed 's/.*) //' "/proc/${pid:-0}/stat" 2>/dev/null |
		awk -v t="$TICK" '{ printf "%d", ($12 + $13) * 1000 / t }')
	tx kill-session -t run 2>/dev/null
	# the editor's journal of a killed session is no unsaved work
	rm -f "$T"/*/*.yeok.journal
	echo "$(( (t1 - t0) / 1000000 )) ${cpu:-0}"
}

# The programs: NAME, MARKER, CMD in turn.
P=("yeok (bare)" "EN ▸ KO" "$YEOK --source '$EN' '$T/bare/ko.rst'")
[ -e "$T/real/ko.rst.yeok.yaml" ] &&
	P+=("yeok (real, sidecar)" "EN ▸ KO" "$YEOK '$T/real/ko.rst'")
missing=()
if command -v vim >/dev/null; then
	P+=("vim (RST syntax)" "$first" "vim -N -n -i NONE -u DEFAULTS --cmd 'syntax on' '$KO'")
	P+=("vim -u NONE" "$first" "vim -N -n -i NONE -u NONE '$KO'")
else
	missing+=("vim: skipped (not installed)")
fi
if command -v less >/dev/null; then
	P+=("less" "$first" "less '$KO'")
else
	missing+=("less: skipped (not installed)")
fi
declare -A W C
for _ in $(seq "$RUNS"); do
	for ((i = 0; i < ${#P[@]}; i += 3)); do
		read -r w c < <(one "${P[i + 1]}" "${P[i + 2]}")
		W[$i]+="$w "
		C[$i]+="$c "
	done
done
med() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)], a[1] }'; }
printf '%-26s %8s %8s %8s\n' "first screen (wall ms)" median best cpu-ms
for ((i = 0; i < ${#P[@]}; i += 3)); do
	read -r wm wb < <(printf '%s' "${W[$i]}" | med)
	read -r cm _ < <(printf '%s' "${C[$i]}" | med)
	printf '%-26s %8d %8d %8d\n' "${P[i]}" "$wm" "$wb" "$cm"
done
for m in "${missing[@]}"; do echo "$m"; done
