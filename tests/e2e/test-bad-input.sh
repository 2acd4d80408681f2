#!/usr/bin/env bash
# Bad input that needs a terminal (issue 9; the rest is tests/cli/bad-input.sh):
# odd files open and save byte for byte, a bad theme, a tiny terminal, TERM.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}
same() { cmp -s "$1" "$2"; }

printf 'Title\n=====\n\nBad \377\376 bytes \300 here.\n' >"$T/invalid.rst"
printf 'Title\r\n=====\r\n\r\nWindows text.\r\n' >"$T/crlf.rst"
printf '\357\273\277Title\n=====\n\nWith a BOM.\n' >"$T/bom.rst"
printf 'int main(void) { return 0; }\n{"json": [1, 2]}\n' >"$T/code.rst"
: >"$T/empty.rst"

# open FILE SEEN: open, wait for SEEN, type a character and delete it, save,
# quit; the file must be byte-identical.
roundtrip() {
	local f=$1 seen=$2
	cp "$T/$f" "$T/$f.orig"
	fresh
	tm_start 100 20 "cd $T && $YEOK $f"
	check "$f: opens" tm_wait "$seen"
	tm_text "x"
	tm_keys BSpace C-s
	check "$f: saves" tm_wait "Saved"
	tm_keys C-q
	check "$f: exits cleanly" tm_wait "EXITED-0"
	check "$f: byte-identical after an edit and its undoing" same "$T/$f" "$T/$f.orig"
}
roundtrip invalid.rst "bytes"
fresh
tm_start 120 20 "cd $T && $YEOK invalid.rst"
check "invalid UTF-8 is named in the status line" tm_wait "invalid UTF-8 (first: line 4)"
check "invalid bytes are drawn as placeholders" tm_wait "<ff><fe>"
tm_keys C-q
check "invalid: exit" tm_wait "EXITED-0"
roundtrip crlf.rst "Windows text."
roundtrip bom.rst "With a BOM."
roundtrip code.rst "int main"

# ---- an empty file ----------------------------------------------------------
fresh
tm_start 80 20 "cd $T && $YEOK empty.rst"
check "empty file: opens" tm_wait "empty.rst"
tm_text "첫 줄"
tm_keys C-s
check "empty file: saves" tm_wait "Saved"
tm_keys C-q
check "empty file: exits" tm_wait "EXITED-0"
check "empty file: holds the text" eq "$(cat "$T/empty.rst")" "첫 줄"

# ---- a 1 MB single line and a 200k-line file ---------------------------------
{ printf 'Title\n=====\n\n'; head -c 1048576 /dev/zero | tr '\0' 'a'; printf '\n\nEnd of the long file.\n'; } >"$T/longline.rst"
fresh
tm_start 100 20 "cd $T && $YEOK longline.rst"
check "1 MB line: opens" tm_wait "aaaaaaaaaa" 60
tm_keys C-End
tm_text "끝"
check "1 MB line: editing at the end works" tm_wait "끝" 60
tm_keys C-q
check "1 MB line: quit asks" tm_wait "Quit without saving" 60
tm_keys y
check "1 MB line: exits" tm_wait "EXITED-0" 60
awk 'BEGIN { print "Title"; print "====="; for (i = 0; i < 200000; i++) { if (i % 3 == 2) print ""; else print "Line " i " of prose." } }' >"$T/big.rst"
fresh
tm_start 100 20 "cd $T && $YEOK big.rst"
check "200k lines: opens" tm_wait "Line 0 of prose." 60
tm_keys C-End
check "200k lines: the end is reachable" tm_wait "Line 199999 of prose." 60
tm_keys C-q
check "200k lines: exits" tm_wait "EXITED-0" 60

# ---- a theme with an unknown colour ------------------------------------------
printf 'normal: {fg: chartreuse-ish, bg: default}\n' >"$T/bad-theme.yaml"
fresh
tm_start 120 20 "cd $T && $YEOK --theme $T/bad-theme.yaml code.rst"
check "bad theme: the editor still opens" tm_wait "int main"
check "bad theme: the message names the file, line and colour" tm_wait "bad-theme.yaml:1: bad colour 'chartreuse-ish'"
tm_keys C-q
check "bad theme: exits" tm_wait "EXITED-0"

# ---- a terminal smaller than 40x10 ------------------------------------------
fresh
tm_start 30 8 "cd $T && $YEOK code.rst"
check "tiny terminal: a notice, no crash" tm_wait "(need 40x10)"
tm resize-window -t t -x 100 -y 20 2>/dev/null
check "tiny terminal: growing it shows the editor" tm_wait "int main"
tm_keys C-q
check "tiny terminal: exits" tm_wait "EXITED-0"

# ---- TERM unset, dumb, unknown -----------------------------------------------
for t in dumb unset no-such-terminal; do
	fresh
	if [ $t = unset ]; then
		tm_start 100 20 "cd $T && env -u TERM $YEOK code.rst"
	else
		tm_start 100 20 "cd $T && TERM=$t $YEOK code.rst"
	fi
	check "TERM $t: exit 64" tm_wait "EXITED-64"
	case $t in
	no-such-terminal) check "TERM $t: says it is not known" tm_wait "is not known here" ;;
	unset) check "TERM $t: says it is not set" tm_wait "(TERM is not set)" ;;
	*) check "TERM $t: says what to do" tm_wait "try TERM=xterm-256color" ;;
	esac
done
