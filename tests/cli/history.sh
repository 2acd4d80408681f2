#!/usr/bin/env bash
# The one source resolution (issue 13 item 1, issue 15 "English from
# history"): --source, --source-rev, the sidecar's record, the newest
# English revision in the file's git history, and only for a file with no
# such history the document itself.  On a clone of the dev bundle: a
# tracked file with uncommitted Korean edits and no sidecar gets its
# English from history in align, check and stats; `yeok check` uses the
# source recorded in the sidecar.
. "$(dirname "$0")/../lib.sh"

BUNDLE=$CORPUS/tutorials-kr-dev.bundle
if [ ! -f "$BUNDLE" ]; then
	echo "ok 1 - # SKIP skipped: no corpus ($BUNDLE)"
	exit 0
fi
PY=/usr/bin/python3
K=$T/kr
git clone -q "$BUNDLE" "$K"
MESH=recipes_source/distributed_device_mesh.rst

# The oracle, computed here without yeok: the newest commit that changed
# the file and whose version has Hangul on fewer than 5% of its non-blank
# lines.
english_rev() {
	for c in $(git -C "$K" log --format=%H -- "$1"); do
		if git -C "$K" show "$c:$1" 2>/dev/null | $PY -c '
import re, sys
lines = [l for l in sys.stdin.read().split("\n") if l.strip()]
h = sum(1 for l in lines if re.search("[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]", l))
sys.exit(0 if lines and h * 20 < len(lines) else 1)'; then
			echo "$c"
			return
		fi
	done
}
want=$(english_rev "$MESH")
check "the oracle finds an English revision of $MESH" test -n "$want"
check "... older than HEAD (HEAD is Korean)" test "$want" != "$(git -C "$K" rev-parse HEAD)"
git -C "$K" show "$want:$MESH" >"$T/mesh.en.rst"

# An uncommitted Korean edit, no sidecar.
printf '\n추가한 문단입니다.\n' >>"$K/$MESH"
check "the file has uncommitted edits" test -n "$(git -C "$K" status --porcelain -- "$MESH")"
check "and no sidecar" test ! -e "$K/$MESH.yeok.yaml"

cd "$K" || exit 1
run "$YEOK" align "$MESH"
check "align: exit 0" eq "$status" 0
check "align: no 'document itself' note" lacks "$err" "no English source"
run "$YEOK" align --source "$T/mesh.en.rst" "$MESH"
from_file=$out
run "$YEOK" align "$MESH"
check "align: the English from history is the oracle's revision" eq "$out" "$from_file"
check "align: not everything is untranslated" test "$(printf '%s\n' "$out" | grep -c 'draft$')" -gt 5

run "$YEOK" check --no-spell "$MESH"
check "check: the English from history (no 'no English source' line)" lacks "$err" "no English source"
run "$YEOK" check --no-spell --format json --source "$T/mesh.en.rst" "$MESH"
with_source=$out
run "$YEOK" check --no-spell --format json "$MESH"
check "check: the same findings as with --source the oracle's English" eq "$out" "$with_source"

run "$YEOK" stats --format json "$MESH"
check "stats: counted against the English from history" has "$out" '"counted_from":"source"'

# A file with no English revision (always Korean): the document itself.
mkdir -p "$K/ko_only"
printf '제목\n====\n\n한국어로만 쓴 문단입니다.\n' >"$K/ko_only/new.rst"
git -C "$K" add ko_only/new.rst
git -C "$K" -c user.name=t -c user.email=t@example.com commit -qm "korean only"
run "$YEOK" align ko_only/new.rst
check "no English in the history: the document itself, said so" has "$err" "no English source"
check "... everything untranslated" eq "$(printf '%s\n' "$out" | cut -f6 | sort -u)" "untranslated"
run "$YEOK" check --no-spell ko_only/new.rst
check "check without any English: one info line" eq "$(printf '%s\n' "$err" | grep -c 'no English source')" 1
cd "$T" || exit 1

# ---- yeok check uses the source recorded in the sidecar ---------------------
mkdir -p "$T/rec"
printf 'Title\n=====\n\nSome text.\n\n.. code-block:: python\n\n   x = 1\n' >"$T/rec/en.rst"
printf '제목\n====\n\n약간의 글.\n\n.. code-block:: python\n\n   x = 2\n' >"$T/rec/ko.rst"
run "$YEOK" check --no-spell "$T/rec/ko.rst"
check "no record: no English (info line)" has "$err" "no English source"
check "no record: code-changed cannot run" lacks "$out" "[code-changed]"
printf 'yeok: 1\nsource: {file: en.rst}\n' >"$T/rec/ko.rst.yeok.yaml"
run "$YEOK" check --no-spell "$T/rec/ko.rst"
check "with a record: the recorded English is used" lacks "$err" "no English source"
check "with a record: code-changed runs against it" has "$out" "[code-changed]"
printf 'yeok: 1\nsource: {file: [oops\n' >"$T/rec/ko.rst.yeok.yaml"
run "$YEOK" check --no-spell "$T/rec/ko.rst"
check "a corrupt sidecar: a warning, the file still checked" has "$err" "its source record is not used"
check "... and left as it is" grep -q oops "$T/rec/ko.rst.yeok.yaml"
