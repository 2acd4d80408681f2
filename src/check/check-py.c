/* py-structure (DESIGN.md §3.3) and the prose checks on code comments, for
 * sphinx-gallery `.py` documents (include/yeok/host.h): what breaks the
 * build or the page when a translator edits a `.py` in place.
 *   - a code line changed (comments aside): warning; one that looks like a
 *     text line that lost its `#` (right after a text block, or Hangul
 *     outside strings and comments, which Python cannot run): error;
 *   - a separator line removed or damaged (sphinx-gallery then joins the
 *     text to the block above, or keeps it as comments in the code): error;
 *   - broken docstring quotes (not closed, text after them, gone): error.
 * The code comments of a code segment are prose: glossary, spelling and
 * untranslated run on them as on paragraphs (check_py_comments). */
#include "check-private.h"
#include "yeok/text.h"

static bool is_py(const CheckDoc *d)
{
	return d->tgt_host && d->tgt_host->fmt == HOST_PY;
}

/* ---- positions: RST text -> file ----------------------------------------- */

/* The text of a fix over several lines, each line after the first with
 * its prefix in the file (`# `) in front. */
static void fix_prefixes(const HostDoc *h, CheckFix *fx)
{
	Buf b = BUF_INIT;
	size_t line = fx->line;
	for (const char *t = fx->text; *t; t++) {
		buf_addc(&b, *t);
		if (*t == '\n') {
			line++;
			buf_add(&b, lines_get(h->file, line).p, host_line_prefix(h, line));
		}
	}
	free(fx->text);
	fx->text = buf_detach(&b);
}

void check_host_map(const CheckDoc *d, FindingVec *out, size_t from)
{
	if (!is_py(d))
		return;
	const HostDoc *h = d->tgt_host;
	for (size_t i = from; i < out->n; i++) {
		Finding *f = &out->v[i];
		if (f->line >= h->file->n)
			continue;
		/* the prefix is ASCII (`#`, blanks, quotes): one column a byte */
		size_t k = host_line_prefix(h, f->line);
		f->byte += k;
		f->col += k;
		size_t last = f->has_fix ? check_fix_last(&f->fix) : 0;
		if (f->has_fix && last < h->file->n) {
			f->fix.from += host_line_prefix(h, f->fix.line);
			f->fix.to += host_line_prefix(h, last);
			if (last > f->fix.line) /* each later line's text gets its prefix */
				fix_prefixes(h, &f->fix);
		}
	}
}

/* ---- helpers ----------------------------------------------------------------- */

static const Block *tblk(const Unit *u, size_t k)
{
	return &u->d->tb->v[u->tgt + k];
}

static size_t first_nonblank(Str s)
{
	size_t i = 0;
	while (i < s.n && (s.p[i] == ' ' || s.p[i] == '\t'))
		i++;
	return i;
}

/* A line that a translator may have meant as a separator: 10+ `#` after
 * blanks or after `# `, or `%%` after `#` and blanks, but not one. */
static bool looks_like_separator(Str s, bool eol)
{
	if (host_is_separator(s, eol))
		return false;
	size_t i = first_nonblank(s);
	if (i >= s.n || s.p[i] != '#')
		return false;
	size_t h = 0;
	while (i + h < s.n && s.p[i + h] == '#')
		h++;
	if (h >= 10)
		return true;
	if (h == 1) {
		size_t j = i + 1;
		while (j < s.n && (s.p[j] == ' ' || s.p[j] == '\t'))
			j++;
		size_t k = 0;
		while (j + k < s.n && s.p[j + k] == '#')
			k++;
		if (k >= 10)
			return true;
		return j + 1 < s.n && s.p[j] == '%' && s.p[j + 1] == '%';
	}
	return false;
}

/* Does a source block of the unit contain exactly this line? */
static bool source_has_line(const Unit *u, Str line)
{
	for (size_t k = u->src; k < u->src + u->src_n; k++) {
		const Block *b = &u->d->sb->v[k];
		for (size_t i = b->first; i <= b->last; i++)
			if (str_eq(str_trim_right(lines_get(u->d->src, i)), str_trim_right(line)))
				return true;
	}
	return false;
}

/* ---- docstring ------------------------------------------------------------------- */

/* The docstring's findings belong to the unit of the first target block
 * at or after where the docstring opens. */
static bool holds_docstring(const Unit *u)
{
	const HostDoc *th = u->d->tgt_host;
	size_t x = th->doc.present ? rst_find(&th->blocks, th->doc.open_line) : 0;
	return u->tgt_n && x >= u->tgt && x < u->tgt + u->tgt_n;
}

