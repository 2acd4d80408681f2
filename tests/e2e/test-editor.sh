#!/usr/bin/env bash
# The two-pane editor end to end in tmux, on corpus pairs (issue 4 "Done when").
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

# pair NAME: copy the Korean file to $T/NAME.ko.rst; the English stays in the corpus.
pair() {
	cp "$CORPUS/$1.ko.rst" "$T/$1.ko.rst"
	chmod 644 "$T/$1.ko.rst" # the corpus is read-only
	EN=$CORPUS/$1.en.rst
	KO=$T/$1.ko.rst
}

# row_has A B: some screen row holds both texts.
row_has() {
	tm_screen | grep -F -- "$1" | grep -qF -- "$2"
}

# status: the status line (the second-last row).
status_line() { tm_screen | tail -2 | head -1; }
# seg_pos: the segment and the cursor position from the status line.
seg_pos() { status_line | grep -o '§[0-9]*/[0-9]* [a-z-]* · [a-z]*  KO [0-9]*:[0-9]*'; }

# rule_ok COLS RULE_X: every body row has the rule (or a segment mark) at
# display column RULE_X and no row is wider than COLS.
rule_ok() {
	tm_screen | python3 -c '
import sys, unicodedata
cols, rx = int(sys.argv[1]), int(sys.argv[2])
rows = sys.stdin.read().split("\n")
body = rows[1:-3] if len(rows) > 4 else []
bad = 0
for i, r in enumerate(body):
    col = 0
    at = None
    for ch in r:
        w = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if col == rx:
            at = ch
        col += w
    if col > cols or at not in ("\u2502", "?", "!", "\u2713"):
        print("# row %d: rule column holds %r, width %d: %s" % (i + 1, at, col, r))
        bad += 1
sys.exit(1 if bad else 0)
' "$1" "$2"
}

# ---- the titles of both sides on the same row ------------------------------
pair recipes_source__distributed_device_mesh
tm_start 100 30 "cd $T && $YEOK --source $EN $KO"
check "device_mesh opens" tm_wait "DeviceMesh 시작하기"
check "English and Korean titles on the same row" row_has "Getting Started with DeviceMesh" "DeviceMesh 시작하기"
check "progress in the header" tm_wait " done"
tm_keys C-q
check "quit without changes exits at once" tm_wait "EXITED-0"
fresh

# ---- the first frame before any other thread (issue 19) --------------------
# The spelling thread starts after the first frame (YEOK_TIMING counts the
# process's threads then): on a loaded machine it would share the first
# frame's CPU.
tm_start 100 30 "cd $T && YEOK_TIMING=$T/timing $YEOK --source $EN $KO"
check "device_mesh opens again" tm_wait "DeviceMesh 시작하기"
tm_keys C-q
tm_wait "EXITED-0" >/dev/null
check "the first frame is drawn by the only thread" grep -q " threads 1 " "$T/timing"
fresh

pair intermediate_source__tiatoolbox_tutorial
tm_start 120 30 "cd $T && $YEOK --source $EN $KO"
check "tiatoolbox opens" tm_wait "TIAToolbox"
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "58"
tm_keys Enter
check "Ctrl-G shows line 58" tm_wait "KO 58:1"
check "a later title pairs with its English" row_has "Setting up the environment" "환경설정"
tm_keys C-q
tm_wait "EXITED-0" >/dev/null
fresh

# ---- type Korean at a line, save; undo, save ---------------------------------
pair beginner_source__colab
cp "$KO" "$T/orig.rst"
tm_start 100 30 "cd $T && $YEOK --source $EN $KO"
tm_wait "Colab" >/dev/null
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "12"
tm_keys Enter
tm_wait "KO 12:1" >/dev/null
tm_text "한글로 "
check "typed Korean appears" tm_wait "한글로 에서"
check "the cursor moved by three graphemes and a space" tm_wait "KO 12:5"
check "the header shows the change" tm_wait "[+]"
tm_keys C-s
check "Ctrl-S says saved" tm_wait "Saved"
diff "$T/orig.rst" "$KO" >"$T/diff" 2>&1
check "exactly line 12 changed on disk" eq "$(grep -c '^[<>]' "$T/diff")$(head -1 "$T/diff")" "212c12"
check "line 12 holds the typed text" eq "$(sed -n 12p "$KO")" "한글로 $(sed -n 12p "$T/orig.rst")"
tm_keys C-z
tm_wait_gone "Saved" >/dev/null
tm_keys C-s
check "undo then save" tm_wait "Saved"
check "undo then save restores the original bytes" cmp -s "$T/orig.rst" "$KO"

# ---- resizing -----------------------------------------------------------------
tm_keys Escape
tm_wait_gone "Saved" >/dev/null
before=$(seg_pos)
check "the status line shows the segment and the position" test -n "$before"
tm resize-window -t t -x 40 -y 10
tm_sync
check "40x10 still draws the editor" tm_wait "KO 12:1"
check "40x10 keeps the cursor in its segment" eq "$(seg_pos)" "$before"
tm resize-window -t t -x 20 -y 6
check "20x6 shows the too-small notice" tm_wait "too small"
tm resize-window -t t -x 100 -y 30
tm_sync
check "back to 100x30 the editor returns" tm_wait "KO 12:1"
check "the cursor is still in its segment" eq "$(seg_pos)" "$before"
check "the process is alive" lacks "$(tm_screen)" "EXITED"

