#!/usr/bin/env bash
# A pull request's review comments back in the editor (issue 41 item 5), in
# tmux, on a clone of the dev bundle's PR 1063: GitHub's comments as `gh api
# repos/O/R/pulls/N/comments` prints them, made on an earlier commit of the
# PR, on a document the translator has edited since (a paragraph added
# above): the thread is placed on the line it was made on, marked in the
# gutter, shown in the status line and in full (M-v), stepped to (F8),
# answered (M-r) and resolved (M-o), kept in the sidecar; the answers
# export as GitHub's replies.  Comments on other files, on lines outside
# the file and entries that are not review comments are said and skipped;
# a file that is not GitHub's comments is refused; the document never
# changes.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

BUNDLE=$CORPUS/tutorials-kr-dev.bundle
if [ ! -f "$BUNDLE" ]; then
	echo "ok 1 - # SKIP skipped: no corpus ($BUNDLE)"
	exit 0
fi
PY=/usr/bin/python3
K=$T/kr
git clone -q "$BUNDLE" "$K"
G() { git -C "$K" -c user.name=t -c user.email=t@example.com "$@"; }
G checkout -q -b pr origin/pull/1063
BASE=$(G merge-base origin/master pr)
F=intermediate_source/tiatoolbox_tutorial.rst
C1=$(G log --reverse --format=%H "$BASE..pr" -- "$F" | head -1)
HEAD=$(G rev-parse pr)
check "the PR changed $F" test -n "$C1"

# the translator's edit since: a paragraph added after the title
$PY - "$K/$F" <<'PY'
import sys
p = sys.argv[1]
L = open(p, encoding='utf-8').read().split('\n')
i = next(k for k in range(1, len(L)) if L[k] and set(L[k]) <= set('=-~^') and L[k - 1].strip())
L[i + 1:i + 1] = ['', '번역자가 나중에 덧붙인 문단입니다.']
open(p, 'w', encoding='utf-8').write('\n'.join(L))
PY
cp "$K/$F" "$T/before.rst"

# the comment: on a line the PR's first commit changed, still the same text now
read -r L1 NOW TEXT <<<"$($PY - "$K" "$BASE" "$C1" "$F" <<'PY'
import subprocess, sys
k, base, c1, f = sys.argv[1:]
d = subprocess.run(['git', '-C', k, 'diff', '-U0', base, c1, '--', f], capture_output=True, text=True).stdout
at = subprocess.run(['git', '-C', k, 'show', c1 + ':' + f], capture_output=True, text=True).stdout.split('\n')
now = open(k + '/' + f, encoding='utf-8').read().split('\n')
import re
for l in d.split('\n'):
    m = re.match(r'@@ -\S+ \+(\d+)(?:,(\d+))? @@', l)
    if not m:
        continue
    for n in range(int(m.group(1)), int(m.group(1)) + int(m.group(2) or 1)):
        t = at[n - 1]
        if t.strip() and now.count(t) == 1 and at.count(t) == 1:
            print(n, now.index(t) + 1, t[:20].split()[0]); sys.exit(0)
PY
)"
check "a commented line that is still there, moved by the translator's edit" test -n "$NOW" -a "${NOW:-0}" -gt "${L1:-0}"
cat >"$T/comments.json" <<JSON
[
  {"id": 101, "path": "$F", "line": null, "original_line": $L1, "side": "RIGHT",
   "commit_id": "$HEAD", "original_commit_id": "$C1", "body": "용어 통일을 확인해 주세요",
   "user": {"login": "kim"}, "html_url": "https://github.com/PyTorchKorea/tutorials-kr/pull/1063#discussion_r101",
   "in_reply_to_id": null, "created_at": "2025-01-02T03:04:05Z"},
  {"id": 102, "path": "$F", "line": null, "original_line": $L1, "side": "RIGHT",
   "commit_id": "$HEAD", "original_commit_id": "$C1", "body": "반영했습니다",
   "user": {"login": "lee"}, "in_reply_to_id": 101},
  {"id": 103, "path": "recipes_source/compiling_optimizer.rst", "line": 3, "original_line": 3,
   "side": "RIGHT", "commit_id": "$HEAD", "original_commit_id": "$HEAD", "body": "다른 파일", "user": {"login": "kim"}},
  {"id": 104, "path": "$F", "line": null, "original_line": 99999, "side": "RIGHT",
   "commit_id": "$HEAD", "original_commit_id": "$C1", "body": "범위 밖", "user": {"login": "kim"}},
  {"foo": 1}
]
JSON
SC=$K/$F.yeok.yaml

