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
 * Lines start out borrowing from one copy of the file (cheap to load 100k
 * lines) and get their own allocation when first modified.
 *
 * Depends on util only.  Invariant (lines_check): n >= 1; only the last
 * line has EOL_NONE; no line contains '\n'.
 */
#ifndef YEOK_LINES_H
#define YEOK_LINES_H

#include "yeok/util.h"

typedef enum Eol { EOL_NONE = 0, EOL_LF = 1, EOL_CRLF = 2 } Eol;

typedef struct Line {
	const char *p; /* content bytes, without the terminator */
	size_t n;      /* content length */
	size_t cap;    /* 0: p borrows from Lines.base; else p is owned, cap bytes */
	Eol eol;       /* the terminator that follows this line in the file */
	uint32_t memo; /* 0, or what a view derived from this content (the
	                  session: its wrapped rows); every lines_* call that
	                  changes the line's bytes sets it back to 0 */
} Line;

typedef struct Lines {
	Line *v;    /* n lines */
	size_t n;   /* >= 1 once parsed */
	size_t cap;
	bool bom;   /* file started with EF BB BF */
	char *base; /* the loaded file, borrowed into by unmodified lines */
} Lines;

void lines_init(Lines *l);
void lines_release(Lines *l);
/* Replace the content of l with data split into lines (data is copied). */
void lines_parse(Lines *l, const char *data, size_t n);
/* Append the exact file bytes to out. */
void lines_serialize(const Lines *l, Buf *out);
/* Total bytes lines_serialize would write. */
size_t lines_size(const Lines *l);

static inline Str lines_get(const Lines *l, size_t i)
{
	return (Str){l->v[i].p, l->v[i].n};
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

/* Invariant check; returns false and fills e on violation. */
bool lines_check(const Lines *l, Err *e);

#endif
