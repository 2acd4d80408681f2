/*
 * command — the command table: every action of the editor, once, with its
 * id, default keys, key-bar label, help line and handler (STYLE.md
 * practice 11).  The UI maps keys to ids through keymap and calls
 * command_run(); scripts and tests call command_run() directly, so every
 * command works without a terminal.  The help screen (F1) and the key bar
 * are generated from this table.
 *
 * A command with a prompt needs an argument (the UI asks for it; tests pass
 * it).  Handlers return false with a message in the session on failure.
 *
 * Depends on util, session (and what it depends on).  Never includes curses.
 */
#ifndef YEOK_COMMAND_H
#define YEOK_COMMAND_H

#include "yeok/session.h"

typedef bool (*CommandFn)(Session *s, const char *arg);

typedef struct Command {
	const char *id;     /* "save": the name used in config.yaml and tests */
	const char *keys;   /* default keys, space-separated ("C-s", "F6 M-f") */
	const char *bar;    /* label in the key bar, NULL: not shown there */
	const char *help;   /* one line for F1 */
	const char *prompt; /* non-NULL: the argument is asked with this prompt */
	CommandFn fn;
} Command;

/* The table, in help order. */
const Command *command_table(size_t *n);
/* The command with that id, or NULL. */
const Command *command_find(const char *id);
/* Run a command by id with arg (NULL when it takes none).  Unknown ids are
 * an error message.  Returns the handler's result. */
bool command_run(Session *s, const char *id, const char *arg);

#endif
