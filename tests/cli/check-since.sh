#!/usr/bin/env bash
# yeok check --since REV (issue 40.3): only the findings on lines changed
# since REV, committed or not, as `git diff REV` sees them; with no FILE
# every tutorial changed since REV; the exit status counts only those.
# --format github with $GITHUB_STEP_SUMMARY (issue 40.4): every finding in
# the step summary as a Markdown table sorted by severity, annotations for
# the first ten of each kind.
. "$(dirname "$0")/../lib.sh"

command -v git >/dev/null || { echo "ok 1 - # SKIP git is not installed"; exit 0; }
R=$T/repo
mkdir -p "$R/beginner_source"
cd "$R" || exit 1
git init -q . && git config user.email t@example.com && git config user.name T
g() { git -c core.fsmonitor=false "$@"; }

# The English, then its translation with an old error (a short underline
# at line 2) and an old warning (an author line without a translator line).
cat > beginner_source/doc.rst <<'EOF'
Training a Model
================

**Author**: Kim

This tutorial trains a small model. It shows each step.

The data comes from a file. We read it once.

The model has two layers. Each layer is small.

We train the model for ten epochs.
EOF
cp beginner_source/doc.rst beginner_source/other.rst
g add . && g commit -q -m english
cat > beginner_source/doc.rst <<'EOF'
모델 학습하기
=====

**저자**: Kim

이 튜토리얼은 작은 모델을 학습합니다. 각 단계를 보여줍니다.

데이터는 파일에서 옵니다. 한 번 읽습니다.

모델에는 두 계층이 있습니다. 각 계층은 작습니다.

모델을 열 에폭 동안 학습합니다.
EOF
cp beginner_source/doc.rst beginner_source/other.rst
g add . && g commit -q -m translate
BASE=$(g rev-parse HEAD)

# Without --since: the old findings.
run "$YEOK" check --no-spell beginner_source/doc.rst
check "whole file: the old short underline is an error (exit 1)" eq "$status" 1
check "whole file: line 2 reported" has "$out" "doc.rst:2:1: error:"

# Nothing changed since BASE: nothing reported, exit 0.
run "$YEOK" check --no-spell --since "$BASE" beginner_source/doc.rst
check "--since, nothing changed: exit 0" eq "$status" 0
check "--since, nothing changed: no finding" eq "$out" ""

# A typo PR: one line changed, with a new finding on it (trailing
# whitespace), committed.
sed -i 's/^데이터는 파일에서 옵니다. 한 번 읽습니다.$/데이터는 파일에서 가져옵니다. 한 번 읽습니다.  /' beginner_source/doc.rst
g commit -q -am typo
run "$YEOK" check --no-spell --since "$BASE" beginner_source/doc.rst
check "--since, committed change: the new finding on line 8" has "$out" "doc.rst:8:"
check "--since: the old error on line 2 is not reported" lacks "$out" "doc.rst:2:"
check "--since: the old author-line warning is not reported" lacks "$out" "doc.rst:4:"
check "--since: the exit status counts only the changed lines (0)" eq "$status" 0

# Not committed: a second change in the working tree counts too.
sed -i 's/^모델을 열 에폭 동안 학습합니다.$/모델을 열 에폭 동안 학습합니다 /' beginner_source/doc.rst
run "$YEOK" check --no-spell --since "$BASE" beginner_source/doc.rst
check "--since, uncommitted change: line 12 reported" has "$out" "doc.rst:12:"
check "--since, uncommitted change: line 8 still reported" has "$out" "doc.rst:8:"

# An error on a changed line makes the exit status 1.
sed -i '2s/^=====$/====/' beginner_source/doc.rst
run "$YEOK" check --no-spell --since "$BASE" beginner_source/doc.rst
check "--since, the underline edited (still short): reported" has "$out" "doc.rst:2:1: error:"
check "--since, an error on a changed line: exit 1" eq "$status" 1
g checkout -q -- beginner_source/doc.rst

# JSON keeps its contract.
run "$YEOK" check --no-spell --format json --since "$BASE" beginner_source/doc.rst
if [ -x /usr/bin/python3 ]; then
	printf '%s' "$out" > "$T/since.json"
	check "--since --format json: the documented keys, only line 8" /usr/bin/python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
assert a and all(f["line"] == 8 for f in a), a
for f in a:
    assert sorted(f) == ["check", "column", "file", "line", "message", "severity", "suggestion"], f
' "$T/since.json"
fi

