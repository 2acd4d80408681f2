/* The byte-exact line store (see include/yeok/lines.h). */
#include "yeok/lines.h"

#include "yeok/text.h"

_Static_assert(FILE_MAX_BYTES <= LINES_MAX_LINE, "every file read fits a Line");
_Static_assert((size_t)FILE_MAX_BYTES + 1 <= LINES_MAX_LINES, "every file read fits a Lines");

void lines_init(Lines *l)
{
	memset(l, 0, sizeof(*l));
}

static void line_free(Lines *l, Line *ln)
{
	if (ln->owned) {
		free(l->own[ln->at]);
		l->own[ln->at] = NULL;
		VEC_PUSH(&l->own_free, ln->at);
	}
	ln->at = 0;
	ln->n = 0;
	ln->owned = 0;
}

/* A slot of l->own for a new allocation p: its index. */
static uint32_t own_slot(Lines *l, char *p)
{
	size_t at;
	if (l->own_free.n) {
		at = l->own_free.v[--l->own_free.n];
	} else {
		BUG_ON(l->own_n >= UINT32_MAX);
		l->own = xgrow(l->own, &l->own_cap, l->own_n + 1, sizeof(*l->own));
		at = l->own_n++;
	}
	l->own[at] = p;
	return (uint32_t)at;
}

/* Room in the line table for need lines: the parse sizes it to
 * XFIT_ROOM(n), so an edit past that grows it by an eighth, not by
 * doubling (a 1M-line table is 16 MB: doubling it for one new line would
 * cost as much again).  The new
 * slots join the gap (the lines after it move to the end). */
static void table_reserve(Lines *l, size_t need, bool exact)
{
	if (need <= l->cap)
		return;
	size_t c = exact ? need : l->cap + l->cap / 8 + 16;
	if (c < need)
		c = need;
	if (c > SIZE_MAX / sizeof(Line))
		fatal("allocation overflow (%zu lines)", c);
	size_t tail = l->n - l->gap;
	l->v = xrealloc(l->v, c * sizeof(Line));
	if (tail)
		memmove(&l->v[c - tail], &l->v[l->gap + l->gl], tail * sizeof(Line));
	l->gl += c - l->cap;
	l->cap = c;
}

/* Move the gap to line index at: only the lines between the gap and at
 * move. */
static void gap_to(Lines *l, size_t at)
{
	BUG_ON(at > l->n || l->gl != l->cap - l->n);
	if (at < l->gap)
		memmove(&l->v[at + l->gl], &l->v[at], (l->gap - at) * sizeof(Line));
	else if (at > l->gap)
		memmove(&l->v[l->gap], &l->v[l->gap + l->gl], (at - l->gap) * sizeof(Line));
	l->gap = at;
}

void lines_release(Lines *l)
{
	BUG_ON(l->over && (l->base || l->own_n)); /* a view owns its table only */
	for (size_t i = 0; i < l->n && !l->own_borrowed; i++)
		line_free(l, lines_line_mut(l, i));
	free(l->v);
	free(l->base);
	free(l->own);
	VEC_FREE(&l->own_free);
	lines_init(l);
}

void lines_borrowed(Lines *l, size_t n)
{
	lines_release(l);
	l->v = xcalloc(n ? n : 1, sizeof(Line));
	l->own = xcalloc(n ? n : 1, sizeof(*l->own));
	l->n = l->cap = l->own_n = l->own_cap = n;
	l->own_borrowed = true;
}

void lines_borrowed_set(Lines *l, size_t i, const char *p, size_t n, Eol eol)
{
	BUG_ON(!l->own_borrowed || i >= l->n || n > LINES_MAX_LINE);
	l->own[i] = (char *)p; /* never written: own_borrowed */
	l->v[i] = (Line){.at = (uint32_t)i, .n = (uint32_t)n, .eol = eol, .owned = 1};
}

/* Bytes 0x20..0x7e and >= 0x80 only in the 8 bytes of w (no C0 control
 * character and no DEL): the exact tests of "a byte < n" and "a zero
 * byte" of a word. */
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull
static bool word_plain(uint64_t w)
{
	uint64_t x = w ^ (ONES * 0x7f);
	return !(((w - ONES * 0x20) & ~w & HIGHS) | ((x - ONES) & ~x & HIGHS));
}

/* The '\n' bytes of p[0..n), 8 bytes at a time (a call of memchr per
 * line costs more than the line's bytes). */
