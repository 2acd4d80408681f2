#!/usr/bin/env bash
# The time of `yeok sync` on a folder of 50 files: the 30 .rst and 20 .py
# pairs of the corpus, each Korean file with its English recorded in the
# sidecar, against synthetic upstream edits of that English
# (tests/tools/upstream-edits).  CPU time from /usr/bin/time.
#   make build/tools/upstream-edits yeok && tests/bench/sync-dir.sh
set -eu
cd "$(dirname "$0")/../.."
CORPUS=${CORPUS:-../shared/corpus}
YEOK=${YEOK:-./yeok}
GEN=${GEN:-build/tools/upstream-edits}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/repo" "$W/up"
n=0
for en in "$CORPUS"/*.en.rst "$CORPUS"/py/*.en.py; do
	case $en in *.rst) ext=rst ;; *) ext=py ;; esac
	name=$(basename "${en%.en.$ext}")
	cp "${en%.en.$ext}.ko.$ext" "$W/repo/$name.$ext"
	printf 'yeok: 1\nsource: {file: %s}\n' "$(realpath "$en")" >"$W/repo/$name.$ext.yeok.yaml"
	"$GEN" $((n + 1)) 0.15 $ext <"$en" >"$W/up/$name.$ext" 2>/dev/null
	n=$((n + 1))
done
echo "files: $n"
/usr/bin/time -f 'yeok sync --dry-run on the folder: %U s user, %S s system, %e s wall, %M KB max RSS' \
	"$YEOK" sync --dry-run --to "$W/up" "$W/repo" 2>&1 >/dev/null | tail -2
/usr/bin/time -f 'yeok sync on the folder (writes, fsync): %U s user, %S s system, %e s wall, %M KB max RSS' \
	"$YEOK" sync --to "$W/up" "$W/repo" 2>&1 | tail -2
