#!/usr/bin/env bash
# yeok check against docutils on sphinx-gallery .py files (issue 15): the
# RST of each .py of the corpus, extracted by sphinx-gallery's rules
# (tests/tools/sg-docutils-compare.py), goes through Debian's docutils; each
# "Title underline too short" and "start-string without end-string" warning
# must be a title-underline / markup-spacing finding of yeok at that line of
# the .py (or in the paragraph docutils names).
. "$(dirname "$0")/../lib.sh"

if ! /usr/bin/python3 -c 'import docutils' 2>/dev/null; then
	echo "ok 1 - # SKIP python3-docutils is not installed"
	exit 0
fi
if [ ! -d "$CORPUS/py" ]; then
	echo "ok 1 - # SKIP skipped: no corpus ($CORPUS/py)"
	exit 0
fi
/usr/bin/python3 "$ROOT/tests/tools/sg-docutils-compare.py" "$YEOK" "$CORPUS"/py/*.ko.py "$CORPUS"/py/*.en.py
