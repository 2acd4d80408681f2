#!/usr/bin/env bash
# The English a translation was made from (issue 39), through the command
# line: an upstream repository and a translation built from the dev
# bundle's real revisions (tests/tools/upstream-repos.sh, sync commits in
# tutorials-kr's words).  Without upstream: check says source-stale once
# instead of the URL findings the sync causes, stats says "stale"; with
# `upstream:` in config.yaml: the upstream English, no source-stale, and how
# far upstream moved since.
. "$(dirname "$0")/../lib.sh"

BUNDLE=$CORPUS/tutorials-kr-dev.bundle
if [ ! -f "$BUNDLE" ]; then
	echo "ok 1 - # SKIP skipped: no corpus ($BUNDLE)"
	exit 0
fi
bash "$ROOT/tests/tools/upstream-repos.sh" "$BUNDLE" "$T/w" >/dev/null
. "$T/w/ids"
CPP=advanced_source/cpp_autograd.rst
TP=intermediate_source/TP_tutorial.rst
cd "$T/w/r" || exit 1

run "$YEOK" check --no-spell --only source-stale,markup-mismatch,code-changed "$CPP"
check "no upstream: exit 0 (a warning)" eq "$status" 0
check "one source-stale finding" eq "$(printf '%s\n' "$out" | grep -c '\[source-stale\]')" 1
check "... naming the English's commit and date" has "$out" "git ${R1:0:12} of 2021-05-01"
check "... how many blocks differ" has "$out" "2 blocks differ"
check "... and how to fix it" has "$out" "upstream: in config.yaml"
run "$YEOK" check --no-spell --only markup-mismatch "$CPP"
check "no markup-mismatch for the URLs the sync changed (exit $status)" \
	eval '[ "$status" = 0 ] && lacks "$out" "function_namespacetorch"'
run "$YEOK" stats "$CPP" "$TP"
check "stats: the english column says stale" has "$out" "stale    $CPP"

mkdir -p "$XDG_CONFIG_HOME/yeok"
printf 'upstream: ../up\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
run "$YEOK" check --no-spell --only source-stale,markup-mismatch "$CPP"
check "upstream: no source-stale (exit $status)" eval '[ "$status" = 0 ] && lacks "$out" "source-stale"'
check "upstream: no URL finding" lacks "$out" "function_namespacetorch"
run "$YEOK" stats --format json "$CPP" "$TP"
check "stats json: the upstream English named by the sync, one commit behind" \
	/usr/bin/python3 - "$out" "$U2" <<'PY'
import json, sys
a = json.loads(sys.argv[1])["files"]
for f in a:
    assert f["english"]["origin"] == "upstream", f
    assert sys.argv[2][:12] in f["english"]["what"], f
    assert f["english"]["stale"] is False, f
    assert f["behind_upstream"] == 1, f
PY
run "$YEOK" stats .
check "stats: the behind column" has "$out" "      1 ok       ./$CPP"
check "stats: the total says none is stale" has "$out" "0 stale  total (2 files)"

# a ref of another convention that matches no message: matched instead
printf 'upstream: {path: ../up, ref: "upstream@([0-9a-f]{7,40})"}\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
run "$YEOK" stats --format json "$CPP"
check "ref matching no sync: the best match" has "$out" "best match of 3 upstream revisions"
printf 'upstream: {path: ../up, ref: "("}\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
run "$YEOK" stats "$CPP"
check "a bad ref: the file and line said" has "$err" "config.yaml:1:"
rm "$XDG_CONFIG_HOME/yeok/config.yaml"

# build output is no tutorial: a built site under docs/, a _downloads copy
mkdir -p docs/_downloads/abc docs/beginner
cp "$CPP" docs/_downloads/abc/cpp_autograd.rst
cp "$CPP" docs/beginner/cpp_autograd.rst
: >docs/objects.inv
run "$YEOK" stats .
check "stats .: build copies left out" lacks "$out" "docs/"
check "stats .: the tutorials counted" has "$out" "total (2 files)"

# A page that replaced the tutorial (a notice and a redirect) against the
# English of the tutorial in its history: no translation of it, so it is
# said once and nothing is compared with it; the page's own underline is
# still found.
git clone -q "$BUNDLE" "$T/dev"
cd "$T/dev" || exit 1
run "$YEOK" check --no-spell recipes_source/mobile_perf.rst
check "replaced page: one source-stale finding saying it" \
	has "$out" "is not what this Korean was translated from"
check "... and no finding against the old English" \
	eval '! printf "%s\n" "$out" | grep -Eq "\[(omission|structure|numbers|directive-translated|whitespace)\]"'
check "... the page's own underline found" has "$out" "[title-underline]"
