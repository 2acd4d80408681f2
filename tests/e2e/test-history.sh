#!/usr/bin/env bash
# The editor finds the English in the file's git history (issue 15): in a
# clone of the dev bundle, a tracked file with an uncommitted Korean edit
# and no sidecar opens beside its newest English revision, and the first
# save records that commit and path in the sidecar; a file with no
# history says that the document itself is the source.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

BUNDLE=$CORPUS/tutorials-kr-dev.bundle
if [ ! -f "$BUNDLE" ]; then
	echo "ok 1 - # SKIP skipped: no corpus ($BUNDLE)"
	exit 0
fi
_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}
K=$T/kr
git clone -q "$BUNDLE" "$K"
MESH=recipes_source/distributed_device_mesh.rst
# the commit that turned the file Korean; the file's commit before it is
# the newest English one
ko=$(git -C "$K" log --format=%H --reverse -S '시작하기' -- "$MESH" | head -1)
want=$(git -C "$K" log --format=%H -- "$MESH" | grep -A1 "$ko" | tail -1)
check "the English revision is in English" eval 'git -C "$K" show "$want:$MESH" | grep -q "Getting Started with DeviceMesh"'
sed -i 's/DeviceMesh 시작하기/DeviceMesh 시작하기 (수정)/' "$K/$MESH"
row_has() { tm_screen | grep -F -- "$1" | grep -qF -- "$2"; }

tm_start 110 30 "cd $K && $YEOK --no-spell $MESH"
check "opens" tm_wait "시작하기 (수정)"
check "the English of history beside the edited Korean" row_has "Getting Started with DeviceMesh" "시작하기 (수정)"
check "no 'document itself' note" eval '! tm_screen | grep -q "the document itself"'
tm_text "번역 "
tm_keys C-s
check "saves" tm_wait "Saved"
check "the sidecar records the commit" grep -q "git: $want" "$K/$MESH.yeok.yaml"
check "... and the path" grep -q "path: $MESH" "$K/$MESH.yeok.yaml"
tm_keys C-q
tm_exit
fresh

printf 'Title\n=====\n\nText.\n' >"$T/plain.rst"
tm_start 110 20 "cd $T && $YEOK --no-spell plain.rst"
check "no history: the document itself is the source, said so" tm_wait "English: the document itself"
tm_keys C-q
tm_exit
