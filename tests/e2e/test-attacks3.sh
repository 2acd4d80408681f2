#!/usr/bin/env bash
# Nothing lost, nothing let in — round 3 (issue 37), the editor's half: a
# partial clone's lazy fetch from the editor and the repository view
# (item 1), the crash journal on a full disk (3), symlinked documents (9),
# SIGXFSZ at a save (13), OSC 52 (15).  The command-line half is
# tests/cli/attacks3.sh.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
export GIT_CONFIG_NOSYSTEM=1 HOME=$T/home XDG_CACHE_HOME=$T/cache
mkdir -p "$HOME"
git config --global user.email t@t
git config --global user.name t
git config --global init.defaultBranch main
. "$(dirname "$0")/../data/lazy-repo.sh"

_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e3-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}
skip() { _tap_n=$((_tap_n + 1)); echo "ok $_tap_n - # SKIP $1"; }
san_build() { case $YEOK in */san/* | */debug/*) return 0 ;; esac; return 1; }

# ---- item 1: the editor and the repository view on a hostile partial clone --
R=$T/lazy
MARK=$T/lazy-fetch-ran
lazy_repo "$R" "$MARK"
fresh
tm_start 160 20 "cd $R && XDG_CACHE_HOME=$T/cache $YEOK --no-spell doc.rst"
check "lazy fetch: the editor opens" tm_wait "여기 번역된 글"
tm_sync
tm_text "편집 "
tm_keys C-s
check "lazy fetch: the editor saves" tm_wait "Saved"
tm_keys C-q
check "lazy fetch: the editor exits" tm_wait "EXITED-0"
check "lazy fetch: the editor ran no remote command" test ! -e "$MARK"
rm -rf "$T/cache" "$MARK"
R=$T/lazy2
lazy_repo "$R" "$MARK"
fresh
tm_start 160 20 "cd $R && XDG_CACHE_HOME=$T/cache $YEOK --no-spell ."
check "lazy fetch: yeok DIR lists the document" tm_wait "doc.rst"
check "lazy fetch: ... and counts it" tm_wait_gone "counting" 60
tm_sync
tm_text "q"
check "lazy fetch: yeok DIR exits" tm_wait "EXITED-0"
check "lazy fetch: yeok DIR ran no remote command" test ! -e "$MARK"

# ---- item 2: tm: in config.yaml naming a text file: the editor never replaces it
N=$T/notes
git init -q "$N"
printf 'Title\n=====\n\nSome text here.\n' >"$N/doc.rst"
git -C "$N" add doc.rst && git -C "$N" commit -qm one
printf 'my notes\n' >"$N/notes.txt"
cp "$N/notes.txt" "$T/notes.orig"
mkdir -p "$XDG_CONFIG_HOME/yeok"
printf 'tm: %s\n' "$N/notes.txt" >"$XDG_CONFIG_HOME/yeok/config.yaml"
fresh
tm_start 220 20 "cd $N && XDG_CACHE_HOME=$T/cache $YEOK --no-spell doc.rst"
check "tm: notes.txt: the editor opens" tm_wait "Some text here"
# the reader's error or the update's ("... not replaced"), whichever the
# worker reports first: both say it is no memory; the file is compared below
check "... and says the file is not a translation memory" tm_wait "not a translation memory"
tm_keys C-q
check "... exits" tm_wait "EXITED-0"
check "... and notes.txt is unchanged" cmp -s "$N/notes.txt" "$T/notes.orig"
rm -f "$XDG_CONFIG_HOME/yeok/config.yaml"

# ---- item 3: the disk fills while editing: what was journalled survives ----
yeok_pid() { pgrep -P "$(tm display -p -t t '#{pane_pid}')" | head -1; }
journal_has() { grep -qF -- "$2" "$1.yeok.journal" 2>/dev/null; }
if [ "$(id -u)" = 0 ] && mkdir -p "$T/small" && mount -t tmpfs -o size=128k tmpfs "$T/small" 2>/dev/null; then
	# the panes' shells sit in the folder: their server goes first
	cleanup_hooks="$cleanup_hooks; tmux -L \$TMUX_SOCK kill-server 2>/dev/null; umount $T/small 2>/dev/null"
	D=$T/small
	printf 'Title\n=====\n\nFirst paragraph of text.\n\nSecond paragraph here.\n' >"$D/doc.rst"
	fresh
	tm_start 200 20 "cd $D && $YEOK --no-spell doc.rst"
	check "disk full: open" tm_wait "First paragraph"
	tm_text "저널됨 "
	check "disk full: the first edit is journalled" tm_until journal_has "$D/doc.rst" "저널됨"
	dd if=/dev/zero of="$D/fill" bs=4k 2>/dev/null
	tm_keys Down Down Down
	# more than the journal's last page holds: the write needs new space
	tm_text "꽉참 $(printf '가나다라마바사아자차%.0s' $(seq 300))"
	check "disk full: the status line says the journal cannot be written" tm_wait "No space left on device"
	pid=$(yeok_pid)
	kill -9 "$pid"
	check "disk full: kill -9" tm_wait "EXITED-137"
	check "disk full: the journal still holds the first edit" journal_has "$D/doc.rst" "저널됨"
	rm -f "$D/fill"
	fresh
	tm_start 200 20 "cd $D && $YEOK --no-spell doc.rst"
	check "disk full: the edits are offered after the crash" tm_wait "unsaved work from"
	tm_keys r
	check "disk full: ... and recovered" tm_wait "저널됨 Title"
	tm_keys C-s
	check "disk full: saved" tm_wait "Saved"
	tm_keys C-q
	check "disk full: exit" tm_wait "EXITED-0"
	tm kill-server
	tm_until umount "$D" 2>/dev/null # once the panes' shells are gone
else
	skip "a full disk needs root (mount -t tmpfs)"
fi

# ---- item 9: a tracked symlink document pointing outside the repository -----
L9=$T/link9
git init -q "$L9"
printf 'Title\n=====\n\nVictim text.\n' >"$T/victim9.rst"
cp "$T/victim9.rst" "$T/victim9.orig"
printf 'Title\n=====\n\nA real document.\n' >"$L9/real.rst"
ln -s ../victim9.rst "$L9/evil.rst"
git -C "$L9" add -A && git -C "$L9" commit -qm links
fresh
tm_start 200 20 "cd $L9 && XDG_CACHE_HOME=$T/cache $YEOK --no-spell evil.rst"
check "link out: the editor opens it" tm_wait "Victim text"
check "... read-only, saying why" tm_wait "outside the work tree"
tm_text "x"
tm_keys C-s
tm_sync
tm_keys C-q
check "... exits" tm_wait "EXITED-0"
check "... nothing written through the link" cmp -s "$T/victim9.rst" "$T/victim9.orig"
fresh
tm_start 200 20 "cd $L9 && XDG_CACHE_HOME=$T/cache $YEOK --no-spell ."
check "link out: yeok DIR lists the real document" tm_wait "real.rst"
check "... and not the link" eval '! tm_screen | grep -q evil.rst'
tm_text "q"
check "... exits" tm_wait "EXITED-0"

# ---- item 13: past `ulimit -f` a save fails, said; the editor lives on ------
X=$T/fsize
mkdir -p "$X"
for i in $(seq 200); do printf 'Paragraph number %d with some words.\n\n' "$i"; done >"$X/big.rst"
cp "$X/big.rst" "$X/big.orig"
fresh
tm_start 200 20 "cd $X && ulimit -f 4 && $YEOK --no-spell big.rst"
check "ulimit -f: the editor opens a file larger than the limit" tm_wait "Paragraph number 1 "
tm_text "한"
tm_keys C-s
check "ulimit -f: the save fails and says why (no SIGXFSZ)" tm_wait "File too large"
tm_sync
check "... the editor still runs" eval '! tm_screen | grep -q EXITED'
check "... the document is unchanged" cmp -s "$X/big.rst" "$X/big.orig"
check "... no temporary file is left" eval '[ -z "$(find "$X" -name ".big.rst.yeok-*")" ]'
tm_keys C-q
check "... quitting asks about the unsaved change" tm_wait "Quit without saving"
tm_keys y
check "... and exits normally (the terminal restored)" tm_wait "EXITED-0"

# ---- item 15: clipboard: osc52 sends no control character ------------------
C=$T/osc
mkdir -p "$C" "$XDG_CONFIG_HOME/yeok"
printf 'Title\n=====\n\necho ok\033[201~rm -rf x\n' >"$C/doc.rst"
printf 'clipboard: osc52\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
fresh
tm_start 200 20 "cd $C && $YEOK --no-spell doc.rst"
check "osc52: opens" tm_wait "echo ok"
tm set-option -t t -g set-clipboard on >/dev/null
tm_keys C-Home Down Down Down Home S-End C-c
tm_sync
check "osc52: the line reaches the clipboard (tmux buffer)" eval 'tm show-buffer 2>/dev/null | grep -q "rm -rf x"'
check "... without its ESC (no end of a bracketed paste)" eval '! tm show-buffer 2>/dev/null | grep -q "$(printf "\033")"'
check "... the control character replaced, the rest as it is" eval 'tm show-buffer 2>/dev/null | grep -qF "echo ok�[201~rm -rf x"'
tm_keys C-q
check "... exits" tm_wait "EXITED-0"
rm -f "$XDG_CONFIG_HOME/yeok/config.yaml"

# ---- item 17: the repository view says what it could not read --------------
U17=$(mktemp -d)
cleanup_hooks="${cleanup_hooks:+$cleanup_hooks; }chmod -R u+rwx $U17; rm -rf $U17"
chmod 755 "$U17"
mkdir -p "$U17/locked" "$U17/ok" "$U17/cache"
chmod 777 "$U17/cache"
for d in locked ok; do printf 'Title\n=====\n\nSome text here.\n' >"$U17/$d/a.rst"; done
chmod 000 "$U17/locked"
as_user=""
[ "$(id -u)" = 0 ] && as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups"
fresh
tm_start 200 20 "cd $U17 && $as_user env HOME=$U17 XDG_CONFIG_HOME=$U17/cfg XDG_CACHE_HOME=$U17/cache $YEOK --no-spell ."
check "yeok DIR: lists what it can read" tm_wait "ok/a.rst"
check "... the header counts what it could not" tm_wait "1 not read"
check "... the status line names the folder and why" tm_wait "Not listed: ./locked: cannot read: Permission denied"
tm_text "q"
check "... exits" tm_wait "EXITED-0"
fresh
tm_start 200 20 "cd $U17 && $as_user env HOME=$U17 XDG_CONFIG_HOME=$U17/cfg XDG_CACHE_HOME=$U17/cache $YEOK --no-spell locked"
check "yeok DIR of an unreadable folder: said, exit 66" eval 'tm_wait "yeok: locked: cannot read: Permission denied" && tm_wait "EXITED-66"'

# ---- item 10: a review is the reviewer's -----------------------------------
P=$T/pr10
git init -q "$P"
printf 'Title\n=====\n\nSome text here.\n\nMore text.\n' >"$P/doc.rst"
git -C "$P" add doc.rst && git -C "$P" commit -qm english
printf '제목\n====\n\n여기 번역된 글.\n\n더 많은 글.\n' >"$P/doc.rst"
# the pull request's author commits a sidecar: a comment, a mark, an approval
# (one entry with a stamp that is not this reviewer's)
cat >"$P/doc.rst.yeok.yaml" <<'YAML'
yeok: 1
review:
  - {line: 4, segment: null, text: "@everyone 좋습니다\n::error::forged", state: open}
  - {line: 4, segment: null, text: "도장 위조", state: open, by: 0123456789abcdef0123456789abcdef}
  - {line: 4, segment: null, text: "", state: approved, kind: mark}
  - {line: 0, segment: null, text: "", state: approve, kind: verdict}
verdict: approve
YAML
git -C "$P" add -A && git -C "$P" commit -qm korean
fresh
tm_start 120 30 "cd $P && $YEOK review --no-spell --base HEAD~1 doc.rst"
check "review: opens" tm_wait "change 1 of "
tm_keys c
check "review: the comment editor" tm_wait "Ctrl-S or Alt-Enter saves"
tm_text "@alice 확인해 주세요"
tm_keys Enter
tm_text "::warning::mine"
tm_keys C-s
check "review: the comment is saved" tm_until grep -qF "@alice" "$P/doc.rst.yeok.yaml"
tm_keys C-q
check "review: exits" tm_wait "EXITED-0"
check "the reviewer's entry carries its stamp in the sidecar" eval 'grep -A8 "@alice" "$P/doc.rst.yeok.yaml" | grep -qE "^  by: [0-9a-f]{32}$"'
(cd "$P" && "$YEOK" review --base HEAD~1 --export github-json doc.rst >"$T/r10.json" 2>"$T/r10.err")
check "github-json: the reviewer's own comment, its @mention neutralised" grep -qF '@\u200balice 확인해 주세요' "$T/r10.json"
check "... and its workflow line" grep -qF '\n\u200b::warning::mine' "$T/r10.json"
check "... the author's comments are not exported as the reviewer's" eval '! grep -qE "좋습니다|도장 위조" "$T/r10.json"'
check "... nor the author's approval (the event is COMMENT)" grep -qF '"event": "COMMENT"' "$T/r10.json"
check "... nor the author's mark" grep -qF '0 approved' "$T/r10.json"
check "... and the reviewer is told" grep -qF "doc.rst: 2 entries and 1 mark not made by you on this machine" "$T/r10.err"
check "... of the verdict too" grep -qF "doc.rst: the verdict (approve) was not given by you on this machine: the review's event is COMMENT" "$T/r10.err"
# the reviewer's stamp copied onto the author's text does not hold
stamp=$(grep -A8 "@alice" "$P/doc.rst.yeok.yaml" | sed -n 's/^  by: \([0-9a-f]*\)$/\1/p')
sed -i "s/by: 0123456789abcdef0123456789abcdef/by: $stamp/" "$P/doc.rst.yeok.yaml"
(cd "$P" && "$YEOK" review --base HEAD~1 --export github-json doc.rst >"$T/r10c.json" 2>/dev/null)
check "a stamp copied onto other text is not the reviewer's" eval 'grep -qF "@\u200balice" "$T/r10c.json" && ! grep -qF "도장 위조" "$T/r10c.json"'
(cd "$P" && "$YEOK" review --base HEAD~1 --export github-json --include-others doc.rst >"$T/r10b.json" 2>/dev/null)
check "--include-others: the author's comment, marked" eval 'grep -qF "좋습니다" "$T/r10b.json" && grep -qF "(not made by this reviewer: from the sidecar)" "$T/r10b.json"'
check "... its @mention neutralised" grep -qF '@\u200beveryone' "$T/r10b.json"
check "... its workflow line too" grep -qF '\n\u200b::error::forged' "$T/r10b.json"
check "... the approval, said to be from the sidecar" eval 'grep -qF "\"event\": \"APPROVE\"" "$T/r10b.json" && grep -qF "The verdict (approve) was not given by this reviewer" "$T/r10b.json"'
(cd "$P" && "$YEOK" review --base HEAD~1 --export markdown doc.rst >"$T/r10.md" 2>/dev/null)
check "markdown: the author's comment marked" grep -qF "(not made by this reviewer: from the sidecar)" "$T/r10.md"
check "... the verdict too" grep -qF "Verdict: approve (not made by this reviewer: from the sidecar)." "$T/r10.md"
check "... the author's mark counted apart" grep -qF "1 more segment marked in the sidecar, not by this reviewer." "$T/r10.md"
check "... mentions in backquotes" eval 'grep -qF "\`@everyone\` 좋습니다" "$T/r10.md" && grep -qF "\`@alice\` 확인해 주세요" "$T/r10.md"'
check "... no line starts a workflow command" eval '! grep -qE "^[[:space:]]*::[a-z]+::" "$T/r10.md" && grep -qF "\\:\\:error::forged" "$T/r10.md"'

# ---- item 12: yeok DIR of many files: the list at once, the dates after -----
# (the work is counted in tests/unit/test-repo.c test_dates_linear, the
# first screen in test-ui-keys.c test_list_first_screen_at_once; the time
# in tests/bench/repo-100k.sh)
G12=$T/many
"$(dirname "$0")/../bench/gen-repo-many.sh" "$G12" 3000 5 >/dev/null
fresh
tm_start 200 20 "cd $G12 && XDG_CACHE_HOME=$T/cache12 $YEOK --no-spell ."
check "many files: the list" tm_wait "3000/3000 files"
check "... every date read (the header's progress gone)" tm_wait_gone "dates " 60
check "... the rows have their dates" tm_wait "2020-09-14 d000/f0000.rst"
tm_text q
check "... exits" tm_wait "EXITED-0"
