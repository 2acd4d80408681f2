/*
 * Source/target block alignment (see include/yeok/align.h).
 *
 * Two passes of one banded dynamic program:
 *   1. anchors: the titles and literal (code) blocks of both sides, matched
 *      1:1 or skipped: titles by level and the English kept in them, code
 *      by content (comments and blank lines ignored, then line overlap);
 *   2. between consecutive matched anchors, every other block, with moves
 *      1:1, 1:0, 0:1, 2:1 and 1:2, scored by kind, depth, indentation,
 *      directive name, identical text, the ASCII tokens that survive
 *      translation (identifiers, literals, URLs, numbers) and length
 *      (Korean prose is about 0.64 times its English in characters).
 * The band follows the diagonal of each region, so the cost is about
 * (blocks x band width); small regions are solved exactly.
 */

#include "align-private.h"
#include "yeok/stats.h"

#include <math.h>

/* ---- the two passes ---------------------------------------------------- */

/* The segment's lines are the same on both sides, trailing blanks aside
 * (DESIGN.md: "untranslated" is target text == source text). */
static bool same_lines(const Ctx *c, size_t s, size_t sn, size_t t, size_t tn)
{
	size_t sf = c->s.d->v[s].first, sl = c->s.d->v[s + sn - 1].last;
	size_t tf = c->t.d->v[t].first, tl = c->t.d->v[t + tn - 1].last;
	if (sl - sf != tl - tf)
		return false;
	for (size_t k = 0; k <= sl - sf; k++)
		if (!str_eq(str_trim_right(lines_get(c->s.l, sf + k)),
		            str_trim_right(lines_get(c->t.l, tf + k))))
			return false;
	return true;
}

/* A block index or count as a Segment holds it (32 bits: a side has fewer
 * than UINT32_MAX blocks, include/yeok/align.h). */
static uint32_t bix(size_t x)
{
	BUG_ON(x >= UINT32_MAX);
	return (uint32_t)x;
}

static void push_seg(Alignment *al, const Ctx *c, size_t s, size_t sn, size_t t, size_t tn)
{
	if (!sn && !tn)
		return;
	Segment g;
	g.src = bix(s);
	g.src_n = bix(sn);
	g.tgt = bix(t);
	g.tgt_n = bix(tn);
	g.kind = (uint8_t)(sn ? c->s.d->v[s].kind : c->t.d->v[t].kind);
	g.status = ST_DRAFT;
	g.no_prose = sn && rst_kind_is_prose(g.kind);
	for (size_t k = 0; k < sn && g.no_prose; k++)
		g.no_prose = !side_f(&c->s, s + k)->words;
	if (sn && tn && sn == tn) {
		bool same = true;
		for (size_t k = 0; k < sn && same; k++)
			same = side_f(&c->s, s + k)->text_hash == side_f(&c->t, t + k)->text_hash;
		/* titles: the title text (the adornment's length is not text) */
		if (same && (c->s.d->v[s].kind == BK_TITLE || same_lines(c, s, sn, t, tn)))
			g.status = ST_UNTRANSLATED;
	}
	VEC_PUSH(al, g);
}

/* The features of blocks [from, to) of a side that are not there yet. */
static void need_features(Side *sd, size_t from, size_t to)
{
	Buf tmp = BUF_INIT;
	for (size_t k = from; k < to; k++) {
		Feat *f = side_need(sd, k);
		if (!f->have)
			features(sd->l, &sd->d->v[k], f, true, &tmp);
	}
	buf_release(&tmp);
}

/* Pass 2 on source blocks [s0, s1) and target blocks [t0, t1). */
static void align_region(Ctx *c, size_t s0, size_t s1, size_t t0, size_t t1, Alignment *al)
{
	size_t n = s1 - s0, m = t1 - t0;
	if (!n && !m)
		return;
	need_features(&c->s, s0, s1);
	need_features(&c->t, t0, t1);
	size_t *si = xmalloc((n + 1) * sizeof(size_t)), *ti = xmalloc((m + 1) * sizeof(size_t));
	for (size_t k = 0; k < n; k++)
		si[k] = s0 + k;
	for (size_t k = 0; k < m; k++)
		ti[k] = t0 + k;
	c->si = si;
	c->ti = ti;
	c->anchors = false;
	StepVec steps = {0};
	dp(c, n, m, ARRAY_LEN(moves_all), &steps);
	for (size_t k = 0; k < steps.n; k++) {
		Step *st = &steps.v[k];
		/* 1:0 and 0:1 runs stay one block per segment */
		push_seg(al, c, s0 + st->i, st->a, t0 + st->j, st->b);
	}
	VEC_FREE(&steps);
	free(si);
	free(ti);
	if (c->trim) {
		for (size_t k = s0; k < s1; k++)
			feat_trim(&c->s, k);
		for (size_t k = t0; k < t1; k++)
			feat_trim(&c->t, k);
	}
}

