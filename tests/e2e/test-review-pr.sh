#!/usr/bin/env bash
# Reviewer mode over a whole pull request (issue 41 item 4), in tmux, on a
# clone of the dev bundle's PR 1063 (a glossary unification over 12
# tutorials): `yeok review --base B --head H` with no FILE, the file list
# with changes and findings, next/previous file, N/P to the changes with a
# finding, a comment edited, answered, resolved and deleted, the changed
# line of a long code cell marked, the panes wrapped at words; one export
# for all the files.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

BUNDLE=$CORPUS/tutorials-kr-dev.bundle
if [ ! -f "$BUNDLE" ]; then
	echo "ok 1 - # SKIP skipped: no corpus ($BUNDLE)"
	exit 0
fi
K=$T/kr
git clone -q "$BUNDLE" "$K"
git -C "$K" checkout -q -b pr origin/pull/1063
BASE=$(git -C "$K" merge-base origin/master pr)
NFILES=$(git -C "$K" diff --name-only "$BASE" pr | grep -cE '\.(rst|py)$')
header() { tm_screen | head -1; }

tm_start 120 40 "cd '$K' && '$YEOK' review --base $BASE --head pr"
check "a whole pull request: file 1 of its $NFILES tutorials" tm_wait "file 1 of $NFILES"
check "the status line says how many files and how to list them" tm_wait "$NFILES files (l lists them"

# the file list: each file with its changes and findings
tm_keys l
check "l lists the files" tm_wait "Files of the pull request ($NFILES)"
check "... with their changes and findings" tm_wait "beginner_source/nn_tutorial.py: "
row=$(tm_screen | grep -c ' changes\?, [0-9]* findings\?')
check "... every file has its counts" eq "$row" "$NFILES"
# go to nn_tutorial.py through the list
pos=$(git -C "$K" diff --name-only "$BASE" pr | grep -E '\.(rst|py)$' | sort | grep -n 'beginner_source/nn_tutorial.py' | cut -d: -f1)
for _ in $(seq 2 "$pos"); do tm_keys Down; done
tm_keys Enter
check "Enter opens the file" tm_wait "file $pos of $NFILES"
check "... its name in the header" tm_wait "review beginner_source/nn_tutorial.py"
tm_keys '>'
check "> the next file" tm_wait "file $((pos + 1)) of $NFILES"
tm_keys '<'
check "< the previous one" tm_wait "file $pos of $NFILES"

# a changed comment line inside a long code cell is marked "+ "
found=""
for _ in $(seq 1 40); do
	if tm_screen | /usr/bin/python3 -c 'import re,sys; sys.exit(0 if re.search("│\\+ +#.*[\uac00-\ud7a3]", sys.stdin.read()) else 1)'; then found=1; break; fi
	tm_keys n
	tm_sync
done
check "a changed line inside a code cell is marked with +" test -n "$found"

# the English pane wraps at words: every word of its rows is a word of the
# English (a word cut at the pane's edge would not be)
tm_screen >"$T/screen.txt"
git -C "$K" log --format=%H -- beginner_source/nn_tutorial.py | while read -r c; do
	git -C "$K" show "$c:beginner_source/nn_tutorial.py"
done >"$T/all-versions.txt" 2>/dev/null
cut_words() {
	/usr/bin/python3 - "$T/screen.txt" "$T/all-versions.txt" <<'PY'
import re, sys
scr = open(sys.argv[1], encoding='utf-8').read().split('\n')
words = set(re.findall(r'\S+', open(sys.argv[2], encoding='utf-8').read()))
bad, n = [], 0
for l in scr[2:]:
    if 'Findings of check' in l:
        break
    left = l.split('│')[0]
    for w in re.findall(r'\S+', left):
        n += 1
        if re.search(r'[A-Za-z]{3}', w) and w not in words:
            bad.append(w)
if bad or not n:
    sys.exit('words cut at the edge: %s (of %d)' % (bad[:5], n))
PY
}
check "the English pane wraps at words" cut_words

# N: the next change with a finding
tm_keys N
tm_sync
check "N goes to a change with a finding" tm_wait "Findings of check ("
nf=$(tm_screen | sed -n 's/.*Findings of check (\([0-9]*\)).*/\1/p' | head -1)
case $(tm_screen) in *"no change with a finding after this one"*) nf=1 ;; esac
check "... which has findings (or none is left after this one)" test "${nf:-0}" -gt 0

# a comment: written, selected, edited, answered, resolved, deleted
SC=$K/beginner_source/nn_tutorial.py.yeok.yaml
tm_keys c
tm_wait "Ctrl-S or Alt-Enter saves" >/dev/null
tm_text "용어를 확인해 주세요"
tm_keys C-s
check "the comment is saved" tm_wait "comment saved"
check "... in the sidecar, with the review's range" tm_until grep -q "base: $BASE" "$SC"
for _ in $(seq 1 30); do tm_keys Down; done
tm_sync
check "Down selects it (after the findings)" tm_wait "▸ • 용어를 확인해 주세요"
tm_keys e
check "e edits it, the text prefilled" tm_wait "용어를 확인해 주세요"
tm_keys End
tm_text " (계층)"
tm_keys C-s
check "the edit is saved" tm_wait "comment edited"
check "... in the sidecar" tm_until grep -q "용어를 확인해 주세요 (계층)" "$SC"
tm_keys R
tm_wait "Reply" >/dev/null
tm_text "네, 고치겠습니다"
tm_keys C-s
check "R: the reply is saved" tm_wait "reply saved"
check "... shown under the comment" tm_wait "↳ 네, 고치겠습니다"
check "... in the sidecar as a reply" tm_until grep -q "kind: reply" "$SC"
tm_keys x
check "x resolves it" tm_wait "(resolved)"
check "... kept in the sidecar" tm_until grep -q "state: resolved" "$SC"
tm_keys D
check "D asks" tm_wait "Delete this comment and its replies?"
tm_keys y
check "y deletes it" tm_wait "comment deleted"
check "... with its reply" tm_until sh -c "! grep -q '고치겠습니다' '$SC'"
tm_keys C-q
check "Ctrl-Q quits" tm_wait "EXITED-0"

# one export for the whole pull request
tm_fresh
cd "$K" || exit 1
printf 'yeok: 1\nreview:\n  - {line: 1, segment: null, text: "제목 확인", state: open}\n' >recipes_source/compiling_optimizer.rst.yeok.yaml
run "$YEOK" review --base "$BASE" --head pr --export markdown
check "the markdown export has every file" eq "$(printf '%s\n' "$out" | grep -c '^## ')" "$NFILES"
check "... and the comments of each" has "$out" "제목 확인"
run "$YEOK" review --base "$BASE" --head pr --export github-json
check "github-json over all files: exit 0" eq "$status" 0
check "... commit_id the head" has "$out" "\"commit_id\": \"$(git rev-parse pr)\""
