/*
 * session-view — the layout and the view of the two panes (owner:
 * src/session/view.c): view segments, the rows each shows, wrapping,
 * scrolling, the cursor on screen.  Part of session.h (included there;
 * the layout itself is described at its top).
 */
#ifndef YEOK_SESSION_VIEW_H
#define YEOK_SESSION_VIEW_H

#include "yeok/doc.h"

typedef struct Session Session;

typedef enum Pane { PANE_SOURCE = 0, PANE_TARGET = 1 } Pane;

/* One view segment: a segment (or -1 for lines outside any) and the lines
 * it shows on each side, [s0, s1) of the source and [t0, t1) of the
 * target (either may be empty).  20 bytes (one per segment: 285k at 1M
 * lines, and an edit that adds or removes a segment moves the tail):
 * line numbers and segment indexes fit 32 bits (a document has fewer than
 * INT32_MAX segments and UINT32_MAX lines; build_vsegs checks it). */
typedef struct VSeg {
	int32_t seg;
	uint32_t s0, s1;
	uint32_t t0, t1;
} VSeg;
_Static_assert(sizeof(VSeg) == 20, "VSeg stays 20 bytes");

/* The smallest terminal the editor draws in (else a notice). */
#define SESSION_MIN_COLS 40
#define SESSION_MIN_ROWS 10
/* Columns at the right of each pane for the continuation mark. */
#define SESSION_MARK_W 1

/* How long lines wrap (config.yaml `wrap: word|grapheme`). */
typedef enum WrapMode { WRAP_WORD, WRAP_GRAPHEME } WrapMode;

typedef struct Layout {
	bool too_small;   /* below SESSION_MIN_COLS x SESSION_MIN_ROWS */
	int body_y;       /* first body row (1) */
	int body_h;       /* body rows */
	int src_x, src_w; /* source text columns (after its gutter; the mark
	                     column follows them) */
	int tgt_x, tgt_w; /* target text columns (after its gutter, then the mark) */
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
	bool cont;     /* the line continues on the next row (the mark) */
	int indent;    /* blank columns before the bytes: a row after the first
	                  of a list item (or an indented line) hangs under its
	                  text, the rows after the first being that much
	                  narrower */
} RowSide;

typedef struct ViewRow {
	size_t vseg;     /* index into the view segments */
	long seg;        /* alignment segment or -1 */
	bool seg_first;  /* first row of the view segment */
	RowSide side[2]; /* [PANE_SOURCE], [PANE_TARGET] */
} ViewRow;

/* The layout and the scroll position (owner: src/session/view.c).
 * Invariant (session_check): top < the view segments' count, and they
 * cover every line of both documents once, in order.
 *
 * View segment k (of segment k) is computed from the segments when it is
 * asked for (lazy: nothing stored, nothing to bring up to date after an
 * edit or a splice of the phased open's stretches): the alignment covers
 * each side's blocks in order (align_check), so a side's lines are from
 * its first block to the next segment's, and an empty side sits where the
 * nearest segment with that side ends or starts.  When that segment is
 * more than VSEG_LAZY_RUN segments away (a long one-sided run), the view
 * segments are stored instead (vsegs, built at once and spliced after
 * edits) until the next load. */
typedef struct SessionView {
	int cols, rows;       /* terminal size */
	bool lazy;            /* the view segments computed when asked (the
	                         fields from vsegs to tgt_n are unused) */
	int ratio;            /* source pane width in percent of the body (20..80) */
	bool numbers;         /* show line numbers */
	size_t top;           /* first visible view segment */
	int top_row;          /* rows of it scrolled off the top */
	bool middle;          /* the next session_follow_center puts the cursor
	                         in the middle of the body (a cursor restored
	                         at open) */
	VEC(VSeg) vsegs;      /* the view segments: read them through
	                         session_vseg (those from shift_k on are
	                         stored shift_d target lines off, and their
	                         seg is their index) */
	size_t shift_k;       /* the first view segment the shift applies to */
	long shift_d;         /* target lines the stored t0, t1 from shift_k
	                         on lack (an edit moves the later segments by
	                         adding to it, applying it only to those
	                         between the last edit and this one) */
	bool dirty;           /* rebuild the view segments */
	uint64_t gen_align, gen_edit; /* the doc counters the view segments match */
	uint64_t gen_doc;     /* doc.gen then: the change log splices them */
	size_t tgt_n;         /* doc.tgt.n then */
} SessionView;

/* Terminal size changed: re-layout, keep the cursor in its segment. */
void session_resize(Session *s, int cols, int rows);
void session_layout(const Session *s, Layout *l);

/* The number of view segments (brought up to date after edits). */
size_t session_vseg_count(Session *s);
/* View segment k (k < session_vseg_count). */
VSeg session_vseg(Session *s, size_t k);
/* The view segment holding a line of the pane. */
size_t session_vseg_of(Session *s, Pane p, size_t line);
/* The segment at the top of the view, without bringing the view segments
 * up to date (-1: not known so). */
long session_top_seg(const Session *s);
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
 * takes a row of its own).  WRAP_WORD: after the last blank that fits and
 * follows some text of the row (a row never holds only indentation or a
 * `# ` prefix; blanks after a full row hang at its end), else between
 * graphemes (a word wider than the pane). */
size_t session_wrap(const char *p, size_t n, size_t from, int w, WrapMode mode);
/* Rows a line of a pane takes at the current width (>= 1).  Kept in the
 * line's memo (Line.memo) until its bytes, the width or the wrap mode
 * change. */
int session_line_rows(Session *s, Pane p, size_t line);
/* Lines wrapped to count their rows since the program started, the cache
 * missed (all sessions, for tests and the bench: a key wraps only the
 * lines it changed). */
uint64_t session_rows_wrapped(void);

/* Scroll the view by rows (negative: up; never past the point where the
 * last row is at the bottom); the cursor stays where it is. */
void session_scroll(Session *s, int rows);
/* Up (dir < 0) or down one screen row of pane p's own lines from *c,
 * to the byte nearest display column goal of that row; false at the
 * first / last row. */
bool session_row_move(Session *s, Pane p, Pos *c, int dir, int goal);
/* The display column of c in its screen row. */
int session_row_col(Session *s, Pane p, Pos c);
/* PageDown (dir > 0) / PageUp: the view moves by the body's rows less
 * one (one row of overlap, so every row is seen once), the cursor keeps
 * its screen row and column (the nearest row of its pane with text); at
 * the end of the view, the cursor goes to the last (first) line. */
void session_page(Session *s, int dir);
/* Make the cursor of the focused pane visible. */
void session_follow(Session *s);
/* Put the cursor at screen row y, column x (a mouse click).  False when
 * that place shows no text. */
bool session_click(Session *s, int y, int x);

#endif
