/*
 * session-edit — editing the target and moving in both panes (owners:
 * src/session/edit.c, replace.c, prose.c): the cursors, the one edit
 * entry (session_replace), a segment's prose, motion, the selection and
 * the clipboard, find, search and replace.  Part of session.h (included
 * there).
 */
#ifndef YEOK_SESSION_EDIT_H
#define YEOK_SESSION_EDIT_H

#include "yeok/session-view.h"

typedef struct Session Session;

/* The selection: from the anchor `at` to the cursor of pane `pane`. */
typedef struct SessionSel {
	bool on;
	bool sticky;   /* set with the mark (C-Space): plain motions extend it */
	Pane pane;
	Pos at;        /* the anchor */
} SessionSel;

/* The clipboard (internal; with prefs.osc52 the UI sends a new one to
 * the system clipboard through OSC 52 too). */
typedef struct SessionClip {
	char *text;    /* owned, NULL: empty; line breaks as "\n" */
	size_t n;
	uint64_t gen;  /* grows with every copy or cut */
} SessionClip;

/* Search and replace in the translation (Ctrl-R, src/session/replace.c):
 * the run's texts and toggles; the matches are found again after every
 * step (a match never spans lines). */
typedef struct SessionRepl {
	bool on;         /* a run is active (its question is asked) */
	char *find;      /* owned */
	char *with;      /* owned */
	bool match_case; /* default: case-insensitive */
	bool regex;      /* POSIX extended regular expressions (regcomp) */
	void *re;        /* the compiled regex_t (owned), NULL when none */
	size_t replaced; /* replaced so far in this run */
} SessionRepl;

/* Editing preferences (config.yaml). */
typedef struct SessionPrefs {
	WrapMode wrap;         /* `wrap:` (default WRAP_WORD) */
	bool osc52;            /* `clipboard: osc52`: the UI also sends a copy
	                          or cut to the terminal's clipboard */
} SessionPrefs;

/* The last search (owner: src/session/edit.c, session_find). */
typedef struct SessionSearch {
	char *last;       /* the last search (owned), NULL before the first */
	bool match_case;  /* case-sensitive search (default: insensitive) */
	struct {
		bool on;
		Pane pane;
		Pos at;
		size_t len;
	} match;          /* the last match, highlighted */
} SessionSearch;

/* The title whose adornment follows its width exactly as it is typed
 * (after Alt-x; any other title's adornment only grows to stay as wide as
 * it), until an edit elsewhere (owner: src/session/edit.c). */
typedef struct SessionFit {
	size_t title;     /* the title line, SIZE_MAX: none */
} SessionFit;

/* The cursors (owner: src/session/edit.c, which moves them; view.c keeps
 * them on screen).  Both are byte positions in their pane's lines. */
typedef struct SessionCaret {
	Pos cur;              /* target cursor */
	Pos scur;             /* source cursor (the source pane can be searched and scrolled) */
	Pane focus;           /* the pane the keys go to */
	int goal_col;         /* display column kept by Up/Down; -1: take the cursor's */
} SessionCaret;

/* ---- editing (target pane; refused with a message elsewhere) ---------- */
/* The one edit entry of every command that edits (dte's
 * buffer_replace_bytes): replace [a, b) of the target by p[0..n), recorded
 * for undo (kind: typing and deleting merge with the change before),
 * journaled, re-aligned around the edit; then the focus is on the target,
 * the cursor after the new text (SR_CURSOR_START: at a), the view follows.
 * SR_GROUP: the change is an undo step of its own.  False (a message)
 * when the document is read-only. */
enum { SR_GROUP = 1u << 0, SR_CURSOR_START = 1u << 1 };
bool session_replace(Session *s, Pos a, Pos b, const char *p, size_t n, ChangeKind kind,
                     unsigned flags);
bool session_insert(Session *s, const char *p, size_t n); /* typed text */
bool session_paste(Session *s, const char *p, size_t n);  /* verbatim */
bool session_newline(Session *s);                          /* keeps the indentation */
bool session_backspace(Session *s);
bool session_delete(Session *s);
/* Alt-Backspace / Ctrl-Delete: the word before / after the cursor (to
 * text_word_prev / text_word_next: a Korean 어절 with its particle, the
 * blanks after a word; at a line's start or end, the line break); a run
 * of them is one undo step, as a run of Backspace or Delete is.
 * Ctrl-K: to the end of the line (at its end: the line break), an undo
 * step of its own.  Over a selection, a word delete deletes it. */
bool session_delete_word(Session *s, int dir);
bool session_kill_line(Session *s);
/* Alt-x: the prose of the target block at the cursor replaced by nothing
 * (one undo step), keeping its structure: indentation and list marker,
 * a field's name, a title's adornment (which then follows the new title's
 * width as it is typed), the `# ` prefix of a `.py` text block; a
 * directive header, code and other non-prose blocks are kept whole (a
 * message).  The cursor is left where the text begins. */
