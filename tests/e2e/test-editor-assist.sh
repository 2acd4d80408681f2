#!/usr/bin/env bash
# The editor with the core modules, through real keys in tmux: the F2
# checklist saved with the file and shown after reopening, Alt-Enter's
# "done" surviving a reopen (the source found from the sidecar), the
# translator line, a corrupt sidecar set aside, the glossary (status line,
# F3), the findings (header, F5, autofix), a stale segment and its diff.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
need_corpus

_srv=0
fresh() {
	tm kill-server 2>/dev/null
	_srv=$((_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}
status_line() { tm_screen | tail -2 | head -1; }
quit() { tm_keys C-q; tm_exit; fresh; }

NAME=beginner_source__ddp_series_intro
cp "$CORPUS/$NAME.ko.rst" "$T/ko.rst"
cp "$CORPUS/$NAME.en.rst" "$T/en.rst"
chmod 644 "$T/ko.rst" "$T/en.rst"

# ---- F2: the checklist, saved with the file ------------------------------
tm_start 120 30 "cd $T && $YEOK --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
check "a new checklist shows its missing items" tm_wait "[ ]라이선스 #? 종류?"
tm_keys F2
check "F2 opens the checklist" tm_wait "Checklist (Enter changes"
tm_keys Enter
check "Enter agrees to the license" tm_wait "[x] yes"
tm_keys Down Enter
tm_wait "Issue number" >/dev/null
tm_text "1132"
tm_keys Enter
check "the issue number is set" tm_wait "#1132"
tm_keys Down Enter
tm_wait "PR type" >/dev/null
tm_keys Enter
check "the type is chosen from a list" tm_wait "번역되지 않은 튜토리얼을 번역하는 기여"
tm_keys Down Enter
tm_wait "Translator name" >/dev/null
tm_text "홍길동"
tm_keys Enter
tm_keys Down Enter
tm_wait "Translator URL" >/dev/null
tm_text "https://github.com/hong"
tm_keys Enter
check "the translator is set" tm_wait "https://github.com/hong"
tm_sync # every key before it handled: the prompt closed, the checklist shown
tm_keys Escape
tm_sync # no M-t glued to this Esc
check "Esc closes the dialog" lacks "$(tm_screen)" "Checklist (Enter changes"
check "the status line shows the checklist" tm_wait "[x]라이선스 #1132 번역"
# the translator line after the author line
tm_keys M-t
check "M-t repairs the translator line" tm_wait "Translator line repaired"
# Alt-Enter: the first segment done
tm_keys C-Home M-Enter
check "Alt-Enter marks a segment done" tm_wait "1/17 done"
tm_keys C-s
check "Ctrl-S saves" tm_wait "Saved ko.rst"
quit
check "the sidecar is written" test -s "$T/ko.rst.yeok.yaml"
check "the sidecar records the source" grep -q "file: en.rst" "$T/ko.rst.yeok.yaml"
check "the translator line is in the file" grep -q '`홍길동 <https://github.com/hong>`_' "$T/ko.rst"

# ---- reopen without --source: everything is back --------------------------
tm_start 120 30 "cd $T && $YEOK ko.rst"
tm_wait "ko.rst" >/dev/null
check "the checklist is back after reopening" tm_wait "[x]라이선스 #1132 번역"
check "the done segment is back (source from the sidecar)" tm_wait "1/17 done"
# ---- glossary: hints in the status line, F3 inserts ------------------------
tm_keys C-Home
check "the status line shows the segment's glossary terms" tm_wait "용어 training -> 학습"
tm_keys F3
check "F3 lists the glossary terms" tm_wait "Glossary terms of this segment"
check "F3 shows the term" tm_wait "training -> 학습"
tm_keys Enter
check "Enter inserts the translation at the cursor" tm_wait "학습**소개**"
tm_keys C-z
check "one undo removes it" tm_wait_gone "학습**소개**"
# ---- findings: count in the header, F5 list ------------------------------
check "the header counts the findings" tm_wait "⚠ "
tm_keys F5
check "F5 lists the findings" tm_wait "Findings (Enter goes there"
tm_keys Enter
check "Enter in F5 closes the list" tm_wait_gone "Findings (Enter goes there"
# F1 lists the new commands
tm_keys F1
check "F1 lists the checklist command" tm_wait "checklist"
check "F1 lists the translator-line command" tm_wait "translator-line"
tm_keys Escape
tm_wait_gone "commands and keys" >/dev/null
quit

# ---- a corrupt sidecar is set aside, the editor opens ---------------------
printf 'yeok: 1\nchecklist: {license: [oops\n' >"$T/ko.rst.yeok.yaml"
tm_start 160 30 "cd $T && $YEOK --source en.rst ko.rst"
check "a corrupt sidecar is reported with its place" tm_wait "ko.rst.yeok.yaml:"
check "and set aside" tm_wait "set aside as ko.rst.yeok.yaml.bad"
check "the .bad file is there" test -f "$T/ko.rst.yeok.yaml.bad"
quit

# ---- a stale segment and the word diff -----------------------------------
mkdir "$T/s"
printf 'Title\n=====\n\nThe first paragraph of the text.\n\nThe second paragraph here.\n' >"$T/s/en.rst"
printf '제목\n====\n\n첫 번째 문단입니다.\n\n두 번째 문단입니다.\n' >"$T/s/ko.rst"
printf 'Title\n=====\n\nThe first paragraph of the new text.\n\nThe second paragraph here.\n' >"$T/s/en2.rst"
tm_start 100 24 "cd $T/s && $YEOK --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
tm_keys M-Enter
tm_keys M-Enter
check "two segments done" tm_wait "2/3 done"
tm_keys C-s
tm_wait "Saved" >/dev/null
quit
tm_start 100 24 "cd $T/s && $YEOK --source en2.rst ko.rst"
check "a changed English makes the segment stale" tm_wait "1 stale"
check "the stale segment is marked" tm_wait "!첫 번째 문단입니다."
tm_keys M-n
tm_keys M-d
check "M-d shows the old English" tm_wait "Before (removed words marked)"
check "M-d shows the new English" tm_wait "The first paragraph of the new text."
tm_keys Escape
tm_wait_gone "Before (removed" >/dev/null
quit

# ---- spelling: underlined once loaded, F7, the personal word list ---------
# (클라우드 is a shipped loanword: a misspelling of it is what spelling flags)
mkdir "$T/k"
printf 'Title\n=====\n\nWe run it in the cloud today.\n' >"$T/k/en.rst"
printf '제목\n====\n\n오늘 클라우더에서 실행합니다.\n' >"$T/k/ko.rst"
underlined() { tm capture-pane -e -p -t t | grep -q $'\e\\[4m[^ ]*클라우더에서'; }
tm_start 100 24 "cd $T/k && $YEOK --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
check "a misspelled word is underlined once the dictionary is loaded" tm_until underlined
tm_keys C-f
tm_wait "Find:" >/dev/null
tm_text "클라우더"
tm_keys Enter
tm_keys F7
check "F7 lists what to do with the word" tm_wait "Spelling: 클라우더에서"
check "F7 offers the personal word list" tm_wait "to my word list"
tm_keys End Enter
check "the word is added" tm_wait "Added 클라우더에서"
check "the personal list holds it" grep -qx "클라우더에서" "$XDG_DATA_HOME/yeok/words"
check "it is no longer underlined" tm_until eval '! underlined'
quit
tm_start 100 24 "cd $T/k && $YEOK --no-spell --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
tm_keys F7
check "--no-spell turns spelling off" tm_wait "Spelling is off"
quit

# ---- glossaries from config.yaml and --glossary ---------------------------
mkdir -p "$T/g" "$XDG_CONFIG_HOME/yeok"
printf 'Title\n=====\n\nThe first paragraph of the text.\n' >"$T/g/en.rst"
printf '제목\n====\n\n첫 번째 단락입니다.\n' >"$T/g/ko.rst"
printf 'language: ko\nterms:\n  - {en: paragraph, ko: 문단, avoid: [단락]}\n' >"$T/g/mine.yaml"
printf 'language: ko\nterms:\n  - {en: first, ko: 첫}\n' >"$T/g/extra.yaml"
printf 'glossary: [%s]\n' "$T/g/mine.yaml" >"$XDG_CONFIG_HOME/yeok/config.yaml"
tm_start 100 24 "cd $T/g && $YEOK --glossary extra.yaml --source en.rst ko.rst"
tm_wait "ko.rst" >/dev/null
tm_keys M-n
check "a glossary named in config.yaml (avoided form marked)" tm_wait "!paragraph -> 문단"
check "a glossary given with --glossary" tm_wait "first -> 첫"
quit
rm "$XDG_CONFIG_HOME/yeok/config.yaml"
printf 'terms:\n  - {en: [oops\n' >"$T/g/bad.yaml"
run "$YEOK" --glossary "$T/g/bad.yaml" --source "$T/g/en.rst" "$T/g/ko.rst"
check "a broken --glossary is a configuration error (78)" eq "$status" 78
check "naming the file and line" has "$err" "bad.yaml:"
