/*
 * Host formats: Markdown (see include/yeok/host.h, "Markdown").
 *
 * The block structure is cmark-gfm's (GitHub's CommonMark, with its table
 * extension): the file's lines are given to the parser as they are (a
 * lone CR or a NUL byte inside a line is a blank for the parser, so that
 * its lines and byte columns are the file's), and every leaf of its tree
 * becomes one yeok Block with the file's line numbers.  Before the parser:
 * the YAML front matter.  After it: the doc-builder containers (`<Tip>`,
 * `<frameworkcontent>`, `<pt>`...) that CommonMark reads as HTML blocks
 * are split into their tag lines (directives whose content nests under
 * them) and their content, read again as Markdown; link reference
 * definitions, which the parser consumes without a node, become targets.
 *
 * cmark-gfm is used here only (tests/layering.sh).
 */
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <pthread.h>

#include "host-private.h"
#include "yeok/util.h"

/* ---- the parser ----------------------------------------------------------- */

static pthread_once_t ext_once = PTHREAD_ONCE_INIT;

static void ext_register(void)
{
	cmark_gfm_core_extensions_ensure_registered();
}

static cmark_node *md_parse(const char *s, size_t n, bool table)
{
	pthread_once(&ext_once, ext_register);
	cmark_parser *p = cmark_parser_new(CMARK_OPT_DEFAULT);
	if (!p)
		fatal("cmark-gfm: out of memory");
	if (table) {
		cmark_syntax_extension *t = cmark_find_syntax_extension("table");
		if (t)
			cmark_parser_attach_syntax_extension(p, t);
	}
	cmark_parser_feed(p, s, n);
	cmark_node *d = cmark_parser_finish(p);
	cmark_parser_free(p);
	if (!d)
		fatal("cmark-gfm: out of memory");
	return d;
}

/* Lines [from, to) of l as the parser reads them: '\n' between lines, a
 * CR or NUL inside a line a blank (same bytes, same columns). */
static void parser_text(const Lines *l, size_t from, size_t to, Buf *out)
{
	for (size_t i = from; i < to; i++) {
		Str s = lines_get(l, i);
		size_t at = out->len;
		buf_add(out, s.p, s.n);
		for (size_t k = at; k < out->len; k++)
			if (out->p[k] == '\r' || out->p[k] == '\0')
				out->p[k] = ' ';
		buf_addc(out, '\n');
	}
	if (!out->p)
		buf_grow(out, 1);
}

/* ---- the reader ------------------------------------------------------------- */

/* The deepest nesting a Markdown block gets (its depth): containers deeper
 * than this lend their blocks to the container above. */
#define MD_MAX_DEPTH 64

typedef struct Md {
	HostDoc *h;
	const Lines *l;
	size_t floor;        /* the first line a new block may start on (blocks
	                        never overlap) */
	size_t gap;          /* lines before it that were looked at for targets */
	int open[MD_MAX_DEPTH]; /* open doc-builder containers (block indexes) */
	char open_name[MD_MAX_DEPTH][24];
	int nopen;
} Md;

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\0';
}

static Str line_of(const Md *m, size_t i)
{
	return lines_get(m->l, i);
}

static bool blank_line(const Md *m, size_t i)
{
	Str s = line_of(m, i);
	for (size_t k = 0; k < s.n; k++)
		if (!is_blank(s.p[k]))
			return false;
	return true;
}

/* Display column of byte off of s (tabs to multiples of 4, CommonMark's
 * tab stop). */
static int column_of(Str s, size_t off)
{
	int col = 0;
	for (size_t k = 0; k < off && k < s.n; k++)
		col = s.p[k] == '\t' ? (col / 4 + 1) * 4 : col + 1;
	return col;
}

/* The byte of the first non-blank at or after off (s.n when none). */
static size_t skip_blanks(Str s, size_t off)
{
	while (off < s.n && is_blank(s.p[off]))
		off++;
	return off;
}

/* The parent and depth a new block gets: the innermost open doc-builder
 * container when it was opened inside the tree parent, else the tree
 * parent. */
static int parent_for(const Md *m, int tree_parent)
{
	if (m->nopen && m->open[m->nopen - 1] > tree_parent)
		return m->open[m->nopen - 1];
	return tree_parent;
}

