/*
 * align_update: aligning again after an edit of the target, only the units
 * the change reaches (the anchors matched again locally in large documents).
 */
#include "align-private.h"

/* Large documents (an anchors' pass over more than ANCHOR_FULL_DP_CELLS
 * cells, thousands of lines): target anchors [t0, t0 + old_n) changed
 * (now [t0, t0 + new_n)); the matches before and after them (oms, omt:
 * the old ones, oK of them) stay, the anchors between the nearest ones
 * that stay (LOCAL_ANCHOR_MARGIN more on each side) are matched again by
 * the same pass on that stretch alone. */
#define LOCAL_ANCHOR_MARGIN 2
static void rematch_local(Ctx *c, AlignMemo *m, const size_t *oms, const size_t *omt, size_t oK,
                          size_t t0, size_t old_n, long dn, size_t *keep_lo, size_t *keep_hi)
{
	/* The matches are ascending on both sides, and so are the source
	 * anchors: the stretch is found by bisection and copied in slices,
	 * not pushed one by one (~60k matches at 1M lines, every key that
	 * changes an anchor). */
	size_t r0 = count_below(omt, oK, t0);          /* matches [0, r0) stay as they were */
	size_t r1 = count_below(omt, oK, t0 + old_n); /* matches [r1, oK) stay, shifted */
	r0 = r0 > LOCAL_ANCHOR_MARGIN ? r0 - LOCAL_ANCHOR_MARGIN : 0;
	r1 = r1 + LOCAL_ANCHOR_MARGIN < oK ? r1 + LOCAL_ANCHOR_MARGIN : oK;
	/* the stretch: source blocks (s_lo, s_hi), target (t_lo, t_hi), new numbering */
	size_t s_lo = r0 ? oms[r0 - 1] + 1 : 0, s_hi = r1 < oK ? oms[r1] : m->sn;
	size_t t_lo = r0 ? omt[r0 - 1] + 1 : 0;
	size_t t_hi = r1 < oK ? (size_t)((long)omt[r1] + dn) : m->tn;
	size_t sa0 = count_below(m->sa.v, m->sa.n, s_lo);
	size_t sa1 = MAX(sa0, count_below(m->sa.v, m->sa.n, s_hi));
	const size_t *sa = m->sa.v + sa0;
	VEC(size_t) ta = {0};
	for (size_t k = t_lo; k < t_hi; k++)
		if (is_anchor_kind(memo_tf(m, k)->kind))
			VEC_PUSH(&ta, k);
	StepVec steps = {0};
	anchors_dp(c, sa, sa1 - sa0, ta.v, ta.n, &steps);
	size_t mid = 0;
	for (size_t k = 0; k < steps.n; k++)
		mid += steps.v[k].a == 1 && steps.v[k].b == 1;
	size_t K = r0 + mid + (oK - r1);
	VEC_RESERVE(&m->ms, K);
	VEC_RESERVE(&m->mt, K);
	/* matches [0, r0) are there: m->ms and m->mt hold oms and omt (the
	 * caller's copies) */
	BUG_ON(m->ms.n != oK || m->mt.n != oK);
	size_t r = r0;
	for (size_t k = 0; k < steps.n; k++) {
		Step *st = &steps.v[k];
		if (st->a == 1 && st->b == 1) {
			m->ms.v[r] = sa[st->i];
			m->mt.v[r++] = ta.v[st->j];
		}
	}
	memcpy(&m->ms.v[r], &oms[r1], (oK - r1) * sizeof(size_t));
	for (size_t x = r1; x < oK; x++)
		m->mt.v[r++] = (size_t)((long)omt[x] + dn);
	m->ms.n = m->mt.n = K;
	*keep_lo = r0;
	*keep_hi = oK - r1;
	repair_titles(c, m, r0, r0 + mid, keep_lo, keep_hi);
	VEC_FREE(&steps);
	VEC_FREE(&ta);
}

