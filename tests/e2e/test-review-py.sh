#!/usr/bin/env bash
# Reviewer mode on a sphinx-gallery `.py` tutorial, end to end in tmux
# (issue 15 "every command works on .py"): a throwaway repository of the
# real translation of recipes_source/torch_logs.py (the English, then its
# translation commit #963, from ../shared/corpus/py), n/p through the
# changes (the docstring's title, the text blocks with their `# `, the
# code cell with its translated comment), a comment written on a text
# block, a check finding turned into a comment, a mark and the verdict,
# Ctrl-Q; then what the reviewer gets: the sidecar, the Markdown and the
# GitHub export at the right lines of the .py, and a clean `git status`.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

EN=$CORPUS/py/recipes_source__torch_logs.en.py
KO=$CORPUS/py/recipes_source__torch_logs.ko.py
if [ ! -f "$EN" ] || [ ! -f "$KO" ]; then
	echo "ok 1 - skipped: no corpus"
	exit 0
fi
R=$T/repo
F=recipes_source/torch_logs.py
mkdir -p "$R/recipes_source"
git init -q -b main "$R"
cp "$EN" "$R/$F"
git -C "$R" add -A
git -C "$R" -c user.name=t -c user.email=t@example.com commit -qm "torch_logs.py (English)"
git -C "$R" tag en
cp "$KO" "$R/$F"
git -C "$R" -c user.name=t -c user.email=t@example.com commit -qam "recipes_source/torch_logs.py 번역 (#963)"
git -C "$R" tag ko
SC=$R/$F.yeok.yaml
header() { tm_screen | head -1; }
# line N of the Korean file (the head revision)
ko_line() { sed -n "${1}p" "$KO"; }
n_of() { grep -n -m1 -F -- "$1" "$KO" | cut -d: -f1; }
# step KEY TEXT: press KEY (n or p) until TEXT is on the screen, at most
# once per change; each key is drawn (tm_sync) before the screen is read
step() {
	for _ in $(seq 1 "$total"); do
		tm_keys "$1"
		tm_sync
		tm_screen | grep -qF -- "$2" && return 0
	done
	return 1
}

tm_start 120 40 "cd '$R' && '$YEOK' review --no-spell --base en --head ko '$F'"
check "the review of the .py opens on change 1" tm_wait "change 1 of "
header | grep -q "change 1 of " || exit 1 # nothing else can pass
total=$(header | sed -n 's/.*change 1 of \([0-9]*\).*/\1/p')
check "the header counts the changes ($total)" test "${total:-0}" -gt 5
check "the docstring's English title" tm_wait "(beta) Using TORCH_LOGS python API with torch.compile"
check "... beside its Korean" tm_wait "(beta) torch.compile과 함께 TORCH_LOGS 파이썬 API 사용하기"

# to the text block "# Setup" (the English beside the Korean, each with `# `)
setup=$(n_of "# 설정")
check "the Korean has the text block '# 설정'" test -n "$setup"
step n "# 설정"
check "n steps to the text block: '# Setup'" tm_wait "# Setup"
check "... beside '# 설정' (the # kept on both sides)" has "$(tm_screen | grep -F '# Setup')" "# 설정"
check "... its head line is named" has "$(tm_screen | grep -F 'new Korean')" "lines $setup-"
at=$(header | sed -n 's/.*change \([0-9]*\) of.*/\1/p')
tm_keys p
check "p goes back one change" tm_wait "change $((at - 1)) of $total"
tm_keys n
check "n comes back" tm_wait "change $at of $total"

# a comment on the text block
tm_keys c
check "c opens the comment editor" tm_wait "Ctrl-S or Alt-Enter saves"
tm_text "제목 번역이 좋습니다"
tm_keys C-s
check "Ctrl-S saves the comment" tm_wait "comment saved"
check "... and says once that side files are kept out of git" tm_wait "listed in .git/info/exclude"
check "the comment is listed under the change" tm_wait "Comments (1)"
check "it is in the sidecar at once" tm_until grep -qs "제목 번역이 좋습니다" "$SC"
tm_keys a
check "a approves the change" tm_wait "1 approved"

# the code cell: its code is kept, its comment translated
step n "import torch"
check "n reaches the code cell" tm_wait "import torch"
check "... with the English comment" tm_wait "# exit cleanly if we are on a device"
check "... beside the translated one" tm_wait "# torch.compile을 지원하지 않는 기기인 경우"

# back to a change with a check finding; f makes it a comment
glued=$(n_of '``TORCH_LOGS``도')
check "the Korean glues markup to a particle (line $glued)" test -n "$glued"
step p "line $glued: error:"
check "the finding is shown on its change" tm_wait "line $glued: error:"
check "... naming the check" tm_wait "[markup-spacing]"
at2=$(tm_screen | sed -n 's/.*new Korean (lines\{0,1\} \([0-9]*\).*/\1/p' | head -1)
tm_keys f
check "f turns the finding into a comment" tm_until grep -qs "markup-spacing" "$SC"
tm_keys r
check "r marks the change as needing changes" tm_wait "1 needs changes"
tm_keys v
check "v asks for the verdict" tm_wait "Verdict: a approve"
tm_keys r
check "the verdict is in the header" tm_wait "request changes ·"
tm_keys C-q
check "Ctrl-Q quits with status 0" tm_wait "EXITED-0"

# what the reviewer gets
check "the sidecar has the verdict, with the review's range" grep -q "kind: verdict" "$SC"
check "... request changes" grep -q "state: request-changes" "$SC"
check "the comment sits at the text block's first head line ($setup)" grep -q "^- line: $setup\$" "$SC"
check "the finding's comment on its change (line $at2), naming line $glued" \
	grep -qF "  text: '[markup-spacing] line $glued: " "$SC"
check "... at the change's line" grep -q "^- line: $at2\$" "$SC"
run "$YEOK" review --base en --head ko --export markdown "$R/$F"
check "the Markdown export exits 0" eq "$status" 0
check "... has the comment" has "$out" "제목 번역이 좋습니다"
check "... quoting the .py's line $setup as it is" has "$out" "> $(ko_line "$setup")"
check "... and the finding's line $glued" has "$out" "> $(ko_line "$glued")"
check "... and the verdict" has "$out" "Verdict: request changes"
run "$YEOK" review --base en --head ko --export github-json "$R/$F"
check "the GitHub export exits 0" eq "$status" 0
printf '%s\n' "$out" >"$T/gh.json"
check "the GitHub review comments the .py at lines $setup and $glued (ranges)" /usr/bin/python3 - "$T/gh.json" "$F" "$setup" "$glued" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["event"] == "REQUEST_CHANGES", d["event"]
for line in (int(sys.argv[3]), int(sys.argv[4])):
    assert any(c.get("start_line", c["line"]) <= line <= c["line"] for c in d["comments"]), line
for c in d["comments"]:
    assert c["path"] == sys.argv[2], c["path"]
    assert c["side"] == "RIGHT"
assert any("제목 번역이 좋습니다" in c["body"] for c in d["comments"])
PY
check "the .py itself is unchanged" cmp -s "$R/$F" "$KO"
check "git status is clean (the sidecar is kept out of git)" eq "$(git -C "$R" status --porcelain | wc -l | tr -d ' ')" 0
