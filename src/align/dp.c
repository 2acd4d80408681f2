/*
 * The scores of the moves (1:1, 1:0, 0:1, 2:1, 1:2) and the banded dynamic
 * program both passes run (one file: the scores are the DP's inner loop).
 */
#include "align-private.h"
#include <math.h>
#include <pthread.h>

/* ---- scoring ----------------------------------------------------------- */

static size_t overlap(const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
	size_t i = 0, j = 0, k = 0;
	while (i < na && j < nb) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else
			k++, i++, j++;
	}
	return k;
}

/* Tokens: share of the smaller set found in the other, weighted by how
 * many there are to go on; in about -1.4..+2.6. */
static double tok_score(size_t inter, size_t na, size_t nb)
{
	size_t m = MIN(na, nb);
	if (!m)
		return 0;
	double sim = (double)inter / (double)m;
	double conf = MIN(1.0, (double)m / 4.0);
	return 4.0 * (sim - 0.35) * conf;
}

#ifndef LEN_WEIGHT
#define LEN_WEIGHT 1.2
#endif

/* Length: penalty for a target far from 0.64 (translated) or 1.0 (not)
 * times the source. */
double len_score(size_t ls, size_t lt, bool hangul)
{
	double expect = hangul ? 0.64 : 1.0;
	double r = ((double)lt + 12.0) / (expect * (double)ls + 12.0);
	if (r < 1)
		r = 1 / r;
	double p = 2.0 * (r - 1.0) / (r + 1.0); /* ~ ln r near 1, at most 2 */
	return -LEN_WEIGHT * p;
}

static bool proseish(BlockKind k)
{
	return k == BK_PARAGRAPH || k == BK_LIST_ITEM || k == BK_FIELD || k == BK_OTHER;
}

/* Code: 12 for the same code, else by the share of lines in common (in
 * of them, na and nb lines). */
static double code_share(size_t in, size_t na, size_t nb)
{
	size_t un = na + nb - in;
	double j = un ? (double)in / (double)un : 0;
	return 12.0 * j - 4.0;
}

static double code_score(const Feat *a, const Feat *b)
{
	if (a->code_hash == b->code_hash)
		return 12.0;
	return code_share(overlap(feat_lines(a), a->nlines, feat_lines(b), b->nlines), a->nlines, b->nlines);
}

/* Two titles: by level, the same text, the tokens in common (inter of
 * them) and length. */
static double title_part(const Feat *a, const Feat *b, size_t inter)
{
	double sc = 4.0 + (a->title_level == b->title_level ? 2.0 : -3.0);
	if (a->text_hash == b->text_hash)
		sc += 4.0;
	return sc + tok_score(inter, a->ntok, b->ntok);
}

/* the length's part is at most 0 */
static double title_score(const Feat *a, const Feat *b, size_t inter)
{
	return title_part(a, b, inter) + 0.5 * len_score(a->len, b->len, b->hangul);
}

double score_anchor(const Ctx *c, size_t si, size_t ti)
{
	const Block *a = &c->s.d->v[si], *b = &c->t.d->v[ti];
	const Feat *fa = side_f(&c->s, si), *fb = side_f(&c->t, ti);
	if (a->kind != b->kind)
		return FORBID;
	if (a->kind == BK_LITERAL)
		return code_score(fa, fb);
	return title_score(fa, fb, overlap(feat_tok(fa), fa->ntok, feat_tok(fb), fb->ntok));
}

/* The anchors' pass: score_anchor of the i-th source and j-th target
 * anchor from their keys (c->sk, c->tk: in the pass's order, so a row of
 * cells reads them in sequence), the features' lists read only when the
 * bits say they may share a line or token. */
static bool share_bits(const AnchorKey *a, const AnchorKey *b)
{
	return (a->bits[0] & b->bits[0]) | (a->bits[1] & b->bits[1]);
}


/* The score; or, when even a bound of it (code: all of the smaller
 * block's lines in the other; a title: all of the fewer tokens in common,
 * the length's part 0) could not bring prev + score up to g (the cell's
 * best gap), that bound instead: the cell then takes the gap, as with the
 * exact score (the scores grow with what is in common, and rounding
 * keeps the order: prev + score <= prev + bound).  The bound spares
 * reading the code's lines or the titles' tokens and the length's part.
 * g = FORBID * 2: no bound. */
