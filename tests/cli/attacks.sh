#!/usr/bin/env bash
# Nothing let in (issue 14, round 2), the command-line half of the attack:
# devices and FIFOs wherever yeok reads (item 13), side files that are
# symlinks (11), repository-configured programs that must never run (12),
# escape bytes in what is printed (14), sidecar messages that quote a file
# (15), non-regular documents (16), side files kept out of pull requests
# (issue 15).  The editor's half is tests/e2e/test-attacks.sh.
. "$(dirname "$0")/../lib.sh"
case $YEOK in /*) ;; *) YEOK=$PWD/$YEOK ;; esac
export XDG_CACHE_HOME=$T/cache GIT_CONFIG_NOSYSTEM=1 HOME=$T/home
mkdir -p "$HOME"
git config --global user.email t@t
git config --global user.name t
git config --global init.defaultBranch main

doc() { printf 'Title\n=====\n\nSome text here.\n\nMore text.\n' >"$1"; }
# quick: the command ended by itself (no hang on a FIFO), no crash
quick() { [ "$status" -ne 124 ] && lacks "$err" "AddressSanitizer" && lacks "$err" "runtime error"; }
trun() { run timeout 20 "$@"; }
ESC=$(printf '\033')
no_esc() { ! printf '%s' "$1" | grep -q "$ESC"; }

# ---- item 13: devices, FIFOs and huge files ----------------------------------
trun "$YEOK" check /dev/zero
check "yeok check /dev/zero: refused at once (no out-of-memory)" quick
check "... exit 66" eq "$status" 66
check "... says it is a character device" has "$err" "/dev/zero: not a regular file (a character device)"
mkfifo "$T/fifo.rst"
trun "$YEOK" check "$T/fifo.rst"
check "a FIFO as FILE: yeok check does not hang" quick
check "... says it is a FIFO" has "$err" "fifo.rst: not a regular file (a FIFO)"
trun "$YEOK" "$T/fifo.rst"
check "a FIFO as FILE: the editor does not hang in open" quick
check "... and says so" has "$err" "not a regular file (a FIFO)"
doc "$T/d.rst"
trun "$YEOK" check --source /dev/zero "$T/d.rst"
check "--source /dev/zero: refused" has "$err" "/dev/zero: not a regular file"
trun "$YEOK" align --source "$T/fifo.rst" "$T/d.rst"
check "--source FIFO: refused without hanging" has "$err" "not a regular file (a FIFO)"
truncate -s 300M "$T/huge.rst"
trun "$YEOK" check "$T/huge.rst"
check "a 300 MB document: refused by its size, not read" has "$err" "huge.rst: too large"
rm -f "$T/huge.rst"
# a sidecar's source record naming /dev/zero, a FIFO, a path outside
mkdir -p "$T/rec"
doc "$T/rec/a.rst"
for src in "file: /dev/zero" "file: ../fifo.rst" "snapshot: ../fifo.rst" "file: fifo-here.rst"; do
	mkfifo "$T/rec/fifo-here.rst" 2>/dev/null
	printf 'yeok: 1\nsource: {%s}\n' "$src" >"$T/rec/a.rst.yeok.yaml"
	for cmd in align stats pr check; do
		trun "$YEOK" $cmd "$T/rec/a.rst"
		check "sidecar source {$src}: yeok $cmd neither hangs nor reads it" quick
	done
	trun "$YEOK" align "$T/rec/a.rst"
	check "sidecar source {$src}: a clear message" eval 'has "$err" "absolute path is not allowed" || has "$err" "not a regular file" || has "$err" "must be a file beside the document"'
done
# inside a work tree, a recorded path must stay inside it
mkdir -p "$T/wt" && git -C "$T/wt" init -q
doc "$T/wt/a.rst"
doc "$T/outside.rst"
printf 'yeok: 1\nsource: {file: ../outside.rst}\n' >"$T/wt/a.rst.yeok.yaml"
trun "$YEOK" align "$T/wt/a.rst"
check "sidecar source outside the work tree: not read" has "$err" "outside the work tree"
printf 'yeok: 1\nsource: {git: 349cbf1eed1ea559fd80d34223c5b57c188e2667, path: ../../etc/passwd}\n' >"$T/wt/a.rst.yeok.yaml"
trun "$YEOK" align "$T/wt/a.rst"
check "sidecar git path leaving the repository: refused" has "$err" "must be a path inside the repository"
rm -f "$T/wt/a.rst.yeok.yaml"
# .github/PULL_REQUEST_TEMPLATE.md -> /dev/zero, and a FIFO
mkdir -p "$T/wt/.github"
ln -s /dev/zero "$T/wt/.github/PULL_REQUEST_TEMPLATE.md"
trun "$YEOK" pr "$T/wt/a.rst"
check "PR template -> /dev/zero: yeok pr ends at once" quick
check "... says why" has "$err" "not a regular file (a character device)"
rm "$T/wt/.github/PULL_REQUEST_TEMPLATE.md"
mkfifo "$T/wt/.github/PULL_REQUEST_TEMPLATE.md"
trun "$YEOK" pr "$T/wt/a.rst"
check "PR template as a FIFO: yeok pr does not hang" quick
rm "$T/wt/.github/PULL_REQUEST_TEMPLATE.md"
# .yeok-words -> /dev/zero (the project word list, read by the spelling check)
ln -s /dev/zero "$T/wt/.yeok-words"
trun "$YEOK" check --only spelling "$T/wt/a.rst"
check ".yeok-words -> /dev/zero: yeok check ends at once" quick
rm "$T/wt/.yeok-words"
mkfifo "$T/wt/.yeok-words"
trun "$YEOK" check --only spelling "$T/wt/a.rst"
check ".yeok-words as a FIFO: yeok check does not hang" quick
rm "$T/wt/.yeok-words"

# ---- item 16: a character device as the document -----------------------------
if [ "$(id -u)" = 0 ]; then
	mknod "$T/mynull" c 1 3
	trun "$YEOK" "$T/mynull"
	check "yeok mynull (a character device): refused" has "$err" "mynull: not a regular file (a character device)"
	check "... it stays a device" test -c "$T/mynull"
else
	_tap_n=$((_tap_n + 1)); echo "ok $_tap_n - # SKIP mknod needs root"
fi

# ---- item 11: a symlinked sidecar is neither followed nor rewritten --------
mkdir -p "$T/ln/repo"
doc "$T/ln/repo/doc.rst"
printf 'yeok: 1\nchecklist: {issue: 7}\n' >"$T/ln/victim.yaml"
cp "$T/ln/victim.yaml" "$T/ln/victim.orig"
ln -s ../victim.yaml "$T/ln/repo/doc.rst.yeok.yaml"
trun "$YEOK" checklist "$T/ln/repo/doc.rst" --issue 42
check "checklist --issue through a symlinked sidecar: refused" has "$err" "a symbolic link"
check "... the file it points at is unchanged" cmp -s "$T/ln/victim.yaml" "$T/ln/victim.orig"
check "... the link is still a link" test -L "$T/ln/repo/doc.rst.yeok.yaml"

# ---- item 15: a sidecar message quotes no secret -----------------------------
mkdir -p "$T/q"
doc "$T/q/doc.rst"
printf 'https://user:ghp_0123456789SECRETTOKEN@github.com/org/repo\n' >"$T/q/doc.rst.yeok.yaml"
trun "$YEOK" checklist "$T/q/doc.rst"
check "a sidecar that is no YAML mapping: an error naming it" has "$err" "doc.rst.yeok.yaml:1:1: not a yeok sidecar"
check "... without quoting its content" lacks "$err" "ghp_"
printf 'yeok: 1\nchecklist: {type: "ghp_0123456789SECRETTOKEN_and_more\\e]2;x\\a"}\n' >"$T/q/doc.rst.yeok.yaml"
trun "$YEOK" checklist "$T/q/doc.rst"
check "a bad value: quoted by a short prefix only" has "$err" "'ghp_0123456789SECRETTOKE...'"
check "... not the whole token" lacks "$err" "SECRETTOKEN_and_more"
check "... no escape byte on stderr" no_esc "$err"

# ---- item 12: nothing the repository configures runs ------------------------
R=$T/hostile
mkdir -p "$R/hooks"
git -C "$R" init -q
MARK=$T/marker
for h in fsmonitor pager diffext textconv clean smudge gpg $(ls /usr/share/git-core/templates/hooks 2>/dev/null | sed 's/\.sample$//'); do
	printf '#!/bin/sh\necho %s >> %s\ncat >/dev/null 2>&1\nexit 0\n' "$h" "$MARK" >"$R/hooks/$h"
	chmod +x "$R/hooks/$h"
done
for h in pre-commit post-checkout post-index-change reference-transaction pre-auto-gc post-rewrite; do
	printf '#!/bin/sh\necho hook-%s >> %s\nexit 0\n' "$h" "$MARK" >"$R/hooks/$h"
	chmod +x "$R/hooks/$h"
done
doc "$R/doc.rst"
printf '* filter=evil diff=evil\n' >"$R/.gitattributes"
git -C "$R" add -A && git -C "$R" commit -qm one
git -C "$R" config core.fsmonitor "$R/hooks/fsmonitor"
git -C "$R" config core.hooksPath "$R/hooks"
git -C "$R" config core.pager "$R/hooks/pager"
git -C "$R" config diff.external "$R/hooks/diffext"
git -C "$R" config diff.evil.textconv "$R/hooks/textconv"
git -C "$R" config filter.evil.clean "$R/hooks/clean"
git -C "$R" config filter.evil.smudge "$R/hooks/smudge"
git -C "$R" config gpg.program "$R/hooks/gpg"
git -C "$R" config log.showSignature true
git -C "$R" config core.untrackedCache true
rm -f "$MARK"
# the hooks are live: git itself runs them
git -C "$R" status >/dev/null 2>&1 </dev/null
check "(the fsmonitor hook is live: git status runs it)" test -s "$MARK"
rm -f "$MARK"
printf 'Title\n=====\n\nKorean 번역 here.\n\nMore text.\n' >"$R/doc.rst"
for c in "check" "align" "stats" "pr" "checklist" "check --source-rev HEAD" "align --source-rev HEAD" "review --export markdown --base HEAD" "review --export github-json --base HEAD"; do
	trun "$YEOK" $c "$R/doc.rst"
	check "yeok $c in a hostile repository: no configured program ran" eval '[ ! -e "$MARK" ]'
	[ -e "$MARK" ] && { echo "#   ran: $(tr '\n' ' ' <"$MARK")"; rm -f "$MARK"; }
done
trun "$YEOK" checklist "$R/doc.rst" --issue 5
check "yeok checklist --issue (writes the sidecar): no configured program ran" eval '[ ! -e "$MARK" ]'

# ---- issue 15: yeok pr warns about staged side files ----------------------
git -C "$R" add -f doc.rst.yeok.yaml 2>/dev/null
rm -f "$MARK" # (git add itself ran the filters)
trun "$YEOK" pr "$R/doc.rst"
check "yeok pr: a staged sidecar is a warning" has "$err" "side file doc.rst.yeok.yaml is staged for commit"
check "yeok pr with staged files ran no configured program" eval '[ ! -e "$MARK" ]'
git -C "$R" rm -q --cached doc.rst.yeok.yaml 2>/dev/null
rm -f "$MARK"
trun "$YEOK" pr "$R/doc.rst"
check "... and none once it is unstaged" lacks "$err" "is staged for commit"

# ---- item 14: no escape bytes in what yeok prints ----------------------------
E=$T/esc
mkdir -p "$E"
git -C "$E" init -q
EVIL=$(printf 'evil\033]2;PWNED\007.rst')
printf 'Title\n=====\n\nEnglish text.\n' >"$E/$EVIL"
git -C "$E" add -A && git -C "$E" commit -qm en
printf 'Title\n=====\n\n한국어 문장.\n' >"$E/$EVIL"
printf 'yeok: 1\nreview:\n  - {line: 4, segment: null, text: "look \\e]2;PWNED\\a\\e[2J here", state: open}\n' >"$E/$EVIL.yeok.yaml"
trun "$YEOK" review --export markdown --base HEAD "$E/$EVIL"
check "review --export markdown: the comment is exported" has "$out" "look"
check "... without the escape bytes of the comment or the file name" no_esc "$out"
mkdir -p "$E/.github"
printf '## PR\n\n- [ ] \033]2;PWNED\007 license\n\033[2J\n' >"$E/.github/PULL_REQUEST_TEMPLATE.md"
trun "$YEOK" pr "$E/$EVIL"
check "yeok pr with a hostile template: printed" has "$out" "license"
check "... without escape bytes" no_esc "$out"
check "... nor on stderr" no_esc "$err"
trun "$YEOK" check "$E/$EVIL"
check "yeok check: no escape bytes from the file name" no_esc "$out$err"
trun "$YEOK" stats "$E"
check "yeok stats: no escape bytes from file names" no_esc "$out$err"

# ---- item 10: YAML bombs in a glossary given on the command line -----------
doc "$T/b.rst"
python3 -c 'print("terms: " + "[" * 100000)' >"$T/nest.yaml"
{ printf 'terms:\n  - &t {en: x, ko: "'; head -c 1048576 /dev/zero | tr '\0' y; printf '"}\n'
  for i in $(seq 1 20000); do echo '  - *t'; done; } >"$T/alias.yaml"
trun "$YEOK" check --glossary "$T/nest.yaml" "$T/b.rst"
check "glossary of 100k nested [: refused at once, exit 78" eq "$status" 78
check "... naming the file and line" has "$err" "nest.yaml:1:"
check "... nested too deeply" has "$err" "nested too deeply for a glossary"
trun "$YEOK" check --glossary "$T/alias.yaml" "$T/b.rst"
check "glossary of 20k aliases of a 1 MB term: refused, exit 78" eq "$status" 78
check "... anchors and aliases are not allowed" has "$err" "alias.yaml:2:5: anchors (&name) are not allowed in a glossary"
