/*
 * Titles an RST error left without a partner: the runs the anchors' pass
 * paired in order, paired again (repair_titles).
 */
#include "align-private.h"
#include "yeok/text.h"

/* ---- titles an RST error left without a partner ---------------------------
 * Titles carry little to pair them by once translated (a level, a length):
 * where one side has a title the other lost (a title glued to the text above
 * it, `결론` over `---`, which docutils reads as text) the anchors' pass
 * pairs the titles in order, and every section after the lost one shifts
 * by one up to the next sure anchor.  So between two sure anchors (code, a
 * title with the same text or English in common: the delimiters) where the
 * two sides have different numbers of titles, which titles pair is decided
 * again with what lies between them: the number of blocks and their length
 * (a section's prose keeps its shape in translation).  The titles that did
 * pair stay anchors on both sides of the lost one; it is left without a
 * partner (a 1:0 segment in its region).  Runs are independent, so doing
 * this on one run (align_update) gives what doing it on all does. */
#define REPAIR_MAX_TITLES 32
#define REPAIR_BLOCK_DIFF 0.8

/* Is the match of anchors s and t a delimiter (sure whatever the titles
 * around it do): code, or a title with the same text (untranslated)?
 * repair_run never makes such a pair, so the delimiters are the anchors'
 * pass's own and the runs are the same before and after a repair. */
static bool match_sure(const Ctx *c, size_t s, size_t t)
{
	const Feat *a = side_f(&c->s, s), *b = side_f(&c->t, t);
	if (a->kind != BK_TITLE)
		return true; /* code */
	return a->text_hash == b->text_hash;
}

/* Blocks other than titles in [from, to) of a side and their bytes, as
 * prefix sums over [from, to). */
typedef struct Shape {
	size_t from;
	size_t *n, *len;
	bool hangul;
} Shape;

static void shape_make(const Side *sd, size_t from, size_t to, Shape *sh)
{
	sh->from = from;
	sh->n = xcalloc(to - from + 1, sizeof(size_t));
	sh->len = xcalloc(to - from + 1, sizeof(size_t));
	sh->hangul = false;
	for (size_t k = from; k < to; k++) {
		const Block *b = &sd->d->v[k];
		size_t bytes = 0;
		if (b->kind != BK_TITLE)
			for (size_t i = b->first; i <= b->last; i++) {
				Str ln = lines_get(sd->l, i);
				bytes += ln.n;
				for (size_t x = 0; x < ln.n && !sh->hangul; x++)
					sh->hangul = (unsigned char)ln.p[x] >= 0xEA && (unsigned char)ln.p[x] <= 0xED;
			}
		sh->n[k - from + 1] = sh->n[k - from] + (b->kind != BK_TITLE);
		sh->len[k - from + 1] = sh->len[k - from] + bytes;
	}
}

static void shape_free(Shape *sh)
{
	free(sh->n);
	free(sh->len);
}

/* The non-title blocks of [s0, s1) of a shape and their bytes. */
static void shape_span(const Shape *a, size_t s0, size_t s1, size_t *n, size_t *len)
{
	if (s1 < s0)
		s1 = s0;
	*n = a->n[s1 - a->from] - a->n[s0 - a->from];
	*len = a->len[s1 - a->from] - a->len[s0 - a->from];
}

/* A title of a run, or on the target side a title an RST error turned
 * into text (pseudo: a line over an adornment inside a paragraph, its
 * block `block`): it cannot be paired in a segment, but it says where
 * the Korean's section starts.  Content before it: blocks [.., pre),
 * after it: [post, ..). */
typedef struct RunTitle {
	size_t block;
	size_t pre, post;
	bool pseudo;
	int level;        /* pseudo: the level of the target's titles with
	                     its adornment character (0: none) */
	size_t len;       /* pseudo: its text's length */
} RunTitle;

#define REPAIR_OWN (-0.3)   /* a block in an unpaired title's section */
#define REPAIR_PSEUDO (-1.0) /* a pseudo title's pairing, against a title's */

/* Blocks between consecutive points of one side: from `after` (where the
 * last paired title's content starts) to `before` (where the next
 * paired one's ends), with unpaired titles list[u0..u1) in between: the
 * content up to the first of them is compared (*n, *len), the rest is
 * theirs (*own blocks). */
static void side_between(const Shape *sh, const RunTitle *list, size_t u0, size_t u1, size_t after,
                         size_t before, size_t *n, size_t *len, size_t *own)
{
	size_t cut = u0 < u1 ? list[u0].pre : before;
	shape_span(sh, after, cut, n, len);
	size_t ol = 0;
	*own = 0;
	if (u0 < u1)
		shape_span(sh, list[u0].post, before, own, &ol);
}