static inline double score_anchor_keyed(const Ctx *c, size_t i, size_t j, double prev, double g)
{
	const AnchorKey *a = &c->sk[i], *b = &c->tk[j];
	if (a->kind != b->kind)
		return FORBID;
	const Feat *fa = a->f, *fb = b->f;
	if (a->kind == BK_LITERAL) {
		if (a->hash == b->hash)
			return 12.0;
		if (!share_bits(a, b))
			return -4.0; /* code_share(0, ...), no division */
		c->work->shared++;
		double ub = code_share(MIN(fa->nlines, fb->nlines), fa->nlines, fb->nlines);
		if (prev + ub < g)
			return ub;
		c->work->read++;
		return code_score(fa, fb);
	}
	/* a title: the same with the tokens (all of the fewer in common,
	 * if the bits say they may share one) and the length (<= 0) */
	bool sh = share_bits(a, b);
	double ub = title_part(fa, fb, sh ? MIN(fa->ntok, fb->ntok) : 0);
	c->work->titles++;
	if (prev + ub < g)
		return ub;
	c->work->titles_scored++;
	if (sh)
		ub = title_part(fa, fb, overlap(feat_tok(fa), fa->ntok, feat_tok(fb), fb->ntok));
	return ub + 0.5 * len_score(fa->len, fb->len, fb->hangul);
}

static double score_pair(const Ctx *c, size_t si, size_t ti)
{
	const Block *a = &c->s.d->v[si], *b = &c->t.d->v[ti];
	const Feat *fa = side_f(&c->s, si), *fb = side_f(&c->t, ti);
	if ((a->kind == BK_TITLE) != (b->kind == BK_TITLE))
		return FORBID;
	if (a->kind == BK_TITLE)
		return score_anchor(c, si, ti) - 2.0;
	if (fa->text_hash == fb->text_hash)
		return 10.0;
	double sc = 0;
	/* A table rewritten as a list-table (Hangul breaks grid tables). */
	if ((a->kind == BK_TABLE && b->kind == BK_DIRECTIVE && str_ends_with(rst_block_name(b), "table")) ||
	    (b->kind == BK_TABLE && a->kind == BK_DIRECTIVE && str_ends_with(rst_block_name(a), "table")))
		sc += 4.5;
	if (a->kind == b->kind)
		sc += 2.0;
	else if (proseish(a->kind) && proseish(b->kind))
		sc += 0.5;
	else
		sc -= 2.5;
	sc += a->depth == b->depth ? 0.5 : -0.5;
	sc += a->indent == b->indent ? 0.3 : 0;
	if (a->kind == BK_DIRECTIVE && b->kind == BK_DIRECTIVE) {
		sc += str_eq(rst_block_name(a), rst_block_name(b)) ? 3.0 : 0;
		sc += str_eq(rst_block_arg(a), rst_block_arg(b)) ? 1.0 : 0;
	}
	if (a->kind == BK_LITERAL && b->kind == BK_LITERAL)
		return sc + code_score(fa, fb) * 0.5;
	sc += tok_score(overlap(feat_tok(fa), fa->ntok, feat_tok(fb), fb->ntok), fa->ntok, fb->ntok);
	if (proseish(a->kind) && proseish(b->kind))
		sc += len_score(fa->len, fb->len, fb->hangul);
	return sc;
}

#ifndef MERGE_COST
#define MERGE_COST 1.1
#endif

/* 2:1 or 1:2: two prose blocks of one side into one of the other. */
static double score_merge(const Side *two, size_t x, const Side *one, size_t y, bool two_is_src)
{
	const Block *a0 = &two->d->v[x], *a1 = &two->d->v[x + 1], *b = &one->d->v[y];
	if (!proseish(a0->kind) || !proseish(a1->kind) || !proseish(b->kind) ||
	    a0->depth != a1->depth || a0->parent != a1->parent)
		return FORBID;
	const Feat *f0 = side_f(two, x), *f1 = side_f(two, x + 1), *fb = side_f(one, y);
	double sc = (a0->kind == b->kind ? 2.0 : 0.5) + (a0->depth == b->depth ? 0.5 : -0.5) +
	            (a0->indent == b->indent ? 0.3 : 0);
	size_t in0 = overlap(feat_tok(f0), f0->ntok, feat_tok(fb), fb->ntok);
	size_t in1 = overlap(feat_tok(f1), f1->ntok, feat_tok(fb), fb->ntok);
	size_t in = in0 + in1;
	size_t n2 = f0->ntok + f1->ntok;
	sc += tok_score(MIN(in, MIN(n2, fb->ntok)), n2, fb->ntok);
	size_t l2 = f0->len + f1->len;
	if (two_is_src)
		sc += len_score(l2, fb->len, fb->hangul);
	else
		sc += len_score(fb->len, l2, f0->hangul || f1->hangul);
	return sc - MERGE_COST;
}

