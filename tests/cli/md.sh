#!/usr/bin/env bash
# Markdown translations through the command line (issue 43): a Hugging Face
# checkout (docs/source/ko beside docs/source/en) and MDN's two
# repositories (config.yaml sources:) find their English without flags;
# align pairs code with code; check reports CommonMark's unclosed emphasis
# and the structure; stats and the repository's files list the Korean
# pages only; review exports; pr fills the template config.yaml names.
. "$(dirname "$0")/../lib.sh"

MD=$CORPUS/md
if [ ! -d "$MD" ]; then
	echo "ok 1 - # SKIP skipped: no Markdown corpus ($MD)"
	exit 0
fi
git_c() { git -c user.email=t@t -c user.name=t "$@"; }

# ---- Hugging Face: the layout ------------------------------------------------
H=$T/transformers
mkdir -p "$H/docs/source/en/tasks" "$H/docs/source/ko/tasks"
cp "$MD/hf__tasks_explained.en.md" "$H/docs/source/en/tasks_explained.md"
cp "$MD/hf__tasks_explained.ko.md" "$H/docs/source/ko/tasks_explained.md"
cp "$MD/hf__tasks__audio_classification.en.md" "$H/docs/source/en/tasks/audio_classification.md"
cp "$MD/hf__tasks__audio_classification.ko.md" "$H/docs/source/ko/tasks/audio_classification.md"
printf '# Transformers\n' >"$H/README.md"
(cd "$H" && git init -q && git add -A && git_c commit -qm docs)

cd "$H" || exit 1
run "$YEOK" align docs/source/ko/tasks/audio_classification.md
check "align finds the English beside the Korean tree, no message" test "$status" -eq 0 -a -z "$err"
check "the title with its anchor pairs with the English's" has "$out" "$(printf 'title\t17\t17\t17\t17\tdraft')"
check "a fenced code block beside its copy" has "$out" "$(printf 'literal\t38\t40\t38\t40\tuntranslated')"
check "the <Tip> line is a directive" has "$out" "$(printf 'directive\t30\t30\t30\t30\tuntranslated')"

run "$YEOK" check --no-spell --only markup-spacing docs/source/ko/tasks_explained.md
check "unclosed emphasis: check exits 1" eq "$status" 1
check "'*특징 인코더(feature encoder)*는' at its column" has "$out" "docs/source/ko/tasks_explained.md:48:29: error: '*' after punctuation and before Hangul does not close the emphasis"
check "nine such cases in the file" eq "$(printf '%s\n' "$out" | grep -c 'markup-spacing')" 9
run "$YEOK" check --no-spell --only markup-spacing docs/source/ko/tasks/audio_classification.md
check "a file without the mistake: exit 0, nothing" test "$status" -eq 0 -a -z "$out"

# Hugging Face's Korean headings carry the English heading's id as
# [[anchor]]: a typo of the corpus, and an anchor removed on a copy
run "$YEOK" check --no-spell --only structure --source "$MD/hf__troubleshooting.en.md" "$MD/hf__troubleshooting.ko.md"
check "the corpus's anchor typo (uensorFlow) is a warning at its heading" has "$out" "hf__troubleshooting.ko.md:68:1: warning: heading anchor '[[unable-to-load-a-saved-uensorFlow-model]]' is not the English heading's id 'unable-to-load-a-saved-tensorflow-model'"
cp "$MD/hf__autoclass_tutorial.ko.md" "$T/a.md"
sed -i -e '17s/\[\[load-pretrained-instances-with-an-autoclass\]\]//' -e '45d' "$T/a.md"
run "$YEOK" check --no-spell --only structure --source "$MD/hf__autoclass_tutorial.en.md" "$T/a.md"
check "damaged structure: exit 1" eq "$status" 1
check "a translated heading without its anchor: the one to add" has "$out" "a.md:17:1: warning: translated heading without the English's anchor: add '[[load-pretrained-instances-with-an-autoclass]]'"
check "an unclosed fence is an error at the fence" has "$out" "a.md:41:1: error: code fence '\`\`\`' is not closed before line 48"
run "$YEOK" check --no-spell --only title-underline,broken-reference,translator-line,link docs/source/ko/tasks_explained.md
check "the RST-only checks say nothing on Markdown" test "$status" -eq 0 -a -z "$out"

run "$YEOK" stats docs/source
check "stats of a folder lists the Korean pages" has "$out" "docs/source/ko/tasks_explained.md"
check "and the other one" has "$out" "docs/source/ko/tasks/audio_classification.md"
check "not the English tree" lacks "$out" "docs/source/en/"
run "$YEOK" stats .
check "not a README.md outside the Korean tree" lacks "$out" "README.md"
check "two files counted" has "$out" "total (2 files)"

