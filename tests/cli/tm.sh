#!/usr/bin/env bash
# yeok tm on a clone of the dev bundle: build, update after one new commit
# (only it is read), a file held out of the build, fuzzy ordering,
# placeables, the TMX round trip, a corrupt memory built again.
. "$(dirname "$0")/../lib.sh"
export XDG_CACHE_HOME=$T/cache
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
BUNDLE=$CORPUS/tutorials-kr-dev.bundle

run "$YEOK" tm
check "tm without a command is a usage error" eq "$status" 64
run "$YEOK" tm frobnicate
check "an unknown tm command is a usage error" eq "$status" 64
run "$YEOK" --help
check "--help lists tm" has "$out" "yeok tm build|update|query|export|import"
run "$YEOK" tm --help
check "tm --help names every command" has "$out" "export --tmx"

if [ ! -e "$BUNDLE" ]; then
	echo "ok - skipped: no corpus"
	exit 0
fi
git clone -q "$BUNDLE" "$T/r" || exit 1
cd "$T/r" || exit 1
git config user.email t@t
git config user.name Tester
ROOT_ID=$(git rev-list --max-parents=0 HEAD)
DB=$XDG_CACHE_HOME/yeok/tm/$ROOT_ID.sqlite

run "$YEOK" tm query "Conclusion"
check "query without a memory: exit 66" eq "$status" 66
check "  and says how to build one" has "$err" "yeok tm build"

run "$YEOK" tm build
check "build exits 0" eq "$status" 0
check "build reads all 167 commits" has "$out" ": 167 commits, "
segs=$(printf '%s' "$out" | sed -n 's/.* file[s]* ([0-9]* skipped), \([0-9]*\) segments.*/\1/p')
check "build keeps hundreds of segments ($segs)" test "${segs:-0}" -ge 300
check "the memory is named after the root commit" test -f "$DB"
check "no temporary database is left" test -z "$(ls "$XDG_CACHE_HOME/yeok/tm" | grep tmp)"

run "$YEOK" tm update
check "update with nothing new: up to date" has "$out" "up to date"

# One new commit that changes one file: only it is processed.
F=advanced_source/cpp_autograd.rst
sed -i 's/기초 자동 미분 연산/기본 자동 미분 연산/' "$F"
git commit -qam "tm test: one change"
run "$YEOK" tm update
check "update after one commit exits 0" eq "$status" 0
check "update processes exactly 1 commit and 1 file" has "$out" "updated $DB: 1 commit, 1 file (0 skipped)"
run "$YEOK" tm query "Basic autograd operations"
check "the update's Korean is found" has "$out" "KO  기본 자동 미분 연산"
check "  with its commit's author" has "$out" "Tester"
check "  and the old Korean is gone" lacks "$out" "기초 자동 미분 연산"

# Export, and the TMX is well-formed XML with one unit per segment.
run "$YEOK" tm export --tmx "$T/all.tmx"
check "export exits 0" eq "$status" 0
cat >"$T/s.py" <<'EOF'
import sys, xml.etree.ElementTree as E
t = E.parse(sys.argv[1])
r = t.getroot()
assert r.tag == "tmx" and r.get("version") == "1.4", r.tag
assert r.find("header").get("srclang") == "en"
tus = r.findall("body/tu")
for tu in tus:
    langs = [v.get("{http://www.w3.org/XML/1998/namespace}lang") for v in tu.findall("tuv")]
    assert langs == ["en", "ko"], langs
print(len(tus))
EOF
run $PY "$T/s.py" "$T/all.tmx"
check "the TMX is well-formed (xml.etree) with en and ko in every unit" eq "$status" 0
n_tmx=$out
run "$YEOK" tm import --tm "$T/copy.sqlite" "$T/all.tmx"
check "import into a new memory exits 0" eq "$status" 0
check "  every unit added" has "$out" "imported $n_tmx of $n_tmx units"
run "$YEOK" tm export --tm "$T/copy.sqlite" --tmx "$T/again.tmx"
check "export -> import -> export gives the same file" cmp -s "$T/all.tmx" "$T/again.tmx"
run "$YEOK" tm import --tm "$T/copy.sqlite" "$T/all.tmx"
check "importing twice adds nothing" has "$out" "imported 0 of $n_tmx units ($n_tmx already there"
printf '<tmx version="1.4"><body>\n<tu><tuv xml:lang="en"><seg>x &bomb; y</seg></tuv></tu>\n</body></tmx>\n' >"$T/bad.tmx"
run "$YEOK" tm import --tm "$T/copy.sqlite" "$T/bad.tmx"
check "a TMX with an unknown entity: exit 65" eq "$status" 65
check "  naming the file and line" has "$err" "bad.tmx:2: unknown entity"