static double score_move(const Ctx *c, size_t i, size_t a, size_t j, size_t b)
{
	if (a == 0 || b == 0)
		return c->anchors ? GAP_ANCHOR : GAP_BLOCK;
	if (c->anchors)
		return score_anchor_keyed(c, i, j, 0, FORBID * 2);
	size_t si = c->si[i], ti = c->ti[j];
	if (a == 1 && b == 1)
		return score_pair(c, si, ti);
	if (a == 2)
		return score_merge(&c->s, si, &c->t, ti, true);
	return score_merge(&c->t, ti, &c->s, si, false);
}

/* ---- the banded DP ----------------------------------------------------- */

/* The DP's cells, row by row: best[off[i] + j - lo[i]] the best score of
 * (i, j), mv[...] the move that reached it (255: none). */
static void fill(const Ctx *c, size_t n, size_t m, size_t nmoves, bool full, const size_t *lo,
                 const size_t *hi, const size_t *off, double *best, unsigned char *mv)
{
	for (size_t i = 0; i <= n; i++) {
		for (size_t j = lo[i]; j <= hi[i]; j++) {
			size_t at = off[i] + (j - lo[i]);
			if (i == 0 && j == 0) {
				best[at] = 0;
				mv[at] = 255;
				continue;
			}
			double bs = FORBID * 2;
			unsigned char bm = 255;
			for (size_t k = 0; k < nmoves; k++) {
				size_t a = moves_all[k].a, b = moves_all[k].b;
				if (a > i || b > j)
					continue;
				size_t pi = i - a, pj = j - b;
				if (pj < lo[pi] || pj > hi[pi])
					continue;
				double prev = best[off[pi] + (pj - lo[pi])];
				if (prev <= FORBID)
					continue;
				double s;
				if (c->cache && full) {
					double *x = &c->cache[(i * (m + 1) + j) * 5 + k];
					if (isnan(*x))
						*x = score_move(c, pi, a, pj, b);
					s = *x;
				} else {
					s = score_move(c, pi, a, pj, b);
				}
				if (s <= FORBID)
					continue;
				if (prev + s > bs) {
					bs = prev + s;
					bm = (unsigned char)k;
				}
			}
			best[at] = bm == 255 ? FORBID * 2 : bs;
			mv[at] = bm;
		}
	}
}

/* The same for the anchors' pass (moves 1:1, 1:0, 0:1; gaps a constant),
 * the scores read from the keys: most of the first frame's pass.  Its
 * moves reach back one row: two rows of scores (best is not written), the
 * moves of every cell in mv. */
static void fill_anchors(const Ctx *c, size_t n, const size_t *lo, const size_t *hi,
                         const size_t *off, unsigned char *mv)
{
	size_t w = 1;
	for (size_t i = 0; i <= n; i++)
		w = MAX(w, hi[i] - lo[i] + 1);
	double *rows = xmalloc(2 * w * sizeof(double));
	for (size_t i = 0; i <= n; i++) {
		double *cur = rows + (i % 2) * w, *prv = rows + ((i + 1) % 2) * w;
		size_t pl = i ? lo[i - 1] : 0, ph = i ? hi[i - 1] : 0;
		for (size_t j = lo[i]; j <= hi[i]; j++) {
			size_t at = j - lo[i];
			if (i == 0 && j == 0) {
				cur[0] = 0;
				mv[0] = 255;
				continue;
			}
			/* the best gap first (up before left on a tie), then the
			 * match, which wins a tie: the order 1:1, 1:0, 0:1 of fill */
			double bs = FORBID * 2, prev;
			unsigned char bm = 255;
			if (i && j >= pl && j <= ph && (prev = prv[j - pl]) > FORBID) {
				bs = prev + GAP_ANCHOR;
				bm = 1;
			}
			if (j > lo[i] && (prev = cur[at - 1]) > FORBID && prev + GAP_ANCHOR > bs) {
				bs = prev + GAP_ANCHOR;
				bm = 2;
			}
			if (i && j && j - 1 >= pl && j - 1 <= ph && (prev = prv[j - 1 - pl]) > FORBID) {
				double sc = score_anchor_keyed(c, i - 1, j - 1, prev, bs);
				if (sc > FORBID && prev + sc >= bs) {
					bs = prev + sc;
					bm = 0;
				}
			}
			cur[at] = bm == 255 ? FORBID * 2 : bs;
			mv[off[i] + at] = bm;
		}
	}
	free(rows);
}

