/*
 * session — the editor without a terminal: an open document with its
 * source, the cursor, the focused pane, the scroll position, the last
 * search, messages, and the layout of the two panes (which rows show which
 * piece of which line).  The UI draws what session_view() says and feeds
 * keys through the command table; tests do the same without a terminal.
 *
 * Layout (DESIGN.md §5): row 0 is the header, the last two rows are the
 * status line and the key bar, the rows between are the body.  The body is
 * split into the source pane (left), a one-column rule, and the target pane
 * (right).  Every line of both documents belongs to one view segment (a
 * segment plus the blank lines after it); a view segment takes as many rows
 * as its taller side; long lines wrap at grapheme boundaries at the pane
 * width.  Both panes scroll together (one top position).
 *
 * Slots for other modules (sidecar checklist, glossary hints, findings,
 * spelling) are the `extra` strings of the status line: empty until those
 * modules fill them.
 *
 * Depends on util, text, lines, rst, align, doc.  Never includes curses.
 * Invariant (session_check): the cursors are inside their documents, top <
 * the number of view segments, and the view segments cover every line of
 * both documents once, in order.
 */
#ifndef YEOK_SESSION_H
#define YEOK_SESSION_H

#include "yeok/check.h"
#include "yeok/doc.h"
#include "yeok/glossary.h"
#include "yeok/source.h"

typedef enum Pane { PANE_SOURCE = 0, PANE_TARGET = 1 } Pane;

/* One view segment: a segment (or -1 for lines outside any) and the lines
 * it shows on each side, [s0, s1) of the source and [t0, t1) of the
 * target (either may be empty). */
typedef struct VSeg {
	long seg;
	size_t s0, s1;
	size_t t0, t1;
} VSeg;

enum { SESSION_SLOT_GLOSSARY, SESSION_SLOT_FINDINGS, SESSION_SLOT_CHECKLIST };

/* The smallest terminal the editor draws in (else a notice). */
#define SESSION_MIN_COLS 40
#define SESSION_MIN_ROWS 10

typedef struct Layout {
	bool too_small;   /* below SESSION_MIN_COLS x SESSION_MIN_ROWS */
	int body_y;       /* first body row (1) */
	int body_h;       /* body rows */
	int src_x, src_w; /* source text columns (after its gutter) */
	int tgt_x, tgt_w; /* target text columns (after its gutter) */
	int gutter;       /* line-number gutter width per pane (0: none) */
	int rule_x;       /* the column of the rule */
	int status_y, keys_y;
} Layout;

/* What one body row shows on one side. */
typedef struct RowSide {
	bool has;      /* false: nothing on this side (a shorter segment) */
	size_t line;   /* the line */
	size_t from;   /* bytes [from, to) of it on this row */
	size_t to;
	bool first;    /* the first row of the line (line numbers go here) */
} RowSide;

typedef struct ViewRow {
	size_t vseg;     /* index into the view segments */
	long seg;        /* alignment segment or -1 */
	bool seg_first;  /* first row of the view segment */
	RowSide side[2]; /* [PANE_SOURCE], [PANE_TARGET] */
} ViewRow;

typedef struct Session {
	Doc doc;
	Pos cur;          /* target cursor */
	Pos scur;         /* source cursor (the source pane can be searched and scrolled) */
	Pane focus;
	int goal_col;     /* display column kept by Up/Down; -1: take the cursor's */
	int cols, rows;   /* terminal size */
	int ratio;        /* source pane width in percent of the body (20..80) */
	bool numbers;     /* show line numbers */
	size_t top;       /* first visible view segment */
	int top_row;      /* rows of it scrolled off the top */
	VEC(VSeg) vsegs;
	bool vsegs_dirty;     /* rebuild the view segments */
	uint64_t vsegs_gen_align, vsegs_gen_edit; /* the doc counters they match */
	char *find;       /* the last search (owned), NULL before the first */
	bool find_case;   /* case-sensitive search (default: insensitive) */
	struct {
		bool on;
		Pane pane;
		Pos at;
		size_t len;
	} match;          /* the last match, highlighted */
	char msg[512];    /* a message for the status line; cleared by the next key */
	bool msg_error;
	bool quit;        /* the main loop ends */
	char confirm[160];    /* a yes/no question pending, or "" */
	const char *confirm_cmd; /* the command to run on "yes" */
	bool help;        /* the help screen is asked for (the UI shows it) */
	Glossary gloss;   /* terms for the hints (empty when none was loaded) */
	bool has_gloss;
	struct {
		long seg;
		uint64_t gen_edit, gen_align;
	} hints_for;      /* what extra[SESSION_SLOT_GLOSSARY] was made for */
	/* Findings (errors and warnings of the checks) for the header count:
	 * per unit, re-checked where the text changed (STYLE: no whole-document
	 * work per key, except after a structural edit of a small document). */
	CheckDoc cd;
	bool has_check;
	VEC(uint32_t) unit_findings; /* per check unit; the last entry: document-wide */
	size_t findings;
	bool chk_valid;
	uint64_t chk_struct, chk_edit;
	/* Status-line slots: glossary hints (this module), findings and the
	 * checklist (filled by the modules that own them; empty until then). */
	char extra[3][512];   /* status-line slots for glossary / findings / checklist */
} Session;