void align_init(Alignment *a)
{
	memset(a, 0, sizeof(*a));
}

void align_release(Alignment *a)
{
	VEC_FREE(a);
}

/* Every block's record (kind, title level) into *rec and a pool with
 * the features the anchors' pass reads, for the anchors only (of code its
 * text's hash and lines: a matched code block never needs its tokens; the
 * regions' blocks get theirs as they are aligned: need_features). */
static FeatRec *anchor_features(const Lines *l, const RstDoc *d, FeatPool **pool)
{
	FeatRec *r = xcalloc(d->n ? d->n : 1, sizeof(FeatRec));
	xprefault(r, d->n * sizeof(FeatRec)); /* every block's is written below */
	FeatPool *p = xcalloc(1, sizeof(*p));
	Buf tmp = BUF_INIT;
	for (size_t k = 0; k < d->n; k++) {
		r[k].kind = (uint8_t)d->v[k].kind;
		r[k].title_level = (int16_t)d->v[k].title_level;
		if (is_anchor_kind(d->v[k].kind)) {
			r[k].at = pool_take(p);
			features(l, &d->v[k], pool_at(p, r[k].at), false, &tmp);
		}
	}
	buf_release(&tmp);
	*pool = p;
	return r;
}

/* Do two anchors score alike against every other (what score_anchor
 * reads of them is equal)? */
bool anchor_same(const Feat *a, const Feat *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == BK_LITERAL)
		return a->code_hash == b->code_hash && a->nlines == b->nlines &&
		       (!a->nlines || memcmp(feat_lines(a), feat_lines(b), a->nlines * sizeof(uint32_t)) == 0);
	return a->title_level == b->title_level && a->text_hash == b->text_hash &&
	       a->len == b->len && a->hangul == b->hangul && a->ntok == b->ntok &&
	       (!a->ntok || memcmp(feat_tok(a), feat_tok(b), a->ntok * sizeof(uint32_t)) == 0);
}

static AnchorKey *anchor_keys(const Side *sd, const size_t *v, size_t n)
{
	AnchorKey *k = xmalloc((n ? n : 1) * sizeof(*k));
	xprefault(k, n * sizeof(*k)); /* written whole below */
	for (size_t x = 0; x < n; x++) {
		const Feat *a = side_f(sd, v[x]);
		bool code = a->kind == BK_LITERAL;
		k[x] = (AnchorKey){code ? a->code_hash : a->text_hash, {0, 0}, a, a->kind};
		hash_bits(code ? feat_lines(a) : feat_tok(a), code ? a->nlines : a->ntok, k[x].bits);
	}
	return k;
}

/* The anchors' pass over source anchors sa[0..sn), target ta[0..tn). */
void anchors_dp(Ctx *c, const size_t *sa, size_t sn, const size_t *ta, size_t tn,
                       StepVec *steps)
{
	AnchorKey *sk = anchor_keys(&c->s, sa, sn), *tk = anchor_keys(&c->t, ta, tn);
	c->si = sa;
	c->ti = ta;
	c->sk = sk;
	c->tk = tk;
	c->anchors = true;
	AlignAnchorWork w = {0};
	c->work = &w;
	dp(c, sn, tn, 3, steps);
	c->work = NULL;
	stat_add(STAT_ALIGN_SHARED, w.shared); /* counted here, added once */
	stat_add(STAT_ALIGN_READ, w.read);
	stat_add(STAT_ALIGN_TITLES, w.titles);
	stat_add(STAT_ALIGN_TITLES_SCORED, w.titles_scored);
	stat_add(STAT_ALIGN_SPLITS, w.splits);
	c->sk = c->tk = NULL;
	free(sk);
	free(tk);
}

