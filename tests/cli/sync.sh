#!/usr/bin/env bash
# yeok sync (issue 20): carry a translation into a new upstream English.
# Usage and bad input; FSDP (revision 05 -> 10 with 09's Korean) through the
# command line, its sidecar and docutils; --dry-run; a folder; never a
# partial write; the dev bundle: the real v2.8.0 sync with --to-rev, and a
# folder of Korean files against their English from history with two
# upstream edits, where git diff must show only the edited blocks.
. "$(dirname "$0")/../lib.sh"

H=$CORPUS/history
have_corpus=false
[ -d "$H" ] && have_corpus=true

# ---- usage and bad input (no corpus needed) --------------------------------
printf 'Title\n=====\n\nOne paragraph here.\n' >"$T/en.rst"
printf '제목\n====\n\n한 문단입니다.\n' >"$T/ko.rst"
printf 'Title\n=====\n\nOne paragraph here.\n\nAnother paragraph.\n' >"$T/new.rst"

run "$YEOK" sync
check "no arguments: usage, exit 64" eq "$status" 64
check "no arguments: says how" has "$err" "usage: yeok sync --to NEW_EN"
run "$YEOK" sync "$T/ko.rst"
check "no --to: exit 64" eq "$status" 64
run "$YEOK" sync --to "$T/new.rst" --from "$T/en.rst" --from-rev HEAD "$T/ko.rst"
check "--from and --from-rev: exit 64" eq "$status" 64
run "$YEOK" sync --to "$T/new.rst" --to-rev HEAD "$T/ko.rst"
check "--to and --to-rev: exit 64" eq "$status" 64
run "$YEOK" sync --to "$T/new.rst" --bogus "$T/ko.rst"
check "unknown option: exit 64" eq "$status" 64
run "$YEOK" sync --to "$T/new.rst" --from "$T/en.rst" "$T/missing.rst"
check "missing FILE: exit 66" eq "$status" 66
check "missing FILE: named" has "$err" "missing.rst"
run "$YEOK" sync --to "$T/nope.rst" --from "$T/en.rst" "$T/ko.rst"
check "missing NEW_EN: exit 66" eq "$status" 66
check "missing NEW_EN: named" has "$err" "nope.rst"
run "$YEOK" sync --to "$T/new.rst" "$T/ko.rst"
check "no English original known: exit 64" eq "$status" 64
check "no English original known: says what to give" has "$err" "--from OLD_EN"
cp "$T/ko.rst" "$T/ko-as-new.rst"
run "$YEOK" sync --to "$T/ko-as-new.rst" --from "$T/en.rst" "$T/ko.rst"
check "Korean NEW_EN: exit 65" eq "$status" 65
check "Korean NEW_EN: says it is not English" has "$err" "not English"
printf 'Title\n=====\n\nbinary\000here\n' >"$T/bin.rst"
run "$YEOK" sync --to "$T/new.rst" --from "$T/en.rst" "$T/bin.rst"
check "binary FILE: exit 65" eq "$status" 65
check "binary FILE: names file and line" has "$err" "bin.rst:4:"
cp "$T/ko.rst" "$T/j.rst"
printf 'yeok-journal 1\n' >"$T/j.rst.yeok.journal"
run "$YEOK" sync --to "$T/new.rst" --from "$T/en.rst" "$T/j.rst"
check "unsaved editor work: exit 65" eq "$status" 65
check "unsaved editor work: says so" has "$err" "unsaved editor work"
check "unsaved editor work: FILE untouched" cmp -s "$T/j.rst" "$T/ko.rst"
cp "$T/ko.rst" "$T/c.rst"
printf 'yeok: 1\nsegments: [\n' >"$T/c.rst.yeok.yaml"
run "$YEOK" sync --to "$T/new.rst" --from "$T/en.rst" "$T/c.rst"
check "corrupt sidecar: exit 65" eq "$status" 65
check "corrupt sidecar: line and column" has "$err" "c.rst.yeok.yaml:"
check "corrupt sidecar: FILE untouched" cmp -s "$T/c.rst" "$T/ko.rst"
check "corrupt sidecar: kept as it was" eq "$(cat "$T/c.rst.yeok.yaml")" "$(printf 'yeok: 1\nsegments: [')"

