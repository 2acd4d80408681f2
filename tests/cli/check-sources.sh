#!/usr/bin/env bash
# yeok check --source PATH repeated, one per FILE in FILE order (the k-th
# --source is the k-th FILE's English; issue 42: every corpus pair in one
# process): each file's findings are those of checking it alone (text
# output and --format json, per file); one --source is the same English
# for every FILE; any other count of --source than the count of FILEs is a
# usage error naming both.
. "$(dirname "$0")/../lib.sh"

D=$ROOT/tests/data/check
cd "$D" || exit 1

# The usage errors: exit 64, the counts named, nothing checked.
run "$YEOK" check --no-spell --source guide.en.rst --source guide.en.rst --source guide.en.rst \
	guide.ko.rst guide.ko.rst
check "three --source, two FILEs: nothing on stdout" eq "$out" ""
# one --source for several FILEs: the same English for each (as before)
cp guide.ko.rst "$T/copy.ko.rst"
run "$YEOK" check --no-spell --source guide.en.rst guide.ko.rst "$T/copy.ko.rst"
both=$out
run "$YEOK" check --no-spell --source guide.en.rst guide.ko.rst
one=$out
check "one --source, two FILEs: the first checked with it" has "$both" "$one"
check "... and the second as the first" \
	eq "$(printf '%s\n' "$both" | grep -c "^$T/copy.ko.rst:")" "$(printf '%s\n' "$one" | grep -c '^guide.ko.rst:')"
run "$YEOK" check --no-spell --source guide.en.rst --source guide.en.rst --source guide.en.rst \
	guide.ko.rst guide.ko.rst
check "three --source, two FILEs: exit 64" eq "$status" 64
check "... the counts named" has "$err" "3 --source for 2 FILEs"
run "$YEOK" check --no-spell --source guide.en.rst --source guide.en.rst guide.ko.rst
check "two --source, one FILE: exit 64" eq "$status" 64
check "... the counts named" has "$err" "2 --source for 1 FILE:"
run "$YEOK" check --no-spell --source guide.en.rst --since HEAD
check "--source with --since and no FILE: exit 64" eq "$status" 64
check "... the counts named" has "$err" "1 --source for 0 FILEs"
run "$YEOK" check --no-spell --source guide.en.rst --source guide.en.rst --source-rev HEAD \
	guide.ko.rst guide.ko.rst
check "--source with --source-rev still exits 64" eq "$status" 64

# One --source, one FILE: as before.
run "$YEOK" check --no-spell --glossary "$ROOT/glossary/ko.yaml" --source guide.en.rst guide.ko.rst
check "one --source, one FILE: the golden findings" eq "$out" "$(cat expected.txt)"

# pairs EN KO...: the files, each checked alone and all in one run, in
# text and json; the one run's findings of each file are its own run's.
compare() { # compare LABEL EN1 KO1 EN2 KO2 ...
	local label=$1; shift
	local args=() kos=() fmt i=0 alone_txt="" ko
	while [ $# -ge 2 ]; do
		args+=(--source "$1") kos+=("$2")
		shift 2
	done
	run "$YEOK" check --no-spell "${args[@]}" "${kos[@]}"
	local all_txt=$out all_status=$status
	local want_status=0
	for ko in "${kos[@]}"; do
		run "$YEOK" check --no-spell --source "${args[$((2 * i + 1))]}" "$ko"
		[ -n "$out" ] && alone_txt+=$out$'\n'
		[ "$status" = 1 ] && want_status=1
		i=$((i + 1))
	done
	check "$label: text findings = each file's alone, in order" eq "$all_txt" "${alone_txt%$'\n'}"
	check "$label: exit status as the files' ($want_status)" eq "$all_status" "$want_status"
	command -v jq >/dev/null || return 0
	"$YEOK" check --no-spell --format json "${args[@]}" "${kos[@]}" > "$T/all.json" 2>/dev/null
	local bad=0 sum=0
	i=0
	for ko in "${kos[@]}"; do
		"$YEOK" check --no-spell --format json --source "${args[$((2 * i + 1))]}" "$ko" \
			> "$T/one.json" 2>/dev/null
		[ "$(jq -c --arg f "$ko" '[.[] | select(.file == $f)]' "$T/all.json")" = \
			"$(jq -c . "$T/one.json")" ] || { bad=$((bad + 1)); echo "# json differs: $ko"; }
		sum=$((sum + $(jq length "$T/one.json")))
		i=$((i + 1))
	done
	check "$label: json findings of each of ${#kos[@]} files = its own run's" eq "$bad" 0
	check "$label: json has no other findings" eq "$(jq length "$T/all.json")" "$sum"
}

# Two different pairs, each with its own English (and the other order).
need_corpus advanced_source__ONNXLive.en.rst
C=$(cd "$CORPUS" && pwd)
cp guide.ko.rst "$T/guide.ko.rst"
compare "guide + ONNXLive" guide.en.rst "$T/guide.ko.rst" \
	"$C/advanced_source__ONNXLive.en.rst" "$C/advanced_source__ONNXLive.ko.rst"
compare "ONNXLive + guide" "$C/advanced_source__ONNXLive.en.rst" \
	"$C/advanced_source__ONNXLive.ko.rst" guide.en.rst "$T/guide.ko.rst"

# Every corpus pair (.rst and .py) in one run.
pairs=()
cd "$C" || exit 1
for ko in *.ko.rst py/*.ko.py; do
	[ -e "${ko/.ko./.en.}" ] && pairs+=("${ko/.ko./.en.}" "$ko")
done
compare "every corpus pair ($(( ${#pairs[@]} / 2 )))" "${pairs[@]}"
echo "1..$_tap_n"
