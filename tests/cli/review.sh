#!/usr/bin/env bash
# yeok review --export: a throwaway git repository made of the real revisions
# of FSDP_tutorial.rst (through its pull request) and distributed_device_mesh.rst
# (../shared/corpus/history); comments written into the sidecar come out with
# the head revision's line numbers and lines, as Markdown and as the body of
# GitHub's "create a review" API.
. "$(dirname "$0")/../lib.sh"
need_corpus

H=$CORPUS/history
PY=/usr/bin/python3
G() { git -C "$R" -c user.name=t -c user.email=t@example.com "$@"; }
R=$T/repo
mkdir -p "$R/intermediate_source" "$R/recipes_source"
git init -q -b main "$R"
FSDP=intermediate_source/FSDP_tutorial.rst
MESH=recipes_source/distributed_device_mesh.rst
for f in "$H"/intermediate_source__FSDP_tutorial-*.rst; do
	n=$(basename "$f" | sed 's/.*-\([0-9][0-9]\)-.*/\1/')
	cp "$f" "$R/$FSDP"; G add -A; G commit -qm "fsdp $n"; G tag "fsdp-$n"
done
for f in "$H"/recipes_source__distributed_device_mesh-*.rst; do
	n=$(basename "$f" | sed 's/.*-\([0-9][0-9]\)-.*/\1/')
	cp "$f" "$R/$MESH"; G add -A; G commit -qm "mesh $n"; G tag "mesh-$n"
done
check "the throwaway repository has 15 revisions" eq "$(G rev-list --count HEAD)" 15

# Lines (1-based) that git diff shows as added between two revisions.
added() {
	G diff -U0 "$1" "$2" -- "$3" | sed -n 's/^@@ -[0-9,]* +\([0-9]*\)\(,\([0-9]*\)\)\{0,1\} @@.*/\1 \3/p' |
		while read -r s c; do
			c=${c:-1}; i=0
			while [ "$i" -lt "$c" ]; do echo $((s + i)); i=$((i + 1)); done
		done
}

# Every "line N:" / "lines A-B:" label of a Markdown export is followed by
# the quoted head lines A..B, exactly as the head revision has them.
quotes_match() { # quotes_match EXPORT HEADFILE
	$PY - "$1" "$2" <<'PY'
import re, sys
md = open(sys.argv[1], encoding='utf-8').read().split('\n')
head = open(sys.argv[2], encoding='utf-8').read().split('\n')
n = 0
for i, l in enumerate(md):
    m = re.match(r'^lines? (\d+)(?:-(\d+))?:', l)
    if not m:
        continue
    a = int(m.group(1)); b = int(m.group(2) or a)
    j = i + 1
    while j < len(md) and not md[j].startswith('>'):
        j += 1
    for k in range(a, b + 1):
        want = '> ' + head[k - 1] if head[k - 1] else '>'
        if md[j] != want:
            sys.exit('label %r: quoted %r, head line %d is %r' % (l, md[j], k, head[k - 1]))
        j += 1
    n += 1
sys.exit(0 if n else 'no labels')
PY
}

# --- the one-line fix of the pull request: "modify : 177 line" ------------
G show "mesh-04:$MESH" >"$T/mesh04.rst"
check "git diff mesh-03..mesh-04 changes line 177" eq "$(added mesh-03 mesh-04 $MESH | tr '\n' ' ')" "177 "
cat >"$R/$MESH.yeok.yaml" <<'YAML'
yeok: 1
review:
  - {line: 177, segment: null, text: "용어집: 매개변수", state: open}
YAML
run "$YEOK" review --base mesh-03 --head mesh-04 --export markdown "$R/$MESH"
check "markdown export exits 0" eq "$status" 0
printf '%s\n' "$out" >"$T/mesh.md"
check "the comment is on the head's line 177" has "$out" "line 177: 용어집: 매개변수"
check "the quoted line is line 177 of the head" quotes_match "$T/mesh.md" "$T/mesh04.rst"
check "markdown names the revisions" has "$out" "(mesh-03), head"