static void docstring_findings(const Unit *u, FindingVec *out)
{
	const HostDoc *th = u->d->tgt_host, *sh = u->d->src_host;
	const HostDocstring *t = &th->doc;
	if (!t->present) {
		if (sh && sh->doc.present)
			finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, tblk(u, 0)->first, 0,
			            "the module docstring is gone (the source opens it with '%s' at line "
			            "%zu): sphinx-gallery needs it, and reads this text as Python",
			            sh->doc.quote, sh->doc.open_line + 1);
		return;
	}
	if (!t->closed) {
		finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, t->open_line, 0,
		            "the module docstring opened with '%s' is never closed: Python cannot read "
		            "the file (sphinx-gallery shows a SyntaxError page); end it with '%s' on a "
		            "line of its own", t->quote, t->quote);
		return;
	}
	Str cl = lines_get(th->file, t->close_line);
	size_t after = t->close_at + strlen(t->quote);
	Str rest = str_trim(str_slice(cl, MIN(after, cl.n), cl.n));
	if (rest.n && rest.p[0] != '#' && rest.p[0] != ';')
		finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, t->close_line, 0,
		            "'%.*s' after the docstring's closing '%s': Python cannot read it (move the "
		            "text before the quotes)", check_clip(rest, 40), rest.p, t->quote);
	if (sh && sh->doc.present && sh->doc.raw && !t->raw) {
		/* Without the r, a backslash in the docstring is an escape. */
		bool backslash = false;
		for (size_t i = t->open_line; i <= t->close_line && !backslash; i++)
			backslash = memchr(lines_get(th->file, i).p, '\\', lines_get(th->file, i).n) != NULL;
		if (backslash)
			finding_add(u, out, CK_PY_STRUCTURE, SEV_WARNING, t->open_line, 0,
			            "the source's docstring is raw (r%s): without the 'r' Python reads its "
			            "backslashes as escapes", sh->doc.quote);
	}
}

/* ---- separators -------------------------------------------------------------------- */

static void separator_findings(const Unit *u, FindingVec *out)
{
	const HostDoc *th = u->d->tgt_host, *sh = u->d->src_host;
	const Block *sb = &u->d->sb->v[u->src], *tb = tblk(u, 0);
	/* Source text blocks merged into one target block (n:1): the
	 * separators between them are gone. */
	for (size_t k = 1; k < u->src_n; k++) {
		const Block *x = &u->d->sb->v[u->src + k];
		const HostRegion *g = host_region_of(sh, x->first);
		if (!g || g->kind != HR_TEXT || g->block != u->src + k || host_block_is_cell(x))
			continue;
		const HostRegion *gt = host_region_of(th, tblk(u, u->tgt_n - 1)->first);
		if (gt && gt->kind == HR_TEXT && gt->block == u->tgt + u->tgt_n - 1 && u->tgt_n > 1)
			continue;
		Str sep = str_trim_right(lines_get(sh->file, g->first));
		finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, tb->first, 0,
		            "two text blocks of the source are one here: the separator line between "
		            "them is missing (the source has '%.*s' at line %zu)", check_clip(sep, 24),
		            sep.p, g->first + 1);
		break;
	}
	const HostRegion *rs = host_region_of(sh, sb->first), *rt = host_region_of(th, tb->first);
	if (!rs || !rt || rs->kind != HR_TEXT || rs->block != u->src || host_block_is_cell(tb))
		return;
	if (rt->kind == HR_TEXT && rt->block == u->tgt)
		return;
	/* The text that should open a block is inside another region: the
	 * separator before it is gone or damaged.  Point at a damaged one
	 * when it is just above. */
	size_t at = tb->first;
	for (size_t i = tb->first; i-- > 0 && i + 6 > tb->first;) {
		Str s = lines_get(th->file, i);
		if (looks_like_separator(s, lines_line(th->file, i)->eol != EOL_NONE)) {
			finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, i, first_nonblank(s),
			            "not a separator line (the source's line %zu is): a separator starts "
			            "in column 1 with 20 or more '#' or with '# %%%%'; sphinx-gallery "
			            "joins the text below to the block above", rs->first + 1);
			return;
		}
	}
	Str sep = str_trim_right(lines_get(sh->file, rs->first));
	finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, at, 0,
	            "the separator line before this text is missing (the source has '%.*s' at line "
	            "%zu): sphinx-gallery joins the text to the block above", check_clip(sep, 24),
	            sep.p, rs->first + 1);
}

/* ---- code cells ------------------------------------------------------------------------ */

typedef struct CodeLine {
	Str code;     /* without the comment, trailing blanks excluded */
	size_t line;
	uint64_t hash;
	bool hangul;  /* Hangul outside strings and comments */
} CodeLine;
typedef VEC(CodeLine) CodeLineVec;

/* A statement that is only a triple-quoted string (a function's docstring)
 * is documentation, not code: translators translate it, as comments.
 * Returns the quote's offset when line s starts one (outside a string). */
static bool opens_doc_statement(Str s)
{
	size_t i = first_nonblank(s), k = 0;
	while (k < 2 && i + k < s.n && strchr("rRuUbB", s.p[i + k]) && s.p[i + k])
		k++;
	i += k;
	return i + 2 < s.n && (s.p[i] == '"' || s.p[i] == '\'') && s.p[i + 1] == s.p[i] &&
	       s.p[i + 2] == s.p[i];
}

static void cell_code(const Lines *L, const Block *b, CodeLineVec *out)
{
	HostPyLex st = {0, false, false};
	size_t doc_from = SIZE_MAX; /* first line of a docstring statement */
	size_t keep = out->n;
	for (size_t i = b->first; i <= b->last; i++) {
		Str s = lines_get(L, i);
		if (!st.quote && opens_doc_statement(s)) {
			doc_from = i;
			keep = out->n;
		}
		HostPyLine pl;
		host_py_scan(&st, s, &pl);
		if (pl.code_end) {
			Str c = {s.p, pl.code_end};
			VEC_PUSH(out, ((CodeLine){c, i, hash_fnv1a(c.p, c.n), pl.hangul_code}));
		}
		if (doc_from != SIZE_MAX && !st.quote) {
			/* the string closed: a statement of its own when nothing but
			 * its quotes ends the code on this line */
			Str c = {s.p, pl.code_end};
			bool alone = c.n >= 3 && (str_ends_with(c, "\"\"\"") || str_ends_with(c, "'''")) &&
			             (i > doc_from || c.n - first_nonblank(c) >= 6);
			if (alone)
				out->n = keep;
			doc_from = SIZE_MAX;
		}
	}
}

