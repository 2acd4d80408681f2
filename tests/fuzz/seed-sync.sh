#!/bin/sh
# Seeds for fuzz-sync from the corpus (copied at run time, never committed):
# "EN \n\x01\n KO \n\x01\n EN'" with EN' the English from another pair's
# start, each cut to its first 80 lines.
out=$1
corpus=${CORPUS:-$(dirname "$0")/../../../shared/corpus}
[ -d "$corpus" ] || exit 0
h=$corpus/history
if [ -d "$h" ]; then
	{ head -80 "$h/intermediate_source__FSDP_tutorial-05-42be0e1e23.rst"; printf '\n\001\n'
	  head -80 "$h/intermediate_source__FSDP_tutorial-09-e102132287.rst"; printf '\n\001\n'
	  head -80 "$h/intermediate_source__FSDP_tutorial-10-349cbf1eed.rst"; } >"$out/fsdp"
fi
for en in "$corpus"/*.en.rst; do
	ko=${en%.en.rst}.ko.rst
	name=$(basename "${en%.en.rst}")
	{ head -80 "$en"; printf '\n\001\n'; head -80 "$ko"; printf '\n\001\n'; head -60 "$en" | sed 's/the /a /'; } >"$out/$name"
done
