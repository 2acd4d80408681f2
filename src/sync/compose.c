/* Writing the result: NEW_EN's lines, with FILE's lines in place of the
 * blocks that were kept, the translated comments of changed code, and the
 * translator's additions after the blocks they followed. */
#include "sync-private.h"

#include "yeok/diff.h"

/* One line of the result: borrowed from NEW_EN or FILE, or owned. */
typedef struct OLine {
	const char *p;
	size_t n;
	Eol eol;    /* the line's own terminator; EOL_NONE: the default */
} OLine;

typedef struct Out {
	struct { OLine *v; size_t n, cap; } lines;
	struct { char **v; size_t n, cap; } owned;
	Eol eol;    /* FILE's most common line ending, for lines from NEW_EN */
} Out;

static void out_line(Out *o, const char *p, size_t n, Eol eol)
{
	OLine l = {p, n, eol};
	VEC_PUSH(&o->lines, l);
}

/* Take ownership of a heap string as the content of a new line. */
static void out_take(Out *o, char *s, Eol eol)
{
	VEC_PUSH(&o->owned, s);
	out_line(o, s, strlen(s), eol);
}

static void out_from(Out *o, const Lines *l, size_t first, size_t last, bool own_eol)
{
	for (size_t i = first; i <= last && i < l->n; i++)
		out_line(o, lines_get(l, i).p, lines_line(l, i)->n, own_eol ? lines_line(l, i)->eol : EOL_NONE);
}

static bool is_blank(Str s)
{
	return str_trim(s).n == 0;
}

/* Leading whitespace of s in columns (tabs to the next multiple of 8) and
 * its length in bytes. */
static int lead_cols(Str s, size_t *bytes)
{
	size_t k = 0;
	int col = 0;
	while (k < s.n && (s.p[k] == ' ' || s.p[k] == '\t')) {
		col = s.p[k] == '\t' ? (col / 8 + 1) * 8 : col + 1;
		k++;
	}
	if (bytes)
		*bytes = k;
	return col;
}

/* s with its indentation moved by delta columns (the leading whitespace
 * rewritten as spaces); a blank line stays as it is. */
static char *reindent(Str s, int delta)
{
	size_t k;
	int col = lead_cols(s, &k);
	int want = col + delta;
	if (want < 0)
		want = 0;
	Buf b = BUF_INIT;
	for (int i = 0; i < want; i++)
		buf_addc(&b, ' ');
	buf_add(&b, s.p + k, s.n - k);
	return buf_detach(&b);
}

/* ---- kept blocks -------------------------------------------------------- */

static Str first_prefix(const Lines *l, const Block *b)
{
	Str s = lines_get(l, b->first);
	return (Str){s.p, MIN(b->first_off, s.n)};
}

/* A kept title whose adornment changed upstream: FILE's title text with
 * NEW_EN's adornment character and overline, FILE's length. */
static void kept_title(Out *o, const SyncPair *p, const Block *t, const Block *nb)
{
	const Lines *tl = p->tgt.file;
	size_t len = lines_get(tl, t->last).n;
	Str under = str_trim(lines_get(tl, t->last));
	len = under.n ? under.n : len;
	char *adorn = xmalloc(len + 1);
	memset(adorn, nb->adornment, len);
	adorn[len] = '\0';
	if (nb->overline)
		out_take(o, xstrdup(adorn), lines_line(tl, t->last)->eol);
	const Line *tx = lines_line(tl, t->text_line);
	out_line(o, lines_bytes(tl, t->text_line, tx), tx->n, tx->eol);
	out_take(o, adorn, lines_line(tl, t->last)->eol);
}

