#!/usr/bin/env bash
# make bench: generate 1k/10k/100k-line pairs and a 1M one (tests/bench/gen.c)
# and time yeok against its peers on the same files.  Prints a table, then
# the budgets of issues 10 and 19 with met/MISSED; asserts nothing (these
# machines are shared and noisy: the editor rows give the CPU time beside
# the wall time).
#
# Columns: ms = best wall time of the runs (process start included);
# "per 1k lines" shows whether a cost is linear; "vs yeok" = the peer's
# time / yeok's time on the same file (how many times slower the peer is).
# Environment: BENCH_SIZES ("1000 10000 100000"), BENCH_KEYS (1000),
# BENCH_BIG (1000000, below), BENCH_DIR (build/bench: the programs and the
# generated files), YEOK (./yeok).
set -u
cd "$(dirname "$0")/../.."
B=${BENCH_DIR:-build/bench}
YEOK=${YEOK:-./yeok}
SIZES=${BENCH_SIZES-"1000 10000 100000"}
mkdir -p "$B"
T0=$(date +%s)

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

per1k() { # per1k MS LINES: ms per 1000 lines, two decimals
	case $1$2 in *[!0-9]*) echo "-"; return ;; esac
	awk -v a="$1" -v n="$2" 'BEGIN { printf "%.2f", a * 1000 / n }'
}

row() { # row LINES MEASURE MS [VS]
	printf '%-8s %-32s %10s %12s %12s\n' "$1" "$2" "$3" "$(per1k "$3" "$1")" "${4:-}"
}

docutils_parse() {
	/usr/bin/python3 -c 'import sys, docutils.core
docutils.core.publish_doctree(open(sys.argv[1], encoding="utf-8").read(),
    settings_overrides={"report_level": 5, "halt_level": 5})' "$1"
}

have_sub() { "$YEOK" --help | grep -E "yeok $1 " | grep -vq "not yet built"; }

declare -A CHECK DOCU FF FFCPU P99 P99CPU RSS SIZE FFDICT FFNODICT

