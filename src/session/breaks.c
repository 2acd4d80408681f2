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

/* An adornment line: 2 or more of one of docutils' adornment characters
 * (blanks around it aside)? */
static bool adornment_line(Str t, char *ch)
{
	static const char adorn[] = "=-~^\"'`#*+_:.<>!$%&,;/?@[\\]{|}()";
	t = str_trim(t);
	if (t.n < 2 || !memchr(adorn, t.p[0], sizeof(adorn) - 1))
		return false;
	for (size_t i = 1; i < t.n; i++)
		if (t.p[i] != t.p[0])
			return false;
	*ch = t.p[0];
	return true;
}

/* The Korean's RST error near target lines [from, to) that turned a title
 * into text: a line over an adornment that is no title of the document
 * (glued to the text above it, or its adornment too short).  Said in
 * cause; false when none is there. */
static bool lost_title(Session *s, size_t from, size_t to, Buf *cause, size_t *at)
{
	const Lines *t = s->doc.tgt_host.text;
	const RstDoc *bl = &s->doc.tgt_host.blocks;
	for (size_t i = from; i + 1 < to && i + 1 < t->n; i++) {
		Str txt = str_trim(lines_get(t, i));
		char ch;
		if (!txt.n || !adornment_line(lines_get(t, i + 1), &ch) || adornment_line(txt, &ch))
			continue;
		size_t lo = 0, hi = bl->n; /* the first block starting after line i */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (bl->v[mid].first <= i)
				lo = mid + 1;
			else
				hi = mid;
		}
		bool is_title = false; /* a title's own text line */
		for (size_t b = lo; b > 0 && b + 3 > lo && !is_title; b--)
			is_title = bl->v[b - 1].kind == BK_TITLE && bl->v[b - 1].text_line == i;
		const Block *in = lo ? &bl->v[lo - 1] : NULL;
		if (is_title || (in && i <= in->last && !rst_kind_is_prose(in->kind)))
			continue; /* a title, or code, a comment, a table */
		size_t w = (size_t)text_width(txt.p, txt.n);
		Str u = str_trim(lines_get(t, i + 1));
		*at = i;
		if (!cause)
			return true;
		buf_adds(cause, "'");
		clip(cause, txt, 30);
		if (i > 0 && str_trim(lines_get(t, i - 1)).n)
			buf_addf(cause, "' (line %zu) is glued to line %zu: docutils reads it as text (a "
			                "blank line before it makes it a title)",
			         i + 1, i);
		else if (u.n < w)
			buf_addf(cause, "' (line %zu): its underline is shorter than it (%zu for %zu "
			                "columns), so docutils reads it as text (Alt-a fixes it)",
			         i + 1, u.n, w);
		else
			buf_addf(cause, "' (line %zu) over '%c' is read as text, not as a title", i + 1, ch);
		return true;
	}
	return false;
}

/* The target lines around segments [from, to): from the last target line
 * before them to the first after them. */
static void zone_lines(Session *s, size_t from, size_t to, size_t *l0, size_t *l1)
{
	const Alignment *al = &s->doc.al;
	size_t f, l;
	*l0 = 0;
	*l1 = s->doc.tgt.n;
	for (size_t k = from; k-- > 0;)
		if (align_tgt_lines(&al->v[k], &s->doc.tgt_host.blocks, &f, &l)) {
			*l0 = f;
			break;
		}
	for (size_t k = to; k < al->n; k++)
		if (align_tgt_lines(&al->v[k], &s->doc.tgt_host.blocks, &f, &l)) {
			*l1 = l + 1;
			break;
		}
}

/* Does segment k hold target line `line`? */
static bool seg_holds(Session *s, size_t k, size_t line)
{
	size_t f, l;
	return align_tgt_lines(&s->doc.al.v[k], &s->doc.tgt_host.blocks, &f, &l) && f <= line && line <= l;
}

bool session_align_break(Session *s, size_t k, Buf *why)
{
	const Alignment *al = &s->doc.al;
	if (k >= al->n || !s->doc.src.n)
		return false;
	/* the one-sided titles whose zone holds k (or whose lost title's text,
	 * the cause, is in k, a segment next to the zone): look back and
	 * ahead over the segments a zone can span */
	size_t lo = k, hi = k;
	while (lo > 0 && (one_sided(&al->v[lo - 1]) || is_title(&al->v[lo - 1])))
		lo--;
	if (lo > 0)
		lo--;
	while (hi + 1 < al->n && (one_sided(&al->v[hi + 1]) || is_title(&al->v[hi + 1])))
		hi++;
	if (hi + 1 < al->n)
		hi++;
	for (size_t b = lo; b <= hi; b++) {
		const Segment *g = &al->v[b];
		if (!is_title(g) || !one_sided(g))
			continue;
		size_t from, to, l0, l1, at = SIZE_MAX;
		zone(al, b, &from, &to);
		zone_lines(s, from, to, &l0, &l1);
		bool lost = g->src_n && lost_title(s, l0, l1, NULL, &at);
		if ((k < from || k >= to) && !(lost && seg_holds(s, k, at)))
			continue;
		if (why) {
			const Block *t = g->src_n ? &s->doc.src_host.blocks.v[g->src] : &s->doc.tgt_host.blocks.v[g->tgt];
			const Lines *l = g->src_n ? &s->doc.src : &s->doc.tgt;
			buf_adds(why, g->src_n ? "the English title '" : "the Korean title '");
			clip(why, lines_get(l, t->text_line), 40);
			buf_addf(why, "' (%s line %zu) has no %s title", g->src_n ? "English" : "Korean",
			         (size_t)t->text_line + 1, g->src_n ? "Korean" : "English");
			Buf cause = BUF_INIT;
			if (lost && lost_title(s, l0, l1, &cause, &at))
				buf_addf(why, ": %s", cause.p);
			else
				buf_adds(why, ": alignment broken here, the English beside may be another "
				              "text's (an RST error? see F5)");
			buf_release(&cause);
		}
		return true;
	}
	return false;
}
