/*
 * session-remarks — a pull request's review comments from GitHub in the
 * editor (owner: src/session/remarks.c).  Part of session.h (included
 * there).
 */
#ifndef YEOK_SESSION_REMARKS_H
#define YEOK_SESSION_REMARKS_H

#include "yeok/comments.h"
#include "yeok/doc.h"

typedef struct Session Session;

/* A pull request's review comments from GitHub, brought back to the
 * translator (`yeok --comments FILE.json DOCUMENT`; owner:
 * src/session/remarks.c): each thread placed on a line of the document
 * (comments.h) and kept there through edits by its segment (the segment
 * index follows doc_changed_since, the line its offset in the segment). */
typedef struct SessionRemark {
	size_t thread;        /* index into rem.gc.threads */
	long seg;             /* the segment its line is in (-1: none) */
	size_t off;           /* the line's offset from the segment's first line */
	size_t line;          /* the line now (0-based), as of rem.gen */
	char how[160];        /* how it was placed ("" when it is where GitHub says) */
} SessionRemark;

typedef struct SessionRemarks {
	bool on;              /* --comments was given */
	GhComments gc;        /* the comments read */
	VEC(SessionRemark) v; /* the threads placed on this document, by line */
	uint64_t gen;         /* doc.gen their lines are of */
	size_t cur;           /* the thread last stepped to (SIZE_MAX: none) */
} SessionRemarks;

/* ---- GitHub's review comments (src/session/remarks.c) ----------------------
 * session_remarks_load: read GitHub's review comments of the pull request
 * (json_path: what `gh api repos/O/R/pulls/N/comments` prints) and place
 * the threads on this document's path (its path from the git top level;
 * the versions the comments were made on are read through git).  False
 * (EXIT_DATAERR, nothing changed) for a file that is not GitHub's review
 * comments at all; what is skipped (other files, lines outside the file,
 * entries that are no review comments) is in rem.gc.notes.  Nothing in the
 * document changes.  The threads' states ("resolved") and the replies
 * written here are sidecar entries (kind github / reply, `github:` the
 * thread's first comment), saved with the document. */
bool session_remarks_load(Session *s, const char *json_path, Err *e);
/* The lines of the threads brought up to the edits (session_prepare_frame). */
void session_remarks_sync(Session *s);
/* The thread on target line `line` (index into rem.v), or -1. */
long session_remark_on_line(const Session *s, size_t line);
/* The thread of the cursor: on its line, else on its segment's lines; -1. */
long session_remark_here(const Session *s);
/* Is thread i resolved (the sidecar)? */
bool session_remark_resolved(const Session *s, size_t i);
/* Move the cursor to the next (dir 1) / previous (-1) thread (wraps);
 * false when there is none.  Says which thread it is. */
bool session_remark_step(Session *s, int dir);
/* The whole thread of the cursor (comments, replies, where it was made)
 * as a text view (dlg.view_*); false when the cursor is on none. */
bool session_remark_view(Session *s);
/* Resolve the cursor's thread (again: open it). */
bool session_remark_resolve(Session *s);
/* Answer the cursor's thread (empty refused). */
bool session_remark_reply(Session *s, const char *text);
/* "comment 2/5 · kim: 용어집을 확인해 주세요 (1 reply)" for the status line. */
void session_remark_summary(const Session *s, size_t i, Buf *out);

#endif
