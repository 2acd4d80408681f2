/*
 * RST block segmentation (see include/yeok/rst.h).
 *
 * A small recursive-descent reader over line ranges, after the block-level
 * rules of the docutils parser (states.py): a body is a run of lines at a
 * base indentation; more indentation starts a block quote; a list marker,
 * field name or `.. ` starts a construct whose body is the following lines
 * indented past the marker.  Linear in the number of lines times the
 * nesting depth.  Never fails: unknown or malformed input becomes
 * paragraphs.
 */
#include "yeok/rst.h"

#include "yeok/text.h"

/* Parser state.  The list-marker trick: while an item's body is read, the
 * marker on its first line is treated as blanks (ov_line/ov_off/ov_ind). */
typedef struct P {
	const Lines *l;
	RstDoc *d;
	size_t ov_line; /* line with an overridden start, or SIZE_MAX */
	size_t ov_off;  /* its content starts at this byte */
	int ov_ind;     /* and at this column */
	int nest;       /* body() calls active (bounded: see RST_MAX_NEST) */
	size_t from;    /* the range being segmented starts here */
	struct LineMemo *cache; /* info() of each line of the range */
} P;

/* Deeper nesting than this (no real document comes close) is read as
 * plain paragraphs: it keeps the stack small and the time linear on
 * input like 10,000 lines each indented one more space. */
#define RST_MAX_NEST 48

typedef struct LineInfo {
	int ind;    /* column of the first non-blank byte; -1 for a blank line */
	size_t off; /* byte offset of that byte */
	Str c;      /* content from off, trailing blanks removed */
} LineInfo;

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* A LineInfo kept small (one per line of the range: 12 bytes, not 32 of
 * fresh pages), its content found again from the line; off UINT32_MAX: a
 * line too long to keep, scanned each time. */
typedef struct LineMemo {
	int ind;
	uint32_t off, n;
} LineMemo;

static LineInfo scan(const P *p, size_t i);

static inline LineInfo info(const P *p, size_t i)
{
	if (i != p->ov_line && p->cache) {
		const LineMemo *m = &p->cache[i - p->from];
		if (m->off != UINT32_MAX)
			return (LineInfo){m->ind, m->off, {lines_get(p->l, i).p + m->off, m->n}};
	}
	return scan(p, i);
}

/* Indentation and content of line i (the override applied). */
static LineInfo scan(const P *p, size_t i)
{
	Str s = lines_get(p->l, i);
	LineInfo li = {-1, 0, {s.p, 0}};
	size_t off = 0;
	int col = 0;
	if (i == p->ov_line) {
		off = p->ov_off;
		col = p->ov_ind;
	}
	while (off < s.n && is_ws(s.p[off])) {
		col = s.p[off] == '\t' ? (col / 8 + 1) * 8 : col + 1;
		off++;
	}
	size_t end = s.n;
	while (end > off && is_ws(s.p[end - 1]))
		end--;
	if (end == off)
		return li;
	li.ind = col;
	li.off = off;
	li.c = (Str){s.p + off, end - off};
	return li;
}

static bool blank(const P *p, size_t i)
{
	return info(p, i).ind < 0;
}

static int indent_of(const P *p, size_t i)
{
	return info(p, i).ind;
}

_Static_assert(sizeof(Block) <= 56, "a Block stays 56 bytes (rst.h)");
_Static_assert(BK_COUNT <= 16, "a BlockKind fits Block.kind");
_Static_assert(RST_MAX_NEST + 2 <= RST_MAX_DEPTH, "a nesting depth fits Block.depth");

static size_t push(P *p, BlockKind k, size_t first, size_t last, int ind, int depth, int parent)
{
	/* depth grows by one a body() level (list items, directives) and one
	 * for a literal under its directive; lines by Lines' bound */
	BUG_ON(depth < 0 || depth > RST_MAX_DEPTH || last >= LINES_MAX_LINES);
	Block b;
	memset(&b, 0, sizeof(b));
	b.kind = k;
	b.first = (uint32_t)first;
	b.last = (uint32_t)last;
	b.text_line = (uint32_t)first;
	b.indent = ind;
	b.depth = (unsigned char)depth;
	b.parent = parent;
	b.first_off = (uint32_t)info(p, first).off;
	VEC_PUSH(p->d, b);
	return p->d->n - 1;
}

/* The end (exclusive) of the lines after `from` indented past column k:
 * blank lines inside are included (unless stop_blank), trailing ones not. */
static size_t indented_end(const P *p, size_t from, size_t to, int k, bool stop_blank)
{
	size_t end = from;
	for (size_t j = from; j < to; j++) {
		int ind = indent_of(p, j);
		if (ind < 0) {
			if (stop_blank)
				break;
			continue;
		}
		if (ind <= k)
			break;
		end = j + 1;
	}
	return end;
}

