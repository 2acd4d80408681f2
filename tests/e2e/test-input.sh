#!/usr/bin/env bash
# Input decoding in tmux (issue 36 item 5): Home, End, Delete, Ctrl-Home and
# Shift-End as xterm, rxvt, the Linux console, PuTTY, screen and tmux send
# them reach their commands whatever TERM the pane says, nothing of them is
# typed into the document, and an unknown escape sequence is dropped whole
# with a message.  The raw bytes go in with `send-keys -H`.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}

# raw BYTES: the bytes of a C-style string ('\e[1~') into the pane.
raw() { tm send-keys -t t -H $(printf "$1" | od -An -tx1); }

printf 'Title\n=====\n\nThe first paragraph of text.\n\nThe second one.\n' >"$T/en.rst"
printf '제목\n====\n\n첫 번째 문단입니다.\n\n두 번째 문단.\n' >"$T/orig.rst"
status_line() { tm_screen | tail -2 | head -1; }

for term in xterm-256color rxvt linux screen tmux-256color; do
	fresh
	cp "$T/orig.rst" "$T/ko.rst"
	rm -f "$T/ko.rst.yeok.yaml"
	tm_start 90 16 "cd $T && TERM=$term $YEOK --no-spell --source en.rst ko.rst"
	tm_wait "ko.rst" >/dev/null
	tm_keys C-g
	tm_wait "Go to line" >/dev/null
	tm_text 4
	tm_keys Enter
	tm_sync
	# End then E, Home then H: xterm's CSI 4 ~ / CSI 1 ~ (tmux, screen,
	# the Linux console, PuTTY), rxvt's CSI 8 ~ / CSI 7 ~, CSI F / CSI H,
	# SS3 F / SS3 H
	for pair in '4~ 1~' '8~ 7~' 'F H' 'OF OH'; do
		set -- $pair
		case $1 in O*) raw "\eO${1#O}" ;; *) raw "\e[$1" ;; esac
		tm_text E
		case $2 in O*) raw "\eO${2#O}" ;; *) raw "\e[$2" ;; esac
		tm_text H
	done
	tm_sync
	check "$term: Home and End in four encodings move the cursor, nothing typed" \
		eval 'tm_screen | grep -q "HHHH첫 번째 문단입니다.EEEE"'
	# Delete at the cursor (after the first H), PuTTY's Alt-Delete deletes a word
	raw '\e[3~'
	raw '\e\e[3~'
	tm_sync
	# an unknown sequence: dropped whole, said so
	raw '\e[99x'
	check "$term: an unknown sequence is said to be ignored" tm_wait "Ignored ESC [99x"
	# Ctrl-Home (tmux's CSI 1 ; 5 H, rxvt's CSI 7 ^), then Shift-End (rxvt's CSI 8 $)
	raw '\e[1;5H'
	tm_sync
	check "$term: Ctrl-Home (CSI 1;5H) goes to the first line" eval 'status_line | grep -q " KO 1:1"'
	raw '\e[4~'
	tm_sync
	raw '\e[7^'
	tm_sync
	check "$term: rxvt's Ctrl-Home (CSI 7^) goes to the first line" eval 'status_line | grep -q " KO 1:1"'
	raw '\e[8$'
	tm_sync
	check "$term: rxvt's Shift-End (CSI 8\$) selects to the end of the line" eval 'status_line | grep -q " KO 1:3"'
	tm_keys Escape
	tm_sync
	tm_keys C-s
	tm_wait "Saved" >/dev/null
	tm_keys C-q
	tm_exit >/dev/null
	want=$(sed '4s/.*/H번째 문단입니다.EEEE/' "$T/orig.rst")
	check "$term: the saved file has the cursor's letters and nothing of the sequences" \
		eq "$(cat "$T/ko.rst")" "$want"
	[ "$(cat "$T/ko.rst")" = "$want" ] || diff <(echo "$want") "$T/ko.rst" | sed 's/^/#   /'
done
