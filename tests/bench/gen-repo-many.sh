#!/usr/bin/env bash
# Make a git repository of N small tutorials (issue 37 item 12): DIR/dNNN/fNNNN.rst,
# 1000 to a folder, all committed in English by one commit, then COMMITS
# commits each translating N/50 of them (Korean), so `git log --name-only`
# names every file once and about a fifth of them again.  Through git
# fast-import (seconds for 100k files), then checked out.
#   tests/bench/gen-repo-many.sh DIR [N] [COMMITS]     (defaults 100000, 10)
set -eu
DIR=$1 N=${2:-100000} COMMITS=${3:-10}
mkdir -p "$DIR"
git -C "$DIR" init -q
export GIT_CONFIG_NOSYSTEM=1
/usr/bin/python3 - "$N" "$COMMITS" <<'PY' | git -C "$DIR" -c core.bigFileThreshold=1m fast-import --quiet
import sys
n, commits = int(sys.argv[1]), int(sys.argv[2])
out = sys.stdout.buffer
def name(i):
    return 'd%03d/f%04d.rst' % (i // 1000, i % 1000)
def blob(mark, text):
    data = text.encode()
    out.write(b'blob\nmark :%d\ndata %d\n%s\n' % (mark, len(data), data))
en = 'Title %d\n========\n\nSome English text of tutorial %d.\n\nMore text here.\n'
ko = '제목 %d\n========\n\n튜토리얼 %d의 한국어 글.\n\n더 많은 글.\n'
# one blob per distinct text: the English, then each commit's Korean
for i in range(n):
    blob(i + 1, en % (i, i))
out.write(b'commit refs/heads/main\nmark :%d\ncommitter b <b@b> 1600000000 +0000\ndata 7\nenglish\n' % (n + 1))
for i in range(n):
    out.write(b'M 100644 :%d %s\n' % (i + 1, name(i).encode()))
mark = n + 2
step = max(1, n // 50)
for c in range(commits):
    files = [(c * step * 7 + k * 13) % n for k in range(step)]
    first = mark
    for i in files:
        blob(mark, ko % (i, i))
        mark += 1
    out.write(b'commit refs/heads/main\ncommitter b <b@b> %d +0000\ndata 6\nkorean\n' % (1600000000 + 86400 * (c + 1)))
    for k, i in enumerate(files):
        out.write(b'M 100644 :%d %s\n' % (first + k, name(i).encode()))
PY
git -C "$DIR" checkout -q -f main
