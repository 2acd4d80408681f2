#!/usr/bin/env bash
# yeok pr: the pull-request description filled from the checklists, golden
# against the real template (read from ../shared/reference, never copied).
. "$(dirname "$0")/../lib.sh"

need_corpus ../reference/PULL_REQUEST_TEMPLATE.md
REF=${REFERENCE:-$(dirname "$CORPUS")/reference}
TPL=$REF/PULL_REQUEST_TEMPLATE.md
key() { printf '%s' "$1" | sha256sum | cut -c1-16; }

# The built-in copy is the project's template, byte for byte.
run "$YEOK" pr --template
check "--template exits 0" eq "$status" 0
"$YEOK" pr --template >"$T/builtin.md"
check "built-in template is byte-identical to the reference" cmp "$T/builtin.md" "$TPL"

# A small translated document with its English as a snapshot.
mkdir -p "$T/plain"
doc=$T/plain/doc.rst
printf 'Title\n=====\n\nHello world.\n' >"$T/plain/doc.rst.yeok.src"
printf '제목\n====\n\n안녕하세요.\n' >"$doc"
cat >"$doc.yeok.yaml" <<YAML
yeok: 1
source: {snapshot: doc.rst.yeok.src}
checklist: {license: true, issue: 1132, type: translate}
segments:
  - {source: $(key Title), status: done}
YAML

# Golden: the reference template with the three boxes, the number and the
# summary filled in.
expect_filled() { # expect_filled SUMMARY-LINE...
	local summary=""
	for s in "$@"; do summary="$summary\n$s"; done
	sed -e 's/^- \[ \] 기여하기 문서를/- [x] 기여하기 문서를/' \
		-e 's/#(숫자)/#1132/' \
		-e 's/^- \[ \] 번역되지 않은 튜토리얼을/- [x] 번역되지 않은 튜토리얼을/' \
		-e "s|^_이 PR로 무엇이 달라지는지 대략적으로 알려주세요._\$|&\n$summary|" "$TPL"
}
run "$YEOK" pr "$doc"
check "pr exits 0" eq "$status" 0
check "no warnings for a complete checklist" eq "$err" ""
"$YEOK" pr "$doc" >"$T/got.md" 2>/dev/null
expect_filled "- \`$doc\`: 세그먼트 1/2 완료 (번역 100%), 검사 결과 0건" >"$T/want.md"
check "golden: filled template" cmp "$T/got.md" "$T/want.md"
diff "$T/want.md" "$T/got.md" | sed 's/^/# /' | head -20

# Inside a git work tree: paths relative to the top level; the
# repository's own template wins over the built-in one.
if command -v git >/dev/null; then
	repo=$T/repo
	mkdir -p "$repo/beginner_source"
	git -C "$repo" init -q -b main && git -C "$repo" config user.email t@t &&
		git -C "$repo" config user.name t
	cp "$T/plain/doc.rst" "$T/plain/doc.rst.yeok.yaml" "$T/plain/doc.rst.yeok.src" \
		"$repo/beginner_source/"
	run "$YEOK" pr "$repo/beginner_source/doc.rst"
	check "git: path relative to the top level" has "$out" "- \`beginner_source/doc.rst\`: 세그먼트 1/2 완료"
	mkdir -p "$repo/.github"
	printf '## Type\n- [ ] fix\n- [ ] translate\n- [ ] sync\n- [ ] other\nIssue #(숫자)\n## 설명\n' \
		>"$repo/.github/PULL_REQUEST_TEMPLATE.md"
	run "$YEOK" pr "$repo/beginner_source/doc.rst"
	check "repository template used" has "$out" "## Type"
	check "repository template: type box by position" has "$out" "- [x] translate"
	check "repository template: issue" has "$out" "Issue #1132"
	check "repository template: summary" has "$out" "- \`beginner_source/doc.rst\`"
	run "$YEOK" pr --template "$repo/beginner_source/doc.rst"
	check "--template FILE shows the repository's" has "$out" "## Type"