# --- the translation commit of the FSDP pull request ----------------------
# A comment on each of the first lines git diff shows as added; the export
# must put each under a label covering that line, quoting the head's lines.
G show "fsdp-07:$FSDP" >"$T/fsdp07.rst"
lines=$(added fsdp-06 fsdp-07 $FSDP | awk 'NR % 9 == 1' | head -n 12 | tr '\n' ' ')
first=${lines%% *}
{
	echo "yeok: 1"
	echo "review:"
	for l in $lines; do echo "  - {line: $l, segment: null, text: \"comment on $l\", state: open}"; done
	echo "  - {line: $first, segment: null, text: \"제안 문장\", state: open, kind: suggestion}"
	echo "  - {line: null, segment: null, text: \"전체적으로 좋습니다\", state: open}"
	echo "verdict: request-changes"
} >"$R/$FSDP.yeok.yaml"
run "$YEOK" review --base fsdp-06 --head fsdp-07 --export markdown "$R/$FSDP"
check "FSDP markdown export exits 0" eq "$status" 0
printf '%s\n' "$out" >"$T/fsdp.md"
check "every quoted block is the head's lines" quotes_match "$T/fsdp.md" "$T/fsdp07.rst"
covered() {
	$PY - "$T/fsdp.md" $lines <<'PY'
import re, sys
md = open(sys.argv[1], encoding='utf-8').read()
for l in map(int, sys.argv[2:]):
    m = re.search(r'^lines? (\d+)(?:-(\d+))?: comment on %d$' % l, md, re.M)
    if not m or not (int(m.group(1)) <= l <= int(m.group(2) or m.group(1))):
        sys.exit('comment on %d not under a label covering it' % l)
labels = [int(x) for x in re.findall(r'^lines? (\d+)', md, re.M)]
sys.exit(0 if labels == sorted(labels) else 'not in document order: %s' % labels)
PY
}
check "each comment is labelled with lines covering it, in document order" covered
check "the verdict is shown" has "$out" "Verdict: request changes"
check "a comment tied to no line is a general one" has "$out" "general: 전체적으로 좋습니다"
check "the suggestion is a suggestion block" has "$out" '```suggestion'

# (the sidecar was written by hand, not by yeok review: none of its entries
# is this reviewer's own, issue 37 item 10; --include-others exports them,
# each with a paragraph saying so)
run "$YEOK" review --base fsdp-06 --head fsdp-07 --export github-json "$R/$FSDP"
check "github-json of a sidecar yeok review did not write: nothing exported as the reviewer's" eval 'has "$out" "\"comments\": []" && has "$out" "\"event\": \"COMMENT\"" && lacks "$out" "comment on"'
check "... said on stderr" has "$err" "$FSDP: 8 entries not made by you on this machine (a committed sidecar is anyone's): left out; --include-others exports them, marked"
check "... the verdict too" has "$err" "the verdict (request changes) was not given by you on this machine: the review's event is COMMENT"
run "$YEOK" review --base fsdp-06 --head fsdp-07 --export github-json --include-others "$R/$FSDP"
check "github-json export exits 0" eq "$status" 0
printf '%s\n' "$out" >"$T/fsdp.json"
shape() { # shape JSON HEADFILE EVENT NCOMMENTS
	$PY - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding='utf-8'))
head = open(sys.argv[2], encoding='utf-8').read().split('\n')
assert set(d) == {"commit_id", "body", "event", "comments"}, d.keys()
assert d["commit_id"] == sys.argv[5], d["commit_id"]
assert isinstance(d["body"], str) and d["body"]
assert d["event"] == sys.argv[3], d["event"]
assert len(d["comments"]) == int(sys.argv[4]), len(d["comments"])
for c in d["comments"]:
    assert set(c) <= {"path", "line", "side", "body", "start_line", "start_side"}, c.keys()
    assert c["path"] == "intermediate_source/FSDP_tutorial.rst", c["path"]
    assert isinstance(c["line"], int) and 1 <= c["line"] <= len(head)
    assert c["side"] == "RIGHT"
    assert isinstance(c["body"], str) and c["body"]
    if "start_line" in c:
        assert isinstance(c["start_line"], int) and c["start_line"] < c["line"]
        assert c["start_side"] == "RIGHT"
    mark = "\n\n(not made by this reviewer: from the sidecar)"
    assert c["body"].endswith(mark), c["body"]
    if c["body"].startswith("```suggestion\n"):
        assert c["body"].endswith("\n```\n" + mark)
