/*
 * Host formats: the sphinx-gallery `.py` reader (see include/yeok/host.h).
 *
 * One pass over the lines: the module docstring (from the first line, when
 * the file starts with a string), then alternately code stretches and text
 * blocks, each text block from a separator line through the `#` lines
 * after it.  Each line gets its RST text as a slice of the file's line (the
 * view); RST segmentation runs on the view of each docstring and text
 * region, each code stretch with some code becomes one "python-cell"
 * literal block.  Linear in the size of the file.
 */
#include "yeok/host.h"

#include "host-private.h"
#include "yeok/text.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\v';
}

static bool blank_str(Str s)
{
	for (size_t i = 0; i < s.n; i++)
		if (!is_blank(s.p[i]))
			return false;
	return true;
}

HostFormat host_format_of_path(const char *path)
{
	size_t n = path ? strlen(path) : 0;
	if (n >= 3 && strcmp(path + n - 3, ".py") == 0)
		return HOST_PY;
	if ((n >= 3 && strcmp(path + n - 3, ".md") == 0) ||
	    (n >= 9 && strcmp(path + n - 9, ".markdown") == 0))
		return HOST_MD;
	return HOST_RST;
}

const char *host_format_name(HostFormat f)
{
	return f == HOST_PY ? "py" : f == HOST_MD ? "md" : "rst";
}

bool host_is_separator(Str s, bool eol)
{
	size_t k;
	if (s.n >= 20 && memcmp(s.p, "####################", 20) == 0)
		k = 20;
	else if (str_starts_with(s, "#%%"))
		k = 3;
	else if (str_starts_with(s, "# %%"))
		k = 4;
	else
		return false;
	/* The pattern wants a blank after the line's start: the newline, or
	 * (on an unterminated last line) a blank somewhere after the marker. */
	if (eol)
		return true;
	for (size_t i = k; i < s.n; i++)
		if (is_blank(s.p[i]))
			return true;
	return false;
}

bool host_block_is_cell(const Block *b)
{
	return b->kind == BK_LITERAL && str_eq_cstr(rst_block_name(b), "python-cell");
}

void host_init(HostDoc *h)
{
	memset(h, 0, sizeof(*h));
	lines_init(&h->view);
	rst_init(&h->blocks);
}

void host_release(HostDoc *h)
{
	free(h->view.v);
	free(h->off);
	free(h->kind);
	rst_release(&h->blocks);
	VEC_FREE(&h->regions);
	memset(h, 0, sizeof(*h));
}

void host_clear_blocks(HostDoc *h)
{
	h->blocks.n = 0;
	h->regions.n = 0;
}

/* ---- the line tables ------------------------------------------------------ */

static Str file_line(const HostDoc *h, size_t i)
{
	return lines_get(h->file, i);
}

static bool file_eol(const HostDoc *h, size_t i)
{
	return lines_line(h->file, i)->eol != EOL_NONE;
}

/* Line i's RST text is file bytes [off, off + n); an empty text is kept at
 * offset 0, so a position on such a line needs no mapping. */
static void set_line(HostDoc *h, size_t i, HostLineKind kind, size_t off, size_t n)
{
	BUG_ON(off > file_line(h, i).n || n > file_line(h, i).n - off);
	if (!n)
		off = 0;
	h->kind[i] = (unsigned char)kind;
	h->off[i] = off;
	h->view.v[i].at = (uint32_t)off; /* of the file's line i: view.over */
	h->view.v[i].n = (uint32_t)n;
	h->view.v[i].owned = 0;
	h->view.v[i].memo = 0;
	h->view.v[i].eol = lines_line(h->file, i)->eol;
}