/* The DP of an n x m table whose rows keep to columns [lo[i], hi[i]]
 * (connected: a row starts no later than the last one ends; hi[n] = m):
 * appends its steps in order to out, their indices shifted by di and dj. */
static void dp_band(const Ctx *c, size_t n, size_t m, size_t nmoves, bool full, const size_t *lo,
                    const size_t *hi, size_t di, size_t dj, StepVec *out)
{
	if (n == 0 && m == 0)
		return;
	size_t *off = xmalloc((n + 2) * sizeof(size_t));
	xprefault(off, (n + 2) * sizeof(size_t)); /* written whole below */
	off[0] = 0;
	for (size_t i = 0; i <= n; i++)
		off[i + 1] = off[i] + (hi[i] - lo[i] + 1);
	size_t cells = off[n + 1];
	unsigned char *mv = xmalloc(cells);
	xprefault(mv, cells); /* and the moves, by the fill */
	double *best = NULL;
	if (c->anchors && nmoves == 3 && !c->cache) {
		fill_anchors(c, n, lo, hi, off, mv);
	} else {
		best = xmalloc(cells * sizeof(double));
		xprefault(best, cells * sizeof(double));
		fill(c, n, m, nmoves, full, lo, hi, off, best, mv);
	}
	/* Trace back from (n, m). */
	StepVec rev = {0};
	size_t i = n, j = m;
	while (i > 0 || j > 0) {
		unsigned char k = mv[off[i] + (j - lo[i])];
		BUG_ON(k == 255);
		size_t a = moves_all[k].a, b = moves_all[k].b;
		Step st = {i - a + di, a, j - b + dj, b};
		VEC_PUSH(&rev, st);
		i -= a;
		j -= b;
	}
	for (size_t k = rev.n; k-- > 0;)
		VEC_PUSH(out, rev.v[k]);
	VEC_FREE(&rev);
	free(best);
	free(mv);
	free(off);
}

/* Keep rows [0, n] of a band connected: a row starts no later than the
 * last one ends, and the last one ends at m. */
static void band_connect(size_t n, size_t m, size_t *lo, size_t *hi)
{
	for (size_t i = 1; i <= n; i++)
		if (lo[i] > hi[i - 1])
			lo[i] = hi[i - 1];
	hi[n] = m;
}

/* The anchors' banded pass of many rows is cut in two at a sure match and
 * its halves filled at once, the second on a thread (at 1M lines the pass
 * was ~120 ms of the first frame, on one core of two).  Sure: a code
 * anchor of the middle rows whose code the band's target anchors have
 * once, the nearest source rows not at all (a translation keeps its code:
 * such a pair scores 12, and the one-shot pass matched it on the corpus
 * and the generated pairs: test_banded_anchors_unchanged).  The halves
 * keep the whole table's band, so either reads the cells it read. */
#define ANCHOR_SPLIT_ROWS 2048
#define ANCHOR_SPLIT_TRIES 256

/* The source row of the sure match nearest the middle and its target
 * column (*si, *sj): cells (si, sj) and (si + 1, sj + 1) in the band. */
static bool anchors_split(const Ctx *c, size_t n, size_t m, const size_t *lo, const size_t *hi,
                          size_t *si, size_t *sj)
{
	size_t tries = 0;
	for (size_t d = 0; d < n / 4 && tries < ANCHOR_SPLIT_TRIES; d++) {
		for (int side = 0; side < 2 && tries < ANCHOR_SPLIT_TRIES; side++) {
			if (side && !d)
				continue;
			size_t i = side ? n / 2 - d : n / 2 + d;
			const AnchorKey *a = &c->sk[i];
			if (a->kind != BK_LITERAL || hi[i + 1] == 0)
				continue;
			tries++;
			/* the code's target anchors near the band: exactly one, in it */
			size_t w0 = lo[i] > BAND ? lo[i] - BAND : 0, w1 = MIN(m, hi[i] + BAND);
			size_t at = SIZE_MAX, count = 0;
			for (size_t j = w0; j < w1 && count < 2; j++)
				if (c->tk[j].kind == BK_LITERAL && c->tk[j].hash == a->hash) {
					count++;
					at = j;
				}
			if (count != 1 || at < lo[i] || at > hi[i] || at + 1 < lo[i + 1] || at + 1 > hi[i + 1])
				continue;
			bool alone = true;
			for (size_t k = i > 2 * BAND ? i - 2 * BAND : 0; k < MIN(n, i + 2 * BAND + 1) && alone; k++)
				alone = k == i || c->sk[k].kind != BK_LITERAL || c->sk[k].hash != a->hash;
			if (alone) {
				*si = i;
				*sj = at;
				return true;
			}
		}
	}
	return false;
}

