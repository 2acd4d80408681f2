# tmux helpers for end-to-end tests (sourced after tests/lib.sh).
# A private server (tmux -L), a fixed-size window, LANG=C.UTF-8, and polling
# of capture-pane until the expected text appears: no fixed sleeps.
TMUX_SOCK=yeok-e2e-$$
unset TMUX
tm() { tmux -L "$TMUX_SOCK" -f /dev/null "$@"; }
cleanup_hooks="${cleanup_hooks:+$cleanup_hooks; }tmux -L $TMUX_SOCK kill-server 2>/dev/null"

# tm_fresh: the next tm_start gets a server of its own (a new socket: a
# server killed and started again on one socket races with its exit).
_tm_srv=0
tm_fresh() {
	tm kill-server 2>/dev/null
	_tm_srv=$((_tm_srv + 1))
	TMUX_SOCK=yeok-e2e-$$-$_tm_srv
	cleanup_hooks="$cleanup_hooks; tmux -L $TMUX_SOCK kill-server 2>/dev/null"
}

# tm_start COLS ROWS CMD: start CMD in a new session of that size.
tm_start() {
	local cols=$1 rows=$2; shift 2
	tm new-session -d -s t -x "$cols" -y "$rows" \
		-e LANG=C.UTF-8 -e LC_ALL=C.UTF-8 -e TERM=tmux-256color \
		-e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" -e XDG_DATA_HOME="$XDG_DATA_HOME" \
		-e ASAN_OPTIONS="${ASAN_OPTIONS:-}" -e UBSAN_OPTIONS="${UBSAN_OPTIONS:-}" \
		-e YEOK_TEST_SYNC=1 \
		"$*; printf '\\r\\nEXITED-%s\\n' \$?; sleep 600"
	tm set-option -t t -g default-terminal tmux-256color >/dev/null
	tm set-option -t t remain-on-exit on >/dev/null
	_sync_n=0
}

# tm_sync: a barrier.  F12 (in SANITIZE/DEBUG builds with YEOK_TEST_SYNC,
# which tm_start sets) makes yeok count and draw "[sync N]" at the bottom
# right; once the new count is on screen, every key sent before it was
# handled and its frame drawn.  So a test waits for a state that did not
# exist before its keys, never for text that may still be on screen.
tm_sync() {
	_sync_n=$((_sync_n + 1))
	tm_keys F12
	tm_wait "[sync $_sync_n]" "${1:-30}" >/dev/null
}

tm_screen() { tm capture-pane -p -t t; }
tm_keys() { tm send-keys -t t "$@"; }
tm_text() { tm send-keys -t t -l "$1"; }

# tm_wait TEXT [SECONDS]: poll the screen until TEXT appears (default 15 s).
tm_wait() {
	local text=$1 limit=${2:-15} i=0
	local tries=$((limit * 20))
	local screen
	while [ $i -lt $tries ]; do
		screen=$(tm_screen)
		case $screen in *"$text"*) return 0 ;; esac
		# the program in the pane has ended: what is not there now never
		# comes (an editor that could not start is not waited on)
		case $screen in *EXITED-*)
			echo "# the program exited before showing: $text"
			printf '%s\n' "$screen" | sed 's/^/#   | /'
			return 1 ;;
		esac
		sleep 0.05
		i=$((i + 1))
	done
	echo "# timed out waiting for: $text"
	tm_screen | sed 's/^/#   | /'
	return 1
}

# tm_exit [SECONDS]: wait for the program in the pane to have exited (the
# pane's "EXITED-<status>", default 30 s).  Not silenced: when it times
# out, the screen it shows is the log's only clue (a quit that waited on a
# thread, a dialog still open).
tm_exit() { tm_wait "EXITED" "${1:-30}"; }

# tm_wait_gone TEXT [SECONDS]: poll until TEXT is no longer on the screen.
tm_wait_gone() {
	local text=$1 limit=${2:-15} i=0
	local tries=$((limit * 20))
	while [ $i -lt $tries ]; do
		case $(tm_screen) in *"$text"*) ;; *) return 0 ;; esac
		sleep 0.05
		i=$((i + 1))
	done
	echo "# timed out waiting for the screen to lose: $text"
	return 1
}

# tm_wait_file PATH PREDICATE...: poll until PREDICATE (a command) succeeds.
tm_until() {
	local i=0
	while [ $i -lt 300 ]; do
		if "$@"; then return 0; fi
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
