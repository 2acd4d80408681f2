#!/usr/bin/env bash
# yeok checklist: show and set the PR checklist kept in FILE.yeok.yaml.
. "$(dirname "$0")/../lib.sh"
need_corpus

doc=$T/distributed_device_mesh.rst
cp "$CORPUS/recipes_source__distributed_device_mesh.ko.rst" "$doc"

run "$YEOK" checklist "$doc"
check "shows an empty checklist" eq "$status" 0
check "nothing set is marked" has "$out" "status: [ ]라이선스 #? 종류?"
check "showing writes no sidecar" test ! -e "$doc.yeok.yaml"

run "$YEOK" checklist "$doc" --license yes --issue 1132 --type translate
check "sets all three" eq "$status" 0
check "prints the new state" has "$out" "status: [x]라이선스 #1132 번역"
check "writes the sidecar" test -f "$doc.yeok.yaml"
sc=$(cat "$doc.yeok.yaml")
check "sidecar has license" has "$sc" "license: true"
check "sidecar has issue" has "$sc" "issue: 1132"
check "sidecar has type" has "$sc" "type: translate"
check "the document is untouched" cmp -s "$doc" "$CORPUS/recipes_source__distributed_device_mesh.ko.rst"

run "$YEOK" checklist "$doc"
check "shown again after reload" has "$out" "license: yes"
check "issue shown" has "$out" "issue: 1132"

run "$YEOK" checklist --type=sync "$doc"
check "--type=VALUE form" has "$out" "[x]라이선스 #1132 반영"
run "$YEOK" checklist "$doc" --issue '#77'
check "#N accepted" has "$out" "#77 반영"
run "$YEOK" checklist "$doc" --issue none --license no
check "unset and no" has "$out" "[ ]라이선스 #? 반영"

# Unknown keys written by someone else survive a rewrite.
printf 'future: {keep: me}\n' >>"$doc.yeok.yaml"
run "$YEOK" checklist "$doc" --license yes
check "unknown keys kept" has "$(cat "$doc.yeok.yaml")" "future: {keep: me}"

before=$(cat "$doc.yeok.yaml")
for bad in "--license maybe" "--issue 0" "--issue -3" "--issue abc" "--issue 12x" \
	"--type typo" "--type Translate"; do
	# shellcheck disable=SC2086
	run "$YEOK" checklist "$doc" $bad
	check "invalid '$bad' exits 65" eq "$status" 65
	check "invalid '$bad' says why" has "$err" "expected"
done
check "invalid values change nothing" eq "$(cat "$doc.yeok.yaml")" "$before"

run "$YEOK" checklist "$doc" --issue
check "missing value exits 64" eq "$status" 64
run "$YEOK" checklist "$doc" --frob
check "unknown option exits 64" eq "$status" 64
run "$YEOK" checklist
check "no FILE exits 64" eq "$status" 64
run "$YEOK" checklist "$T/missing.rst"
check "missing FILE exits 66" eq "$status" 66

# A corrupt sidecar: line and column, exit 65, the file left alone.
printf 'yeok: 1\nchecklist:\n  issue: [1\n' >"$doc.yeok.yaml"
run "$YEOK" checklist "$doc" --license yes
check "corrupt sidecar exits 65" eq "$status" 65
check "names file, line and column" has "$err" "distributed_device_mesh.rst.yeok.yaml:4:1:"
check "corrupt file not overwritten" eq "$(cat "$doc.yeok.yaml")" "$(printf 'yeok: 1\nchecklist:\n  issue: [1')"
printf 'a: &x 1\nb: *x\n' >"$doc.yeok.yaml"
run "$YEOK" checklist "$doc"
check "anchors refused" has "$err" "1:4: anchors"

# Several files at once (issue 16), --source accepted like the other commands.
d2=$T/multi
mkdir -p "$d2"
cp "$CORPUS/recipes_source__distributed_device_mesh.ko.rst" "$d2/a.rst"
cp "$CORPUS/beginner_source__colab.ko.rst" "$d2/b.rst"
run "$YEOK" checklist --issue 1187 --type translate --source "$CORPUS/beginner_source__colab.en.rst" "$d2/a.rst" "$d2/b.rst"
check "several files: exit 0" eq "$status" 0
check "several files: a's sidecar set" has "$(cat "$d2/a.rst.yeok.yaml")" "issue: 1187"
check "several files: b's sidecar set" has "$(cat "$d2/b.rst.yeok.yaml")" "type: translate"
check "several files: each is named in the output" has "$out" "== $d2/b.rst"
printf 'yeok: 1\nchecklist:\n  issue: [1\n' >"$d2/b.rst.yeok.yaml"
run "$YEOK" checklist --issue 42 "$d2/a.rst" "$d2/b.rst"
check "a bad sidecar among several: exit 65" eq "$status" 65
check "a bad sidecar among several: none is written" has "$(cat "$d2/a.rst.yeok.yaml")" "issue: 1187"