static void unit_code(const Lines *L, const RstDoc *d, size_t first, size_t n, CodeLineVec *out)
{
	for (size_t k = first; k < first + n; k++)
		if (host_block_is_cell(&d->v[k]))
			cell_code(L, &d->v[k], out);
}

/* Is line i right after a text block's line (no blank between)? */
static bool after_text(const HostDoc *h, size_t i)
{
	if (i == 0)
		return false;
	const HostRegion *g = host_region_of(h, i - 1);
	return g && g->kind == HR_TEXT && lines_get(h->file, i - 1).n > 0;
}

/* Per target cell: Hangul outside strings and comments, damaged separators. */
static void cell_findings(const Unit *u, const Block *b, FindingVec *out)
{
	const Lines *L = u->d->tgt_host->file;
	HostPyLex st = {0, false, false};
	for (size_t i = b->first; i <= b->last; i++) {
		Str s = lines_get(L, i);
		HostPyLine pl;
		host_py_scan(&st, s, &pl);
		if (pl.hangul_code && !(u->d->src_host && after_text(u->d->tgt_host, i))) {
			Str c = str_trim((Str){s.p, pl.code_end});
			finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, i, first_nonblank(s),
			            "'%.*s' — Hangul in Python code (outside strings and comments): a text "
			            "line that lost its '#'? Python cannot run it", check_clip(c, 40), c.p);
		} else if (!pl.in_string && looks_like_separator(s, lines_line(L, i)->eol != EOL_NONE) &&
		           !source_has_line(u, s)) {
			finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, i, first_nonblank(s),
			            "'%.*s' is not a separator line: a separator starts in column 1 with 20 "
			            "or more '#' or with '# %%%%'; sphinx-gallery keeps the text below it "
			            "in this code cell", check_clip(str_trim(s), 24), str_trim(s).p);
		}
	}
}

/* Does a `#` line (column 1) follow line i? */
static bool next_is_comment(const Lines *L, size_t i)
{
	return i + 1 < L->n && lines_get(L, i + 1).n && lines_get(L, i + 1).p[0] == '#';
}

/* Words and blanks, none of Python's punctuation: a sentence, not code. */
static bool prose_like(Str c)
{
	size_t words = 0;
	bool in = false;
	for (size_t i = 0; i < c.n; i++) {
		unsigned char ch = (unsigned char)c.p[i];
		if (ch && strchr("=()[]{}:\"'+-*/<>@%", ch))
			return false;
		bool w = ch != ' ' && ch != '\t';
		if (w && !in)
			words++;
		in = w;
	}
	return words >= 4;
}

#define CODE_FINDINGS_MAX 8
#define CODE_DIFF_CELLS (1024u * 1024u) /* 4 MB of table; cells are far smaller */

static bool same_code(const CodeLine *a, const CodeLine *b)
{
	return a->hash == b->hash && str_eq(a->code, b->code);
}

/* The code of lines v[from, to) without any blanks (to see a line that
 * was only wrapped differently). */
static void squeezed(const CodeLineVec *v, size_t from, size_t to, Buf *out)
{
	for (size_t k = from; k < to; k++)
		for (size_t i = 0; i < v->v[k].code.n; i++)
			if (v->v[k].code.p[i] != ' ' && v->v[k].code.p[i] != '\t')
				buf_addc(out, v->v[k].code.p[i]);
}

typedef struct CodeReport {
	const Unit *u;
	FindingVec *out;
	size_t reported, more;
} CodeReport;

static Finding *code_finding(CodeReport *r, CheckSeverity sev, size_t line, const char *fmt, ...)
	PRINTF_LIKE(4, 5);

static Finding *code_finding(CodeReport *r, CheckSeverity sev, size_t line, const char *fmt, ...)
{
	if (r->reported >= CODE_FINDINGS_MAX) {
		r->more++;
		return NULL;
	}
	r->reported++;
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	Str ln = lines_get(r->u->d->tgt_host->file, line);
	Finding *f = finding_add(r->u, r->out, CK_PY_STRUCTURE, sev, line, first_nonblank(ln), "%s",
	                         msg);
	free(msg);
	return f;
}

/* Code segments near unit u (up to 3 on each side) whose target is code
 * cells and whose source is nothing: the target's cells that a separator
 * the source does not have cut off u's cell. */
static bool split_unit(const CheckDoc *d, size_t k)
{
	const Segment *g = &d->al->v[k];
	if (g->src_n || !g->tgt_n)
		return false;
	for (size_t x = g->tgt; x < g->tgt + g->tgt_n; x++)
		if (host_block_is_cell(&d->tb->v[x]))
			return true;
	return false;
}

