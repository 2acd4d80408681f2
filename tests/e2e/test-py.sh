#!/usr/bin/env bash
# A sphinx-gallery .py pair in the editor end to end (issue 15 "Done when"):
# edit a text-block line, press Enter (the `# ` is kept), save; the bytes
# on disk are the original with exactly that change.  Code is kept.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

NAME=beginner_source__blitz__autograd_tutorial
if [ ! -e "$CORPUS/py/$NAME.ko.py" ]; then
	echo "ok 1 - skipped: no corpus"
	exit 0
fi
cp "$CORPUS/py/$NAME.ko.py" "$T/autograd.py"
chmod 644 "$T/autograd.py"
cp "$T/autograd.py" "$T/orig.py"
EN=$CORPUS/py/$NAME.en.py
KO=$T/autograd.py

tm_start 120 30 "cd $T && $YEOK --no-spell --source $EN $KO"
check "the .py pair opens" tm_wait "autograd"
# line 45 is a text-block line: "# 이것이 **순전파 단계** 입니다."
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "45"
tm_keys Enter
check "Ctrl-G goes to line 45" tm_wait "KO 45:1"
tm_keys End
tm_text " 가나"
tm_keys Enter
check "Enter in a text block starts the next line after its '# '" tm_wait "KO 46:3"
tm_text "다라"
check "the typed text shows" tm_wait "# 다라"
# line 49 is code: typing there is refused with a message
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "49"
tm_keys Enter
tm_wait "KO 49:1" >/dev/null
tm_text "x"
check "typing in code is refused" tm_wait "Code stays as in the English"
tm_keys C-s
check "Ctrl-S says saved" tm_wait "Saved"
check "line 45 holds the typed text" eq "$(sed -n 45p "$KO")" "$(sed -n 45p "$T/orig.py") 가나"
check "line 46 is the new text line with its prefix" eq "$(sed -n 46p "$KO")" "# 다라"
check "the lines before are unchanged" cmp -s <(head -44 "$T/orig.py") <(head -44 "$KO")
check "the lines after are unchanged (the code too)" cmp -s <(tail -n +46 "$T/orig.py") <(tail -n +47 "$KO")
check "the file gained exactly one line" eq "$(($(wc -l <"$T/orig.py") + 1))" "$(wc -l <"$KO")"
tm_keys C-q
check "quit after saving exits at once" tm_wait "EXITED-0"
