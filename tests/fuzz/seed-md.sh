#!/bin/sh
# Seeds for fuzz-md from the Markdown corpus (copied at run time, never
# committed): each pair as "EN \n\x01\n KO", cut to its first 120 lines.
out=$1
corpus=${CORPUS:-$(dirname "$0")/../../../shared/corpus}
[ -d "$corpus/md" ] || exit 0
for en in "$corpus"/md/*.en.md; do
	ko=${en%.en.md}.ko.md
	name=$(basename "${en%.en.md}")
	{ head -120 "$en"; printf '\n\001\n'; head -120 "$ko"; } >"$out/$name"
done