void session_init(Session *s);
void session_release(Session *s);

/* Open the document: target bytes (or, when is_new, a copy of the source)
 * and source bytes.  path: the target file. */
void session_load(Session *s, const char *path, const char *tgt, size_t tgt_n,
                  const char *src_name, const char *src, size_t src_n);

/* Open FILE with its source resolved by source_resolve() (so->path,
 * so->rev, else the document itself).  A missing FILE with --source or
 * --source-rev starts a new target as a copy of the source.  A file that
 * cannot be written opens read-only with a message.  Errors as
 * source_resolve(); EXIT_NOINPUT for a missing FILE without a source. */
bool session_open(Session *s, const char *path, const SourceOpts *so, Err *e);

/* Load glossaries for the status-line hints: the paths given, else
 * glossary_default_path() when it exists, else fallback (may be NULL).
 * Errors (a bad glossary file): false with e set; the hints stay off. */
bool session_load_glossaries(Session *s, const char *const *paths, size_t n,
                             const char *fallback, Err *e);
/* The glossary hints of the current segment ("용어 parameter -> 매개변수 ·
 * ..."; a term the translation contradicts is marked "!"). */
void session_glossary_hints(Session *s, Buf *out);

/* Read the PR checklist from the sidecar (FILE.yeok.yaml) into the
 * status line (read only here; a corrupt sidecar is a message and is left
 * as it is for the sidecar's owner to set aside). */
void session_read_checklist(Session *s);

/* Errors and warnings the checks find in the translation now. */
size_t session_findings(Session *s);

/* Terminal size changed: re-layout, keep the cursor in its segment. */
void session_resize(Session *s, int cols, int rows);
void session_layout(const Session *s, Layout *l);

/* The view segments (rebuilt after edits). */
const VSeg *session_vsegs(Session *s, size_t *n);
/* The view segment holding a line of the pane. */
size_t session_vseg_of(Session *s, Pane p, size_t line);
/* The segment of the cursor of the focused pane (-1 when none). */
long session_cur_seg(Session *s);

/* Fill rows[0..body_h) with what each body row shows; returns the rows
 * filled (fewer at the end of the document). */
size_t session_view(Session *s, ViewRow *rows, size_t max);

/* Where the cursor of the focused pane is on the screen; false when it is
 * not visible (scrolled away with the wheel). */
bool session_cursor_screen(Session *s, int *y, int *x);

/* Wrap: the end of the row that starts at byte `from` of p[0..n) in w
 * columns (always > from when from < n: a cluster wider than the pane
 * takes a row of its own). */
size_t session_wrap(const char *p, size_t n, size_t from, int w);
/* Rows a line of a pane takes at the current width (>= 1). */
int session_line_rows(Session *s, Pane p, size_t line);

/* Scroll the view by rows (negative: up); the cursor stays where it is. */
void session_scroll(Session *s, int rows);
/* Make the cursor of the focused pane visible. */
void session_follow(Session *s);
/* Put the cursor at screen row y, column x (a mouse click).  False when
 * that place shows no text. */
bool session_click(Session *s, int y, int x);

/* ---- editing (target pane; refused with a message elsewhere) ---------- */
bool session_insert(Session *s, const char *p, size_t n); /* typed text */
bool session_paste(Session *s, const char *p, size_t n);  /* verbatim */
bool session_newline(Session *s);                          /* keeps the indentation */
bool session_backspace(Session *s);
bool session_delete(Session *s);

/* ---- motion (focused pane) ---------------------------------------------- */
typedef enum Motion {
	MV_LEFT, MV_RIGHT, MV_UP, MV_DOWN, MV_WORD_LEFT, MV_WORD_RIGHT,
	MV_HOME, MV_END, MV_PAGE_UP, MV_PAGE_DOWN, MV_DOC_START, MV_DOC_END,
	MV_SEG_NEXT, MV_SEG_PREV,
} Motion;
void session_move(Session *s, Motion m);

/* Go to target line n (1-based) at its start; false (message) when out of range. */
bool session_goto_line(Session *s, long n);
/* Next / previous unfinished segment (wraps); false when there is none. */
bool session_next_unfinished(Session *s, int dir);
/* Find text (case-insensitive unless find_case) in both panes, from the
 * cursor on, wrapping; dir 1 forward, -1 backward.  Moves the focus and
 * cursor to the match. */
bool session_find(Session *s, const char *text, int dir);

/* Messages: shown in the status line until the next key. */
void session_msg(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
bool session_error(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
void session_clear_msg(Session *s);

/* Status and header text (UTF-8, may contain anything the file names do;
 * the UI renders them terminal-safely). */
void session_header(Session *s, Buf *left, Buf *right);
void session_status(Session *s, Buf *out);
/* The right end of the status line: the PR checklist ("" when none). */
void session_status_right(Session *s, Buf *out);

/* Lines of a pane. */
static inline const Lines *session_lines(const Session *s, Pane p)
{
	return p == PANE_TARGET ? &s->doc.tgt : &s->doc.src;
}

bool session_check(Session *s, Err *e);

#endif
