#!/usr/bin/env bash
# yeok check against docutils (issue 6): on every file of the corpus, each
# "Title underline too short" and "start-string without end-string" warning
# of Debian's docutils must be a title-underline / markup-spacing finding of
# yeok (on the line, or in the paragraph docutils names).  Runs when
# python3-docutils is installed (/usr/bin/python3, see FACTS.md).
. "$(dirname "$0")/../lib.sh"
need_corpus

if ! /usr/bin/python3 -c 'import docutils' 2>/dev/null; then
	echo "ok 1 - # SKIP python3-docutils is not installed"
	exit 0
fi
/usr/bin/python3 "$ROOT/tests/tools/docutils-compare.py" "$YEOK" "$CORPUS"/*.ko.rst "$CORPUS"/*.en.rst
