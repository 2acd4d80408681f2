#!/usr/bin/env bash
# Every dialog is a mode of the one loop that reads the terminal in one
# place (issue 13 item 4, issue 14 items 5 and 6): inside each of them
# SIGTERM ends yeok with the journal flushed, a closed terminal ends it
# (never an orphan spinning on EOF), the journal is flushed at least once a
# second while the dialog is open, and a pick list survives the terminal
# growing under it.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}
yeok_pid() {
	local sh
	sh=$(tm display -p -t t '#{pane_pid}')
	pgrep -P "$sh" | head -1
}
journal_has() { grep -qF -- "$2" "$1.yeok.journal" 2>/dev/null; }
gone() { ! kill -0 "$1" 2>/dev/null; }

D=$T/doc.rst
doc() {
	printf 'Title\n=====\n\nFirst paragraph of text.\n\nSecond paragraph here.\n' >"$D"
	rm -f "$D.yeok.journal" "$D.yeok.yaml"
}

# open_dialog NAME: keys that open the dialog, and a text that shows it.
open_dialog() {
	case $1 in
	prompt) tm_keys C-g; tm_wait "Go to line:" ;;
	help) tm_keys F1; tm_wait "commands and keys" ;;
	pick) tm_keys F2; tm_wait "Checklist (Enter changes" ;;
	question) tm_keys C-q; tm_wait "Quit without saving? (y/n)" ;;
	text) printf 'Other\n=====\n' >"$D.other"; cp "$D.other" "$D"
		tm_keys C-s; tm_wait "Changed on disk"; tm_keys d; tm_wait "Difference: - on disk" ;;
	esac
}

# ---- the editor's dialogs: SIGTERM, and the terminal closing -----------------
for dialog in prompt help pick question text; do
	for how in TERM close; do
		doc
		fresh
		# "close": yeok in a session of its own, so that only the closed
		# terminal (EOF), not a SIGHUP, can end it
		pre=""
		[ $how = close ] && pre="setsid"
		tm_start 80 20 "cd $T && $pre $YEOK doc.rst"
		tm_wait "First paragraph" >/dev/null
		tm_text "대화 $dialog $how "
		tm_wait "대화 $dialog $how" >/dev/null
		open_dialog $dialog >/dev/null
		pid=$(yeok_pid)
		if [ $how = TERM ]; then
			kill -TERM "$pid"
			check "$dialog: SIGTERM ends yeok" tm_wait "EXITED-143"
		else
			tm kill-server
			check "$dialog: a closed terminal ends yeok" tm_until gone "$pid"
		fi
		check "$dialog ($how): the journal holds the typing" journal_has "$D" "대화 $dialog $how"
	done
done

# ---- the journal is flushed while a dialog is open ---------------------------
doc
fresh
tm_start 80 20 "cd $T && $YEOK doc.rst"
tm_wait "First paragraph" >/dev/null
tm_text "열린 대화"
tm_keys F1
tm_wait "commands and keys" >/dev/null
check "the journal is written within a second or so while help is open" \
	tm_until journal_has "$D" "열린 대화"
tm_keys Escape
tm_sync
tm_keys C-q
tm_wait "Quit without saving" >/dev/null
tm_keys y
tm_wait "EXITED-0" >/dev/null

# ---- a pick list while the terminal grows (issue 14 item 5) -----------------
{
	for i in $(seq 1 30); do printf '제목 %d\n====\n\n' "$i"; done
} >"$T/titles.rst"
{
	for i in $(seq 1 30); do printf 'Title %d\n=========\n\n' "$i"; done
} >"$T/titles.en.rst"
fresh
tm_start 80 20 "cd $T && $YEOK --source titles.en.rst titles.rst"
tm_wait "titles.rst" >/dev/null
tm_keys F5
check "F5 lists 30 findings or more" tm_wait "/3"
tm_keys End
tm_sync
tm resize-window -t t -x 80 -y 50
tm_sync
check "the pick list is drawn after the terminal grew" tm_wait "Findings (Enter goes there"
check "yeok is alive after the resize" lacks "$(tm_screen)" "EXITED"
tm_keys Home
tm_sync
tm resize-window -t t -x 80 -y 12
tm_sync
tm resize-window -t t -x 80 -y 50
tm_sync
check "and after shrinking and growing again" lacks "$(tm_screen)" "EXITED"
tm_keys Escape
tm_sync
tm_keys C-q
check "quit after the resizes" tm_wait "EXITED-0"