# Held out: every English paragraph of a file (its English found in the
# history here, by the 5%-Hangul rule, split at blank lines; and the
# file's segments in the full memory) that another
# file of the memory has too gets a 100% match with that file's Korean from
# a memory built without the file.
for held in recipes_source/amx.rst intermediate_source/TP_tutorial.rst beginner_source/dist_overview.rst; do
	run "$YEOK" tm build --tm "$T/held.sqlite" --exclude "$held"
	check "build without $held exits 0" eq "$status" 0
	cat >"$T/s.py" <<'EOF'
import sys, json, re, subprocess, collections, xml.etree.ElementTree as E
tmx, held, yeok, db = sys.argv[1:5]
def git(*a):
    return subprocess.run(["git"] + list(a), capture_output=True, check=True).stdout
english = None
for c in git("log", "--first-parent", "--format=%H", "--", held).decode().split():
    text = git("show", "%s:%s" % (c, held)).decode("utf-8", "replace")
    lines = [l for l in text.split("\n") if l.strip()]
    if sum(1 for l in lines if re.search("[\uac00-\ud7a3]", l)) < 0.05 * len(lines):
        english = text
        break
assert english, "no English revision of " + held
paras = set()
for block in re.split(r"\n[ \t]*\n", english):
    lines = [l.strip() for l in block.strip().split("\n")]
    if len(lines) > 1 and re.fullmatch(r"([=\-~^*#+`'\":.])\1{2,}", lines[-1]):
        lines = lines[:-1]  # a title and its underline
    if lines:
        lines[0] = re.sub(r"^([-*+]|#\.|\d+\.) ", "", lines[0])
    paras.add(" ".join(" ".join(lines).split()))
L = "{http://www.w3.org/XML/1998/namespace}lang"
other = collections.defaultdict(set)
for tu in E.parse(tmx).getroot().iter("tu"):
    p = {x.get("type"): x.text for x in tu.findall("prop")}
    s = {v.get(L): v.find("seg").text for v in tu.findall("tuv")}
    if p["x-file"] != held:
        other[" ".join(s["en"].split())].add(s["ko"])
    else:
        paras.add(" ".join(s["en"].split()))  # and the segments the full build kept
cases = 0
for en in sorted(paras & set(other)):
    cases += 1
    out = subprocess.run([yeok, "tm", "query", "--tm", db, "--format", "json", en],
                         capture_output=True, text=True, check=True).stdout
    m = json.loads(out)
    assert m and m[0]["score"] == 100, (en, m[:1])
    assert m[0]["ko"] in other[en], (en, m[0]["ko"], other[en])
    assert all(x["file"] != held for x in m), en
assert cases >= 1, "no paragraph of %s recurs" % held
print(cases)
EOF
	run $PY "$T/s.py" "$T/all.tmx" "$held" "$YEOK" "$T/held.sqlite"
	check "every recurring paragraph of $held gets 100% with the other file's Korean ($out)" eq "$status" 0
done

# Fuzzy scores fall as more words of a real segment are changed.
cat >"$T/s.py" <<'EOF'
import sys, json, subprocess, xml.etree.ElementTree as E
tmx, yeok = sys.argv[1:3]
L = "{http://www.w3.org/XML/1998/namespace}lang"
for tu in E.parse(tmx).getroot().iter("tu"):
    s = {v.get(L): v.find("seg").text for v in tu.findall("tuv")}
    words = s["en"].split()
    if 12 <= len(words) <= 30 and all(w.isalpha() for w in words[:8]):
        break
