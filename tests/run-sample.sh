#!/bin/sh
# make run: copy the bundled sample to a temporary folder and open it, so
# the bundled copy never changes.  Usage: tests/run-sample.sh ./yeok
set -eu
yeok=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$(dirname "$0")/data/sample" && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/yeok-sample.XXXXXX")
cp "$src"/quickstart.rst "$src"/quickstart.en.rst "$dir"/
echo "yeok: the sample is in $dir"
cd "$dir"
exec "$yeok" --source quickstart.en.rst quickstart.rst
