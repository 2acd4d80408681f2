#!/usr/bin/env bash
# check-cpu.sh: yeok check against docutils in CPU time, in the same run,
# and the budgets of issue 42, each met or MISSED (make bench runs it;
# alone: tests/bench/check-cpu.sh).  Asserts nothing.
# CPU = user + system of the process and its children (git), from bash's
# time (ms), best of BENCH_CHECK_RUNS (3) where said.  Peers: docutils
# parsing the same Korean .rst (one process per file, as a CI runs it file
# by file, and all in one process).  Measured:
#   - the generated 10k pair (build/bench/gen), --no-spell, --only
#     markup-spacing, and yeok align (what every check reads first);
#   - the corpus pairs ($CORPUS/*.ko.rst): all in one yeok (--source once
#     per FILE) against docutils parsing them all in one python (the
#     budget's pair of figures), and one yeok per pair (--source) against
#     one python per file, for information, beside the process floor
#     (/bin/true and yeok --version in the same run: what a process costs
#     before it reads a file);
#   - the whole repositories (the dev bundle cloned, and gen-repo.sh: the
#     dev bundle's tutorials five times over with their history, 255
#     files, tutorials-kr's size): `yeok check` of every tutorial with
#     spelling, first with no cache (cold) and again (cached), the git
#     processes counted by a git on PATH that logs each start, the work of
#     the cached run counted by YEOK_STATS.
# Environment: YEOK (./yeok), BENCH_DIR (build/bench), CORPUS
# (../shared/corpus), BENCH_CHECK_RUNS (3).
set -u
cd "$(dirname "$0")/../.."
B=${BENCH_DIR:-build/bench}
YEOK=${YEOK:-./yeok}
CORPUS=${CORPUS:-../shared/corpus}
mkdir -p "$B"

ratio() { # ratio A B: A/B with one decimal, or - when B is 0 or missing
	if [ -z "$2" ] || [ "$2" = "-" ] || [ "$1" = "-" ] || [ "$2" -eq 0 ]; then echo "-"; return; fi
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'
}
verdict() { if [ "$1" = 1 ]; then echo met; else echo MISSED; fi; }
budget() { printf '  %-76s %s\n' "$1" "$(verdict "$2")"; }
docutils_parse() {
	/usr/bin/python3 -c 'import sys, docutils.core
docutils.core.publish_doctree(open(sys.argv[1], encoding="utf-8").read(),
    settings_overrides={"report_level": 5, "halt_level": 5})' "$1"
}