# ---- quit asks when there are unsaved changes --------------------------------
tm_text "x"
tm_keys C-q
check "Ctrl-Q asks about unsaved changes" tm_wait "Quit without saving? (y/n)"
tm_keys n
check "n keeps editing" tm_wait "Cancelled"
tm_keys C-q
tm_wait "Quit without saving" >/dev/null
tm_keys y
check "y quits" tm_wait "EXITED-0"
check "nothing was written" cmp -s "$T/orig.rst" "$KO"
fresh

# ---- wide characters at the pane edges never overwrite the rule --------------
{
	echo "제목"
	echo "===="
	echo
	for i in 1 2 3 4 5 6; do
		printf '%s' "$(head -c $i /dev/zero | tr '\0' 'a')"
		echo "한국어한국어한국어한국어한국어한국어한국어한국어한국어한국어"
		echo
	done
} >"$T/wide.ko.rst"
{
	echo "Title"
	echo "====="
	echo
	for i in 1 2 3 4 5 6; do
		printf '%s' "$(head -c $i /dev/zero | tr '\0' 'b')"
		echo "영어영어영어영어영어영어영어영어영어영어영어영어영어영어영어"
		echo
	done
} >"$T/wide.en.rst"
tm_start 80 30 "cd $T && $YEOK --source wide.en.rst wide.ko.rst"
check "wide file opens" tm_wait "영어"
tm_sync # the whole first frame drawn, not only its top rows
# 80 columns: the source pane is 39 columns, the rule at column 39
check "double-width characters never overwrite the rule or pass the edge" rule_ok 80 39
tm resize-window -t t -x 81 -y 30
tm_sync
check "at 81 columns too" rule_ok 81 40

# ---- bracketed paste of several lines ----------------------------------------
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "3"
tm_keys Enter
tm_sync
tm_wait "KO 3:1" >/dev/null
printf 'first line\n    indented second\n셋째 줄\n' >"$T/paste.txt"
tm load-buffer -b p "$T/paste.txt"
tm paste-buffer -p -b p -t t
check "the paste appears" tm_wait "indented second"
tm_keys C-s
tm_wait "Saved" >/dev/null
check "pasted lines are inserted verbatim" eq "$(sed -n 3,5p "$T/wide.ko.rst")" "first line
    indented second
셋째 줄"
check "the line the paste went into follows it" eq "$(sed -n 6p "$T/wide.ko.rst")" ""
tm_keys C-z
tm_wait_gone "Saved" >/dev/null
tm_keys C-s
tm_wait "Saved" >/dev/null
paste_undone() { [ "$(sed -n 3,4p "$T/wide.ko.rst")" = "
a한국어한국어한국어한국어한국어한국어한국어한국어한국어한국어" ]; }
check "one undo removes the whole paste" tm_until paste_undone
tm_keys C-q
tm_exit
fresh

# ---- files: missing, new from the source, read-only --------------------------
run "$YEOK" "$T/missing.rst"
check "a missing FILE is exit 66" eq "$status" 66
pair recipes_source__amx
tm_start 100 30 "cd $T && $YEOK --source $EN new.rst"
check "a missing FILE with --source starts as a copy" tm_wait "New file"
tm_keys C-s
tm_wait "Saved" >/dev/null
check "saving the new file writes the copy" cmp -s "$EN" "$T/new.rst"
tm_keys C-q
tm_exit
fresh
chmod 444 "$KO"
tm_start 100 30 "cd $T && $YEOK --source $EN $KO"
check "a read-only file opens with a notice" tm_wait "is read-only: you can read and search"
check "the header says read-only" tm_wait "[read-only]"
tm_text "x"
tm_keys C-s
check "saving a read-only file is refused" tm_wait "read-only: not saved"
check "typing changed nothing" lacks "$(tm_screen | head -1)" "[+]"
tm_keys C-q
check "quit needs no confirmation" tm_wait "EXITED-0"
fresh

# ---- --source-rev: the English from a git revision ---------------------------
pair recipes_source__distributed_device_mesh
mkdir -p "$T/repo"
git -C "$T/repo" init -q
cp "$EN" "$T/repo/mesh.rst"
chmod 644 "$T/repo/mesh.rst"
git -C "$T/repo" add mesh.rst
git -C "$T/repo" -c user.name=t -c user.email=t@example.com commit -qm english
cp "$KO" "$T/repo/mesh.rst"
tm_start 100 30 "cd $T/repo && $YEOK --source-rev HEAD mesh.rst"
check "--source-rev HEAD opens" tm_wait "DeviceMesh 시작하기"
check "the English of HEAD is beside the Korean" row_has "Getting Started with DeviceMesh" "DeviceMesh 시작하기"
tm_keys C-q
tm_exit
fresh
run "$YEOK" --source-rev HEAD "$T/missing.rst"
check "--source-rev outside a repository fails with a message" has "$err" "not in a git work tree"
check "and a non-zero status" test "$status" -ne 0