static bool cell_has_code(const Lines *L, const Block *b, const CodeLine *c)
{
	CodeLineVec v = {0};
	cell_code(L, b, &v);
	bool found = false;
	for (size_t i = 0; i < v.n && !found; i++)
		found = same_code(&v.v[i], c);
	VEC_FREE(&v);
	return found;
}

static bool in_split_cell(const Unit *u, const CodeLine *c)
{
	const CheckDoc *d = u->d;
	if (!d->al)
		return false;
	for (size_t step = 1; step <= 3; step++) {
		for (int dir = -1; dir <= 1; dir += 2) {
			if (dir < 0 && step > u->index)
				continue;
			size_t k = dir < 0 ? u->index - step : u->index + step;
			if (k >= d->al->n || !split_unit(d, k))
				continue;
			const Segment *g = &d->al->v[k];
			for (size_t x = g->tgt; x < g->tgt + g->tgt_n; x++)
				if (host_block_is_cell(&d->tb->v[x]) &&
				    cell_has_code(d->tgt_host->file, &d->tb->v[x], c))
					return true;
		}
	}
	return false;
}

/* A source cell without a partner near u (up to 3 segments away) that has
 * the code line c: the target joined it to u's cell. */
static const Block *merged_cell(const Unit *u, const CodeLine *c)
{
	const CheckDoc *d = u->d;
	for (size_t step = 1; step <= 3; step++) {
		for (int dir = -1; dir <= 1; dir += 2) {
			if (dir < 0 && step > u->index)
				continue;
			size_t k = dir < 0 ? u->index - step : u->index + step;
			if (k >= d->al->n || d->al->v[k].tgt_n)
				continue;
			const Segment *g = &d->al->v[k];
			for (size_t x = g->src; x < g->src + g->src_n; x++)
				if (host_block_is_cell(&d->sb->v[x]) && cell_has_code(d->src, &d->sb->v[x], c))
					return &d->sb->v[x];
		}
	}
	return NULL;
}

/* Is line i a `#` line (blanks before it allowed), a blank one? */
static bool comment_line(Str p)
{
	size_t i = first_nonblank(p);
	return i < p.n && p.p[i] == '#';
}

/* The source's cell sb sits inside the target's cell, as target code
 * lines [first, last]: the separator of the text between sb and the
 * cell's own code is gone.  It belongs where the comments between them
 * start (above `first` when sb comes after the unit's source cell, below
 * `last` when before); a damaged separator there was reported already. */
static void merge_finding(CodeReport *r, size_t first, size_t last, const Block *sb)
{
	const HostDoc *th = r->u->d->tgt_host, *sh = r->u->d->src_host;
	const Lines *L = th->file;
	bool sb_first = sb->first < r->u->d->sb->v[r->u->src].first;
	size_t a, e; /* the comment run between the two codes: [a, e) */
	if (sb_first) {
		a = last + 1;
		while (a < L->n && !str_trim(lines_get(L, a)).n)
			a++;
		e = a;
		while (e < L->n && comment_line(lines_get(L, e)))
			e++;
	} else {
		e = first;
		while (e > 0 && !str_trim(lines_get(L, e - 1)).n)
			e--;
		a = e;
		while (a > 0 && comment_line(lines_get(L, a - 1)))
			a--;
	}
	for (size_t i = a; i < e; i++)
		if (looks_like_separator(lines_get(L, i), lines_line(L, i)->eol != EOL_NONE))
			return;
	const HostRegion *g = host_region_of(sh, sb->first);
	size_t sep = SIZE_MAX;
	if (g && sb_first && (size_t)(g - sh->regions.v) + 1 < sh->regions.n && g[1].kind == HR_TEXT)
		sep = g[1].first;
	else if (g && !sb_first && g > sh->regions.v && g[-1].kind == HR_TEXT)
		sep = g[-1].first;
	size_t at = a < e ? a : sb_first ? last : first;
	if (r->reported >= CODE_FINDINGS_MAX)
		return;
	r->reported++;
	if (sep != SIZE_MAX)
		finding_add(r->u, r->out, CK_PY_STRUCTURE, SEV_ERROR, at, first_nonblank(lines_get(L, at)),
		            "a separator line is missing here (the source has one at line %zu): "
		            "sphinx-gallery joins two code cells of the source (lines %zu and %zu) and "
		            "shows the text between them as comments", sep + 1,
		            (size_t)MIN(sb->first, r->u->d->sb->v[r->u->src].first) + 1,
		            (size_t)MAX(sb->first, r->u->d->sb->v[r->u->src].first) + 1);
	else
		finding_add(r->u, r->out, CK_PY_STRUCTURE, SEV_WARNING, first, 0,
		            "the source's code cell at line %zu is joined to this one", (size_t)sb->first + 1);
}

/* A target code cell the source does not have: the source's cell split
 * by an added separator (its code is all in a neighbouring source cell),
 * or new code. */
