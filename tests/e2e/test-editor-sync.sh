#!/usr/bin/env bash
# The editor after `yeok sync`, through real keys in tmux, on the FSDP
# history of the corpus (revision 09's Korean, made against revision 05's
# English, carried onto revision 10's): step to a stale paragraph, its old
# Korean shown as the hint on the status line, take it (Alt-h), mark it
# done (Alt-Enter), save; the file has the Korean, the sidecar one hint
# fewer.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
H=$CORPUS/history
if [ ! -d "$H" ]; then
	echo "ok - skipped: no corpus"
	exit 0
fi
f=$T/FSDP_tutorial.rst
cp "$H/intermediate_source__FSDP_tutorial-09-e102132287.rst" "$f"
chmod 644 "$f"
run "$YEOK" sync --force --from "$H/intermediate_source__FSDP_tutorial-05-42be0e1e23.rst" \
	--to "$H/intermediate_source__FSDP_tutorial-10-349cbf1eed.rst" "$f"
check "the sync leaves 4 stale segments" has "$out" "stale 4,"
hints0=$(grep -c '^  hint:' "$f.yeok.yaml")
run "$YEOK" align "$f"
LINE=$(printf '%s\n' "$out" | awk -F'\t' '$1 == "paragraph" && $NF == "stale" { print $4; exit }')
check "one of them is a paragraph" test -n "$LINE"
EN=$(sed -n "${LINE}p" "$f")
echo "# line $LINE: ${EN:0:60}"

tm_start 160 30 "cd $T && $YEOK FSDP_tutorial.rst"
tm_wait "FSDP_tutorial.rst" >/dev/null
check "the header counts the stale segments" tm_wait "4 stale"
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "$LINE"
tm_keys Enter
check "the status line shows the old Korean as the hint" tm_wait "hint: \`DistributedDataParallel"
tm_keys M-d
check "Alt-d shows the new English" tm_wait "Now (added words marked):"
check "  and the Korean before the sync under it" tm_wait "The Korean before yeok sync"
check "  that Korean" tm_wait "worker들의 변화도를 합산합니다."
tm_keys Escape
tm_wait_gone "The Korean before yeok sync" >/dev/null
tm_keys M-h
check "Alt-h takes the hint" tm_wait "Took the hint"
check "  the Korean is in the translation pane" tm_wait "각 process/ worker가 모델의 복제본을"
tm_keys M-Enter
check "Alt-Enter marks it done: one stale fewer" tm_wait "3 stale"
tm_keys C-s
check "Ctrl-S saves" tm_wait "Saved"
tm_keys C-q
tm_exit
check "the file has the old Korean at that place" \
	grep -q '^각 process/ worker가 모델의 복제본을 소유하고' "$f"
check "  the new English of that paragraph is gone" lacks "$(cat "$f")" "$EN"
check "the sidecar keeps the other hints" eq "$(grep -c '^  hint:' "$f.yeok.yaml")" "$((hints0 - 1))"
run "$YEOK" align "$f"
check "reopened: 3 stale segments" eq "$(printf '%s\n' "$out" | grep -c 'stale$')" 3