size_t lines_count_newlines(const char *p, size_t n)
{
	size_t count = 0, k = 0;
	while (n - k >= 8) {
		/* a byte a lane, each lane at most 255 */
		size_t words = MIN((n - k) / 8, (size_t)255);
		uint64_t acc = 0;
		for (size_t i = 0; i < words; i++, k += 8) {
			uint64_t w;
			memcpy(&w, p + k, 8);
			uint64_t x = w ^ (ONES * '\n');
			/* 0x80 in each byte of x that is 0, exactly */
			acc += (~(((x & ~HIGHS) + ~HIGHS) | x) & HIGHS) >> 7;
		}
		const uint64_t M = 0x00ff00ff00ff00ffull;
		count += (size_t)((((acc & M) + ((acc >> 8) & M)) * 0x0001000100010001ull) >> 48);
	}
	for (; k < n; k++)
		count += p[k] == '\n';
	return count;
}

/* The end of the line at p (its '\n', or end) and, in the same pass,
 * what the input checks want to know of it (no = its number: a control
 * character, a NUL, invalid UTF-8; a '\r' before the '\n' is the line's
 * end, not a control character): 8 bytes at a time while
 * they are plain (a '\n' is not); a line with bytes >= 0x80 is also
 * decoded. */
static const char *scan_to_eol(LinesScan *sc, const char *p, const char *end, size_t no)
{
	bool ctrl = false;
	uint64_t high = 0;
	const char *q = p, *nl = NULL;
	while (!nl && q < end) {
		const char *stop = end;
		if (end - q >= 8) {
			uint64_t w;
			memcpy(&w, q, 8);
			if (word_plain(w)) {
				high |= w & HIGHS;
				q += 8;
				continue;
			}
			stop = q + 8; /* this word a byte at a time */
		}
		for (; q < stop; q++) {
			unsigned char c = (unsigned char)*q;
			if (c >= 32 && c < 127)
				continue;
			if (c == '\n') {
				nl = q;
				break;
			}
			if (c >= 128) {
				high = 1;
			} else if (c != '\t' && !(c == '\r' && q + 1 < end && q[1] == '\n')) {
				ctrl = true;
				if (c == 0 && !sc->nul_line)
					sc->nul_line = no;
			}
		}
	}
	const char *e = nl ? nl : end;
	if (nl && e > p && e[-1] == '\r')
		e--;
	if (ctrl && !sc->ctrl_line)
		sc->ctrl_line = no;
	if (high && !text_valid(p, (size_t)(e - p)) && !sc->bad_utf8++)
		sc->first_bad = no;
	return nl;
}

/* What the input checks want to know of one line of n bytes (no: its
 * number): scan_to_eol on the line alone (it holds no '\n'). */
static void scan_line(LinesScan *sc, const char *p, size_t n, size_t no)
{
	scan_to_eol(sc, p, p + n, no);
}

static void parse_take(Lines *l, char *data, size_t n, bool scan)
{
	lines_release(l);
	l->base = data ? data : xmalloc(1);
	l->base_n = n;
	const char *p = l->base, *end = l->base + n;
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0) {
		l->bom = true;
		p += 3;
	}
	/* one allocation for the line table, of the lines and a little room
	 * (XFIT_ROOM: the first newline does not copy the table): count them
	 * first */
	size_t count = 1 + lines_count_newlines(p, (size_t)(end - p));
	BUG_ON(count > LINES_MAX_LINES); /* the caller bounds its input */
	table_reserve(l, XFIT_ROOM(count), true);
	xprefault(l->v, count * sizeof(Line)); /* written whole just below */
	LinesScan *sc = &l->scan;
	for (;;) {
		const char *nl = scan ? scan_to_eol(sc, p, end, l->n + 1)
		                      : memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((nl ? nl : end) - p);
		Eol eol = nl ? EOL_LF : EOL_NONE;
		if (nl && len && p[len - 1] == '\r') {
			len--;
			eol = EOL_CRLF;
			sc->crlf++;
		}
		BUG_ON(len > LINES_MAX_LINE); /* the caller bounds its input */
		l->v[l->n++] = (Line){.at = (uint32_t)(p - l->base), .n = (uint32_t)len, .eol = eol};
		if (!nl)
			break;
		p = nl + 1;
	}
	l->gap = l->n; /* the gap is the room after the lines */
	l->gl = l->cap - l->n;
	sc->valid = scan;
}

/* The same without the copy: l adopts data (malloc'ed, at least n bytes;
 * freed by lines_release) and every line points into it. */
static void lines_parse_take(Lines *l, char *data, size_t n)
{
	parse_take(l, data, n, true);
}

void lines_parse(Lines *l, const char *data, size_t n)
{
	lines_parse_take(l, xmemdup0(data, n), n);
}

static void parse_buf_take(Lines *l, Buf *b, bool scan)
{
	size_t n = b->len;
	buf_fit(b);
	parse_take(l, buf_detach(b), n, scan);
}

void lines_parse_buf_take(Lines *l, Buf *b)
{
	parse_buf_take(l, b, true);
}

void lines_parse_buf_take_unscanned(Lines *l, Buf *b)
{
	parse_buf_take(l, b, false);
}