tm_start 140 40 "cd '$K' && '$YEOK' --no-spell --comments '$T/comments.json' '$F' 2>'$T/stderr'"
check "the editor opens with the thread placed" tm_wait "1 review comment thread on this file"
check "... and says what it skipped" tm_wait "skipped"
check "stderr names the comment on another file" tm_until grep -q "comment 103 by kim.* is on recipes_source/compiling_optimizer.rst, not on $F" "$T/stderr"
check "... the comment on a line outside the file" grep -q "comment 104 by kim: line 99999 is outside" "$T/stderr"
check "... and the entry that is no review comment" grep -q "comment 5: no integer 'id': not a GitHub review comment" "$T/stderr"
tm_keys F8
check "F8 goes to the thread: its comment in the status line" tm_wait "comment 1/1 · kim: 용어 통일을 확인해 주세요 (1 reply)"
tm_keys Right Left
check "... on the line it was made on, where it is now" tm_wait "KO $NOW:1"
check "... the status line keeps showing it there" tm_wait "✎ comment 1/1 · kim"
marked() { tm_screen | grep -F "$TEXT" | grep -qF '│ *'; }
check "... marked in the gutter" marked
tm_keys M-v
check "M-v shows the thread" tm_wait "반영했습니다"
check "... with who wrote it and the link" tm_wait "discussion_r101"
tm_keys q
tm_sync
tm_keys M-r
check "M-r asks for a reply" tm_wait "Reply to the review comment:"
tm_text "고쳤습니다"
tm_keys Enter
check "the reply is kept" tm_wait "reply kept"
tm_keys M-o
check "M-o resolves the thread" tm_wait "comment 1 resolved"
tm_keys C-s
tm_sync
check "saved: the reply in the sidecar" tm_until grep -q "kind: reply" "$SC"
check "... to GitHub's comment 101" grep -q "github: 101" "$SC"
check "... and the resolved state" grep -q "state: resolved" "$SC"
tm_keys C-q
check "Ctrl-Q quits" tm_wait "EXITED-0"
check "the document did not change" cmp -s "$K/$F" "$T/before.rst"
tm_fresh

# resolved is kept: a new session shows it
tm_start 140 40 "cd '$K' && '$YEOK' --no-spell --comments '$T/comments.json' '$F' 2>/dev/null"
tm_wait "review comment thread" >/dev/null
tm_keys F8
check "a new session: the thread is resolved" tm_wait "(2 replies · resolved)"
tm_keys C-q
tm_wait "EXITED" >/dev/null
tm_fresh

cd "$K" || exit 1
run "$YEOK" review --export github-replies "$F"
check "the replies export as GitHub's replies" eq "$out" '[
  {"in_reply_to": 101, "body": "고쳤습니다"}
]'
valid_json() { printf '%s' "$out" | $PY -c 'import json,sys; d=json.load(sys.stdin); assert d[0]["in_reply_to"] == 101'; }
check "... valid JSON" valid_json

# not GitHub's at all: refused, the document untouched
printf '{"message": "Not Found", "documentation_url": "https://docs.github.com"}\n' >"$T/bad.json"
run "$YEOK" --comments "$T/bad.json" "$F"
check "a JSON that is not GitHub's comments: exit 65" eq "$status" 65
check "... saying so" has "$err" "not GitHub's review comments: an object"
printf '[{"id": 1, "path": "x", "body": "y"' >"$T/cut.json"
run "$YEOK" --comments "$T/cut.json" "$F"
check "a JSON cut short: exit 65 with its line and column" eq "$status:$(printf '%s' "$err" | grep -c 'cut.json:1:')" "65:1"
check "the document did not change" cmp -s "$K/$F" "$T/before.rst"