/* How alike the two sides are between two points (at most 0): the
 * source's titles E[i0..i1) and the target's K[j0..j1) are unpaired. */
static double between(const Shape *a, const RunTitle *E, size_t i0, size_t i1, size_t s_after,
                      size_t s_before, const Shape *b, const RunTitle *K, size_t j0, size_t j1,
                      size_t t_after, size_t t_before)
{
	/* an unpaired title's section is read two ways, the better taken: as
	 * content the other side has too (a title lost to an RST error: its
	 * text is in the other side's section), or as its own (a section one
	 * side added) */
	size_t na, la, oa, nb, lb, ob, an, al, bn, bl;
	side_between(a, E, i0, i1, s_after, s_before, &na, &la, &oa);
	side_between(b, K, j0, j1, t_after, t_before, &nb, &lb, &ob);
	shape_span(a, s_after, s_before, &an, &al);
	shape_span(b, t_after, t_before, &bn, &bl);
	double own = -REPAIR_BLOCK_DIFF * (double)(na > nb ? na - nb : nb - na) +
	             REPAIR_OWN * (double)(oa + ob);
	if (la || lb)
		own += len_score(la, lb, b->hangul);
	double all = -REPAIR_BLOCK_DIFF * (double)(an > bn ? an - bn : bn - an);
	if (al || bl)
		all += len_score(al, bl, b->hangul);
	return MAX(own, all) + GAP_ANCHOR * (double)((i1 - i0) + (j1 - j0));
}

/* The target blocks [t0, t1)' titles and pseudo titles, in order. */
static size_t run_titles_tgt(const Ctx *c, size_t t0, size_t t1, RunTitle *K)
{
	size_t q = 0;
	int levels[256]; /* an adornment character's title level, -1: not looked up */
	for (size_t x = 0; x < 256; x++)
		levels[x] = -1;
	for (size_t k = t0; k < t1; k++) {
		const Block *b = &c->t.d->v[k];
		if (b->kind == BK_TITLE) {
			if (q >= REPAIR_MAX_TITLES)
				return SIZE_MAX;
			K[q++] = (RunTitle){k, k, k + 1, false, 0, 0};
			continue;
		}
		if (b->kind != BK_PARAGRAPH)
			continue;
		for (size_t i = b->first; i + 1 <= b->last; i++) {
			Str tx = str_trim(lines_get(c->t.l, i)), u = str_trim(lines_get(c->t.l, i + 1));
			if (!tx.n || u.n < 2 || !strchr("=-~^\"'`#*+_:.", u.p[0]))
				continue;
			size_t x = 1;
			while (x < u.n && u.p[x] == u.p[0])
				x++;
			if (x < u.n || (tx.n >= 2 && tx.p[0] == u.p[0] && tx.p[1] == u.p[0]))
				continue; /* not an adornment; or two adornments */
			if (q >= REPAIR_MAX_TITLES)
				return SIZE_MAX;
			int *level = &levels[(unsigned char)u.p[0]];
			for (size_t y = 0; *level < 0 && y <= c->t.d->n; y++)
				if (y == c->t.d->n)
					*level = 0;
				else if (c->t.d->v[y].kind == BK_TITLE &&
				         c->t.d->v[y].adornment == (unsigned char)u.p[0])
					*level = c->t.d->v[y].title_level;
			K[q++] = (RunTitle){k, k + 1, k + 1, true, *level, (size_t)text_width(tx.p, tx.n)};
			break; /* one a paragraph */
		}
	}
	return q;
}

/* The pairing of source title E and target (pseudo) title K (FORBID: a
 * pair that would be a delimiter, match_sure). */
static double run_pair(const Ctx *c, const RunTitle *E, const RunTitle *K)
{
	if (!K->pseudo)
		return match_sure(c, E->block, K->block) ? FORBID : score_anchor(c, E->block, K->block);
	const Feat *fa = side_f(&c->s, E->block);
	return 4.0 + (K->level && fa->title_level == K->level ? 2.0 : -3.0) +
	       0.5 * len_score(fa->len, K->len, true) + REPAIR_PSEUDO;
}

/* Pair the titles of one run again: source blocks [s0, s1), target [t0,
 * t1) between two delimiters.  Appends the pairs (ascending) to ps/pt;
 * false when the run is left as the anchors' pass matched it (as many
 * titles on both sides, pseudo titles counted, none on one, or too
 * many). */
