/* session: a segment's prose without its RST structure, and replacing
 * it while the structure stays (include/yeok/session.h).  The one
 * primitive behind inserting a translation-memory match and taking a sync
 * hint's text; emptying the prose (Alt-x) is the same with "". */
#include "session-private.h"

#include "yeok/host.h"
#include "yeok/text.h"

/* The structure in front of the prose of one line of block b: on its
 * first line the indentation and a list marker or field name (what
 * rst_block_text leaves out), on the others the block's indentation.  A
 * `.py` text line (the editor reads a `.py` as RST, so its `# ` is part
 * of the line) keeps its `#` and the indentation after it, with a list
 * marker after that on the first line. */
static size_t lead_of(const Session *s, const Block *b, size_t line, Str ln)
{
	if (host_format_of_path(s->doc.path) == HOST_PY && ln.n && ln.p[0] == '#') {
		size_t i = 1;
		while (i < ln.n && ln.p[i] == ' ')
			i++;
		return line == b->first ? session_list_marker_end(ln, i) : i;
	}
	if (line == b->first)
		return MIN(b->first_off, ln.n);
	size_t i = 0;
	while (i < ln.n && i < (size_t)MAX(b->indent, 0) && (ln.p[i] == ' ' || ln.p[i] == '\t'))
		i++;
	return i;
}

/* The continuation lead of block b: what its lines after the first start
 * with — its second line's lead when it has one (the translator's own
 * indentation), else the width of the first line's lead in spaces (`#`
 * then spaces in a `.py`). */
static void cont_lead(const Session *s, const Block *b, Buf *out)
{
	const Lines *l = &s->doc.tgt;
	if (b->last > b->first) {
		Str ln = lines_get(l, b->first + 1);
		buf_add(out, ln.p, lead_of(s, b, b->first + 1, ln));
		return;
	}
	Str first = lines_get(l, b->first);
	size_t lead = lead_of(s, b, b->first, first);
	bool py = host_format_of_path(s->doc.path) == HOST_PY && first.n && first.p[0] == '#';
	if (py)
		buf_addc(out, '#');
	int w = text_width(first.p + py, lead - py);
	for (int i = 0; i < w; i++)
		buf_addc(out, ' ');
}

/* True for a block of a `.py` text region as the editor reads it (its
 * lines start with `#`). */
static bool py_block(const Session *s, const Lines *l, const Block *b)
{
	Str ln = lines_get(l, b->first);
	return host_format_of_path(s->doc.path) == HOST_PY && ln.n && ln.p[0] == '#';
}

/* The prose of block b of l (either side), as rst_block_text gives it for
 * RST: without indentation, list marker, field name or adornments. */
static void block_prose(const Session *s, const Lines *l, const Block *b, Buf *out)
{
	if (!py_block(s, l, b)) {
		rst_block_text(l, b, out);
		return;
	}
	if (b->kind == BK_TITLE) {
		Str ln = lines_get(l, b->text_line);
		size_t lead = ln.n && ln.p[0] == '#';
		buf_addstr(out, str_trim((Str){ln.p + lead, ln.n - lead}));
		return;
	}
	for (size_t i = b->first; i <= b->last; i++) {
		Str ln = lines_get(l, i);
		size_t lead = lead_of(s, b, i, ln);
		if (i > b->first)
			buf_addc(out, '\n');
		buf_addstr(out, str_trim_right((Str){ln.p + lead, ln.n - lead}));
	}
}

bool session_seg_prose(Session *s, size_t k, Pane p, Buf *out)
{
	if (k >= s->doc.al.n)
		return false;
	const Segment *g = &s->doc.al.v[k];
	const RstDoc *d = p == PANE_TARGET ? &s->doc.tgt_host.blocks : &s->doc.src_host.blocks;
	const Lines *l = session_lines(s, p);
	size_t first = p == PANE_TARGET ? g->tgt : g->src, n = p == PANE_TARGET ? g->tgt_n : g->src_n;
	if (!n || !rst_kind_is_prose(g->kind))
		return false;
	for (size_t i = first; i < first + n; i++) {
		if (i > first)
			buf_adds(out, "\n\n");
		block_prose(s, l, &d->v[i], out);
	}
	return true;
}

/* text[0..n) cut into paragraphs at blank lines; each paragraph's lines
 * without their common indentation, trailing blanks dropped. */
typedef VEC(Str) StrVec;
typedef VEC(StrVec) ParaVec;
static void paragraphs(const char *text, size_t n, ParaVec *out)
{
	StrVec cur = {0};
	size_t i = 0;
	while (i <= n) {
		const char *nl = i < n ? memchr(text + i, '\n', n - i) : NULL;
		size_t e = nl ? (size_t)(nl - text) : n;
		Str ln = str_trim_right((Str){text + i, e - i});
		if (!str_trim(ln).n) {
			if (cur.n) {
				VEC_PUSH(out, cur);
				memset(&cur, 0, sizeof(cur));
			}
		} else {
			VEC_PUSH(&cur, ln);
		}
		if (!nl)
			break;
		i = e + 1;
	}
	if (cur.n)
		VEC_PUSH(out, cur);
	/* common indentation */
	for (size_t p = 0; p < out->n; p++) {
		StrVec *v = &out->v[p];
		size_t common = SIZE_MAX;
		for (size_t j = 0; j < v->n; j++) {
			size_t k = 0;
			while (k < v->v[j].n && v->v[j].p[k] == ' ')
				k++;
			common = MIN(common, k);
		}
		for (size_t j = 0; j < v->n; j++)
			v->v[j] = str_slice(v->v[j], common, v->v[j].n);
	}
}