lines = [c.get("start_line", c["line"]) for c in d["comments"]]
assert lines == sorted(lines)
PY
}
n=$(( $(echo "$lines" | wc -w) + 1 ))
check "the JSON has the shape of GitHub's create-a-review body, commit_id the head" shape "$T/fsdp.json" "$T/fsdp07.rst" REQUEST_CHANGES "$n" "$(G rev-parse fsdp-07)"
check "a comment tied to no line goes into the body" has "$out" '전체적으로 좋습니다'
check "suggestions are suggestion blocks in JSON" has "$out" '"body": "```suggestion\n제안 문장\n```\n\n\n(not made by this reviewer: from the sidecar)"'
check "... the verdict from the sidecar, said in the body" has "$out" "The verdict (request changes) was not given by this reviewer"

# --- head defaults to the working tree; base to HEAD~1 without origin -----
G checkout -q mesh-05
printf '\n한 줄 더 추가합니다.\n' >>"$R/$MESH"
wt=$(wc -l <"$R/$MESH")
printf 'yeok: 1\nreview:\n  - {line: %s, segment: null, text: "새 줄", state: open}\n' "$wt" >"$R/$MESH.yeok.yaml"
run "$YEOK" review --base HEAD --export markdown "$R/$MESH"
check "working-tree head: the comment is on the new last line" has "$out" "line $wt: 새 줄"
check "working-tree head: the quoted line is the new one" has "$out" "> 한 줄 더 추가합니다."
check "head is the working tree" has "$out" "head working tree"
G checkout -q -- "$MESH"
run "$YEOK" review --export markdown "$R/$MESH"
check "default base without origin is HEAD~1" has "$out" "(HEAD~1)"

# --- with an origin: the merge base with its default branch ----------------
C=$T/clone
git clone -q "$R" "$C" 2>/dev/null
git -C "$C" checkout -q -b pr mesh-03
cp "$H"/recipes_source__distributed_device_mesh-04-*.rst "$C/$MESH"
git -C "$C" -c user.name=t -c user.email=t@example.com commit -qam "pr 1"
cp "$H"/recipes_source__distributed_device_mesh-05-*.rst "$C/$MESH"
git -C "$C" -c user.name=t -c user.email=t@example.com commit -qam "pr 2"
git -C "$C" update-ref refs/remotes/origin/main "$(git -C "$C" rev-parse mesh-03)"
run "$YEOK" review --export markdown "$C/$MESH"
check "default base is the merge base with origin's default branch" has "$out" "(merge base with origin/main)"
check "... which is mesh-03" has "$out" "Base $(git -C "$C" rev-parse --short=7 mesh-03)"

# --- errors ----------------------------------------------------------------
run "$YEOK" review --base no-such-rev --export markdown "$R/$MESH"
check "an unknown revision exits 66" eq "$status" 66
check "... naming it" has "$err" "no-such-rev"
S=$T/single
mkdir -p "$S"
git init -q -b main "$S"
cp "$H"/recipes_source__distributed_device_mesh-01-*.rst "$S/mesh.rst"
git -C "$S" add mesh.rst
git -C "$S" -c user.name=t -c user.email=t@example.com commit -qm one
run "$YEOK" review --export markdown "$S/mesh.rst"
check "no default base: exit 66" eq "$status" 66
check "... saying to give --base" has "$err" "give --base REV"
run "$YEOK" review --base HEAD --export github-json "$S/mesh.rst"
check "no change: an empty comment list" has "$out" '"comments": []'
run "$YEOK" review --export markdown "$T/not-in-git.rst"
check "a file outside git exits 66" eq "$status" 66
run "$YEOK" review --export yaml "$R/$MESH"
check "a bad --export is a usage error" eq "$status" 64
run "$YEOK" review --source a --source-rev b --export markdown "$R/$MESH"
check "--source with --source-rev is a usage error" eq "$status" 64
run "$YEOK" review --help
check "review --help shows the keys" has "$out" "n/p next/previous change"