static void unpaired_cell(const Unit *u, const Block *b, FindingVec *out)
{
	const CheckDoc *d = u->d;
	CodeLineVec t = {0};
	cell_code(d->tgt_host->file, b, &t);
	size_t src_line = SIZE_MAX;
	for (size_t step = 1; step <= 3 && src_line == SIZE_MAX && t.n; step++) {
		for (int dir = -1; dir <= 1 && src_line == SIZE_MAX; dir += 2) {
			if (dir < 0 && step > u->index)
				continue;
			size_t k = dir < 0 ? u->index - step : u->index + step;
			if (k >= d->al->n)
				continue;
			const Segment *g = &d->al->v[k];
			for (size_t x = g->src; x < g->src + g->src_n && src_line == SIZE_MAX; x++) {
				const Block *sb = &d->sb->v[x];
				if (!host_block_is_cell(sb))
					continue;
				bool all = true;
				for (size_t i = 0; i < t.n && all; i++)
					all = cell_has_code(d->src, sb, &t.v[i]);
				if (all)
					src_line = sb->first;
			}
		}
	}
	if (src_line != SIZE_MAX)
		finding_add(u, out, CK_PY_STRUCTURE, SEV_INFO, b->first, 0,
		            "this code is part of the source's code cell at line %zu: a separator the "
		            "source does not have splits it in two", src_line + 1);
	else if (t.n)
		finding_add(u, out, CK_PY_STRUCTURE, SEV_WARNING, b->first, 0,
		            "a code cell the source does not have (code stays as in the source; only "
		            "comments are translated)");
	VEC_FREE(&t);
}

/* Is c the RST text of a text-block line of the source (an English line
 * that lost its '#')? */
static bool source_text_has(const Unit *u, Str c)
{
	const HostDoc *sh = u->d->src_host;
	for (size_t i = 0; i < sh->file->n; i++)
		if (host_line_kind(sh, i) == HL_RST && str_eq(str_trim(lines_get(sh->text, i)), c))
			return true;
	return false;
}

/* Source lines s[i0, i1) became target lines t[j0, j1); jat: the target
 * line where removed code would have been. */
static void code_gap(CodeReport *r, const CodeLineVec *s, size_t i0, size_t i1,
                     const CodeLineVec *t, size_t j0, size_t j1, size_t jat)
{
	const HostDoc *th = r->u->d->tgt_host;
	if (i0 == i1 && j0 == j1)
		return;
	Buf x = BUF_INIT, y = BUF_INIT;
	squeezed(s, i0, i1, &x);
	squeezed(t, j0, j1, &y);
	bool rewrapped = x.len == y.len && (!x.len || memcmp(x.p, y.p, x.len) == 0);
	buf_release(&x);
	buf_release(&y);
	if (rewrapped) {
		Str c = str_trim(t->v[j0].code);
		code_finding(r, SEV_INFO, t->v[j0].line,
		             "code wrapped differently from the source ('%.*s'): the same code",
		             check_clip(c, 60), c.p);
		return;
	}
	const Block *merged;
	for (size_t k = 0; j0 + k < j1; k++) {
		const CodeLine *tl = &t->v[j0 + k];
		Str c = str_trim(tl->code);
		if (after_text(th, tl->line) && (tl->hangul || next_is_comment(th->file, tl->line) ||
		                                 prose_like(c) || source_text_has(r->u, c))) {
			code_finding(r, SEV_ERROR, tl->line,
			             "'%.*s' — not in the source's code, right after a text block: a text "
			             "line that lost its '#'? sphinx-gallery runs it as Python",
			             check_clip(c, 60), c.p);
		} else if (i0 + k < i1) {
			Str sc = str_trim(s->v[i0 + k].code);
			Finding *f = code_finding(r, SEV_WARNING, tl->line,
			                          "code changed: '%.*s' where the source has '%.*s' (code "
			                          "stays as in the source; only comments are translated)",
			                          check_clip(c, 60), c.p, check_clip(sc, 60), sc.p);
			if (f)
				f->suggestion = str_dup(s->v[i0 + k].code);
		} else if ((merged = merged_cell(r->u, tl)) != NULL) {
			/* the whole run of lines from that cell, reported once */
			size_t e = k + 1;
			while (j0 + e < j1 && merged_cell(r->u, &t->v[j0 + e]) == merged)
				e++;
			merge_finding(r, tl->line, t->v[j0 + e - 1].line, merged);
			k = e - 1;
		} else {
			code_finding(r, SEV_WARNING, tl->line,
			             "code added: '%.*s' is not in the source's code (code stays as in the "
			             "source; only comments are translated)", check_clip(c, 60), c.p);
		}
	}
	for (size_t k = j1 - j0; i0 + k < i1; k++) {
		if (in_split_cell(r->u, &s->v[i0 + k]))
			continue; /* moved to a cell of its own (reported there) */
		Str sc = str_trim(s->v[i0 + k].code);
		code_finding(r, SEV_WARNING, jat, "code removed: the source has '%.*s' here (its line %zu)",
		             check_clip(sc, 60), sc.p, s->v[i0 + k].line + 1);
	}
}

/* The code lines of the unit's target cells against its source cells:
 * a longest common subsequence; each gap between its matches changed. */