/* Is old unit u (under old matches, old numbering) the same blocks as new
 * unit v: the same source blocks, and target blocks outside the changed
 * ones [t0, t0 + old_n) that are v's after the shift by dn? */
static bool unit_kept(const size_t *oms, const size_t *omt, size_t oK, size_t otn,
                      const AlignMemo *m, size_t u, size_t v, size_t t0, size_t old_n, long dn)
{
	if (u % 2 != v % 2)
		return false;
	size_t a0, a1, b0, b1, c0, c1, d0, d1;
	unit_range(oms, omt, oK, m->sn, otn, u, &a0, &a1, &b0, &b1);
	unit_range(m->ms.v, m->mt.v, m->ms.n, m->sn, m->tn, v, &c0, &c1, &d0, &d1);
	if (a0 != c0 || a1 != c1)
		return false;
	if (b1 <= t0 && d0 == b0 && d1 == b1)
		return true;
	return b0 >= t0 + old_n && (long)d0 == (long)b0 + dn && (long)d1 == (long)b1 + dn;
}

/* The changed blocks' anchors against the old ones: true when both
 * windows hold the same anchor sequence (old block t0 + wo[x] is then new
 * block t0 + wn[x], *nw of them).  Keeps m->tan, the count of target
 * anchors, up to date. */
static bool window_anchors(AlignMemo *m, const Feat *nf, size_t t0, size_t old_n, size_t new_n,
                           size_t *wo, size_t *wn, size_t *nw)
{
	bool same = true;
	size_t i = 0, j = 0;
	*nw = 0;
	for (;;) {
		while (i < old_n && !is_anchor_kind(memo_tf(m, t0 + i)->kind))
			i++;
		while (j < new_n && !is_anchor_kind(nf[j].kind))
			j++;
		if (i == old_n || j == new_n) {
			same = i == old_n && j == new_n;
			break;
		}
		if (!anchor_same(memo_tfeat(m, t0 + i), &nf[j])) {
			same = false;
			break;
		}
		wo[*nw] = i;
		wn[(*nw)++] = j;
		i++, j++;
	}
	for (size_t k = 0; k < old_n; k++)
		m->tan -= is_anchor_kind(memo_tf(m, t0 + k)->kind);
	for (size_t k = 0; k < new_n; k++)
		m->tan += is_anchor_kind(nf[k].kind);
	return same;
}

/* The gap of the target features moved to block g (g <= tn): the records
 * between the gap and g cross it. */
static void move_gap(AlignMemo *m, size_t g)
{
	size_t gn = m->tcap - m->tn;
	m->tmoved += g < m->tgap ? m->tgap - g : g - m->tgap;
	if (g < m->tgap)
		memmove(&m->tf[g + gn], &m->tf[g], (m->tgap - g) * sizeof(FeatRec));
	else if (g > m->tgap)
		memmove(&m->tf[m->tgap], &m->tf[m->tgap + gn], (g - m->tgap) * sizeof(FeatRec));
	m->tgap = g;
}

/* The target features: blocks [t0, t0 + old_n) become nf (adopted).  A
 * change in their number moves the gap to the change (the records in
 * between cross it: none for the next key at the same place) and writes
 * the new ones over the old and the gap. */
static void splice_features(AlignMemo *m, size_t t0, size_t old_n, size_t new_n, Feat *nf)
{
	for (size_t k = t0; k < t0 + old_n; k++)
		if (memo_tf(m, k)->at)
			pool_give(m->tp, memo_tf(m, k)->at);
	if (new_n != old_n) {
		size_t tn = m->tn + new_n - old_n;
		if (tn > m->tcap) {
			move_gap(m, m->tn); /* the records in one run, then more room */
			m->tf = xgrow(m->tf, &m->tcap, tn, sizeof(FeatRec));
		}
		move_gap(m, t0 + old_n);
		/* the old blocks then the gap: old_n + tcap - tn records from t0 */
		m->tn = tn;
		m->tgap = t0 + new_n;
	}
	/* the changed blocks keep their features (all of them, an anchor's
	 * what the anchors' pass reads) */
	for (size_t k = 0; k < new_n; k++) {
		FeatRec *r = memo_tf(m, t0 + k);
		*r = (FeatRec){nf[k].kind, nf[k].title_level, pool_take(m->tp)};
		*pool_at(m->tp, r->at) = nf[k];
	}
	free(nf);
}