static int min_indent(const P *p, size_t from, size_t to)
{
	int m = -1;
	for (size_t j = from; j < to; j++) {
		int ind = indent_of(p, j);
		if (ind >= 0 && (m < 0 || ind < m))
			m = ind;
	}
	return m < 0 ? 0 : m;
}

/* ---- recognizers on a line's content ----------------------------------- */

static bool is_adorn_char(char c)
{
	return c > ' ' && c < 0x7f && !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	                               (c >= 'A' && c <= 'Z'));
}

/* A line of one repeated punctuation character. */
static bool is_adornment(Str c)
{
	if (c.n == 0 || !is_adorn_char(c.p[0]))
		return false;
	for (size_t k = 1; k < c.n; k++)
		if (c.p[k] != c.p[0])
			return false;
	return true;
}

static bool is_grid_border(Str c)
{
	if (c.n < 3 || c.p[0] != '+' || c.p[c.n - 1] != '+')
		return false;
	bool dash = false;
	for (size_t k = 0; k < c.n; k++) {
		if (c.p[k] == '-' || c.p[k] == '=')
			dash = true;
		else if (c.p[k] != '+')
			return false;
	}
	return dash;
}

/* "=====  =====" (at least two columns) */
static bool is_simple_border(Str c, bool need_two)
{
	if (c.n == 0 || c.p[0] != '=')
		return false;
	int cols = 0;
	bool in = false;
	for (size_t k = 0; k < c.n; k++) {
		if (c.p[k] == '=') {
			if (!in)
				cols++;
			in = true;
		} else if (c.p[k] == ' ') {
			in = false;
		} else {
			return false;
		}
	}
	return !need_two || cols >= 2;
}

/* Bullet marker length (bytes) or 0. */
static size_t bullet_len(Str c)
{
	if (c.n >= 1 && (c.p[0] == '-' || c.p[0] == '*' || c.p[0] == '+') &&
	    (c.n == 1 || c.p[1] == ' ' || c.p[1] == '\t'))
		return 1;
	/* U+2022 bullet, U+2023, U+2043 */
	if (c.n >= 3 && (unsigned char)c.p[0] == 0xe2 &&
	    (((unsigned char)c.p[1] == 0x80 && ((unsigned char)c.p[2] == 0xa2 ||
	                                        (unsigned char)c.p[2] == 0xa3)) ||
	     ((unsigned char)c.p[1] == 0x81 && (unsigned char)c.p[2] == 0x83)) &&
	    (c.n == 3 || c.p[3] == ' '))
		return 3;
	return 0;
}

static bool is_roman(const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (!strchr("ivxlcdm", s[k]) && !strchr("IVXLCDM", s[k]))
			return false;
	return n > 0;
}

/* Enumerator length (bytes, "1." "(a)" "#)" "iv.") or 0. */
static size_t enum_len(Str c)
{
	size_t k = 0;
	bool paren = false;
	if (c.n && c.p[0] == '(') {
		paren = true;
		k = 1;
	}
	size_t s = k;
	while (k < c.n && c.p[k] >= '0' && c.p[k] <= '9' && k - s < 9)
		k++;
	if (k == s) {
		if (k < c.n && c.p[k] == '#') {
			k++;
		} else {
			size_t e = k;
			while (e < c.n && ((c.p[e] >= 'a' && c.p[e] <= 'z') || (c.p[e] >= 'A' && c.p[e] <= 'Z')))
				e++;
			if (e - s == 1 || (e - s <= 6 && is_roman(c.p + s, e - s)))
				k = e;
			else
				return 0;
		}
	}
	if (k >= c.n)
		return 0;
	if (paren ? c.p[k] != ')' : (c.p[k] != '.' && c.p[k] != ')'))
		return 0;
	k++;
	if (k < c.n && c.p[k] != ' ' && c.p[k] != '\t')
		return 0;
	return k;
}

/* Field marker ":name:" length (bytes) or 0; *name gets the name. */
static size_t field_len(Str c, Str *name)
{
	if (c.n < 3 || c.p[0] != ':' || c.p[1] == ' ' || c.p[1] == ':')
		return 0;
	for (size_t k = 2; k < c.n; k++) {
		if (c.p[k] == '`')
			return 0;
		if (c.p[k] == ':') {
			if (c.p[k - 1] == ' ' || c.p[k - 1] == '\\')
				return 0;
			if (k + 1 < c.n && c.p[k + 1] != ' ' && c.p[k + 1] != '\t')
				return 0;
			*name = (Str){c.p + 1, k - 1};
			return k + 1;
		}
	}
	return 0;
}