LinesScan lines_scan(const Lines *l)
{
	if (l->scan.valid)
		return l->scan;
	LinesScan sc = {.valid = true};
	for (size_t i = 0; i < l->n; i++) {
		const Line *ln = lines_line(l, i);
		scan_line(&sc, lines_bytes(l, i, ln), ln->n, i + 1);
		sc.crlf += ln->eol == EOL_CRLF;
	}
	return sc;
}

bool lines_file(const Lines *l, Str *out)
{
	if (!l->scan.valid || !l->base)
		return false;
	*out = (Str){l->base, l->base_n};
	return true;
}

static const char *eol_bytes(Eol e)
{
	return e == EOL_CRLF ? "\r\n" : e == EOL_LF ? "\n" : "";
}

size_t lines_size(const Lines *l)
{
	size_t total = l->bom ? 3 : 0;
	for (size_t i = 0; i < l->n; i++)
		total += (size_t)lines_line(l, i)->n + (size_t)lines_line(l, i)->eol;
	return total;
}

void lines_serialize(const Lines *l, Buf *out)
{
	buf_grow(out, lines_size(l));
	if (l->bom)
		buf_add(out, "\xef\xbb\xbf", 3);
	for (size_t i = 0; i < l->n; i++) {
		const Line *ln = lines_line(l, i);
		buf_add(out, lines_bytes(l, i, ln), ln->n);
		buf_adds(out, eol_bytes(ln->eol));
	}
}

Eol lines_default_eol(const Lines *l)
{
	size_t lf = 0, crlf = 0;
	for (size_t i = 0; i < l->n; i++) {
		Eol e = lines_line(l, i)->eol;
		if (e == EOL_LF)
			lf++;
		else if (e == EOL_CRLF)
			crlf++;
	}
	return crlf > lf ? EOL_CRLF : EOL_LF;
}

/* Make line ln (line i) own its bytes with room for at least need bytes. */
static char *own(Lines *l, size_t i, Line *ln, size_t need)
{
	BUG_ON(need > LINES_MAX_LINE); /* doc_replace refuses longer lines */
	BUG_ON(l->over || l->own_borrowed); /* views are built by hand, never edited */
	ln->memo = 0; /* every change of the bytes goes through here */
	l->scan.valid = false;
	if (!ln->owned) {
		char *p = xmalloc(lines_line_cap(MAX(need, (size_t)ln->n)));
		if (ln->n)
			memcpy(p, lines_bytes(l, i, ln), ln->n);
		ln->at = own_slot(l, p);
		ln->owned = 1;
	} else if (need > lines_line_cap(ln->n)) {
		/* the allocation holds at least lines_line_cap(n) bytes for
		 * every n the line had since: growing past that reallocates */
		l->own[ln->at] = xrealloc(l->own[ln->at], lines_line_cap(need));
	}
	return l->own[ln->at];
}

void lines_set(Lines *l, size_t i, const char *p, size_t n)
{
	lines_splice(l, i, 0, lines_line(l, i)->n, p, n);
}

void lines_splice(Lines *l, size_t i, size_t from, size_t to, const char *p, size_t n)
{
	BUG_ON(i >= l->n);
	Line *ln = lines_line_mut(l, i);
	BUG_ON(from > to || to > ln->n);
	BUG_ON(n && memchr(p, '\n', n));
	size_t newlen = ln->n - (to - from) + n;
	char *d = own(l, i, ln, newlen);
	memmove(d + from + n, d + to, ln->n - to);
	if (n)
		memcpy(d + from, p, n);
	ln->n = (uint32_t)newlen;
}

/* A new empty line at index at (the gap moves there first). */
static void insert_slot(Lines *l, size_t at)
{
	BUG_ON(l->n >= LINES_MAX_LINES); /* doc_replace refuses more lines */
	table_reserve(l, l->n + 1, false);
	gap_to(l, at);
	memset(&l->v[at], 0, sizeof(Line));
	l->gap++;
	l->gl--;
	l->n++;
}

/* Remove line i from the table (its bytes freed). */
static void remove_slot(Lines *l, size_t i)
{
	gap_to(l, i + 1);
	line_free(l, &l->v[i]);
	l->gap--;
	l->gl++;
	l->n--;
}

void lines_split(Lines *l, size_t i, size_t at, Eol eol)
{
	BUG_ON(i >= l->n || at > lines_line(l, i)->n);
	BUG_ON(eol == EOL_NONE);
	insert_slot(l, i + 1);
	Line *a = lines_line_mut(l, i), *b = lines_line_mut(l, i + 1);
	size_t tail = a->n - at;
	char *d = own(l, i + 1, b, tail);
	if (tail)
		memcpy(d, lines_bytes(l, i, a) + at, tail);
	b->n = (uint32_t)tail;
	b->eol = a->eol;
	a->n = (uint32_t)at;
	a->memo = 0;
	a->eol = eol;
}

