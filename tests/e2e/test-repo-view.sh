#!/usr/bin/env bash
# The repository view end to end (issue 15 "Done when"): in a clone of the
# dev bundle, `yeok` with no argument lists every tutorial with its
# progress; filter, open one, mark a segment done, save, quit back to the
# list, and the row is counted again.  `git status` is clean after it.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"

BUNDLE=$CORPUS/tutorials-kr-dev.bundle
if [ ! -e "$BUNDLE" ]; then
	echo "ok 1 - skipped: no corpus"
	exit 0
fi
git clone -q "$BUNDLE" "$T/r"
export XDG_CACHE_HOME=$T/cache
N=$(cd "$T/r" && find . -name '*.rst' -o -name '*.py' | grep -vc '^./\.')

tm_start 140 30 "cd $T/r && XDG_CACHE_HOME=$T/cache $YEOK --no-spell --no-checks"
check "yeok with no argument in a work tree lists the tutorials" tm_wait "$N/$N files · all"
check "every row gets counted (the progress count goes away)" tm_wait_gone "counting" 120
# the same numbers as yeok stats
stats_row=$(cd "$T/r" && $YEOK stats recipes_source/torch_logs.py | sed -n 2p)
tm_text "/"
check "/ asks for a text filter" tm_wait "Filter:"
tm_text "torch_logs"
tm_keys Enter
check "the filter leaves one file" tm_wait "1/$N files · all · \"torch_logs\""
row() { tm_screen | grep -F "torch_logs.py"; }
check "its row shows the file" tm_wait "recipes_source/torch_logs.py"
pct=$(echo "$stats_row" | awk '{print $6}' | sed 's/\..*//')
draft=$(echo "$stats_row" | awk '{print $3}')
check "the row has the % of yeok stats ($stats_row)" has "$(row)" "$pct%"
tm_keys Enter
check "Enter opens the editor" tm_wait "KO " 60
tm_keys M-Enter
total=$(echo "$stats_row" | awk '{print $1}')
check "Alt-Enter marks a segment done (the editor counts what the list did)" tm_wait "1/$total done"
tm_keys C-s
check "Ctrl-S saves" tm_wait "Saved"
tm_keys C-q
check "quitting the editor returns to the list" tm_wait "1/$N files · all"
want=$(printf '%5s %5s' "$((draft - 1))" "1")
check "the row is counted again: one more done" tm_until sh -c "tmux -L $TMUX_SOCK capture-pane -p -t t | grep -F torch_logs.py | grep -qF -- '$want'"
check "the list shows no error" lacks "$(tm_screen)" "error"
tm_text "q"
check "q quits the list" tm_wait "EXITED-0"
check "the cache was written under XDG_CACHE_HOME" sh -c "ls $T/cache/yeok/repo-*.tsv >/dev/null"
check "git status shows only the document" eq "$(cd "$T/r" && git status --porcelain | grep -v '^ M recipes_source/torch_logs.py$' | grep -v 'yeok\.' | wc -l)" "0"

# a second opening: every row from the cache at once
fresh_sock=yeok-e2e-$$-2
tm kill-server 2>/dev/null
TMUX_SOCK=$fresh_sock
cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
tm_start 140 30 "cd $T/r && XDG_CACHE_HOME=$T/cache $YEOK --no-spell --no-checks ."
check "yeok DIR lists that folder" tm_wait "$N/$N files · all"
# (the repository's words, which key the cache, are read after the first
# screen: issue 37 item 12)
check "... reads the repository's words" tm_wait_gone "reading the repository's words"
check "from the cache: nothing left to count" lacks "$(tm_screen | head -1)" "counting"
tm_keys C-q
check "Ctrl-Q quits the list" tm_wait "EXITED-0"
