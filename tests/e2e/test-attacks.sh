#!/usr/bin/env bash
# Nothing lost, nothing let in (issue 14, round 2), the editor's half: two
# editors and kill -9 (item 1), the sidecar merged with another yeok's
# changes (2), no flock (4), the CR undo BUG (7), symlinked side files
# (11), a fsmonitor hook (12), control characters from the sidecar (14),
# hard-linked and other-owner documents (16), stale temporary files (17),
# emoji sequences in tmux (18), side files out of `git status` (issue 15).
# The command-line half is tests/cli/attacks.sh.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
export GIT_CONFIG_NOSYSTEM=1 HOME=$T/home
mkdir -p "$HOME"
git config --global user.email t@t
git config --global user.name t
git config --global init.defaultBranch main

_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}
yeok_pid() { # the editor in session $1 (default t)
	local sh
	sh=$(tm display -p -t "${1:-t}" '#{pane_pid}')
	pgrep -P "$sh" | head -1
}
# the second editor: session u of the same server
tm_start_u() {
	local cols=$1 rows=$2; shift 2
	tm new-session -d -s u -x "$cols" -y "$rows" \
		-e LANG=C.UTF-8 -e LC_ALL=C.UTF-8 -e TERM=tmux-256color \
		-e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" -e HOME="$HOME" \
		-e ASAN_OPTIONS="${ASAN_OPTIONS:-}" -e UBSAN_OPTIONS="${UBSAN_OPTIONS:-}" \
		"$*; echo EXITED-\$?; sleep 600"
}
u_wait() {
	local i=0
	while [ $i -lt 300 ]; do
		case $(tm capture-pane -p -t u) in *"$1"*) return 0 ;; esac
		sleep 0.05
		i=$((i + 1))
	done
	echo "# timed out waiting in the second editor for: $1"
	tm capture-pane -p -t u | sed 's/^/#   | /'
	return 1
}
doc() { printf 'Title\n=====\n\nFirst paragraph of text.\n\nSecond paragraph here.\n' >"$1"; }
journal_has() { grep -qF -- "$2" "$1.yeok.journal" 2>/dev/null; }
same() { cmp -s "$1" "$2"; }
san_build() { case $YEOK in */san/* | */debug/*) return 0 ;; esac; return 1; }
skip() { _tap_n=$((_tap_n + 1)); echo "ok $_tap_n - # SKIP $1"; }

# ---- item 1: a second editor, then kill -9 of the first --------------------
W=$T/two
mkdir -p "$W"
doc "$W/doc.rst"
fresh
tm_start 160 20 "cd $W && $YEOK doc.rst"
check "two editors: the first opens" tm_wait "First paragraph"
check "... and holds the journal from the start (before any edit)" test -e "$W/doc.rst.yeok.journal"
pid1=$(yeok_pid t)
tm_start_u 160 20 "cd $W && $YEOK doc.rst"
check "the second editor opens read-only and names the first one's process" u_wait "being edited in another yeok (process $pid1 on host"
tm send-keys -t u C-q
check "the second editor quits" u_wait "EXITED-0"
check "... leaving the first one's journal in place" test -e "$W/doc.rst.yeok.journal"
tm_text "첫 편집 "
check "the first editor still journals" tm_until journal_has "$W/doc.rst" "첫 편집"
kill -9 "$pid1"
check "kill -9 of the first editor" tm_wait "EXITED-137"
fresh
tm_start 160 20 "cd $W && $YEOK doc.rst"
check "its edits are offered" tm_wait "unsaved work from"
tm_keys r
check "... and recovered" tm_wait "첫 편집 Title"
tm_keys C-s
check "... and saved" tm_wait "Saved"
tm_keys C-q
check "two editors: exit" tm_wait "EXITED-0"
check "two editors: the file has the first editor's text" eval 'grep -qF "첫 편집 Title" "$W/doc.rst"'
check "two editors: a clean exit removes the journal" test ! -e "$W/doc.rst.yeok.journal"

# ---- item 2: another yeok's checklist and review survive the editor's save -
M=$T/merge
mkdir -p "$M"
doc "$M/doc.rst"
fresh
tm_start 160 20 "cd $M && $YEOK doc.rst"
check "merge: open" tm_wait "First paragraph"
tm_keys C-s
check "merge: first save writes the sidecar" tm_wait "Saved"
run "$YEOK" checklist "$M/doc.rst" --issue 42 --license yes
check "merge: yeok checklist --issue 42 while the editor runs" eq "$status" 0
tm_keys Down Down Down M-Enter
tm_keys C-s
check "merge: the editor saves again" tm_wait "#42"
check "merge: the sidecar keeps the other yeok's issue and license" eval 'grep -q "issue: 42" "$M/doc.rst.yeok.yaml" && grep -q "license: true" "$M/doc.rst.yeok.yaml"'
check "merge: ... and the editor's done mark" eval 'grep -q "status: done" "$M/doc.rst.yeok.yaml"'
tm_keys C-q
check "merge: exit" tm_wait "EXITED-0"

# ---- item 4: no flock on the file system: recovery off, said so ------------
if san_build; then
	F=$T/nolock
	mkdir -p "$F"
	doc "$F/doc.rst"
	fresh
	tm_start 200 20 "cd $F && YEOK_TEST_FLOCK_ERRNO=38 $YEOK doc.rst"
	check "no flock: open" tm_wait "First paragraph"
	check "no flock: the status line says crash recovery is off and why" tm_wait "crash recovery is off"
	check "... not that another yeok uses the file" eval '! tm_screen | grep -q "another yeok"'
	tm_text "잠금 없음 "
	tm_keys C-s
	check "no flock: editing and saving still work" tm_wait "Saved"
	check "no flock: no journal left behind" test ! -e "$F/doc.rst.yeok.journal"
	tm_keys C-q
	check "no flock: exit" tm_wait "EXITED-0"
else
	skip "injected flock failure needs a SANITIZE or DEBUG build"
fi

# ---- item 7: a document that is one CR, End Enter C-Home Delete Delete C-z x3
C=$T/cr
mkdir -p "$C"
printf '\r' >"$C/doc.rst"
fresh
tm_start 100 20 "cd $C && $YEOK doc.rst"
check "CR document: open" tm_wait "doc.rst"
tm_keys End Enter C-Home Delete Delete C-z C-z C-z
tm_keys C-s
check "CR document: undo did not hit a BUG (the editor saves)" tm_wait "Saved"
check "CR document: the three undos gave the file back" eval '[ "$(od -An -c "$C/doc.rst" | tr -d " ")" = "\r" ]'
tm_keys C-q
check "CR document: exit" tm_wait "EXITED-0"
check "CR document: no BUG line" eval '! tm_screen | grep -q "BUG"'

# ---- item 11: symlinked side files are refused, never followed -------------
L=$T/links
mkdir -p "$L/repo" "$L/home"
doc "$L/repo/doc.rst"
printf 'yeok: 1\nchecklist: {issue: 7}\n' >"$L/victim.yaml"
printf 'export PATH=/usr/bin\n' >"$L/home/.bashrc"
printf 'journal victim\n' >"$L/victim-journal"
cp "$L/victim.yaml" "$L/victim.orig"
cp "$L/home/.bashrc" "$L/bashrc.orig"
ln -s ../victim.yaml "$L/repo/doc.rst.yeok.yaml"
ln -s ../home/.bashrc "$L/repo/doc.rst.yeok.src"
ln -s ../victim-journal "$L/repo/doc.rst.yeok.journal"
fresh
tm_start 200 20 "cd $L/repo && $YEOK doc.rst"
check "symlinks: open" tm_wait "First paragraph"
check "symlinks: the sidecar link is refused with a message" tm_wait "a symbolic link"
tm_text "링크 "
tm_keys C-s
check "symlinks: the document saves" tm_wait "Saved"
check "symlinks: the sidecar's target is unchanged" same "$L/victim.yaml" "$L/victim.orig"
check "symlinks: the snapshot link's target (.bashrc) is unchanged" same "$L/home/.bashrc" "$L/bashrc.orig"
check "symlinks: the journal link's target is unchanged" eval '[ "$(cat "$L/victim-journal")" = "journal victim" ]'
check "symlinks: the links are still links" eval 'test -L "$L/repo/doc.rst.yeok.yaml" && test -L "$L/repo/doc.rst.yeok.src" && test -L "$L/repo/doc.rst.yeok.journal"'
tm_keys C-q
check "symlinks: exit" tm_wait "EXITED-0"

# ---- item 14: control characters in the sidecar's translator name ----------
X=$T/ctl
mkdir -p "$X"
printf 'Title\n=====\n\n**Author**: Jane\n\nText.\n' >"$X/doc.rst"
cp "$X/doc.rst" "$X/orig"
printf 'yeok: 1\ntranslator: {name: "Evil\\e]2;PWNED\\a\\e[2J", url: "https://x"}\n' >"$X/doc.rst.yeok.yaml"
fresh
tm_start 160 20 "cd $X && $YEOK doc.rst"
check "Alt-t: open" tm_wait "Author"
tm_keys M-t
check "Alt-t with control characters in the name: refused with a message" tm_wait "holds control characters"
tm_keys C-s
check "Alt-t: nothing was inserted (the file is as it was)" eval 'tm_wait "Saved" && same "$X/doc.rst" "$X/orig"'
check "Alt-t: the pane title is untouched" eval '! tm display -p -t t "#{pane_title}" | grep -q PWNED'
tm_keys C-q
check "Alt-t: exit" tm_wait "EXITED-0"

# ---- item 16: hard links keep one inode; the owner stays ------------------
H=$T/hard
mkdir -p "$H"
doc "$H/doc.rst"
ln "$H/doc.rst" "$H/other-link.rst"
ino=$(stat -c %i "$H/doc.rst")
fresh
tm_start 100 20 "cd $H && $YEOK doc.rst"
check "hard link: open" tm_wait "First paragraph"
tm_text "하드 링크 "
tm_keys C-s
check "hard link: saved" tm_wait "Saved"
check "hard link: the same inode (the link is not broken)" eval '[ "$(stat -c %i "$H/doc.rst")" = "$ino" ]'
check "hard link: the other name shows the new text" same "$H/doc.rst" "$H/other-link.rst"
check "hard link: no temporary file left" eval '! ls -A "$H" | grep -q yeok-'
tm_keys C-q
check "hard link: exit" tm_wait "EXITED-0"
if [ "$(id -u)" = 0 ]; then
	O=$T/owner
	mkdir -p "$O"
	doc "$O/doc.rst"
	chown nobody:nogroup "$O/doc.rst"
	chmod 664 "$O/doc.rst"
	fresh
	tm_start 100 20 "cd $O && $YEOK doc.rst"
	check "other owner: open" tm_wait "First paragraph"
	tm_text "소유자 "
	tm_keys C-s
	check "other owner: saved" tm_wait "Saved"
	check "other owner: the file still belongs to nobody:nogroup" eval '[ "$(stat -c %U:%G "$O/doc.rst")" = nobody:nogroup ]'
	check "other owner: the mode is kept" eval '[ "$(stat -c %a "$O/doc.rst")" = 664 ]'
	tm_keys C-q
	check "other owner: exit" tm_wait "EXITED-0"
else
	skip "a file of another owner needs root"
fi

# ---- item 17 and issue 15: stale temporaries, git status, fsmonitor ------------
G=$T/git
mkdir -p "$G" "$T/ghooks"
git -C "$G" init -q
doc "$G/doc.rst"
git -C "$G" add -A && git -C "$G" commit -qm one
MARK=$T/fsmonitor-ran
printf '#!/bin/sh\necho ran >> %s\nexit 0\n' "$MARK" >"$T/ghooks/fsmonitor"
chmod +x "$T/ghooks/fsmonitor"
git -C "$G" config core.fsmonitor "$T/ghooks/fsmonitor"
git -C "$G" status >/dev/null 2>&1
check "(the fsmonitor hook is live)" test -s "$MARK"
rm -f "$MARK"
# what a kill -9 during a save leaves behind
printf 'partial' >"$G/.doc.rst.yeok-Ab12Cd"
printf 'partial' >"$G/.doc.rst.yeok.yaml.yeok-Ef34Gh"
fresh
tm_start 200 20 "cd $G && $YEOK doc.rst"
check "git: open" tm_wait "First paragraph"
check "git: says once that the side files are now excluded" tm_wait ".git/info/exclude"
check "git: stale temporary files of a killed save are removed at open" eval '! ls -A "$G" | grep -q yeok-'
tm_text "깃 "
tm_keys C-s
check "git: the first save (source recorded from HEAD)" tm_wait "Saved"
check "git: the first save ran no fsmonitor hook" test ! -e "$MARK"
tm_keys C-q
check "git: exit" tm_wait "EXITED-0"
rm -f "$MARK"
check "git: the exclude patterns are in the repository's info/exclude" eval 'grep -qxF "*.yeok.yaml" "$G/.git/info/exclude" && grep -qxF "*.yeok.journal" "$G/.git/info/exclude" && grep -qxF "*.yeok.src" "$G/.git/info/exclude" && grep -qxF ".*.yeok-??????" "$G/.git/info/exclude"'
out=$(git -C "$G" -c core.fsmonitor=false status --porcelain --untracked-files=all); check "git: after the session git status shows only the document" eval '[ "$(git -C "$G" -c core.fsmonitor=false status --porcelain)" = " M doc.rst" ]'
check "git: the sidecar exists (only excluded)" test -e "$G/doc.rst.yeok.yaml"
fresh
tm_start 200 20 "cd $G && $YEOK doc.rst"
check "git: second open" tm_wait "깃 Title"
check "git: ... does not say it again" eval '! tm_screen | grep -q "info/exclude"'
check "git: ... and runs no fsmonitor hook" test ! -e "$MARK"
tm_keys C-q
check "git: second exit" tm_wait "EXITED-0"
check "git: patterns written once" eval '[ "$(grep -cxF "*.yeok.yaml" "$G/.git/info/exclude")" = 1 ]'
# a worktree: the real git folder is found (.git is a file there)
git -C "$G" -c core.fsmonitor=false worktree add -q "$T/wt2" 2>/dev/null
fresh
tm_start 200 20 "cd $T/wt2 && $YEOK doc.rst"
check "worktree: open" tm_wait "First paragraph"
tm_text "w "
tm_keys C-s
check "worktree: saved" tm_wait "Saved"
tm_keys C-q
check "worktree: exit" tm_wait "EXITED-0"
check "worktree: git status shows only the document" eval '[ "$(git -C "$T/wt2" -c core.fsmonitor=false status --porcelain)" = " M doc.rst" ]'

# ---- item 18: emoji sequences do not clip the line in tmux ------------------
Z=$T/zwj
mkdir -p "$Z"
FAM=$(printf '\360\237\221\250\342\200\215\360\237\221\251\342\200\215\360\237\221\247')
THUMB=$(printf '\360\237\221\215\360\237\217\275')
FLAG=$(printf '\360\237\207\260\360\237\207\267')
printf 'Title\n=====\n\nA %s family, %s thumb and %s flag then END-OF-LINE.\n' "$FAM" "$THUMB" "$FLAG" >"$Z/en.rst"
printf 'Title\n=====\n\n가 %s 가족, %s 엄지, %s 국기 그리고 줄-끝.\n' "$FAM" "$THUMB" "$FLAG" >"$Z/doc.rst"
fresh
tm_start 160 20 "cd $Z && $YEOK --source en.rst doc.rst"
check "emoji: open" tm_wait "Title"
check "emoji: the source line is drawn to its end" tm_wait "END-OF-LINE."
check "emoji: the translation line is drawn to its end" tm_wait "줄-끝."
# the row keeps its rule and the translation beside it (no clipping)
check "emoji: the emoji row still has the rule and the Korean beside it" eval 'tm_screen | grep "END-OF-LINE" | grep -q "│.*가 "'
tm_keys C-q
check "emoji: exit" tm_wait "EXITED-0"