static void tables(HostDoc *h)
{
	size_t n = h->file->n;
	h->view.v = xrealloc(h->view.v, (n ? n : 1) * sizeof(Line));
	h->view.n = h->view.cap = n;
	h->view.bom = h->file->bom;
	h->view.base = NULL;
	h->view.over = h->file;
	h->off = xrealloc(h->off, (n ? n : 1) * sizeof(size_t));
	h->kind = xrealloc(h->kind, n ? n : 1);
	for (size_t i = 0; i < n; i++)
		set_line(h, i, HL_CODE, 0, file_line(h, i).n);
}

/* ---- regions ---------------------------------------------------------------- */

static void push_region(HostDoc *h, HostRegionKind kind, size_t first, size_t last, size_t prefix,
                        size_t block)
{
	HostRegion r = {kind, first, last, prefix, block, h->blocks.n - block};
	VEC_PUSH(&h->regions, r);
}

/* Column of the first non-blank byte (tabs to multiples of 8), -1 blank. */
static int indent_cols(Str s, size_t *off)
{
	int col = 0;
	size_t i = 0;
	while (i < s.n && is_blank(s.p[i])) {
		col = s.p[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
		i++;
	}
	if (off)
		*off = i;
	return i == s.n ? -1 : col;
}

/* Code lines [first, last]: a region, and a "python-cell" block over its
 * non-blank lines when it has any. */
static void code_region(HostDoc *h, size_t first, size_t last)
{
	size_t b0 = h->blocks.n;
	size_t f = SIZE_MAX, l = 0;
	int ind = -1;
	for (size_t i = first; i <= last; i++) {
		set_line(h, i, HL_CODE, 0, file_line(h, i).n);
		int c = indent_cols(file_line(h, i), NULL);
		if (c < 0)
			continue;
		if (f == SIZE_MAX)
			f = i;
		l = i;
		if (ind < 0 || c < ind)
			ind = c;
	}
	if (f != SIZE_MAX) {
		Block b;
		memset(&b, 0, sizeof(b));
		b.kind = BK_LITERAL;
		b.first = b.text_line = (uint32_t)f; /* lines of a Lines */
		b.last = (uint32_t)l;
		b.indent = ind;
		b.parent = -1;
		/* the name, and the argument after it (Block keeps them as one
		 * pointer) */
		static const char cell[] = "python-cell python";
		const size_t nn = sizeof("python-cell") - 1;
		rst_block_set_name(&b, (Str){cell, nn});
		rst_block_set_arg(&b, (Str){cell + nn + 1, sizeof(cell) - nn - 2});
		size_t off = 0;
		indent_cols(file_line(h, f), &off);
		b.first_off = (uint32_t)off;
		VEC_PUSH(&h->blocks, b);
	}
	push_region(h, HR_CODE, first, last, 0, b0);
}

/* The common leading blanks (as bytes, textwrap.dedent's rule) of s[from..]
 * over the lines that are not blank there; *have tells whether any was. */
static void common_margin(Str s, size_t from, Str *margin, bool *have)
{
	if (from > s.n)
		return;
	Str t = {s.p + from, s.n - from};
	if (blank_str(t))
		return;
	size_t k = 0;
	while (k < t.n && is_blank(t.p[k]))
		k++;
	if (!*have) {
		*margin = (Str){t.p, k};
		*have = true;
		return;
	}
	size_t m = 0;
	while (m < margin->n && m < k && margin->p[m] == t.p[m])
		m++;
	margin->n = m;
}

/* The text block whose separator is line i; returns the line after it. */
static size_t text_region(HostDoc *h, size_t i, size_t to)
{
	size_t j = i + 1;
	while (j < to && file_line(h, j).n && file_line(h, j).p[0] == '#')
		j++;
	Str margin = {NULL, 0};
	bool have = false;
	for (size_t k = i + 1; k < j; k++)
		common_margin(file_line(h, k), 1, &margin, &have);
	size_t prefix = 1 + margin.n;
	set_line(h, i, HL_SEP, 0, 0);
	for (size_t k = i + 1; k < j; k++) {
		Str s = file_line(h, k);
		size_t off = MIN(prefix, s.n);
		set_line(h, k, HL_RST, off, s.n - off);
	}
	size_t b0 = h->blocks.n;
	rst_segment_range(&h->view, i, j, &h->blocks);
	push_region(h, HR_TEXT, i, j - 1, prefix, b0);
	return j;
}

/* Where the string that opens at line `line`, byte `at` (the quote) ends:
 * *cl, *cb = the line and byte of its closing quote(s); false when it does
 * not end before line `to`. */
static bool string_end(const HostDoc *h, size_t line, size_t at, size_t to, const char *q,
                       size_t qn, size_t *cl, size_t *cb)
{
	size_t i = at + qn;
	for (size_t l = line; l < to; l++, i = 0) {
		Str s = file_line(h, l);
		bool cont = false;
		while (i < s.n) {
			if (s.p[i] == '\\') {
				cont = i + 1 >= s.n;
				i += 2;
				continue;
			}
			if (s.p[i] == q[0] && s.n - i >= qn && memcmp(s.p + i, q, qn) == 0) {
				*cl = l;
				*cb = i;
				return true;
			}
			i++;
		}
		if (qn == 1 && !cont)
			return false; /* a one-quote string ends with its line */
	}
	return false;
}

/* The module docstring, when lines [0, to) start with one: its region
 * (and a code region for the comments before it).  Returns the first line
 * after it (0 when there is none). */
static size_t docstring(HostDoc *h, size_t to)
{
	HostDocstring *ds = &h->doc;
	memset(ds, 0, sizeof(*ds));
	size_t d = 0;
	while (d < to) {
		Str t = str_trim(file_line(h, d));
		if (t.n && t.p[0] != '#')
			break;
		d++;
	}
	if (d >= to)
		return 0;
	Str s = file_line(h, d);
	size_t k = 0;
	bool raw = false;
	if (s.n && strchr("rRuU", s.p[0])) {
		raw = s.p[0] == 'r' || s.p[0] == 'R';
		k = 1;
	}
	if (k >= s.n || (s.p[k] != '"' && s.p[k] != '\''))
		return 0;
	char qc = s.p[k];
	bool triple = k + 2 < s.n && s.p[k + 1] == qc && s.p[k + 2] == qc;
	size_t qn = triple ? 3 : 1;
	memset(ds->quote, qc, qn);
	ds->quote[qn] = '\0';
	ds->present = true;
	ds->raw = raw;
	ds->open_line = d;
	ds->open_at = 0;
	size_t cl = d, cb = 0;
	ds->closed = string_end(h, d, k, to, ds->quote, qn, &cl, &cb);
	if (ds->closed) {
		ds->close_at = cb;
	} else {
		/* Unterminated: stop before the next separator, so that the rest
		 * keeps its structure (Python would refuse the file). */
		cl = d;
		if (triple) {
			size_t e = d + 1;
			while (e < to && !host_is_separator(file_line(h, e), file_eol(h, e)))
				e++;
			cl = e - 1;
		}
		cb = file_line(h, cl).n;
	}
	ds->close_line = cl;
	if (d > 0)
		code_region(h, 0, d - 1);
	/* The common indentation of the lines after the first. */
	Str margin = {NULL, 0};
	bool have = false;
	for (size_t i = d + 1; i <= cl; i++) {
		Str x = file_line(h, i);
		if (i == cl)
			x.n = MIN(x.n, cb);
		common_margin(x, 0, &margin, &have);
	}
	size_t body = k + qn;
	for (size_t i = d; i <= cl; i++) {
		Str x = file_line(h, i);
		size_t from = i == d ? body : MIN(margin.n, x.n);
		size_t end = i == cl ? MIN(cb, x.n) : x.n;
		if (from > end)
			from = end;
		if (i == d)
			while (from < end && is_blank(x.p[from]))
				from++; /* cleandoc drops the first line's leading blanks */
		HostLineKind kind = i == d ? HL_DOC_OPEN : i == cl && ds->closed ? HL_DOC_CLOSE : HL_RST;
		set_line(h, i, kind, from, end - from);
	}
	size_t b0 = h->blocks.n;
	rst_segment_range(&h->view, d, cl + 1, &h->blocks);
	push_region(h, HR_DOCSTRING, d, cl, margin.n, b0);
	return cl + 1;
}

static bool is_sep_line(const HostDoc *h, size_t i)
{
	return host_is_separator(file_line(h, i), file_eol(h, i));
}

void host_segment_range(HostDoc *h, size_t from, size_t to)
{
	if (h->fmt == HOST_MD) {
		host_md_segment_range(h, from, to);
		return;
	}
	if (h->fmt != HOST_PY) {
		rst_segment_range(h->file, from, to, &h->blocks);
		return;
	}
	BUG_ON(h->view.n != h->file->n || from > to || to > h->file->n);
	size_t i = from;
	if (from == 0)
		i = docstring(h, to);
	while (i < to) {
		if (is_sep_line(h, i)) {
			i = text_region(h, i, to);
			continue;
		}
		size_t j = i + 1;
		while (j < to && !is_sep_line(h, j))
			j++;
		code_region(h, i, j - 1);
		i = j;
	}
}

void host_segment(const Lines *file, HostFormat fmt, HostDoc *h)
{
	host_clear_blocks(h);
	memset(&h->doc, 0, sizeof(h->doc));
	h->fmt = fmt;
	h->file = file;
	if (fmt == HOST_MD) {
		h->text = file;
		host_md_segment_range(h, 0, file->n);
		return;
	}
	if (fmt != HOST_PY) {
		h->text = file;
		rst_segment(file, &h->blocks);
		return;
	}
	tables(h);
	h->text = &h->view;
	host_segment_range(h, 0, file->n);
}

void host_block_text(const HostDoc *h, const Block *b, Buf *out)
{
	rst_block_text(h->text, b, out);
}

bool host_is_cut(const HostDoc *h, size_t k)
{
	if (h->fmt == HOST_MD)
		return k == 0 || k >= h->file->n;
	if (h->fmt != HOST_PY)
		return rst_is_cut(h->file, k);
	if (k == 0 || k >= h->file->n)
		return true;
	if (h->doc.present && k <= h->doc.close_line)
		return false;
	if (!is_sep_line(h, k))
		return false;
	Str p = file_line(h, k - 1);
	return !(p.n && p.p[0] == '#');
}

/* ---- re-reading around an edit ------------------------------------------------ */

/* The region holding old line `line` (regions as h last read them). */
static size_t region_index(const HostDoc *h, size_t line)
{
	size_t lo = 0, hi = h->regions.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (h->regions.v[mid].last < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool host_edit_window(const HostDoc *h, size_t a, size_t old_n, size_t new_n, HostWindow *w)
{
	memset(w, 0, sizeof(*w));
	if (h->fmt != HOST_PY || !h->regions.n || !old_n || !new_n)
		return false;
	BUG_ON(a + old_n > h->view.n || h->view.n - old_n + new_n != h->file->n);
	size_t old_last = a + old_n - 1;
	if (h->doc.present && a <= h->doc.close_line + 1)
		return false; /* the docstring: its indentation is the whole region's */
	if (h->doc.present && !h->doc.closed)
		return false; /* quotes anywhere below may close it: where it ends is open */
	size_t ra = region_index(h, a);
	if (ra >= h->regions.n)
		return false;
	/* from: the separator of a text block at or before the edit that is
	 * still a cut (lines before a are unchanged; line a may be it) */
	size_t r0 = ra + 1;
	for (;;) {
		if (r0-- == 0)
			return false;
		const HostRegion *g = &h->regions.v[r0];
		if (g->kind == HR_DOCSTRING)
			return false;
		if (g->kind == HR_TEXT && g->first > 0 && g->first <= a && host_is_cut(h, g->first))
			break;
	}
	/* to: the first text block after the edit whose separator is a cut of
	 * the new lines */
	long dl = (long)new_n - (long)old_n;
	size_t r1 = ra;
	while (r1 < h->regions.n && h->regions.v[r1].first <= old_last)
		r1++;
	for (; r1 < h->regions.n; r1++) {
		const HostRegion *g = &h->regions.v[r1];
		if (g->kind == HR_TEXT && host_is_cut(h, (size_t)((long)g->first + dl)))
			break;
	}
	w->a = a;
	w->old_n = old_n;
	w->new_n = new_n;
	w->r0 = r0;
	w->r1 = r1;
	w->from = h->regions.v[r0].first;
	w->old_to = r1 < h->regions.n ? h->regions.v[r1].first : h->view.n;
	w->to = (size_t)((long)w->old_to + dl);
	w->b0 = h->regions.v[r0].block;
	w->b1 = r1 < h->regions.n ? h->regions.v[r1].block : h->blocks.n;
	return true;
}

/* The line tables follow the edit: the entries after it move, the edited
 * lines get a provisional entry (the window's reading sets them). */
static void move_tables(HostDoc *h, size_t a, size_t old_n, size_t new_n)
{
	size_t n = h->file->n, tail = h->view.n - (a + old_n);
	if (n > h->view.cap) {
		size_t cap = MAX(n, h->view.cap * 2);
		h->view.v = xrealloc(h->view.v, cap * sizeof(Line));
		h->off = xrealloc(h->off, cap * sizeof(size_t));
		h->kind = xrealloc(h->kind, cap);
		h->view.cap = cap;
	}
	memmove(&h->view.v[a + new_n], &h->view.v[a + old_n], tail * sizeof(Line));
	memmove(&h->off[a + new_n], &h->off[a + old_n], tail * sizeof(size_t));
	memmove(&h->kind[a + new_n], &h->kind[a + old_n], tail);
	h->view.n = n;
	for (size_t i = a; i < a + new_n; i++)
		set_line(h, i, HL_CODE, 0, file_line(h, i).n);
}

void host_resegment_window(HostDoc *h, HostWindow *w)
{
	BUG_ON(h->fmt != HOST_PY || w->r0 >= h->regions.n || w->r1 < w->r0);
	long dl = (long)w->new_n - (long)w->old_n;
	size_t nrt = h->regions.n - w->r1, nbt = h->blocks.n - w->b1;
	HostRegion *rt = xmalloc(MAX(nrt, 1) * sizeof(HostRegion));
	Block *bt = xmalloc(MAX(nbt, 1) * sizeof(Block));
	if (nrt)
		memcpy(rt, &h->regions.v[w->r1], nrt * sizeof(HostRegion));
	if (nbt)
		memcpy(bt, &h->blocks.v[w->b1], nbt * sizeof(Block));
	move_tables(h, w->a, w->old_n, w->new_n);
	h->regions.n = w->r0;
	h->blocks.n = w->b0;
	host_segment_range(h, w->from, w->to);
	w->wn = h->blocks.n - w->b0;
	long db = (long)w->wn - (long)(w->b1 - w->b0);
	for (size_t i = 0; i < nrt; i++) {
		HostRegion g = rt[i];
		g.first = (size_t)((long)g.first + dl);
		g.last = (size_t)((long)g.last + dl);
		g.block = (size_t)((long)g.block + db);
		VEC_PUSH(&h->regions, g);
	}
	/* the tail back after the window, its lines and parents moved, in
	 * one pass */
	if (h->blocks.n + nbt > h->blocks.cap)
		h->blocks.v = xgrow(h->blocks.v, &h->blocks.cap, h->blocks.n + nbt, sizeof(Block));
	rst_move_blocks(&h->blocks.v[h->blocks.n], bt, nbt, dl, 0, db);
	h->blocks.n += nbt;
	free(rt);
	free(bt);
}

void host_rebind(HostDoc *h, const Lines *file)
{
	h->file = file;
	h->view.over = file;
	h->text = h->fmt == HOST_PY ? &h->view : file;
}

/* ---- queries ----------------------------------------------------------------- */

HostLineKind host_line_kind(const HostDoc *h, size_t line)
{
	BUG_ON(line >= h->file->n);
	return h->fmt == HOST_PY ? (HostLineKind)h->kind[line] : HL_RST;
}

size_t host_line_prefix(const HostDoc *h, size_t line)
{
	BUG_ON(line >= h->file->n);
	return h->fmt == HOST_PY ? h->off[line] : 0;
}

bool host_line_is_text(const HostDoc *h, size_t line)
{
	HostLineKind k = host_line_kind(h, line);
	if (k == HL_RST)
		return true;
	return (k == HL_DOC_OPEN || k == HL_DOC_CLOSE) && h->view.v[line].n > 0;
}

const HostRegion *host_region_of(const HostDoc *h, size_t line)
{
	size_t lo = region_index(h, line);
	if (lo < h->regions.n && h->regions.v[lo].first <= line)
		return &h->regions.v[lo];
	return NULL;
}

Str host_new_line_prefix(const HostDoc *h, size_t line)
{
	const HostRegion *g = h->fmt == HOST_PY ? host_region_of(h, line) : NULL;
	if (!g || g->kind == HR_CODE || !g->prefix)
		return STR_LIT("");
	/* A line that has the whole prefix shows which bytes it is. */
	for (size_t i = g->first + (g->kind == HR_DOCSTRING); i <= g->last; i++)
		if (h->view.v[i].n && h->off[i] >= g->prefix)
			return (Str){file_line(h, i).p, g->prefix};
	return g->kind == HR_TEXT ? STR_LIT("# ") : STR_LIT("");
}

bool host_edit_span(const HostDoc *h, size_t line, size_t *from, size_t *to)
{
	Str s = file_line(h, line);
	*from = 0;
	*to = s.n;
	if (h->fmt != HOST_PY)
		return true;
	const HostRegion *g = host_region_of(h, line);
	const HostDocstring *ds = &h->doc;
	switch (host_line_kind(h, line)) {
	case HL_SEP:
		return false;
	case HL_CODE: {
		if (!g)
			return false;
		HostCommentVec v = {0};
		host_py_comments(h->file, g->first, line, &v);
		bool found = v.n && v.v[v.n - 1].line == line;
		if (found)
			*from = v.v[v.n - 1].from + 1;
		VEC_FREE(&v);
		return found;
	}
	case HL_DOC_OPEN:
		*from = (s.n && strchr("rRuU", s.p[0]) ? 1 : 0) + strlen(ds->quote);
		if (ds->closed && ds->close_line == line)
			*to = ds->close_at;
		*from = MIN(*from, *to);
		return true;
	case HL_DOC_CLOSE:
		*to = MIN(ds->close_at, s.n);
		*from = h->view.v[line].n ? h->off[line] : MIN(g ? g->prefix : 0, *to);
		return true;
	case HL_RST:
		*from = h->view.v[line].n ? h->off[line] : MIN(g ? g->prefix : 0, s.n);
		return true;
	}
	return false;
}

Str host_line_pad(const HostDoc *h, size_t line)
{
	if (h->fmt != HOST_PY || host_line_kind(h, line) != HL_RST || h->view.v[line].n)
		return STR_LIT("");
	Str s = file_line(h, line), p = host_new_line_prefix(h, line);
	if (p.n <= s.n || memcmp(p.p, s.p, s.n) != 0)
		return STR_LIT("");
	return (Str){p.p + s.n, p.n - s.n};
}

void host_newline_prefix(const HostDoc *h, size_t line, size_t col, Buf *out)
{
	if (h->fmt != HOST_PY)
		return;
	HostLineKind k = host_line_kind(h, line);
	size_t f, t;
	if (k == HL_CODE) {
		if (!host_edit_span(h, line, &f, &t) || col < f)
			return;
		Str s = file_line(h, line);
		size_t i = 0;
		while (i < s.n && is_blank(s.p[i]))
			i++;
		buf_add(out, s.p, i);
		buf_adds(out, "# ");
		return;
	}
	if (k != HL_SEP)
		buf_addstr(out, host_new_line_prefix(h, line));
}

bool host_can_join(const HostDoc *h, size_t line)
{
	if (h->fmt != HOST_PY)
		return line > 0;
	if (line == 0 || line >= h->file->n)
		return false;
	const HostRegion *a = host_region_of(h, line - 1), *b = host_region_of(h, line);
	if (!a || a != b || a->kind == HR_CODE)
		return false;
	HostLineKind ka = host_line_kind(h, line - 1), kb = host_line_kind(h, line);
	return ka != HL_SEP && ka != HL_DOC_CLOSE && kb != HL_SEP && kb != HL_DOC_OPEN &&
	       !(ka == HL_DOC_OPEN && h->doc.close_line == line - 1);
}

bool host_check(const HostDoc *h, Err *e)
{
	if (!h->file || !h->text)
		return err_set(e, EXIT_DATAERR, "host: not segmented");
	if (h->text->n != h->file->n)
		return err_set(e, EXIT_DATAERR, "host: %zu text lines for %zu file lines", h->text->n,
		               h->file->n);
	if (!rst_check(&h->blocks, h->text, e))
		return false;
	if (h->fmt != HOST_PY)
		return true;
	for (size_t i = 0; i < h->file->n; i++) {
		Str s = file_line(h, i), t = lines_get(&h->view, i);
		if (h->off[i] > s.n || t.n > s.n - h->off[i] || (t.n && t.p != s.p + h->off[i]) ||
		    (!t.n && h->off[i]))
			return err_set(e, EXIT_DATAERR, "host: line %zu: text is not a slice at %zu", i + 1,
			               h->off[i]);
		if (h->kind[i] > HL_DOC_CLOSE)
			return err_set(e, EXIT_DATAERR, "host: line %zu: bad kind %d", i + 1, h->kind[i]);
	}
	size_t next = 0, nb = 0;
	for (size_t r = 0; r < h->regions.n; r++) {
		const HostRegion *g = &h->regions.v[r];
		if (g->first != next || g->last < g->first || g->last >= h->file->n)
			return err_set(e, EXIT_DATAERR, "host: region %zu is %zu..%zu, expected to start at %zu",
			               r, g->first + 1, g->last + 1, next + 1);
		if (g->block != nb || g->block + g->nblocks > h->blocks.n)
			return err_set(e, EXIT_DATAERR, "host: region %zu lists blocks %zu+%zu, expected %zu",
			               r, g->block, g->nblocks, nb);
		for (size_t x = g->block; x < g->block + g->nblocks; x++) {
			const Block *b = &h->blocks.v[x];
			if (b->first < g->first || b->last > g->last)
				return err_set(e, EXIT_DATAERR, "host: block %zu (line %zu) outside region %zu", x,
				               (size_t)b->first + 1, r);
			if ((g->kind == HR_CODE) != host_block_is_cell(b))
				return err_set(e, EXIT_DATAERR, "host: block %zu of region %zu has the wrong kind",
				               x, r);
		}
		if (g->kind == HR_TEXT && h->kind[g->first] != HL_SEP)
			return err_set(e, EXIT_DATAERR, "host: text region %zu does not start at a separator",
			               r);
		next = g->last + 1;
		nb = g->block + g->nblocks;
	}
	if (next != h->file->n || nb != h->blocks.n)
		return err_set(e, EXIT_DATAERR, "host: regions cover %zu of %zu lines, %zu of %zu blocks",
		               next, h->file->n, nb, h->blocks.n);
	return true;
}
