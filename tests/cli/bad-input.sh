#!/usr/bin/env bash
# Bad input (issue 9): each a clear message naming the file, the right exit
# status, never a crash.  The cases that need a terminal are in
# tests/e2e/test-bad-input.sh.
. "$(dirname "$0")/../lib.sh"
case $YEOK in /*) ;; *) YEOK=$PWD/$YEOK ;; esac

no_crash() { [ "$status" -lt 64 ] && lacks "$err" "AddressSanitizer" && lacks "$err" "runtime error"; }
doc() { printf 'Title\n=====\n\nSome text here.\n' >"$1"; }

# ---- cannot open ---------------------------------------------------------
run "$YEOK" "$T/nope.rst"
check "nonexistent path: exit 66" eq "$status" 66
check "... names the file" has "$err" "$T/nope.rst: no such file"
mkdir "$T/folder"
run "$YEOK" "$T/folder"
# a directory is the repository view (yeok DIR): it needs a terminal
check "a directory without a terminal: exit 64" eq "$status" 64
check "... says the repository view needs a terminal" has "$err" "the repository view needs a terminal"
NR=$(mktemp -d)
cleanup_hooks="${cleanup_hooks:+$cleanup_hooks; }rm -rf $NR"
chmod 755 "$NR"
doc "$NR/secret.rst"
chmod 000 "$NR/secret.rst"
if [ "$(id -u)" = 0 ]; then
	run setpriv --reuid=nobody --regid=nogroup --clear-groups "$YEOK" "$NR/secret.rst"
else
	run "$YEOK" "$NR/secret.rst"
fi
check "no read permission: exit 66" eq "$status" 66
check "... says permission denied" has "$err" "secret.rst: cannot open: Permission denied"

# ---- binary -----------------------------------------------------------------
printf 'Title\n=====\n\nab\0cd\n' >"$T/bin.rst"
run "$YEOK" "$T/bin.rst"
check "binary file (NUL byte): exit 65" eq "$status" 65
check "... names the file and line" has "$err" "bin.rst:4: a NUL byte"

# ---- odd but valid text: the checks and the alignment run ----------------
printf 'Title\n=====\n\nBad \377\376 bytes \300 here.\n' >"$T/invalid.rst"
printf 'Title\r\n=====\r\n\r\nWindows text.\r\n' >"$T/crlf.rst"
printf '\357\273\277Title\n=====\n\nWith a BOM.\n' >"$T/bom.rst"
: >"$T/empty.rst"
printf 'int main(void) { return 0; }\n{"json": [1, 2]}\n' >"$T/code.rst"
{ printf 'Title\n=====\n\n'; head -c 1048576 /dev/zero | tr '\0' 'a'; printf '\n'; } >"$T/longline.rst"
awk 'BEGIN { print "Title"; print "====="; for (i = 0; i < 200000; i++) { if (i % 3 == 2) print ""; else print "Line " i " of prose." } }' >"$T/big.rst"
for f in invalid crlf bom empty code longline big; do
	run "$YEOK" check "$T/$f.rst"
	check "$f: yeok check runs (status $status)" no_crash
	run "$YEOK" align "$T/$f.rst"
	check "$f: yeok align runs" eq "$status" 0
done
run "$YEOK" "$T/invalid.rst"
check "invalid UTF-8: the editor opens it (then needs a terminal)" eq "$status" 64
check "... and says so" has "$err" "needs a terminal"

# ---- a corrupt sidecar --------------------------------------------------------
doc "$T/side.rst"
printf 'yeok: 1\nsegments: [\n  - {bad\n' >"$T/side.rst.yeok.yaml"
cp "$T/side.rst.yeok.yaml" "$T/side.orig"
run "$YEOK" checklist "$T/side.rst"
check "corrupt sidecar: exit 65" eq "$status" 65
check "... names the sidecar, line and column" has "$err" "side.rst.yeok.yaml:3:"
check "... and leaves it as it was" cmp -s "$T/side.rst.yeok.yaml" "$T/side.orig"

# ---- a glossary with wrong types ---------------------------------------------
printf 'language: ko\nterms:\n  - {en: [1, 2], ko: {a: b}}\n' >"$T/gloss.yaml"
doc "$T/g.rst"
run "$YEOK" check --glossary "$T/gloss.yaml" "$T/g.rst"
check "glossary with wrong types: exit 78" eq "$status" 78
check "... names the glossary, line and column" has "$err" "gloss.yaml:3:"

# ---- a non-UTF-8 locale -----------------------------------------------------
doc "$T/l.rst"
run env LANG=C LC_ALL=C "$YEOK" "$T/l.rst"
check "non-UTF-8 locale: exit 78" eq "$status" 78
check "... says what to do" has "$err" "LANG=C.UTF-8"

# ---- git: missing, not a repository, a revision that does not exist -------
doc "$T/nogit.rst"
run "$YEOK" align --source-rev HEAD "$T/nogit.rst"
check "--source-rev outside a repository: exit 66" eq "$status" 66
check "... says so" has "$err" "not in a git work tree"
run env PATH=/nonexistent "$YEOK" align --source-rev HEAD "$T/nogit.rst"
check "git missing: exit 66" eq "$status" 66
check "... says git is not installed" has "$err" "git is not installed"
if command -v git >/dev/null; then
	G=$T/repo
	mkdir "$G"
	git -C "$G" init -q
	doc "$G/a.rst"
	git -C "$G" add a.rst
	git -C "$G" -c user.name=t -c user.email=t@t commit -qm one
	run "$YEOK" align --source-rev no-such-rev "$G/a.rst"
	check "a revision that does not exist: exit 66" eq "$status" 66
	check "... names it" has "$err" "unknown revision 'no-such-rev'"
	run "$YEOK" align --source-rev 'HEAD:$(touch pwned)' "$G/a.rst"
	check "a hostile revision is not run by a shell" eval '[ ! -e pwned ] && [ ! -e "$G/pwned" ]'
fi

# ---- file names: spaces, quotes, $(...), a leading dash -------------------
for name in 'with space.rst' "it's \"quoted\".rst" '$(touch pwned).rst' '-dash.rst'; do
	mkdir -p "$T/names"
	doc "$T/names/$name"
	(cd "$T/names" && "$YEOK" align -- "$name" >"$T/.out" 2>"$T/.err")
	status=$?
	check "file name [$name]: yeok align works" eq "$status" 0
	(cd "$T/names" && "$YEOK" check -- "$name" >"$T/.out" 2>"$T/.err")
	status=$?
	check "file name [$name]: yeok check works" no_crash
done
check "no \$(...) in a file name was run" eval '[ ! -e "$T/names/pwned" ] && [ ! -e pwned ]'
(cd "$T/names" && "$YEOK" -- '-dash.rst' </dev/null >"$T/.out" 2>"$T/.err")
status=$?
err=$(cat "$T/.err")
check "editor: a leading-dash name after -- opens (then needs a terminal)" has "$err" "needs a terminal"
run "$YEOK" "$T/names/missing \$(touch pwned) file.rst"
check "editor: a missing hostile name is exit 66 with the name as given" has "$err" 'missing $(touch pwned) file.rst: no such file'
