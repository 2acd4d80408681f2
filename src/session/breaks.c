/* session: where the alignment broke (include/yeok/session.h).  An RST
 * error in the translation (an underline too short, a title glued to the
 * text above) turns a Korean title into text: the aligner then finds an
 * English title with no Korean partner, pairs the titles around it
 * wrongly and leaves runs of one-sided segments.  The editor says so in
 * those segments instead of silently showing the wrong English. */
#include "session-private.h"

#include "yeok/text.h"

static bool one_sided(const Segment *g)
{
	return !g->src_n || !g->tgt_n;
}

static bool is_title(const Segment *g)
{
	return g->kind == BK_TITLE;
}

/* The break of the zone around one-sided title b: [*from, *to). */
static void zone(const Alignment *al, size_t b, size_t *from, size_t *to)
{
	size_t a = b;
	/* back over one-sided segments and titles, to the last one-sided one */
	for (size_t k = b; k-- > 0;) {
		const Segment *g = &al->v[k];
		if (one_sided(g))
			a = k;
		else if (!is_title(g))
			break;
	}
	size_t c = b + 1;
	while (c < al->n && one_sided(&al->v[c]))
		c++;
	*from = a;
	*to = c;
}

/* t cut to max characters (grapheme clusters), with "…" when cut. */
static void clip(Buf *out, Str t, size_t max)
{
	size_t i = 0, chars = 0;
	while (i < t.n && chars < max) {
		i = text_next_grapheme(t.p, t.n, i);
		chars++;
	}
	buf_add(out, t.p, i);
	if (i < t.n)
		buf_adds(out, "…");
}

bool session_align_break(Session *s, size_t k, Buf *why)
{
	const Alignment *al = &s->doc.al;
	if (k >= al->n || !s->doc.src.n)
		return false;
	/* the one-sided titles whose zone holds k: look back and ahead over
	 * the segments a zone can span */
	size_t lo = k, hi = k;
	while (lo > 0 && (one_sided(&al->v[lo - 1]) || is_title(&al->v[lo - 1])))
		lo--;
	if (lo > 0)
		lo--;
	while (hi + 1 < al->n && (one_sided(&al->v[hi + 1]) || is_title(&al->v[hi + 1])))
		hi++;
	for (size_t b = lo; b <= hi; b++) {
		const Segment *g = &al->v[b];
		if (!is_title(g) || !one_sided(g))
			continue;
		size_t from, to;
		zone(al, b, &from, &to);
		if (k < from || k >= to)
			continue;
		if (why) {
			const Block *t = g->src_n ? &s->doc.sh.blocks.v[g->src] : &s->doc.th.blocks.v[g->tgt];
			const Lines *l = g->src_n ? &s->doc.src : &s->doc.tgt;
			buf_adds(why, g->src_n ? "the English title '" : "the Korean title '");
			clip(why, lines_get(l, t->text_line), 40);
			buf_addf(why, "' (%s line %zu) has no %s title: alignment broken here, the "
			              "English beside may be another text's (an RST error? see F5)",
			         g->src_n ? "English" : "Korean", (size_t)t->text_line + 1,
			         g->src_n ? "Korean" : "English");
		}
		return true;
	}
	return false;
}