static void code_findings(const Unit *u, FindingVec *out)
{
	const HostDoc *th = u->d->tgt_host;
	CodeLineVec s = {0}, t = {0};
	unit_code(u->d->src, u->d->sb, u->src, u->src_n, &s);
	unit_code(th->file, u->d->tb, u->tgt, u->tgt_n, &t);
	size_t n = s.n, m = t.n;
	/* the matches, in order (an LCS; by position when too large) */
	size_t *mi = xmalloc((MIN(n, m) + 1) * sizeof(size_t));
	size_t *mj = xmalloc((MIN(n, m) + 1) * sizeof(size_t));
	size_t nm = 0;
	if ((double)(n + 1) * (double)(m + 1) <= CODE_DIFF_CELLS) {
		size_t w = m + 1;
		uint32_t *L = xcalloc((n + 1) * w, sizeof(uint32_t));
		for (size_t i = n; i-- > 0;)
			for (size_t j = m; j-- > 0;)
				L[i * w + j] = same_code(&s.v[i], &t.v[j]) ? L[(i + 1) * w + j + 1] + 1 :
				               MAX(L[(i + 1) * w + j], L[i * w + j + 1]);
		for (size_t i = 0, j = 0; i < n && j < m;) {
			if (same_code(&s.v[i], &t.v[j])) {
				mi[nm] = i++;
				mj[nm++] = j++;
			} else if (L[(i + 1) * w + j] >= L[i * w + j + 1]) {
				i++;
			} else {
				j++;
			}
		}
		free(L);
	} else {
		for (size_t k = 0; k < n && k < m; k++)
			if (same_code(&s.v[k], &t.v[k]))
				mi[nm] = mj[nm] = k, nm++;
	}
	CodeReport r = {u, out, 0, 0};
	size_t i = 0, j = 0;
	for (size_t k = 0; k <= nm; k++) {
		size_t i1 = k < nm ? mi[k] : n, j1 = k < nm ? mj[k] : m;
		size_t jat = j1 < m ? t.v[j1].line : m ? t.v[m - 1].line : tblk(u, 0)->first;
		code_gap(&r, &s, i, i1, &t, j, j1, jat);
		i = i1 + 1;
		j = j1 + 1;
	}
	if (r.more)
		finding_add(u, out, CK_PY_STRUCTURE, SEV_WARNING, m ? t.v[m - 1].line : tblk(u, 0)->first,
		            0, "and %zu more changed code line%s in this cell", r.more,
		            r.more == 1 ? "" : "s");
	free(mi);
	free(mj);
	VEC_FREE(&s);
	VEC_FREE(&t);
}

/* The source's text sits beside a target code cell that has only
 * comments (or a bare string): the text block ended early (a blank line)
 * or was written as code, so sphinx-gallery shows the text as code. */
static void text_as_comments(const Unit *u, const Block *cell, FindingVec *out)
{
	const HostDoc *th = u->d->tgt_host;
	CodeLineVec v = {0};
	cell_code(th->file, cell, &v);
	bool code = v.n > 0;
	VEC_FREE(&v);
	if (code)
		return;
	size_t b = cell->first;
	while (b > 0 && !str_trim(lines_get(th->file, b - 1)).n)
		b--;
	const HostRegion *g = b > 0 ? host_region_of(th, b - 1) : NULL;
	if (g && g->kind == HR_TEXT && b < cell->first)
		finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, b, 0,
		            "this blank line ends the text block, so the text below it (the source's "
		            "line %zu) is in a code cell, as comments or a string: start the line with "
		            "'#'",
		            (size_t)u->d->sb->v[u->src].first + 1);
	else
		finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, cell->first, 0,
		            "this text (the source's line %zu) is in a code cell, as comments or a "
		            "string: give it a separator line and '#' lines", (size_t)u->d->sb->v[u->src].first + 1);
}

/* Runs of own-line comments (blank lines between them) before the first
 * code line of a cell; *first: the first line of the first run. */
static size_t leading_runs(const Lines *L, const Block *b, size_t *first)
{
	HostPyLex st = {0, false, false};
	size_t runs = 0;
	bool in_run = false;
	*first = SIZE_MAX;
	for (size_t i = b->first; i <= b->last; i++) {
		HostPyLine pl;
		Str s = lines_get(L, i);
		host_py_scan(&st, s, &pl);
		if (pl.code_end || pl.in_string)
			break;
		if (pl.comment < s.n) {
			if (!in_run && runs++ == 0)
				*first = i;
			in_run = true;
		} else {
			in_run = false;
		}
	}
	return runs;
}

/* More comment runs before the code than the source's cell has, right
 * after a text block: text that fell out of its block (a blank line in
 * the text, or its separator gone). */
static void text_before_code(const Unit *u, const Block *sc, const Block *tc, FindingVec *out)
{
	const HostDoc *th = u->d->tgt_host, *sh = u->d->src_host;
	size_t tf, sf;
	size_t tr = leading_runs(th->file, tc, &tf), sr = leading_runs(sh->file, sc, &sf);
	if (tr <= sr || tf == SIZE_MAX)
		return;
	size_t b = tf;
	while (b > 0 && !str_trim(lines_get(th->file, b - 1)).n)
		b--;
	const HostRegion *g = b > 0 ? host_region_of(th, b - 1) : NULL;
	if (!g || g->kind != HR_TEXT)
		return;
	finding_add(u, out, CK_PY_STRUCTURE, SEV_ERROR, tf, 0,
	            "this text is comments in a code cell (the source's cell at line %zu has no "
	            "such comments): a text block ends at the first line without '#', so a blank "
	            "line inside the text or a missing separator line before this one moved it",
	            (size_t)sc->first + 1);
}

