#!/usr/bin/env bash
# The repository view and `yeok stats` on a clone of the dev bundle
# (issue 15 "Speed"): the first opening (no cache), the cached opening,
# and `yeok stats .`, each the median of RUNS (default 3) runs.
#   tests/bench/repo-view.sh [RUNS] [COPIES]
# With COPIES > 1 the clone's tutorial files are also committed again
# under COPIES-1 extra folders (copyK/...), with their history replayed
# (each copy gets every revision the original has, in one commit per
# original commit), so the view lists about 51 * COPIES files with real
# histories: COPIES=5 gives ~255 files, the size of the tutorials-kr
# checkout.
# View wall time: from the start of `yeok DIR` in tmux to the screen that
# shows every row counted (the header's "N/N files" without "counting"),
# polling capture-pane with no sleep.  User and system CPU (yeok and the
# git it runs) come from /usr/bin/time around the same process, which
# quits with q once the list is counted.  "first screen": until the rows
# on the first screen (the view counts them first) show their numbers.
# The floor row is tmux itself showing a line.  A measurement, not a test:
# on a loaded machine compare the CPU columns.
# Environment: YEOK (./yeok), CORPUS (../shared/corpus).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
YEOK=$(realpath "${YEOK:-$ROOT/yeok}")
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
RUNS=${1:-3} COPIES=${2:-1}
BUNDLE=$CORPUS/tutorials-kr-dev.bundle
[ -e "$BUNDLE" ] || { echo "skipped: no corpus"; exit 0; }
T=$(mktemp -d)
S=yeok-repo-bench-$$
trap 'tmux -L $S kill-server 2>/dev/null; rm -rf "$T"' EXIT
unset TMUX
tx() { tmux -L "$S" -f /dev/null "$@"; }
git clone -q "$BUNDLE" "$T/r"

if [ "$COPIES" -gt 1 ]; then
	# replay the history of every tutorial file under copyK/ too: one
	# commit per original commit, with the files as of that commit
	(cd "$T/r" && git config user.email bench@yeok && git config user.name bench &&
	 for c in $(git rev-list --reverse --first-parent HEAD); do
		git diff-tree --root --no-commit-id --name-status -r "$c" -- '*.rst' '*.py' |
		while IFS=$'\t' read -r st p; do
			[ "$st" = D ] || git show "$c:$p" >"$T/blob"
			for k in $(seq 2 "$COPIES"); do
				if [ "$st" = D ]; then rm -f "copy$k/$p"
				else mkdir -p "copy$k/$(dirname "$p")"; cp "$T/blob" "copy$k/$p"; fi
			done
		done
		git add -A . >/dev/null 2>&1
		git commit -qm "replay $c" >/dev/null 2>&1 || true
	 done)
fi
N=$(cd "$T/r" && find . -name '*.rst' -o -name '*.py' | grep -vc '^./\.')
C=$(cd "$T/r" && git rev-list --count HEAD)
echo "repository: $N tutorial files, $C commits"
tx new-session -d -s idle -x 160 -y 50

# view CACHE: the wall ms until the rows on the first screen are counted
# (no "…" left on it), until every row is counted, and the time(1) line
view() {
	local cache=$1 t0 t1 tf s
	rm -f "$T/time"
	t0=$(date +%s%N)
	tf=0
	tx new-session -d -s run -x 160 -y 50 \
		-e LANG=C.UTF-8 -e LC_ALL=C.UTF-8 -e TERM=tmux-256color -e HOME="$T/home" \
		-e XDG_CONFIG_HOME="$T/home/.config" -e XDG_CACHE_HOME="$cache" \
		-e XDG_DATA_HOME="$T/home/.local" \
		"cd $T/r && /usr/bin/time -o $T/time -f '%U %S' $YEOK --no-spell .; sleep 600"
	for _ in $(seq 200000); do
		s=$(tx capture-pane -p -t run 2>/dev/null)
		case $s in *"$N/$N files"*)
			[ "$tf" = 0 ] && case $s in *…*) ;; *) tf=$(date +%s%N) ;; esac
			case $(printf '%s\n' "$s" | head -1) in *counting*) ;; *) break ;; esac ;;
		esac
	done
	t1=$(date +%s%N)
	[ "$tf" = 0 ] && tf=$t1
	tx send-keys -t run q
	for _ in $(seq 20000); do [ -s "$T/time" ] && break; sleep 0.01; done
	tx kill-session -t run 2>/dev/null
	echo "$(( (t1 - t0) / 1000000 )) $(cat "$T/time") $(( (tf - t0) / 1000000 ))"
}

median() { # median NAME: lines "wall user sys [first-screen]" on stdin, each column's median
	awk -v name="$1" '{ w[NR] = $1; u[NR] = $2; s[NR] = $3; f[NR] = $4 }
		function med(a, n,   i, j, t) {
			for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
			return a[int((n + 1) / 2)]
		}
		END { printf "%-34s wall %6d ms  user %5.2f s  sys %5.2f s", name, med(w, NR), med(u, NR), med(s, NR)
		      if (f[1] != "") printf "  first screen %6d ms", med(f, NR)
		      printf "  (median of %d)\n", NR }'
}

# the floor: tmux showing a program that prints the header at once
for _ in $(seq "$RUNS"); do
	t0=$(date +%s%N)
	tx new-session -d -s run -x 160 -y 50 "echo ' $N/$N files'; sleep 600"
	for _ in $(seq 200000); do
		case $(tx capture-pane -p -t run 2>/dev/null) in *"$N/$N files"*) break ;; esac
	done
	t1=$(date +%s%N)
	tx kill-session -t run 2>/dev/null
	echo "$(( (t1 - t0) / 1000000 )) 0 0"
done | median "(tmux floor: echo of the header)"

for i in $(seq "$RUNS"); do view "$T/cache-$i"; done | median "view, first opening (no cache)"
for i in $(seq "$RUNS"); do view "$T/cache-1"; done | median "view, from the cache"
for _ in $(seq "$RUNS"); do
	(cd "$T/r" && t0=$(date +%s%N) &&
	 /usr/bin/time -o "$T/time" -f '%U %S' "$YEOK" stats . >/dev/null 2>&1 &&
	 t1=$(date +%s%N) && echo "$(( (t1 - t0) / 1000000 )) $(cat "$T/time")")
done | median "yeok stats ."
