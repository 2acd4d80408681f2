#!/usr/bin/env bash
# yeok check wherever it runs and in a repository (issue 17): the shipped
# glossary and rules are found from the executable, not the working
# directory, and a missing one is said once; the style rule file; a binary
# file exits 65; "no English source" is not printed for a file that cannot
# be opened; the words of the repository's translated files never flag
# and are cached per repository and HEAD, updated incrementally.
. "$(dirname "$0")/../lib.sh"
export XDG_CACHE_HOME=$XDG_CONFIG_HOME/cache

cat > "$T/doc.rst" <<'RST'
제목
====

모델 파라미터를 DTensor로 교체합니다. 다차원 병렬화(예: 3-D 병렬)를 다룹니다.
RST

# Outside the source tree: the glossary and rules next to the executable.
cd "$T" || exit 1
run "$YEOK" check --no-spell "$T/doc.rst"
check "outside the tree: glossary found" has "$out" "'파라미터' — glossary: parameter -> 매개변수"
check "outside the tree: style rules found" has "$out" "(style rule n-d) [style]"
check "outside the tree: no missing-glossary warning" lacks "$err" "no glossary found"
mkdir -p "$T/empty"
run env YEOK_GLOSSARY_DIR="$T/empty" "$YEOK" check --no-spell "$T/doc.rst" "$T/doc.rst" ./doc.rst
check "no glossary: said once" eq "$(printf '%s\n' "$err" | grep -c 'no glossary found')" 1
check "no glossary: names the place looked in" has "$err" "$T/empty/ko.yaml"
check "no glossary: no glossary finding" lacks "$out" "[glossary]"

# --rules: a rule file of one's own; a bad one exits 78 with its place.
cat > "$T/rules.yaml" <<'YAML'
rules:
  - name: no-dtensor-word
    extends: existence
    level: warning
    tokens: [DTensor]
YAML
run "$YEOK" check --no-spell --only style --rules "$T/rules.yaml" "$T/doc.rst"
check "--rules: the rule's finding names it" has "$out" "doc.rst:4:10: warning: 'DTensor' — avoided by the team's style (style rule no-dtensor-word) [style]"
check "--rules: replaces the shipped rules" lacks "$out" "style rule n-d"
printf 'rules:\n  - {name: x, extends: substitution, tokens: [a]}\n' > "$T/bad-rules.yaml"
run "$YEOK" check --no-spell --rules "$T/bad-rules.yaml" "$T/doc.rst"
check "bad rule file exits 78" eq "$status" 78
check "bad rule file: FILE:LINE:COL" has "$err" "bad-rules.yaml:2:5:"

# A binary file exits 65 like the editor; a missing file: no "no English
# source" line before "cannot open".
printf 'abc\n\0def\n' > "$T/bin.rst"
run "$YEOK" check --no-spell "$T/bin.rst"
check "binary file exits 65" eq "$status" 65
check "binary file: named with the line of the NUL" has "$err" "bin.rst:2: a binary file"
run "$YEOK" check --no-spell "$T/nope.rst"
check "missing file exits 66" eq "$status" 66
check "missing file: no 'no English source' line" lacks "$err" "no English source"

# The repository's words: 코디네이션 is no hunspell word; used in three
# translated files of the repository it is the repository's word.
R=$T/repo
git init -q "$R"
g() { git -C "$R" -c user.name=t -c user.email=t@t "$@"; }
for i in 1 2 3; do
	printf '제목 %s\n=======\n\n프로세스 간 코디네이션을 설명합니다.\n' "$i" > "$R/t$i.rst"
done
printf 'Title\n=====\n\nThe coordination of processes.\n' > "$R/english.rst"
printf '제목\n====\n\n코디네이션은 중요합니다. 실행합니댜.\n' > "$R/new.rst"
g add t1.rst english.rst && g commit -qm one
run "$YEOK" check --only spelling "$R/new.rst"
check "one file uses the word: it flags" has "$out" "unknown word '코디네이션은'"
g add t2.rst t3.rst && g commit -qm three
run "$YEOK" check --only spelling "$R/new.rst"
check "three files use the word: it passes" lacks "$out" "코디네이션"
check "three files: a real misspelling still flags" has "$out" "unknown word '실행합니댜'"
cache=$(ls "$XDG_CACHE_HOME"/yeok/vocab/*.txt 2>/dev/null | head -1)
check "the vocabulary is cached under XDG_CACHE_HOME" test -n "$cache"
check "the cache records HEAD" grep -q "^head $(g rev-parse HEAD)$" "$cache"
check "English files hold no words in the cache" grep -q "^E [0-9a-f]* english.rst$" "$cache"
# Incremental: a new commit rewrites the cache for the new HEAD.
printf '\n다음 코디네이션.\n' >> "$R/t3.rst"
g commit -qam four
run "$YEOK" check --only spelling "$R/new.rst"
check "new HEAD: still passes" lacks "$out" "코디네이션"
check "new HEAD: cache updated" grep -q "^head $(g rev-parse HEAD)$" "$cache"