/* ".. name:: arg": the name (no blanks, ends at the first "::" followed by
 * a blank or the end). */
static bool directive_name(Str c, Str *name, Str *arg)
{
	if (c.n < 5 || memcmp(c.p, ".. ", 3) != 0)
		return false;
	size_t s = 3;
	while (s < c.n && c.p[s] == ' ')
		s++;
	if (s >= c.n || c.p[s] == '_' || c.p[s] == '|' || c.p[s] == '[' || c.p[s] == ':')
		return false;
	for (size_t k = s; k + 1 < c.n; k++) {
		if (c.p[k] == ' ' || c.p[k] == '\t')
			return false;
		if (c.p[k] == ':' && c.p[k + 1] == ':' && k > s &&
		    (k + 2 == c.n || c.p[k + 2] == ' ' || c.p[k + 2] == '\t')) {
			*name = (Str){c.p + s, k - s};
			*arg = str_trim((Str){c.p + k + 2, c.n - k - 2});
			return true;
		}
	}
	return false;
}

static bool in_list(Str name, const char *const *list)
{
	for (; *list; list++)
		if (str_eq_cstr(name, *list))
			return true;
	return false;
}

/* Directives whose content is literal text (code, markup, data). */
static const char *const literal_directives[] = {
	"code-block", "code", "sourcecode", "parsed-literal", "math", "raw", "doctest",
	"testcode", "testoutput", "testsetup", "testcleanup", "ipython", "jupyter-execute",
	"code-cell", "graphviz", "digraph", "mermaid", "csv-table", "toctree", "autosummary",
	"highlight", "literalinclude", "productionlist", "prompt", NULL,
};

/* Directives without arguments: text right after the options is content. */
static const char *const content_directives[] = {
	"note", "warning", "tip", "important", "attention", "caution", "danger", "error",
	"hint", "seealso", "todo", "container", "compound", "epigraph", "highlights",
	"pull-quote", "line-block", NULL,
};

/* ---- the reader -------------------------------------------------------- */

static void body(P *p, size_t from, size_t to, int base, int depth, int parent, bool titles);

void rst_block_set_name(Block *b, Str name)
{
	BUG_ON(name.n > UINT32_MAX);
	b->name_p = name.p;
	b->name_n = (uint32_t)name.n;
	b->arg_off = b->arg_n = 0;
}

void rst_block_set_arg(Block *b, Str arg)
{
	if (!arg.n) {
		b->arg_off = b->arg_n = 0;
		return;
	}
	BUG_ON(!b->name_p || arg.p < b->name_p || (size_t)(arg.p - b->name_p) > UINT32_MAX ||
	       arg.n > UINT32_MAX);
	b->arg_off = (uint32_t)(arg.p - b->name_p);
	b->arg_n = (uint32_t)arg.n;
}

static void set_bullet(Block *b, Str m)
{
	size_t n = MIN(m.n, sizeof(b->bullet) - 1);
	memcpy(b->bullet, m.p, n);
	b->bullet[n] = '\0';
}

/* A list item, field or footnote at line i: marker of mlen bytes after the
 * content start.  Reads its body; returns the line after it. */
static size_t item(P *p, size_t i, size_t to, int depth, int parent, BlockKind kind, size_t mlen,
                   Str name)
{
	LineInfo li = info(p, i);
	int k = li.ind;
	Str marker = {li.c.p, mlen};
	if (str_starts_with(marker, ".. "))
		marker = str_slice(marker, 3, marker.n); /* footnote label */
	size_t e = indented_end(p, i + 1, to, k, false);
	/* The text after the marker. */
	Str line = lines_get(p->l, i);
	size_t toff = li.off + mlen;
	int tcol = k + (int)mlen;
	while (toff < line.n && is_ws(line.p[toff])) {
		tcol = line.p[toff] == '\t' ? (tcol / 8 + 1) * 8 : tcol + 1;
		toff++;
	}
	bool has_text = li.c.n > mlen && str_trim((Str){li.c.p + mlen, li.c.n - mlen}).n > 0;
	int bi = tcol;
	size_t next = i + 1;
	while (next < e && blank(p, next))
		next++;
	if (next < e) {
		int ni = indent_of(p, next);
		if (!has_text || kind == BK_FIELD)
			bi = has_text ? MIN(ni, tcol) : ni;
	}
	if (bi <= k)
		bi = k + 1;
	size_t b0 = p->d->n;
	size_t save_line = p->ov_line, save_off = p->ov_off;
	int save_ind = p->ov_ind;
	if (has_text) {
		p->ov_line = i;
		p->ov_off = toff;
		p->ov_ind = bi;
		body(p, i, e, bi, depth, parent, false);
	} else {
		body(p, i + 1, e, bi, depth, parent, false);
	}
	p->ov_line = save_line;
	p->ov_off = save_off;
	p->ov_ind = save_ind;
	/* The first paragraph is the item's text; the rest nests under it. */
	if (b0 < p->d->n && p->d->v[b0].kind == BK_PARAGRAPH &&
	    (p->d->v[b0].first == i || !has_text)) {
		Block *b = &p->d->v[b0];
		b->kind = kind;
		b->indent = bi;
		if (kind == BK_FIELD)
			rst_block_set_name(b, name);
		else
			set_bullet(b, marker);
		if (b->first == i)
			b->first_off = (uint32_t)toff;
		for (size_t x = b0 + 1; x < p->d->n; x++) {
			p->d->v[x].depth++;
			if (p->d->v[x].parent == parent)
				p->d->v[x].parent = (int)b0;
		}
	} else if (b0 == p->d->n) {
		/* A marker with no text at all: the marker line is the item. */
		size_t x = push(p, kind, i, i, k, depth, parent);
		if (kind == BK_FIELD)
			rst_block_set_name(&p->d->v[x], name);
		else
			set_bullet(&p->d->v[x], marker);
	}
	return e > i + 1 ? e : i + 1;
}