/* The same anchor sequence scores the same: the old matches stay, those
 * after the change shifted, those in it moved to the same anchors there. */
static void shift_matches(AlignMemo *m, const size_t *omt, size_t oK, size_t t0, size_t old_n,
                          long dn, const size_t *wo, const size_t *wn, size_t nw)
{
	size_t x = 0;
	for (size_t r = count_below(omt, oK, t0); r < oK; r++) { /* those below t0 stay */
		if (omt[r] >= t0 + old_n) {
			m->mt.v[r] = (size_t)((long)omt[r] + dn);
		} else if (omt[r] >= t0) {
			while (x < nw && t0 + wo[x] < omt[r])
				x++;
			BUG_ON(x == nw || t0 + wo[x] != omt[r]);
			m->mt.v[r] = t0 + wn[x];
		}
	}
}

/* The kept score table (of a region not aligned now) is in the old
 * numbering: renumber it, or drop it where the change reached. */
static void renumber_scores(AlignMemo *m, size_t t0, size_t old_n, long dn)
{
	if (m->rc_t0 >= t0 + old_n) {
		m->rc_t0 = (size_t)((long)m->rc_t0 + dn);
		m->rc_t1 = (size_t)((long)m->rc_t1 + dn);
	} else if (m->rc_t1 > t0 || (m->rc_t1 == t0 && old_n)) {
		free(m->rc);
		m->rc = NULL;
	}
}

/* Move n segments from v[from] to v[to] (the ranges may overlap), their
 * target blocks by dn, in one pass over them: the tail of the table at
 * 1M lines is ~285k segments (5.7 MB), and a move then a shift read and
 * wrote it twice.  The copy runs against the move, as memmove's does. */
static void move_segments(Segment *v, size_t to, size_t from, size_t n, long dn)
{
	uint32_t d = (uint32_t)dn; /* modulo 2^32: the blocks stay in range */
	if (to == from) {
		for (size_t i = 0; d && i < n; i++)
			v[to + i].tgt += d;
	} else if (!d) {
		memmove(&v[to], &v[from], n * sizeof(Segment));
	} else if (to < from) {
		for (size_t i = 0; i < n; i++) {
			Segment g = v[from + i];
			g.tgt += d;
			v[to + i] = g;
		}
	} else {
		for (size_t i = n; i-- > 0;) {
			Segment g = v[from + i];
			g.tgt += d;
			v[to + i] = g;
		}
	}
}

/* Segments [k0, k1) of a become mid's (the old ones go to removed); the
 * target blocks of the segments after them move by dn. */
void splice_segments(Alignment *a, size_t k0, size_t k1, const Alignment *mid, long dn,
                            Alignment *removed)
{
	long dk = (long)mid->n - (long)(k1 - k0);
	removed->n = 0;
	for (size_t k = k0; k < k1; k++)
		VEC_PUSH(removed, a->v[k]);
	size_t an = (size_t)((long)a->n + dk), tail = a->n - k1;
	if (an > a->cap)
		a->v = xgrow(a->v, &a->cap, an, sizeof(Segment));
	move_segments(a->v, k0 + mid->n, k1, tail, dn);
	if (mid->n)
		memcpy(&a->v[k0], mid->v, mid->n * sizeof(Segment));
	a->n = an;
}

/* The last q + 1 units' starts us[U - q .. U] from the old ones' [oU - q,
 * oU], plus dk: ascending when they move down (each read before it is
 * written), descending when they move up (the old ones below U - q, which
 * units_segments overwrote, come from kept). */