# No FILE: every tutorial changed since BASE, and only those.
run "$YEOK" check --no-spell --since "$BASE"
check "--since, no FILE: the changed tutorial checked" has "$out" "beginner_source/doc.rst:8:"
check "--since, no FILE: the unchanged tutorial is not" lacks "$out" "other.rst"
echo "새 파일" > beginner_source/untracked.rst
run "$YEOK" check --no-spell --since "$BASE"
check "--since, no FILE: an untracked file is not in git diff REV: not checked" lacks "$out" "untracked.rst"
rm beginner_source/untracked.rst
# a new file (added, not committed): every line is new
printf '새 문서\n=====\n\n본문입니다.\n' > beginner_source/new.rst
g add beginner_source/new.rst
run "$YEOK" check --no-spell --since "$BASE"
check "--since, no FILE: a file added since REV is checked whole" has "$out" "beginner_source/new.rst:2:1: error:"
check "--since, no FILE: its error counts (exit 1)" eq "$status" 1
g rm -q -f beginner_source/new.rst
# from a subfolder: the same files, named from the top level
cd beginner_source
run "$YEOK" check --no-spell --since "$BASE"
check "--since from a subfolder: the changed tutorial" has "$out" "beginner_source/doc.rst:8:"
cd "$R"
# nothing changed since HEAD (everything committed): said on stderr, exit 0
run "$YEOK" check --no-spell --since HEAD
check "--since HEAD, no change: exit 0" eq "$status" 0
check "--since HEAD, no change: said so" has "$err" "no tutorial (.rst, .py) changed since HEAD"
run "$YEOK" check --no-spell --format json --since HEAD
check "--since HEAD, no change, json: an empty array" eq "$out" "[]"

# A deleted paragraph: the line after it is the changed line.
sed -i '/^모델에는 두 계층이 있습니다/,+1d' beginner_source/doc.rst
run "$YEOK" check --no-spell --only omission --since "$BASE" beginner_source/doc.rst
check "--since, a Korean paragraph deleted: the omission is reported" has "$out" "[omission]"
g checkout -q -- beginner_source/doc.rst

# Errors: an unknown revision, outside a work tree.
run "$YEOK" check --no-spell --since no-such-rev beginner_source/doc.rst
check "--since an unknown revision: exit 66" eq "$status" 66
check "--since an unknown revision: named" has "$err" "unknown revision 'no-such-rev'"
run "$YEOK" check --no-spell --since no-such-rev
check "--since an unknown revision, no FILE: exit 66" eq "$status" 66
mkdir -p "$T/plain" && cp beginner_source/doc.rst "$T/plain/"
run "$YEOK" check --no-spell --since HEAD "$T/plain/doc.rst"
check "--since outside a work tree: exit 66" eq "$status" 66
check "--since outside a work tree: said" has "$err" "not in a git work tree"

# ---- GitHub: the step summary -------------------------------------------------
# 12 short underlines (errors) and 12 trailing spaces (infos) in a new file.
{
	for i in $(seq 1 12); do
		printf '제목 %02d번\n=====\n\n본문 %d입니다. \n\n' "$i" "$i"
	done
} > beginner_source/many.rst
g add beginner_source/many.rst
S=$T/summary.md
printf '# earlier step\n' > "$S"
GITHUB_STEP_SUMMARY=$S run "$YEOK" check --no-spell --format github --since "$BASE" beginner_source/many.rst
check "github: exit 1 (errors)" eq "$status" 1
check "github with a summary: ten error annotations" eq "$(printf '%s\n' "$out" | grep -c '^::error ')" 10
check "github with a summary: ten notice annotations" eq "$(printf '%s\n' "$out" | grep -c '^::notice ')" 10
check "github: the summary is appended to (an earlier step's text kept)" eq "$(head -1 "$S")" "# earlier step"
check "github: the summary has the table header" grep -qF '| file | line | severity | check | message |' "$S"
check "github: every finding is a row of the summary (24)" eq "$(grep -c '^| beginner_source/many.rst |' "$S")" 24
check "github: the summary counts them" grep -qF '12 errors, 0 warnings, 12 notices' "$S"
first_notice=$(grep -n '| notice |' "$S" | head -1 | cut -d: -f1)
last_error=$(grep -n '| error |' "$S" | tail -1 | cut -d: -f1)
check "github: rows sorted by severity (errors first)" test "$last_error" -lt "$first_notice"
check "github: a row names line, check and message" grep -qF '| beginner_source/many.rst | 2 | error | title-underline | title underline too short' "$S"
# without the summary every finding is an annotation
run "$YEOK" check --no-spell --format github --since "$BASE" beginner_source/many.rst
check "github without a summary: every error is an annotation (12)" eq "$(printf '%s\n' "$out" | grep -c '^::error ')" 12
# a '|' in a message does not break the table
printf '제목 | 막대\n=====\n' > beginner_source/bar.rst
g add beginner_source/bar.rst
: > "$S"
GITHUB_STEP_SUMMARY=$S run "$YEOK" check --no-spell --format github --only title-underline --since "$BASE" beginner_source/bar.rst
check "github: a '|' in a message is escaped in its cell" grep -qF '제목 \| 막대' "$S"
check "github: the escaped row has five cells" eq "$(grep '^| beginner_source/bar.rst' "$S" | sed 's/\\|//g' | tr -cd '|' | wc -c)" 6
# an unwritable summary: exit 74, said
GITHUB_STEP_SUMMARY=$T/no/such/dir/summary.md run "$YEOK" check --no-spell --format github --since "$BASE" beginner_source/bar.rst
check "github: a summary that cannot be written: exit 74" eq "$status" 74
check "github: ... named" has "$err" "cannot append the step summary"