static size_t directive(P *p, size_t i, size_t to, int depth, int parent, Str name, Str arg)
{
	LineInfo li = info(p, i);
	int k = li.ind;
	bool args = !in_list(name, content_directives) || arg.n > 0;
	/* Header: argument continuation and option lines before a blank. */
	size_t h = i + 1;
	int opt_ind = -1;
	while (h < to) {
		LineInfo hi = info(p, h);
		if (hi.ind <= k)
			break;
		Str fname;
		if (field_len(hi.c, &fname)) {
			opt_ind = hi.ind;
		} else if (opt_ind >= 0 ? hi.ind <= opt_ind : !args) {
			break;
		}
		h++;
	}
	size_t x = push(p, BK_DIRECTIVE, i, h - 1, k, depth, parent);
	rst_block_set_name(&p->d->v[x], name);
	rst_block_set_arg(&p->d->v[x], arg);
	size_t e = indented_end(p, h, to, k, false);
	size_t q = h;
	while (q < e && blank(p, q))
		q++;
	if (q < e) {
		if (in_list(name, literal_directives)) {
			size_t y = push(p, BK_LITERAL, q, e - 1, min_indent(p, q, e), depth + 1, (int)x);
			rst_block_set_name(&p->d->v[y], name);
		} else {
			body(p, q, e, min_indent(p, q, e), depth + 1, (int)x, false);
		}
	}
	return e > h ? e : h;
}

/* Explicit markup at line i (content starts with ".."); returns the next line. */
static size_t explicit(P *p, size_t i, size_t to, int depth, int parent)
{
	LineInfo li = info(p, i);
	Str c = li.c;
	int k = li.ind;
	Str name, arg;
	if (c.n >= 4 && memcmp(c.p, ".. _", 4) == 0) {
		size_t e = indented_end(p, i + 1, to, k, true);
		size_t x = push(p, BK_TARGET, i, e > i + 1 ? e - 1 : i, k, depth, parent);
		(void)x;
		return e > i + 1 ? e : i + 1;
	}
	if (c.n >= 4 && memcmp(c.p, ".. |", 4) == 0) {
		size_t e = indented_end(p, i + 1, to, k, false);
		size_t x = push(p, BK_SUBSTITUTION, i, e > i + 1 ? e - 1 : i, k, depth, parent);
		const char *bar = memchr(c.p + 4, '|', c.n - 4);
		if (bar)
			rst_block_set_name(&p->d->v[x], (Str){c.p + 4, (size_t)(bar - (c.p + 4))});
		return e > i + 1 ? e : i + 1;
	}
	if (c.n >= 4 && memcmp(c.p, ".. [", 4) == 0) {
		const char *rb = memchr(c.p + 4, ']', c.n - 4);
		if (rb && (rb + 1 == c.p + c.n || rb[1] == ' '))
			return item(p, i, to, depth, parent, BK_LIST_ITEM, (size_t)(rb + 1 - c.p),
			            (Str){NULL, 0});
	}
	if (directive_name(c, &name, &arg))
		return directive(p, i, to, depth, parent, name, arg);
	/* A comment: ".." alone and then a blank line is an empty comment. */
	if (c.n == 2 && (i + 1 >= to || blank(p, i + 1))) {
		push(p, BK_COMMENT, i, i, k, depth, parent);
		return i + 1;
	}
	size_t e = indented_end(p, i + 1, to, k, false);
	push(p, BK_COMMENT, i, e > i + 1 ? e - 1 : i, k, depth, parent);
	return e > i + 1 ? e : i + 1;
}

