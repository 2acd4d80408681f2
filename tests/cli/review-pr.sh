#!/usr/bin/env bash
# yeok review of real pull requests (issue 41), on a clone of the dev
# bundle's PR branches: the exported GitHub review is checked against the
# real `git diff` (every comment inside one hunk, on changed lines, a
# suggestion on exactly the lines it replaces, commit_id the head); a
# Korean paragraph deleted is a change beside its English and a LEFT
# comment, and `check` reports it (omission); entries belong to their
# range; a whole pull request is one review.
. "$(dirname "$0")/../lib.sh"

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
HEAD=$(G rev-parse pr)
F=beginner_source/nn_tutorial.py
cd "$K" || exit 1

# ---- the oracle: entries on whole segments, as reviewer mode makes them ------
# For each hunk of git diff, the segment (yeok align) holding its first
# changed line gets a comment on all its lines; the first three also a
# suggestion (the segment's lines with the changed line rewritten); one
# comment sits on a segment the diff does not touch.
G diff -U3 "$BASE" "$HEAD" -- "$F" >"$T/diff.txt"
"$YEOK" align "$F" >"$T/align.tsv"
G show "$HEAD:$F" >"$T/head.py"
$PY - "$T/diff.txt" "$T/align.tsv" "$T/head.py" "$BASE" "$HEAD" >"$F.yeok.yaml" <<'PY'
import json, re, sys
diff, align, head, base, hd = sys.argv[1:]
H = open(head, encoding='utf-8').read().split('\n')
plus, hunks, new = [], [], None
for l in open(diff, encoding='utf-8'):
    m = re.match(r'@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@', l)
    if m:
        new = int(m.group(1)); hunks.append([]); continue
    if new is None or l.startswith('\\'):
        continue
    if l.startswith('+'):
        hunks[-1].append(new)
    if not l.startswith('-'):
        new += 1
segs = []
for l in open(align, encoding='utf-8'):
    p = l.rstrip('\n').split('\t')
    if p[3] != '-':
        segs.append((int(p[3]), int(p[4])))
print('yeok: 1\nreview:')
used = set()
for k, h in enumerate(hunks):
    if not h:
        continue
    s = next((s for s in segs if s[0] <= h[0] <= s[1]), None)
    if not s or s in used:
        continue
    used.add(s)
    r = 'base: %s, head: %s' % (base, hd)
    print('  - {line: %d, last: %d, segment: null, text: %s, state: open, %s}' % (s[0], s[1], json.dumps('comment %d' % k, ensure_ascii=False), r))
    if k < 3:
        text = H[s[0] - 1:s[1]]
        i = h[0] - s[0]
        text[i] = text[i] + ' (제안)'
        print('  - {line: %d, last: %d, segment: null, text: %s, state: open, kind: suggestion, %s}' % (s[0], s[1], json.dumps('\n'.join(text), ensure_ascii=False), r))
free = next(s for s in segs if all(not (s[0] <= x <= s[1] + 3 and x >= s[0] - 3) for h in hunks for x in h))
print('  - {line: %d, segment: null, text: "unchanged segment", state: open, base: %s, head: %s}' % (free[0], base, hd))
PY
check "the oracle wrote comments" test "$(grep -c 'comment ' "$F.yeok.yaml")" -gt 10

# (the oracle wrote the sidecar, not yeok review: none of it is this
# reviewer's own, issue 37 item 10; --include-others exports it, marked)
run "$YEOK" review --base "$BASE" --head pr --export github-json "$F"
check "github-json of entries yeok review did not make: none exported as the reviewer's" has "$out" '"comments": []'
check "... said on stderr, naming the file" has "$err" "$F: 27 entries not made by you on this machine"
run "$YEOK" review --base "$BASE" --head pr --export github-json --include-others "$F"
check "github-json exits 0" eq "$status" 0
printf '%s\n' "$out" >"$T/review.json"
printf '%s\n' "$err" >"$T/review.err"