void match_anchors(Ctx *c, AlignMemo *m)
{
	VEC(size_t) ta = {0};
	for (size_t k = 0; k < m->tn; k++)
		if (is_anchor_kind(memo_tf(m, k)->kind))
			VEC_PUSH(&ta, k);
	StepVec steps = {0};
	anchors_dp(c, m->sa.v, m->sa.n, ta.v, ta.n, &steps);
	m->ms.n = m->mt.n = 0;
	for (size_t k = 0; k < steps.n; k++) {
		Step *st = &steps.v[k];
		if (st->a != 1 || st->b != 1)
			continue;
		VEC_PUSH(&m->ms, m->sa.v[st->i]);
		VEC_PUSH(&m->mt, ta.v[st->j]);
	}
	VEC_FREE(&steps);
	VEC_FREE(&ta);
	repair_titles(c, m, 0, m->ms.n, NULL, NULL);
}

/* The number of v[0..n) (ascending) below x. */
size_t count_below(const size_t *v, size_t n, size_t x)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The blocks of unit u under matches ms/mt (K of them) over sn/tn blocks:
 * source [*s0, *s1), target [*t0, *t1). */
void unit_range(const size_t *ms, const size_t *mt, size_t K, size_t sn, size_t tn,
                       size_t u, size_t *s0, size_t *s1, size_t *t0, size_t *t1)
{
	size_t r = u / 2;
	if (u % 2) {
		*s0 = ms[r];
		*t0 = mt[r];
		*s1 = *s0 + 1;
		*t1 = *t0 + 1;
		return;
	}
	*s0 = r ? ms[r - 1] + 1 : 0;
	*t0 = r ? mt[r - 1] + 1 : 0;
	*s1 = r < K ? ms[r] : sn;
	*t1 = r < K ? mt[r] : tn;
}

/* A score table for region source [s0, s1), target [t0, t1) (current
 * numbering) with what m->rc (old numbering, before change ch) has for the
 * moves that read no changed block; NAN elsewhere. */
static double *remap_scores(const AlignMemo *m, size_t s0, size_t s1, size_t t0, size_t t1,
                            const Change *ch)
{
	size_t n = s1 - s0, w = t1 - t0, cells = (n + 1) * (w + 1) * 5;
	double *sc = xmalloc(cells * sizeof(double));
	for (size_t x = 0; x < cells; x++)
		sc[x] = NAN;
	if (!m->rc || m->rc_s0 != s0 || m->rc_s1 != s1)
		return sc;
	long dn = (long)ch->new_n - (long)ch->old_n;
	size_t ow = m->rc_t1 - m->rc_t0;
	for (size_t j = 0; j <= w; j++) {
		for (size_t k = 0; k < ARRAY_LEN(moves_all); k++) {
			size_t b = moves_all[k].b;
			if (!b || b > j)
				continue; /* gaps cost a constant */
			size_t first = t0 + j - b, end = t0 + j;
			long oend;
			if (end <= ch->tc)
				oend = (long)end;
			else if (first >= ch->tc + ch->new_n)
				oend = (long)end - dn;
			else
				continue; /* reads a changed block */
			if (oend - (long)b < (long)m->rc_t0 || oend > (long)m->rc_t1)
				continue;
			size_t jo = (size_t)oend - m->rc_t0;
			for (size_t i = 0; i <= n; i++)
				sc[(i * (w + 1) + j) * 5 + k] = m->rc[(i * (ow + 1) + jo) * 5 + k];
		}
	}
	return sc;
}

/* The placeholders of a pending region: each source block alone, then
 * each target block alone (a valid alignment: no segment holds two
 * titles; drafts, nothing decided). */
static void push_placeholders(Alignment *a, const Ctx *c, size_t s0, size_t s1, size_t t0,
                              size_t t1)
{
	for (size_t k = s0; k < s1; k++)
		VEC_PUSH(a, ((Segment){bix(k), 1, bix(t0), 0, (uint8_t)c->s.d->v[k].kind, ST_DRAFT, false}));
	for (size_t k = t0; k < t1; k++)
		VEC_PUSH(a, ((Segment){bix(s1), 0, bix(k), 1, (uint8_t)c->t.d->v[k].kind, ST_DRAFT, false}));
}