def best(q):
    out = subprocess.run([yeok, "tm", "query", "--format", "json", "--max", "20", q],
                         capture_output=True, text=True, check=True).stdout
    for m in json.loads(out):
        if m["ko"] == s["ko"]:
            return m["score"]
    return 0
scores = []
for k in (0, 1, 2, 4, 6):
    w = list(words)
    for i in range(k):
        w[i] = "qqqxz%d" % i
    scores.append(best(" ".join(w)))
print(scores)
assert scores[0] == 100, scores
assert all(a > b for a, b in zip(scores, scores[1:])), scores
EOF
run $PY "$T/s.py" "$T/all.tmx" "$YEOK"
check "fuzzy scores are ordered by similarity ($out)" eq "$status" 0

# Placeables: an inline literal and a number changed in the English are
# changed in the Korean to insert.
cat >"$T/s.py" <<'EOF'
import sys, json, re, subprocess, xml.etree.ElementTree as E
tmx, yeok = sys.argv[1:3]
L = "{http://www.w3.org/XML/1998/namespace}lang"
done = 0
for tu in E.parse(tmx).getroot().iter("tu"):
    s = {v.get(L): v.find("seg").text for v in tu.findall("tuv")}
    lits = re.findall(r"``[^`\s][^`]*``", s["en"])
    if len(lits) != 1 or s["ko"].count(lits[0]) != 1 or s["en"].count(lits[0]) != 1:
        continue
    q = s["en"].replace(lits[0], "``yeok_placeable_42``")
    out = subprocess.run([yeok, "tm", "query", "--format", "json", q],
                         capture_output=True, text=True, check=True).stdout
    m = [x for x in json.loads(out) if x["ko"] == s["ko"]]
    assert m, q
    ins = m[0]["insert"]
    assert "``yeok_placeable_42``" in ins and lits[0] not in ins, (ins, lits[0])
    assert m[0]["score"] == 99, m[0]["score"]
    done += 1
    if done == 5:
        break
assert done >= 3, done
print(done)
EOF
run $PY "$T/s.py" "$T/all.tmx" "$YEOK"
check "placeables of the current English are put into the Korean ($out cases)" eq "$status" 0

# Terms rendered several ways across the repository.
run "$YEOK" tm terms
check "tm terms exits 0" eq "$status" 0
check "  lists Introduction with its renderings" has "$out" "Introduction → "
check "  and where each is used" has "$out" "(1, beginner_source/dist_overview.rst:13)"

# A corrupt memory is reported once and built again; lookups go on.
printf 'this is not a database, not at all, certainly not' | dd of="$DB" bs=1 seek=0 conv=notrunc 2>/dev/null
run "$YEOK" tm query "Conclusion"
check "query on a corrupt memory exits 0" eq "$status" 0
check "  says it is corrupt" has "$err" "corrupt translation memory"
check "  and builds it again" has "$err" "building it again"
check "  and still answers" has "$out" "100%"
run "$YEOK" tm query "Conclusion"
check "the next query says nothing" eq "$err" ""

# config.yaml's tm: names the memory, for yeok tm and for check's consistency
mkdir -p "$XDG_CONFIG_HOME/yeok"
mv "$DB" "$T/elsewhere.sqlite"
F=beginner_source/dist_overview.rst
run "$YEOK" check "$F"
check "without a memory, check has no consistency finding" lacks "$out" "[consistency]"
printf 'tm: %s\n' "$T/elsewhere.sqlite" >"$XDG_CONFIG_HOME/yeok/config.yaml"
run "$YEOK" check "$F"
check "config.yaml tm: gives check the memory's renderings" has "$out" 'term rendered differently elsewhere: "소개"'
run "$YEOK" tm query "Conclusion"
check "  and yeok tm reads it" has "$out" "100%"
check "  the repository's default memory is not made" test ! -e "$DB"
printf 'tm: [\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
run "$YEOK" tm query "Conclusion"
check "a broken config.yaml is said, naming the file" has "$err" "config.yaml"
check "  and not used: the repository's memory is looked for" has "$err" "no translation memory at $DB"