# Every comment against the real diff: inside one hunk, on its + lines,
# a suggestion replacing exactly the lines it names.
valid() { # valid JSON DIFF HEADFILE YAML SHA
	$PY - "$@" <<'PY'
import json, re, sys
js, diff, head, yaml, sha = sys.argv[1:]
d = json.load(open(js, encoding='utf-8'))
assert d['commit_id'] == sha, d.get('commit_id')
H = open(head, encoding='utf-8').read().split('\n')
hunks = []
for l in open(diff, encoding='utf-8'):
    m = re.match(r'@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@', l)
    if m:
        o, oc, n, nc = int(m.group(1)), int(m.group(2) or 1), int(m.group(3)), int(m.group(4) or 1)
        hunks.append({'old': (o, o + oc - 1), 'new': (n, n + nc - 1), 'plus': set(), 'minus': set(), 'o': o, 'n': n})
        continue
    if not hunks or l.startswith('\\'):
        continue
    h = hunks[-1]
    if l.startswith('+'):
        h['plus'].add(h['n']); h['n'] += 1
    elif l.startswith('-'):
        h['minus'].add(h['o']); h['o'] += 1
    else:
        h['n'] += 1; h['o'] += 1
assert d['comments'], 'no comments'
mark = '\n\n(not made by this reviewer: from the sidecar)'
for c in d['comments']:
    assert c['body'].endswith(mark), 'comment %r: not marked as from the sidecar' % c['body'][:30]
    c['body'] = c['body'][:-len(mark)]
    side = c['side']; a = c.get('start_line', c['line']); b = c['line']
    if 'start_side' in c:
        assert c['start_side'] == side
    key = 'new' if side == 'RIGHT' else 'old'
    inside = [h for h in hunks if h[key][0] <= a <= b <= h[key][1]]
    assert len(inside) == 1, 'comment %s: lines %d-%d in no hunk' % (c['body'][:30], a, b)
    changed = inside[0]['plus' if side == 'RIGHT' else 'minus']
    assert a in changed and b in changed, 'comment %r: %d-%d not changed lines' % (c['body'][:30], a, b)
    if c['body'].startswith('```suggestion\n'):
        new = c['body'][len('```suggestion\n'):-len('```\n')].split('\n')[:-1]
        got = H[:a - 1] + new + H[b:]
        # the same as the entry's whole text in place of its whole segment
        want = None
        for m in re.finditer(r'\{line: (\d+), last: (\d+), segment: null, text: ("(?:[^"\\]|\\.)*"), state: open, kind: suggestion', open(yaml, encoding='utf-8').read()):
            f, l, t = int(m.group(1)), int(m.group(2)), json.loads(m.group(3))
            if f <= a and b <= l:
                want = H[:f - 1] + t.split('\n') + H[l:]
        assert want is not None and got == want, 'suggestion at %d-%d does not replace exactly its lines' % (a, b)
print(len(d['comments']))
PY
}
n=$(valid "$T/review.json" "$T/diff.txt" "$T/head.py" "$F.yeok.yaml" "$HEAD")
check "every comment is inside one hunk of git diff, on changed lines; suggestions replace exactly their lines" test "${n:-0}" -gt 10
check "... one per entry on a changed segment" eq "$n" "$(( $(grep -c 'text: "comment ' "$F.yeok.yaml") + $(grep -c 'kind: suggestion' "$F.yeok.yaml") ))"
check "three suggestion blocks" eq "$(grep -o '```suggestion' "$T/review.json" | wc -l)" 3
check "the comment on an unchanged segment is in the body, with its file and line" has "$(cat "$T/review.json")" "**$F** line"
check "... and stderr says it was moved" has "$err" "comment moved to the review's body"

# ---- reviews belong to a range ---------------------------------------------
OTHER=$(G rev-parse origin/pull/1135)
PREV=$(G rev-parse pr~2)
cat >>"$F.yeok.yaml" <<YAML
  - {line: 10, segment: null, text: "from PR 1135", state: open, base: $BASE, head: $OTHER}
  - {line: 10, segment: null, text: "numbered 1135", state: open, pr: 1135}
  - {line: 10, segment: null, text: "numbered 1063", state: open, pr: 1063}
  - {line: $(sed -n 's/.*line: \([0-9]*\), last.*comment 4".*/\1/p' "$F.yeok.yaml" | head -1), segment: null, text: "made on an earlier commit", state: open, base: $BASE, head: $PREV, target: 0000000000000000}