# a small sync: kept + new, the summary, the sidecar's source record
cp "$T/ko.rst" "$T/s.rst"
run "$YEOK" sync --to "$T/new.rst" --from "$T/en.rst" "$T/s.rst"
check "small sync: exit 0" eq "$status" 0
check "small sync: summary" has "$out" "s.rst: kept 2, stale 0, new 1, dropped 0"
check "small sync: total" has "$out" "sync: kept 2, stale 0, new 1, dropped 0; 1 of 1 file changed"
check "small sync: result" eq "$(cat "$T/s.rst")" "$(printf '제목\n====\n\n한 문단입니다.\n\nAnother paragraph.')"
check "small sync: source recorded" has "$(cat "$T/s.rst.yeok.yaml")" "file: new.rst"
# a second sync with nothing new upstream changes nothing (the recorded
# source is the English now)
before=$(cat "$T/s.rst")
run "$YEOK" sync --to "$T/new.rst" "$T/s.rst"
check "re-sync from the recorded source: exit 0" eq "$status" 0
check "re-sync: nothing changed" has "$out" "0 of 1 file changed"
check "re-sync: FILE the same" eq "$(cat "$T/s.rst")" "$before"

# never a partial write: the sidecar cannot be written (a folder in its
# place), so FILE is put back
cp "$T/ko.rst" "$T/p.rst"
mkdir "$T/p.rst.yeok.yaml"
run "$YEOK" sync --to "$T/new.rst" --from "$T/en.rst" "$T/p.rst"
check "sidecar not writable: exit 74 or 66" test "$status" -eq 74 -o "$status" -eq 66
check "sidecar not writable: FILE as it was" cmp -s "$T/p.rst" "$T/ko.rst"

# --dry-run: a unified diff, nothing written
cp "$T/ko.rst" "$T/d.rst"
run "$YEOK" sync --dry-run --to "$T/new.rst" --from "$T/en.rst" "$T/d.rst"
check "dry run: exit 0" eq "$status" 0
check "dry run: diff header" has "$out" "+++ b/$T/d.rst"
check "dry run: the new block" has "$out" "+Another paragraph."
check "dry run: summary on stderr" has "$err" "would change (dry run: nothing written)"
check "dry run: FILE untouched" cmp -s "$T/d.rst" "$T/ko.rst"
check "dry run: no sidecar" test ! -e "$T/d.rst.yeok.yaml"

# a folder: NEW/<same path>; files without a counterpart are left alone
mkdir -p "$T/repo/a" "$T/up/a"
cp "$T/ko.rst" "$T/repo/a/one.rst"
cp "$T/ko.rst" "$T/repo/two.rst"
cp "$T/new.rst" "$T/up/a/one.rst"
# (sidecar source paths are relative to the document: absolute ones are refused)
printf 'yeok: 1\nsource: {file: ../../en.rst}\n' >"$T/repo/a/one.rst.yeok.yaml"
printf 'yeok: 1\nsource: {file: ../en.rst}\n' >"$T/repo/two.rst.yeok.yaml"
run "$YEOK" sync --to "$T/up" "$T/repo"
check "folder: exit 0" eq "$status" 0
check "folder: the file with a counterpart" has "$out" "repo/a/one.rst: kept 2, stale 0, new 1"
check "folder: the other left alone" lacks "$out" "two.rst"
check "folder: total" has "$out" "1 of 1 file changed"
check "folder: two.rst untouched" cmp -s "$T/repo/two.rst" "$T/ko.rst"
# several NEW files as paths below the folder
cp "$T/ko.rst" "$T/repo/a/one.rst"
printf 'yeok: 1\nsource: {file: ../../en.rst}\n' >"$T/repo/a/one.rst.yeok.yaml"
(cd "$T/up" && "$YEOK" sync --to a/one.rst "$T/repo" >"$T/.o2" 2>&1)
check "named files: synced" has "$(cat "$T/.o2")" "repo/a/one.rst: kept 2"
run "$YEOK" sync --to "$T/up/zzz.rst" "$T/repo"
check "named file not below the folder: exit 66" eq "$status" 66

if ! $have_corpus; then
	echo "ok 999 - # SKIP skipped: no corpus"
	exit 0
fi

# ---- FSDP: revision 05's English, 09's Korean, revision 10's English --------
f=$T/FSDP_tutorial.rst
cp "$H/intermediate_source__FSDP_tutorial-09-e102132287.rst" "$f"
# upstream rewrote it: 52 of its 56 translated blocks have no place in the
# new English, which yeok sync refuses without --force (issue 37 item 6)
run "$YEOK" sync --from "$H/intermediate_source__FSDP_tutorial-05-42be0e1e23.rst" \
	--to "$H/intermediate_source__FSDP_tutorial-10-349cbf1eed.rst" "$f"