static void kept(Out *o, const SyncPair *p, const SyncText *neu, const Unit *u, const Elem *e)
{
	const Block *ob = &p->en.blocks->v[u->src], *nb = &neu->blocks->v[e->block];
	const Block *t0 = &p->tgt.blocks->v[u->tgt], *tz = &p->tgt.blocks->v[u->tgt + u->tgt_n - 1];
	const Lines *tl = p->tgt.file;
	if (p->tgt.fmt != HOST_RST) {
		/* .py: the host's prefixes (`# `) are in the file's lines; what
		 * upstream changed around the block is not followed there */
		out_from(o, tl, t0->first, tz->last, true);
		return;
	}
	if (ob->kind == BK_TITLE && t0->kind == BK_TITLE && u->tgt_n == 1 &&
	    (ob->adornment != nb->adornment || ob->overline != nb->overline)) {
		kept_title(o, p, t0, nb);
		return;
	}
	Str po = first_prefix(p->en.file, ob), pn = first_prefix(neu->file, nb);
	int delta = nb->indent - ob->indent;
	if (ob->kind == BK_TITLE || (str_eq(po, pn) && delta == 0)) {
		out_from(o, tl, t0->first, tz->last, true);
		return;
	}
	/* upstream moved the block or changed its bullet: FILE's text with
	 * NEW_EN's prefix on the first line, the rest moved with it */
	Str pt = first_prefix(tl, t0);
	for (size_t i = t0->first; i <= tz->last; i++) {
		Str s = lines_get(tl, i);
		if (i == t0->first && str_eq(pt, po)) {
			Buf b = BUF_INIT;
			buf_addstr(&b, pn);
			buf_add(&b, s.p + pt.n, s.n - pt.n);
			out_take(o, buf_detach(&b), lines_line(tl, i)->eol);
		} else if (is_blank(s) || delta == 0) {
			out_line(o, s.p, s.n, lines_line(tl, i)->eol);
		} else {
			out_take(o, reindent(s, delta), lines_line(tl, i)->eol);
		}
	}
}

/* ---- changed code --------------------------------------------------------- */

/* The code of a line without its comment (a `#` or `//` outside quotes),
 * trailing spaces dropped; *has gets whether there was a comment. */
static Str code_part(Str s, bool *has)
{
	char q = 0;
	*has = false;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (q) {
			if (c == '\\')
				i++;
			else if (c == q)
				q = 0;
		} else if (c == '"' || c == '\'') {
			q = c;
		} else if (c == '#' || (c == '/' && i + 1 < s.n && s.p[i + 1] == '/')) {
			*has = true;
			return str_trim_right((Str){s.p, i});
		}
	}
	return str_trim_right(s);
}

/* The lines of block b, each without the block's indentation. */
typedef struct CodeLines {
	Str *v;
	uint64_t *h;
	size_t n;
} CodeLines;

static void code_lines(const Lines *l, const Block *b, CodeLines *c)
{
	c->n = b->last - b->first + 1;
	c->v = xmalloc(c->n * sizeof(*c->v));
	c->h = xmalloc(c->n * sizeof(*c->h));
	for (size_t i = 0; i < c->n; i++) {
		Str s = lines_get(l, b->first + i);
		size_t k = 0;
		int col = 0;
		while (k < s.n && col < b->indent && (s.p[k] == ' ' || s.p[k] == '\t')) {
			col = s.p[k] == '\t' ? (col / 8 + 1) * 8 : col + 1;
			k++;
		}
		c->v[i] = (Str){s.p + k, s.n - k};
		Str t = str_trim_right(c->v[i]);
		c->h[i] = hash_fnv1a(t.p, t.n);
	}
}

static void code_release(CodeLines *c)
{
	free(c->v);
	free(c->h);
}

/* For each line of the old English code, the line of FILE's code that
 * translates its comment (-1: none or the same line): lines replaced one
 * for one whose code, comments aside, is the same. */
static long *comment_map(const CodeLines *en, const CodeLines *ko)
{
	long *map = xmalloc(MAX(en->n, 1) * sizeof(*map));
	for (size_t i = 0; i < en->n; i++)
		map[i] = -1;
	Diff d = {0};
	diff_seq(en->h, en->n, ko->h, ko->n, 0, &d);
	for (size_t k = 0; k + 1 < d.n; k++) {
		const DiffOp *del = &d.v[k], *ins = &d.v[k + 1];
		if (del->kind != DIFF_DEL || ins->kind != DIFF_INS || del->len != ins->len)
			continue;
		for (size_t x = 0; x < del->len; x++) {
			bool ha, hb;
			Str a = code_part(en->v[del->a_pos + x], &ha);
			Str b = code_part(ko->v[ins->b_pos + x], &hb);
			if (ha && hb && str_eq(a, b))
				map[del->a_pos + x] = (long)(ins->b_pos + x);
		}
	}
	diff_release(&d);
	return map;
}