static void title(P *p, size_t first, size_t last, size_t text_line, char ch, bool over,
                  int depth, int parent)
{
	size_t x = push(p, BK_TITLE, first, last, 0, depth, parent);
	Block *b = &p->d->v[x];
	b->text_line = (uint32_t)text_line;
	b->adornment = (unsigned char)ch; /* printable ASCII (is_adorn_char) */
	b->overline = over;
	b->indent = info(p, text_line).ind;
}

/* Title or transition at line i (top level only); returns the next line or
 * i when there is none. */
static size_t title_at(P *p, size_t i, size_t from, size_t to, int depth, int parent)
{
	LineInfo li = info(p, i);
	if (is_adornment(li.c)) {
		/* overline, text, underline */
		if (i + 2 < to && li.ind == 0) {
			LineInfo t = info(p, i + 1), u = info(p, i + 2);
			if (t.ind >= 0 && !is_adornment(t.c) && u.ind == 0 && is_adornment(u.c) &&
			    u.c.p[0] == li.c.p[0]) {
				title(p, i, i + 2, i + 1, li.c.p[0], true, depth, parent);
				return i + 3;
			}
		}
		if (li.c.n >= 4 && (i + 1 >= to || blank(p, i + 1)) && (i == from || blank(p, i - 1))) {
			push(p, BK_TRANSITION, i, i, li.ind, depth, parent);
			return i + 1;
		}
		return i;
	}
	/* After a blank line, or right after another title's underline (the
	 * title ends its construct; docutils reads the next title there). */
	bool after_title = p->d->n && p->d->v[p->d->n - 1].kind == BK_TITLE &&
	                   p->d->v[p->d->n - 1].last + 1 == i;
	if (li.ind != 0 || i + 1 >= to || (i > from && !blank(p, i - 1) && !after_title))
		return i;
	LineInfo u = info(p, i + 1);
	if (u.ind != 0 || !is_adornment(u.c))
		return i;
	if (u.c.n < 4 && (int)u.c.n < text_width(li.c.p, li.c.n))
		return i;
	title(p, i, i + 1, i, u.c.p[0], false, depth, parent);
	return i + 2;
}

/* Simple table from its top border at line i; returns the line after it. */
static size_t simple_table(P *p, size_t i, size_t to)
{
	size_t first_blank = to;
	for (size_t j = i + 1; j < to; j++) {
		LineInfo lj = info(p, j);
		if (lj.ind < 0) {
			if (first_blank == to)
				first_blank = j;
			continue;
		}
		if (is_simple_border(lj.c, false) && (j + 1 >= to || blank(p, j + 1)))
			return j + 1;
	}
	return first_blank;
}

/* Too deep: every run of non-blank lines is a paragraph. */
static void flat(P *p, size_t from, size_t to, int base, int depth, int parent)
{
	size_t i = from;
	while (i < to) {
		if (blank(p, i)) {
			i++;
			continue;
		}
		size_t e = i + 1;
		while (e < to && !blank(p, e))
			e++;
		push(p, BK_PARAGRAPH, i, e - 1, base, depth, parent);
		i = e;
	}
}

static void body_at(P *p, size_t from, size_t to, int base, int depth, int parent, bool titles);

static void body(P *p, size_t from, size_t to, int base, int depth, int parent, bool titles)
{
	if (p->nest >= RST_MAX_NEST) {
		flat(p, from, to, base, depth, parent);
		return;
	}
	p->nest++;
	body_at(p, from, to, base, depth, parent, titles);
	p->nest--;
}

/* The end of the run of non-blank lines from i + 1. */
static size_t nonblank_end(P *p, size_t i, size_t to)
{
	size_t e = i + 1;
	while (e < to && !blank(p, e))
		e++;
	return e;
}

/* Explicit markup, targets, tables, line blocks and doctest blocks at
 * line i (indentation k): true with *next the line after the
 * block pushed, false when line i starts none of them. */