/* The new lines of title block b with the title text t (paragraphs joined
 * by spaces): its lead, the adornments resized to the text's display
 * width (at least as long as docutils needs; an empty text keeps them). */
static void title_lines(Session *s, const Block *b, const StrVec *paras, size_t np,
                        const char *eol, Buf *out)
{
	const Lines *l = &s->doc.tgt;
	Str tl = lines_get(l, b->text_line);
	size_t lead = 0;
	while (lead < tl.n && (tl.p[lead] == ' ' || tl.p[lead] == '\t'))
		lead++;
	bool py = host_format_of_path(s->doc.path) == HOST_PY && tl.n && tl.p[0] == '#';
	if (py) {
		lead = 1;
		while (lead < tl.n && tl.p[lead] == ' ')
			lead++;
	}
	Buf t = BUF_INIT;
	for (size_t p = 0; p < np; p++)
		for (size_t j = 0; j < paras[p].n; j++) {
			if (t.len)
				buf_addc(&t, ' ');
			buf_addstr(&t, str_trim(paras[p].v[j]));
		}
	Str adorn_line = lines_get(l, b->last);
	size_t apre = py ? 1 + (adorn_line.n > 1 && adorn_line.p[1] == ' ') : 0;
	int want = t.len ? text_width(t.p, t.len) : -1;
	if (want >= 0 && b->overline)
		want += 2 * text_width(tl.p + py, lead - py); /* an inset title */
	for (size_t i = b->first; i <= b->last; i++) {
		Str ln = lines_get(l, i);
		if (i > b->first)
			buf_adds(out, eol);
		if (i == b->text_line) {
			buf_add(out, tl.p, lead);
			buf_addstr(out, buf_str(&t));
		} else if (want >= 0) {
			buf_add(out, ln.p, MIN(apre, ln.n));
			for (int c = 0; c < MAX(want, 1); c++)
				buf_addc(out, b->adornment);
		} else {
			buf_addstr(out, ln);
		}
	}
	buf_release(&t);
}

/* The new lines of prose block b: paragraphs paras[0..np) (none: the
 * lead alone), the first after the block's first-line lead, the others
 * after its continuation lead, blank lines between paragraphs. */
static void prose_lines(Session *s, const Block *b, const StrVec *paras, size_t np,
                        const char *eol, Buf *out)
{
	Str first = lines_get(&s->doc.tgt, b->first);
	size_t lead = lead_of(s, b, b->first, first);
	Buf cont = BUF_INIT;
	cont_lead(s, b, &cont);
	buf_add(out, first.p, lead);
	for (size_t p = 0; p < np; p++) {
		for (size_t j = 0; j < paras[p].n; j++) {
			if (p || j) {
				buf_adds(out, eol);
				buf_addstr(out, buf_str(&cont));
			}
			buf_addstr(out, paras[p].v[j]);
		}
		if (p + 1 < np) {
			buf_adds(out, eol);
			/* a blank line; `#` alone in a `.py` text block */
			if (cont.len && cont.p[0] == '#')
				buf_addc(out, '#');
		}
	}
	buf_release(&cont);
}

bool session_replace_prose(Session *s, size_t k, const char *text, size_t n)
{
	Doc *d = &s->doc;
	if (d->read_only)
		return session_error(s, "%s is read-only", d->path);
	if (k >= d->al.n)
		return session_error(s, "No segment here");
	const Segment *g = &d->al.v[k];
	size_t f, l;
	if (!rst_kind_is_prose(g->kind) || !align_tgt_lines(g, &d->tgt_host.blocks, &f, &l))
		return session_error(s, "This segment has no prose to replace");
	ParaVec paras = {0};
	paragraphs(text ? text : "", n, &paras);
	const char *eol = doc_eol(d);
	Buf out = BUF_INIT;
	size_t at = f; /* the next line of the segment not written yet */
	for (size_t i = g->tgt; i < g->tgt + g->tgt_n; i++) {
		const Block *b = &d->tgt_host.blocks.v[i];
		for (; at < b->first; at++) { /* the lines between blocks, as they are */
			buf_addstr(&out, lines_get(&d->tgt, at));
			buf_adds(&out, eol);
		}
		/* block i gets paragraph i; the last block the rest */
		size_t j = i - g->tgt, last = i + 1 == g->tgt + g->tgt_n;
		size_t from = MIN(j, paras.n), np = last ? paras.n - from : (j < paras.n);
		if (!rst_kind_is_prose(b->kind)) {
			for (size_t x = b->first; x <= b->last; x++) {
				buf_addstr(&out, lines_get(&d->tgt, x));
				if (x < b->last)
					buf_adds(&out, eol);
			}
		} else if (b->kind == BK_TITLE) {
			title_lines(s, b, paras.v + from, np, eol, &out);
		} else {
			prose_lines(s, b, paras.v + from, np, eol, &out);
		}
		at = b->last + 1;
		if (i + 1 < g->tgt + g->tgt_n)
			buf_adds(&out, eol);
	}
	for (size_t p = 0; p < paras.n; p++)
		VEC_FREE(&paras.v[p]);
	VEC_FREE(&paras);
	Pos a = {f, 0}, b = {l, lines_line(&d->tgt, l)->n};
	Str old = {NULL, 0};
	Buf was = BUF_INIT;
	doc_tgt_text(d, f, l, &was);
	old = buf_str(&was);
	bool same = old.n == out.len && (!old.n || !memcmp(old.p, out.p, old.n));
	buf_release(&was);
	bool ok = same || session_replace(s, a, b, out.p, out.len, CH_OTHER,
	                                  SR_GROUP | SR_CURSOR_START);
	buf_release(&out);
	if (ok && same) {
		s->caret.focus = PANE_TARGET;
		s->caret.cur = a;
		session_follow(s);
	}
	return ok;
}