static unsigned depth_of(const Md *m, int parent)
{
	if (parent < 0)
		return 0;
	unsigned d = m->h->blocks.v[parent].depth + 1u;
	return d > RST_MAX_DEPTH ? RST_MAX_DEPTH : d;
}

static void gap_targets(Md *m, size_t upto, int parent);

/* Append a block over lines [first, last] (clamped so that it starts after
 * the previous block); its index, or -1 when nothing of it is left. */
static int emit(Md *m, BlockKind kind, size_t first, size_t last, size_t first_off, int parent)
{
	if (last >= m->l->n)
		last = m->l->n ? m->l->n - 1 : 0;
	if (first < m->floor)
		first = m->floor;
	if (!m->l->n || first > last)
		return -1;
	/* blocks never end on blank lines (the parser's ends may be after
	 * them), and a blank block is none */
	while (last > first && blank_line(m, last))
		last--;
	if (blank_line(m, first) && first == last)
		return -1;
	if (blank_line(m, first)) { /* front matter with blank lines first */
		while (first < last && blank_line(m, first))
			first++;
		first_off = skip_blanks(line_of(m, first), 0);
	}
	gap_targets(m, first, parent);
	Block b;
	memset(&b, 0, sizeof(b));
	b.kind = kind;
	b.first = b.text_line = (uint32_t)first;
	b.last = (uint32_t)last;
	Str s = line_of(m, first);
	if (first_off > s.n)
		first_off = s.n;
	b.first_off = (uint32_t)first_off;
	b.indent = column_of(s, first_off);
	b.parent = parent;
	b.depth = depth_of(m, parent);
	VEC_PUSH(&m->h->blocks, b);
	m->floor = last + 1;
	if (m->gap < m->floor)
		m->gap = m->floor;
	return (int)(m->h->blocks.n - 1);
}

static Block *last_block(Md *m)
{
	return &m->h->blocks.v[m->h->blocks.n - 1];
}

/* `[label]: destination` (a link reference definition, which the parser
 * keeps without a node). */
static bool refdef_line(Str s)
{
	size_t i = 0;
	while (i < s.n && i < 3 && s.p[i] == ' ')
		i++;
	if (i >= s.n || s.p[i] != '[')
		return false;
	size_t k = i + 1;
	while (k < s.n && s.p[k] != ']')
		k++;
	return k + 1 < s.n && k > i + 1 && s.p[k + 1] == ':';
}

/* Lines between the last block and line upto that the parser gave no node
 * and that are link reference definitions: targets. */
static void gap_targets(Md *m, size_t upto, int parent)
{
	while (m->gap < upto && m->gap < m->l->n) {
		size_t i = m->gap++;
		if (i < m->floor || !refdef_line(line_of(m, i)))
			continue;
		size_t e = i;
		while (e + 1 < upto && !blank_line(m, e + 1) && !refdef_line(line_of(m, e + 1)) &&
		       (line_of(m, e + 1).n && is_blank(line_of(m, e + 1).p[0])))
			e++; /* a title on the next line */
		size_t save = m->gap;
		m->gap = upto; /* no recursion from emit */
		emit(m, BK_TARGET, i, e, skip_blanks(line_of(m, i), 0), parent);
		m->gap = MAX(save, e + 1);
	}
}

/* ---- blocks that the parser reads as paragraphs or HTML ----------------- */

/* A paragraph that is only doc-builder markup (`[[autodoc]] X`,
 * `[[open-in-colab]]`) or only MDN macros (`{{Compat}}`): a directive
 * named by it (a slice of the line), kept verbatim. */