printf '%-8s %-32s %10s %12s %12s\n' lines measure "ms" "per 1k lines" "vs yeok"
for n in $SIZES; do
	"$B"/gen "$n" "$B" >/dev/null || exit 1
	en=$B/bench-$n.en.rst ko=$B/bench-$n.ko.rst
	SIZE[$n]=$(( $(stat -c %s "$en") + $(stat -c %s "$ko") ))
	reps=3; [ "$n" -ge 100000 ] && reps=1
	yalign=-; ycheck=-; ycheck_spell=-
	if have_sub align; then
		yalign=$(best $reps "$YEOK" align --source "$en" "$ko")
		row "$n" "yeok align (load+seg+align)" "$yalign"
	else
		row "$n" "yeok align" "not built"
	fi
	if have_sub check; then
		ycheck=$(best $reps "$YEOK" check --no-spell --source "$en" "$ko")
		ycheck_spell=$(best 1 "$YEOK" check --source "$en" "$ko")
		row "$n" "yeok check --no-spell" "$ycheck"
		row "$n" "yeok check (with spelling)" "$ycheck_spell"
	else
		row "$n" "yeok check" "not built"
	fi
	CHECK[$n]=$ycheck
	if [ -x "$B/bench-editor" ]; then
		out=$(BENCH_KEYS=${BENCH_KEYS:-1000} "$B"/bench-editor "$en" "$ko")
		printf '%s\n' "$out" | sed "s/^/$(printf '%-8s ' "$n")/"
		FF[$n]=$(printf '%s\n' "$out" | awk '/^first frame/ { print $4 }')
		FFCPU[$n]=$(printf '%s\n' "$out" | awk '/^first frame/ { print $5 }')
		P99[$n]=$(printf '%s\n' "$out" | awk '$1 == "wall" && NF == 4 { print $3 }')
		P99CPU[$n]=$(printf '%s\n' "$out" | awk '$1 == "cpu" && NF == 4 { print $3 }')
		RSS[$n]=$(printf '%s\n' "$out" | awk '/^peak RSS/ { print $4 }')
	fi
	if [ -x "$B/bench-assist" ]; then
		# the first frame with the Korean dictionary loading, without it, without spelling
		out=$("$B"/bench-assist "$en" "$ko")
		printf '%s\n' "$out" | grep '^first frame' | sed "s/^/$(printf '%-8s ' "$n")/"
		FFDICT[$n]=$(printf '%s\n' "$out" | awk '/^first frame \(ko dictionary\)/ { print $NF }')
		FFNODICT[$n]=$(printf '%s\n' "$out" | awk '/^first frame \(no ko dict\)/ { print $NF }')
	fi
	DOCU[$n]=-
	if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import docutils' 2>/dev/null; then
		d=$(best 1 docutils_parse "$ko")
		DOCU[$n]=$d
		row "$n" "docutils parse (ko)" "$d" "$(ratio "$d" "$ycheck") check"
	fi
	if command -v vim >/dev/null; then
		v=$(best $reps vim -es -N -u NONE -i NONE --cmd 'syntax on' -c 'set ft=rst' -c 'q' "$ko")
		row "$n" "vim -es open with syntax" "$v" "$(ratio "$v" "$yalign") align"
		v=$(best $reps vim -es -N -u NONE -i NONE -c 'q' "$ko")
		row "$n" "vim -es -u NONE open" "$v" "$(ratio "$v" "$yalign") align"
	fi
	# the RST linters of Debian (tests/deps.sh --bench installs them), up
	# to BENCH_PEERS_MAX (100000) lines, each stopped after
	# BENCH_PEER_S (120) s (doc8 takes over 5 minutes and 1.4 GB at 100k)
	if [ "$n" -le "${BENCH_PEERS_MAX:-100000}" ]; then
		lim=${BENCH_PEER_S:-120}
		for p in rst-lint doc8 rstcheck; do
			if command -v "$p" >/dev/null; then
				v=$(best 1 timeout "$lim" "$p" "$ko")
				if [ "$v" -ge $(( lim * 1000 )) ]; then
					row "$n" "$p (ko)" ">$(( lim * 1000 ))" "stopped"
				else
					row "$n" "$p (ko)" "$v" "$(ratio "$v" "$ycheck") check"
				fi
			else
				row "$n" "$p" "not installed"
			fi
		done
	fi
	if command -v hunspell >/dev/null; then
		h=$(best 1 sh -c "hunspell -l -d ko_KR < '$ko'")
		row "$n" "hunspell -l -d ko_KR" "$h" "$(ratio "$h" "$ycheck_spell") check"
	fi
done

# ---- launch to first screen in tmux, memory (issue 19) ---------------------
# first-screen.sh: yeok (bare and with its sidecar) against vim with RST
# syntax, vim -u NONE and less, BENCH_FS_RUNS (3) runs each; memory.sh: the
# editor's peak RSS without dictionaries at its first screen and settled.
# On the largest pair of this run and on the big pair below.
declare -A FSY FSV MEMX
screen_and_memory() { # screen_and_memory LINES
	local n=$1 fs mem
	command -v tmux >/dev/null || { echo; echo "$n: first screen, memory: skipped (no tmux)"; return; }
	echo
	fs=$(YEOK="$YEOK" BENCH_EDITOR="$B/bench-editor" tests/bench/first-screen.sh \
		"$B/bench-$n.en.rst" "$B/bench-$n.ko.rst" "${BENCH_FS_RUNS:-3}")
	printf '%s\n' "$fs" | sed "s/^/$(printf '%-8s ' "$n")/"
	FSY[$n]=$(printf '%s\n' "$fs" | awk '/^yeok \(real/ { print $(NF - 2) }')
	FSV[$n]=$(printf '%s\n' "$fs" | awk '/^vim \(RST/ { print $(NF - 2) }')
	mem=$(YEOK="$YEOK" BENCH_EDITOR="$B/bench-editor" tests/bench/memory.sh \
		"$B/bench-$n.en.rst" "$B/bench-$n.ko.rst")
	printf '%s\n' "$mem" | sed "s/^/$(printf '%-8s ' "$n")/"
	MEMX[$n]=$(printf '%s\n' "$mem" | awk '/^peak RSS settled/ { sub("x", "", $NF); print $NF }')
}
FSN=
for n in $SIZES; do FSN=$n; done
[ -n "$FSN" ] && screen_and_memory "$FSN"

