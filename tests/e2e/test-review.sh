#!/usr/bin/env bash
# Reviewer mode end to end in tmux: a throwaway git repository made of the
# real revisions of distributed_device_mesh.rst (its pull request #1132),
# n/p through the changes, a comment written in the multi-line editor, a
# suggestion, a mark, the verdict, Ctrl-Q; then the sidecar, the Markdown
# export and a resumed session.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
need_corpus

_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}

H=$CORPUS/history
R=$T/repo
MESH=recipes_source/distributed_device_mesh.rst
mkdir -p "$R/recipes_source"
git init -q -b main "$R"
for f in "$H"/recipes_source__distributed_device_mesh-*.rst; do
	n=$(basename "$f" | sed 's/.*-\([0-9][0-9]\)-.*/\1/')
	cp "$f" "$R/$MESH"
	git -C "$R" add -A
	git -C "$R" -c user.name=t -c user.email=t@example.com commit -qm "mesh $n"
	git -C "$R" tag "mesh-$n"
done
SC=$R/$MESH.yeok.yaml
header() { tm_screen | head -1; }

# --- the translation commit: English base, Korean head -----------------------
tm_start 100 30 "cd '$R' && '$YEOK' review --base mesh-02 --head mesh-03 '$MESH'"
check "the review opens on change 1" tm_wait "change 1 of "
total=$(header | sed -n 's/.*change 1 of \([0-9]*\).*/\1/p')
check "the header counts the changes" test "${total:-0}" -gt 10
check "English beside the new Korean" tm_wait "Getting Started with DeviceMesh"
check "... and the Korean title" tm_wait "DeviceMesh 시작하기"
tm_keys n
check "n goes to change 2" tm_wait "change 2 of $total"
tm_keys n
check "n again: change 3" tm_wait "change 3 of $total"
tm_keys p
check "p goes back to change 2" tm_wait "change 2 of $total"
title=$(tm_screen | sed -n 's/.*new Korean (\(lines\{0,1\} [0-9-]*\)).*/\1/p' | head -1)
check "the new Korean column names its head lines" test -n "$title"
first=$(printf '%s' "$title" | sed 's/lines\{0,1\} \([0-9]*\).*/\1/')

# a comment in the multi-line editor; Esc cancels, Ctrl-S saves
tm_keys c
check "c opens the comment editor" tm_wait "Ctrl-S or Alt-Enter saves"
tm_text "버릴 글"
tm_keys Escape
check "Esc cancels" tm_wait "Cancelled"
tm_keys c
tm_wait "Ctrl-S or Alt-Enter saves" >/dev/null
tm_text "용어집을 확인해 주세요"
tm_keys Enter
tm_text "둘째 줄입니다"
check "the editor shows both lines" tm_wait "둘째 줄입니다"
tm_keys C-s
check "Ctrl-S saves the comment" tm_wait "comment saved"
check "the comment is listed under the change" tm_wait "Comments (1)"
check "it is in the sidecar at once" tm_until grep -q "용어집을 확인해 주세요" "$SC"
check "the cancelled text is not" eq "$(grep -c '버릴 글' "$SC")" 0

# a suggestion (prefilled with the new Korean), submitted with Alt-Enter
tm_keys s
check "s opens the editor prefilled" tm_wait "Suggest replacement text"
tm_keys End
tm_text " (제안)"
tm_keys Escape Enter
check "Alt-Enter saves the suggestion" tm_wait "suggestion saved"
check "the suggestion is in the sidecar" tm_until grep -q "kind: suggestion" "$SC"

tm_keys r
check "r marks the change as needing changes" tm_wait "this change: needs changes"
check "the header counts it" tm_wait "1 needs changes"
tm_keys v
check "v asks for the verdict" tm_wait "Verdict: a approve"
tm_keys r
check "the verdict is in the header" tm_wait "request changes ·"
tm_keys n
tm_keys a
check "a approves the next change" tm_wait "1 approved"
tm_keys C-q
check "Ctrl-Q quits with status 0" tm_wait "EXITED-0"

check "the sidecar has the verdict, with the review's range" grep -q "kind: verdict" "$SC"
check "... request changes" grep -q "state: request-changes" "$SC"
check "the sidecar has the marks" grep -q "state: changes" "$SC"
check "the comment's line is the change's first head line" grep -q "^- line: $first\$" "$SC"

run "$YEOK" review --base mesh-02 --head mesh-03 --export markdown "$R/$MESH"
check "the Markdown export has the comment at its line" has "$out" "$title: 용어집을 확인해 주세요"
git -C "$R" show "mesh-03:$MESH" >"$T/head.rst"
want="> $(sed -n "${first}p" "$T/head.rst")"
check "... quoting the head's line $first" has "$out" "$want"
check "... and the suggestion block" has "$out" '```suggestion'
check "the export has the verdict" has "$out" "Verdict: request changes"

# --- resume: the marked changes are done, the first unmarked one is shown ---
fresh
tm_start 100 30 "cd '$R' && '$YEOK' review --base mesh-02 --head mesh-03 '$MESH'"
check "a new session starts at the first unmarked change (1)" tm_wait "change 1 of $total"
check "... with the verdict kept" tm_wait "request changes ·"
tm_keys n
check "the comment is still on change 2" tm_wait "Comments (2)"
check "... and its mark" tm_wait "this change: needs changes"
tm_keys p a
check "approve change 1" tm_wait "2 approved"
tm_keys C-q
check "quit again" tm_wait "EXITED-0"
fresh
tm_start 100 30 "cd '$R' && '$YEOK' review --base mesh-02 --head mesh-03 '$MESH'"
check "the next session resumes after the marked changes 1-3" tm_wait "resumed at change 4 "
check "... on change 4" tm_wait "change 4 of $total"
tm_keys C-q
check "quit once more" tm_wait "EXITED-0"

# --- a base already in Korean: old Korean with a word-level difference -----
rm -f "$SC"
fresh
tm_start 150 30 "cd '$R' && '$YEOK' review --source-rev mesh-02 --base mesh-04 --head mesh-05 '$MESH'"
check "wide terminal: three columns" tm_wait "old Korean"
tm_keys n
check "the second change of the feedback commit" tm_wait "change 2 of "
tm resize-window -t t -x 90 >/dev/null
check "narrow terminal: the difference inline" tm_wait "changes inline"
check "deleted and inserted words are marked" tm_wait "[-"
check "... both" tm_wait "{+"
tm_keys C-q
check "quit" tm_wait "EXITED-0"

# --- themes as in the editor ------------------------------------------------
fresh
tm_start 100 30 "cd '$R' && '$YEOK' review --theme no-such-theme --base mesh-02 --head mesh-03 '$MESH'"
check "an unknown theme is reported, the default used" tm_wait "no theme named 'no-such-theme'"
tm_keys C-q
check "quit after the theme message" tm_wait "EXITED-0"
fresh
tm_start 100 30 "cd '$R' && '$YEOK' review --theme light --base mesh-02 --head mesh-03 '$MESH'"
check "the light theme opens the review" tm_wait "change 1 of "
check "... without a theme message" eval '! tm_screen | grep -q "default theme"'
tm_keys C-q
check "quit" tm_wait "EXITED-0"
