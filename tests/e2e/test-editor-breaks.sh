#!/usr/bin/env bash
# The editor says where the alignment broke, through real keys in tmux, on
# the corpus pair whose Korean '결론' has only '---' under it (docutils
# reads it as text, so the English 'Conclusion' has no Korean title): the
# status line says so at that place, and not at the top of the file.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
NAME=advanced_source__cpp_autograd
if [ ! -e "$CORPUS/$NAME.ko.rst" ]; then
	echo "ok - skipped: no corpus"
	exit 0
fi
cp "$CORPUS/$NAME.ko.rst" "$T/ko.rst"
cp "$CORPUS/$NAME.en.rst" "$T/en.rst"
chmod 644 "$T/ko.rst" "$T/en.rst"
LINE=$(grep -n '^결론$' "$T/ko.rst" | cut -d: -f1)
check "the Korean has '결론' over a 3-character underline" \
	eq "$(sed -n "$((LINE + 1))p" "$T/ko.rst")" "---"
status_line() { tm_screen | tail -2 | head -1; }
tm_start 200 30 "cd $T && $YEOK --no-spell --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
tm_sync
check "nothing said at the top of the file" lacks "$(status_line)" "alignment broken"
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "$LINE"
tm_keys Enter
check "at '결론' the status line says the alignment broke" \
	tm_wait "the English title 'Conclusion' (English line"
check "  and why" tm_wait "has no Korean title: alignment broken here"
tm_keys C-q
tm_exit
