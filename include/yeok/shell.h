/*
 * shell — what every front end's model (the editor's Session, reviewer
 * mode's ReviewSession, the repository view's RepoView) asks of the UI
 * around it, in one form: the status line's message, a quit, the help
 * screen, and one prompt or question that a command answers.  The model
 * sets it, the UI's loop reads it the same way for every model
 * (ui/loop.c), shows it, and clears what it has done.
 *
 * Depends on util.  Never prints.
 */
#ifndef YEOK_SHELL_H
#define YEOK_SHELL_H

#include "yeok/util.h"

#define SHELL_MSG_MAX 1100

/* The message of the status line. */
typedef struct ShellMsg {
	char text[SHELL_MSG_MAX]; /* cleared by the next key; "" none */
	bool error;       /* an error (the UI shows it as one) */
	bool note;        /* a note that any other message replaces */
} ShellMsg;

typedef enum ShellAskKind {
	SHELL_ASK_NONE,
	SHELL_ASK_LINE,   /* a one-line prompt: its answer goes to command `then` */
	SHELL_ASK_TEXT,   /* a multi-line prompt (a comment), the same */
	SHELL_ASK_KEY,    /* a question answered by one key, given to `then` */
} ShellAskKind;

/* A prompt or question a command asks for. */
typedef struct ShellAsk {
	ShellAskKind kind;
	char title[160];
	char *initial;    /* a prompt's text to start from (owned), or NULL */
	const char *then; /* the command id run with the answer */
} ShellAsk;

typedef struct Shell {
	ShellMsg msg;
	char note[256];   /* said with the next message (once), or "" */
	bool quit;        /* the UI's loop ends */
	bool help;        /* the help screen is asked for */
	ShellAsk ask;     /* kind SHELL_ASK_NONE: none pending */
} Shell;

/* Frees the pending ask's text; sh is empty after. */
void shell_release(Shell *sh);

/* Set the message (printf-style; a pending note is appended to it, once);
 * returns !error, so that a command can return it. */
bool shell_msg(Shell *sh, bool error, const char *fmt, ...) PRINTF_LIKE(3, 4);
bool shell_msgv(Shell *sh, bool error, const char *fmt, va_list ap);
/* The message cleared (before a key). */
void shell_msg_clear(Shell *sh);

/* Ask the UI for a prompt (initial copied, may be NULL) or a question;
 * the UI sets kind back to SHELL_ASK_NONE when it shows it (the texts stay
 * sh's until the next ask). */
void shell_ask(Shell *sh, ShellAskKind kind, const char *title, const char *initial,
               const char *then);

#endif