static bool markup_at(P *p, size_t i, size_t to, int k, int depth, int parent, size_t *next)
{
	Str c = info(p, i).c;
	size_t e;
	if (c.n >= 2 && c.p[0] == '.' && c.p[1] == '.' && (c.n == 2 || c.p[2] == ' ')) {
		*next = explicit(p, i, to, depth, parent);
	} else if (c.n >= 2 && c.p[0] == '_' && c.p[1] == '_' && (c.n == 2 || c.p[2] == ' ')) {
		e = indented_end(p, i + 1, to, k, true);
		push(p, BK_TARGET, i, e > i + 1 ? e - 1 : i, k, depth, parent);
		*next = e > i + 1 ? e : i + 1;
	} else if (is_grid_border(c)) {
		e = nonblank_end(p, i, to);
		push(p, BK_TABLE, i, e - 1, k, depth, parent);
		*next = e;
	} else if (is_simple_border(c, true)) {
		e = simple_table(p, i, to);
		if (e <= i)
			e = i + 1;
		push(p, BK_TABLE, i, e - 1, k, depth, parent);
		*next = e;
	} else if (c.p[0] == '|' && (c.n == 1 || c.p[1] == ' ')) {
		e = nonblank_end(p, i, to);
		push(p, BK_OTHER, i, e - 1, k, depth, parent);
		*next = e;
	} else if (c.n >= 3 && memcmp(c.p, ">>>", 3) == 0 && (c.n == 3 || c.p[3] == ' ')) {
		e = nonblank_end(p, i, to);
		size_t x = push(p, BK_LITERAL, i, e - 1, k, depth, parent);
		rst_block_set_name(&p->d->v[x], STR_LIT(">>>"));
		*next = e;
	} else {
		return false;
	}
	return true;
}

/* Bullet, enumerated and field list items and definition list terms at
 * line i: as markup_at. */
static bool list_at(P *p, size_t i, size_t to, int k, int depth, int parent, size_t *next)
{
	Str c = info(p, i).c;
	size_t m;
	Str fname = {NULL, 0};
	if ((m = bullet_len(c)) != 0) {
		*next = item(p, i, to, depth, parent, BK_LIST_ITEM, m, fname);
		return true;
	}
	if ((m = enum_len(c)) != 0) {
		/* docutils: the next line must be blank, indented, or
		 * another item; else this is ordinary text. */
		bool ok = i + 1 >= to;
		if (!ok) {
			LineInfo nx = info(p, i + 1);
			ok = nx.ind < 0 || nx.ind > k || enum_len(nx.c) != 0;
		}
		if (ok) {
			*next = item(p, i, to, depth, parent, BK_LIST_ITEM, m, fname);
			return true;
		}
	}
	if ((m = field_len(c, &fname)) != 0) {
		*next = item(p, i, to, depth, parent, BK_FIELD, m, fname);
		return true;
	}
	/* Definition list term: one line followed by indented lines. */
	if (i + 1 < to && indent_of(p, i + 1) > k) {
		size_t x = push(p, BK_LIST_ITEM, i, i, k, depth, parent);
		size_t e = indented_end(p, i + 1, to, k, false);
		body(p, i + 1, e, min_indent(p, i + 1, e), depth + 1, (int)x, false);
		*next = e;
		return true;
	}
	return false;
}

/* A paragraph at line i: lines until a blank or more indentation, and
 * the literal block after a closing "::".  Returns the next line. */
static size_t paragraph_at(P *p, size_t i, size_t to, int k, int depth, int parent)
{
	size_t e = i + 1;
	while (e < to) {
		int ind = indent_of(p, e);
		if (ind < 0 || ind > k)
			break;
		e++;
	}
	push(p, BK_PARAGRAPH, i, e - 1, k, depth, parent);
	Str lastc = info(p, e - 1).c;
	if (lastc.n >= 2 && lastc.p[lastc.n - 1] == ':' && lastc.p[lastc.n - 2] == ':') {
		size_t q = e;
		while (q < to && blank(p, q))
			q++;
		if (q < to && indent_of(p, q) > k) {
			size_t le = indented_end(p, q, to, k, false);
			size_t x = push(p, BK_LITERAL, q, le - 1, min_indent(p, q, le), depth, parent);
			rst_block_set_name(&p->d->v[x], STR_LIT("::"));
			return le;
		}
	}
	return e;
}

static void body_at(P *p, size_t from, size_t to, int base, int depth, int parent, bool titles)
{
	size_t i = from;
	while (i < to) {
		LineInfo li = info(p, i);
		if (li.ind < 0) {
			i++;
			continue;
		}
		if (li.ind > base) {
			/* A block quote: its own body, same parent. */
			size_t e = indented_end(p, i + 1, to, base, false);
			body(p, i, e, min_indent(p, i, e), depth, parent, false);
			i = e;
			continue;
		}
		int k = li.ind < base ? base : li.ind;
		if (titles) {
			size_t n = title_at(p, i, from, to, depth, parent);
			if (n != i) {
				i = n;
				continue;
			}
		}
		size_t next;
		if (markup_at(p, i, to, k, depth, parent, &next) ||
		    list_at(p, i, to, k, depth, parent, &next))
			i = next;
		else
			i = paragraph_at(p, i, to, k, depth, parent);
	}
}

