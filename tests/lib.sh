# Shell test helpers for tests/cli and tests/e2e (sourced).
# Each check prints one TAP line.  Use:
#   run CMD...              -> $status, $out, $err
#   check "name" COMMAND... -> ok when COMMAND succeeds
#   has "$out" "text"       -> true when text occurs in out
set -u
ROOT=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
YEOK=${YEOK:-$ROOT/yeok}
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
export LANG=C.UTF-8 LC_ALL=C.UTF-8
export XDG_CONFIG_HOME=${XDG_CONFIG_HOME_TEST:-$(mktemp -d)}
export XDG_DATA_HOME=$XDG_CONFIG_HOME/data
T=$(mktemp -d)
_tap_n=0
cleanup_hooks=""
trap 'eval "$cleanup_hooks"; rm -rf "$T" "$XDG_CONFIG_HOME"' EXIT

run() {
	"$@" >"$T/.out" 2>"$T/.err" </dev/null
	status=$?
	out=$(cat "$T/.out")
	err=$(cat "$T/.err")
}

check() {
	local name=$1; shift
	_tap_n=$((_tap_n + 1))
	if "$@"; then
		echo "ok $_tap_n - $name"
	else
		echo "not ok $_tap_n - $name"
		echo "#   status=${status:-} command: $*"
		echo "#   stdout: $(printf '%s' "${out:-}" | head -c 600)"
		echo "#   stderr: $(printf '%s' "${err:-}" | head -c 600)"
	fi
}

# have_corpus [PATH]: the corpus (or PATH in it) is there.  need_corpus
# [PATH]: the rest of this script needs it: without it one line says why
# and the script ends (a fresh clone with no ../shared; CORPUS= points at
# the corpus).
have_corpus() { [ -e "$CORPUS/${1:-}" ]; }
need_corpus() {
	have_corpus "${1:-}" && return 0
	_tap_n=$((_tap_n + 1))
	echo "ok $_tap_n - # SKIP no corpus at $CORPUS${1:+ ($1)} (CORPUS= points at it)"
	exit 0
}

has() { case $1 in *"$2"*) return 0 ;; esac; return 1; }
lacks() { ! has "$1" "$2"; }
eq() { [ "$1" = "$2" ]; }
