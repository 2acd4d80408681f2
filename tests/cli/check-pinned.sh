#!/usr/bin/env bash
# yeok check's findings pinned (issue 42): the number of findings and a
# SHA-256 of the JSON output (byte for byte) of every corpus pair (the 30
# .rst pairs of MANIFEST.tsv and the 20 .py pairs of py/, --source, no
# spelling) and of every file of the dev bundle checked in its clone
# (the English from its history), each alone and all in one run, against
# tests/data/check/pinned.tsv, made by main before the optimisations of
# issue 42 (no corpus text is kept: counts and hashes only).  A change of
# the findings that is meant (a new check, better precision) makes a new
# golden:  YEOK=./yeok tests/cli/check-pinned.sh --update  (and say so
# in the commit).  Spelling is left out (its findings follow the installed
# dictionaries); tests/cli/check-work.sh pins it within one run.
. "$(dirname "$0")/../lib.sh"
command -v git >/dev/null || { echo "ok 1 - # SKIP git is not installed"; exit 0; }
need_corpus MANIFEST.tsv
need_corpus tutorials-kr-dev.bundle
GOLDEN=$ROOT/tests/data/check/pinned.tsv
export XDG_CACHE_HOME=$T/cache
C=$(cd "$CORPUS" && pwd)

# pin NAME CMD...: "NAME<TAB>findings<TAB>sha256" of CMD's stdout
pin() {
	local name=$1; shift
	"$@" > "$T/out.json" 2>/dev/null
	printf '%s\t%s\t%s\n' "$name" "$(grep -c '"check":' "$T/out.json")" \
		"$(sha256sum < "$T/out.json" | cut -c1-64)"
}

{
	cd "$C" || exit 1
	for ko in *.ko.rst py/*.ko.py; do
		pin "corpus/$ko" "$YEOK" check --format json --no-spell --source "${ko/.ko./.en.}" "$ko"
	done
	git clone -q "$C/tutorials-kr-dev.bundle" "$T/r"
	cd "$T/r" || exit 1
	files=$(git ls-files '*.rst' '*.py')
	# shellcheck disable=SC2086
	pin "dev/(all files, one run)" "$YEOK" check --format json --no-spell $files
	for f in $files; do
		pin "dev/$f" "$YEOK" check --format json --no-spell "$f"
	done
} > "$T/now.tsv"

if [ "${1:-}" = --update ]; then
	mkdir -p "$(dirname "$GOLDEN")"
	cp "$T/now.tsv" "$GOLDEN"
	echo "# wrote $GOLDEN ($(wc -l < "$GOLDEN") lines)"
	exit 0
fi
check "the golden is there" test -s "$GOLDEN"
check "as many runs as the golden: $(wc -l < "$T/now.tsv")" eq "$(wc -l < "$T/now.tsv")" "$(wc -l < "$GOLDEN")"
n=0
while IFS=$'\t' read -r name count sum; do
	want=$(awk -F'\t' -v n="$name" '$1 == n { print $2 "\t" $3 }' "$GOLDEN")
	check "$name: $count findings, output as pinned" eq "$count	$sum" "$want"
	n=$((n + 1))
done < "$T/now.tsv"
check "every corpus pair and dev file compared: $n" test "$n" -ge 100
echo "1..$_tap_n"
