#!/usr/bin/env bash
# The editor's commands through real keys in tmux: help, find, Tab,
# Alt-n/Alt-Enter, copy-source, line numbers, themes, NO_COLOR, config keys,
# mouse.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
need_corpus

# fresh: end this tmux server and use a new one for the next tm_start (a
# new session on a server that is still exiting fails now and then).
_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}

NAME=beginner_source__ddp_series_intro
cp "$CORPUS/$NAME.ko.rst" "$T/ko.rst"
cp "$CORPUS/$NAME.en.rst" "$T/en.rst"
chmod 644 "$T/ko.rst" # the corpus is read-only
status_line() { tm_screen | tail -2 | head -1; }
focus_ko() { status_line | grep -q ' KO [0-9]'; }
focus_en() { status_line | grep -q ' EN [0-9]'; }
moved() { status_line | grep -Eq ' (EN|KO) ([2-9]|[1-9][0-9]+):'; }

tm_start 110 32 "cd $T && $YEOK --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null

# F1: every command of the table with its keys
tm_keys F1
check "F1 shows the help screen" tm_wait "commands and keys"
check "help lists save with ^S" tm_wait "save"
check "help lists done-next with its key" tm_wait "M-Enter"
tm_keys Escape
check "Esc closes the help" tm_wait_gone "commands and keys"

# Ctrl-F: case-insensitive, across both panes
tm_keys C-f
tm_wait "Find:" >/dev/null
tm_text "DISTRIBUTED DATA PARALLEL"
tm_keys Enter
check "find goes to a match" tm_until moved
tm_keys F6
tm_sync
found_on() { status_line | grep -Eq ' (EN|KO) [0-9]+:' && ! status_line | grep -q "Not found"; }
check "find-next moves on (or wraps)" found_on
tm_keys C-f
tm_wait "Find:" >/dev/null
tm_keys C-u
tm_text "zzzz-not-there"
tm_keys Enter
check "a missing text says so" tm_wait "Not found: "
# the message expires on the next key
tm_keys Right
check "messages expire on the next key" tm_wait_gone "Not found"

# Tab: the source pane is read-only
tm_keys Tab
check "Tab focuses the source" tm_until focus_en
tm_text "x"
check "the source refuses typing" tm_wait "The source is read-only"
tm_keys Tab
check "Tab back to the translation" tm_until focus_ko

# Alt-n: next unfinished segment; Alt-Enter: mark done and go on
tm_keys C-Home
before=$(tm_screen | head -1)
tm_keys M-n
tm_sync
unfinished_here() { status_line | grep -Eq '(paragraph|title|list-item|field|other) · (untranslated|draft|stale)'; }
check "Alt-n lands on an untranslated or draft prose segment" tm_until unfinished_here
done0=$(tm_screen | head -1 | grep -o '[0-9]*/[0-9]* done')
done_changed() { ! tm_screen | head -1 | grep -q -F "$done0"; }
tm_keys M-Enter
check "Alt-Enter counts the segment done" tm_until done_changed

# line numbers
numbers_on() { tm_screen | sed -n 2p | grep -Eq '^ *1 '; }
numbers_off() { ! numbers_on; }
tm_keys M-l
check "M-l shows line numbers" tm_until numbers_on
tm_keys M-l
check "M-l hides them again" tm_until numbers_off

# copy the source segment into the target, then undo
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "1"
tm_keys Enter
tm_sync
tm_wait "KO 1:1" >/dev/null
tm_keys M-c
check "M-c copies the source segment" tm_wait "Copied the source"
tm_keys C-s
tm_wait "Saved" >/dev/null
first_is_english() { [ "$(head -1 "$T/ko.rst")" = "$(head -1 "$T/en.rst")" ]; }
check "the translation's first line is now the English one" tm_until first_is_english
# the undo clears the message; the save shows a new one (never the old "Saved")
tm_keys C-z
tm_wait_gone "Saved" >/dev/null
tm_keys C-s
tm_wait "Saved" >/dev/null
check "undo takes it back" tm_until cmp -s "$T/ko.rst" "$CORPUS/$NAME.ko.rst"