static void move_unit_starts(size_t *us, size_t U, size_t oU, size_t q, long dk,
                             const size_t *kept)
{
	if (U <= oU && (dk || U != oU)) { /* else those entries are as they were */
		for (size_t v = U - q; v <= U; v++)
			us[v] = (size_t)((long)us[v - U + oU] + dk);
	} else if (U > oU) {
		for (size_t v = U + 1; v-- > U - q;) {
			size_t u = v - (U - oU);
			size_t x = u < U - q ? kept[u - (oU - q)] : us[u];
			us[v] = (size_t)((long)x + dk);
		}
	}
}

/* Does an edit of target blocks [t0, t0 + new_n) that keeps the anchors
 * reach a run repair_titles pairs again (before the features are
 * spliced: the numbering is the old one, the same)? */
static bool update_repairs(const AlignMemo *m, const Lines *src, const RstDoc *sb,
                           const Lines *tgt, const RstDoc *tb, size_t t0, size_t new_n)
{
	Ctx pc;
	memset(&pc, 0, sizeof(pc));
	pc.s = side_src(m, src, sb);
	pc.t = side_tgt(m, tgt, tb);
	return edit_in_repaired_run(&pc, m, t0, t0 + new_n);
}

/* A copy of v[0..n) (*owned set). */
static size_t *copy_indices(const size_t *v, size_t n, bool *owned)
{
	size_t *c = xmalloc((n + 1) * sizeof(size_t));
	if (n)
		memcpy(c, v, n * sizeof(size_t));
	*owned = true;
	return c;
}

