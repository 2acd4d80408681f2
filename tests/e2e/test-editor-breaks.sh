#!/usr/bin/env bash
# The editor says where the alignment broke, through real keys in tmux, on
# the corpus pair whose Korean '결론' has only '---' under it (docutils
# reads it as text, so the English 'Conclusion' has no Korean title): the
# status line says so at that place, and not at the top of the file.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
NAME=advanced_source__cpp_autograd
if [ ! -e "$CORPUS/$NAME.ko.rst" ]; then
	echo "ok - skipped: no corpus"
	exit 0
fi
cp "$CORPUS/$NAME.ko.rst" "$T/ko.rst"
cp "$CORPUS/$NAME.en.rst" "$T/en.rst"
chmod 644 "$T/ko.rst" "$T/en.rst"
LINE=$(grep -n '^결론$' "$T/ko.rst" | cut -d: -f1)
check "the Korean has '결론' over a 3-character underline" \
	eq "$(sed -n "$((LINE + 1))p" "$T/ko.rst")" "---"
status_line() { tm_screen | tail -2 | head -1; }
tm_start 200 30 "cd $T && $YEOK --no-spell --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
tm_sync
check "nothing said at the top of the file" lacks "$(status_line)" "alignment broken"
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "$LINE"
tm_keys Enter
check "at '결론' the status line says the alignment broke" \
	tm_wait "the English title 'Conclusion' (English line"
check "  and why: the real cause, with its line" \
	tm_wait "has no Korean title: '결론' (line $LINE): its underline is shorter than it"
tm_keys C-q
tm_exit
# Issue 36.3: a translator line glued to the 'Introduction' title below it
# (docutils reads the title as text); translating a later title pairs it
# with its own English, the sections above keep theirs, and the notice
# names the glued title's line where the glued title is.
cat >"$T/en2.rst" <<'EOF'
Getting Started with Things
===========================

**Author**: `Jane Doe <https://example.com/jane>`_

Introduction
------------

This tutorial introduces the things and the way they work together.

Setting Up
----------

First install the package and check the version that you have.

Using the Model
---------------

Then create a model and call it on your data to get the results.

Conclusion
----------

That is all there is to it; the next tutorial goes further.
EOF
cat >"$T/ko2.rst" <<'EOF'
사물 시작하기
=============

**Author**: `Jane Doe <https://example.com/jane>`_
**번역**: `홍길동 <https://github.com/hong>`_
소개
----

이 튜토리얼은 사물과 그 동작 방식을 소개합니다.

준비하기
--------

먼저 패키지를 설치하고 가진 버전을 확인합니다.

Using the Model
---------------

Then create a model and call it on your data to get the results.

Conclusion
----------

That is all there is to it; the next tutorial goes further.
EOF
tm_fresh
tm_start 160 40 "cd $T && $YEOK --no-spell --source en2.rst ko2.rst"
tm_wait "ko2.rst" >/dev/null
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text 16
tm_keys Enter M-x
tm_text "모델 사용하기"
tm_sync
row_of() { tm_screen | grep -F "$1" | head -1; }
check "the translated title is beside its own English" has "$(row_of '모델 사용하기')" "Using the Model"
check "the title above keeps its English" has "$(row_of '준비하기')" "Setting Up"
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text 5
tm_keys Enter
check "at the section that lost its title, the notice names the glued line" \
	tm_wait "'소개' (line 6) is glued to line 5"
tm_keys C-q
tm_wait "Unsaved changes" >/dev/null
tm_keys y
tm_exit
