#!/usr/bin/env bash
# `yeok stats DIR` on a clone of the dev bundle (issue 15 "Speed"): the
# folder's git history is read once for all its files, so the git
# processes it starts do not grow with the number of files (counted by a
# `git` wrapper first on PATH), and every row is the one `yeok stats FILE`
# gives for the file alone (which asks git per file): the English from
# history, a sidecar's `git:` record, an uncommitted edit, an untracked
# file.
. "$(dirname "$0")/../lib.sh"

BUNDLE=$CORPUS/tutorials-kr-dev.bundle
if [ ! -f "$BUNDLE" ]; then
	echo "ok 1 - # SKIP skipped: no corpus ($BUNDLE)"
	exit 0
fi
K=$T/kr
git clone -q "$BUNDLE" "$K"
cd "$K" || exit 1
printf '\n추가한 문단입니다.\n' >>recipes_source/distributed_device_mesh.rst
printf 'New\n===\n\nSome text.\n' >recipes_source/new.rst
old=$(git rev-parse HEAD~30)
printf 'yeok: 1\nsource:\n  git: %s\n  path: recipes_source/amx.rst\n' "$old" \
	>recipes_source/amx.rst.yeok.yaml

# a git that logs its calls, first on PATH
REAL_GIT=$(command -v git)
mkdir -p "$T/bin"
printf '#!/bin/sh\necho "$*" >>"%s/git.log"\nexec "%s" "$@"\n' "$T" "$REAL_GIT" >"$T/bin/git"
chmod +x "$T/bin/git"
calls() { # calls CMD...: run it with the logging git; prints the number of git calls
	rm -f "$T/git.log"
	PATH=$T/bin:$PATH "$@" >"$T/calls.out" 2>&1
	wc -l <"$T/git.log" | tr -d ' '
}

all=$(calls "$YEOK" stats .)
files=$(grep -c '^ .*\./' "$T/calls.out")
sub=$(calls "$YEOK" stats recipes_source)
subfiles=$(grep -c '^ .*recipes_source/' "$T/calls.out")
check "stats . counts every tutorial ($files files)" test "$files" -ge 50
check "stats recipes_source counts its $subfiles files" test "$subfiles" -eq 11
check "as many git processes for $files files as for $subfiles ($all, $sub)" eq "$all" "$sub"
check "and only a handful ($all)" test "$all" -le 8
one=$(calls "$YEOK" stats recipes_source/amx.rst)
check "a file given alone asks git itself ($one processes)" test "$one" -ge 2

# every row as for the file alone (the per-file way)
run "$YEOK" stats --format json .
check "stats . exits 0" eq "$status" 0
printf '%s' "$out" >"$T/dir.json"
mapfile -t list < <(/usr/bin/python3 -c '
import json, sys
for f in json.load(open(sys.argv[1]))["files"]: print(f["file"])' "$T/dir.json")
run "$YEOK" stats --format json "${list[@]}"
check "stats FILE... exits 0" eq "$status" 0
printf '%s' "$out" >"$T/files.json"
check "every row of stats . is the row of stats FILE" /usr/bin/python3 - "$T/dir.json" "$T/files.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
assert a["files"] == b["files"], [(x, y) for x, y in zip(a["files"], b["files"]) if x != y][:3]
by = {f["file"]: f for f in a["files"]}
assert by["./recipes_source/amx.rst"]["counted_from"] == "source"
assert by["./recipes_source/distributed_device_mesh.rst"]["counted_from"] == "source"
assert by["./recipes_source/new.rst"]["counted_from"] == "self"
assert sum(f["counted_from"] == "source" for f in a["files"]) >= 45
PY
# the recorded English is that of the record, not the newest one
run "$YEOK" stats --format json recipes_source/amx.rst
rec=$out
rm recipes_source/amx.rst.yeok.yaml
run "$YEOK" stats --format json recipes_source/amx.rst
check "the sidecar's record counts against its own English" test "$rec" != "$out"