/* Title levels: adornment styles in order of first appearance, continuing
 * the styles of blocks [0, start). */
static void assign_levels(RstDoc *d, size_t start)
{
	int styles[64];
	_Static_assert(ARRAY_LEN(styles) < 128, "a level fits Block.title_level");
	int n = 0;
	for (size_t x = 0; x < d->n; x++) {
		Block *b = &d->v[x];
		if (b->kind != BK_TITLE)
			continue;
		int key = (unsigned char)b->adornment | (b->overline ? 256 : 0);
		int lv = 0;
		for (int s = 0; s < n; s++)
			if (styles[s] == key)
				lv = s + 1;
		if (!lv) {
			if (n < (int)ARRAY_LEN(styles))
				styles[n++] = key;
			lv = n;
		}
		if (x >= start)
			b->title_level = (unsigned char)lv;
	}
}

void rst_init(RstDoc *d)
{
	memset(d, 0, sizeof(*d));
}

void rst_release(RstDoc *d)
{
	VEC_FREE(d);
}

void rst_segment_range(const Lines *lines, size_t from, size_t to, RstDoc *d)
{
	if (to > lines->n)
		to = lines->n;
	size_t start = d->n;
	P p = {lines, d, SIZE_MAX, 0, 0, 0, from, NULL};
	if (from < to) {
		/* Each line's indentation is computed once: nested constructs
		 * look at the same lines again. */
		LineMemo *cache = xmalloc((to - from) * sizeof(LineMemo));
		xprefault(cache, (to - from) * sizeof(LineMemo)); /* written whole below */
		size_t starts = 0; /* lines after a blank one (or the first) */
		bool after_blank = true;
		for (size_t i = from; i < to; i++) {
			LineInfo li = scan(&p, i);
			bool fits = li.off < UINT32_MAX && li.c.n < UINT32_MAX;
			cache[i - from] = (LineMemo){li.ind, fits ? (uint32_t)li.off : UINT32_MAX,
			                             (uint32_t)li.c.n};
			starts += after_blank && li.ind >= 0;
			after_blank = li.ind < 0;
		}
		/* the blocks in one allocation, not doubled (copies and fresh
		 * pages): about 1.3 a start in the generated and real
		 * documents (list items, titles, directives' bodies); what is
		 * not used is never touched, and callers cut it (VEC_FIT); a
		 * table refilled after a fit (a whole re-segmentation) keeps its
		 * room and grows as it must, not doubled at once */
		if (!d->cap)
			VEC_RESERVE(d, 2 * starts + 16);
		p.cache = cache;
		body(&p, from, to, 0, 0, -1, true);
		free(cache);
	}
	assign_levels(d, start);
}

void rst_segment(const Lines *lines, RstDoc *d)
{
	d->n = 0;
	rst_segment_range(lines, 0, lines->n, d);
}

bool rst_is_cut(const Lines *lines, size_t k)
{
	if (k == 0 || k >= lines->n)
		return true;
	Str prev = str_trim(lines_get(lines, k - 1)), cur = lines_get(lines, k);
	return prev.n == 0 && cur.n > 0 && !is_ws(cur.p[0]);
}

