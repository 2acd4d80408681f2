/*
 * lines — a line store that round-trips any file byte for byte.
 *
 * A file is split at LF.  Each line keeps its own terminator (none, LF or
 * CRLF), so mixed line endings survive; a lone CR is ordinary content.  A
 * UTF-8 byte order mark at the start is removed from line 0 and remembered.
 * Invalid UTF-8, NUL bytes, tabs and trailing spaces are content like any
 * other.  There is always at least one line: the empty file is one empty
 * line without a terminator, and "a\n" is "a"+LF followed by an empty last
 * line.  So lines_serialize(lines_parse(x)) == x for every x.
 *
 * Lines start out borrowing from one buffer holding the file (cheap to
 * load 100k lines): a copy (lines_parse), or the caller's read buffer
 * itself (lines_parse_take: no copy).  A line gets its own allocation when
 * first modified; the buffer never changes while l holds it.
 *
 * The one pass that splits the file also scans it for what the editor's
 * input checks report (LinesScan: NUL bytes, invalid UTF-8, control
 * characters, CRLF), so nothing reads the file a second time for them.
 *
 * Depends on util and text (UTF-8 validity).  Invariant (lines_check): n >= 1; only the last
 * line has EOL_NONE; no line contains '\n'; no line is longer than
 * LINES_MAX_LINE; n <= LINES_MAX_LINES.
 */
#ifndef YEOK_LINES_H
#define YEOK_LINES_H

#include "yeok/util.h"

typedef enum Eol { EOL_NONE = 0, EOL_LF = 1, EOL_CRLF = 2 } Eol;

/* The longest line a Line holds: its length is a 29-bit field (12 bytes
 * a line).  Every input yeok parses is bounded below it (FILE_MAX_BYTES,
 * vcs_show's bound: a parse of a longer line is a programmer error), and
 * doc_replace refuses an edit that would make a line longer. */
#define LINES_MAX_LINE ((1u << 29) - 1)

/* The most lines a Lines holds: a Block's line numbers are 32-bit, and
 * one past the last line (n) fits too.  Every file yeok parses is bounded
 * far below it (FILE_MAX_BYTES bytes make at most FILE_MAX_BYTES + 1
 * lines: a parse of more is a programmer error), and doc_replace refuses
 * an edit that would make more (lines_fit says so, naming the file). */
#define LINES_MAX_LINES ((size_t)UINT32_MAX - 1)

/* 12 bytes (two tables of a million lines each at 1M lines): where the
 * content is, not a pointer; read it with lines_get or lines_bytes. */
typedef struct Line {
	uint32_t at;       /* where the content bytes are (without the
	                      terminator): Lines.base + at; owned: the line's
	                      allocation Lines.own[at]; in a view (Lines.over):
	                      byte at of the same line of the lines viewed */
	uint32_t n : 29;   /* content length (<= LINES_MAX_LINE) */
	uint32_t eol : 2;  /* the Eol that follows this line in the file */
	uint32_t owned : 1; /* the bytes are Lines.own[at], this line's
	                       allocation of lines_line_cap(n) bytes or more;
	                       0: they are borrowed */
	uint32_t memo;     /* 0, or what a view derived from this content (the
	                      session: its wrapped rows); every lines_* call that
	                      changes the line's bytes sets it back to 0 */
} Line;
_Static_assert(sizeof(Line) == 12, "a Line is 12 bytes");

/* The bytes an owned line of n content bytes has room for at least: the
 * power of two at or above n, 16 at the least (derived, not stored). */
static inline size_t lines_line_cap(size_t n)
{
	size_t c = 16;
	while (c < n)
		c *= 2;
	return c;
}

/* What lines_parse found in the file's lines (line numbers 1-based, 0:
 * none).  Valid until a line is changed, inserted or deleted. */
typedef struct LinesScan {
	bool valid;        /* false once any lines_* call changed the lines */
	size_t nul_line;   /* the first line with a NUL byte */
	size_t bad_utf8;   /* lines with invalid UTF-8 */
	size_t first_bad;  /* the first of them */
	size_t ctrl_line;  /* the first line with a control character (C0 but
	                      tab, or DEL; a NUL counts) */
	size_t crlf;       /* lines ending in CRLF */
} LinesScan;

typedef struct Lines {
	Line *v;    /* cap slots holding the n lines and a gap of gl free
	               slots before line gap: read them through lines_line,
	               never v[i]; the parse allocates XFIT_ROOM(n), edits
	               past it grow the table by an eighth */
	size_t n;   /* >= 1 once parsed */
	size_t cap;
	size_t gap; /* where the free slots are: line gap is v[gap + gl]
	               (an edit moves them to its lines, so a split or a join
	               moves the lines between the last edit and this one, not
	               half the file) */
	size_t gl;  /* the free slots in the gap (cap - n, or 0: a table
	               built by hand, host.h's view, has none) */
	bool bom;   /* file started with EF BB BF */
	char *base; /* the loaded file (owned), borrowed into by unmodified
	               lines; never written while l holds it */
	size_t base_n; /* its bytes (the BOM included) */
	char **own; /* the owned lines' allocations, by Line.at; own_n slots,
	               those of own_free unused */
	size_t own_n, own_cap;
	struct { uint32_t *v; size_t n, cap; } own_free;
	bool own_borrowed; /* lines_borrowed: own[] points into other bytes
	               (nothing freed but the tables; not edited) */
	const struct Lines *over; /* a view (host.h: a .py's RST text): line i
	               is bytes of line i of over from Line.at on (no base,
	               nothing owned, no gap; built by hand, never edited) */
	LinesScan scan; /* what the parse found */
} Lines;