static bool markup_paragraph(const Md *m, size_t first, size_t last, size_t off, Str *name,
                             Str *arg)
{
	Str s = line_of(m, first);
	Str t = {s.p + off, s.n - off};
	t = str_trim(t);
	if (t.n >= 4 && t.p[0] == '[' && t.p[1] == '[') {
		size_t k = 2;
		while (k + 1 < t.n && !(t.p[k] == ']' && t.p[k + 1] == ']'))
			k++;
		if (k + 1 >= t.n || k == 2)
			return false;
		*name = (Str){t.p + 2, k - 2};
		Str rest = str_trim((Str){t.p + k + 2, t.n - k - 2});
		*arg = rest;
		/* `[[autodoc]] X` and its `- method` lines; a lone `[[x]]` */
		return str_eq_cstr(*name, "autodoc") || (!rest.n && first == last);
	}
	/* macros only: `{{x}}` runs separated by blanks, on every line */
	bool any = false;
	for (size_t i = first; i <= last; i++) {
		Str x = line_of(m, i);
		size_t k = i == first ? off : 0;
		for (;;) {
			k = skip_blanks(x, k);
			if (k >= x.n)
				break;
			if (k + 1 >= x.n || x.p[k] != '{' || x.p[k + 1] != '{')
				return false;
			size_t e = k + 2;
			while (e + 1 < x.n && !(x.p[e] == '}' && x.p[e + 1] == '}'))
				e++;
			if (e + 1 >= x.n)
				return false;
			if (!any) {
				size_t ne = k + 2;
				while (ne < e && x.p[ne] != '(' && !is_blank(x.p[ne]))
					ne++;
				*name = (Str){x.p + k + 2, ne - k - 2};
				*arg = (Str){NULL, 0};
			}
			any = true;
			k = e + 2;
		}
	}
	return any && name->n;
}

/* The doc-builder (MDX-like) components whose content is Markdown. */
static bool container_name(Str n)
{
	static const char *const lower[] = {"frameworkcontent", "pt", "tf", "jax", "hfoptions",
	                                    "hfoption", "details", "summary", NULL};
	if (!n.n)
		return false;
	if (n.p[0] >= 'A' && n.p[0] <= 'Z')
		return true;
	for (size_t i = 0; lower[i]; i++)
		if (str_eq_cstr(n, lower[i]))
			return true;
	return false;
}

typedef enum TagLine { TAG_NONE, TAG_OPEN, TAG_CLOSE, TAG_SELF } TagLine;

/* Is s one tag of a doc-builder component alone on its line: `<Tip>`,
 * `<Tip warning={true}>`, `</Tip>`, `<Youtube id="x"/>`?  *name, *attrs:
 * slices of s. */
static TagLine tag_line(Str s, Str *name, Str *attrs)
{
	Str t = str_trim(s);
	if (t.n < 3 || t.p[0] != '<' || t.p[t.n - 1] != '>')
		return TAG_NONE;
	size_t k = 1;
	bool close = t.p[1] == '/';
	if (close)
		k++;
	size_t ns = k;
	while (k < t.n && ((t.p[k] >= 'a' && t.p[k] <= 'z') || (t.p[k] >= 'A' && t.p[k] <= 'Z') ||
	                   (t.p[k] >= '0' && t.p[k] <= '9') || t.p[k] == '-' || t.p[k] == '_'))
		k++;
	*name = (Str){t.p + ns, k - ns};
	if (!container_name(*name) || (k < t.n && t.p[k] != '>' && t.p[k] != '/' && !is_blank(t.p[k])))
		return TAG_NONE;
	for (size_t i = k; i + 1 < t.n; i++)
		if (t.p[i] == '<' || t.p[i] == '>')
			return TAG_NONE; /* more than one tag on the line */
	if (close)
		return k + 1 == t.n ? TAG_CLOSE : TAG_NONE;
	bool self = t.n >= 2 && t.p[t.n - 2] == '/';
	size_t ae = t.n - 1 - (self ? 1 : 0);
	*attrs = str_trim((Str){t.p + k, ae > k ? ae - k : 0});
	return self ? TAG_SELF : TAG_OPEN;
}

static void set_name(Block *b, Str name, Str arg)
{
	if (!name.n)
		return;
	rst_block_set_name(b, name);
	if (arg.n && arg.p > name.p)
		rst_block_set_arg(b, arg);
}

static void read_lines(Md *m, size_t from, size_t to, int parent, int level);

/* An HTML comment: `<!--` first. */
static bool comment_block(Str s)
{
	Str t = str_trim(s);
	return t.n >= 4 && memcmp(t.p, "<!--", 4) == 0;
}

/* HTML block lines [first, last]: its doc-builder tag lines become
 * directives (content nests under an open tag until its closing tag), the
 * runs of other lines between them are read again as Markdown; a block
 * without tag lines is one BK_OTHER ("html") or BK_COMMENT. */