void align_update(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                  const RstDoc *tb, Alignment *a, size_t t0, size_t old_n, size_t new_n,
                  Alignment *removed, AlignSplice *out)
{
	BUG_ON(t0 + old_n > m->tn || t0 + new_n > tb->n || m->tn - old_n + new_n != tb->n);
	BUG_ON(m->npend); /* align_step first, to the end */
	long dn = (long)new_n - (long)old_n;
	/* The changed blocks' features; are their anchors the same? */
	Feat *nf = xcalloc(new_n ? new_n : 1, sizeof(Feat));
	Buf tmp = BUF_INIT;
	for (size_t i = 0; i < new_n; i++)
		features(tgt, &tb->v[t0 + i], &nf[i], !is_anchor_kind(tb->v[t0 + i].kind), &tmp);
	buf_release(&tmp);
	size_t nw;
	size_t *wo = xmalloc((old_n + 1) * sizeof(size_t)), *wn = xmalloc((new_n + 1) * sizeof(size_t));
	bool same = window_anchors(m, nf, t0, old_n, new_n, wo, wn, &nw);
	/* The old matches and units, for what stays.  The same anchors at the
	 * same blocks (a key inside a paragraph): the matches stay as they are
	 * and the units' segment starts change in place (units_segments writes
	 * units [p, U - q) only), so nothing is copied. */
	bool in_place = same && !dn;
	for (size_t x = 0; in_place && x < nw; x++)
		in_place = wo[x] == wn[x];
	/* an edit in a run whose titles its prose pairs may pair them
	 * otherwise: the matches may change (the numbering is the same) */
	in_place = in_place && !update_repairs(m, src, sb, tgt, tb, t0, new_n);
	size_t oK = m->ms.n, otn = m->tn, oU = 2 * oK + 1;
	/* (the units' starts are not copied: m->useg is changed in place,
	 * below, where it is read; nor are the source sides of the matches
	 * when the anchors are the same: shift_matches leaves them) */
	size_t *oms = m->ms.v, *omt = m->mt.v;
	bool oms_owned = false; /* copied for a repair of the same anchors */
	if (!in_place) {
		if (!same) {
			oms = xmalloc((oK + 1) * sizeof(size_t));
			if (oK)
				memcpy(oms, m->ms.v, oK * sizeof(size_t));
		}
		omt = xmalloc((oK + 1) * sizeof(size_t));
		if (oK)
			memcpy(omt, m->mt.v, oK * sizeof(size_t));
	}
	splice_features(m, t0, old_n, new_n, nf);
	BUG_ON(m->tn != tb->n);
	Ctx c;
	memset(&c, 0, sizeof(c));
	c.s = side_src(m, src, sb);
	c.t = side_tgt(m, tgt, tb);
	/* matches [0, keep_lo) and the last keep_hi are the old ones, before
	 * and after the changed blocks: their units stay */
	size_t keep_lo = 0, keep_hi = 0;
	if (same) {
		keep_lo = count_below(omt, oK, t0);
		keep_hi = oK - count_below(omt, oK, t0 + old_n);
		if (!in_place) /* else every match stays */
			shift_matches(m, omt, oK, t0, old_n, dn, wo, wn, nw);
		if (!in_place && edit_in_repaired_run(&c, m, t0, t0 + new_n)) {
			if (oms == m->ms.v) /* repair_titles replaces m->ms */
				oms = copy_indices(oms, oK, &oms_owned);
			size_t r0 = count_below(m->mt.v, m->ms.n, t0);
			size_t r1 = count_below(m->mt.v, m->ms.n, t0 + new_n);
			repair_titles(&c, m, r0, r1, &keep_lo, &keep_hi);
		}
	} else if ((double)(m->sa.n + 1) * (double)(m->tan + 1) <= ANCHOR_FULL_DP_CELLS) {
		match_anchors(&c, m);
	} else {
		rematch_local(&c, m, oms, omt, oK, t0, old_n, dn, &keep_lo, &keep_hi);
	}
	size_t U = 2 * m->ms.n + 1;
	size_t p = MIN(2 * keep_lo, MIN(oU, U)), q = MIN(2 * keep_hi, MIN(oU, U) - p);
	while (p + q < oU && p + q < U && unit_kept(oms, omt, oK, otn, m, p, p, t0, old_n, dn))
		p++;
	while (q < oU - p && q < U - p &&
	       unit_kept(oms, omt, oK, otn, m, oU - 1 - q, U - 1 - q, t0, old_n, dn))
		q++;
	/* The new segments of units [p, U - q). */
	BUG_ON(in_place && U != oU);
	VEC_RESERVE(&m->useg, U + 1); /* in place: U == oU, no move */
	m->useg.n = U + 1;
	/* none is pending (npend 0): the old units' flags are 0, the new ones
	 * are set to 0 */
	VEC_RESERVE(&m->upend, U);
	if (U > m->upend.n)
		memset(m->upend.v + m->upend.n, 0, U - m->upend.n);
	m->upend.n = U;
	/* m->useg: units [0, p) start where they did; units [p, U - q) are
	 * written by units_segments; the last q + 1 are the old ones' [oU - q,
	 * oU] moved by U - oU and dk.  When U > oU the old [oU - q, U - q),
	 * which units_segments overwrites, are kept first (2 entries a match
	 * added: a few). */
	size_t k0 = m->useg.v[p], k1 = m->useg.v[oU - q];
	size_t ov = U > oU ? U - oU : 0, nkept = MIN(ov, q + 1); /* those read */
	size_t *kept = xmalloc((nkept + 1) * sizeof(size_t));
	if (nkept)
		memcpy(kept, &m->useg.v[oU - q], nkept * sizeof(size_t));
	Alignment mid;
	align_init(&mid);
	Change ch = {t0, old_n, new_n};
	double *rc0 = m->rc;
	units_segments(&c, m, p, U - q, &mid, k0, &ch, false);
	if (m->rc && m->rc == rc0)
		renumber_scores(m, t0, old_n, dn);
	long dk = (long)mid.n - (long)(k1 - k0);
	move_unit_starts(m->useg.v, U, oU, q, dk, kept);
	free(kept);
	splice_segments(a, k0, k1, &mid, dn, removed);
	out->k0 = k0;
	out->k1 = k1;
	out->wn = mid.n;
	out->anchors = !same;
	align_release(&mid);
	if (!in_place) {
		if (!same || oms_owned)
			free(oms);
		free(omt);
	}
	free(wo);
	free(wn);
}