# mouse: a click places the cursor in the clicked pane.  X10 reports
# (kmous=\E[M): press and release of button 1 at column 70, row 5, each
# coordinate + 33 ('g' = 103, '&' = 38).
tm_keys Tab
tm_until focus_en
printf '\033[M g&\033[M#g&' >"$T/click"
tm load-buffer -b m "$T/click"
tm paste-buffer -b m -t t
click_ok() { tm_until focus_ko && return 0; tm_screen | sed 's/^/#   | /'; return 1; }
check "a click in the translation puts the cursor there" click_ok
# a click is drawn when it happens, not at the next key or idle frame: no
# key and no barrier follows it (the bug was a click painted only when
# something else asked for a frame)
tm_sync
printf '\033[M +&\033[M#+&' >"$T/click2"
tm load-buffer -b m "$T/click2"
tm paste-buffer -b m -t t
check "a click in the source is drawn with no key after it" tm_until focus_en
# the wheel (X10 button 64+1, 'a' = 97) scrolls, drawn at once too
top0=$(tm_screen | sed -n 2p)
printf '\033[Ma g&' >"$T/wheel"
tm load-buffer -b m "$T/wheel"
tm paste-buffer -b m -t t
scrolled() { [ "$(tm_screen | sed -n 2p)" != "$top0" ]; }
check "the wheel scrolls the panes" tm_until scrolled
tm_keys C-q
tm_exit
fresh

# ---- themes --------------------------------------------------------------
mkdir -p "$XDG_CONFIG_HOME/yeok/themes"
printf 'header: {fg: cyan}\nbogus: {fg: red}\n' >"$XDG_CONFIG_HOME/yeok/themes/broken.yaml"
tm_start 250 30 "cd $T && $YEOK --theme broken --source en.rst ko.rst"
check "a bad theme names its file and line" tm_wait "broken.yaml:2: unknown slot 'bogus'"
check "and says the default is used" tm_wait "using the default theme"
tm_keys C-q
tm_exit
fresh

tm_start 100 30 "cd $T && $YEOK --theme light --source en.rst ko.rst"
check "--theme light opens" tm_wait "ko.rst"
tm_sync
check "no message for a good theme" eval '! tm_screen | grep -q "default theme"' 
tm_keys C-q
tm_exit
fresh

tm_start 100 30 "cd $T && NO_COLOR=1 $YEOK --source en.rst ko.rst"
check "NO_COLOR opens" tm_wait "ko.rst"
# the header is drawn in reverse video without colours
reverse_no_colour() {
	tm capture-pane -e -p -t t >"$T/esc"
	head -1 "$T/esc" | grep -q $'\033\\[7m' && ! grep -Eq $'\033\\[([0-9;]*;)?(3[0-7]|4[0-7]|38;5;[0-9]+|48;5;[0-9]+)m' "$T/esc"
}
check "NO_COLOR draws without colour" tm_until reverse_no_colour
tm_keys C-q
tm_exit
fresh

# ---- key bindings from the config file ----------------------------------------
printf 'keys:\n  C-t: save\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
tm_start 100 30 "cd $T && $YEOK --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
tm_keys C-t
check "a key bound in config.yaml runs its command" tm_wait "Saved"
tm_keys C-q
tm_exit
fresh
printf 'keys:\n  C-t: explode\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
tm_start 100 30 "cd $T && $YEOK --source en.rst ko.rst"
check "a bad binding names config.yaml and its line" tm_wait "config.yaml:2"
tm_keys C-q
tm_exit
fresh
rm -f "$XDG_CONFIG_HOME/yeok/config.yaml"

# ---- glossary hints in the status line ----------------------------------------
printf 'Title\n=====\n\nSet the parameter of the model.\n' >"$T/g.en.rst"
printf '제목\n====\n\n모델의 파라미터를 설정합니다.\n' >"$T/g.ko.rst"
tm_start 120 20 "cd $T && $YEOK --source g.en.rst g.ko.rst"
tm_wait "g.ko.rst" >/dev/null
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "4"
tm_keys Enter
check "the shipped glossary hints the current segment" tm_wait "용어 !parameter -> 매개변수"
tm_keys C-q
tm_exit
fresh
printf 'terms: [\n' >"$T/bad-glossary.yaml"
run "$YEOK" --glossary "$T/bad-glossary.yaml" --source "$T/g.en.rst" "$T/g.ko.rst"
check "a bad --glossary is exit 78" eq "$status" 78
check "naming the file" has "$err" "bad-glossary.yaml"
