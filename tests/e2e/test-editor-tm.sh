#!/usr/bin/env bash
# The translation memory in the editor, through real keys in tmux, on a
# clone of the dev bundle: a memory built without one tutorial; that
# tutorial put back to its English (a new, untranslated file); the editor
# finds the repository's memory by itself; the status line says "TM 100%"
# on a paragraph another tutorial has; F4 lists the match; Enter inserts
# it; Ctrl-S saves; the line is the other tutorial's Korean.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux.sh"
export XDG_CACHE_HOME=$T/cache
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
BUNDLE=$CORPUS/tutorials-kr-dev.bundle
if [ ! -e "$BUNDLE" ]; then
	echo "ok - skipped: no corpus"
	exit 0
fi
git clone -q "$BUNDLE" "$T/r" || exit 1
cd "$T/r" || exit 1
HELD=recipes_source/amx.rst
run "$YEOK" tm build --exclude "$HELD"
check "the memory is built without $HELD" eq "$status" 0

# The held file's English (the first revision under 5% Hangul) replaces
# it; the first one-line paragraph or title of it that the memory has at
# 100% is the one to take (its line, the Korean the memory inserts, and a
# title's underline resized to the Korean's display width).
cat >"$T/s.py" <<'EOF'
import sys, json, re, subprocess
held, yeok, out = sys.argv[1:4]
def git(*a):
    return subprocess.run(["git"] + list(a), capture_output=True, check=True).stdout
english = None
for c in git("log", "--first-parent", "--format=%H", "--", held).decode().split():
    text = git("show", "%s:%s" % (c, held)).decode("utf-8")
    lines = [l for l in text.split("\n") if l.strip()]
    if sum(1 for l in lines if re.search("[\uac00-\ud7a3]", l)) < 0.05 * len(lines):
        english = text
        break
assert english, "no English revision"
open(held, "w").write(english)
open(out, "w").write(english)
lines = english.split("\n")
import unicodedata
def width(t):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in t)
adorn = re.compile(r"([=\-~^*#+`'\":.])\1{2,}$")
for i, l in enumerate(lines):
    prev = lines[i - 1] if i else ""
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    title = bool(adorn.match(nxt)) and len(nxt) >= len(l)
    if (prev.strip() or (nxt.strip() and not title) or not l.strip()
            or l[0] in " \t.:-*#|=`_" or not re.match(r"[A-Z]", l)):
        continue
    m = json.loads(subprocess.run([yeok, "tm", "query", "--format", "json", l],
                                  capture_output=True, text=True, check=True).stdout)
    if m and m[0]["score"] == 100 and "\n" not in m[0]["insert"]:
        print(i + 1)
        print(m[0]["insert"])
        print(m[0]["file"])
        print(nxt[0] * width(m[0]["insert"]) if title else "")
        sys.exit(0)
sys.exit("no one-line paragraph or title with a 100% match")
EOF
run $PY "$T/s.py" "$HELD" "$YEOK" "$T/en.rst"
check "a paragraph of $HELD recurs in another tutorial" eq "$status" 0
LINE=$(printf '%s\n' "$out" | sed -n 1p)
KO=$(printf '%s\n' "$out" | sed -n 2p)
FROM=$(printf '%s\n' "$out" | sed -n 3p)
UNDER=$(printf '%s\n' "$out" | sed -n 4p)
KEEP=$LINE
[ -n "$UNDER" ] && KEEP="$LINE,$((LINE + 1))"
EN=$(sed -n "${LINE}p" "$HELD")
echo "# line $LINE: $EN -> $KO (from $FROM)"

tm_start 140 30 "cd $T/r && XDG_CACHE_HOME=$T/cache $YEOK --source $T/en.rst $HELD"
tm_wait "amx.rst" >/dev/null
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "$LINE"
tm_keys Enter
check "the status line says TM 100% on the recurring paragraph" tm_wait "TM 100%"
tm_keys F4
check "F4 lists the translation memory's matches" tm_wait "Translation memory (Enter"
check "  the 100% match with the other file" tm_wait "100%  "
check "  names the file it comes from" tm_wait "$FROM"
check "  and shows the English of the match" tm_wait "English of the match:"
tm_keys Enter
check "Enter inserts the match" tm_wait "Inserted the 100% match"
tm_keys C-s
check "Ctrl-S saves" tm_wait "Saved"
tm_keys C-q
tm_exit
check "the line is the other tutorial's Korean" eq "$(sed -n "${LINE}p" "$HELD")" "$KO"
[ -n "$UNDER" ] && check "  the title's underline is resized to the Korean" \
	eq "$(sed -n "$((LINE + 1))p" "$HELD")" "$UNDER"
check "the lines around it are as they were" \
	eq "$(sed "${KEEP}d" "$HELD" | md5sum)" "$(sed "${KEEP}d" "$T/en.rst" | md5sum)"

# No memory for this repository: F4 says how to make one; editing goes on.
tm kill-server 2>/dev/null
TMUX_SOCK=yeok-e2e-$$-2
cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
tm_start 140 30 "cd $T/r && XDG_CACHE_HOME=$T/none $YEOK --source $T/en.rst $HELD"
tm_wait "amx.rst" >/dev/null
tm_keys C-g
tm_wait "Go to line:" >/dev/null
tm_text "$LINE"
tm_keys Enter
tm_sync
tm_keys F4
check "without a memory F4 says there is none" tm_wait "no translation memory"
tm_sync
# the memory pane (F4) may still be open: closed first, so that C-q quits
tm_keys Escape
tm_sync
tm_keys C-q
check "... and the editor quits" tm_exit