/* New code, with the translated version of each comment line that is
 * unchanged from the old English code.  Returns the lines carried. */
static size_t changed_code(Out *o, const SyncPair *p, const SyncText *neu, const Unit *u,
                           const Elem *e)
{
	const Block *ob = &p->en.blocks->v[u->src], *nb = &neu->blocks->v[e->block];
	if (!u->tgt_n || p->tgt.blocks->v[u->tgt].kind != BK_LITERAL) {
		out_from(o, neu->file, nb->first, nb->last, false);
		return 0;
	}
	const Block *tb = &p->tgt.blocks->v[u->tgt];
	CodeLines en, ko, nw;
	code_lines(p->en.file, ob, &en);
	code_lines(p->tgt.file, tb, &ko);
	code_lines(neu->file, nb, &nw);
	long *map = comment_map(&en, &ko);
	long *from = xmalloc(nw.n * sizeof(*from)); /* per new line: FILE's line, -1 */
	for (size_t j = 0; j < nw.n; j++)
		from[j] = -1;
	Diff d = {0};
	diff_seq(en.h, en.n, nw.h, nw.n, 0, &d);
	for (size_t k = 0; k < d.n; k++) {
		const DiffOp *op = &d.v[k];
		if (op->kind == DIFF_SAME)
			for (size_t x = 0; x < op->len; x++)
				from[op->b_pos + x] = map[op->a_pos + x];
	}
	diff_release(&d);
	size_t carried = 0;
	for (size_t j = 0; j < nw.n; j++) {
		Str s = lines_get(neu->file, nb->first + j);
		if (from[j] < 0) {
			out_line(o, s.p, s.n, EOL_NONE);
			continue;
		}
		/* NEW_EN's indentation of the block, FILE's line after it */
		Buf b = BUF_INIT;
		buf_add(&b, s.p, (size_t)(nw.v[j].p - s.p));
		buf_addstr(&b, ko.v[from[j]]);
		out_take(o, buf_detach(&b), EOL_NONE);
		carried++;
	}
	free(from);
	free(map);
	code_release(&en);
	code_release(&ko);
	code_release(&nw);
	return carried;
}

/* ---- the translator's additions --------------------------------------------- */

/* Lines of FILE attached to an element: translator lines out of a block
 * that was not kept (right after the element's text), and target-only
 * blocks (after a gap of blank lines, as in FILE). */
typedef struct Attach {
	size_t first, last; /* FILE lines */
	size_t gap;         /* blank lines before */
	long elem;          /* -1: before the first element */
} Attach;

typedef struct Attaches {
	Attach *v;
	size_t n, cap;
} Attaches;

static bool all_translator_lines(const Lines *l, size_t first, size_t last)
{
	bool any = false;
	for (size_t i = first; i <= last; i++) {
		Str s = lines_get(l, i);
		if (is_blank(s))
			continue;
		if (!sidecar_is_translator_line(s))
			return false;
		any = true;
	}
	return any;
}

/* The element of NEW_EN with the author line, -1. */
static long author_elem(const Match *m, const SyncText *neu)
{
	for (size_t e = 0; e < m->elems.n; e++) {
		const Elem *x = &m->elems.v[e];
		const Block *b = &neu->blocks->v[x->block], *z = &neu->blocks->v[x->block + x->count - 1];
		if (b->kind != BK_PARAGRAPH && b->kind != BK_FIELD && b->kind != BK_LIST_ITEM)
			continue;
		for (size_t i = b->first; i <= z->last; i++)
			if (sidecar_is_author_line(lines_get(neu->text, i)))
				return (long)e;
	}
	return -1;
}

/* Blank lines of FILE right before line i (back to the previous block; l
 * is the RST text, so a .py's `#` lines count). */
static size_t gap_before(const Lines *l, size_t i)
{
	size_t g = 0;
	while (i > g && is_blank(lines_get(l, i - 1 - g)))
		g++;
	return g;
}