bool session_clear_block(Session *s);

/* ---- a segment's prose (src/session/prose.c) ---------------------------- */
/* The prose of side p of segment k as the translation memory keeps it:
 * the text of each block without its structure (indentation, list marker,
 * field name, title adornment; the `# ` of a `.py` text line), trailing
 * blanks dropped, blocks joined by a blank line.  Appended to out; false
 * when that side is empty or the segment is not prose. */
bool session_seg_prose(Session *s, size_t k, Pane p, Buf *out);
/* Replace the prose of segment k's translation by text[0..n) (paragraphs
 * separated by blank lines; their common indentation is dropped) keeping
 * its RST structure: each block keeps its indentation, list marker or
 * field name, the `# ` of a `.py` text line; a title keeps its
 * indentation and its adornments, resized to the new title's display
 * width; non-prose blocks and the lines between blocks stay as they are.
 * Block i gets paragraph i, the last block the rest (as paragraphs of its
 * own at its text's indentation); a title joins its paragraphs into one
 * line.  Empty text leaves each block's structure alone (Alt-x).  One
 * undo step; the cursor at the segment's first line.  False with a message
 * when the document is read-only or the segment has no prose target. */
bool session_replace_prose(Session *s, size_t k, const char *text, size_t n);

/* ---- motion (focused pane) ---------------------------------------------- */
typedef enum Motion {
	MV_LEFT, MV_RIGHT, MV_UP, MV_DOWN, MV_WORD_LEFT, MV_WORD_RIGHT,
	MV_HOME, MV_END, MV_PAGE_UP, MV_PAGE_DOWN, MV_DOC_START, MV_DOC_END,
	MV_SEG_NEXT, MV_SEG_PREV,
} Motion;
/* Move the cursor of the focused pane.  Up/Down go by screen rows and
 * keep the display column; PageUp/PageDown as session_page.  A plain
 * motion ends the selection (unless the mark is set). */
void session_move(Session *s, Motion m);

/* ---- selection and clipboard ----------------------------------------------- */
/* The selection as an ordered range of its pane; false when there is none
 * (or it is empty). */
bool session_sel_range(const Session *s, Pane *p, Pos *a, Pos *b);
/* Shift+motion: the selection from where it started (the cursor, when
 * none) to the cursor after motion m. */
void session_select(Session *s, Motion m);
/* The mark (C-Space): start a selection that plain motions extend, or end it. */
void session_select_mark(Session *s);
/* Esc: the selection (and a search highlight) cancelled. */
void session_select_cancel(Session *s);
/* Copy the selection (either pane) to the clipboard; cut it (the
 * translation: one undo step); paste the clipboard at the cursor over the
 * selection (one undo step).  False with a message when there is nothing. */
bool session_copy(Session *s);
bool session_cut(Session *s);
bool session_paste_clip(Session *s);
/* A mouse drag to screen row y, column x: the selection from the press to
 * there.  False when that place shows no text. */
bool session_drag(Session *s, int y, int x);

/* Go to target line n (1-based) at its start; false (message) when out of range. */
bool session_goto_line(Session *s, long n);
/* Next / previous unfinished segment (wraps); false when there is none. */
bool session_next_unfinished(Session *s, int dir);
/* Next / previous untranslated segment (its English still to be
 * translated: drafts and stale ones are passed over; wraps); false when
 * there is none. */
bool session_next_untranslated(Session *s, int dir);
/* Next / previous finding of the checks after / before the cursor (in
 * the order of F5's list, wrapping): the cursor goes to it and the status
 * line names it ("Finding 3/12: warning: ..."); false when there is none
 * or the checks are off. */
bool session_next_finding(Session *s, int dir);
/* Find text (case-insensitive unless search.match_case) in both panes, from the
 * cursor on, wrapping; dir 1 forward, -1 backward.  Moves the focus and
 * cursor to the match. */
bool session_find(Session *s, const char *text, int dir);

/* ---- search and replace (Ctrl-R; src/session/replace.c) --------------------
 * session_replace_start: find `find` in the translation (case-insensitive
 * unless repl.match_case; a POSIX extended regex when repl.regex, where
 * `\1`..`\9` in `with` are its groups and `\\` a backslash) from the
 * cursor on, wrapping, and ask (a question) about the current match,
 * highlighted: "Replace 3/17 ...?" y replace it and go to the next, n skip
 * it, a replace all (one undo step), c toggle the case, r toggle the
 * regex, Esc (any other key) stop.  False with a message (no match, a bad
 * regex). */
bool session_replace_start(Session *s, const char *find, const char *with);
bool session_replace_one(Session *s);
bool session_replace_skip(Session *s);
bool session_replace_all(Session *s);
bool session_replace_toggle(Session *s, bool regex);
/* End the run: says how many were replaced and how many are left
 * ("Cancelled" when none was). */
bool session_replace_stop(Session *s);

#endif
