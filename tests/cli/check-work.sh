#!/usr/bin/env bash
# yeok check of a whole repository (issue 42): git runs a fixed number of
# times per run, not per file (the top level found once, one `git log` for
# the English of every file, one `git cat-file --batch`), counted by a git
# on PATH that logs each start; the repository's context (its words, the
# English of each file) is built once and cached by content, so a second
# check of an unchanged repository reads no file of it and walks no
# history (counted by YEOK_STATS, never timed); the findings are those of
# each file checked alone, cached or not.
. "$(dirname "$0")/../lib.sh"
command -v git >/dev/null || { echo "ok 1 - # SKIP git is not installed"; exit 0; }
need_corpus tutorials-kr-dev.bundle
export XDG_CACHE_HOME=$T/cache

# a git that counts its starts
mkdir -p "$T/bin"
REAL_GIT=$(command -v git)
cat > "$T/bin/git" <<EOF
#!/bin/sh
echo x >> "$T/git.log"
exec "$REAL_GIT" "\$@"
EOF
chmod +x "$T/bin/git"
gits() { # gits CMD...: run CMD with the counting git; $n the gits started
	: > "$T/git.log"
	PATH="$T/bin:$PATH" run "$@"
	n=$(wc -l < "$T/git.log")
}
stat_of() { # stat_of NAME: the number YEOK_STATS gives for NAME in $err
	printf '%s\n' "$err" | sed -n "s/.*stats:.*$1 \([0-9]*\).*/\1/p"
}

git clone -q "$CORPUS/tutorials-kr-dev.bundle" "$T/r"
cd "$T/r" || exit 1
files=$(git ls-files '*.rst' '*.py')
nfiles=$(printf '%s\n' "$files" | wc -l)

# the first run: nothing cached
# shellcheck disable=SC2086
YEOK_STATS=1 gits "$YEOK" check --no-spell --format json $files
first=$out
check "first run: findings in every one of the $nfiles files" eq "$(printf '%s\n' "$out" | sed -n 's/.*"file": "\([^"]*\)".*/\1/p' | sort -u | wc -l)" "$nfiles"
check "first run: at most 12 git processes for $nfiles files (were 37 a file): $n" test "$n" -le 12
check "first run: YEOK_STATS counts them too" eq "$(stat_of 'git processes')" "$n"
check "first run: every file of the repository scanned once" test "$(stat_of 'repository files scanned')" -ge "$nfiles"
check "first run: one git log for the files' English" eq "$(stat_of 'history paths logged')" "$nfiles"

# --only ID: only what ID reads (markup-spacing reads no repository words)
# shellcheck disable=SC2086
YEOK_STATS=1 run env XDG_CACHE_HOME="$T/cache-only" "$YEOK" check --no-spell --only markup-spacing --format json $files
check "--only markup-spacing: no file of the repository read" eq "$(stat_of 'repository files scanned')" 0
check "--only markup-spacing: its findings are the whole run's" eq \
	"$(printf '%s\n' "$out" | grep -c '"markup-spacing"')" "$(printf '%s\n' "$first" | grep -c '"markup-spacing"')"

# the second: the repository's context from the cache
# shellcheck disable=SC2086
YEOK_STATS=1 gits "$YEOK" check --no-spell --format json $files
check "second run: the same findings" eq "$out" "$first"
check "second run: no file of the repository read" eq "$(stat_of 'repository files scanned')" 0
check "second run: no history walked" eq "$(stat_of 'history paths logged')" 0
check "second run: no old version read" eq "$(stat_of 'versions read')" 0
check "second run: at most 8 git processes: $n" test "$n" -le 8

# with spelling: the second run's words and suggestions from the cache,
# no dictionary loaded
# shellcheck disable=SC2086
YEOK_STATS=1 run "$YEOK" check --format json $files
spelled=$out
check "spelling, first run: the dictionaries loaded" eq "$(stat_of 'dictionaries loaded')" 2
check "spelling, first run: spelling findings" has "$out" '"check": "spelling"'
# shellcheck disable=SC2086
YEOK_STATS=1 run "$YEOK" check --format json $files
check "spelling, second run: the same findings" eq "$out" "$spelled"
check "spelling, second run: no dictionary loaded" eq "$(stat_of 'dictionaries loaded')" 0
check "spelling, second run: no suggestion computed" eq "$(stat_of 'suggestions computed')" 0
mkdir -p "$T/data/yeok" && printf '학습합니댜\n' > "$T/data/yeok/words"
# shellcheck disable=SC2086
YEOK_STATS=1 run env XDG_DATA_HOME="$T/data" "$YEOK" check --format json $files
check "spelling, a personal word of its own: the dictionaries loaded again" eq "$(stat_of 'dictionaries loaded')" 2
# shellcheck disable=SC2086
YEOK_STATS=1 run env XDG_DATA_HOME="$T/data" "$YEOK" check --format json $files
check "... and kept for that list" eq "$(stat_of 'dictionaries loaded')" 0
check "... whose findings are the first run's" eq "$out" "$spelled"

# from a folder below the top, by relative paths: the same answers
cd "$T/r/beginner_source" || exit 1
YEOK_STATS=1 gits "$YEOK" check --no-spell --format json nn_tutorial.py ../advanced_source/ONNXLive.rst
sub=$out
check "from a subfolder: no history walked (cached)" eq "$(stat_of 'history paths logged')" 0
rm -rf "$XDG_CACHE_HOME"
YEOK_STATS=1 gits "$YEOK" check --no-spell --format json nn_tutorial.py ../advanced_source/ONNXLive.rst
check "from a subfolder, no cache: the same findings" eq "$out" "$sub"
check "... two paths logged" eq "$(stat_of 'history paths logged')" 2
cd "$T/r" || exit 1

# each file alone gives the findings the whole run gave for it
same=1
for f in advanced_source/ONNXLive.rst beginner_source/nn_tutorial.py intermediate_source/dist_tuto.rst \
	beginner_source/blitz/autograd_tutorial.py; do
	rm -rf "$XDG_CACHE_HOME"
	run "$YEOK" check --no-spell --format json "$f"
	one=$(printf '%s\n' "$out" | grep -c "\"file\": \"$f\"")
	all=$(printf '%s\n' "$first" | grep -c "\"file\": \"$f\"")
	[ "$one" = "$all" ] && [ "$one" -gt 0 ] || same=0
done
check "each file alone: as many findings as in the whole run" eq "$same" 1

# a commit: the cache is for the old HEAD; the files read again are the
# changed one only (the words are kept per blob)
git -c user.email=t@t -c user.name=t commit -q --allow-empty -m empty
# shellcheck disable=SC2086
YEOK_STATS=1 gits "$YEOK" check --no-spell --format json $files
check "a new HEAD: the same findings" eq "$out" "$first"
check "a new HEAD, no file changed: no file of the repository read" eq "$(stat_of 'repository files scanned')" 0
echo "1..$_tap_n"