static void collect_attaches(const Match *m, const SyncPair *p, const SyncText *neu,
                             Attaches *inl, Attaches *adds)
{
	long author = author_elem(m, neu);
	const Lines *tt = p->tgt.text; /* the RST text of FILE's lines */
	/* translator lines inside blocks that were not kept */
	for (size_t u = 0; u < m->units.n; u++) {
		const Unit *x = &m->units.v[u];
		if (!x->tgt_n || (x->elem >= 0 && m->elems.v[x->elem].fate == SYNC_KEPT))
			continue;
		size_t first = p->tgt.blocks->v[x->tgt].first, last = p->tgt.blocks->v[x->tgt + x->tgt_n - 1].last;
		long at = author >= 0 ? author : x->elem;
		for (long v = (long)u - 1; at < 0 && v >= 0; v--)
			at = m->units.v[v].elem;
		for (size_t i = first; i <= last; i++)
			if (sidecar_is_translator_line(lines_get(tt, i))) {
				Attach a = {i, i, 0, at};
				VEC_PUSH(inl, a);
			}
	}
	/* target-only blocks */
	for (size_t i = 0; i < m->adds.n; i++) {
		const Addition *ad = &m->adds.v[i];
		size_t first = p->tgt.blocks->v[ad->tgt].first, last = p->tgt.blocks->v[ad->tgt + ad->tgt_n - 1].last;
		long at = ad->elem;
		if (author >= 0 && all_translator_lines(tt, first, last) &&
		    (at < 0 || m->elems.v[at].fate != SYNC_KEPT))
			at = author;
		Attach a = {first, last, gap_before(tt, first), at};
		VEC_PUSH(adds, a);
	}
}

/* Is line s already among the lines [from, o->lines.n) of the result? */
static bool out_has(const Out *o, size_t from, Str s)
{
	for (size_t i = from; i < o->lines.n; i++)
		if (str_eq((Str){o->lines.v[i].p, o->lines.v[i].n}, s))
			return true;
	return false;
}

/* Translator lines out of blocks that were not kept, at the end of
 * element elem (whose lines start at elem_from). */
static void emit_inline(Out *o, const SyncPair *p, const Attaches *inl, long elem,
                        size_t elem_from, SyncCount *c)
{
	const Lines *tl = p->tgt.file;
	for (size_t i = 0; i < inl->n; i++) {
		const Attach *a = &inl->v[i];
		if (a->elem != elem || out_has(o, elem_from, lines_get(tl, a->first)))
			continue;
		out_from(o, tl, a->first, a->last, true);
		c->additions++;
	}
}

/* Target-only blocks after element elem; returns the last line of FILE
 * written, or tgt_end when none. */
static long emit_adds(Out *o, const SyncPair *p, const Attaches *adds, long elem,
                      size_t elem_from, long tgt_end, SyncCount *c)
{
	const Lines *tl = p->tgt.file;
	for (size_t i = 0; i < adds->n; i++) {
		const Attach *a = &adds->v[i];
		if (a->elem != elem || elem < 0)
			continue;
		if (all_translator_lines(p->tgt.text, a->first, a->last) &&
		    out_has(o, elem_from, lines_get(tl, a->first)))
			continue; /* the kept author paragraph has it already */
		if (a->gap) /* FILE's own blank lines (`#` in a .py text block) */
			out_from(o, tl, a->first - a->gap, a->first - 1, true);
		out_from(o, tl, a->first, a->last, true);
		tgt_end = (long)a->last;
		c->additions++;
	}
	return tgt_end;
}

static bool all_blank(const Lines *l, size_t from, size_t to)
{
	for (size_t i = from; i < to && i < l->n; i++)
		if (!is_blank(lines_get(l, i)))
			return false;
	return true;
}

/* The blank lines before a block: FILE's when the block follows what was
 * written last from FILE with only blank lines between (so that a kept
 * neighbourhood keeps its spacing byte for byte), else NEW_EN's. */
enum { NOT_FROM_FILE = -2 }; /* tgt_end: the last line written is not FILE's */