static void html_block(Md *m, size_t first, size_t last, int tree_parent, int level)
{
	bool tags = false;
	for (size_t i = first; i <= last && !tags; i++) {
		Str n, a = {NULL, 0};
		tags = tag_line(line_of(m, i), &n, &a) != TAG_NONE;
	}
	if (!tags || level > 8) {
		static const char html[] = "html";
		bool comment = comment_block(line_of(m, first));
		Str s = line_of(m, first);
		int b = emit(m, comment ? BK_COMMENT : BK_OTHER, first, last, skip_blanks(s, 0),
		             parent_for(m, tree_parent));
		if (b >= 0 && !comment)
			set_name(last_block(m), (Str){html, 4}, (Str){NULL, 0});
		return;
	}
	size_t run = first;
	for (size_t i = first; i <= last + 1; i++) {
		Str n = {NULL, 0}, a = {NULL, 0};
		TagLine t = i <= last ? tag_line(line_of(m, i), &n, &a) : TAG_NONE;
		if (i <= last && t == TAG_NONE)
			continue;
		if (run < i)
			read_lines(m, run, i, tree_parent, level + 1);
		run = i + 1;
		if (i > last)
			break;
		if (t == TAG_CLOSE) {
			/* close the innermost open container of that name */
			for (int k = m->nopen - 1; k >= 0; k--) {
				if (str_eq_cstr(n, m->open_name[k])) {
					m->nopen = k;
					break;
				}
			}
			continue;
		}
		Str s = line_of(m, i);
		int b = emit(m, BK_DIRECTIVE, i, i, skip_blanks(s, 0), parent_for(m, tree_parent));
		if (b < 0)
			continue;
		set_name(last_block(m), n, a);
		if (t == TAG_OPEN && m->nopen < MD_MAX_DEPTH && n.n < sizeof(m->open_name[0])) {
			m->open[m->nopen] = b;
			memcpy(m->open_name[m->nopen], n.p, n.n);
			m->open_name[m->nopen][n.n] = '\0';
			m->nopen++;
		}
	}
}

/* ---- the tree --------------------------------------------------------------- */

typedef struct Pos {
	size_t first, last; /* file lines */
	size_t off;         /* byte of the start on the first line */
} Pos;

/* A node's lines in the file (the parser counts from line `base`). */
static Pos pos_of(const Md *m, cmark_node *x, size_t base, size_t to)
{
	Pos p;
	int sl = cmark_node_get_start_line(x), el = cmark_node_get_end_line(x);
	int sc = cmark_node_get_start_column(x);
	p.first = base + (size_t)(sl > 0 ? sl - 1 : 0);
	p.last = el >= sl ? base + (size_t)(el > 0 ? el - 1 : 0) : p.first;
	if (p.last >= to)
		p.last = to ? to - 1 : 0;
	if (p.first > p.last)
		p.first = p.last;
	p.off = sc > 0 ? (size_t)(sc - 1) : 0;
	if (p.first < m->l->n && p.off > line_of(m, p.first).n)
		p.off = line_of(m, p.first).n;
	return p;
}

/* The last non-blank line of [first, to) before the first blank line after
 * first (an HTML block's end when the parser's end is before its start). */
static size_t until_blank(const Md *m, size_t first, size_t to)
{
	size_t e = first;
	while (e + 1 < to && !blank_line(m, e + 1))
		e++;
	return e;
}

/* The list marker at byte off of s ("-", "*", "+", "1.", "2)"), into b. */
static void item_bullet(Block *b, Str s, size_t off)
{
	size_t k = skip_blanks(s, off), e = k;
	while (e < s.n && e - k < sizeof(b->bullet) - 1 && !is_blank(s.p[e]))
		e++;
	memset(b->bullet, 0, sizeof(b->bullet));
	if (e > k)
		memcpy(b->bullet, s.p + k, e - k);
}

/* The last line of the HTML block that starts on line first, before line
 * to (CommonMark 4.6: a comment ends with the line holding `-->`, the
 * kinds this reader meets otherwise at a blank line). */
static size_t html_end(const Md *m, size_t first, size_t to)
{
	Str s = str_trim(line_of(m, first));
	if (s.n >= 4 && memcmp(s.p, "<!--", 4) == 0) {
		for (size_t i = first; i < to; i++) {
			Str t = line_of(m, i);
			size_t from = i == first ? (size_t)(s.p - t.p) + 4 : 0;
			for (size_t k = from; k + 2 < t.n + 0 && k + 3 <= t.n; k++)
				if (t.p[k] == '-' && t.p[k + 1] == '-' && t.p[k + 2] == '>')
					return i;
		}
		return to > first ? to - 1 : first;
	}
	return until_blank(m, first, to);
}