void check_py_structure(const Unit *u, FindingVec *out)
{
	if (!is_py(u->d))
		return;
	if (holds_docstring(u))
		docstring_findings(u, out);
	for (size_t k = 0; k < u->tgt_n; k++)
		if (host_block_is_cell(tblk(u, k)))
			cell_findings(u, tblk(u, k), out);
	if (!u->d->src_host)
		return;
	if (!u->src_n) {
		for (size_t k = 0; k < u->tgt_n; k++)
			if (host_block_is_cell(tblk(u, k)))
				unpaired_cell(u, tblk(u, k), out);
		return;
	}
	if (!u->tgt_n)
		return;
	separator_findings(u, out);
	if (!host_block_is_cell(&u->d->sb->v[u->src]))
		for (size_t k = 0; k < u->tgt_n; k++)
			if (host_block_is_cell(tblk(u, k)))
				text_as_comments(u, tblk(u, k), out);
	bool scode = false, tcode = false;
	for (size_t k = 0; k < u->src_n; k++)
		scode |= host_block_is_cell(&u->d->sb->v[u->src + k]);
	for (size_t k = 0; k < u->tgt_n; k++)
		tcode |= host_block_is_cell(tblk(u, k));
	if (scode && tcode) {
		code_findings(u, out);
		if (u->src_n == 1 && u->tgt_n == 1)
			text_before_code(u, &u->d->sb->v[u->src], tblk(u, 0), out);
	}
}

/* ---- code comments are prose ------------------------------------------------------------
 * The comments of a unit's code cells, as a small document of their own:
 * one line per comment line (its text after `# `), one paragraph per run
 * of own-line comments (a trailing comment alone), the source's runs
 * paired with the target's by host_pair_comments.  glossary, spelling and
 * untranslated run on it through the same check functions as paragraphs;
 * the findings are moved back to the file's lines and bytes. */

typedef struct CommentDoc {
	Lines lines;       /* slices of the file's lines: the comment texts */
	size_t *file_line; /* per line: its line in the file */
	size_t *file_off;  /* per line: where its text starts in the file's line */
	RstDoc runs;       /* one BK_PARAGRAPH per run */
	HostCommentVec first; /* the first comment of each run (for pairing) */
} CommentDoc;

/* Comments for tools, not readers: sphinx-gallery's configuration
 * (`# sphinx_gallery_thumbnail_number = 2`), the coding line, a shebang,
 * linter pragmas. */
static bool tool_comment(const Lines *L, const HostComment *c)
{
	Str s = lines_get(L, c->line);
	Str t = str_trim(str_slice(s, MIN(c->from + 1, s.n), MIN(c->to, s.n)));
	static const char *const tools[] = {"sphinx_gallery_", "-*-", "!", "noqa", "type:",
	                                    "pylint:", "fmt:", "isort:", "pragma"};
	for (size_t i = 0; i < ARRAY_LEN(tools); i++)
		if (str_starts_with(t, tools[i]))
			return true;
	return false;
}

static void comment_doc(const Lines *L, const RstDoc *d, size_t b0, size_t nb, CommentDoc *cd)
{
	memset(cd, 0, sizeof(*cd));
	rst_init(&cd->runs);
	HostCommentVec cv = {0};
	for (size_t k = b0; k < b0 + nb; k++)
		if (host_block_is_cell(&d->v[k]))
			host_py_comments(L, d->v[k].first, d->v[k].last, &cv);
	size_t n = cv.n;
	lines_borrowed(&cd->lines, n);
	cd->file_line = xmalloc((n ? n : 1) * sizeof(size_t));
	cd->file_off = xmalloc((n ? n : 1) * sizeof(size_t));
	for (size_t i = 0; i < n; i++) {
		Str t = host_comment_text(L, &cv.v[i]);
		Str s = lines_get(L, cv.v[i].line);
		lines_borrowed_set(&cd->lines, i, t.p, t.n, i + 1 < n ? EOL_LF : EOL_NONE);
		cd->file_line[i] = cv.v[i].line;
		cd->file_off[i] = (size_t)(t.p - s.p);
		bool joins = i > 0 && cv.v[i].own_line && cv.v[i - 1].own_line &&
		             cv.v[i - 1].line + 1 == cv.v[i].line && cd->runs.n &&
		             cd->runs.v[cd->runs.n - 1].last == i - 1;
		if (!t.n || tool_comment(L, &cv.v[i]))
			continue; /* ends nothing and starts nothing */
		if (joins) {
			cd->runs.v[cd->runs.n - 1].last = (uint32_t)i; /* a line of a Lines */
			continue;
		}
		Block b;
		memset(&b, 0, sizeof(b));
		b.kind = BK_PARAGRAPH;
		b.first = b.last = b.text_line = (uint32_t)i;
		b.parent = -1;
		VEC_PUSH(&cd->runs, b);
		VEC_PUSH(&cd->first, cv.v[i]);
	}
	VEC_FREE(&cv);
}

static void comment_doc_release(CommentDoc *cd)
{
	lines_release(&cd->lines);
	free(cd->file_line);
	free(cd->file_off);
	rst_release(&cd->runs);
	VEC_FREE(&cd->first);
}