typedef struct HalfDp {
	Ctx c;
	AlignAnchorWork work;
	size_t n, m, di, dj;
	size_t *lo, *hi;
	StepVec steps;
	pthread_t t;
} HalfDp;

static void *half_dp_run(void *arg)
{
	HalfDp *h = arg;
	dp_band(&h->c, h->n, h->m, 3, false, h->lo, h->hi, h->di, h->dj, &h->steps);
	return NULL;
}

/* The anchors' pass of an n x m band (lo, hi) cut at the match of source
 * anchor si with target anchor sj: rows [0, si] to column sj here, rows
 * [si + 1, n] from column sj + 1 on a thread (here when none starts). */
static void dp_split(const Ctx *c, size_t n, size_t m, const size_t *lo, const size_t *hi,
                     size_t si, size_t sj, StepVec *out)
{
	HalfDp h = {.c = *c, .n = n - si - 1, .m = m - sj - 1, .di = si + 1, .dj = sj + 1};
	h.c.sk += si + 1;
	h.c.tk += sj + 1;
	h.c.si += si + 1;
	h.c.ti += sj + 1;
	h.c.work = &h.work;
	h.lo = xmalloc((h.n + 1) * sizeof(size_t));
	h.hi = xmalloc((h.n + 1) * sizeof(size_t));
	for (size_t i = 0; i <= h.n; i++) {
		h.lo[i] = MAX(lo[si + 1 + i], sj + 1) - (sj + 1);
		h.hi[i] = hi[si + 1 + i] - (sj + 1);
	}
	band_connect(h.n, h.m, h.lo, h.hi);
	bool threaded = pthread_create(&h.t, NULL, half_dp_run, &h) == 0;
	size_t *lo1 = xmalloc((si + 1) * sizeof(size_t)), *hi1 = xmalloc((si + 1) * sizeof(size_t));
	for (size_t i = 0; i <= si; i++) {
		hi1[i] = MIN(hi[i], sj);
		lo1[i] = MIN(lo[i], hi1[i]);
	}
	band_connect(si, sj, lo1, hi1);
	dp_band(c, si, sj, 3, false, lo1, hi1, 0, 0, out);
	VEC_PUSH(out, ((Step){si, 1, sj, 1}));
	if (threaded)
		pthread_join(h.t, NULL);
	else
		half_dp_run(&h);
	for (size_t k = 0; k < h.steps.n; k++)
		VEC_PUSH(out, h.steps.v[k]);
	c->work->shared += h.work.shared;
	c->work->read += h.work.read;
	c->work->titles += h.work.titles;
	c->work->titles_scored += h.work.titles_scored;
	c->work->splits += h.work.splits + 1;
	VEC_FREE(&h.steps);
	free(h.lo);
	free(h.hi);
	free(lo1);
	free(hi1);
}

/* Align sequences of n and m elements (c->si, c->ti) with nmoves moves;
 * appends the steps in order to out. */
void dp(const Ctx *c, size_t n, size_t m, size_t nmoves, StepVec *out)
{
	if (n == 0 && m == 0)
		return;
	size_t *lo = xmalloc((n + 1) * sizeof(size_t)), *hi = xmalloc((n + 1) * sizeof(size_t));
	/* these tables are written whole (below) */
	xprefault(lo, (n + 1) * sizeof(size_t));
	xprefault(hi, (n + 1) * sizeof(size_t));
	bool full = (double)(n + 1) * (double)(m + 1) <=
	            (c->anchors ? ANCHOR_FULL_DP_CELLS : FULL_DP_CELLS);
	size_t slope = n ? (m + n - 1) / n : m;
	for (size_t i = 0; i <= n; i++) {
		if (full || n == 0) {
			lo[i] = 0;
			hi[i] = m;
		} else {
			size_t c0 = (size_t)((double)i * (double)m / (double)n);
			lo[i] = c0 > BAND ? c0 - BAND : 0;
			hi[i] = MIN(m, c0 + BAND + slope);
		}
	}
	band_connect(n, m, lo, hi);
	size_t si, sj;
	if (c->anchors && nmoves == 3 && !c->cache && !full && n >= ANCHOR_SPLIT_ROWS &&
	    anchors_split(c, n, m, lo, hi, &si, &sj))
		dp_split(c, n, m, lo, hi, si, sj, out);
	else
		dp_band(c, n, m, nmoves, full, lo, hi, 0, 0, out);
	free(lo);
	free(hi);
}