YAML
run "$YEOK" review --base "$BASE" --head pr --export markdown "$F"
check "markdown: the range's comments" has "$out" "comment 0"
check "... not another PR's (another head)" lacks "$out" "from PR 1135"
check "... nor a numbered PR's without --pr" lacks "$out" "numbered 10"
check "an entry made on an earlier commit of the branch whose segment changed is outdated" has "$out" "(outdated): made on an earlier commit"
run "$YEOK" review --base "$BASE" --head pr --pr 1063 --export markdown "$F"
check "--pr 1063: its entries" has "$out" "numbered 1063"
check "... not 1135's" lacks "$out" "numbered 1135"
check "... nor those of no PR" lacks "$out" "comment 0"
run "$YEOK" review --base "$BASE" --head pr --export github-json --include-others "$F"
check "github-json: the outdated entry goes into the body" has "$out" "(outdated): made on an earlier commit"

# ---- a Korean paragraph deleted ------------------------------------------------
R=intermediate_source/tiatoolbox_tutorial.rst
run "$YEOK" check --no-spell --only omission "$R"
check "before: no omission" eq "$(printf '%s' "$out" | grep -c omission)" 0
# the first paragraph of three or more lines that holds Hangul
read -r df dl <<<"$($PY - "$R" <<'PY'
import re, sys
L = open(sys.argv[1], encoding='utf-8').read().split('\n')
i = 0
while i < len(L):
    j = i
    while j < len(L) and L[j].strip() and not L[j].startswith((' ', '.', '*', '-', '=', '#')):
        j += 1
    if j - i >= 3 and all(re.search('[\uac00-\ud7a3]', x) for x in L[i:j]) and (i == 0 or not L[i-1].strip()):
        print(i + 1, j); break
    i = max(j, i + 1)
PY
)"
check "a Korean paragraph to delete" test -n "$dl"
G checkout -q -b del pr
sed -i "${df},$((dl + 1))d" "$R"
G commit -qam "delete a paragraph"
run "$YEOK" check --no-spell --only omission "$R"
check "check reports the deleted Korean paragraph (omission)" eq "$(printf '%s' "$out" | grep -c '\[omission\]')" 1
check "... at the line after it" has "$out" "$R:$df:"
printf 'yeok: 1\nreview:\n  - {line: %s, last: %s, segment: null, text: "왜 지웠나요", state: open, side: left}\n' "$df" "$dl" >"$R.yeok.yaml"
run "$YEOK" review --base pr --head HEAD --export markdown "$R"
check "review: the deletion is a change" has "$out" "1 changed segments"
check "... the comment on the deleted lines" has "$out" "deleted lines $df-$dl: 왜 지웠나요"
run "$YEOK" review --base pr --head HEAD --export github-json --include-others "$R"
printf '%s\n' "$out" >"$T/del.json"
G diff -U3 pr HEAD -- "$R" >"$T/del.diff"
G show "HEAD:$R" >"$T/del.rst"
valid_quiet() { valid "$@" >/dev/null; }
check "the deletion's comment is a LEFT comment inside the hunk" valid_quiet "$T/del.json" "$T/del.diff" "$T/del.rst" "$R.yeok.yaml" "$(G rev-parse HEAD)"
check "... on the deleted lines" has "$out" "\"line\": $dl, \"side\": \"LEFT\", \"start_line\": $df"

# ---- the working tree as head ---------------------------------------------------
echo "# 작업 중" >>"$F"
run "$YEOK" review --base "$BASE" --export github-json "$F"
check "a working tree that differs from HEAD cannot be a GitHub review: exit 64" eq "$status" 64
check "... saying to commit it" has "$err" "differs from HEAD"
G checkout -q -- "$F"
run "$YEOK" review --base "$BASE" --export github-json "$F"
check "the same working tree as HEAD: exit 0" eq "$status" 0
check "... commit_id is HEAD" has "$out" "\"commit_id\": \"$(G rev-parse HEAD)\""
