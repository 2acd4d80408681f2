#!/bin/sh
# Seeds for fuzz-host from the .py corpus (copied at run time, never
# committed): each pair as "EN \n\x01\n KO", cut to its first 150 lines.
out=$1
corpus=${CORPUS:-$(dirname "$0")/../../../shared/corpus}
[ -d "$corpus/py" ] || exit 0
for en in "$corpus"/py/*.en.py; do
	ko=${en%.en.py}.ko.py
	name=$(basename "${en%.en.py}")
	{ head -150 "$en"; printf '\n\001\n'; head -150 "$ko"; } >"$out/$name"
done