/* Append the segments of units [u0, u1) to a; m->useg[u] gets where each
 * starts, counted from base.  ch (NULL: none) is the change of an update:
 * small regions then keep their scores for the next one.  pend: the
 * regions are left pending (m->upend) with placeholders. */
void units_segments(Ctx *c, AlignMemo *m, size_t u0, size_t u1, Alignment *a,
                           size_t base, const Change *ch, bool pend)
{
	size_t K = m->ms.n;
	double *keep = NULL;
	size_t ks0 = 0, ks1 = 0, kt0 = 0, kt1 = 0;
	for (size_t u = u0; u < u1; u++) {
		size_t s0, s1, t0, t1;
		unit_range(m->ms.v, m->mt.v, K, m->sn, m->tn, u, &s0, &s1, &t0, &t1);
		m->useg.v[u] = base + a->n;
		if (u % 2) {
			push_seg(a, c, s0, 1, t0, 1);
			continue;
		}
		if (pend && (s1 > s0 || t1 > t0)) {
			push_placeholders(a, c, s0, s1, t0, t1);
			m->upend.v[u] = 1;
			m->npend++;
			continue;
		}
		bool cache = ch && (double)(s1 - s0 + 1) * (double)(t1 - t0 + 1) <= CACHE_CELLS;
		c->cache = cache ? remap_scores(m, s0, s1, t0, t1, ch) : NULL;
		align_region(c, s0, s1, t0, t1, a);
		if (cache) {
			free(keep);
			keep = c->cache;
			ks0 = s0, ks1 = s1, kt0 = t0, kt1 = t1;
		}
		c->cache = NULL;
	}
	if (keep) {
		free(m->rc);
		m->rc = keep;
		m->rc_s0 = ks0, m->rc_s1 = ks1, m->rc_t0 = kt0, m->rc_t1 = kt1;
	}
}

struct AlignFeatures {
	FeatRec *r;     /* anchor_features' (owned) */
	FeatPool *pool;
	size_t n;       /* the blocks they are of */
};

AlignFeatures *align_features_new(const Lines *l, const RstDoc *d)
{
	AlignFeatures *af = xmalloc(sizeof(*af));
	af->r = anchor_features(l, d, &af->pool);
	af->n = d->n;
	return af;
}

/* The records af holds and their pool, taken (af freed), or (af NULL)
 * computed of l and d. */
static FeatRec *take_features(AlignFeatures *af, const Lines *l, const RstDoc *d, FeatPool **pool)
{
	if (!af)
		return anchor_features(l, d, pool);
	BUG_ON(af->n != d->n);
	FeatRec *r = af->r;
	*pool = af->pool;
	free(af);
	return r;
}

/* sf, tf: the source's and the target's anchor_features, taken (freed
 * here), or NULL. */
static void align_start(const Lines *src, const RstDoc *sb, AlignFeatures *sf, const Lines *tgt,
                        const RstDoc *tb, AlignFeatures *tf, Alignment *a, AlignMemo **memo,
                        bool pend)
{
	a->n = 0;
	AlignMemo *m = xcalloc(1, sizeof(*m));
	m->sn = sb->n;
	m->tn = m->tcap = m->tgap = tb->n;
	m->sf = take_features(sf, src, sb, &m->sp);
	m->tf = take_features(tf, tgt, tb, &m->tp);
	for (size_t k = 0; k < sb->n; k++)
		if (is_anchor_kind(sb->v[k].kind))
			VEC_PUSH(&m->sa, k);
	Ctx c;
	memset(&c, 0, sizeof(c));
	c.trim = true;
	c.s = side_src(m, src, sb);
	c.t = side_tgt(m, tgt, tb);
	match_anchors(&c, m);
	for (size_t k = 0; k < m->tn; k++)
		m->tan += is_anchor_kind(memo_tf(m, k)->kind);
	size_t U = 2 * m->ms.n + 1;
	VEC_RESERVE(&m->useg, U + 1);
	m->useg.n = U + 1;
	VEC_RESERVE(&m->upend, U);
	m->upend.n = U;
	memset(m->upend.v, 0, U);
	/* phased: a segment per matched pair and a placeholder per other
	 * block, allocated once (not doubled: copies and fresh pages) */
	if (pend && memo) {
		VEC_RESERVE(a, m->sn + m->tn - m->ms.n);
		xprefault(a->v, (m->sn + m->tn - m->ms.n) * sizeof(Segment)); /* all of them written */
	}
	units_segments(&c, m, 0, U, a, 0, NULL, pend && memo);
	m->useg.v[U] = a->n;
	if (memo) {
		align_memo_free(*memo);
		*memo = m;
	} else {
		align_memo_free(m);
	}
}