# review: the translation commit against the English copy it started from
cp docs/source/en/tasks_explained.md "$T/en.md"
git_c mv docs/source/ko/tasks_explained.md "$T/ko.md" 2>/dev/null || cp docs/source/ko/tasks_explained.md "$T/ko.md"
cp "$T/en.md" docs/source/ko/tasks_explained.md
git_c commit -qam "start from the English"
cp "$T/ko.md" docs/source/ko/tasks_explained.md
git_c commit -qam "translate"
run "$YEOK" review --base HEAD~1 --head HEAD --export markdown docs/source/ko/tasks_explained.md
check "review exports a Markdown file's changed segments" has "$out" "changed segments"

# pr: the template config.yaml names (Hugging Face's, not tutorials-kr's)
mkdir -p .github
printf '# What does this PR do?\n\nTranslated the file to Korean.\n\nFixes # (issue)\n\n## Before reviewing\n- [ ] Check for missing / redundant translations\n- [ ] Check Inline TOC (e.g. `[[lowercased-header]]`)\n' >.github/ko_template.md
mkdir -p "$XDG_CONFIG_HOME/yeok"
printf 'pr-template: .github/ko_template.md\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
printf 'yeok: 1\nchecklist:\n  license: true\n  issue: 20179\n  type: translate\n' >docs/source/ko/tasks_explained.md.yeok.yaml
run "$YEOK" pr docs/source/ko/tasks_explained.md
check "pr fills the named template" has "$out" "# What does this PR do?"
check "its issue placeholder" has "$out" "Fixes #20179"
check "its boxes kept for the reviewer" has "$out" "- [ ] Check Inline TOC"
check "the file's summary in the description" has "$out" "\`docs/source/ko/tasks_explained.md\`"
run "$YEOK" pr --template docs/source/ko/tasks_explained.md
check "pr --template prints it" has "$out" "Fixes # (issue)"
printf 'pr-template: .github/none.md\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
run "$YEOK" pr docs/source/ko/tasks_explained.md
check "a missing template: bad configuration (78), named" test "$status" -eq 78
check "the message names it" has "$err" "none.md"
rm -f "$XDG_CONFIG_HOME/yeok/config.yaml"

# ---- MDN: two repositories and a mapping --------------------------------------
M=$T/mdn
mkdir -p "$M/content/files/en-us/web/api/setinterval" "$M/translated-content/files/ko/web/api/setinterval"
cp "$MD/mdn__web__api__setinterval.en.md" "$M/content/files/en-us/web/api/setinterval/index.md"
cp "$MD/mdn__web__api__setinterval.ko.md" "$M/translated-content/files/ko/web/api/setinterval/index.md"
(cd "$M/translated-content" && git init -q && git add -A && git_c commit -qm ko)
cd "$M/translated-content" || exit 1
run "$YEOK" align files/ko/web/api/setinterval/index.md
check "without a mapping: the document itself, said" has "$err" "no English source"
printf 'sources:\n  - {target: files/ko/, source: ../content/files/en-us/}\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
run "$YEOK" align files/ko/web/api/setinterval/index.md
check "with sources: the English of the other repository, no message" test "$status" -eq 0 -a -z "$err"
check "the front matter's title is a field beside the English's" has "$out" "$(printf 'field\t2\t2\t2\t2\tuntranslated')"
run "$YEOK" check --no-spell --only structure files/ko/web/api/setinterval/index.md
check "front-matter keys MDN keeps in the English only: info, exit 0" test "$status" -eq 0
check "named" has "$out" "key 'page-type:' is missing"
run "$YEOK" stats files
check "stats lists the mapped page" has "$out" "files/ko/web/api/setinterval/index.md"
printf 'sources: files/ko/\n' >"$XDG_CONFIG_HOME/yeok/config.yaml"
run "$YEOK" align files/ko/web/api/setinterval/index.md
check "a bad sources: is said with its line, not used" has "$err" "config.yaml:1:10: sources: expected a list"
rm -f "$XDG_CONFIG_HOME/yeok/config.yaml"

# ---- bad input never crashes ------------------------------------------------------
printf '<Tip>\n<Tip>\n```\n> > > **x**는\n---\ntitle: x\n' >"$T/bad.md"
head -c 3000 /dev/urandom | tr -d '\000' >>"$T/bad.md"
run "$YEOK" check --no-spell "$T/bad.md"
check "arbitrary bytes in a .md: no crash" test "$status" -le 1
printf '# x\n\000\n' >"$T/nul.md"
run "$YEOK" check --no-spell "$T/nul.md"
check "a NUL byte: bad input (65), named" test "$status" -eq 65
run "$YEOK" align "$T/bad.md"
check "align of them: exit 0" eq "$status" 0
