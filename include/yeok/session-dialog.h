/*
 * session-dialog — what the UI shows besides the panes (owners:
 * src/session/dialog.c, msg.c, status.c): pick lists, prompts,
 * questions, the status-line message, the header and the status line.
 * Part of session.h (included there).
 */
#ifndef YEOK_SESSION_DIALOG_H
#define YEOK_SESSION_DIALOG_H

#include "yeok/doc.h"

typedef struct Session Session;

/* Kinds of status-line spans (the UI maps them to theme slots). */
typedef enum SpanKind {
	SPAN_NORMAL, SPAN_WARN, SPAN_ERROR, SPAN_GLOSS, SPAN_DIFF, SPAN_HINT
} SpanKind;

/* A highlighted byte range of a pick-list item's row or of its detail. */
typedef struct PickMark {
	size_t item;      /* the item */
	bool detail;      /* in the item's detail text, else in its row */
	size_t off, len;  /* bytes of that text */
	SpanKind kind;
} PickMark;

/* A list to choose from (the UI shows it as a dialog; tests read it):
 * choosing item i runs command `then` with the argument "i". */
typedef struct SessionPick {
	bool on;
	char title[160];
	VEC(char *) items;   /* owned strings */
	VEC(long) data;      /* per item: what `then` needs (a term, a finding) */
	VEC(char *) details; /* per item (or none at all): more text, shown under
	                        the list for the selected item; NULL: none */
	VEC(PickMark) marks; /* highlights in rows and details */
	size_t sel;          /* the item selected when the list opens */
	const char *then;    /* command id */
	const char *alt_of;  /* a second action on the selected item: the keys of
	                        this editor command ("autofix") run alt_then with
	                        the item's index (NULL: none) */
	const char *alt_then;
} SessionPick;

typedef struct StatusSpan {
	size_t end;      /* the span ends at this byte of the text */
	SpanKind kind;
} StatusSpan;
typedef VEC(StatusSpan) StatusSpanVec;

/* A question answered by one key (the UI shows it in the status row):
 * key ans[i].key runs command ans[i].cmd; any other key cancels. */
#define SESSION_ANSWERS 6
typedef struct SessionQuestion {
	bool on;
	char text[512];
	struct {
		char key[8];
		const char *cmd;
	} ans[SESSION_ANSWERS];
	size_t n;
} SessionQuestion;

/* What a command asks the UI to show (owner: src/session/dialog.c; the
 * UI shows it). */
typedef struct SessionDialogs {
	SessionPick pick;     /* a list dialog pending, or .on false */
	SessionQuestion q;    /* a question pending, or .on false */
	bool diff;            /* the stale-diff view is asked for */
	char *view_title;     /* a text to show full-screen (owned), or NULL */
	char *view_text;      /* ... its text (owned) */
} SessionDialogs;

/* ---- questions ------------------------------------------------------------------- */
/* Ask text; then session_question_add for each answer key ("*": any
 * other key, Esc too; without one, another key cancels). */
void session_question(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
void session_question_add(Session *s, const char *key, const char *cmd);
/* The command of answer key (else of "*"), or NULL. */
const char *session_question_answer(const Session *s, const char *key);

/* Messages: shown in the status line until the next key. */
void session_msg(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
bool session_error(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
void session_clear_msg(Session *s);

/* Bring what a frame shows up to date: the findings of re-aligned
 * segments (session_sync), the view segments, the current segment's
 * findings.  The UI calls it before painting; the functions below only
 * read (painting never changes the model). */
void session_prepare_frame(Session *s);

/* Status and header text (UTF-8, may contain anything the file names do;
 * the UI renders them terminal-safely).  After session_prepare_frame.
 * The header fits the terminal's width (view.cols): the path gives way
 * first ("…/folder/name.rst", "…/name.rst", "…me.rst"), then the count of
 * untranslated segments; the flags ([+]), EN ▸ KO, the progress and the
 * findings stay. */
void session_header(Session *s, Buf *left, Buf *right);
void session_status(Session *s, Buf *out);
/* The right end of the status line: the PR checklist ("" when none). */
void session_status_right(Session *s, Buf *out);

void session_pick_open(Session *s, const char *title, const char *then);
void session_pick_add(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* The detail text of the last item added (copied). */
void session_pick_detail(Session *s, const char *text);
/* Highlight bytes [off, off + len) of the last item's row (detail false)
 * or detail. */
void session_pick_mark(Session *s, bool detail, size_t off, size_t len, SpanKind kind);
void session_pick_close(Session *s);
void session_ask(Session *s, const char *prompt, const char *initial, const char *then);

/* Status line in spans: left (position, message, hints, findings) and
 * right (the checklist). */
void session_status_spans(Session *s, Buf *left, StatusSpanVec *ls, Buf *right, StatusSpanVec *rs);

#endif