void align_docs_memo(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                     Alignment *a, AlignMemo **memo)
{
	align_start(src, sb, NULL, tgt, tb, NULL, a, memo, false);
}

void align_docs_phased(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                       Alignment *a, AlignMemo **memo)
{
	align_start(src, sb, NULL, tgt, tb, NULL, a, memo, true);
}

void align_docs_with(const Lines *src, const RstDoc *sb, AlignFeatures *sf, const Lines *tgt,
                     const RstDoc *tb, AlignFeatures *tf, Alignment *a, AlignMemo **memo,
                     bool phased)
{
	BUG_ON(phased && !memo);
	align_start(src, sb, sf, tgt, tb, tf, a, memo, phased);
}

size_t align_pending(const AlignMemo *m)
{
	return m ? m->npend : 0;
}

/* The first pending unit whose segments end after segment seg, or the
 * first pending one when none does (SIZE_MAX: none pending). */
static size_t pending_unit(const AlignMemo *m, size_t seg)
{
	size_t U = m->upend.n, first = SIZE_MAX;
	if (!m->npend)
		return SIZE_MAX;
	/* the unit of seg: the last u with useg[u] <= seg */
	size_t lo = 0, hi = U;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->useg.v[mid + 1] <= seg)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t u = lo; u < U; u++)
		if (m->upend.v[u])
			return u;
	for (size_t u = 0; u < lo && first == SIZE_MAX; u++)
		if (m->upend.v[u])
			first = u;
	return first;
}

bool align_next_pending(const AlignMemo *m, size_t seg, size_t *k0)
{
	size_t u = m ? pending_unit(m, seg) : SIZE_MAX;
	if (u == SIZE_MAX || m->useg.v[u + 1] <= seg)
		return false;
	*k0 = m->useg.v[u];
	return true;
}

/* The blocks of unit u, both sides. */
static size_t unit_blocks(const AlignMemo *m, size_t u)
{
	size_t s0, s1, t0, t1;
	unit_range(m->ms.v, m->mt.v, m->ms.n, m->sn, m->tn, u, &s0, &s1, &t0, &t1);
	return (s1 - s0) + (t1 - t0);
}

/* The units align_idle_step aligned and did not splice: dropped (they
 * stay pending). */
static void hold_drop(AlignMemo *m)
{
	m->hold.n = 0;
	m->hold_useg.n = 0;
	m->hu0 = m->hu1 = 0;
	m->hold_blocks = 0;
}

/* Can units [u1, u1 + 2) join a splice ending at unit u1 (the anchor u1,
 * then a stretch pending or empty)? */
static bool unit_joins(const AlignMemo *m, size_t u1)
{
	return u1 + 1 < m->upend.n && (m->upend.v[u1 + 1] || !unit_blocks(m, u1 + 1));
}