check "FSDP without --force: refused, exit 65" eq "$status" 65
check "... saying how much Korean would go" has "$err" "FSDP_tutorial.rst: the sync would drop 52 of 56 translated blocks"
check "... nothing written" eval '[ ! -e "$f.yeok.yaml" ] && cmp -s "$f" "$H/intermediate_source__FSDP_tutorial-09-e102132287.rst"'
run "$YEOK" sync --force --from "$H/intermediate_source__FSDP_tutorial-05-42be0e1e23.rst" \
	--to "$H/intermediate_source__FSDP_tutorial-10-349cbf1eed.rst" "$f"
check "FSDP: exit 0" eq "$status" 0
check "FSDP: counts" has "$out" "FSDP_tutorial.rst: kept 12, stale 4, new 113, dropped 73"
check "FSDP: dropped blocks listed with their line" has "$out" "dropped $f:10: paragraph: 대규모 AI"
check "FSDP: four hints in the sidecar" eq "$(grep -c '^  hint:' "$f.yeok.yaml")" 4
check "FSDP: the old English with them" eq "$(grep -c '^  old:' "$f.yeok.yaml")" 4
check "FSDP: the translator line kept" has "$(cat "$f")" "**번역:**: \`이진혁"
run "$YEOK" align "$f"
check "FSDP: reopened, 4 stale segments" eq "$(printf '%s\n' "$out" | grep -c 'stale$')" 4
if /usr/bin/python3 -c 'import docutils' 2>/dev/null; then
	run /usr/bin/python3 "$ROOT/tests/tools/docutils-new-errors.py" "$f" \
		"$H/intermediate_source__FSDP_tutorial-10-349cbf1eed.rst" \
		"$H/intermediate_source__FSDP_tutorial-09-e102132287.rst"
	check "FSDP: no new docutils errors" eq "$status" 0
else
	echo "ok 998 - # SKIP python3-docutils is not installed"
fi

# ---- a sphinx-gallery .py: one sentence of a text block edited upstream ----
need_corpus py/beginner_source__blitz__autograd_tutorial.ko.py
P=$CORPUS/py/beginner_source__blitz__autograd_tutorial
cp "$P.ko.py" "$T/autograd.py"
sed 's/^# Next, we load an optimizer, in this case SGD/# Next, we load an optimizer, here plain SGD/' \
	"$P.en.py" >"$T/autograd.new.py"
run "$YEOK" sync --from "$P.en.py" --to "$T/autograd.new.py" "$T/autograd.py"
check ".py: exit 0" eq "$status" 0
check ".py: one stale text block, the rest kept" has "$out" "autograd.py: kept 79, stale 1, new 0, dropped 0"
check ".py: only that text block changed" \
	eq "$(diff "$P.ko.py" "$T/autograd.py" | grep -c '^[<>]')" 5
check ".py: the new English keeps its # prefix" has "$(cat "$T/autograd.py")" "# Next, we load an optimizer, here plain SGD"
check ".py: the hint without the # prefix" has "$(cat "$T/autograd.py.yeok.yaml")" "hint: |-
    다음으로, 옵티마이저(optimizer)를 불러옵니다."
run "$YEOK" check --only py-structure "$T/autograd.py"
check ".py: still a valid sphinx-gallery file (py-structure)" eq "$status" 0
check ".py: no py-structure finding" lacks "$out" "py-structure"

# ---- the dev bundle ----------------------------------------------------------
if ! command -v git >/dev/null || [ ! -f "$CORPUS/tutorials-kr-dev.bundle" ]; then
	echo "ok 997 - # SKIP no git or no dev bundle"
	exit 0
fi
g() { git -c core.fsmonitor=false -C "$T/kr" "$@"; }
git clone -q "$CORPUS/tutorials-kr-dev.bundle" "$T/kr"
g config user.email t@example.com
g config user.name t
sync_commit=$(g log --format=%H --grep='PyTorch v2.8.0 반영' -1)
g checkout -q "$sync_commit^"
# (1) the real upstream sync of intermediate_source, with --to-rev: the
# English of the sync commit; the English the translations were made from
# found in each file's history (--force: FSDP was rewritten upstream, above)
(cd "$T/kr" && "$YEOK" sync --force --to-rev "$sync_commit" intermediate_source >"$T/.o" 2>"$T/.e")
check "bundle --to-rev: exit 0" eq "$?" 0
check "bundle --to-rev: FSDP from its English in history" has "$(cat "$T/.o")" "intermediate_source/FSDP_tutorial.rst: kept 12, stale 4, new 113"
changed=$(g diff --name-only | sort | tr '\n' ' ')
check "bundle --to-rev: the files that changed upstream and are English there" \
	eq "$changed" "intermediate_source/FSDP_tutorial.rst intermediate_source/TP_tutorial.rst intermediate_source/reinforcement_ppo.py intermediate_source/torch_compile_tutorial.py "
