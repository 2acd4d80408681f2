#!/usr/bin/env bash
# The shipped CI files (issue 40.4), run: the GitHub workflow's steps as a
# script in a repository made like a pull request (its base commit, its
# head), and the pre-commit hook's entry on staged files.  The workflow's
# `id: install` step (apt-get, a clone of yeok, make install) is the one
# not run: the yeok under test is put on PATH instead.
. "$(dirname "$0")/../lib.sh"

C=$ROOT/tests/data/contrib
PY=/usr/bin/python3
command -v git >/dev/null || { echo "ok 1 - # SKIP git is not installed"; exit 0; }
if ! $PY -c 'import yaml' 2>/dev/null; then
	echo "ok 1 - # SKIP no python3-yaml to read the workflow file"
	exit 0
fi
mkdir -p "$T/bin"
ln -s "$YEOK" "$T/bin/yeok"
export PATH=$T/bin:$PATH

# The workflow: valid YAML, a pull_request trigger, checkout with the whole
# history; its run steps (less install) as one script each.
check "workflow: the steps GitHub needs" $PY - "$C/yeok-check.yml" "$T/steps" <<'EOF'
import os, sys, yaml
w = yaml.safe_load(open(sys.argv[1]))
on = w.get("on", w.get(True))          # YAML 1.1 reads `on` as true
assert "pull_request" in on, on
job = w["jobs"]["yeok-check"]
steps = job["steps"]
co = [s for s in steps if s.get("uses", "").startswith("actions/checkout@")]
assert co and co[0]["with"]["fetch-depth"] == 0, co
assert "BASE_SHA" in job["env"] and "pull_request.base.sha" in job["env"]["BASE_SHA"]
os.makedirs(sys.argv[2])
n = 0
for s in steps:
    if "run" not in s or s.get("id") == "install":
        continue
    n += 1
    with open(os.path.join(sys.argv[2], "%02d-%s.sh" % (n, s["id"])), "w") as f:
        f.write(s["run"])
assert any("yeok check" in s.get("run", "") and "--since" in s["run"] for s in steps)
EOF

# A repository like a pull request: the base translated with an old error
# (a short underline), the PR fixing a typo on another line.
R=$T/pr
mkdir -p "$R/beginner_source"
cd "$R" || exit 1
git init -q . && git config user.email t@example.com && git config user.name T
g() { git -c core.fsmonitor=false "$@"; }
printf 'A Title\n=======\n\nThe model is small.\n\nWe train it once.\n' > beginner_source/a.rst
g add . && g commit -q -m english
printf '제목입니다\n=====\n\n모델은 작습니다.\n\n한 번 학습합니다.\n' > beginner_source/a.rst
g commit -q -am translate
BASE=$(g rev-parse HEAD)
sed -i 's/^모델은 작습니다.$/모델은 아주 작습니다./' beginner_source/a.rst
g commit -q -am typo

# run_steps: every step script in order with the workflow's environment;
# $status is the first failing step's status (0: all passed).
run_steps() {
	local s rc=0
	: > "$T/steps.out"
	for s in "$T"/steps/*.sh; do
		( cd "$R" && BASE_SHA=$BASE YEOK_GIT= YEOK_REF=main HOME=$T/home \
			GITHUB_STEP_SUMMARY=$T/summary.md bash -e "$s" ) >>"$T/steps.out" 2>&1
		rc=$?
		[ "$rc" -ne 0 ] && break
	done
	status=$rc
	out=$(cat "$T/steps.out")
}
mkdir -p "$T/home"
: > "$T/summary.md"
run_steps
check "workflow steps, a typo PR on a file with an old error: the check passes" eq "$status" 0
check "workflow steps: the old error is not annotated" lacks "$out" "::error"
check "workflow steps: the step summary says what was checked" grep -qF '## yeok check' "$T/summary.md"
check "workflow steps: ... 0 errors on the changed lines" grep -qF '0 errors' "$T/summary.md"

# The PR adds a title with a short underline: the check fails, annotated.
printf '\n새 절\n===\n\n내용입니다.\n' >> beginner_source/a.rst
g commit -q -am 'new section'
: > "$T/summary.md"
run_steps
check "workflow steps, an error on a changed line: the check fails (exit 1)" eq "$status" 1
check "workflow steps: the error annotated at its line" has "$out" "::error file=beginner_source/a.rst,line=9,"
check "workflow steps: the old error still not annotated" lacks "$out" "line=2,"
check "workflow steps: the summary's table has the finding" grep -qF '| beginner_source/a.rst | 9 | error |' "$T/summary.md"

# The pre-commit hook: its entry on the staged files.
check "pre-commit hook: valid, one hook with an entry" $PY - "$C/.pre-commit-hooks.yaml" "$T/entry" <<'EOF'
import re, sys, yaml
h = yaml.safe_load(open(sys.argv[1]))
assert isinstance(h, list) and len(h) == 1, h
h = h[0]
for k in ("id", "name", "entry", "language", "files"):
    assert k in h, k
assert h["language"] == "system"
assert re.search(h["files"], "beginner_source/a.rst") and not re.search(h["files"], "README.md")
open(sys.argv[2], "w").write(h["entry"])
EOF
entry=$(cat "$T/entry")
# a staged edit with a glued role (an error) on the edited line
sed -i 's/^한 번 학습합니다.$/:func:`train`을 한 번 호출합니다./' beginner_source/a.rst
g add beginner_source/a.rst
run $entry beginner_source/a.rst
check "pre-commit entry, an error on a staged line: fails (exit 1)" eq "$status" 1
check "pre-commit entry: names the staged line" has "$out" "beginner_source/a.rst:6:"
check "pre-commit entry: not the committed error of line 9" lacks "$out" "a.rst:9:"
g checkout -q HEAD -- beginner_source/a.rst
sed -i 's/^한 번 학습합니다.$/한 번만 학습합니다./' beginner_source/a.rst
g add beginner_source/a.rst
run $entry beginner_source/a.rst
check "pre-commit entry, a clean staged edit: passes (exit 0)" eq "$status" 0
