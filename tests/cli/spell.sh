#!/usr/bin/env bash
# yeok check's spelling row: Korean and English misspellings in prose are
# flagged with the word and a suggestion; code, literals, roles, URLs,
# source words, glossary terms, the project list (.yeok-words at the git
# top level) and the personal list ($XDG_DATA_HOME/yeok/words) never are;
# --no-spell and --disable spelling turn it off.
. "$(dirname "$0")/../lib.sh"

G=$ROOT/glossary/ko.yaml
cat > "$T/doc.en.rst" <<'RST'
Training
========

Launch it with torchrun, then set nproc.
RST
cat > "$T/doc.rst" <<'RST'
학습
====

torchrun으로 실행합니댜. nproc 값을 정합니다. We recieve 매개변수를.
``torch.tensr``\ 를 :func:`torch.optm` 로, https://exmaple.com/tutorail 참고.
파이토치를 쓰면 frobnicate 됩니다.

.. code-block:: python

   x = torch.tensr(1)  # 검사하지 않습니댜
RST

run "$YEOK" check --glossary "$G" --only spelling --source "$T/doc.en.rst" "$T/doc.rst"
check "spelling: exits 0 (warnings only)" eq "$status" 0
check "spelling: Korean misspelling flagged at its column" has "$out" "doc.rst:4:12: warning: unknown word '실행합니댜' [spelling]"
check "spelling: English misspelling flagged" has "$out" "doc.rst:4:37: warning: unknown word 'recieve' [spelling]"
check "spelling: a word not in the list flagged" has "$out" "unknown word 'frobnicate'"
check "spelling: source words pass" lacks "$out" "torchrun"
check "spelling: source words pass (nproc)" lacks "$out" "nproc"
check "spelling: code, literals, roles, URLs never flag" lacks "$out" "tens"
check "spelling: roles and URLs never flag" lacks "$out" "optm"
check "spelling: URLs never flag" lacks "$out" "tutorail"
check "spelling: inflected forms pass" lacks "$out" "매개변수를"
check "spelling: four findings (파이토치를 is in no list yet)" eq "$(printf "%s\n" "$out" | grep -c "\[spelling\]")" 4
check "spelling: nothing on stderr" eq "$err" ""

run "$YEOK" check --glossary "$G" --only spelling --format json --source "$T/doc.en.rst" "$T/doc.rst"
check "spelling json: the first suggestion" has "$out" '"message": "unknown word '"'"'실행합니댜'"'"'", "suggestion": "실행합니다"'
check "spelling json: English suggestion" has "$out" '"suggestion": "receive"'

# without a source its names are unknown words
run "$YEOK" check --glossary "$G" --only spelling "$T/doc.rst"
check "spelling without source: torchrun flagged" has "$out" "unknown word 'torchrun'"

# project list at the git top level, personal list in XDG_DATA_HOME
git init -q "$T/repo" && mkdir -p "$T/repo/sub" && cp "$T/doc.rst" "$T/repo/sub/doc.rst"
printf '# project words\nfrobnicate\n' > "$T/repo/.yeok-words"
mkdir -p "$XDG_DATA_HOME/yeok" && printf '파이토치/파이썬\n' > "$XDG_DATA_HOME/yeok/words"
run "$YEOK" check --glossary "$G" --only spelling --source "$T/doc.en.rst" "$T/repo/sub/doc.rst"
check "spelling: project word list honoured" lacks "$out" "frobnicate"
check "spelling: personal word list honoured" lacks "$out" "파이토치"
check "spelling: still flags the rest" has "$out" "unknown word '실행합니댜'"
rm -f "$XDG_DATA_HOME/yeok/words"

# off switches
run "$YEOK" check --glossary "$G" --no-spell --source "$T/doc.en.rst" "$T/doc.rst"
check "--no-spell: no spelling findings" lacks "$out" "[spelling]"
run "$YEOK" check --glossary "$G" --disable spelling --source "$T/doc.en.rst" "$T/doc.rst"
check "--disable spelling: no spelling findings" lacks "$out" "[spelling]"
run "$YEOK" check --help
check "check --help lists spelling and --no-spell" has "$out" "--no-spell"