size_t rst_find(const RstDoc *d, size_t line)
{
	size_t lo = 0, hi = d->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->v[mid].last < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Append s minus up to `cols` columns of leading blanks, trailing blanks
 * dropped. */
static void add_line(Buf *out, Str s, int cols)
{
	size_t k = 0;
	int col = 0;
	while (k < s.n && col < cols && (s.p[k] == ' ' || s.p[k] == '\t')) {
		col = s.p[k] == '\t' ? (col / 8 + 1) * 8 : col + 1;
		k++;
	}
	buf_addstr(out, str_trim_right((Str){s.p + k, s.n - k}));
}

void rst_block_text(const Lines *lines, const Block *b, Buf *out)
{
	if (b->kind == BK_TITLE) {
		buf_addstr(out, str_trim(lines_get(lines, b->text_line)));
		return;
	}
	for (size_t i = b->first; i <= b->last && i < lines->n; i++) {
		Str s = lines_get(lines, i);
		if (i > b->first)
			buf_addc(out, '\n');
		if (i == b->first) {
			size_t off = MIN(b->first_off, s.n);
			buf_addstr(out, str_trim_right((Str){s.p + off, s.n - off}));
		} else {
			add_line(out, s, b->indent);
		}
	}
}

/* One block of rst_move_blocks: its fields read first, then the block
 * copied and the moved fields stored over the copy (a copy built on the
 * stack and changed there costs a stalled store a block).  to and from are
 * the same block or different ones (never parts of each other).  The line
 * numbers wrap as 32-bit numbers: adding (uint32_t)delta is adding delta
 * to a number that stays in range. */
static inline void move_block(Block *to, const Block *from, uint32_t dl, int parent_from,
                              int32_t dn)
{
	uint32_t first = from->first + dl, last = from->last + dl, text = from->text_line + dl;
	int32_t parent = from->parent;
	parent += parent >= parent_from ? dn : 0;
	if (to != from)
		*to = *from;
	to->first = first;
	to->last = last;
	to->text_line = text;
	to->parent = parent;
}

void rst_move_blocks(Block *dst, const Block *src, size_t n, long delta, int parent_from, long dn)
{
	if (!n)
		return;
	BUG_ON((int64_t)src[0].first + delta < 0 ||
	       (int64_t)src[n - 1].last + delta >= (int64_t)LINES_MAX_LINES);
	if (!delta && !dn) {
		if (dst != src)
			memmove(dst, src, n * sizeof(Block));
		return;
	}
	uint32_t dl = (uint32_t)delta;
	int32_t dp = (int32_t)dn;
	if (dst == src && !dn) { /* a key inside a paragraph: the lines only */
		for (size_t i = 0; i < n; i++) {
			dst[i].first += dl;
			dst[i].last += dl;
			dst[i].text_line += dl;
		}
		return;
	}
	if (dst <= src) {
		for (size_t i = 0; i < n; i++)
			move_block(&dst[i], &src[i], dl, parent_from, dp);
	} else {
		for (size_t i = n; i-- > 0;)
			move_block(&dst[i], &src[i], dl, parent_from, dp);
	}
}

const char *rst_kind_name(BlockKind k)
{
	static const char *const names[BK_COUNT] = {
		[BK_TITLE] = "title", [BK_PARAGRAPH] = "paragraph", [BK_LIST_ITEM] = "list-item",
		[BK_LITERAL] = "literal", [BK_DIRECTIVE] = "directive", [BK_TABLE] = "table",
		[BK_COMMENT] = "comment", [BK_TARGET] = "target", [BK_SUBSTITUTION] = "substitution",
		[BK_FIELD] = "field", [BK_TRANSITION] = "transition", [BK_OTHER] = "other",
	};
	return (unsigned)k < BK_COUNT ? names[k] : "other";
}

bool rst_kind_is_prose(BlockKind k)
{
	return k == BK_TITLE || k == BK_PARAGRAPH || k == BK_LIST_ITEM || k == BK_FIELD;
}

bool rst_check(const RstDoc *d, const Lines *lines, Err *e)
{
	for (size_t x = 0; x < d->n; x++) {
		const Block *b = &d->v[x];
		if ((unsigned)b->kind >= BK_COUNT)
			return err_set(e, EXIT_DATAERR, "block %zu: bad kind %d", x, (int)b->kind);
		if (b->first > b->last || b->last >= lines->n)
			return err_set(e, EXIT_DATAERR, "block %zu: bad range %zu..%zu of %zu lines", x,
			               (size_t)b->first, (size_t)b->last, lines->n);
		if (x > 0 && d->v[x - 1].last >= b->first)
			return err_set(e, EXIT_DATAERR, "block %zu (line %zu) overlaps or precedes block %zu",
			               x, (size_t)b->first + 1, x - 1);
		if (b->text_line < b->first || b->text_line > b->last)
			return err_set(e, EXIT_DATAERR, "block %zu: text line outside", x);
		if (b->parent >= (int)x || b->parent < -1)
			return err_set(e, EXIT_DATAERR, "block %zu: parent %d not before it", x, b->parent);
		int pd = b->parent < 0 ? -1 : d->v[b->parent].depth;
		if (b->depth != pd + 1)
			return err_set(e, EXIT_DATAERR, "block %zu: depth %d under parent depth %d", x,
			               b->depth, pd);
		if (b->first_off > lines_get(lines, b->first).n)
			return err_set(e, EXIT_DATAERR, "block %zu: text offset past the line", x);
		for (size_t i = b->first; i <= b->last; i++)
			if (i == b->first || i == b->last) {
				Str s = str_trim(lines_get(lines, i));
				if (!s.n)
					return err_set(e, EXIT_DATAERR, "block %zu: blank line %zu at an end", x,
					               i + 1);
			}
		if ((b->kind == BK_TITLE) != (b->title_level > 0))
			return err_set(e, EXIT_DATAERR, "block %zu: title level %d for a %s", x,
			               b->title_level, rst_kind_name(b->kind));
	}
	return true;
}
