#!/usr/bin/env bash
# yeok stats on a folder of corpus pairs: per file, totals, text and JSON.
. "$(dirname "$0")/../lib.sh"
need_corpus

key() { printf '%s' "$1" | sha256sum | cut -c1-16; }
pairs="recipes_source__distributed_device_mesh intermediate_source__FSDP_tutorial beginner_source__dist_overview"
mkdir -p "$T/tut/sub" "$T/tut/.hidden"
for p in $pairs; do
	cp "$CORPUS/$p.ko.rst" "$T/tut/$p.rst"
	cp "$CORPUS/$p.en.rst" "$T/tut/$p.en.txt" # English beside it, not *.rst
	printf 'yeok: 1\nsource: {file: %s.en.txt}\n' "$p" >"$T/tut/$p.rst.yeok.yaml"
done
# One file with no sidecar: counted from its own text.
cp "$CORPUS/beginner_source__colab.ko.rst" "$T/tut/sub/colab.rst"
# An untranslated file whose source is itself: 0 %.
cp "$CORPUS/beginner_source__colab.en.rst" "$T/tut/sub/colab_en.rst"
cp "$CORPUS/beginner_source__colab.en.rst" "$T/tut/sub/colab_en.src"
printf 'yeok: 1\nsource: {file: colab_en.src}\nchecklist: {license: true, issue: 7, type: sync}\n' \
	>"$T/tut/sub/colab_en.rst.yeok.yaml"
cp "$CORPUS/beginner_source__colab.ko.rst" "$T/tut/.hidden/skipped.rst"

run "$YEOK" stats "$T/tut"
check "stats on a folder exits 0" eq "$status" 0
check "header line" has "$out" "segs   untr  draft   done  stale  transl behind english  file  checklist"
for p in $pairs; do
	check "row for $p" has "$out" "$T/tut/$p.rst"
done
check "file in a subfolder" has "$out" "$T/tut/sub/colab.rst"
check "hidden folders skipped" lacks "$out" "skipped.rst"
check "English files (.txt) not counted" lacks "$out" ".en.txt"
check "total line" has "$out" "total (5 files)"
row=$(printf '%s\n' "$out" | grep "colab_en.rst")
# untranslated but for the blocks with nothing to translate (its two "::"
# paragraphs): those count as done
check "untranslated file: only what has nothing to translate is done (8.3%)" has "$row" "    24     22      0      2      0    8.3%"
check "checklist shown" has "$row" "[x]라이선스 #7 반영"
row=$(printf '%s\n' "$out" | grep "sub/colab.rst")
check "no sidecar: checklist '-'" has "$row" "colab.rst  -"

# JSON: valid, per-file numbers add up, totals are the sums.
run "$YEOK" stats --format json "$T/tut"
check "json exits 0" eq "$status" 0
printf '%s' "$out" >"$T/stats.json"
check "json is valid and consistent" /usr/bin/python3 - "$T/stats.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
files = d["files"]
assert len(files) == 5, len(files)
keys = ["segments", "untranslated", "draft", "done", "reviewed", "stale"]
for f in files:
    assert f["segments"] == sum(f[k] for k in keys[1:]), f
    assert 0 <= f["translated_percent"] <= 100
for k in keys:
    assert d["total"][k] == sum(f[k] for f in files), k
by = {f["file"].rsplit("/", 1)[1]: f for f in files}
assert by["colab.rst"]["counted_from"] == "self" and by["colab.rst"]["checklist"] is None
assert by["colab_en.rst"]["counted_from"] == "source"
en = by["colab_en.rst"]
assert en["draft"] == 0 and en["untranslated"] == en["segments"] - en["done"], en
assert en["translated_percent"] == round(100.0 * en["done"] / en["segments"], 1), en
assert by["colab_en.rst"]["checklist"] == {"license": True, "issue": 7, "type": "sync", "complete": True}
mesh = by["recipes_source__distributed_device_mesh.rst"]
assert mesh["counted_from"] == "source" and mesh["translated_percent"] > 70, mesh
PY

# Statuses from the sidecar: mark the title done, see it counted (one more
# than the segments with nothing to translate, such as "- PyTorch 2.2").
mesh=$T/tut/recipes_source__distributed_device_mesh.rst
run "$YEOK" stats --format json "$mesh"
done0=$(printf '%s' "$out" | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["files"][0]["done"])')
title=$(sed -n 1p "$CORPUS/recipes_source__distributed_device_mesh.en.rst")
ktitle=$(sed -n 1p "$CORPUS/recipes_source__distributed_device_mesh.ko.rst")
printf 'segments:\n  - {source: %s, target: %s, status: done}\n' "$(key "$title")" "$(key "$ktitle")" \
	>>"$mesh.yeok.yaml"
run "$YEOK" stats --format json "$mesh"
check "done from the sidecar" has "$out" "\"done\":$((done0 + 1))"
run "$YEOK" stats "$mesh"
check "one file: no total line" lacks "$out" "total"

# The English changed since: that segment is now stale.
sed -i '1s/.*/Getting Started with DeviceMesh (updated)/' "$T/tut/recipes_source__distributed_device_mesh.en.txt"
sed -i '2s/.*/=========================================/' "$T/tut/recipes_source__distributed_device_mesh.en.txt"
run "$YEOK" stats --format json "$mesh"
check "changed English: stale" has "$out" '"stale":1'

# Files given one by one, errors reported per file.
run "$YEOK" stats "$T/tut/sub/colab.rst" "$T/tut/missing.rst"
check "missing file exits 66" eq "$status" 66
check "the other file still shown" has "$out" "sub/colab.rst"
printf 'checklist: [\n' >"$T/tut/sub/colab.rst.yeok.yaml"
run "$YEOK" stats "$T/tut/sub"
check "corrupt sidecar exits 65" eq "$status" 65
check "corrupt sidecar named with line" has "$err" "colab.rst.yeok.yaml:2:1:"
check "other files still counted" has "$out" "colab_en.rst"
run "$YEOK" stats --format yaml "$T/tut"
check "bad format exits 64" eq "$status" 64
(cd "$T/tut/sub" && rm -f colab.rst.yeok.yaml && "$YEOK" stats >"$T/cwd.out" 2>&1)
check "no PATH: the current folder" has "$(cat "$T/cwd.out")" "./colab.rst"