typedef struct Walk {
	size_t base, to; /* the parsed lines: [base, to) */
	int level;       /* re-reading depth of HTML content */
	unsigned nest;   /* container nesting (bounded) */
} Walk;

static void walk_children(Md *m, cmark_node *x, int parent, const Walk *w);

/* A paragraph: a directive when it is only doc-builder markup or macros,
 * else a paragraph (or the list item's text when item >= 0: item is the
 * item's marker line and column). */
static int paragraph(Md *m, cmark_node *x, int parent, const Walk *w, const Pos *item)
{
	Pos p = pos_of(m, x, w->base, w->to);
	Str name = {NULL, 0}, arg = {NULL, 0};
	if (!item && markup_paragraph(m, p.first, p.last, p.off, &name, &arg)) {
		int b = emit(m, BK_DIRECTIVE, p.first, p.last, p.off, parent_for(m, parent));
		if (b >= 0)
			set_name(last_block(m), name, arg);
		return b;
	}
	int b = emit(m, item ? BK_LIST_ITEM : BK_PARAGRAPH, p.first, p.last, p.off,
	             parent_for(m, parent));
	if (b >= 0 && item)
		item_bullet(last_block(m), line_of(m, item->first), item->off);
	return b;
}

static void heading(Md *m, cmark_node *x, int parent, const Walk *w)
{
	Pos p = pos_of(m, x, w->base, w->to);
	int level = cmark_node_get_heading_level(x);
	if (level < 1 || level > 6)
		level = 1;
	Str s = line_of(m, p.first);
	bool atx = skip_blanks(s, 0) < s.n && s.p[skip_blanks(s, 0)] == '#';
	int b = emit(m, BK_TITLE, p.first, p.last, p.off, parent_for(m, parent));
	if (b < 0)
		return;
	Block *t = last_block(m);
	t->title_level = (unsigned)level;
	/* the style is the level: `#` and `===` are one level 1 style */
	t->adornment = (unsigned)('0' + level);
	t->overline = 0;
	(void)atx;
}

static void code_block(Md *m, cmark_node *x, int parent, const Walk *w)
{
	static const char indented[] = "indented";
	Pos p = pos_of(m, x, w->base, w->to);
	int flen = 0, foff = 0;
	char fch = 0;
	bool fenced = cmark_node_get_fenced(x, &flen, &foff, &fch) != 0;
	int b = emit(m, BK_LITERAL, p.first, p.last, p.off, parent_for(m, parent));
	if (b < 0)
		return;
	Block *c = last_block(m);
	if (!fenced) {
		set_name(c, (Str){indented, sizeof(indented) - 1}, (Str){NULL, 0});
		return;
	}
	/* name: the fence (``` or ~~~), argument: the info string's first word */
	Str s = line_of(m, c->first);
	size_t k = skip_blanks(s, 0), e = k;
	while (e < s.n && (s.p[e] == '`' || s.p[e] == '~') && s.p[e] == s.p[k])
		e++;
	if (e == k)
		return;
	size_t ia = skip_blanks(s, e), ie = ia;
	while (ie < s.n && !is_blank(s.p[ie]) && s.p[ie] != '{' && s.p[ie] != ',')
		ie++;
	set_name(c, (Str){s.p + k, e - k}, (Str){s.p + ia, ie - ia});
}

static void walk_node(Md *m, cmark_node *x, int parent, const Walk *w);

/* An item of a list: its first paragraph is the BK_LIST_ITEM, the rest
 * nests under it. */
static void item(Md *m, cmark_node *x, int parent, const Walk *w)
{
	Pos ip = pos_of(m, x, w->base, w->to);
	cmark_node *c = cmark_node_first_child(x);
	int ib = -1;
	if (c && cmark_node_get_type(c) == CMARK_NODE_PARAGRAPH) {
		ib = paragraph(m, c, parent, w, &ip);
		c = cmark_node_next(c);
	}
	Walk in = *w;
	in.nest++;
	int p = ib >= 0 ? ib : parent;
	for (; c && in.nest < MD_MAX_DEPTH; c = cmark_node_next(c))
		walk_node(m, c, p, &in);
}