# ---- the big pair, the largest real pair, pathological input (issue 19) ----
# BENCH_BIG (1000000; empty: skipped) lines: the first frames, BENCH_BIG_KEYS
# (100) keys, the first screen and memory (no peers: docutils and the
# linters take many minutes there).  The largest real pair of the corpus
# (nn_tutorial, .py): the keys.  One line of BENCH_MARKUP_N (80000) `*a `
# against an eighth of it: `yeok check` per finding.  A 1 MiB paragraph
# (gen --paragraph): the keys inside it.
BIG=${BENCH_BIG-1000000}
if [ -n "$BIG" ] && [ -x "$B/bench-editor" ]; then
	echo
	"$B"/gen "$BIG" "$B" >/dev/null || exit 1
	out=$(BENCH_KEYS=${BENCH_BIG_KEYS:-100} "$B"/bench-editor "$B/bench-$BIG.en.rst" "$B/bench-$BIG.ko.rst")
	printf '%s\n' "$out" | sed "s/^/$(printf '%-8s ' "$BIG")/"
	FFCPU[$BIG]=$(printf '%s\n' "$out" | awk '/^first frame/ { print $5 }')
	P99CPU[$BIG]=$(printf '%s\n' "$out" | awk '$1 == "cpu" && NF == 4 { print $3 }')
	screen_and_memory "$BIG"
fi
CORPUS=${CORPUS:-../shared/corpus}
NN=$CORPUS/py/beginner_source__nn_tutorial
NNP99=-
if [ -e "$NN.ko.py" ] && [ -x "$B/bench-editor" ]; then
	echo
	out=$(BENCH_KEYS=${BENCH_KEYS:-1000} "$B"/bench-editor "$NN.en.py" "$NN.ko.py")
	printf '%s\n' "$out" | grep -E '^(first frame|keystroke|  cpu)' | sed 's/^/nn_tut   /'
	NNP99=$(printf '%s\n' "$out" | awk '$1 == "cpu" && NF == 4 { print $3 }')
fi
MARKUP=-
if have_sub check; then
	m=${BENCH_MARKUP_N:-80000}
	for k in $(( m / 8 )) "$m"; do
		awk -v k="$k" 'BEGIN { for (i = 0; i < k; i++) printf "*a "; print "" }' > "$B/markup-$k.rst"
	done
	a=$(best 1 "$YEOK" check --no-spell "$B/markup-$(( m / 8 )).rst")
	b=$(best 1 "$YEOK" check --no-spell "$B/markup-$m.rst")
	echo
	row "-" "check: one line of $(( m / 8 )) '*a '" "$a"
	row "-" "check: one line of $m '*a '" "$b"
	# per finding, the long line against the short one (1.0: linear)
	MARKUP=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a ? (b / 8) / a : 0 }')
	rm -f "$B"/markup-*.rst
fi
PARAP99=-
if [ -x "$B/bench-editor" ]; then
	"$B"/gen --paragraph 1048576 "$B" >/dev/null || exit 1
	out=$(BENCH_SCRIPT=para BENCH_KEYS=${BENCH_PARA_KEYS:-300} "$B"/bench-editor \
		"$B/para-1048576.en.rst" "$B/para-1048576.ko.rst")
	printf '%s\n' "$out" | grep -E '^(keystroke|  cpu)' | sed 's/^/1MiB-par /'
	PARAP99=$(printf '%s\n' "$out" | awk '$1 == "cpu" && NF == 4 { print $3 }')
fi

# ---- yeok check against docutils, in CPU time (issue 42) --------------------
# tests/bench/check-cpu.sh: the 10k pair, the corpus pairs, the dev bundle
# and the generated repository against docutils, with its budgets.
CHECK42=
if have_sub check; then
	echo
	CHECK42=$(YEOK="$YEOK" BENCH_DIR="$B" CORPUS="${CORPUS:-../shared/corpus}" tests/bench/check-cpu.sh)
	printf '%s\n' "$CHECK42" | sed '/^budgets (issue 42)/,$d'
fi

