#!/usr/bin/env bash
# upstream-repos.sh BUNDLE OUT: an upstream repository and translation
# repositories built from the dev bundle's real revisions (issue 39), for
# tests/unit/test-source-upstream.c and tests/cli/upstream.sh.
#
#   OUT/up      the upstream: three commits
#                 U1 cpp_autograd.rst = its English of 2021 (the bundle's
#                    English before its translation), TP_tutorial.rst = the
#                    v2.3.1 English
#                 U2 cpp_autograd.rst = that English with the URL changes the
#                    v2.8.0 sync made to the Korean; TP_tutorial.rst = the
#                    v2.8.0 English (the one it was translated from)
#                 U3 a later upstream change synced nowhere: a code block
#                    added to cpp_autograd.rst, a paragraph to TP_tutorial.rst
#   OUT/r       the translation, its sync commits naming U1 and U2 in
#               tutorials-kr's words ("PyTorch v2.8.0 반영,
#               pytorch/tutorials@SHA (PyTorchKorea/pytorch.kr#70)"):
#                 r1 sync of U1 (English), r2 cpp_autograd.rst translated,
#                 r3 sync of U2 (the Korean's URLs, TP's new English),
#                 r4 TP_tutorial.rst translated
#   OUT/r-plain the same files and Korean, commit messages naming no
#               upstream commit (the English is found by matching)
# Writes OUT/ids: U1 U2 U3 (full ids) and R1 (r1's full id).
set -eu
BUNDLE=$1
OUT=$2
CPP=advanced_source/cpp_autograd.rst
TP=intermediate_source/TP_tutorial.rst
K=$OUT/k
mkdir -p "$OUT"
git clone -q "$BUNDLE" "$K"
at() { git -C "$K" show "$1:$2"; }
cid() { git -C "$K" log --format=%H -1 --grep="$1" -- "$2"; }
cpp_en=$(cid '튜토리얼 도메인 변경' "$CPP")
cpp_ko=$(cid 'cpp_autograd 개선 (문법' "$CPP")
sync28=$(cid 'PyTorch v2.8.0' "$CPP")
tp_en1=$(cid 'PyTorch v2.3.1' "$TP")
tp_ko=$(cid 'TP_tutorial.rst 번역' "$TP")
D=$OUT/data
mkdir -p "$D"
at "$cpp_en" "$CPP" >"$D/cpp.en1"
at "$cpp_ko" "$CPP" >"$D/cpp.ko1"
at "$sync28" "$CPP" >"$D/cpp.ko2"
at "$tp_en1" "$TP" >"$D/tp.en1"
at "$sync28" "$TP" >"$D/tp.en2"
at "$tp_ko" "$TP" >"$D/tp.ko"
# the English of U2: the URLs the sync changed in the Korean, changed in
# the English too (what upstream had changed)
/usr/bin/python3 - "$D/cpp.ko1" "$D/cpp.ko2" "$D/cpp.en1" >"$D/cpp.en2" <<'PY'
import difflib, re, sys
k1, k2, en = (open(f, encoding='utf-8').read() for f in sys.argv[1:4])
a, b = k1.split('\n'), k2.split('\n')
url = re.compile(r'https?://[^\s<>`"\')]+')
n = 0
for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
    if tag != 'replace':
        continue
    old = [u for l in a[i1:i2] for u in url.findall(l)]
    new = [u for l in b[j1:j2] for u in url.findall(l)]
    if len(old) == len(new):
        for o, w in zip(old, new):
            if o != w and o in en:
                en = en.replace(o, w)
                n += 1
if n < 2:
    sys.exit('only %d URL changes carried' % n)
sys.stdout.write(en)
PY
cp "$D/cpp.en2" "$D/cpp.en3"
printf '\nA later upstream example:\n\n.. code-block:: cpp\n\n  auto later = torch::ones({2, 2});\n' >>"$D/cpp.en3"
cp "$D/tp.en2" "$D/tp.en3"
printf '\nThis paragraph was added upstream later.\n' >>"$D/tp.en3"

commit() { # commit REPO DATE MESSAGE CPP_FILE TP_FILE ('' keeps a file)
	local r=$1
	mkdir -p "$r/advanced_source" "$r/intermediate_source"
	[ -z "$4" ] || cp "$4" "$r/$CPP"
	[ -z "$5" ] || cp "$5" "$r/$TP"
	git -C "$r" add -A
	GIT_COMMITTER_DATE=$2 git -C "$r" -c user.name=t -c user.email=t@example.org \
		commit -q --date="$2" -m "$3"
}
U=$OUT/up
git init -q "$U"
commit "$U" 2021-04-29T10:00:00 "Update tutorials for 1.8" "$D/cpp.en1" "$D/tp.en1"
U1=$(git -C "$U" rev-parse HEAD)
commit "$U" 2025-09-01T10:00:00 "Update tutorials for 2.8" "$D/cpp.en2" "$D/tp.en2"
U2=$(git -C "$U" rev-parse HEAD)
commit "$U" 2025-11-01T10:00:00 "Later changes" "$D/cpp.en3" "$D/tp.en3"
U3=$(git -C "$U" rev-parse HEAD)

for r in r r-plain; do
	R=$OUT/$r
	git init -q "$R"
	if [ $r = r ]; then
		m1="apply v1.8, pytorch/tutorials@${U1:0:7} (#210)"
		m3="PyTorch v2.8.0 반영, pytorch/tutorials@${U2:0:7} (PyTorchKorea/pytorch.kr#70)"
	else
		m1="apply v1.8 (#210)"
		m3="PyTorch v2.8.0 반영 (PyTorchKorea/pytorch.kr#70)"
	fi
	commit "$R" 2021-05-01T10:00:00 "$m1" "$D/cpp.en1" "$D/tp.en1"
	[ $r = r ] && R1=$(git -C "$R" rev-parse HEAD)
	commit "$R" 2021-10-09T10:00:00 "cpp_autograd.rst 번역 (Issue 340) (#341)" "$D/cpp.ko1" ""
	commit "$R" 2025-09-14T10:00:00 "$m3" "$D/cpp.ko2" "$D/tp.en2"
	commit "$R" 2025-11-07T10:00:00 "intermediate_source/TP_tutorial.rst 번역 (#1040)" "" "$D/tp.ko"
done
printf 'U1=%s\nU2=%s\nU3=%s\nR1=%s\n' "$U1" "$U2" "$U3" "$R1" >"$OUT/ids"