bool align_idle_step(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                     const RstDoc *tb, Alignment *a, size_t max_blocks, size_t splice_blocks,
                     Alignment *removed, AlignSplice *out, bool *spliced)
{
	*spliced = false;
	if (!m || !m->npend)
		return false;
	BUG_ON(m->sn != sb->n || m->tn != tb->n);
	if (align_idle_splice_due(m, splice_blocks)) {
		/* a step of its own: the splice (the stepped's work is per
		 * segment: more of it in a step that aligned as well) */
		size_t hu0 = m->hu0, u1 = m->hu1, k0 = m->useg.v[hu0], k1 = m->useg.v[u1];
		for (size_t v = hu0; v < u1; v += 2) {
			BUG_ON(!m->upend.v[v] && unit_blocks(m, v));
			m->npend -= m->upend.v[v];
			m->upend.v[v] = 0;
		}
		memcpy(m->useg.v + hu0, m->hold_useg.v, (u1 - hu0) * sizeof(size_t));
		long dk = (long)m->hold.n - (long)(k1 - k0);
		for (size_t v = u1; dk && v < m->useg.n; v++)
			m->useg.v[v] = (size_t)((long)m->useg.v[v] + dk);
		splice_segments(a, k0, k1, &m->hold, 0, removed);
		*out = (AlignSplice){k0, k1, m->hold.n, false};
		*spliced = true;
		hold_drop(m);
		return true;
	}
	size_t u, u1;
	if (m->hu0 == m->hu1) {
		u = pending_unit(m, 0);
		BUG_ON(u == SIZE_MAX);
		m->hu0 = m->hu1 = u;
		u1 = u + 1;
	} else {
		u = m->hu1; /* the anchor after the hold, then a stretch */
		u1 = u + 2;
	}
	size_t blocks = 0;
	for (size_t v = u; v < u1; v++)
		blocks += unit_blocks(m, v);
	while (unit_joins(m, u1) && blocks < max_blocks) {
		blocks += 2 + unit_blocks(m, u1 + 1);
		u1 += 2;
	}
	Ctx c;
	memset(&c, 0, sizeof(c));
	c.trim = true;
	c.s = side_src(m, src, sb);
	c.t = side_tgt(m, tgt, tb);
	/* units_segments writes where each unit starts into useg: kept in
	 * hold_useg, useg as it was (the alignment has the placeholders) */
	size_t k0 = m->useg.v[m->hu0];
	VEC_RESERVE(&m->hold_useg, m->hold_useg.n + (u1 - u));
	size_t *keep = xmalloc((u1 - u) * sizeof(size_t));
	memcpy(keep, m->useg.v + u, (u1 - u) * sizeof(size_t));
	units_segments(&c, m, u, u1, &m->hold, k0, NULL, false);
	memcpy(m->hold_useg.v + m->hold_useg.n, m->useg.v + u, (u1 - u) * sizeof(size_t));
	m->hold_useg.n += u1 - u;
	memcpy(m->useg.v + u, keep, (u1 - u) * sizeof(size_t));
	free(keep);
	m->hu1 = u1;
	m->hold_blocks += blocks;
	return true; /* the splice: a step of its own */
}

bool align_idle_splice_due(const AlignMemo *m, size_t splice_blocks)
{
	return m && m->hu0 != m->hu1 && (m->hold_blocks >= splice_blocks || !unit_joins(m, m->hu1));
}

bool align_step(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                const RstDoc *tb, Alignment *a, size_t seg, size_t max_blocks,
                Alignment *removed, AlignSplice *out)
{
	if (m)
		hold_drop(m);
	size_t u = m ? pending_unit(m, seg) : SIZE_MAX;
	if (u == SIZE_MAX)
		return false;
	BUG_ON(m->sn != sb->n || m->tn != tb->n);
	/* units [u, u1): u, then the anchor and the stretch after it while
	 * that is pending or empty (two anchors in a row: nothing to align)
	 * and fewer than max_blocks blocks were taken (one splice for all: a
	 * splice moves every segment after it) */
	size_t U = m->upend.n, u1 = u + 1, blocks = unit_blocks(m, u);
	while (u1 + 1 < U && blocks < max_blocks) {
		size_t nb = unit_blocks(m, u1 + 1);
		if (!m->upend.v[u1 + 1] && nb)
			break;
		blocks += 2 + nb;
		u1 += 2;
	}
	for (size_t v = u; v < u1; v += 2) {
		BUG_ON(!m->upend.v[v] && unit_blocks(m, v));
		m->npend -= m->upend.v[v];
		m->upend.v[v] = 0;
	}
	Ctx c;
	memset(&c, 0, sizeof(c));
	c.trim = true;
	c.s = side_src(m, src, sb);
	c.t = side_tgt(m, tgt, tb);
	size_t k0 = m->useg.v[u], k1 = m->useg.v[u1];
	Alignment mid;
	align_init(&mid);
	units_segments(&c, m, u, u1, &mid, k0, NULL, false);
	long dk = (long)mid.n - (long)(k1 - k0);
	for (size_t v = u1; dk && v < m->useg.n; v++)
		m->useg.v[v] = (size_t)((long)m->useg.v[v] + dk);
	splice_segments(a, k0, k1, &mid, 0, removed);
	*out = (AlignSplice){k0, k1, mid.n, false};
	align_release(&mid);
	return true;
}

void align_docs(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                Alignment *a)
{
	align_docs_memo(src, sb, tgt, tb, a, NULL);
}