static void walk_node(Md *m, cmark_node *x, int parent, const Walk *w)
{
	switch (cmark_node_get_type(x)) {
	case CMARK_NODE_PARAGRAPH:
		paragraph(m, x, parent, w, NULL);
		return;
	case CMARK_NODE_HEADING:
		heading(m, x, parent, w);
		return;
	case CMARK_NODE_CODE_BLOCK:
		code_block(m, x, parent, w);
		return;
	case CMARK_NODE_THEMATIC_BREAK: {
		Pos p = pos_of(m, x, w->base, w->to);
		emit(m, BK_TRANSITION, p.first, p.last, p.off, parent_for(m, parent));
		return;
	}
	case CMARK_NODE_HTML_BLOCK: {
		/* cmark-gfm's end of an HTML block is not always its last line
		 * (before it, or one line short): the end by the spec's rules
		 * (a comment ends on the line with `-->`, the others before a
		 * blank line), before the next block in any case */
		Pos p = pos_of(m, x, w->base, w->to);
		size_t to = w->to;
		cmark_node *nx = cmark_node_next(x);
		if (nx && cmark_node_get_start_line(nx) > 0) {
			size_t ns = w->base + (size_t)cmark_node_get_start_line(nx) - 1;
			if (ns > p.first && ns < to)
				to = ns;
		}
		p.last = html_end(m, p.first, to);
		html_block(m, p.first, p.last, parent, w->level);
		return;
	}
	case CMARK_NODE_ITEM:
		item(m, x, parent, w);
		return;
	case CMARK_NODE_BLOCK_QUOTE:
	case CMARK_NODE_LIST:
	case CMARK_NODE_DOCUMENT: {
		Walk in = *w;
		in.nest++;
		if (in.nest < MD_MAX_DEPTH)
			walk_children(m, x, parent, &in);
		return;
	}
	default:
		break;
	}
	const char *ty = cmark_node_get_type_string(x);
	if (ty && strcmp(ty, "table") == 0) {
		Pos p = pos_of(m, x, w->base, w->to);
		emit(m, BK_TABLE, p.first, p.last, p.off, parent_for(m, parent));
		return;
	}
	/* anything else with children (footnote definitions...): its blocks */
	if (cmark_node_first_child(x) && w->nest + 1 < MD_MAX_DEPTH) {
		Walk in = *w;
		in.nest++;
		walk_children(m, x, parent, &in);
	}
}

static void walk_children(Md *m, cmark_node *x, int parent, const Walk *w)
{
	if (!x)
		return;
	for (cmark_node *c = cmark_node_first_child(x); c; c = cmark_node_next(c))
		walk_node(m, c, parent, w);
}

/* Lines [from, to) as a Markdown document of their own. */
static void read_lines(Md *m, size_t from, size_t to, int parent, int level)
{
	if (from >= to)
		return;
	Buf t = BUF_INIT;
	parser_text(m->l, from, to, &t);
	cmark_node *d = md_parse(t.p, t.len, true);
	Walk w = {from, to, level, 0};
	walk_children(m, d, parent, &w);
	cmark_node_free(d);
	buf_release(&t);
}

/* ---- front matter ------------------------------------------------------------ */

/* `---` on the first line and a closing `---` (or `...`): the YAML front
 * matter; its last line, or SIZE_MAX when there is none. */
static size_t front_matter_end(const Md *m, size_t from, size_t to)
{
	if (from != 0 || to < 2 || !str_eq_cstr(str_trim_right(line_of(m, 0)), "---"))
		return SIZE_MAX;
	for (size_t i = 1; i < to; i++) {
		Str s = str_trim_right(line_of(m, i));
		if (str_eq_cstr(s, "---") || str_eq_cstr(s, "..."))
			return i;
	}
	return SIZE_MAX;
}

/* The front matter [0, end]: `title:` (its value) is a field, prose; the
 * other lines are kept ("front-matter" blocks). */
static void front_matter(Md *m, size_t end)
{
	static const char fm[] = "front-matter";
	size_t title = SIZE_MAX;
	for (size_t i = 1; i < end && title == SIZE_MAX; i++)
		if (str_starts_with(line_of(m, i), "title:"))
			title = i;
	size_t a = 0;
	if (title != SIZE_MAX) {
		if (emit(m, BK_OTHER, 0, title - 1, 0, -1) >= 0)
			set_name(last_block(m), (Str){fm, sizeof(fm) - 1}, (Str){NULL, 0});
		Str s = line_of(m, title);
		if (emit(m, BK_FIELD, title, title, skip_blanks(s, 6), -1) >= 0)
			set_name(last_block(m), (Str){s.p, 5}, (Str){NULL, 0});
		a = title + 1;
	}
	if (emit(m, BK_OTHER, a, end, 0, -1) >= 0)
		set_name(last_block(m), (Str){fm, sizeof(fm) - 1}, (Str){NULL, 0});
}