# ---- the translation memory (issue 18) ---------------------------------------
# Build time, size and segments for a clone of the dev bundle (best of 3
# builds), lookups in it, and lookups in a synthetic memory of
# BENCH_TM_SEGMENTS (50000) segments.
TMSEG=${BENCH_TM_SEGMENTS:-50000}
TMP99=-; TMDEV=-
if [ -x "$B/bench-tm" ] && have_sub tm; then
	echo
	printf '%-32s %12s\n' "translation memory" "value"
	if [ -e "$CORPUS/tutorials-kr-dev.bundle" ]; then
		AB=$(realpath "$B") AY=$(realpath "$YEOK")
		rm -rf "$AB/tm-dev" "$AB/tm-dev.sqlite"
		git clone -q "$CORPUS/tutorials-kr-dev.bundle" "$AB/tm-dev"
		TMDEV=$(best 3 sh -c "cd '$AB/tm-dev' && '$AY' tm build --tm '$AB/tm-dev.sqlite'")
		out=$(cd "$AB/tm-dev" && "$AY" tm build --tm "$AB/tm-dev.sqlite" 2>/dev/null)
		segs=$(printf '%s' "$out" | sed -n 's/.* \([0-9]*\) segments.*/\1/p')
		printf '%-32s %12s\n' "dev bundle: tm build ms" "$TMDEV"
		printf '%-32s %12s\n' "dev bundle: segments" "$segs"
		printf '%-32s %12s\n' "dev bundle: db KB" "$(( $(stat -c %s "$B/tm-dev.sqlite") / 1024 ))"
		"$B"/bench-tm db "$B/tm-dev.sqlite" | grep '^lookup' | sed 's/^/dev bundle: /'
	fi
	out=$("$B"/bench-tm synth "$TMSEG" "$B")
	printf '%s\n' "$out" | sed "s/^/synthetic $TMSEG: /"
	TMP99=$(printf '%s\n' "$out" | awk '/^lookup cpu/ { print $8 }')
	TMP99W=$(printf '%s\n' "$out" | awk '/^lookup wall/ { print $8 }')
	rm -f "$B/tm-synth-$TMSEG.sqlite"
fi

# ---- the budgets (issue 10) -------------------------------------------------
verdict() { # verdict OK-EXPR: met or MISSED
	if [ "$1" = 1 ]; then echo met; else echo MISSED; fi
}
lt() { awk -v a="$1" -v b="$2" 'BEGIN { print (a != "" && a != "-" && a + 0 < b + 0) ? 1 : 0 }'; }
echo
echo "budgets (issue 10)"
big=100000
if [ -n "${FF[$big]:-}" ]; then
	printf '  %-52s %s\n' "100k first frame < 100 ms: ${FF[$big]} ms wall, ${FFCPU[$big]} ms cpu" \
		"$(verdict "$(lt "${FF[$big]}" 100)")"
	printf '  %-52s %s\n' "100k keystroke p99 < 1 ms: ${P99[$big]} us wall, ${P99CPU[$big]} us cpu" \
		"$(verdict "$(lt "${P99[$big]}" 1000)")"
	dict=0
	for f in /usr/share/hunspell/ko_KR.dic /usr/share/hunspell/ko_KR.aff; do
		[ -e "$f" ] && dict=$(( dict + $(stat -L -c %s "$f") ))
	done
	lim=$(awk -v s="${SIZE[$big]}" -v d="$dict" 'BEGIN { printf "%.1f", (4 * s + d) / 1048576 }')
	printf '  %-52s %s\n' "100k peak RSS < 4 x pair + dict = $lim MB: ${RSS[$big]} MB" \
		"$(verdict "$(lt "${RSS[$big]}" "$lim")")"
fi
if [ -n "${CHECK[10000]:-}" ] && [ "${DOCU[10000]:-"-"}" != "-" ]; then
	x=$(awk -v a="${DOCU[10000]}" -v b="${CHECK[10000]}" 'BEGIN { printf "%.1f", b ? a / b : 0 }')
	printf '  %-52s %s\n' "10k check >= 100x faster than docutils: ${x}x" \
		"$(verdict "$(lt 99.999 "$x")")"
fi
if [ -n "${CHECK[1000]:-}" ] && [ -n "${CHECK[100000]:-}" ] && [ "${CHECK[1000]}" != "-" ]; then
	# linear: the 100k file costs at most 1.5 x per line what the 1k file does
	# (the 1k time is mostly the process start, so this errs on the safe side)
	g=$(awk -v a="${CHECK[1000]}" -v b="${CHECK[100000]}" 'BEGIN { printf "%.2f", (b / 100) / (a ? a : 1) }')
	printf '  %-52s %s\n' "check linear 1k -> 100k (per-line cost ratio ${g})" \
		"$(verdict "$(lt "$g" 1.5)")"