cpu_ms() { # cpu_ms CMD...: user + system CPU of one run, children included, ms
	local t
	t=$( { TIMEFORMAT='%3U %3S'; time "$@" >/dev/null 2>&1; } 2>&1 )
	awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%d", (a[1] + a[2]) * 1000 }'
}
best_cpu() { # best_cpu N CMD...: the least cpu_ms of N runs
	local n=$1; shift
	local b=999999999 t
	for _ in $(seq "$n"); do
		t=$(cpu_ms "$@")
		[ "$t" -lt "$b" ] && b=$t
	done
	echo "$b"
}
docutils_files() { # docutils_files FILE...: one process parsing them all
	/usr/bin/python3 -c 'import sys, docutils.core
for f in sys.argv[1:]:
    docutils.core.publish_doctree(open(f, encoding="utf-8").read(),
        settings_overrides={"report_level": 5, "halt_level": 5})' "$@"
}
docutils_each() { # docutils_each FILE...: one process a file
	local f
	for f in "$@"; do docutils_parse "$f" >/dev/null 2>&1; done
}
check_pairs() { # check_pairs DIR: yeok check --no-spell of each pair, one process each
	local ko
	for ko in "$1"/*.ko.rst; do
		"$YEOK" check --no-spell --source "${ko%.ko.rst}.en.rst" "$ko" >/dev/null 2>&1
	done
}
check_pairs_one() { # check_pairs_one DIR: yeok check --no-spell of every pair, one process
	local ko args=() kos=()
	for ko in "$1"/*.ko.rst; do
		args+=(--source "${ko%.ko.rst}.en.rst") kos+=("$ko")
	done
	"$YEOK" check --no-spell "${args[@]}" "${kos[@]}" >/dev/null 2>&1
}
declare -A C42
HAVE_DOCUTILS=0
/usr/bin/python3 -c 'import docutils' 2>/dev/null && HAVE_DOCUTILS=1
RUNS42=${BENCH_CHECK_RUNS:-3}
if [ "$HAVE_DOCUTILS" = 1 ]; then
	[ -e "$B/bench-10000.ko.rst" ] || build/bench/gen 10000 "$B" >/dev/null
	printf '%-54s %10s %12s\n' "check vs docutils (CPU, same run)" "cpu ms" "docutils/yeok"
	if [ -e "$B/bench-10000.ko.rst" ]; then
		en=$B/bench-10000.en.rst ko=$B/bench-10000.ko.rst
		y=$(best_cpu "$RUNS42" "$YEOK" check --no-spell --source "$en" "$ko")
		d=$(best_cpu 1 docutils_parse "$ko")
		C42[p10k_y]=$y C42[p10k_d]=$d
		printf '%-54s %10s\n' "10k pair: yeok check --no-spell" "$y"
		printf '%-54s %10s %12s\n' "10k pair: docutils" "$d" "$(ratio "$d" "$y")"
		y=$(best_cpu "$RUNS42" "$YEOK" check --no-spell --only markup-spacing --source "$en" "$ko")
		a=$(best_cpu "$RUNS42" "$YEOK" align --source "$en" "$ko")
		C42[p10k_only]=$y C42[p10k_align]=$a
		printf '%-54s %10s\n' "10k pair: yeok check --only markup-spacing" "$y"
		printf '%-54s %10s\n' "10k pair: yeok align (read, segment, align)" "$a"
	fi
	if ls "$CORPUS"/*.ko.rst >/dev/null 2>&1; then
		y1=$(best_cpu "$RUNS42" check_pairs_one "$CORPUS")
		d1=$(best_cpu "$RUNS42" docutils_files "$CORPUS"/*.ko.rst)
		y=$(best_cpu "$RUNS42" check_pairs "$CORPUS")
		d=$(best_cpu 1 docutils_each "$CORPUS"/*.ko.rst)
		t=$(best_cpu "$RUNS42" /bin/true)
		v=$(best_cpu "$RUNS42" "$YEOK" --version)
		np=$(ls "$CORPUS"/*.ko.rst | wc -l)
		C42[cor_y]=$y C42[cor_d]=$d C42[cor_d1]=$d1 C42[cor_y1]=$y1 C42[cor_n]=$np
		printf '%-54s %10s\n' "$np corpus pairs: yeok check --no-spell (one process)" "$y1"
		printf '%-54s %10s %12s\n' "$np corpus pairs: docutils (one process)" "$d1" "$(ratio "$d1" "$y1")"
		printf '%-54s %10s\n' "$np corpus pairs: yeok check --no-spell (a process each)" "$y"
		printf '%-54s %10s %12s\n' "$np corpus pairs: docutils (a process each)" "$d" "$(ratio "$d" "$y")"
		printf '%-54s %10s\n' "  the floor a process: /bin/true" "$t"
		printf '%-54s %10s\n' "  the floor a process: yeok --version" "$v"
		printf '%-54s %10s\n' "  $np yeok --version: a process each is at least" "$(( v * np ))"
	fi
	if [ -e "$CORPUS/tutorials-kr-dev.bundle" ]; then
		AB=$(realpath "$B") AY=$(realpath "$YEOK")
		mkdir -p "$AB/gitlog"
		REAL_GIT=$(command -v git)
		printf '#!/bin/sh\necho x >> "%s/gitlog/n"\nexec "%s" "$@"\n' "$AB" "$REAL_GIT" > "$AB/gitlog/git"
		chmod +x "$AB/gitlog/git"
		rm -rf "$AB/repo-dev"
		git clone -q "$CORPUS/tutorials-kr-dev.bundle" "$AB/repo-dev"
		tests/bench/gen-repo.sh "$CORPUS/tutorials-kr-dev.bundle" 5 "$AB/repo-gen" >/dev/null
		for r in dev gen; do
			dir=$AB/repo-$r
			mapfile -t files < <(cd "$dir" && git ls-files '*.rst' '*.py')
			mapfile -t rsts < <(cd "$dir" && git ls-files '*.rst')
			rm -rf "$AB/cache-$r"
			: > "$AB/gitlog/n"
			cold=$(cd "$dir" && XDG_CACHE_HOME=$AB/cache-$r PATH="$AB/gitlog:$PATH" \
				cpu_ms "$AY" check "${files[@]}")
			gits=$(wc -l < "$AB/gitlog/n")
			warm=$(cd "$dir" && XDG_CACHE_HOME=$AB/cache-$r best_cpu "$RUNS42" "$AY" check "${files[@]}")
			stats=$(cd "$dir" && XDG_CACHE_HOME=$AB/cache-$r YEOK_STATS=1 "$AY" check "${files[@]}" 2>&1 >/dev/null |
				grep 'stats:')
			d1=$(cd "$dir" && best_cpu 1 docutils_files "${rsts[@]}")
			d=$(cd "$dir" && best_cpu 1 docutils_each "${rsts[@]}")
			C42[${r}_cold]=$cold C42[${r}_warm]=$warm C42[${r}_git]=$gits C42[${r}_n]=${#files[@]}
			C42[${r}_d1]=$d1 C42[${r}_d]=$d C42[${r}_rst]=${#rsts[@]}
			C42[${r}_stats]=$stats
			printf '%-54s %10s\n' "$r repository, ${#files[@]} files: yeok check, no cache" "$cold"
			printf '%-54s %10s\n' "$r repository: yeok check again (cached)" "$warm"
			printf '%-54s %10s %12s\n' "$r repository, ${#rsts[@]} .rst: docutils (one process)" "$d1" "$(ratio "$d1" "$cold") cold"
			printf '%-54s %10s %12s\n' "$r repository: docutils (a process each)" "$d" "$(ratio "$d" "$cold") cold"
			printf '%-54s %10s\n' "$r repository: git processes, no cache" "$gits"
			printf '  %s\n' "$r again: ${stats#yeok: }"
		done
	fi
fi

if [ "${#C42[@]}" -gt 0 ]; then
	echo "budgets (issue 42)"
	x100() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > 0 && a >= 100 * b) ? 1 : 0 }'; }
	le() { awk -v a="$1" -v b="$2" 'BEGIN { print (a != "" && a + 0 <= b + 0) ? 1 : 0 }'; }
	if [ -n "${C42[p10k_y]:-}" ]; then
		budget "10k check --no-spell >= 100x docutils (CPU): $(ratio "${C42[p10k_d]}" "${C42[p10k_y]}")" \
			"$(x100 "${C42[p10k_d]}" "${C42[p10k_y]}")"
		budget "10k --only markup-spacing pays little more than align: ${C42[p10k_only]} vs ${C42[p10k_align]} ms" \
			"$(le "${C42[p10k_only]}" "$(( ${C42[p10k_align]} * 3 / 2 ))")"
	fi
	if [ -n "${C42[cor_y]:-}" ]; then
		budget "${C42[cor_n]} corpus pairs --no-spell >= 100x docutils (CPU, one process each side): $(ratio "${C42[cor_d1]}" "${C42[cor_y1]}")" \
			"$(x100 "${C42[cor_d1]}" "${C42[cor_y1]}")"
	fi
	for r in dev gen; do
		[ -n "${C42[${r}_cold]:-}" ] || continue
		budget "$r repo check CPU <= docutils (one process), no cache: ${C42[${r}_cold]} vs ${C42[${r}_d1]} ms" \
			"$(le "${C42[${r}_cold]}" "${C42[${r}_d1]}")"
		budget "$r repo check CPU <= docutils (one process), cached: ${C42[${r}_warm]} vs ${C42[${r}_d1]} ms" \
			"$(le "${C42[${r}_warm]}" "${C42[${r}_d1]}")"
		budget "$r repo check CPU <= docutils (a process each), no cache: ${C42[${r}_cold]} vs ${C42[${r}_d]} ms" \
			"$(le "${C42[${r}_cold]}" "${C42[${r}_d]}")"
		budget "$r repo git processes <= 2 a file: ${C42[${r}_git]} for ${C42[${r}_n]} files" \
			"$(le "${C42[${r}_git]}" "$(( 2 * ${C42[${r}_n]} ))")"
		st=${C42[${r}_stats]}
		none=$(printf '%s' "$st" | awk '/repository files scanned 0,/ && /history paths logged 0,/ && /dictionaries loaded 0,/ { print 1 }')
		budget "$r repo, cached: no repository-wide work (YEOK_STATS)" "${none:-0}"
	done
fi
