#!/usr/bin/env bash
# Translating in place in tmux, on a real tutorial (issue 16): Alt-x and
# typed Korean replace one English paragraph (the file differs in exactly
# those lines), word deletes and Ctrl-K, select-cut-paste across segments
# with undo, Ctrl-R replace-all with undo, PageDown through the whole
# file shows every line, the quit
# question's save-and-quit, and F1 in the 80-column key bar.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}

NAME=beginner_source__ddp_series_theory
if [ ! -r "$CORPUS/$NAME.en.rst" ]; then
	echo "ok 1 # skip skipped: no corpus"
	exit 0
fi
status_line() { tm_screen | tail -2 | head -1; }
at_line() { status_line | grep -q " KO $1:"; }

# ---- Alt-x + typed Korean: the file differs in exactly those lines ----------
# The file starts as the English (translating in place); lines 33-39 are
# the paragraph "This tutorial is a gentle introduction ...".
cp "$CORPUS/$NAME.en.rst" "$T/en.rst"
cp "$CORPUS/$NAME.en.rst" "$T/ddp.rst"
chmod 644 "$T/en.rst" "$T/ddp.rst"
sed -n 34,40p "$CORPUS/$NAME.ko.rst" >"$T/ko-par"
{ head -n 32 "$T/en.rst"; cat "$T/ko-par"; tail -n +40 "$T/en.rst"; } >"$T/want.rst"

tm_start 120 40 "cd $T && $YEOK --no-spell --source en.rst ddp.rst"
tm_wait "ddp.rst" >/dev/null
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "33"
tm_keys Enter
tm_until at_line 33
tm_keys M-x
check "Alt-x clears the paragraph and says so" tm_wait "Cleared: type the translation"
check "the English stays on the left" tm_wait "This tutorial is a gentle introduction"
n=0
while IFS= read -r line; do
	[ $n -gt 0 ] && tm_keys Enter
	tm_text "$line"
	n=$((n + 1))
done <"$T/ko-par"
tm_sync
check "the typed Korean is on screen" tm_wait "각 디바이스가 서로 다른 입력 배치를"
tm_keys C-s
check "saved" tm_wait "Saved"
check "the file is the English with exactly that paragraph in Korean" cmp -s "$T/want.rst" "$T/ddp.rst"
diff "$T/en.rst" "$T/ddp.rst" >"$T/diff"
check "diff: lines 33-39 changed, nothing else" eq "$(head -1 "$T/diff")" "33,39c33,39"

# ---- word deletes and Ctrl-K -------------------------------------------------
# line 33 now starts "이 튜토리얼은 파이토치에서 ..." and ends "(DDP)"
w33=$(sed -n 33p "$T/want.rst")
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "33"
tm_keys Enter
tm_until at_line 33
tm_keys C-DC
tm_sync
tm_keys C-s
tm_sync
check "Ctrl-Delete deletes the word after the cursor (and its blank)" \
	eq "$(sed -n 33p "$T/ddp.rst")" "${w33#이 }"