# ---- M-a in the F5 list applies the selected finding's fix -------------------
fresh
tm_start 80 20 "cd $T && $YEOK --source titles.en.rst titles.rst"
tm_wait "titles.rst" >/dev/null
tm_keys F5
tm_wait "Findings (Enter goes there" >/dev/null
tm_keys Home
tm_sync
tm_keys M-a
check "M-a in the F5 list fixes the selected finding" tm_wait "Fixed title-underline"
tm_keys C-s
tm_wait "Saved" >/dev/null
check "the first title's underline is fixed in the file" grep -qx '======' "$T/titles.rst"
check "the other titles' are not" grep -qx '====' "$T/titles.rst"
tm_keys C-q
check "quit after the fix" tm_wait "EXITED-0"
# the list's fix key is autofix's as bound in config.yaml
mkdir -p "$XDG_CONFIG_HOME/yeok"
printf 'keys:\n  M-j: autofix\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
fresh
tm_start 80 20 "cd $T && $YEOK --source titles.en.rst titles.rst"
tm_wait "titles.rst" >/dev/null
tm_keys F5
tm_wait "Findings (Enter goes there" >/dev/null
tm_keys Home
tm_sync
tm_keys M-j
check "autofix's rebound key fixes the selected finding in the F5 list" tm_wait "Fixed title-underline"
tm_keys C-s
tm_wait "Saved" >/dev/null
check "... the second title's underline" eval '[ "$(grep -cx "======" "$T/titles.rst")" = 2 ]'
tm_keys C-q
check "quit after the rebound fix" tm_wait "EXITED-0"
rm -f "$XDG_CONFIG_HOME/yeok/config.yaml"

# ---- reviewer mode: the comment editor and the verdict question -------------
R=$T/repo
mkdir -p "$R"
git init -q -b main "$R"
printf 'Title\n=====\n\nThe first paragraph.\n' >"$R/doc.rst"
git -C "$R" add -A
git -C "$R" -c user.name=t -c user.email=t@example.com commit -qm en
printf '제목\n====\n\n첫 문단입니다.\n' >"$R/doc.rst"
git -C "$R" -c user.name=t -c user.email=t@example.com commit -qam ko
for dialog in comment verdict; do
	for how in TERM close; do
		fresh
		pre=""
		[ $how = close ] && pre="setsid"
		tm_start 100 24 "cd $R && $pre $YEOK review --base HEAD~1 --head HEAD doc.rst"
		tm_wait "change 1 of" >/dev/null
		if [ $dialog = comment ]; then
			tm_keys c
			tm_wait "Ctrl-S or Alt-Enter saves" >/dev/null
		else
			tm_keys v
			tm_wait "Verdict: a approve" >/dev/null
		fi
		pid=$(yeok_pid)
		if [ $how = TERM ]; then
			kill -TERM "$pid"
			check "review $dialog: SIGTERM ends yeok" tm_wait "EXITED-143"
			alt_off() { [ "$(tm display -p -t t '#{alternate_on}')" = 0 ]; }
			check "review $dialog: the terminal is restored" alt_off
		else
			tm kill-server
			check "review $dialog: a closed terminal ends yeok" tm_until gone "$pid"
		fi
	done
done

# ---- review keys are rebindable (config.yaml) and listed in F1 --------------
mkdir -p "$XDG_CONFIG_HOME/yeok"
printf 'keys:\n  j: review-next\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
fresh
tm_start 100 30 "cd $R && $YEOK review --base HEAD~1 --head HEAD doc.rst"
tm_wait "change 1 of" >/dev/null
tm_keys F1
check "F1 in reviewer mode lists its keys" tm_wait "review-comment"
check "... with the key bound in config.yaml" eval 'tm_screen | grep -F "review-next" | grep -qF " j"'
tm_keys Escape
tm_wait_gone "commands and keys" >/dev/null
tm_keys j j j
check "the rebound key runs its command" tm_wait "this is the last change"
tm_keys C-q
check "review quits" tm_wait "EXITED-0"
rm -f "$XDG_CONFIG_HOME/yeok/config.yaml"