static bool gap(Out *o, const SyncPair *p, const SyncText *neu, size_t pos, size_t next,
                long tgt_end, long tgt_next)
{
	const Lines *tl = p->tgt.file;
	/* blank in the RST text: a .py's `#` lines, separators and docstring
	 * quotes count as blank too (their bytes come from FILE then) */
	if (tgt_end != NOT_FROM_FILE && tgt_next > tgt_end && all_blank(neu->text, pos, next) &&
	    all_blank(p->tgt.text, (size_t)tgt_end + 1, (size_t)tgt_next)) {
		if ((size_t)tgt_next > (size_t)tgt_end + 1)
			out_from(o, tl, (size_t)tgt_end + 1, (size_t)tgt_next - 1, true);
		return true;
	}
	if (next > pos)
		out_from(o, neu->file, pos, next - 1, false);
	return false;
}

/* ---- the whole -------------------------------------------------------------- */

static void serialize(const Out *o, const Lines *tgt, Buf *out)
{
	if (tgt->bom)
		buf_adds(out, "\xEF\xBB\xBF");
	/* FILE's final newline: its last line is empty (or the file is) */
	bool final_nl = lines_line(tgt, tgt->n - 1)->n == 0;
	size_t n = o->lines.n;
	if (!final_nl && n > 1 && o->lines.v[n - 1].n == 0)
		n--; /* NEW_EN's final newline goes, as FILE has none */
	for (size_t i = 0; i < n; i++) {
		const OLine *l = &o->lines.v[i];
		buf_add(out, l->p, l->n);
		if (i + 1 == n && (!final_nl || l->n == 0))
			break;
		Eol eol = l->eol != EOL_NONE ? l->eol : o->eol;
		buf_adds(out, eol == EOL_CRLF ? "\r\n" : "\n");
	}
}

/* FILE's blocks before the first element, with FILE's blank lines;
 * *tgt_end: the last line written.  True when there were any. */
static bool lead_additions(Out *o, const SyncPair *p, const Attaches *adds, SyncCount *c,
                           long *tgt_end)
{
	bool any = false;
	for (size_t i = 0; i < adds->n; i++)
		if (adds->v[i].elem < 0) {
			const Attach *a = &adds->v[i];
			if (a->gap)
				out_from(o, p->tgt.file, a->first - a->gap, a->first - 1, true);
			out_from(o, p->tgt.file, a->first, a->last, true);
			c->additions++;
			*tgt_end = (long)a->last;
			any = true;
		}
	return any;
}

/* The units of OLD_EN that no element of NEW_EN carries: dropped. */
static void list_dropped(const Match *m, const SyncPair *p, SyncResult *r)
{
	for (size_t u = 0; u < m->units.n; u++) {
		const Unit *x = &m->units.v[u];
		r->count.translated += x->translated;
		if (x->elem >= 0)
			continue;
		r->count.dropped_translated += x->translated;
		SyncDropped d = {(long)x->seg, x->kind, p->en.blocks->v[x->src].first,
		                 x->tgt_n ? (long)p->tgt.blocks->v[x->tgt].first : -1, x->translated};
		VEC_PUSH(&r->dropped, d);
		r->count.dropped++;
	}
}

