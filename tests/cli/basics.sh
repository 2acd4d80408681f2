#!/usr/bin/env bash
# yeok --help, --version, usage errors, the locale guard, the man page.
. "$(dirname "$0")/../lib.sh"

run "$YEOK" --version
check "--version prints the version" eq "$status" 0
check "--version output" has "$out" "yeok "

run "$YEOK" --help
check "--help exits 0" eq "$status" 0
for sub in review check align checklist pr stats; do
	check "--help lists '$sub'" has "$out" "yeok $sub"
done
help=$out

run "$YEOK" --frobnicate x.rst
check "unknown option exits 64" eq "$status" 64
check "unknown option is named" has "$err" "--frobnicate"

run "$YEOK" frobnicate-command
check "a missing file exits 66 or 64" test "$status" -eq 66 -o "$status" -eq 64

printf 'Title\n=====\n\n본문입니다.\n' >"$T/locale.rst"
run env LANG=C LC_ALL=C "$YEOK" "$T/locale.rst"
check "editor refuses a non-UTF-8 locale" eq "$status" 78
check "and says how to fix it" has "$err" "UTF-8"

# The man page documents every subcommand and option that --help shows.
man=$(cat "$ROOT/src/yeok.1")
for word in $(printf '%s\n' "$help" | grep -oE -- '--[a-z-]+' | sort -u); do
	check "man page documents $word" has "$man" "$(printf '%s' "$word" | sed 's/-/\\-/g')"
done
for sub in review check align checklist pr stats; do
	check "man page documents '$sub'" has "$man" "$sub"
done
