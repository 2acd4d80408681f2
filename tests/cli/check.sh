#!/usr/bin/env bash
# yeok check: the three output formats against golden files (DESIGN.md §3.2),
# exit codes, --only/--disable, no source, many files, each read once.
# --no-spell: loading the Korean dictionary per run is slow under ASan;
# the spelling row has its own tests (tests/cli/spell.sh).
. "$(dirname "$0")/../lib.sh"

D=$ROOT/tests/data/check
G=$ROOT/glossary/ko.yaml
cd "$D" || exit 1

for fmt in text json github; do
	case $fmt in text) gold=expected.txt ;; json) gold=expected.json ;; github) gold=expected.github ;; esac
	run "$YEOK" check --no-spell --glossary "$G" --format "$fmt" --source guide.en.rst guide.ko.rst
	check "check --format $fmt exits 1 (errors found)" eq "$status" 1
	check "check --format $fmt matches $gold" eq "$out" "$(cat "$gold")"
	check "check --format $fmt prints nothing on stderr" eq "$err" ""
done

# JSON is valid and has the documented keys.
run "$YEOK" check --no-spell --glossary "$G" --format=json --source=guide.en.rst guide.ko.rst
if [ -x /usr/bin/python3 ]; then
	printf '%s' "$out" > "$T/out.json"
	check "json output parses, keys as documented" /usr/bin/python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
assert isinstance(a, list) and a
for f in a:
    assert sorted(f) == ["check", "column", "file", "line", "message", "severity", "suggestion"], f
    assert f["severity"] in ("error", "warning", "info")
' "$T/out.json"
fi

# Trailing whitespace on lines of a block: one finding that names them;
# GitHub marks the lines (endLine), the text and JSON say them.
printf 'Title\n=====\n\nOne line\nand two\nand three.\n' >"$T/ws.en.rst"
printf '제목\n====\n\n한 줄 \n두 줄\n세 줄입니다.  \n' >"$T/ws.ko.rst"
run "$YEOK" check --no-spell --only whitespace --source "$T/ws.en.rst" "$T/ws.ko.rst"
check "trailing whitespace of a block: one finding naming its lines" eq "$out" \
	"$T/ws.ko.rst:4:4: info: trailing whitespace on 2 lines of this block (4, 6) [whitespace]"
run "$YEOK" check --no-spell --only whitespace --format github --source "$T/ws.en.rst" "$T/ws.ko.rst"
check "... github: the annotation spans lines 4 to 6" has "$out" ",line=4,endLine=6,col=4,title=whitespace::"
run "$YEOK" check --no-spell --only title-underline --format github --source guide.en.rst guide.ko.rst
check "... a one-line finding has no endLine" lacks "$out" "endLine"

# --only and --disable
run "$YEOK" check --glossary "$G" --only title-underline --source guide.en.rst guide.ko.rst
check "--only title-underline: two findings" eq "$(printf '%s\n' "$out" | grep -c .)" 2
check "--only title-underline: only that check" lacks "$out" "[glossary]"
run "$YEOK" check --no-spell --glossary "$G" --disable title-underline,markup-spacing,directive-translated,broken-reference --source guide.en.rst guide.ko.rst
check "--disable: no errors left, exit 0" eq "$status" 0
check "--disable: warnings still printed" has "$out" "[glossary]"
check "--disable: disabled checks are gone" lacks "$out" "[title-underline]"
run "$YEOK" check --only nonsense guide.ko.rst
check "unknown check ID exits 64" eq "$status" 64
check "unknown check ID is named" has "$err" "unknown check 'nonsense'"
run "$YEOK" check --only glossary --disable whitespace guide.ko.rst
check "--only with --disable exits 64" eq "$status" 64
run "$YEOK" check --no-spell --format xml guide.ko.rst
check "bad --format exits 64" eq "$status" 64
run "$YEOK" check --no-spell --source guide.en.rst --source-rev HEAD guide.ko.rst
check "--source with --source-rev exits 64" eq "$status" 64
run "$YEOK" check
check "no FILE exits 64" eq "$status" 64
run "$YEOK" check --help
check "check --help exits 0" eq "$status" 0
check "check --help lists every check ID" has "$out" "reference-title"
check "check --help marks spelling" has "$out" "spelling"