void sync_compose(const Match *m, const SyncPair *p, const SyncText *neu, SyncResult *r)
{
	Out o = {.eol = lines_default_eol(p->tgt.file)};
	Attaches inl = {0}, adds = {0};
	collect_attaches(m, p, neu, &inl, &adds);
	SyncCount *c = &r->count;
	size_t pos = 0; /* next line of NEW_EN to copy */
	/* the last line written from FILE, when it was last; -1 at the start
	 * (so that FILE's leading blank lines stay its own) */
	long tgt_end = -1;
	bool lead_adds = lead_additions(&o, p, &adds, c, &tgt_end);
	size_t gap_to = SIZE_MAX; /* set: the NEW_EN gap ends here (a block left out follows) */
	for (size_t e = 0; e < m->elems.n; e++) {
		const Elem *x = &m->elems.v[e];
		const Block *b = &neu->blocks->v[x->block], *z = &neu->blocks->v[x->block + x->count - 1];
		const Unit *u = x->unit >= 0 ? &m->units.v[x->unit] : NULL;
		if (x->fate == SYNC_KEPT && !u->tgt_n) {
			/* FILE has no text for this English: nothing, and the blank
			 * lines before it stand for those around it */
			SyncBlock sb = {x->block, x->count, b->kind, x->fate, (long)u->seg, 1.0, x->moved,
			                o.lines.n, 0, 0};
			VEC_PUSH(&r->blocks, sb);
			c->kept++;
			if (gap_to == SIZE_MAX)
				gap_to = b->first;
			continue;
		}
		long tgt_next = x->fate == SYNC_KEPT ? (long)p->tgt.blocks->v[u->tgt].first : -1;
		size_t before_gap = o.lines.n;
		bool own = gap(&o, p, neu, pos, gap_to != SIZE_MAX ? gap_to : b->first, tgt_end, tgt_next);
		if (lead_adds && !own && o.lines.n == before_gap && before_gap &&
		    o.lines.v[before_gap - 1].n)
			out_line(&o, "", 0, EOL_NONE); /* FILE's leading blocks stay apart */
		lead_adds = false;
		gap_to = SIZE_MAX;
		size_t from = o.lines.n;
		SyncBlock sb = {x->block, x->count, b->kind, x->fate, -1, x->sim, x->moved, 0, 0, 0};
		if (u)
			sb.old_seg = (long)u->seg;
		tgt_end = NOT_FROM_FILE;
		if (x->fate == SYNC_KEPT) {
			kept(&o, p, neu, u, x);
			tgt_end = (long)p->tgt.blocks->v[u->tgt + u->tgt_n - 1].last;
		} else if (u && b->kind == BK_LITERAL) {
			sb.comments = changed_code(&o, p, neu, u, x);
		} else {
			out_from(&o, neu->file, b->first, z->last, false);
		}
		size_t inline_from = o.lines.n;
		emit_inline(&o, p, &inl, (long)e, from, c);
		if (o.lines.n > inline_from)
			tgt_end = NOT_FROM_FILE;
		sb.out_first = from;
		sb.out_n = o.lines.n - from;
		tgt_end = emit_adds(&o, p, &adds, (long)e, from, tgt_end, c);
		VEC_PUSH(&r->blocks, sb);
		switch (x->fate) {
		case SYNC_KEPT: c->kept++; break;
		case SYNC_STALE: c->stale++; break;
		case SYNC_NEW: c->fresh++; break;
		}
		c->comments += sb.comments;
		pos = z->last + 1;
	}
	/* the end: FILE's trailing blank lines after a kept block, else NEW_EN's */
	size_t end = gap_to != SIZE_MAX ? gap_to : neu->file->n;
	if (tgt_end != NOT_FROM_FILE && all_blank(neu->text, pos, end) &&
	    all_blank(p->tgt.text, (size_t)tgt_end + 1, p->tgt.file->n))
		out_from(&o, p->tgt.file, (size_t)tgt_end + 1, p->tgt.file->n - 1, true);
	else if (pos < end)
		out_from(&o, neu->file, pos, end - 1, false);
	for (size_t i = 0; i < inl.n; i++)
		c->lost += inl.v[i].elem < 0;
	list_dropped(m, p, r);
	buf_clear(&r->text);
	serialize(&o, p->tgt.file, &r->text);
	VEC_FREE(&inl);
	VEC_FREE(&adds);
	for (size_t i = 0; i < o.owned.n; i++)
		free(o.owned.v[i]);
	VEC_FREE(&o.owned);
	VEC_FREE(&o.lines);
}

char *sync_unit_hint(const SyncPair *p, const Unit *u)
{
	const Lines *tl = p->tgt.text; /* .py: without the `# ` of text blocks */
	size_t first = p->tgt.blocks->v[u->tgt].first, last = p->tgt.blocks->v[u->tgt + u->tgt_n - 1].last;
	int common = -1;
	for (size_t i = first; i <= last; i++) {
		Str s = lines_get(tl, i);
		if (is_blank(s))
			continue;
		int c = lead_cols(s, NULL);
		if (common < 0 || c < common)
			common = c;
	}
	Buf b = BUF_INIT;
	for (size_t i = first; i <= last; i++) {
		Str s = str_trim_right(lines_get(tl, i));
		if (i > first)
			buf_addc(&b, '\n');
		if (is_blank(s))
			continue;
		char *t = reindent(s, -common);
		buf_adds(&b, t);
		free(t);
	}
	return buf_detach(&b);
}
