#!/usr/bin/env bash
# yeok align: output format (DESIGN.md §3.1), exit codes, warnings,
# --source / --source-rev, bad input.
. "$(dirname "$0")/../lib.sh"
need_corpus

EN=$CORPUS/beginner_source__colab.en.rst
KO=$CORPUS/beginner_source__colab.ko.rst

run "$YEOK" align --source "$EN" "$KO"
check "align exits 0" eq "$status" 0
check "align prints no warning for the right source" eq "$err" ""
check "the first segment is the title, lines 1-2 on both sides" has "$out" "$(printf 'title\t1\t2\t1\t2\tdraft')"
bad=$(printf '%s\n' "$out" | awk -F'\t' 'NF != 6 || $1 !~ /^(title|paragraph|list-item|literal|directive|table|comment|target|substitution|field|transition|other)$/ || $6 !~ /^(untranslated|draft)$/ { print NR }')
check "every TSV line has 6 fields, a known kind and status" eq "$bad" ""
check "identical code is untranslated" has "$out" "untranslated"
# Source line ranges are monotonic and never overlap.
mono=$(printf '%s\n' "$out" | awk -F'\t' '$2 != "-" { if ($2 <= last) print NR; last = $3 }')
check "source ranges increase" eq "$mono" ""
mono=$(printf '%s\n' "$out" | awk -F'\t' '$4 != "-" { if ($4 <= last) print NR; last = $5 }')
check "target ranges increase" eq "$mono" ""

run "$YEOK" align --format json --source "$EN" "$KO"
check "json exits 0" eq "$status" 0
printf '%s' "$out" >"$T/a.json"
check "json parses and has the documented keys" /usr/bin/python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
assert a and all(set(x) == {"kind", "source", "target", "status"} for x in a)
assert a[0] == {"kind": "title", "source": [1, 2], "target": [1, 2], "status": "draft"}
' "$T/a.json"
run "$YEOK" align --format=json --source="$EN" "$KO"
check "--opt=value forms work" eq "$status" 0

# The document as its own source: everything untranslated.
run "$YEOK" align "$EN"
check "no source: the document itself, all untranslated" eq "$(printf '%s\n' "$out" | cut -f6 | sort -u)" "untranslated"

# Exit codes.
run "$YEOK" align "$T/missing.rst"
check "missing file exits 66" eq "$status" 66
check "missing file is named" has "$err" "missing.rst"
run "$YEOK" align --source "$T/nosource.rst" "$KO"
check "missing source exits 66" eq "$status" 66
check "missing source is named" has "$err" "nosource.rst"
run "$YEOK" align --format xml "$KO"
check "bad format exits 64" eq "$status" 64
run "$YEOK" align --frob "$KO"
check "unknown option exits 64" eq "$status" 64
run "$YEOK" align
check "no file exits 64" eq "$status" 64
run "$YEOK" align --source
check "option without value exits 64" eq "$status" 64
run "$YEOK" align --source "$EN" --source-rev HEAD "$KO"
check "--source with --source-rev exits 64" eq "$status" 64
run "$YEOK" align a.rst b.rst
check "two files exit 64" eq "$status" 64
run "$YEOK" align --help
check "align --help exits 0" eq "$status" 0

# Wrong source: the warning.
run "$YEOK" align --source "$CORPUS/advanced_source__cpp_autograd.en.rst" "$CORPUS/recipes_source__amx.ko.rst"
check "wrong source still exits 0" eq "$status" 0
check "wrong source warns on stderr" has "$err" "found a partner"
check "the warning names the source" has "$err" "cpp_autograd.en.rst"
check "the alignment is still printed" test -n "$out"

# Bad input: empty, binary, not RST.
: >"$T/empty.rst"
run "$YEOK" align --source "$T/empty.rst" "$T/empty.rst"
check "empty files: exit 0, no output" test "$status" -eq 0 -a -z "$out"
/usr/bin/python3 -c 'import sys; sys.stdout.buffer.write(bytes((i * 131 + 7 ^ i >> 3) % 256 for i in range(4000)))' >"$T/bin.rst"
run "$YEOK" align --source "$EN" "$T/bin.rst"
check "binary target: no crash" test "$status" -eq 0
run "$YEOK" align --source "$T/bin.rst" "$KO"
check "binary source: no crash" test "$status" -eq 0
printf 'int main(void)\n{\n\treturn 0;\n}\n' >"$T/main.c.rst"
run "$YEOK" align --source "$EN" "$T/main.c.rst"
check "not RST: no crash" test "$status" -eq 0

# --source-rev through git.
if command -v git >/dev/null; then
	R=$T/repo
	mkdir -p "$R/docs"
	git -C "$R" init -q
	cp "$EN" "$R/docs/my tutorial.rst"
	git -C "$R" add . && git -C "$R" -c user.name=t -c user.email=t@t commit -qm en
	cp "$KO" "$R/docs/my tutorial.rst"
	run "$YEOK" align --source "$EN" "$KO"
	want=$out
	run "$YEOK" align --source-rev HEAD "$R/docs/my tutorial.rst"
	check "--source-rev HEAD exits 0" eq "$status" 0
	check "--source-rev HEAD gives the same alignment as --source" eq "$out" "$want"
	run "$YEOK" align --source-rev nosuchrev "$R/docs/my tutorial.rst"
	check "unknown revision: an error" test "$status" -ne 0
	check "unknown revision is named" has "$err" "nosuchrev"
	cp "$KO" "$R/docs/new.rst"
	run "$YEOK" align --source-rev HEAD "$R/docs/new.rst"
	check "path absent at REV: an error" test "$status" -ne 0
	check "path absent at REV names the file" has "$err" "new.rst"
	cp "$KO" "$T/notrepo.rst"
	run "$YEOK" align --source-rev HEAD "$T/notrepo.rst"
	check "not in a git work tree: an error" test "$status" -ne 0
	check "not in a git work tree: said so" has "$err" "git"
fi

# The sidecar: its source record is used when no option names the source.
mkdir -p "$T/sc"
cp "$EN" "$T/sc/colab.en.rst"
cp "$KO" "$T/sc/colab.rst"
run "$YEOK" align --source "$T/sc/colab.en.rst" "$T/sc/colab.rst"
want=$out
printf 'yeok: 1\nsource:\n  file: colab.en.rst\n' >"$T/sc/colab.rst.yeok.yaml"
run "$YEOK" align "$T/sc/colab.rst"
check "the sidecar's source record is used" eq "$out" "$want"
printf 'yeok: 1\nsource:\n  file: colab.en.rst\n  sha256: %064d\n' 0 >"$T/sc/colab.rst.yeok.yaml"
run "$YEOK" align "$T/sc/colab.rst"
check "a changed recorded source is an error" eq "$status" 65
check "which names the sidecar" has "$err" "colab.rst.yeok.yaml"
printf 'yeok: 1\nsource: [unclosed\n' >"$T/sc/colab.rst.yeok.yaml"
run "$YEOK" align "$T/sc/colab.rst"
check "a corrupt sidecar exits 65" eq "$status" 65
run "$YEOK" align --source "$T/sc/colab.en.rst" "$T/sc/colab.rst"
check "a corrupt sidecar stops align even with --source (never ignored silently)" eq "$status" 65