/* Segments of the paired runs, in order of both sides. */
static void comment_alignment(const Lines *sl, const CommentDoc *s, const Lines *tl,
                              const CommentDoc *t, Alignment *al)
{
	size_t ns = s->runs.n, nt = t->runs.n;
	size_t *pair = xmalloc((ns ? ns : 1) * sizeof(size_t));
	host_pair_comments(sl, s->first.v, ns, tl, t->first.v, nt, pair);
	size_t j = 0;
	for (size_t i = 0; i < ns; i++) {
		if (pair[i] == SIZE_MAX) {
			VEC_PUSH(al, ((Segment){(uint32_t)i, 1, 0, 0, BK_PARAGRAPH, ST_DRAFT, false}));
			continue;
		}
		for (; j < pair[i]; j++)
			VEC_PUSH(al, ((Segment){0, 0, (uint32_t)j, 1, BK_PARAGRAPH, ST_DRAFT, false}));
		VEC_PUSH(al, ((Segment){(uint32_t)i, 1, (uint32_t)j, 1, BK_PARAGRAPH, ST_DRAFT, false}));
		j++;
	}
	for (; j < nt; j++)
		VEC_PUSH(al, ((Segment){0, 0, (uint32_t)j, 1, BK_PARAGRAPH, ST_DRAFT, false}));
	free(pair);
}

/* A message naming the comment document's lines ("of lines 2-4", the
 * glossary's) names the file's. */
static void map_line_range(Finding *f, const CommentDoc *tc)
{
	static const char key[] = " of lines ";
	char *at = strstr(f->message, key);
	if (!at)
		return;
	char *p = at + sizeof(key) - 1, *end;
	unsigned long a = strtoul(p, &end, 10);
	if (end == p || *end != '-')
		return;
	char *q = end + 1;
	unsigned long b = strtoul(q, &end, 10);
	if (end == q || a < 1 || b < a || b > tc->lines.n)
		return;
	char *m = xasprintf("%.*s%zu-%zu%s", (int)(p - f->message), f->message,
	                    tc->file_line[a - 1] + 1, tc->file_line[b - 1] + 1, end);
	free(f->message);
	f->message = m;
}

void check_py_comments(const CheckDoc *d, const CheckSet *set, size_t unit, FindingVec *out)
{
	if (!is_py(d) || !(set->on[CK_GLOSSARY] || set->on[CK_SPELLING] || set->on[CK_UNTRANSLATED]))
		return;
	size_t t0 = unit, tn = 1, s0 = 0, sn = 0;
	if (d->al) {
		const Segment *g = &d->al->v[unit];
		t0 = g->tgt, tn = g->tgt_n, s0 = g->src, sn = g->src_n;
	}
	bool cells = false;
	for (size_t k = t0; k < t0 + tn; k++)
		cells |= host_block_is_cell(&d->tb->v[k]);
	if (!cells)
		return;
	const Lines *TL = d->tgt_host->file;
	CommentDoc tc, sc;
	comment_doc(TL, d->tb, t0, tn, &tc);
	if (!tc.runs.n) {
		comment_doc_release(&tc);
		return;
	}
	bool with_src = d->src_host && check_compares_source(d);
	const Lines *SL = with_src ? d->src_host->file : NULL;
	if (with_src)
		comment_doc(SL, d->sb, s0, sn, &sc);
	Alignment al;
	align_init(&al);
	if (with_src)
		comment_alignment(SL, &sc, TL, &tc, &al);
	CheckDoc cd;
	check_doc_init(&cd, &tc.lines, &tc.runs, with_src ? &sc.lines : NULL,
	               with_src ? &sc.runs : NULL, with_src ? &al : NULL, d->glossary);
	cd.spell = d->spell;
	CheckSet cs;
	memset(&cs, 0, sizeof(cs));
	cs.on[CK_GLOSSARY] = set->on[CK_GLOSSARY];
	cs.on[CK_SPELLING] = set->on[CK_SPELLING];
	cs.on[CK_UNTRANSLATED] = set->on[CK_UNTRANSLATED];
	size_t before = out->n;
	check_document(&cd, &cs, out);
	for (size_t i = before; i < out->n; i++) {
		Finding *f = &out->v[i];
		size_t cl = f->line;
		f->line = tc.file_line[cl];
		if (f->last > cl && f->last < tc.lines.n)
			f->last = tc.file_line[f->last];
		else
			f->last = 0;
		map_line_range(f, &tc);
		f->byte += tc.file_off[cl];
		/* columns: characters before the comment's text in the file */
		Str s = lines_get(TL, f->line);
		size_t col = 1;
		for (size_t b = 0; b < f->byte && b < s.n;) {
			int32_t cp;
			b += text_decode(s.p + b, MIN(f->byte, s.n) - b, &cp);
			col++;
		}
		f->col = col;
		f->unit = unit;
		/* the check names the block's kind: here it is a comment */
		static const char para[] = "untranslated paragraph:";
		if (f->check == CK_UNTRANSLATED && !strncmp(f->message, para, sizeof(para) - 1)) {
			char *m = xasprintf("untranslated comment:%s", f->message + sizeof(para) - 1);
			free(f->message);
			f->message = m;
		}
		if (f->has_fix && check_fix_last(&f->fix) > f->fix.line) {
			/* a comment's lines need not be the file's next lines */
			free(f->fix.text);
			f->fix.text = NULL;
			f->has_fix = false;
		} else if (f->has_fix) {
			size_t fl = f->fix.line;
			f->fix.line = tc.file_line[fl];
			f->fix.from += tc.file_off[fl];
			f->fix.to += tc.file_off[fl];
		}
	}
	check_doc_release(&cd);
	align_release(&al);
	if (with_src)
		comment_doc_release(&sc);
	comment_doc_release(&tc);
}
