#!/usr/bin/env bash
# make bench: generate 1k/10k/100k-line pairs (tests/bench/gen.c) and time
# yeok against its peers on the same files.  Prints a table; asserts
# nothing (these machines are shared and noisy).  Budgets: issue 10.
set -u
cd "$(dirname "$0")/../.."
B=${BENCH_DIR:-build/bench}
YEOK=${YEOK:-./yeok}
SIZES=${BENCH_SIZES:-"1000 10000 100000"}
mkdir -p "$B"

ms() { # ms CMD...: wall time of one run in milliseconds (output discarded)
	local t0 t1
	t0=$(date +%s%N)
	"$@" >/dev/null 2>&1
	t1=$(date +%s%N)
	echo $(( (t1 - t0) / 1000000 ))
}

best() { # best N CMD...: the best of N runs, in ms
	local n=$1; shift
	local b=999999999 t
	for _ in $(seq "$n"); do
		t=$(ms "$@")
		[ "$t" -lt "$b" ] && b=$t
	done
	echo "$b"
}

ratio() { # ratio A B: A/B with one decimal, or - when B is 0 or missing
	if [ -z "$2" ] || [ "$2" = "-" ] || [ "$1" = "-" ] || [ "$2" -eq 0 ]; then echo "-"; return; fi
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'
}

docutils_parse() {
	/usr/bin/python3 -c 'import sys, docutils.core
docutils.core.publish_doctree(open(sys.argv[1], encoding="utf-8").read(),
    settings_overrides={"report_level": 5, "halt_level": 5})' "$1"
}

have_sub() { "$YEOK" --help | grep -E "yeok $1 " | grep -vq "not yet built"; }

printf '%-8s %-28s %10s %12s\n' lines measure "ms" "vs yeok"
for n in $SIZES; do
	"$B"/gen "$n" "$B" >/dev/null || exit 1
	en=$B/bench-$n.en.rst ko=$B/bench-$n.ko.rst
	reps=3; [ "$n" -ge 100000 ] && reps=1
	yalign=-; ycheck=-; ycheck_spell=-
	if have_sub align; then
		yalign=$(best $reps "$YEOK" align --source "$en" "$ko")
		printf '%-8s %-28s %10s\n' "$n" "yeok align (load+seg+align)" "$yalign"
	else
		printf '%-8s %-28s %10s\n' "$n" "yeok align" "not built"
	fi
	if have_sub check; then
		ycheck=$(best $reps "$YEOK" check --no-spell --source "$en" "$ko")
		ycheck_spell=$(best 1 "$YEOK" check --source "$en" "$ko")
		printf '%-8s %-28s %10s\n' "$n" "yeok check --no-spell" "$ycheck"
		printf '%-8s %-28s %10s\n' "$n" "yeok check (with spelling)" "$ycheck_spell"
	else
		printf '%-8s %-28s %10s\n' "$n" "yeok check" "not built"
	fi
	if [ -x "$B/bench-editor" ]; then
		"$B"/bench-editor "$en" "$ko" | sed "s/^/$(printf '%-8s ' "$n")/"
	fi
	if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import docutils' 2>/dev/null; then
		if [ "$n" -le 100000 ]; then
			d=$(best 1 docutils_parse "$ko")
			printf '%-8s %-28s %10s %12s\n' "$n" "docutils parse (ko)" "$d" "$(ratio "$d" "$ycheck")"
		fi
	fi
	if command -v vim >/dev/null; then
		v=$(best $reps vim -es -N -u NONE -i NONE --cmd 'syntax on' -c 'set ft=rst' -c 'q' "$ko")
		printf '%-8s %-28s %10s %12s\n' "$n" "vim -es open with syntax" "$v" "$(ratio "$v" "$yalign")"
	fi
	if command -v hunspell >/dev/null; then
		h=$(best 1 sh -c "hunspell -l -d ko_KR < '$ko'")
		printf '%-8s %-28s %10s %12s\n' "$n" "hunspell -l -d ko_KR" "$h" "$(ratio "$h" "$ycheck_spell")"
	fi
done