tm_keys End
tm_keys M-BSpace
tm_sync
tm_keys C-s
tm_sync
w=${w33#이 }
check "Alt-Backspace deletes the word before the cursor" eq "$(sed -n 33p "$T/ddp.rst")" "${w%)}"
tm_keys Home
tm_keys C-Right
tm_keys C-k
tm_sync
tm_keys C-s
tm_sync
check "Ctrl-K deletes to the end of the line" eq "$(sed -n 33p "$T/ddp.rst")" "튜토리얼은 "
tm_keys C-z
tm_keys C-z
tm_keys C-z
tm_sync
tm_keys C-s
tm_sync
check "three undos bring line 33 back" cmp -s "$T/want.rst" "$T/ddp.rst"

# ---- select, cut and paste across segments, then undo each step ----------------
# line 40 is the blank line after the paragraph, 41 the next paragraph
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "40"
tm_keys Enter
tm_until at_line 40
tm_keys S-Down S-End
tm_keys C-x
tm_sync
tm_keys C-s
tm_sync
check "Ctrl-X cut the selection across the segment boundary" \
	eq "$(diff "$T/want.rst" "$T/ddp.rst" | head -1)" "41d40"
tm_keys C-End
tm_keys C-v
tm_sync
tm_keys C-s
tm_sync
check "Ctrl-V pasted it at the end" eq "$(tail -n 1 "$T/ddp.rst")" "$(sed -n 41p "$T/want.rst")"
tm_keys C-z
tm_sync
tm_keys C-s
tm_sync
check "undo the paste" eq "$(diff "$T/want.rst" "$T/ddp.rst" | head -1)" "41d40"
tm_keys C-z
tm_sync
tm_keys C-s
tm_sync
check "undo the cut" cmp -s "$T/want.rst" "$T/ddp.rst"

# ---- Ctrl-R: replace all, then one undo ---------------------------------------
tm_keys C-r
tm_wait "Replace:" >/dev/null
tm_text "DistributedSampler"
tm_keys Enter
tm_wait "Replace with:" >/dev/null
tm_text "분산샘플러"
tm_keys Enter
check "Ctrl-R shows the match count" tm_wait "Replace 1/"
tm_keys a
check "a replaces all" tm_wait "Replaced "
tm_keys C-s
tm_sync
check "no DistributedSampler is left in the file" eq "$(grep -ci distributedsampler "$T/ddp.rst")" 0
check "the Korean replaced them" test "$(grep -c 분산샘플러 "$T/ddp.rst")" -ge 2
tm_keys C-z
tm_sync
tm_keys C-s
tm_sync
check "one undo takes the whole replace-all back" cmp -s "$T/want.rst" "$T/ddp.rst"

# ---- the quit question: s saves and quits ----------------------------------------
tm_keys C-Home
tm_text "X"
tm_keys C-q
check "the quit question offers save and quit" tm_wait "s: save and quit"
tm_keys s
check "s saves and quits" tm_wait "EXITED-0"
check "the file was saved" eq "$(head -c 2 "$T/ddp.rst")" "X\`"
fresh

# ---- PageDown through a whole real file: every target line is on a screen ------
NAME2=advanced_source__cpp_autograd
cp "$CORPUS/$NAME2.en.rst" "$T/en2.rst"
cp "$CORPUS/$NAME2.ko.rst" "$T/ko2.rst"
chmod 644 "$T/en2.rst" "$T/ko2.rst"
tm_start 120 40 "cd $T && $YEOK --no-spell --no-checks --source en2.rst ko2.rst"
tm_wait "ko2.rst" >/dev/null
tm_keys M-l
tm_sync
: >"$T/screens"
prev=""
for i in $(seq 1 400); do
	scr=$(tm_screen | sed '1d;$d' | sed '$d')
	[ "$scr" = "$prev" ] && break
	printf '%s\n' "$scr" >>"$T/screens"
	prev=$scr
	tm_keys PageDown
	tm_sync
done
# the target pane starts after the rule at column 60 (0-based 59, the
# source pane is English: one column per character); its line numbers
# are on the first row of each line
/usr/bin/python3 - "$T/screens" "$T/ko2.rst" >"$T/missing" <<'EOF'
import re, sys
seen = set()
for row in open(sys.argv[1], encoding='utf-8'):
    right = row.rstrip('\n')[60:]
    m = re.match(r'\s*(\d+)(\s|$)', right)
    if m:
        seen.add(int(m.group(1)))
n = sum(1 for _ in open(sys.argv[2], encoding='utf-8'))
missing = [i for i in range(1, n + 1) if i not in seen]
print(len(missing), missing[:10])
EOF
check "PageDown showed every target line of $NAME2 ($(wc -l <"$T/ko2.rst") lines)" eq "$(cat "$T/missing")" "0 []"
tm_keys C-q
tm_wait "EXITED-0" >/dev/null
fresh

# ---- word wrap in tmux: no English word of the left pane split across rows ----
# 80 columns: the source pane is columns 0-38 (its last column holds the
# continuation mark), the rule at 39.  Every word seen in the left pane
# must be a word of the file, unless it is a piece of a word wider than
# the room of its row (the pane less the row's indentation).
cp "$CORPUS/$NAME2.en.rst" "$T/en3.rst"
cp "$CORPUS/$NAME2.ko.rst" "$T/ko3.rst"
chmod 644 "$T/en3.rst" "$T/ko3.rst"
tm_start 80 30 "cd $T && $YEOK --no-spell --no-checks --source en3.rst ko3.rst"
tm_wait "ko3.rst" >/dev/null
tm_sync
: >"$T/screens3"
prev=""
for i in $(seq 1 600); do
	scr=$(tm_screen | sed '1d;$d' | sed '$d')
	[ "$scr" = "$prev" ] && break
	printf '%s\n\f\n' "$scr" >>"$T/screens3"
	prev=$scr
	tm_keys PageDown
	tm_sync
done
/usr/bin/python3 - "$T/screens3" "$T/en3.rst" >"$T/split" <<'EOF'
import sys, unicodedata
W = 38  # text columns of the source pane at 80 columns
words = set(open(sys.argv[2], encoding='utf-8').read().split())
def left(row):
    out, col = '', 0
    for ch in row:
        w = 2 if unicodedata.east_asian_width(ch) in 'WF' else 1
        if col + w > W:
            break
        out += ch
        col += w
    return out
bad, seen, wide = [], 0, 0
for screen in open(sys.argv[1], encoding='utf-8').read().split('\f\n'):
    prev_indent = 0
    for row in screen.split('\n'):
        text = left(row)
        indent = len(text) - len(text.lstrip(' '))
        for tok in text.split():
            seen += 1
            if tok in words:
                continue
            room = W - max(indent, prev_indent)
            if any(tok in w and len(w) > room for w in words):
                wide += 1
                continue
            bad.append(tok)
        prev_indent = indent
print(len(bad), bad[:8], 'seen', seen, 'pieces of wide words', wide, file=sys.stderr)
print(len(bad), bad[:8])
EOF
check "word wrap: no word of the English pane split across rows ($(cat "$T/split" 2>/dev/null))" \
	eq "$(cut -d' ' -f1 "$T/split")" "0"
check "word wrap: the pane was read (words seen)" test "$(wc -c <"$T/screens3")" -gt 10000
tm_keys C-q
tm_wait "EXITED-0" >/dev/null
fresh

# ---- config.yaml: translator pre-fills Alt-t, clipboard: osc52, wrap ------------
mkdir -p "$XDG_CONFIG_HOME/yeok"
printf 'translator: {name: 홍길동, url: https://github.com/hong}\nclipboard: osc52\nwrap: grapheme\n' \
	>"$XDG_CONFIG_HOME/yeok/config.yaml"
cp "$T/en.rst" "$T/cfg.rst"
tm_start 120 40 "cd $T && $YEOK --no-spell --source en.rst cfg.rst"
tm_wait "cfg.rst" >/dev/null
tm set-option -t t -g set-clipboard on >/dev/null
tm_keys M-t
tm_sync
tm_keys C-s
tm_sync
check "Alt-t uses the translator of config.yaml" test "$(grep -c '홍길동 <https://github.com/hong>' "$T/cfg.rst")" -ge 1
tm_keys C-Home S-End C-c
tm_sync
check "clipboard: osc52 sends a copy to the terminal (tmux buffer)" \
	eq "$(tm show-buffer 2>/dev/null | head -1)" "$(head -1 "$T/cfg.rst")"
# wrap: grapheme fills the left row to the edge (word wrap breaks after "Subramanian")
check "wrap: grapheme breaks at the pane edge" \
	test "$(tm_screen | grep -c 'Authors: `Suraj Subramanian <https://github.com/suraj813>`>')" -ge 1
tm_keys C-q
tm_wait "EXITED-0" >/dev/null
rm "$XDG_CONFIG_HOME/yeok/config.yaml"
fresh

# ---- the 80-column key bar shows F1 Help ---------------------------------------
tm_start 80 24 "cd $T && $YEOK --no-spell --source en.rst ddp.rst"
tm_wait "ddp.rst" >/dev/null
check "the 80-column key bar shows F1 Help" eq "$(tm_screen | tail -1 | grep -c 'F1 Help')" 1
check "and Alt-x" eq "$(tm_screen | tail -1 | grep -c 'M-x Clear')" 1
tm_keys C-q
tm_wait "EXITED-0" >/dev/null
