#!/usr/bin/env bash
# make test's runner: unit tests, the layering check, CLI tests, tmux
# end-to-end tests, fuzz smoke runs — in that order.  Every check prints a
# TAP line ("ok ..." / "not ok ..."); the last line is "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
export ROOT=$PWD
export YEOK=${YEOK:-$ROOT/yeok}
case $YEOK in /*) ;; *) YEOK=$ROOT/$YEOK ;; esac
export CORPUS=${CORPUS:-$ROOT/../shared/corpus}
export LANG=C.UTF-8 LC_ALL=C.UTF-8
UNIT_DIR=${UNIT_DIR:-build/san/tests}
FUZZ_DIR=${FUZZ_DIR:-build/fuzz}
FUZZ_SECONDS=${FUZZ_SECONDS:-3}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
# Without the corpus (a fresh clone with no ../shared) the tests that need it
# skip, saying so; a cmocka test skipped half-way leaves its allocations, so
# leaks are checked only with the corpus.
if [ ! -d "$CORPUS" ]; then
	echo "# no corpus at $CORPUS (CORPUS= points at it): the tests that need it are skipped"
	export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
fi
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
pass=0 fail=0 skipped=0
LOG=$(mktemp -d)
trap 'rm -rf "$LOG"' EXIT
started=$(date +%s)

# count FILE: add the ok / not ok lines of a TAP stream to the totals and
# show the failures ("not ok N # SKIP", cmocka's skip, and "ok ... # SKIP"
# count as skipped).
count() {
	local p f k
	p=$(grep -E '^ok ' "$1" | grep -cvE '# SKIP|- skipped')
	f=$(grep -E '^not ok ' "$1" | grep -cvE '^not ok [0-9]* ?# SKIP')
	k=$(grep -cE '^not ok [0-9]* ?# SKIP|^ok .*(# SKIP|- skipped)' "$1")
	pass=$((pass + p)); fail=$((fail + f)); skipped=$((skipped + k))
	# each failure with the comment lines its check printed before it (a
	# screen dump, "timed out waiting for") and the status lines after it
	if [ "$f" -gt 0 ]; then
		awk 'show > 0 { print; show--; next }
		     /^#/ { buf[nb++ % 60] = $0; next }
		     /^not ok [0-9]* ?# SKIP/ { nb = 0; next }
		     /^not ok / { for (i = (nb > 60 ? nb - 60 : 0); i < nb; i++) print buf[i % 60];
		                  print; show = 12; nb = 0; next }
		     { nb = 0 }' "$1" | head -200
	fi
	return 0
}

# suite NAME CMD...: run one test program; a crash or non-zero exit with no
# failing TAP line counts as one failure.
suite() {
	local name=$1; shift
	local out=$LOG/$(echo "$name" | tr '/ ' '__').tap
	"$@" >"$out" 2>&1
	local rc=$?
	count "$out"
	# cmocka exits with the number of tests that failed or were skipped
	local skips
	skips=$(grep -cE '^not ok [0-9]* ?# SKIP' "$out")
	[ "$rc" -eq "$skips" ] && rc=0
	if [ $rc -ne 0 ] && ! grep -E '^not ok ' "$out" | grep -qvE '# SKIP'; then
		fail=$((fail + 1))
		echo "not ok - $name exited $rc"
		tail -30 "$out"
	fi
	printf '# %-40s %s ok, %s not ok%s\n' "$name" "$(grep -cE '^ok ' "$out")" \
		"$(grep -E '^not ok ' "$out" | grep -cvE '# SKIP')" \
		"$( k=$(grep -cE '# SKIP|^ok .*- skipped' "$out"); [ "$k" -gt 0 ] && echo ", $k skipped")"
}

echo "# unit tests (cmocka)"
for t in "$UNIT_DIR"/test-*; do
	[ -x "$t" ] || continue
	suite "unit/$(basename "$t")" env CMOCKA_MESSAGE_OUTPUT=TAP "$t"
done

echo "# layering (STYLE.md practice 1)"
suite layering tests/layering.sh

echo "# CLI tests"
for t in tests/cli/*.sh; do
	[ -e "$t" ] || continue
	suite "cli/$(basename "$t" .sh)" bash "$t"
done

echo "# tmux end-to-end tests"
for t in tests/e2e/test-*.sh; do
	[ -e "$t" ] || continue
	suite "e2e/$(basename "$t" .sh)" bash "$t"
done

if command -v clang >/dev/null && ls "$FUZZ_DIR"/fuzz-* >/dev/null 2>&1; then
	echo "# fuzz smoke (${FUZZ_SECONDS}s per target)"
	suite fuzz tests/fuzz/run.sh "$FUZZ_SECONDS" "$FUZZ_DIR"/fuzz-*
else
	echo "# fuzz smoke skipped (no clang or no targets)"
fi

echo "# make test took $(( $(date +%s) - started )) s"
if [ "$skipped" -gt 0 ]; then
	echo "$pass passed, $fail failed ($skipped skipped)"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
