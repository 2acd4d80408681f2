#!/bin/sh
# STYLE.md practice 1: one wrapper per library; the core never sees curses.
cd "$(dirname "$0")/.." || exit 1
n=0
only_in() { # only_in REGEX ALLOWED_DIRS_REGEX DESCRIPTION
	n=$((n + 1))
	bad=$(grep -rlE "#include *[<\"]$1" src include | grep -vE "$2")
	if [ -z "$bad" ]; then
		echo "ok $n - $3"
	else
		echo "not ok $n - $3"
		echo "#   found in: $bad"
	fi
}
only_in '(n?curses|ncursesw/)' '^src/ui/' '<curses.h> only in src/ui/'
only_in 'utf8proc\.h' '^src/text/' '<utf8proc.h> only in src/text/'
only_in 'yaml\.h' '^src/((sidecar|glossary|theme|config|keymap|yamlio)/|check/style\.c)' '<yaml.h> only where YAML is read or written'
only_in 'hunspell' '^src/spell/' '<hunspell.h> only in src/spell/'
only_in 'sqlite3' '^src/tm/' '<sqlite3.h> only in src/tm/'
n=$((n + 1))
# cli and ui never include each other.
bad=$(grep -lE '#include *"yeok/ui\.h"' src/cli/*.c 2>/dev/null; grep -lE '#include *"yeok/cli\.h"' src/ui/*.c 2>/dev/null)
if [ -z "$bad" ]; then echo "ok $n - cli and ui do not include each other"; else echo "not ok $n - cli and ui include each other: $bad"; fi
