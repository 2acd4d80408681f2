#!/usr/bin/env bash
# gen-repo.sh BUNDLE COPIES DIR: a repository at tutorials-kr's size for
# the benchmarks (issue 42): a clone of the dev bundle (BUNDLE) whose
# tutorial files (*.rst, *.py) appear COPIES times, under their own paths
# and under copy2/ .. copyCOPIES/, with the real history replayed: one
# commit per first-parent commit of the bundle, each holding every copy
# of the files as of that commit (git fast-import, blobs shared, so it
# takes seconds).  COPIES=5 gives 255 tutorials (tutorials-kr: 269) and
# 167 commits.  The same bundle always gives the same trees.
set -eu
BUNDLE=$1 COPIES=$2 DIR=$3
rm -rf "$DIR"
git clone -q "$BUNDLE" "$DIR"
cd "$DIR"
{
	n=0
	for c in $(git rev-list --reverse --first-parent HEAD); do
		n=$((n + 1))
		t=$(git log -1 --format=%ct "$c")
		msg="replay $c"
		printf 'commit refs/heads/bench\n'
		printf 'committer bench <bench@yeok> %s +0000\n' "$t"
		printf 'data %d\n%s\n' "${#msg}" "$msg"
		printf 'deleteall\n'
		git ls-tree -r "$c" | while read -r mode _ sha path; do
			printf 'M %s %s %s\n' "$mode" "$sha" "$path"
			case $path in
			*.rst | *.py)
				for k in $(seq 2 "$COPIES"); do
					printf 'M %s %s copy%d/%s\n' "$mode" "$sha" "$k" "$path"
				done ;;
			esac
		done
		printf '\n'
	done
} | git fast-import --quiet
git checkout -q -f bench
git branch -q -D master 2>/dev/null || true
