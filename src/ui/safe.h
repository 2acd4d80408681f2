/* Private to src/ui: nothing lost on the terminal (src/ui/safe.c) — the
 * recovery question at open, the journal between keys, SIGTERM/SIGHUP, the
 * fatal hook, the changed-on-disk question before a save. */
#ifndef YEOK_UI_SAFE_H
#define YEOK_UI_SAFE_H

#include "ui-private.h"

/* TERM names a terminal curses can drive (not unset, not dumb, known to
 * terminfo); else a message on stderr and false. */
bool ui_safe_terminal_ok(void);
/* After session_open, before curses: start the journal; when a crash left
 * unsaved work, ask on the terminal: r recover, d discard, v view the
 * difference, q quit.  False: the user chose to quit. */
bool ui_safe_open(Session *s);
/* After curses started: fatal() flushes the journal then calls restore;
 * SIGTERM and SIGHUP end the editor the same way (the journal is kept). */
void ui_safe_start(Session *s, void (*restore)(void));
/* The get_wch() timeout (ms) to use when the caller wants `want` (-1:
 * none): at most a second, so the journal is flushed on time. */
int ui_safe_timeout(int want);
/* After every read of the terminal (s may be NULL: reviewer mode): act on
 * a signal; flush the journal when due or when the segment changed. */
void ui_safe_idle(Session *s);
/* The terminal is gone (EOF, hang-up): end as SIGHUP does. */
noreturn void ui_safe_hangup(Session *s);
/* Before a command that saves: when another program changed the file, ask
 * reload / keep mine (then save) / show the difference (a question mode
 * over the editor).  False: do not run the save now. */
bool ui_safe_before_save(Ui *u);
/* The terminal regained focus: the same question when the file changed
 * (keep mine does not save). */
void ui_safe_focus_in(Ui *u);
/* A clean exit: the journal is removed. */
void ui_safe_quit(Session *s);

#endif