typedef VEC(size_t) IndexVec;

static bool repair_run(const Ctx *c, size_t s0, size_t s1, size_t t0, size_t t1, IndexVec *ps,
                       IndexVec *pt)
{
	RunTitle E[REPAIR_MAX_TITLES], K[REPAIR_MAX_TITLES];
	size_t p = 0, real_q = 0;
	for (size_t k = s0; k < s1; k++)
		if (c->s.d->v[k].kind == BK_TITLE) {
			if (p >= REPAIR_MAX_TITLES)
				return false;
			E[p++] = (RunTitle){k, k, k + 1, false, 0, 0};
		}
	for (size_t k = t0; k < t1; k++)
		real_q += c->t.d->v[k].kind == BK_TITLE;
	if (p == real_q || !p || !real_q)
		return false;
	size_t q = run_titles_tgt(c, t0, t1, K);
	if (q == SIZE_MAX)
		return false;
	Shape a, b;
	shape_make(&c->s, s0, s1, &a);
	shape_make(&c->t, t0, t1, &b);
	/* f[i][j]: the best with E[i]-K[j] the last pair; from[i][j]: the pair
	 * before it (i * q + j), or SIZE_MAX for none */
	double f[REPAIR_MAX_TITLES][REPAIR_MAX_TITLES];
	size_t from[REPAIR_MAX_TITLES][REPAIR_MAX_TITLES];
	for (size_t i = 0; i < p; i++) {
		for (size_t j = 0; j < q; j++) {
			double best = between(&a, E, 0, i, s0, E[i].pre, &b, K, 0, j, t0, K[j].pre);
			size_t bf = SIZE_MAX;
			for (size_t i2 = 0; i2 < i; i2++)
				for (size_t j2 = 0; j2 < j; j2++) {
					double v = f[i2][j2] + between(&a, E, i2 + 1, i, E[i2].post, E[i].pre, &b, K,
					                               j2 + 1, j, K[j2].post, K[j].pre);
					if (v > best) {
						best = v;
						bf = i2 * q + j2;
					}
				}
			f[i][j] = best + run_pair(c, &E[i], &K[j]);
			from[i][j] = bf;
		}
	}
	double best = between(&a, E, 0, p, s0, s1, &b, K, 0, q, t0, t1);
	size_t last = SIZE_MAX;
	for (size_t i = 0; i < p; i++)
		for (size_t j = 0; j < q; j++) {
			double v = f[i][j] + between(&a, E, i + 1, p, E[i].post, s1, &b, K, j + 1, q,
			                             K[j].post, t1);
			if (v > best) {
				best = v;
				last = i * q + j;
			}
		}
	size_t n0 = ps->n;
	for (size_t x = last; x != SIZE_MAX; x = from[x / q][x % q]) {
		if (K[x % q].pseudo)
			continue; /* a place, not a partner */
		VEC_PUSH(ps, E[x / q].block);
		VEC_PUSH(pt, K[x % q].block);
	}
	for (size_t i = n0, j = ps->n ? ps->n - 1 : 0; i < j; i++, j--) { /* in order */
		size_t t = ps->v[i];
		ps->v[i] = ps->v[j];
		ps->v[j] = t;
		t = pt->v[i];
		pt->v[i] = pt->v[j];
		pt->v[j] = t;
	}
	shape_free(&a);
	shape_free(&b);
	return true;
}

/* Repair the runs of m's matches that touch matches [r_lo, r_hi) (the
 * delimiters around them found outward).  The matches outside the runs
 * repaired stay; *lo_kept and *hi_kept: how many at each end stayed
 * (SIZE_MAX: not asked). */
