#!/usr/bin/env bash
# A Markdown page of a Hugging Face checkout in the editor end to end
# (issue 43): the repository view lists the Korean pages (not the English
# tree, not README.md); opening one finds its English beside the Korean
# tree with no flag; a heading shows beside its English; typing at a line's
# end and Ctrl-S change that line only on disk.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

MD=$CORPUS/md
if [ ! -e "$MD/hf__autoclass_tutorial.ko.md" ]; then
	echo "ok 1 - skipped: no Markdown corpus"
	exit 0
fi
H=$T/transformers
mkdir -p "$H/docs/source/en" "$H/docs/source/ko"
cp "$MD/hf__autoclass_tutorial.en.md" "$H/docs/source/en/autoclass_tutorial.md"
cp "$MD/hf__autoclass_tutorial.ko.md" "$H/docs/source/ko/autoclass_tutorial.md"
cp "$MD/hf__accelerate.en.md" "$H/docs/source/en/accelerate.md"
cp "$MD/hf__accelerate.ko.md" "$H/docs/source/ko/accelerate.md"
printf '# Transformers\n' >"$H/README.md"
chmod -R u+w "$H"
(cd "$H" && git init -q && git add -A && git -c user.email=t@t -c user.name=t commit -qm docs)
KO=$H/docs/source/ko/autoclass_tutorial.md
cp "$KO" "$T/orig.md"
export XDG_CACHE_HOME=$T/cache

tm_start 150 30 "cd $H && XDG_CACHE_HOME=$T/cache $YEOK --no-spell --no-checks"
check "the repository view lists the two Korean pages only" tm_wait "2/2 files · all"
check "a Korean page's row" tm_wait "docs/source/ko/autoclass_tutorial.md"
tm_text "/"
tm_wait "Filter:" >/dev/null
tm_text "autoclass"
tm_keys Enter
check "the filter leaves it" tm_wait "1/2 files"
tm_keys Enter
check "Enter opens it beside its English" tm_wait "Load pretrained instances with an AutoClass" 60
check "the Korean heading beside it" tm_wait "AutoClass로 사전 학습된 인스턴스"
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "24"
tm_keys Enter
check "Ctrl-G goes to the <Tip>'s text" tm_wait "KO 24:1"
tm_keys End
tm_text " (역자 주)"
tm_keys C-s
check "Ctrl-S says saved" tm_wait "Saved"
check "line 24 holds the typed text" eq "$(sed -n 24p "$KO")" "$(sed -n 24p "$T/orig.md") (역자 주)"
check "every other line is unchanged" cmp -s <(sed 24d "$T/orig.md") <(sed 24d "$KO")
tm_keys C-q
check "quit goes back to the list" tm_wait "files · all"
tm_keys q
check "and out" tm_wait "EXITED-0"