# Without a source: one info line on stderr; target-only checks run.
run "$YEOK" check --no-spell --glossary "$G" guide.ko.rst
check "no source: exit 1 (errors)" eq "$status" 1
check "no source: one info line" eq "$(printf '%s\n' "$err" | grep -c 'no English source')" 1
check "no source: skipped checks named" has "$err" "code-changed"
check "no source: title-underline still runs" has "$out" "[title-underline]"
check "no source: glossary avoided variants still found" has "$out" "'파라미터' — glossary: parameter -> 매개변수"
check "no source: code-changed skipped" lacks "$out" "[code-changed]"

# Many files in one call; the same file named twice is checked once.
cp guide.ko.rst "$T/second.rst"
run "$YEOK" check --glossary "$G" --only title-underline guide.ko.rst "$T/second.rst" guide.ko.rst ./guide.ko.rst
check "many files: findings of both" eq "$(printf '%s\n' "$out" | grep -c 'title underline')" 4
check "many files: second file reported" has "$out" "$T/second.rst:2:1: error: title underline too short"

# A clean file exits 0; a missing file exits 66 (the others are still checked).
printf 'Title\n=====\n\nText.\n' > "$T/clean.rst"
run "$YEOK" check --no-spell --glossary "$G" "$T/clean.rst"
check "clean file exits 0" eq "$status" 0
check "clean file: no findings" eq "$out" ""
run "$YEOK" check --no-spell --glossary "$G" "$T/missing.rst" guide.ko.rst
check "missing file exits 66" eq "$status" 66
check "missing file named" has "$err" "missing.rst"
check "the other file is still checked" has "$out" "guide.ko.rst:2:1"

# Glossary errors exit 78 with FILE:LINE:COL.
printf 'terms:\n  - {en: x}\n' > "$T/bad.yaml"
run "$YEOK" check --no-spell --glossary "$T/bad.yaml" guide.ko.rst
check "bad glossary exits 78" eq "$status" 78
check "bad glossary error names the place" has "$err" "bad.yaml:2:5:"
# The guide's Markdown table works as a glossary.
if have_corpus ../reference/TRANSLATION_GUIDE.md; then
	run "$YEOK" check --glossary "$CORPUS/../reference/TRANSLATION_GUIDE.md" --only glossary --source guide.en.rst guide.ko.rst
	check "Markdown table glossary loads" eq "$status" 0
fi

# --source-rev: the English at a git revision.
git init -q "$T/repo" && cp guide.en.rst "$T/repo/doc.rst" &&
	git -C "$T/repo" -c user.name=t -c user.email=t@t add doc.rst &&
	git -C "$T/repo" -c user.name=t -c user.email=t@t commit -qm en &&
	cp guide.ko.rst "$T/repo/doc.rst"
run "$YEOK" check --glossary "$G" --only code-changed --source-rev HEAD "$T/repo/doc.rst"
check "--source-rev HEAD: code-changed found" has "$out" "doc.rst:19:4: warning: code changed"

# A sphinx-gallery tutorial just taken from upstream (its English is the
# document): the English's own short underlines are infos, check exits 0;
# the same title translated under the same underline is an error again.
need_corpus py/beginner_source__blitz__autograd_tutorial.en.py
EN=$CORPUS/py/beginner_source__blitz__autograd_tutorial.en.py
cp "$EN" "$T/autograd.py"
run "$YEOK" check --no-spell --only title-underline --source "$EN" "$T/autograd.py"
check "untouched English: the English's short underlines exit 0" eq "$status" 0
check "... said as infos" has "$out" "35:1: info: title underline too short: 'Usage in PyTorch'"
sed 's/^Usage in PyTorch$/PyTorch에서 사용법/' "$EN" >"$T/autograd.py"
run "$YEOK" check --no-spell --only title-underline --source "$EN" "$T/autograd.py"
check "translated title under the English's underline: exit 1" eq "$status" 1
check "... an error" has "$out" "35:1: error: title underline too short: 'PyTorch에서 사용법'"