void repair_titles(const Ctx *c, AlignMemo *m, size_t r_lo, size_t r_hi, size_t *lo_kept,
                          size_t *hi_kept)
{
	size_t K = m->ms.n;
	/* the delimiters: a (the one before r_lo, or none: SIZE_MAX) .. b */
	size_t a = r_lo;
	while (a > 0 && !match_sure(c, m->ms.v[a - 1], m->mt.v[a - 1]))
		a--;
	size_t first = a; /* the first match the runs hold */
	a = a ? a - 1 : SIZE_MAX;
	size_t b = r_hi;
	while (b < K && !match_sure(c, m->ms.v[b], m->mt.v[b]))
		b++;
	IndexVec ns = {0}, nt = {0};
	bool changed = false;
	size_t r = first;
	/* each run between consecutive delimiters in [first, b] */
	while (r <= b) {
		size_t e = r;
		while (e < K && e < b && !match_sure(c, m->ms.v[e], m->mt.v[e]))
			e++;
		/* the run: matches [r, e) between delimiter r - 1 and e */
		size_t s0 = r ? m->ms.v[r - 1] + 1 : 0, t0 = r ? m->mt.v[r - 1] + 1 : 0;
		size_t s1 = e < K ? m->ms.v[e] : m->sn, t1 = e < K ? m->mt.v[e] : m->tn;
		size_t before = ns.n;
		if (repair_run(c, s0, s1, t0, t1, &ns, &nt)) {
			size_t same = ns.n - before == e - r;
			for (size_t x = 0; same && x < e - r; x++)
				same = ns.v[before + x] == m->ms.v[r + x] && nt.v[before + x] == m->mt.v[r + x];
			changed |= !same;
		} else {
			for (size_t x = r; x < e; x++) {
				VEC_PUSH(&ns, m->ms.v[x]);
				VEC_PUSH(&nt, m->mt.v[x]);
			}
		}
		if (e < K && e <= b) { /* the delimiter itself */
			VEC_PUSH(&ns, m->ms.v[e]);
			VEC_PUSH(&nt, m->mt.v[e]);
		}
		r = e + 1;
	}
	size_t end = b < K ? b + 1 : K; /* matches [first, end) were rewritten */
	if (changed) {
		size_t tail = K - end, nK = first + ns.n + tail;
		IndexVec ms = {0}, mt = {0};
		VEC_RESERVE(&ms, nK);
		VEC_RESERVE(&mt, nK);
		if (first) {
			memcpy(ms.v, m->ms.v, first * sizeof(size_t));
			memcpy(mt.v, m->mt.v, first * sizeof(size_t));
		}
		if (ns.n) {
			memcpy(ms.v + first, ns.v, ns.n * sizeof(size_t));
			memcpy(mt.v + first, nt.v, nt.n * sizeof(size_t));
		}
		if (tail) {
			memcpy(ms.v + first + ns.n, m->ms.v + end, tail * sizeof(size_t));
			memcpy(mt.v + first + ns.n, m->mt.v + end, tail * sizeof(size_t));
		}
		ms.n = mt.n = nK;
		VEC_FREE(&m->ms);
		VEC_FREE(&m->mt);
		m->ms.v = ms.v;
		m->ms.n = ms.n;
		m->ms.cap = ms.cap;
		m->mt.v = mt.v;
		m->mt.n = mt.n;
		m->mt.cap = mt.cap;
		if (lo_kept && *lo_kept > first)
			*lo_kept = first;
		if (hi_kept && *hi_kept > tail)
			*hi_kept = tail;
	}
	VEC_FREE(&ns);
	VEC_FREE(&nt);
}

/* Is target block t inside a run whose titles repair_titles pairs again
 * (its prose decides them, so an edit there pairs them again)? */
static bool in_repaired_run(const Ctx *c, const AlignMemo *m, size_t t)
{
	size_t K = m->ms.n, r = count_below(m->mt.v, K, t);
	if (r < K && m->mt.v[r] == t && match_sure(c, m->ms.v[r], m->mt.v[r]))
		return false; /* a delimiter itself */
	size_t a = r, b = r;
	while (a > 0 && !match_sure(c, m->ms.v[a - 1], m->mt.v[a - 1]))
		a--;
	while (b < K && !match_sure(c, m->ms.v[b], m->mt.v[b]))
		b++;
	size_t s0 = a ? m->ms.v[a - 1] + 1 : 0, t0 = a ? m->mt.v[a - 1] + 1 : 0;
	size_t s1 = b < K ? m->ms.v[b] : m->sn, t1 = b < K ? m->mt.v[b] : m->tn;
	size_t p = 0, q = 0;
	for (size_t k = s0; k < s1; k++)
		p += c->s.d->v[k].kind == BK_TITLE;
	for (size_t k = t0; k < t1; k++)
		q += c->t.d->v[k].kind == BK_TITLE;
	return p != q && p && q && p <= REPAIR_MAX_TITLES && q <= REPAIR_MAX_TITLES;
}

/* Does an edit of target blocks [t0, t1) reach a run that
 * repair_titles pairs again?  (Every block of it is looked at: the runs
 * are long, the edits a few blocks.) */
bool edit_in_repaired_run(const Ctx *c, const AlignMemo *m, size_t t0, size_t t1)
{
	for (size_t t = t0; t < t1 || t == t0; t++)
		if (in_repaired_run(c, m, t))
			return true;
	return false;
}

/* Pass 1: match the anchors of both sides (m->ms, m->mt). */
