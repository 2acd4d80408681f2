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
 * Each command belongs to the keymaps of one or more modes (editor,
 * review); F1 lists the current mode's.
 *
 * The repository view (`yeok DIR`) is a third mode, MODE_LIST, whose
 * commands act on the list's model (repo.h).
 *
 * Depends on util, text, session, review, repo.  Never includes curses.
 */
#ifndef YEOK_COMMAND_H
#define YEOK_COMMAND_H

#include "yeok/repo.h"
#include "yeok/review.h"
#include "yeok/session.h"

/* The modes whose keymaps hold commands (tig's keymap per view): the
 * editor, and reviewer mode.  The dialog modes of the UI (prompt, pick
 * list, help, question) have fixed keys of their own. */
typedef enum CommandMode { MODE_EDITOR, MODE_REVIEW, MODE_LIST, MODE_COUNT } CommandMode;
#define MODE_BIT(m) (1u << (m))

/* What the UI must know about a command before running it (decided from
 * the row, never by comparing ids). */
typedef enum CommandFlag {
	CMD_SAVES = 1u << 0,     /* writes the document: ask first when another
	                            program changed it on disk */
	CMD_INIT_FIND = 1u << 1, /* its prompt starts with the last search */
	CMD_HIDDEN = 1u << 2,    /* run from a dialog, not from a key (F1 lists it last) */
	CMD_BAR_ALWAYS = 1u << 3, /* in the key bar at any width (the others give way) */
} CommandFlag;

typedef bool (*CommandFn)(Session *s, const char *arg);
typedef bool (*ReviewCommandFn)(ReviewSession *rs, const char *arg);
typedef bool (*ListCommandFn)(Repo *r, const char *arg);

typedef struct Command {
	const char *id;     /* "save": the name used in config.yaml and tests */
	const char *keys;   /* default keys, space-separated ("C-s", "F6 M-f") */
	const char *bar;    /* label in the key bar, NULL: not shown there */
	const char *help;   /* one line for F1 */
	const char *prompt; /* non-NULL: the argument is asked with this prompt */
	unsigned flags;     /* CommandFlag bits */
	unsigned modes;     /* MODE_BIT()s of the keymaps it is in */
	CommandFn fn;       /* the editor's handler (MODE_EDITOR), or NULL */
	ReviewCommandFn rfn; /* reviewer mode's handler (MODE_REVIEW), or NULL */
	ListCommandFn lfn;  /* the repository view's handler (MODE_LIST), or NULL */
} Command;

/* The table, in help order. */
const Command *command_table(size_t *n);
/* The command with that id, or NULL. */
const Command *command_find(const char *id);
/* Run an editor command by id with arg (NULL when it takes none).
 * Unknown ids (or a command of another mode) are an error message.
 * Returns the handler's result.  Debug and test builds check the
 * session's invariants after every command (BUG_ON). */
bool command_run(Session *s, const char *id, const char *arg);
/* The same for reviewer mode. */
bool command_run_review(ReviewSession *rs, const char *id, const char *arg);
/* The same for the repository view (a message in r->msg on failure). */
bool command_run_list(Repo *r, const char *id, const char *arg);

#endif
