#!/bin/sh
# Seeds for fuzz-rst from the corpus (copied at run time, never committed):
# each pair as "EN \n\x01\n KO", cut to its first 150 lines to keep runs fast.
out=$1
corpus=${CORPUS:-$(dirname "$0")/../../../shared/corpus}
[ -d "$corpus" ] || exit 0
for en in "$corpus"/*.en.rst; do
	ko=${en%.en.rst}.ko.rst
	name=$(basename "${en%.en.rst}")
	{ head -150 "$en"; printf '\n\001\n'; head -150 "$ko"; } >"$out/$name"
done
