#!/usr/bin/env bash
# Nothing lost, nothing let in — round 3 (issue 37), the command-line half:
# a partial clone's lazy fetch that runs the attacker's program (item 1),
# memories that are not yeok's (2, 18), yeok sync's order of writes, races
# and refusals (4-6), symlinks and core.worktree leading out of the
# repository (7-9), review exports (10), SIGXFSZ (13), the writer lock of
# tm import (14), control characters in file names (16), unreadable
# folders and long names (17).  The editor's half is tests/e2e/test-attacks3.sh.
. "$(dirname "$0")/../lib.sh"
case $YEOK in /*) ;; *) YEOK=$PWD/$YEOK ;; esac
export XDG_CACHE_HOME=$T/cache GIT_CONFIG_NOSYSTEM=1 HOME=$T/home
mkdir -p "$HOME"
git config --global user.email t@t
git config --global user.name t
git config --global init.defaultBranch main
. "$(dirname "$0")/../data/lazy-repo.sh"

san_build() { case $YEOK in */san/* | */debug/*) return 0 ;; esac; return 1; }
skip() { _tap_n=$((_tap_n + 1)); echo "ok $_tap_n - # SKIP $1"; }
tm_until() { local i=0; while [ $i -lt 300 ]; do "$@" && return 0; sleep 0.05; i=$((i + 1)); done; return 1; }
quick() { [ "$status" -ne 124 ] && lacks "$err" "AddressSanitizer" && lacks "$err" "runtime error"; }
trun() { run timeout 60 "$@"; }

# ---- item 1: a partial clone whose promisor remote is `ext::sh -c ...` --------
R=$T/lazy
MARK=$T/lazy-fetch-ran
lazy_repo "$R" "$MARK"
check "(the attack is live: plain git runs the remote's command)" eval 'git -C "$R" cat-file -p "$LAZY_BLOB" >/dev/null 2>&1; test -e "$MARK"'
rm -f "$MARK"
printf 'Title\n=====\n\nSome text here, newer.\n\nMore text.\n' >"$T/new-en.rst"
lazy_cmd() { # every command that reads the English from the history
	rm -rf "$XDG_CACHE_HOME"
	(cd "$R" && timeout 60 "$YEOK" "$@" >"$T/.out" 2>"$T/.err" </dev/null)
	status=$? out=$(cat "$T/.out") err=$(cat "$T/.err")
	check "lazy fetch: yeok $* runs no remote command" eval 'test ! -e "$MARK" && quick'
	rm -f "$MARK"
}
lazy_cmd check doc.rst
lazy_cmd check --source-rev HEAD~1 doc.rst
lazy_cmd align doc.rst
lazy_cmd stats .
lazy_cmd pr doc.rst
lazy_cmd review --base HEAD~1 --export markdown doc.rst
lazy_cmd review --base HEAD~1 --export github-json doc.rst
lazy_cmd sync --to "$T/new-en.rst" --dry-run doc.rst
lazy_cmd sync --to-rev HEAD --dry-run doc.rst
lazy_cmd tm build
lazy_cmd tm update
(cd "$R" && "$YEOK" review --base HEAD~1 --export markdown doc.rst >"$T/.out" 2>"$T/.err")
err=$(cat "$T/.err")
check "lazy fetch: the missing object is named as one yeok does not fetch" has "$err" "yeok never fetches"
# git runs without the user's global config, but the user's safe.directory
# (another user's repository the user trusts) still counts
if [ "$(id -u)" = 0 ]; then
	S=$T/owned
	git init -q "$S"
	printf 'Title\n=====\n\nSome text here.\n' >"$S/doc.rst"
	git -C "$S" add doc.rst && git -C "$S" commit -qm english
	printf '제목\n====\n\n여기 글.\n' >"$S/doc.rst"
	git -C "$S" commit -qam korean
	chown -R nobody "$S"
	git config --global --add safe.directory "$S"
	trun "$YEOK" align "$S/doc.rst"
	check "another user's repository in the user's safe.directory: the English is found in its history" eval 'eq "$status" 0 && lacks "$err" "no English source"' 
	git config --global --unset-all safe.directory
	trun "$YEOK" align "$S/doc.rst"
	check "... and not without it (git's own refusal stands)" has "$err" "no English source"
else
	_tap_n=$((_tap_n + 1)); echo "ok $_tap_n - # SKIP another owner's repository needs root"
fi

# ---- item 2: --tm naming something that is not a translation memory --------
M=$T/mem
git init -q "$M"
printf 'Title\n=====\n\nSome text.\n' >"$M/a.rst"
git -C "$M" add a.rst && git -C "$M" commit -qm one
printf '<?xml version="1.0"?>\n<tmx version="1.4"><header srclang="en"/><body>\n<tu><tuv xml:lang="en"><seg>Some text.</seg></tuv><tuv xml:lang="ko"><seg>어떤 글.</seg></tuv></tu>\n</body></tmx>\n' >"$T/in.tmx"
cp "$T/in.tmx" "$M/victim.tmx"
printf 'my notes\n' >"$M/notes.txt"
printf 'SQLite format 3\0' >"$M/other.db" # a file that only looks like SQLite
if command -v sqlite3 >/dev/null; then
	rm -f "$M/other.db"
	sqlite3 "$M/other.db" 'PRAGMA application_id=1234; CREATE TABLE t(x); INSERT INTO t VALUES(42);'
	sqlite3 "$M/plain.db" 'CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES("schema", "1");'
fi
mkfifo "$M/fifo"
: >"$M/empty"
[ "$(id -u)" = 0 ] && mknod "$M/zero" c 1 5
for f in victim.tmx notes.txt other.db plain.db empty fifo zero; do
	[ -e "$M/$f" ] || continue
	[ -f "$M/$f" ] && cp "$M/$f" "$T/$f.orig"
	for verb in "query Some" "export --tmx $T/out.tmx" "terms" "import $T/in.tmx" "build" "update"; do
		(cd "$M" && timeout 20 "$YEOK" tm $verb --tm "$f" >"$T/.out" 2>"$T/.err" </dev/null)
		status=$? err=$(cat "$T/.err")
		check "--tm $f: tm ${verb%% *} refuses it" eval 'quick && [ "$status" -ne 0 ] && has "$err" "$f: not a translation memory"'
		if [ -f "$M/$f" ]; then
			check "... and $f is unchanged" cmp -s "$M/$f" "$T/$f.orig"
		else
			check "... and $f is still what it was" eval '[ -p "$M/$f" ] || [ -c "$M/$f" ]'
		fi
	done
	check "--tm $f: no lock file made beside it" test ! -e "$M/$f.lock"
done
trun "$YEOK" tm build --tm "$M/notes.txt"
check "a refused build says it did not replace the file" has "$err" "notes.txt: not a translation memory (not an SQLite database): not replaced"
# config.yaml's tm: is refused in the same way
mkdir -p "$XDG_CONFIG_HOME/yeok"
printf 'tm: %s\n' "$M/notes.txt" >"$XDG_CONFIG_HOME/yeok/config.yaml"
(cd "$M" && "$YEOK" tm query Some >/dev/null 2>"$T/.err")
check "tm: notes.txt in config.yaml: refused" has "$(cat "$T/.err")" "notes.txt: not a translation memory"
check "... unchanged" cmp -s "$M/notes.txt" "$T/notes.txt.orig"
rm -f "$XDG_CONFIG_HOME/yeok/config.yaml"
# yeok's own memories still work: built, imported into, queried
trun "$YEOK" tm import --tm "$T/mine.sqlite" "$T/in.tmx"
check "a new memory by import: made" eval 'eq "$status" 0 && has "$out" "imported 1 of 1"'
trun "$YEOK" tm query --tm "$T/mine.sqlite" "Some text."
check "... and queried" has "$out" "어떤 글."

# ---- item 18: a memory with a trigger or a never-ending view --------------
# (outside a repository: inside one, a memory with yeok's header whose
# schema differs is built again, as one of another version is)
cd "$T"
if command -v sqlite3 >/dev/null; then
	cp "$T/mine.sqlite" "$T/trig.sqlite"
	sqlite3 "$T/trig.sqlite" "CREATE TRIGGER slow AFTER INSERT ON seg BEGIN SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c); END;"
	cp "$T/trig.sqlite" "$T/trig.orig"
	printf '<?xml version="1.0"?>\n<tmx version="1.4"><header srclang="en"/><body>\n<tu><tuv xml:lang="en"><seg>Other text.</seg></tuv><tuv xml:lang="ko"><seg>다른 글.</seg></tuv></tu>\n</body></tmx>\n' >"$T/in2.tmx"
	trun timeout 20 "$YEOK" tm import --tm "$T/trig.sqlite" "$T/in2.tmx"
	check "a memory with a trigger: tm import does not hang" quick
	check "... refuses its schema" has "$err" "its schema differs"
	check "... and leaves it as it was" cmp -s "$T/trig.sqlite" "$T/trig.orig"
	cp "$T/mine.sqlite" "$T/view.sqlite"
	sqlite3 "$T/view.sqlite" "DROP TABLE meta; CREATE VIEW meta AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT 'schema' AS key, '1' AS value FROM c WHERE x < 0;"
	trun timeout 20 "$YEOK" tm query --tm "$T/view.sqlite" "Some text."
	check "a memory whose meta is a never-ending view: tm query does not hang" quick
	check "... refuses its schema" has "$err" "its schema differs"
	trun timeout 20 "$YEOK" tm import --tm "$T/view.sqlite" "$T/in2.tmx"
	check "... and so does tm import" eval 'quick && has "$err" "its schema differs"'
else
	_tap_n=$((_tap_n + 1)); echo "ok $_tap_n - # SKIP no sqlite3 program"
fi

# ---- item 14: tm import takes the writer lock ------------------------------
cp "$T/mine.sqlite" "$T/locked.sqlite"
cp "$T/locked.sqlite" "$T/locked.orig"
exec 9>"$T/locked.sqlite.lock"
flock 9 # as a running build holds it
trun "$YEOK" tm import --tm "$T/locked.sqlite" "$T/in2.tmx"
check "tm import while a build holds the writer lock: refused at once" eval 'quick && [ "$status" -eq 74 ]'
check "... saying another writer is running" has "$err" "another build, update or import of the translation memory is running"
check "... the memory untouched" cmp -s "$T/locked.sqlite" "$T/locked.orig"
exec 9>&-
trun "$YEOK" tm import --tm "$T/locked.sqlite" "$T/in2.tmx"
check "once the lock is free, tm import works" eval 'eq "$status" 0 && has "$out" "imported 1 of 1"'

# ---- items 4-6: yeok sync ------------------------------------------------------
S=$T/sync
mkdir -p "$S"
sync_setup() {
	rm -f "$S"/doc.rst* "$S/fifo"
	printf 'Title\n=====\n\nThe first paragraph explains the model training loop in detail.\n\nThe second paragraph is about data loading and batching.\n' >"$S/old.rst"
	printf '제목\n====\n\n첫 문단은 모델 학습 루프를 자세히 설명합니다.\n\n둘째 문단은 데이터 적재와 배치를 다룹니다.\n' >"$S/doc.rst"
	printf 'Title\n=====\n\nThe first paragraph explains the model training loop in detail.\n\nThe second paragraph is about data loading, batching and shuffling.\n' >"$S/new.rst"
	cp "$S/doc.rst" "$S/doc.orig"
}
korean_kept() { # the stale block's Korean is in FILE or in the sidecar's hint
	grep -qF "둘째 문단은" "$S/doc.rst" || grep -qF "hint: 둘째 문단은" "$S/doc.rst.yeok.yaml" 2>/dev/null
}
if san_build; then
	# item 4: killed (-9) between the two writes: the Korean is somewhere
	sync_setup
	mkfifo "$S/fifo"
	(cd "$S" && YEOK_TEST_SYNC_BEFORE_FILE="$S/fifo" exec "$YEOK" sync --from old.rst --to new.rst doc.rst >/dev/null 2>&1) &
	pid=$!
	tm_until grep -qF "hint: 둘째 문단은" "$S/doc.rst.yeok.yaml"
	check "sync: paused before FILE is written, the sidecar with the hint is there" eval 'kill -0 $pid && grep -qF "hint: 둘째 문단은" "$S/doc.rst.yeok.yaml"'
	kill -9 $pid; wait $pid 2>/dev/null
	check "... killed between the two: FILE is as it was" cmp -s "$S/doc.rst" "$S/doc.orig"
	check "... and the stale block's Korean is not lost" korean_kept
	# SIGTERM (and Ctrl-C) in that moment waits until both are written
	sync_setup
	mkfifo "$S/fifo"
	(cd "$S" && YEOK_TEST_SYNC_BEFORE_FILE="$S/fifo" exec "$YEOK" sync --from old.rst --to new.rst doc.rst >"$T/sync.out" 2>&1) &
	pid=$!
	tm_until test -e "$S/doc.rst.yeok.yaml"
	kill -TERM $pid
	timeout 20 sh -c "echo go >\"$S/fifo\""
	wait $pid
	st=$?
	check "sync: SIGTERM during the writes ends it after them (exit 143)" eq "$st" 143
	check "... FILE has the new English" grep -qF "batching and shuffling" "$S/doc.rst"
	check "... and the sidecar the old Korean as its hint" grep -qF "hint: 둘째 문단은" "$S/doc.rst.yeok.yaml"
	check "... the summary was printed" grep -qF "doc.rst: kept 2, stale 1" "$T/sync.out"
	# item 5: another program saves FILE while sync works: not overwritten
	sync_setup
	mkfifo "$S/fifo"
	(cd "$S" && YEOK_TEST_SYNC_BEFORE_FILE="$S/fifo" exec "$YEOK" sync --from old.rst --to new.rst doc.rst >"$T/sync.out" 2>"$T/sync.err") &
	pid=$!
	tm_until test -e "$S/doc.rst.yeok.yaml"
	printf '제목\n====\n\n다른 프로그램이 고친 글.\n' >"$S/doc.rst"
	cp "$S/doc.rst" "$S/theirs"
	timeout 20 sh -c "echo go >\"$S/fifo\""
	wait $pid
	st=$?
	check "sync: FILE changed by another program meanwhile: refused (exit 74)" eq "$st" 74
	check "... saying so" grep -qF "doc.rst: changed on disk by another program since yeok sync read it" "$T/sync.err"
	check "... their text is kept" cmp -s "$S/doc.rst" "$S/theirs"
	check "... and the sidecar is put back (there was none)" test ! -e "$S/doc.rst.yeok.yaml"
else
	skip "yeok sync's write hook needs a SANITIZE or DEBUG build"
fi
# the same without the hook: FILE changed between the computation and the
# write is caught by the check before anything is written (sync_write)
sync_setup
trun "$YEOK" sync --from "$S/old.rst" --to "$S/new.rst" "$S/doc.rst"
check "sync: a normal run still works" eval 'eq "$status" 0 && grep -qF "hint: 둘째 문단은" "$S/doc.rst.yeok.yaml"'
# item 6: an empty NEW_EN, a CR-only NEW_EN, one that drops most of the Korean
sync_setup
: >"$S/empty.rst"
trun "$YEOK" sync --from "$S/old.rst" --to "$S/empty.rst" "$S/doc.rst"
check "sync onto an empty English: refused (exit 65)" eq "$status" 65
check "... saying it has no blocks" has "$err" "the new English has no blocks (empty or blank): the sync would drop all 3 translated blocks (--force syncs anyway)"
check "... FILE untouched" cmp -s "$S/doc.rst" "$S/doc.orig"
check "... no sidecar written" test ! -e "$S/doc.rst.yeok.yaml"
tr '\n' '\r' <"$S/new.rst" >"$S/cr.rst"
trun "$YEOK" sync --from "$S/old.rst" --to "$S/cr.rst" "$S/doc.rst"
check "sync onto a CR-only English: refused (exit 65)" eq "$status" 65
check "... saying why" has "$err" "the new English's lines end in CR alone"
check "... FILE untouched" cmp -s "$S/doc.rst" "$S/doc.orig"
printf 'Other\n=====\n\nSomething else entirely, nothing alike at all.\n\nAnd another unrelated text with different words.\n' >"$S/other.rst"
trun "$YEOK" sync --from "$S/old.rst" --to "$S/other.rst" "$S/doc.rst"
check "sync onto an unrelated English: refused" eval 'eq "$status" 65 && has "$err" "the sync would drop 3 of 3 translated blocks"'
check "... FILE untouched" cmp -s "$S/doc.rst" "$S/doc.orig"
trun "$YEOK" sync --dry-run --from "$S/old.rst" --to "$S/empty.rst" "$S/doc.rst"
check "--dry-run: the refusal is a warning and the diff is shown" eval 'eq "$status" 0 && has "$err" "warning:" && has "$out" "-첫 문단은"'
trun "$YEOK" sync --force --from "$S/old.rst" --to "$S/empty.rst" "$S/doc.rst"
check "--force: written" eval 'eq "$status" 0 && [ ! -s "$S/doc.rst" ]'

# ---- item 7: sync --to NEWDIR never follows links in the upstream folder ----
U=$T/up7
mkdir -p "$U/kr" "$U/new" "$U/elsewhere"
printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ SECRET\n-----END OPENSSH PRIVATE KEY-----\n' >"$U/id_key"
printf 'Title\n=====\n\nSome English text here.\n' >"$U/old.rst"
printf '제목\n====\n\n여기 한국어 글.\n' >"$U/kr/doc.rst"
printf '제목\n====\n\n두번째 글.\n' >"$U/kr/two.rst"
cp "$U/kr/doc.rst" "$U/doc.orig"
ln -s ../id_key "$U/new/doc.rst"
printf -- '-----BEGIN KEY-----\nSECRET2\n' >"$U/elsewhere/two.rst"
ln -s ../elsewhere "$U/new/sub"
mkdir -p "$U/kr/sub" && mv "$U/kr/two.rst" "$U/kr/sub/two.rst"
trun "$YEOK" sync --from "$U/old.rst" --to "$U/new" "$U/kr/doc.rst"
check "sync --to NEWDIR whose file is a link to a key: refused" eval '[ "$status" -ne 0 ] && quick'
check "... saying it does not follow the link" has "$err" "a symbolic link: not read (yeok sync never follows links in the upstream folder)"
check "... the key is not in the translation" eval '! grep -q SECRET "$U/kr/doc.rst" && cmp -s "$U/kr/doc.rst" "$U/doc.orig"'
mkdir -p "$U/oldd/sub"
cp "$U/old.rst" "$U/oldd/doc.rst"
cp "$U/old.rst" "$U/oldd/sub/two.rst"
rm "$U/new/doc.rst"
trun "$YEOK" sync --force --from "$U/oldd" --to "$U/new" "$U/kr"
check "sync --to NEWDIR with a linked folder: nothing read through it" eval '! grep -rq SECRET "$U/kr"'
check "... and said" has "$err" "reached through a link out of it"

# ---- item 8: core.worktree=/ does not widen "inside the work tree" ----------
W8=$T/wt8
git init -q "$W8"
printf 'Title\n=====\n\nText.\n' >"$W8/doc.rst"
printf 'Outside secret text.\n' >"$T/outside8.rst"
git -C "$W8" add doc.rst && git -C "$W8" commit -qm one
git -C "$W8" config core.worktree /
printf 'yeok: 1\nsource: {file: ../outside8.rst}\n' >"$W8/doc.rst.yeok.yaml"
trun "$YEOK" align "$W8/doc.rst"
check "core.worktree=/: a sidecar's file: outside the repository is not read" has "$err" "outside the work tree of the document: not read"

# ---- item 9: a tracked symlink document pointing outside the repository -----
L9=$T/link9
git init -q "$L9"
printf 'Title\n=====\n\nVictim text.\n' >"$T/victim9.rst"
cp "$T/victim9.rst" "$T/victim9.orig"
printf 'Title\n=====\n\nA real document.\n' >"$L9/real.rst"
ln -s ../victim9.rst "$L9/evil.rst"
ln -s real.rst "$L9/alias.rst"
git -C "$L9" add -A && git -C "$L9" commit -qm links
trun "$YEOK" stats "$L9"
check "stats of the folder: the link leading out is not listed" lacks "$out" "evil.rst"
check "... the real document is" has "$out" "real.rst"
check "... and a link inside the repository is" has "$out" "alias.rst"
printf 'Title\n=====\n\nVictim text, changed upstream.\n' >"$T/new9.rst"
trun "$YEOK" sync --force --from "$T/victim9.rst" --to "$T/new9.rst" "$L9/evil.rst"
check "sync of the link: not written through it" eval '[ "$status" -ne 0 ] && has "$err" "outside the work tree" && cmp -s "$T/victim9.rst" "$T/victim9.orig"'
check "... the link is still a link" test -L "$L9/evil.rst"

# ---- item 13: past `ulimit -f` a write fails with EFBIG, said, cleaned up ----
X=$T/fsize
git init -q "$X"
for i in $(seq 200); do printf 'Paragraph number %d with some words.\n\n' "$i"; done >"$X/doc.rst"
git -C "$X" add doc.rst && git -C "$X" commit -qm english
sed 's/Paragraph number/문단 번호/' "$X/doc.rst" >"$X/ko.rst" && mv "$X/ko.rst" "$X/doc.rst"
git -C "$X" commit -qam korean
cp "$X/doc.rst" "$T/fsize.orig"
git -C "$X" show HEAD~1:doc.rst | sed 's/some words/some new words/' >"$T/fsize-new-en.rst"
run bash -c "cd '$X' && ulimit -f 4 && exec timeout 60 '$YEOK' sync --to '$T/fsize-new-en.rst' --from-rev HEAD~1 doc.rst"
check "ulimit -f: sync fails with an I/O error, not SIGXFSZ" eval '[ "$status" -eq 74 ] && quick'
check "... saying the file is too large for the limit" has "$err" "File too large (past the file size limit, ulimit -f)"
check "... the document is unchanged" cmp -s "$X/doc.rst" "$T/fsize.orig"
check "... no temporary file is left" eval '[ -z "$(find "$X" -name ".*.yeok-*")" ]'
rm -rf "$XDG_CACHE_HOME"
run bash -c "cd '$X' && ulimit -f 4 && exec timeout 60 '$YEOK' tm build"
check "ulimit -f: tm build fails with an I/O error, not SIGXFSZ" eval '[ "$status" -eq 74 ] && quick'
check "... saying a file size limit is set" has "$err" "a file size limit is set: ulimit -f allows 4096 bytes"
check "... no temporary memory is left" eval '[ -z "$(find "$XDG_CACHE_HOME" -name "*.tmp.*")" ]'
run bash -c "cd '$X' && timeout 60 '$YEOK' tm build"
check "... without the limit the build works" eval '[ "$status" -eq 0 ] && quick'

# ---- item 16: a line feed in a file name forges no line of output ----------
N16=$T/names16
mkdir -p "$N16/sub"
nl_name=$(printf 'a\nb.rst:1:1: error: forged [x]\n::error::x.rst')
printf 'Title\n=====\n\nSome text.  trailing   \n' >"$N16/sub/$nl_name"
printf 'Title\n=====\n\nSome text, newer.\n' >"$T/new16.rst"
printf 'Title\n=====\n\nSome text.\n' >"$T/old16.rst"
forged() { # no line of $out or $err is a forged finding or workflow command
	! printf '%s\n%s\n' "$out" "$err" | grep -qE '^(::|b\.rst:1:1: error: forged)'
}
for c in "check" "check --format text" "align" "stats" "pr" "checklist"; do
	set -- "$nl_name" "$nl_name" # twice: the lines between files too
	[ "$c" = align ] && set -- "$nl_name"
	(cd "$N16/sub" && timeout 60 "$YEOK" $c "$@" >"$T/.out" 2>"$T/.err" </dev/null)
	status=$? out=$(cat "$T/.out") err=$(cat "$T/.err")
	check "name with a line feed: yeok $c forges no line" eval 'forged && quick && [ "$status" -eq 0 ]'
	check "... and shows the line feed as ^J" eval 'has "$out$err" "a^Jb.rst:1:1: error: forged [x]^J::error::x.rst"'
done
trun "$YEOK" stats "$N16"
check "name with a line feed: yeok stats DIR forges no line" eval 'forged && quick && has "$out" "sub/a^Jb.rst"'
cp "$N16/sub/$nl_name" "$T/nl16.orig"
trun "$YEOK" sync --force --from "$T/old16.rst" --to "$T/new16.rst" --dry-run "$N16/sub/$nl_name"
check "name with a line feed: the sync summary forges no line" eval 'forged && quick && has "$out$err" "a^Jb.rst"'

# ---- item 17: what cannot be read is said, never skipped silently ----------
U17=$(mktemp -d)
cleanup_hooks="${cleanup_hooks:+$cleanup_hooks; }chmod -R u+rwx $U17; rm -rf $U17"
chmod 755 "$U17"
mkdir -p "$U17/locked" "$U17/ok" "$U17/noexec"
for d in locked ok noexec; do printf 'Title\n=====\n\nSome text here.\n' >"$U17/$d/a.rst"; done
long=$(printf 'x%.0s' $(seq 251)).rst # 255 bytes: no sidecar can be beside it
printf 'Title\n=====\n\nSome text here.\n' >"$U17/ok/$long"
chmod 000 "$U17/locked"
chmod 644 "$U17/noexec"
as_user() { # the checks of permissions do not hold for root
	if [ "$(id -u)" = 0 ]; then
		setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$U17" XDG_CONFIG_HOME="$U17/cfg" XDG_CACHE_HOME="$U17/cache" "$@"
	else
		"$@"
	fi
}
run as_user timeout 60 "$YEOK" stats "$U17"
check "stats: an unreadable folder is said" has "$err" "yeok: $U17/locked: cannot read: Permission denied"
check "... a folder whose entries cannot be looked at too" has "$err" "yeok: $U17/noexec/a.rst: cannot read: Permission denied"
check "... the exit status is 66 (cannot open input)" eval '[ "$status" -eq 66 ] && quick'
check "... the readable files are counted" has "$out" "$U17/ok/a.rst"
check "... a 255-byte name too (it cannot have a sidecar)" has "$out" "$long  -"
check "... and counted in the total" has "$out" "total (2 files)"
run as_user timeout 60 "$YEOK" stats "$U17/locked"
check "stats of an unreadable folder: said, exit 66" eval '[ "$status" -eq 66 ] && has "$err" "yeok: $U17/locked: cannot read: Permission denied"'
run as_user timeout 60 "$YEOK" stats --format json "$U17"
check "stats --format json: the same status, said on stderr" eval '[ "$status" -eq 66 ] && has "$err" "locked: cannot read"'
mkdir -p "$U17/new/ok"
printf 'Title\n=====\n\nSome new text here.\n' >"$U17/new/ok/a.rst"
run as_user timeout 60 "$YEOK" sync --force --dry-run --to "$U17/new" "$U17"
check "sync DIR with an unreadable folder: refused, saying which" eval '[ "$status" -eq 66 ] && quick && has "$err" "yeok: $U17/locked: cannot read: Permission denied"'
chmod 755 "$U17/locked" "$U17/noexec"
run as_user timeout 60 "$YEOK" stats "$U17"
check "... and once readable: everything, exit 0" eval '[ "$status" -eq 0 ] && has "$out" "total (5 files)"'
