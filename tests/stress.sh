#!/usr/bin/env bash
# tests/stress.sh [N]: `make test` N times in a row (default 10) on a clean
# clone of this repository's HEAD, while a second `make test` runs over
# and over in another clone on the same machine (the load of a shared
# 2-core machine or CI).  Prints each run's closing line and, at the end,
# "stress: K of N runs green".  Exit 0 only when every run was green.
set -u
N=${1:-10}
src=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${CORPUS:-$src/../shared/corpus}
export CORPUS
W=$(mktemp -d)
chmod 755 "$W" # the tests run yeok as nobody from inside the clone
load_pid=
cleanup() {
	touch "$W/stop"
	[ -n "$load_pid" ] && kill -- -"$load_pid" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$W"
}
trap cleanup EXIT
git clone -q "$src" "$W/a" && git clone -q "$src" "$W/b" || exit 1
echo "# stress: $N runs of make test in $W/a (HEAD $(git -C "$src" rev-parse --short HEAD)), make test looping in $W/b"
# the second make test, in its own process group so that it can be ended whole
set -m
(while [ ! -e "$W/stop" ]; do make -C "$W/b" test >"$W/b.log" 2>&1; done) &
load_pid=$!
set +m
green=0
for i in $(seq 1 "$N"); do
	start=$(date +%s)
	make -C "$W/a" test >"$W/a-$i.log" 2>&1
	rc=$?
	last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$W/a-$i.log" | tail -1)
	echo "# run $i: ${last:-no totals} (exit $rc, $(( $(date +%s) - start )) s)"
	if [ $rc -eq 0 ]; then
		green=$((green + 1))
	else
		grep -E -A6 '^not ok ' "$W/a-$i.log" | head -40 | sed 's/^/#   /'
	fi
done
echo "stress: $green of $N runs green"
[ "$green" -eq "$N" ]
