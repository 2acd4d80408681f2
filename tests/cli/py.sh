#!/usr/bin/env bash
# Sphinx-gallery .py tutorials through the command line (issue 15): align
# pairs text with text and code cells with code at the file's lines, check
# reports py-structure damage at the file's columns (and the real errors of
# the corpus), stats searches *.py, bad .py input never crashes.
. "$(dirname "$0")/../lib.sh"

PY=$CORPUS/py
if [ ! -d "$PY" ]; then
	echo "ok 1 - # SKIP skipped: no corpus ($PY)"
	exit 0
fi
N=beginner_source__blitz__cifar10_tutorial
EN=$PY/$N.en.py
KO=$PY/$N.ko.py

run "$YEOK" align --source "$EN" "$KO"
check "align of a .py exits 0, no warning" test "$status" -eq 0 -a -z "$err"
check "the coding line is a code cell beside its copy" has "$out" "$(printf 'literal\t1\t1\t1\t1\tuntranslated')"
check "the docstring's title at lines 3-4" has "$out" "$(printf 'title\t3\t4\t3\t4\tdraft')"
check "a text block's title (after the '#' prefix) at lines 110-111" has "$out" "$(printf 'title\t110\t111\t110\t111\tdraft')"
check "a code cell beside its code (58-60)" has "$out" "$(printf 'literal\t58\t60\t59\t61\tuntranslated')"
mono=$(printf '%s\n' "$out" | awk -F'\t' '$4 != "-" { if ($4 <= last) print NR; last = $5 }')
check "target ranges increase" eq "$mono" ""
run "$YEOK" align --format json --source "$EN" "$KO"
printf '%s' "$out" >"$T/a.json"
check "json of a .py parses" /usr/bin/python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); assert a[1]["kind"] == "title"' "$T/a.json"

# A good translation: no py-structure finding.
run "$YEOK" check --no-spell --only py-structure --source "$EN" "$KO"
check "good translation: check exits 0" eq "$status" 0
check "good translation: no py-structure finding" eq "$out" ""
# The corpus's real mistakes: text that fell into code cells.
M=intermediate_source__model_parallel_tutorial
run "$YEOK" check --no-spell --only py-structure --source "$PY/$M.en.py" "$PY/$M.ko.py"
check "real errors: exit 1" eq "$status" 1
check "a blank line ending a text block (KO 216)" has "$out" "$M.ko.py:216:1: error: this blank line ends the text block"
check "a note written as a string (KO 328)" has "$out" "$M.ko.py:328:1: error"
D=beginner_source__dcgan_faces_tutorial
run "$YEOK" check --no-spell --only py-structure --source "$PY/$D.en.py" "$PY/$D.ko.py"
check "a heading that fell into a code cell (dcgan KO 358)" has "$out" "$D.ko.py:358:1: error: this text is comments in a code cell"

# Damage made on a copy: a separator removed, a '#' lost, the docstring
# not closed; columns count the '# ' prefix.
cp "$EN" "$T/en.py"
awk 'NR == 110 { sub(/^# /, "# ``torch``로 ") } NR == 64 { sub(/^# /, "") } { print }' "$KO" >"$T/ko.py"
run "$YEOK" check --no-spell --only py-structure,markup-spacing --source "$T/en.py" "$T/ko.py"
check "lost '#': an error at the line" has "$out" "ko.py:64:1: error:"
check "markup glued to Hangul in a text block: column after '# '" has "$out" "ko.py:110:12: error:"
run "$YEOK" check --no-spell --only py-structure --format json --source "$T/en.py" "$T/ko.py"
printf '%s' "$out" >"$T/c.json"
check "json findings name py-structure" /usr/bin/python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); assert a and all(f["check"] == "py-structure" for f in a)' "$T/c.json"
sed '/^"""$/{x;s/^/x/;/^x\{2\}$/{x;d};x}' "$KO" >"$T/open.py"
run "$YEOK" check --no-spell --only py-structure "$T/open.py"
check "docstring never closed: error at its opening line" has "$out" "open.py:2:1: error: the module docstring opened with"
run "$YEOK" check --help
check "check --help lists py-structure" has "$out" "py-structure"

# stats: a folder's *.py count, as *.rst do.
mkdir -p "$T/tut"
cp "$KO" "$T/tut/cifar10_tutorial.py"
cp "$EN" "$T/tut/cifar10_tutorial.en.src"
printf 'yeok: 1\nsource: {file: cifar10_tutorial.en.src}\n' >"$T/tut/cifar10_tutorial.py.yeok.yaml"
run "$YEOK" stats "$T/tut"
check "stats on a folder finds the .py" has "$out" "cifar10_tutorial.py"
check "stats: total of 1 file" has "$out" "total (1 file)"

# Bad input in a .py: empty, binary, unterminated strings, no crash.
: >"$T/empty.py"
run "$YEOK" align --source "$T/empty.py" "$T/empty.py"
check "empty .py: exit 0" eq "$status" 0
/usr/bin/python3 -c 'import sys; sys.stdout.buffer.write(bytes((i * 131 + 7 ^ i >> 3) % 256 for i in range(4000)))' >"$T/bin.py"
run "$YEOK" check --no-spell --source "$EN" "$T/bin.py"
check "binary .py: refused like the editor (exit 65)" test "$status" -eq 65
printf 'r"""\n####################\n# %%%%\n"""\nx = """\n####################\n' >"$T/odd.py"
run "$YEOK" align --source "$T/odd.py" "$T/odd.py"
check "odd .py: exit 0" eq "$status" 0
run "$YEOK" check --no-spell --source "$T/odd.py" "$T/odd.py"
check "odd .py checked: no crash" test "$status" -le 1