fi
if [ -n "${CHECK[10000]:-}" ] && [ -n "${CHECK[100000]:-}" ] && [ "${CHECK[10000]}" != "-" ]; then
	g=$(awk -v a="${CHECK[10000]}" -v b="${CHECK[100000]}" 'BEGIN { printf "%.2f", (b / 10) / (a ? a : 1) }')
	printf '  %-52s %s\n' "check linear 10k -> 100k (per-line cost ratio ${g})" \
		"$(verdict "$(lt "$g" 1.5)")"
fi
if [ -n "${FFDICT[$big]:-}" ]; then
	# the dictionary loads in a thread: the first frame does not wait for it
	# (wall times, so within 1.5x of the frame without it counts as met)
	r=$(awk -v a="${FFDICT[$big]}" -v b="${FFNODICT[$big]}" 'BEGIN { printf "%.2f", b ? a / b : 0 }')
	printf '  %-52s %s\n' "100k first frame with/without ko dictionary: ${r}x" \
		"$(verdict "$(lt "$r" 1.5)")"
fi
if [ "$TMDEV" != "-" ]; then
	printf '  %-52s %s\n' "dev bundle tm build <= 30 s: $TMDEV ms" "$(verdict "$(lt "$TMDEV" 30001)")"
fi
if [ "$TMP99" != "-" ]; then
	printf '  %-52s %s\n' "tm lookup p99 <= 5 ms at $TMSEG: $TMP99 us cpu, $TMP99W us wall" \
		"$(verdict "$(lt "$TMP99" 5001)")"
fi

# ---- the budgets (issue 19) -------------------------------------------------
echo
echo "budgets (issue 19)"
budget() { # budget TEXT OK
	printf '  %-60s %s\n' "$1" "$(verdict "$2")"
}
for n in 100000 "$BIG"; do
	[ -n "$n" ] && [ "$n" -ge 100000 ] && [ -n "${FFCPU[$n]:-}" ] || continue
	lim=50; [ "$n" -ge 1000000 ] && lim=500
	budget "$n first frame with sidecar <= $lim ms cpu: ${FFCPU[$n]} ms" "$(lt "${FFCPU[$n]}" "$lim.001")"
done
for n in $SIZES "$BIG"; do
	[ -n "$n" ] && [ -n "${FSY[$n]:-}" ] && [ -n "${FSV[$n]:-}" ] || continue
	budget "$n first screen (tmux) before vim's: yeok ${FSY[$n]}, vim ${FSV[$n]} ms" \
		"$(lt "${FSY[$n]}" "${FSV[$n]}")"
done
for n in $SIZES "$BIG" nn_tutorial; do
	[ -n "$n" ] || continue
	v=${P99CPU[$n]:-}; lim=1000
	[ "$n" = nn_tutorial ] && v=$NNP99
	[ "$n" != nn_tutorial ] && [ "$n" -ge 1000000 ] && lim=2000
	[ -n "$v" ] && [ "$v" != "-" ] || continue
	budget "$n keystroke p99 <= $lim us cpu: $v us" "$(lt "$v" "$lim.001")"
done
if [ "$MARKUP" != "-" ]; then
	budget "check linear in findings per line (per-finding ratio $MARKUP <= 1.5)" "$(lt "$MARKUP" 1.5)"
fi
if [ "$PARAP99" != "-" ]; then
	budget "key in a 1 MiB paragraph <= 10 ms cpu: p99 $PARAP99 us" "$(lt "$PARAP99" 10000.001)"
fi
for n in $FSN "$BIG"; do
	# at 100k and above (below, the process's own few MB dominate)
	[ -n "$n" ] && [ "$n" -ge 100000 ] && [ -n "${MEMX[$n]:-}" ] || continue
	budget "$n RSS without dictionaries <= 3x the pair: ${MEMX[$n]}x (settled)" "$(lt "${MEMX[$n]}" 3.001)"
done
if [ -n "$CHECK42" ]; then
	echo
	printf '%s\n' "$CHECK42" | sed -n '/^budgets (issue 42)/,$p'
fi
echo "bench: $(( $(date +%s) - T0 )) s"
