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
only_in 'yaml\.h' '^src/ynode/' '<yaml.h> only in src/ynode/ (the one bounded YAML reader and writer)'
only_in 'hunspell' '^src/spell/' '<hunspell.h> only in src/spell/'
only_in 'sqlite3' '^src/tm/' '<sqlite3.h> only in src/tm/'
only_in 'cmark' '^src/host/' '<cmark-gfm.h> only in src/host/ (the Markdown reader)'
n=$((n + 1))
# cli and ui never include each other.
bad=$(grep -lE '#include *"yeok/ui\.h"' src/cli/*.c 2>/dev/null; grep -lE '#include *"yeok/cli\.h"' src/ui/*.c 2>/dev/null)
if [ -z "$bad" ]; then echo "ok $n - cli and ui do not include each other"; else echo "not ok $n - cli and ui include each other: $bad"; fi

# ui/ has one key reader: get_wch() is called in src/ui/input.c only.
n=$((n + 1))
bad=$(grep -lE '\bget_wch *\(' src/ui/*.c | grep -v '^src/ui/input\.c$' | while read -r f; do
	grep -vE '^\s*(/?\*|//)' "$f" | grep -qE '\bget_wch *\(' && echo "$f"; done)
if [ -z "$bad" ]; then echo "ok $n - one key reader: get_wch only in src/ui/input.c"; else echo "not ok $n - get_wch outside src/ui/input.c: $bad"; fi

# No cycle among the files of src/session/: a file calls the non-static
# functions of another only downwards (session-private.h has the order).
n=$((n + 1))
cyc=$(/usr/bin/python3 - src/session/*.c <<'PY'
import re, sys
files = sys.argv[1:]
text = {f: open(f).read() for f in files}
defs = {}
for f, t in text.items():
    for m in re.finditer(r'^(?!static)[A-Za-z][\w \*]*?\b(\w+)\([^;{]*\)\s*\{', t, re.M):
        defs[m.group(1)] = f
edges = {f: set() for f in files}
for f, t in text.items():
    body = re.sub(r'/\*.*?\*/', '', t, flags=re.S)
    for name in set(re.findall(r'\b(\w+)\s*\(', body)):
        g = defs.get(name)
        if g and g != f:
            edges[f].add(g)
state = {}
def visit(f, path):
    state[f] = 1
    for g in sorted(edges[f]):
        if state.get(g) == 1:
            print(" -> ".join(path[path.index(g):] + [g]) if g in path else f + " -> " + g)
            sys.exit(0)
        if not state.get(g):
            visit(g, path + [g])
    state[f] = 2
for f in files:
    if not state.get(f):
        visit(f, [f])
PY
)
if [ -z "$cyc" ]; then echo "ok $n - no cycle among the files of src/session/"; else echo "not ok $n - a cycle in src/session/: $cyc"; fi

# STYLE.md / issue 13: no function in src/ over 120 lines unless the
# comment just above it says why (a line "long: REASON", e.g. one table or
# one state machine).  Lines are counted as /work/tools/funclen.py does:
# from the line that names the function to its closing brace in column 0.
# PENDING: functions being split right now by another change of issue 13;
# take a name out when its split lands.
PENDING=""
n=$((n + 1))
long=$(PENDING="$PENDING" /usr/bin/python3 - 120 $(find src -name '*.c' | sort) <<'PY'
import os, re, sys
limit = int(sys.argv[1])
pending = os.environ.get('PENDING', '').split()
for f in sys.argv[2:]:
    L = open(f, errors='replace').read().split('\n')
    i = 0
    while i < len(L):
        if L[i] == '{' and i > 0:
            j = i - 1
            while j > 0 and not re.match(r'^[A-Za-z_]', L[j]):
                j -= 1
            m = re.search(r'([A-Za-z_][A-Za-z_0-9]*)\s*\(', L[j])
            k = i + 1
            while k < len(L) and L[k] != '}':
                k += 1
            size = k - j + 1
            # the comment block ending just above the function's first line
            c = j - 1
            while c >= 0 and re.match(r'^\s*(/\*|\*|//)', L[c]):
                c -= 1
            said = any(re.search(r'\blong: \S', L[x]) for x in range(c + 1, j))
            name = m.group(1) if m else '?'
            if size > limit and not said and name not in pending:
                print('%s:%d: %s is %d lines' % (f, j + 1, name, size))
            i = k
        i += 1
PY
)
if [ -z "$long" ]; then echo "ok $n - no function in src/ over 120 lines without a 'long:' reason"
else echo "not ok $n - functions over 120 lines without a 'long:' reason in the comment above:"; echo "$long" | sed 's/^/#   /'; fi

# The modules' order (src/README.md's diagram, top to bottom): a module
# includes the headers of modules on rows below its own only, and its
# header's "Depends on" line names every module it includes (and no module
# it does not reach).
n=$((n + 1))
order=$(/usr/bin/python3 - <<'PY'
import re, glob, os
rows = """cli ui
keymap
command safety
session review
repo sync
context tm doc progress comments
check pair
source
align host
rst glossary sidecar config theme journal
ynode lines spell json
text diff vcs shell
stats
util""".split('\n')
row = {m: i for i, r in enumerate(rows) for m in r.split()}
mods = sorted(os.path.basename(d.rstrip('/')) for d in glob.glob('src/*/'))
def incs(f):
    # yeok/session-view.h is a part of session.h: module session
    return set(re.findall(r'#include "yeok/([a-z0-9_]+)(?:-[a-z0-9_-]+)?\.h"', open(f).read())) - {'banned'}
dep = {}
for m in mods:
    if m not in row:
        print('%s: a module not in the order (tests/layering.sh, src/README.md)' % m)
        continue
    d = set()
    for f in glob.glob('src/%s/*.[ch]' % m) + glob.glob('include/yeok/%s.h' % m) + glob.glob('include/yeok/%s-*.h' % m):
        for x in incs(f) - {m}:
            d.add(x)
            if x in row and row[x] <= row[m]:
                print('%s includes yeok/%s.h: %s is not below %s' % (f, x, x, m))
    dep[m] = d
def reach(m, seen):
    for x in dep.get(m, ()):
        if x not in seen:
            seen.add(x)
            reach(x, seen)
    return seen
for m in mods:
    h = 'include/yeok/%s.h' % m
    if m not in dep or not os.path.exists(h) or m in ('cli', 'ui'):
        continue
    t = open(h).read()
    said = re.search(r'Depends on:?\s*(.*?)(?:\.\s|\n \*\s*\n)', t, re.S)
    if not said:
        print('%s: no "Depends on" line' % h)
        continue
    names = set(re.findall(r'\b([a-z]+)\b', said.group(1))) & set(mods)
    missing = sorted(dep[m] - names - {'util'})
    extra = sorted(names - reach(m, set()) - {'util'})
    if missing:
        print('%s: "Depends on" leaves out %s' % (h, ', '.join(missing)))
    if extra:
        print('%s: "Depends on" names %s, which it does not use' % (h, ', '.join(extra)))
PY
)
if [ -z "$order" ]; then echo "ok $n - modules include only modules below them; each header's 'Depends on' is true"
else echo "not ok $n - the modules' order or a 'Depends on' line is broken:"; echo "$order" | sed 's/^/#   /'; fi

# No dead export: a function a public header declares is used outside the
# file that defines it (else it is static there), and used at all.
n=$((n + 1))
dead=$(/usr/bin/python3 tests/dead-exports.py)
if [ -z "$dead" ]; then echo "ok $n - every exported function is used outside its file"
else echo "not ok $n - exported functions to remove or make static:"; echo "$dead" | sed 's/^/#   /'; fi