void host_md_segment_range(HostDoc *h, size_t from, size_t to)
{
	Md m;
	memset(&m, 0, sizeof(m));
	m.h = h;
	m.l = h->file;
	m.floor = m.gap = from;
	if (to > h->file->n)
		to = h->file->n;
	size_t fe = front_matter_end(&m, from, to);
	if (fe != SIZE_MAX) {
		front_matter(&m, fe);
		from = fe + 1;
	}
	read_lines(&m, from, to, -1, 0);
	gap_targets(&m, to, -1);
}

/* ---- inlines (for the checks) ------------------------------------------------ */

/* Is byte k of s escaped by an odd number of backslashes before it? */
static bool escaped(Str s, size_t k)
{
	size_t n = 0;
	while (k > n && s.p[k - n - 1] == '\\')
		n++;
	return n % 2 == 1;
}

static void push_inline(HostMdInlineVec *out, HostMdInlineKind kind, size_t line, size_t from,
                        size_t to, char c, const char *url)
{
	HostMdInline in = {kind, line, from, to, c, url ? xstrdup(url) : NULL};
	VEC_PUSH(out, in);
}

/* The delimiter runs of `*` and `_` that a text node kept as text. */
static void leftovers(Str s, size_t line, size_t from, size_t to, HostMdInlineVec *out)
{
	for (size_t k = from; k < to && k < s.n;) {
		char c = s.p[k];
		if ((c != '*' && c != '_') || escaped(s, k)) {
			k++;
			continue;
		}
		size_t e = k;
		while (e < to && e < s.n && s.p[e] == c)
			e++;
		push_inline(out, HMI_LEFTOVER, line, k, e, c, NULL);
		k = e;
	}
}

void host_md_inlines(const Lines *l, size_t first, size_t last, HostMdInlineVec *out)
{
	if (first > last || last >= l->n)
		return;
	Buf t = BUF_INIT;
	parser_text(l, first, last + 1, &t);
	cmark_node *d = md_parse(t.p, t.len, true);
	cmark_iter *it = cmark_iter_new(d);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node *x = cmark_iter_get_node(it);
		int sl = cmark_node_get_start_line(x), sc = cmark_node_get_start_column(x);
		int el = cmark_node_get_end_line(x), ec = cmark_node_get_end_column(x);
		if (sl <= 0 || sc <= 0 || first + (size_t)sl - 1 > last)
			continue;
		size_t line = first + (size_t)sl - 1;
		Str s = lines_get(l, line);
		size_t from = MIN((size_t)sc - 1, s.n);
		size_t to = el == sl && ec >= sc ? MIN((size_t)ec, s.n) : s.n;
		HostMdInlineKind kind;
		switch (cmark_node_get_type(x)) {
		case CMARK_NODE_TEXT:
			leftovers(s, line, from, to, out);
			continue;
		case CMARK_NODE_CODE:
			kind = HMI_CODE;
			break;
		case CMARK_NODE_LINK:
			kind = HMI_LINK;
			break;
		case CMARK_NODE_IMAGE:
			kind = HMI_IMAGE;
			break;
		case CMARK_NODE_STRONG:
			kind = HMI_STRONG;
			break;
		case CMARK_NODE_EMPH:
			kind = HMI_EMPH;
			break;
		case CMARK_NODE_HTML_INLINE:
			kind = HMI_HTML;
			break;
		default:
			continue;
		}
		const char *url = kind == HMI_LINK || kind == HMI_IMAGE ? cmark_node_get_url(x)
		                  : kind == HMI_CODE ? cmark_node_get_literal(x) : NULL;
		if (!url && (kind == HMI_LINK || kind == HMI_IMAGE || kind == HMI_CODE))
			url = "";
		push_inline(out, kind, line, from, to, 0, url);
	}
	cmark_iter_free(it);
	cmark_node_free(d);
	buf_release(&t);
}

void host_md_inlines_free(HostMdInlineVec *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i].url);
	VEC_FREE(v);
}