check "bundle --to-rev: no side files for untouched files" test ! -e "$T/kr/intermediate_source/dist_tuto.rst.yeok.yaml"
origins_ok() { # every line sync added is upstream's; every difference from upstream is FILE's
	local f=$1 rev=$2 a b
	g show "$rev:$f" >"$T/.up"
	g show "HEAD:$f" >"$T/.before"
	a=$(g diff -U0 HEAD -- "$f" | grep '^+' | grep -v '^+++' | cut -c2- | grep -cvxF -f "$T/.up")
	b=$(g diff -U0 "$rev" -- "$f" | grep '^+' | grep -v '^+++' | cut -c2- | grep -cvxF -f "$T/.before")
	[ "$a" -eq 0 ] && [ "$b" -eq 0 ]
}
for f in $changed; do
	check "bundle --to-rev: $f: only upstream's lines added, only FILE's kept" origins_ok "$f" "$sync_commit"
done
check "bundle --to-rev: FSDP is upstream's plus the translator line" \
	eq "$(g diff "$sync_commit" -- intermediate_source/FSDP_tutorial.rst | grep -c '^[-+][^-+]')" 1
g checkout -q -- . && g clean -qfd

# (2) a folder of Korean files at master; upstream = each file's English
# from history, two of them edited: git diff shows only the edited blocks
g checkout -q master
mkdir -p "$T/up2/beginner_source"
n=0
for f in $(g ls-files 'beginner_source/*.rst' | grep -v 'beginner_source/.*/'); do
	for c in $(g log --format=%H -- "$f"); do
		g show "$c:$f" >"$T/.cand" 2>/dev/null || continue
		h=$(grep -cP '[\x{AC00}-\x{D7A3}]' "$T/.cand")
		t=$(grep -c . "$T/.cand")
		if [ $((h * 20)) -lt "$t" ]; then
			cp "$T/.cand" "$T/up2/$f"
			n=$((n + 1))
			break
		fi
	done
done
check "bundle folder: English found for the files" test "$n" -ge 5
# upstream edits a sentence of ddp_series_intro.rst and adds a paragraph to colab.rst
sed -i 's/^The tutorial assumes a basic familiarity with model training in PyTorch\./The tutorial assumes a good familiarity with model training in PyTorch./' \
	"$T/up2/beginner_source/ddp_series_intro.rst"
printf '\nUpstream added this last paragraph.\n' >>"$T/up2/beginner_source/colab.rst"
check "bundle folder: the edit applied" grep -q 'assumes a good familiarity' "$T/up2/beginner_source/ddp_series_intro.rst"
(cd "$T/kr" && "$YEOK" sync --to "$T/up2" beginner_source >"$T/.o" 2>"$T/.e")
check "bundle folder: exit 0" eq "$?" 0
check "bundle folder: ddp_series_intro has one stale block" has "$(cat "$T/.o")" "beginner_source/ddp_series_intro.rst: kept 18, stale 1, new 0, dropped 0"
check "bundle folder: colab has one new block" has "$(cat "$T/.o")" "beginner_source/colab.rst: kept 26, stale 0, new 1, dropped 0"
check "bundle folder: only the two edited files changed" \
	eq "$(g diff --name-only | sort | tr '\n' ' ')" "beginner_source/colab.rst beginner_source/ddp_series_intro.rst "
check "bundle folder: ddp_series_intro: one paragraph replaced" \
	eq "$(g diff -U0 -- beginner_source/ddp_series_intro.rst | grep -c '^@@')" 1
check "bundle folder: ddp_series_intro: the new English in its place" \
	has "$(g diff -U0 -- beginner_source/ddp_series_intro.rst)" "+The tutorial assumes a good familiarity with model training in PyTorch."
check "bundle folder: colab: one paragraph added" \
	eq "$(g diff -U0 -- beginner_source/colab.rst | grep '^[-+][^-+]')" "+Upstream added this last paragraph."
check "bundle folder: the English outside the work tree is kept as a snapshot beside the file" \
	cmp -s "$T/kr/beginner_source/colab.rst.yeok.src" "$T/up2/beginner_source/colab.rst"
check "... and the sidecar records it" has "$(cat "$T/kr/beginner_source/colab.rst.yeok.yaml")" "snapshot: colab.rst.yeok.src"
check "... no snapshot for an untouched file" test ! -e "$T/kr/beginner_source/introyt.rst.yeok.src"
check "bundle folder: the stale segment reopens stale" \
	has "$("$YEOK" align "$T/kr/beginner_source/ddp_series_intro.rst")" "stale"
