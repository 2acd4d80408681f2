#!/usr/bin/env bash
# F3 "allow here" through real keys in tmux, on a corpus pair that uses
# 레이어 (the glossary avoids it for Layer -> 계층): F3 on such a paragraph
# offers "allow 레이어 here"; Enter on it; Ctrl-S; the sidecar has
# `allow: [레이어]`, and `yeok check` of that file no longer flags 레이어
# while it still does for a copy without the sidecar.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
NAME=advanced_source__rpc_ddp_tutorial
if [ ! -e "$CORPUS/$NAME.ko.rst" ]; then
	echo "ok - skipped: no corpus"
	exit 0
fi
cp "$CORPUS/$NAME.ko.rst" "$T/ko.rst"
cp "$CORPUS/$NAME.en.rst" "$T/en.rst"
cp "$CORPUS/$NAME.ko.rst" "$T/copy.rst"
chmod 644 "$T/ko.rst" "$T/en.rst" "$T/copy.rst"
cd "$T" || exit 1
run "$YEOK" check --no-spell --source en.rst ko.rst
before=$(printf '%s\n' "$out" | grep -c "'레이어' — glossary")
check "check flags 레이어 ($before times)" test "$before" -ge 2
LINE=$(printf '%s\n' "$out" | grep "'레이어' — glossary" | head -1 | cut -d: -f2)

tm_start 160 30 "cd $T && $YEOK --no-spell --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "$LINE"
tm_keys Enter
check "the status line marks the avoided variant" tm_wait "!Layer -> 계층"
tm_keys F3
check "F3 offers to allow it here" tm_wait "allow 레이어 here"
tm_keys End Enter
check "Enter allows it in this document" tm_wait "레이어 is allowed in this document"
tm_keys Right Left
tm_sync
status_line() { tm_screen | tail -2 | head -1; }
check "  the status line shows the term unmarked" has "$(status_line)" " Layer -> 계층"
check "  and no longer marks it" lacks "$(status_line)" "!Layer -> 계층"
tm_keys C-s
check "Ctrl-S saves" tm_wait "Saved"
tm_keys C-q
tm_exit
check "the sidecar has the allow list" grep -qx 'allow: \[레이어\]' ko.rst.yeok.yaml
run "$YEOK" check --no-spell --source en.rst ko.rst
check "yeok check honours it: no 레이어 finding" eq "$(printf '%s\n' "$out" | grep -c "'레이어' — glossary")" 0
run "$YEOK" check --no-spell --source en.rst copy.rst
check "  another document still gets them" eq "$(printf '%s\n' "$out" | grep -c "'레이어' — glossary")" "$before"