fi

# Several files: one summary line each; disagreeing checklists are an error.
cp "$T/plain/doc.rst.yeok.src" "$T/plain/two.rst.yeok.src"
printf 'Title\n=====\n\nHello world.\n' >"$T/plain/two.rst"
printf 'yeok: 1\nsource: {snapshot: two.rst.yeok.src}\nchecklist: {license: true, issue: 1132}\n' \
	>"$T/plain/two.rst.yeok.yaml"
run "$YEOK" pr "$doc" "$T/plain/two.rst"
check "two files exit 0" eq "$status" 0
check "first file summarized" has "$out" "doc.rst\`: 세그먼트 1/2 완료 (번역 100%), 검사 결과 0건"
check "second file summarized" has "$out" "two.rst\`: 세그먼트 0/2 완료 (번역 0%)"
printf 'yeok: 1\nchecklist: {license: true, issue: 1200, type: translate}\n' >"$T/plain/two.rst.yeok.yaml"
run "$YEOK" pr "$doc" "$T/plain/two.rst"
check "disagreement exits 65" eq "$status" 65
check "disagreement is named" has "$err" "checklists disagree: issue #1132 in $doc, #1200 in $T/plain/two.rst"
check "nothing printed on disagreement" eq "$out" ""
printf 'yeok: 1\nchecklist: {type: fix}\n' >"$T/plain/two.rst.yeok.yaml"
run "$YEOK" pr "$doc" "$T/plain/two.rst"
check "type disagreement named" has "$err" "type translate in $doc, fix in $T/plain/two.rst"

# No sidecar and no source: counted from the text; missing items warned.
printf 'Title\n=====\n\nHello.\n\n안녕.\n' >"$T/plain/bare.rst"
run "$YEOK" pr "$T/plain/bare.rst"
check "bare file exits 0" eq "$status" 0
check "bare: counted from its own text" has "$out" "세그먼트 0/3 완료 (번역 33%; 원문 기록 없음), 검사 결과 0건"
check "bare: license box stays empty" has "$out" "- [ ] 기여하기 문서를"
check "bare: #(숫자) stays" has "$out" "#(숫자)"
check "warns: license" has "$err" "license box is not ticked"
check "warns: issue" has "$err" "no issue number"
check "warns: type" has "$err" "no PR type"

# Open findings: the errors and warnings `yeok check` reports.
printf '제목입니다\n====\n\n안녕하세요.\n' >"$T/plain/short.rst"
cp "$T/plain/doc.rst.yeok.src" "$T/plain/short.rst.yeok.src"
printf 'yeok: 1\nsource: {snapshot: short.rst.yeok.src}\n' >"$T/plain/short.rst.yeok.yaml"
run "$YEOK" check --source "$T/plain/short.rst.yeok.src" "$T/plain/short.rst"
n=$(printf '%s\n' "$out" | grep -cE ': (error|warning): ')
check "yeok check finds the short underline" test "$n" -ge 1
run "$YEOK" pr "$T/plain/short.rst"
check "summary counts the same findings" has "$out" "short.rst\`: 세그먼트 0/2 완료 (번역 100%), 검사 결과 ${n}건"

# The recorded source changed behind yeok's back: an error, not wrong numbers.
printf 'Changed\n' >"$T/plain/doc.rst.yeok.src"
sed -i 's/^source: .*/source: {snapshot: doc.rst.yeok.src, sha256: '"$(printf 'x' | sha256sum | cut -c1-64)"'}/' "$doc.yeok.yaml"
run "$YEOK" pr "$doc"
check "sha256 mismatch exits 65" eq "$status" 65
check "sha256 mismatch explained" has "$err" "has changed"

run "$YEOK" pr
check "no FILE exits 64" eq "$status" 64
run "$YEOK" pr "$T/nothing.rst"
check "missing FILE exits 66" eq "$status" 66
run "$YEOK" pr --bogus "$doc"
check "unknown option exits 64" eq "$status" 64
