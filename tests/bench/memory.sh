#!/usr/bin/env bash
# The editor's memory on a pair, without dictionaries: `yeok --no-spell`
# reopened from the realistic sidecar (as first-screen.sh's "real" run) in
# a private tmux server.
#   tests/bench/memory.sh EN KO
# Prints the pair's bytes and the editor's peak RSS (VmHWM) twice: when its
# first screen is up, and once the idle work is done ("settled": the
# process's CPU time has not grown for 2 s; at most BENCH_SETTLE_S, 600, s
# of waiting), each with its ratio to the pair.  A measurement, not a test.
# Environment: YEOK (./yeok), BENCH_EDITOR (build/bench/bench-editor).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
YEOK=$(realpath "${YEOK:-$ROOT/yeok}")
BE=${BENCH_EDITOR:-$ROOT/build/bench/bench-editor}
EN=$(realpath "$1") KO=$(realpath "$2")
T=$(mktemp -d)
S=yeok-mem-$$
trap 'tmux -L $S kill-server 2>/dev/null; rm -rf "$T"' EXIT
unset TMUX
tx() { tmux -L "$S" -f /dev/null "$@"; }
mkdir -p "$T/real" "$T/home"
cp "$EN" "$T/real/en.rst"
cp "$KO" "$T/real/ko.rst"
chmod 644 "$T"/real/*.rst
(cd "$ROOT" && "$BE" --make-sidecar "$T/real/en.rst" "$T/real/ko.rst") >/dev/null || exit 1
pair=$(( $(stat -c %s "$EN") + $(stat -c %s "$KO") ))

tx new-session -d -s run -x 160 -y 50 \
	-e LANG=C.UTF-8 -e LC_ALL=C.UTF-8 -e TERM=tmux-256color -e HOME="$T/home" \
	-e XDG_CONFIG_HOME="$T/home/.config" -e XDG_CACHE_HOME="$T/home/.cache" \
	-e XDG_DATA_HOME="$T/home/.local" "cd '$T/real' && exec '$YEOK' --no-spell ko.rst"
pid=$(tx display-message -p -t run '#{pane_pid}')
up=0
for _ in $(seq 200000); do
	case $(tx capture-pane -p -t run 2>/dev/null) in *"EN ▸ KO"*) up=1; break ;; esac
done
[ "$up" = 1 ] || { echo "memory: the editor's first screen did not come"; exit 1; }
hwm() { awk '/^VmHWM/ { print $2 }' "/proc/$pid/status"; }
cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
first=$(hwm)
last=$(cpu) same=0
for _ in $(seq $(( ${BENCH_SETTLE_S:-600} * 5 ))); do
	sleep 0.2
	now=$(cpu)
	if [ "$now" = "$last" ]; then same=$((same + 1)); else same=0; last=$now; fi
	[ "$same" -ge 10 ] && break
done
settled=$(hwm)
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
# two decimals: run.sh compares this ratio with 3 (one decimal read 3.04x
# as 3.0x, met)
x() { awk -v k="$1" -v p="$pair" 'BEGIN { printf "%.2fx", k * 1024 / p }'; }
printf '%-32s %10s %8s\n' "memory (no dictionaries)" MB "x pair"
printf '%-32s %10s\n' "pair" "$(awk -v p="$pair" 'BEGIN { printf "%.1f", p / 1048576 }')"
printf '%-32s %10s %8s\n' "peak RSS at first screen" "$(mb "$first")" "$(x "$first")"
printf '%-32s %10s %8s\n' "peak RSS settled" "$(mb "$settled")" "$(x "$settled")"
tx send-keys -t run C-q
