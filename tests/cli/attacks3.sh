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