void lines_join(Lines *l, size_t i)
{
	BUG_ON(i + 1 >= l->n);
	Line *a = lines_line_mut(l, i), *b = lines_line_mut(l, i + 1);
	size_t n = a->n + b->n;
	char *d = own(l, i, a, n);
	if (b->n)
		memcpy(d + a->n, lines_bytes(l, i + 1, b), b->n);
	a->n = (uint32_t)n;
	a->eol = b->eol;
	remove_slot(l, i + 1);
}

void lines_insert(Lines *l, size_t at, const char *p, size_t n, Eol eol)
{
	BUG_ON(at > l->n || eol == EOL_NONE);
	BUG_ON(n && memchr(p, '\n', n));
	insert_slot(l, at);
	Line *ln = lines_line_mut(l, at);
	char *d = own(l, at, ln, n);
	if (n)
		memcpy(d, p, n);
	ln->n = (uint32_t)n;
	if (at == l->n - 1) { /* appended: the old last line gets a terminator */
		lines_line_mut(l, at - 1)->eol = eol;
		ln->eol = EOL_NONE;
	} else {
		ln->eol = eol;
	}
}

void lines_delete(Lines *l, size_t i)
{
	BUG_ON(i >= l->n || l->n < 2);
	bool was_last = i == l->n - 1;
	l->scan.valid = false;
	remove_slot(l, i);
	if (was_last)
		lines_line_mut(l, l->n - 1)->eol = EOL_NONE;
}

bool lines_replace(Lines *l, size_t first, size_t count, const char *p, size_t n)
{
	if (first > l->n || count > l->n - first)
		return false;
	bool to_end = first + count == l->n;
	size_t tail = 0; /* bytes after the last LF */
	while (tail < n && p[n - 1 - tail] != '\n')
		tail++;
	if (!to_end && tail != 0)
		return false;
	/* Count the new lines. */
	size_t add = 0;
	for (const char *q = p, *end = p + n; q < end;) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		if (!nl)
			break;
		add++;
		q = nl + 1;
	}
	if (to_end)
		add++; /* the unterminated last piece */
	if (l->n - count + add == 0 || !lines_fit("", l->n, count, add, NULL))
		return false;
	l->scan.valid = false;
	/* the gap after the old lines, then over them: the new ones fill it */
	gap_to(l, first + count);
	for (size_t i = first; i < first + count; i++)
		line_free(l, &l->v[i]);
	l->gap = first;
	l->gl += count;
	l->n -= count;
	table_reserve(l, l->n + add, false);
	l->gap += add;
	l->gl -= add;
	l->n += add;
	const char *q = p, *end = p + n;
	for (size_t i = 0; i < add; i++) {
		Line *ln = &l->v[first + i];
		memset(ln, 0, sizeof(*ln));
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		size_t len = nl ? (size_t)(nl - q) : (size_t)(end - q);
		ln->eol = nl ? EOL_LF : EOL_NONE;
		if (nl && len && q[len - 1] == '\r') {
			len--;
			ln->eol = EOL_CRLF;
		}
		char *d = own(l, first + i, ln, len);
		if (len)
			memcpy(d, q, len);
		ln->n = (uint32_t)len;
		q = nl ? nl + 1 : end;
	}
	return true;
}

bool lines_fit(const char *name, size_t n, size_t remove, size_t add, Err *e)
{
	BUG_ON(remove > n);
	if (add <= LINES_MAX_LINES - (n - remove))
		return true;
	return err_set(e, EXIT_DATAERR, "%s: more than %zu lines", name, LINES_MAX_LINES);
}

bool lines_check(const Lines *l, Err *e)
{
	if (l->n < 1)
		return err_set(e, 0, "lines: empty store");
	if (l->n > LINES_MAX_LINES)
		return err_set(e, 0, "lines: %zu lines (at most %zu)", l->n, LINES_MAX_LINES);
	if (l->gl && (l->gl != l->cap - l->n || l->gap > l->n))
		return err_set(e, 0, "lines: the gap (%zu at %zu) does not fit %zu of %zu slots",
		               l->gl, l->gap, l->n, l->cap);
	for (size_t i = 0; i < l->n; i++) {
		const Line *ln = lines_line(l, i);
		if ((i == l->n - 1) != (ln->eol == EOL_NONE))
			return err_set(e, 0, "lines: line %zu has a wrong terminator", i + 1);
		if (ln->n && memchr(lines_bytes(l, i, ln), '\n', ln->n))
			return err_set(e, 0, "lines: line %zu contains a newline", i + 1);
		if (ln->eol > EOL_CRLF)
			return err_set(e, 0, "lines: line %zu has no valid terminator", i + 1);
	}
	return true;
}
