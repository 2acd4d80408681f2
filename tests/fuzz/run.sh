#!/bin/sh
# Run each libFuzzer target for SECONDS on its seed corpus:
#   tests/fuzz/run.sh SECONDS build/fuzz/fuzz-NAME...
# Seeds: tests/fuzz/seeds/NAME/ plus what the target's seed script adds.
# New inputs go to build/fuzz/corpus/NAME (not committed).  TAP output.
secs=$1; shift
cd "$(dirname "$0")/../.." || exit 1
n=0
for bin in "$@"; do
	n=$((n + 1))
	name=$(basename "$bin"); name=${name#fuzz-}
	# build/fuzz (ASan + UBSan) or build/fuzz-ubsan (UBSan alone)
	san=asan+ubsan
	case $bin in *fuzz-ubsan/*) san=ubsan ;; esac
	work=build/fuzz/corpus/$name
	mkdir -p "$work" build/fuzz/artifacts
	seeds=""
	[ -d "tests/fuzz/seeds/$name" ] && seeds="tests/fuzz/seeds/$name"
	if [ -x "tests/fuzz/seed-$name.sh" ]; then
		mkdir -p "build/fuzz/seeds/$name"
		"tests/fuzz/seed-$name.sh" "build/fuzz/seeds/$name" >/dev/null 2>&1
		seeds="$seeds build/fuzz/seeds/$name"
	fi
	log=build/fuzz/$name.$san.log
	dict=""
	[ -f "tests/fuzz/$name.dict" ] && dict="-dict=tests/fuzz/$name.dict"
	if "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=build/fuzz/artifacts/"$name"-$san- $dict "$work" $seeds >"$log" 2>&1; then
		execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')
		# libFuzzer's last line ("Done N runs in S second(s)"); its
		# "#N" status lines are not what a dictionary entry such as
		# "#05" in the recommended dictionary printed after them is
		[ -n "$execs" ] || execs=$(grep -oE '^Done [0-9]+ runs' "$log" | tail -1 | grep -oE '[0-9]+')
		[ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
		echo "ok $n - fuzz-$name ($san): ${execs:-?} executions in ${secs}s"
	else
		echo "not ok $n - fuzz-$name ($san) crashed (log: $log)"
		grep -E 'ERROR|SUMMARY|artifact' "$log" | head -20 | sed 's/^/#   /'
	fi
done