void lines_init(Lines *l);
void lines_release(Lines *l);
/* A table of n lines that borrow bytes anywhere (a check's lines of code
 * comments): each set with lines_borrowed_set, never edited; released
 * with lines_release. */
void lines_borrowed(Lines *l, size_t n);
void lines_borrowed_set(Lines *l, size_t i, const char *p, size_t n, Eol eol);
/* Replace the content of l with data split into lines (data is copied). */
void lines_parse(Lines *l, const char *data, size_t n);
/* The same with the bytes of b, adopted (b is left empty). */
void lines_parse_buf_take(Lines *l, Buf *b);
/* The same without the scan (l->scan is not valid: lines_scan scans when
 * asked): a file no input check reads (the English of an open). */
void lines_parse_buf_take_unscanned(Lines *l, Buf *b);
/* The scan of the lines as they are now: l->scan while it is valid, else
 * the lines scanned again. */
LinesScan lines_scan(const Lines *l);
/* The file's bytes without a copy (lines_serialize's bytes): true with
 * *out the buffer the parse split, while no line has changed since (the
 * scan is valid); false otherwise (then serialize). */
bool lines_file(const Lines *l, Str *out);
/* Append the exact file bytes to out. */
void lines_serialize(const Lines *l, Buf *out);
/* Total bytes lines_serialize would write. */
size_t lines_size(const Lines *l);

/* Line i (i < n) where it is in the table, past the gap or not. */
static inline Line *lines_line_mut(Lines *l, size_t i)
{
	return &l->v[i < l->gap ? i : i + l->gl];
}
static inline const Line *lines_line(const Lines *l, size_t i)
{
	return &l->v[i < l->gap ? i : i + l->gl];
}

/* The content bytes of line ln, line i of l (ln == lines_line(l, i)). */
static inline const char *lines_bytes(const Lines *l, size_t i, const Line *ln)
{
	if (l->over)
		return lines_bytes(l->over, i, lines_line(l->over, i)) + ln->at;
	return ln->owned ? l->own[ln->at] : l->base + ln->at;
}

static inline Str lines_get(const Lines *l, size_t i)
{
	const Line *ln = lines_line(l, i);
	return (Str){lines_bytes(l, i, ln), ln->n};
}

/* The terminator a new line should get: the most common one in l
 * (LF when the file has none). */
Eol lines_default_eol(const Lines *l);

/* Replace the content of line i (its terminator stays). */
void lines_set(Lines *l, size_t i, const char *p, size_t n);
/* Replace bytes [from, to) of line i by p[0..n). */
void lines_splice(Lines *l, size_t i, size_t from, size_t to, const char *p, size_t n);
/* Split line i at byte offset at: the tail becomes line i+1 with line i's
 * terminator, and line i gets `eol`. */
void lines_split(Lines *l, size_t i, size_t at, Eol eol);
/* Join line i+1 onto line i (line i takes line i+1's terminator). */
void lines_join(Lines *l, size_t i);
/* Insert a line before index at (at == n appends after the last line, which
 * then gets `eol`; the new last line gets EOL_NONE). */
void lines_insert(Lines *l, size_t at, const char *p, size_t n, Eol eol);
/* Delete line i (n must stay >= 1; deleting the last line moves the
 * no-terminator state to the new last line). */
void lines_delete(Lines *l, size_t i);

/* Replace lines [first, first+count) by the lines of bytes p[0..n), split
 * at LF, each piece keeping its terminator (LF or CRLF).  When the range
 * reaches the end of the store (first + count == l->n) the piece after the
 * last LF (possibly empty) becomes the new unterminated last line;
 * otherwise that piece must be empty (p ends in LF, or n == 0).  False,
 * with l unchanged, when the range or the bytes do not fit. */
bool lines_replace(Lines *l, size_t first, size_t count, const char *p, size_t n);

/* Can a store of n lines named name (a path, for the message) lose
 * `remove` lines and gain `add` and still hold at most LINES_MAX_LINES?
 * False with "NAME: more than N lines" in e (EXIT_DATAERR) otherwise. */
bool lines_fit(const char *name, size_t n, size_t remove, size_t add, Err *e);

/* Invariant check; returns false and fills e on violation. */
bool lines_check(const Lines *l, Err *e);

/* The '\n' bytes of p[0..n), 8 bytes at a time. */
size_t lines_count_newlines(const char *p, size_t n);

#endif
