#!/bin/sh
# make deps: check what yeok needs to build and test (--bench: and the
# peers make bench runs); install what is missing with apt-get when
# running as root, else print the command.
# Packages are Debian 12's.
set -u
missing=""
need() { # need PACKAGE TEST...
	pkg=$1; shift
	if ! "$@" >/dev/null 2>&1; then missing="$missing $pkg"; fi
}
have_pc() { pkg-config --exists "$1"; }
need pkg-config command -v pkg-config
need make command -v make
need gcc command -v cc
need git command -v git
need tmux command -v tmux
if command -v pkg-config >/dev/null 2>&1; then
	need libncurses-dev have_pc ncursesw
	need libutf8proc-dev have_pc libutf8proc
	need libyaml-dev have_pc yaml-0.1
	need libhunspell-dev have_pc hunspell
	need libcmocka-dev have_pc cmocka
	need libsqlite3-dev have_pc sqlite3
	# Markdown (src/host/md.c): cmark-gfm and its table extension (the
	# .pc file links -lcmark-gfm-extensions, whose .so the -extensions-dev
	# package has)
	need libcmark-gfm-dev have_pc libcmark-gfm
	need libcmark-gfm-extensions-dev test -e /usr/include/cmark-gfm-core-extensions.h
else
	missing="$missing libncurses-dev libutf8proc-dev libyaml-dev libhunspell-dev libcmocka-dev libsqlite3-dev libcmark-gfm-dev libcmark-gfm-extensions-dev"
fi
# The tests compare yeok's reading of emphasis with the cmark-gfm program's.
need cmark-gfm command -v cmark-gfm
need hunspell-ko test -e /usr/share/hunspell/ko.dic
need hunspell-en-us test -e /usr/share/hunspell/en_US.dic
need hunspell command -v hunspell
need python3-docutils /usr/bin/python3 -c 'import docutils'
# make bench (tests/deps.sh --bench): the peers it times yeok against.
if [ "${1:-}" = --bench ]; then
	need vim command -v vim
	need less command -v less
	need python3-restructuredtext-lint command -v rst-lint
	need python3-doc8 command -v doc8
	need rstcheck command -v rstcheck
fi
# Optional, for the fuzz targets: clang with libFuzzer.
if [ "$(id -u)" = 0 ]; then
	need clang command -v clang
	need libclang-rt-14-dev sh -c 'ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a'
fi
if [ -z "$missing" ]; then
	echo "deps: all present"
	exit 0
fi
echo "deps: missing:$missing"
if [ "$(id -u)" = 0 ]; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null 2>&1 || true
	# shellcheck disable=SC2086
	if apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
		echo "deps: installed:$missing"
		exit 0
	fi
	echo "deps: apt-get install failed" >&2
	exit 1
fi
echo "deps: run:  sudo apt-get install -y$missing" >&2
exit 1
