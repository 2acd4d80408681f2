/* Which block of NEW_EN takes which segment of the old pair: the same
 * English in order (Myers over the blocks), then moved, then
 * similar (greedy by similarity).  See include/yeok/sync.h. */
#include "sync-private.h"

#include "yeok/diff.h"

void sync_blocks_text(const SyncText *t, size_t first, size_t n, Buf *out)
{
	pair_blocks_text(t->text, t->blocks, first, n, out);
}

static SidecarKey key_of(const SyncText *t, size_t first, size_t n, Buf *tmp)
{
	buf_clear(tmp);
	sync_blocks_text(t, first, n, tmp);
	return sidecar_key(tmp->p ? tmp->p : "", tmp->len);
}

static uint64_t key_hash(SidecarKey k)
{
	return hash_fnv1a(k.hex, SIDECAR_KEY_LEN);
}

/* ---- similarity ----------------------------------------------------------- */

/* The sorted hashes of the words (or lines) of a text: a multiset. */
typedef struct Bag {
	uint64_t *v;
	size_t n;
} Bag;

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static void bag_make(Bag *g, const char *s, size_t n, bool by_line)
{
	size_t cap = 0;
	g->v = NULL;
	g->n = 0;
	size_t i = 0;
	while (i < n) {
		size_t start, end;
		if (by_line) {
			start = i;
			while (i < n && s[i] != '\n')
				i++;
			end = i;
			while (end > start && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\r'))
				end--;
			i++;
			if (end == start)
				continue; /* blank lines say nothing */
		} else {
			while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
				i++;
			start = i;
			while (i < n && !(s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
				i++;
			end = i;
			if (end == start)
				continue;
		}
		g->v = xgrow(g->v, &cap, g->n + 1, sizeof(*g->v));
		g->v[g->n++] = hash_fnv1a(s + start, end - start);
	}
	if (g->n > 1)
		qsort(g->v, g->n, sizeof(*g->v), cmp_u64);
}

static double bag_dice(const Bag *a, const Bag *b, size_t *shared)
{
	*shared = 0;
	if (a->n + b->n == 0)
		return 1.0;
	size_t i = 0, j = 0, same = 0;
	while (i < a->n && j < b->n) {
		if (a->v[i] == b->v[j])
			same++, i++, j++;
		else if (a->v[i] < b->v[j])
			i++;
		else
			j++;
	}
	*shared = same;
	return 2.0 * (double)same / (double)(a->n + b->n);
}

/* ---- units ---------------------------------------------------------------- */

static bool same_text(const SyncPair *p, const Segment *s, Buf *a, Buf *b)
{
	buf_clear(a);
	buf_clear(b);
	sync_blocks_text(&p->en, s->src, s->src_n, a);
	sync_blocks_text(&p->tgt, s->tgt, s->tgt_n, b);
	return a->len == b->len && (!a->len || !memcmp(a->p, b->p, a->len));
}

static void make_units(Match *m, const SyncPair *p)
{
	Buf a = BUF_INIT, b = BUF_INIT;
	const Alignment *al = p->al;
	for (size_t i = 0; i < al->n; i++) {
		const Segment *s = &al->v[i];
		if (s->src_n == 0) {
			/* a 1:0 and a 0:1 of one kind next to each other: one pair */
			if (m->units.n && !m->units.v[m->units.n - 1].tgt_n &&
			    m->units.v[m->units.n - 1].seg + 1 == i &&
			    m->units.v[m->units.n - 1].kind == s->kind && s->tgt_n == 1) {
				Unit *u = &m->units.v[m->units.n - 1];
				u->tgt = s->tgt;
				u->tgt_n = s->tgt_n;
				u->translated = true;
				continue;
			}
			long after = m->units.n ? (long)m->units.n - 1 : -1;
			Addition ad = {i, s->tgt, s->tgt_n, after, -1};
			VEC_PUSH(&m->adds, ad);
			continue;
		}
		if (s->tgt_n == 0 && m->adds.n && m->adds.v[m->adds.n - 1].seg + 1 == i &&
		    m->adds.v[m->adds.n - 1].tgt_n == 1 && s->src_n == 1 &&
		    p->tgt.blocks->v[m->adds.v[m->adds.n - 1].tgt].kind == s->kind) {
			/* the 0:1 came first */
			Addition ad = m->adds.v[--m->adds.n];
			Unit u = {i, s->src, s->src_n, ad.tgt, ad.tgt_n, s->kind,
			          key_of(&p->en, s->src, s->src_n, &a), true, -1};
			VEC_PUSH(&m->units, u);
			continue;
		}
		Unit u = {i, s->src, s->src_n, s->tgt, s->tgt_n, s->kind,
		          key_of(&p->en, s->src, s->src_n, &a), false, -1};
		u.translated = s->tgt_n > 0 && !same_text(p, s, &a, &b);
		VEC_PUSH(&m->units, u);
	}
	buf_release(&a);
	buf_release(&b);
}

/* ---- exact matches ---------------------------------------------------------- */

/* Units sorted by (key, index), for the moved blocks and runs. */
typedef struct KeyIndex {
	const Unit *u;
	size_t *v;
	size_t n;
} KeyIndex;

static const Unit *sort_units; /* qsort has no context argument in C11 */

static int cmp_unit(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(sort_units[x].key.hex, sort_units[y].key.hex);
	return c ? c : (x > y) - (x < y);
}

static void index_build(KeyIndex *x, const Match *m)
{
	x->u = m->units.v;
	x->n = 0;
	x->v = xmalloc(MAX(m->units.n, 1) * sizeof(*x->v));
	for (size_t i = 0; i < m->units.n; i++)
		x->v[x->n++] = i;
	sort_units = m->units.v;
	qsort(x->v, x->n, sizeof(*x->v), cmp_unit);
	sort_units = NULL;
}

/* The first unit with key (and src_n == run when run > 0) not taken yet; -1. */
static long index_find(const KeyIndex *x, const char *key, size_t run)
{
	size_t lo = 0, hi = x->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(x->u[x->v[mid]].key.hex, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < x->n && !strcmp(x->u[x->v[i]].key.hex, key); i++) {
		const Unit *u = &x->u[x->v[i]];
		if (u->elem < 0 && (!run || u->src_n == run))
			return (long)x->v[i];
	}
	return -1;
}

static void push_elem(Match *m, size_t block, size_t count)
{
	Elem e = {block, count, -1, SYNC_NEW, 0.0, false};
	VEC_PUSH(&m->elems, e);
}

/* While the exact matches are found, per NEW_EN block: the unit whose
 * run starts or continues there (-1: free), and whether it moved.  A
 * taken unit's elem holds the block its run starts at until
 * build_elems numbers the elements. */
typedef struct Claims {
	long *unit;
	bool *moved;
	size_t n;
} Claims;

static void claim(Match *m, Claims *c, size_t j, size_t u, bool moved)
{
	for (size_t k = 0; k < m->units.v[u].src_n; k++)
		c->unit[j + k] = (long)u;
	c->moved[j] = moved;
	m->units.v[u].elem = (long)j;
}

static bool blocks_free(const Claims *c, size_t j, size_t r)
{
	if (j + r > c->n)
		return false;
	for (size_t k = 0; k < r; k++)
		if (c->unit[j + k] >= 0)
			return false;
	return true;
}

/* The same English in order: Myers over the blocks (not the units), so
 * a unit of n blocks is kept when its blocks come back in a row with
 * the same text, wherever runs of equal blocks repeat.  NEW_EN = OLD_EN
 * keeps every unit. */
static void match_in_order(Match *m, const SyncPair *p, const SyncText *neu, Claims *c,
                           Buf *tmp)
{
	size_t na = p->en.blocks->n, nb = neu->blocks->n;
	uint64_t *ha = xmalloc(MAX(na, 1) * sizeof(*ha)), *hb = xmalloc(MAX(nb, 1) * sizeof(*hb));
	long *to = xmalloc(MAX(na, 1) * sizeof(*to));
	for (size_t i = 0; i < na; i++) {
		ha[i] = key_hash(key_of(&p->en, i, 1, tmp));
		to[i] = -1;
	}
	for (size_t j = 0; j < nb; j++)
		hb[j] = key_hash(key_of(neu, j, 1, tmp));
	Diff d = {0};
	diff_seq(ha, na, hb, nb, 0, &d);
	for (size_t k = 0; k < d.n; k++)
		if (d.v[k].kind == DIFF_SAME)
			for (size_t x = 0; x < d.v[k].len; x++)
				to[d.v[k].a_pos + x] = (long)(d.v[k].b_pos + x);
	diff_release(&d);
	for (size_t u = 0; u < m->units.n; u++) {
		const Unit *x = &m->units.v[u];
		long j = to[x->src];
		bool row = j >= 0;
		for (size_t k = 1; row && k < x->src_n; k++)
			row = to[x->src + k] == j + (long)k;
		if (row && !strcmp(key_of(neu, (size_t)j, x->src_n, tmp).hex, x->key.hex))
			claim(m, c, (size_t)j, u, false);
	}
	free(to);
	free(ha);
	free(hb);
}

/* Moved: the same English elsewhere, runs of n blocks (the English of an
 * old n:1 segment) before single blocks, in free blocks only. */
static void match_moved(Match *m, const SyncText *neu, Claims *c, Buf *tmp)
{
	KeyIndex all;
	index_build(&all, m);
	size_t runs[8], nruns = 0;
	for (size_t i = 0; i < m->units.n; i++) {
		size_t r = m->units.v[i].src_n;
		bool have = r == 1 || m->units.v[i].elem >= 0;
		for (size_t k = 0; k < nruns; k++)
			have |= runs[k] == r;
		if (!have && nruns < ARRAY_LEN(runs))
			runs[nruns++] = r;
	}
	for (size_t j = 0; j < c->n; j++) {
		for (size_t k = 0; k <= nruns && c->unit[j] < 0; k++) {
			size_t r = k < nruns ? runs[k] : 1;
			if (!blocks_free(c, j, r))
				continue;
			long u = index_find(&all, key_of(neu, j, r, tmp).hex, r);
			if (u >= 0)
				claim(m, c, j, (size_t)u, true);
		}
	}
	free(all.v);
}

/* The elements of NEW_EN: a taken unit's run as one, each free block. */
static void build_elems(Match *m, const Claims *c)
{
	size_t j = 0;
	while (j < c->n) {
		if (c->unit[j] < 0) {
			push_elem(m, j, 1);
			j++;
			continue;
		}
		size_t u = (size_t)c->unit[j];
		push_elem(m, j, m->units.v[u].src_n);
		Elem *e = &m->elems.v[m->elems.n - 1];
		e->unit = (long)u;
		e->fate = SYNC_KEPT;
		e->sim = 1.0;
		e->moved = c->moved[j];
		m->units.v[u].elem = (long)(m->elems.n - 1);
		j += m->units.v[u].src_n;
	}
}

/* The same English in a block of another kind (a paragraph that became a
 * title, a list item that became a paragraph) is no kept block: FILE's
 * text would keep the old structure and the sections would silently
 * diverge.  It is stale (with FILE's text as the hint) when it had a
 * translation, else new. */
static void kind_changes(Match *m, const SyncPair *p, const SyncText *neu)
{
	for (size_t e = 0; e < m->elems.n; e++) {
		Elem *x = &m->elems.v[e];
		if (x->fate != SYNC_KEPT || x->unit < 0)
			continue;
		const Unit *u = &m->units.v[x->unit];
		bool same = true;
		for (size_t k = 0; k < x->count && k < u->src_n && same; k++)
			same = p->en.blocks->v[u->src + k].kind == neu->blocks->v[x->block + k].kind;
		if (!same)
			x->fate = u->translated ? SYNC_STALE : SYNC_NEW;
	}
}

static void take(Match *m, size_t e, size_t u, SyncFate f, double sim)
{
	m->elems.v[e].unit = (long)u;
	m->elems.v[e].fate = f;
	m->elems.v[e].sim = sim;
	m->units.v[u].elem = (long)e;
}

/* ---- similar blocks ---------------------------------------------------------- */

typedef struct Cand {
	double sim;
	size_t dist; /* how far apart, relative positions scaled to 1e6 */
	size_t e, u;
} Cand;

static int cmp_cand(const void *a, const void *b)
{
	const Cand *x = a, *y = b;
	if (x->sim != y->sim)
		return x->sim < y->sim ? 1 : -1;
	if (x->dist != y->dist)
		return x->dist > y->dist ? 1 : -1;
	if (x->e != y->e)
		return x->e > y->e ? 1 : -1;
	return (x->u > y->u) - (x->u < y->u);
}

static size_t rel_pos(size_t i, size_t n)
{
	return n ? (size_t)((double)i * 1e6 / (double)n) : 0;
}

static void match_similar(Match *m, const SyncPair *p, const SyncText *neu)
{
	size_t nu = m->units.n, ne = m->elems.n;
	Bag *bu = xcalloc(MAX(nu, 1), sizeof(*bu)), *be = xcalloc(MAX(ne, 1), sizeof(*be));
	Buf tmp = BUF_INIT;
	for (size_t u = 0; u < nu; u++) {
		const Unit *x = &m->units.v[u];
		if (x->elem >= 0)
			continue;
		buf_clear(&tmp);
		sync_blocks_text(&p->en, x->src, x->src_n, &tmp);
		bag_make(&bu[u], tmp.p ? tmp.p : "", tmp.len, x->kind == BK_LITERAL);
	}
	for (size_t e = 0; e < ne; e++) {
		const Elem *x = &m->elems.v[e];
		if (x->unit >= 0)
			continue;
		buf_clear(&tmp);
		sync_blocks_text(neu, x->block, x->count, &tmp);
		bag_make(&be[e], tmp.p ? tmp.p : "", tmp.len, neu->blocks->v[x->block].kind == BK_LITERAL);
	}
	buf_release(&tmp);
	struct { Cand *v; size_t n, cap; } c = {0};
	for (size_t e = 0; e < ne; e++) {
		const Elem *x = &m->elems.v[e];
		if (x->unit >= 0)
			continue;
		BlockKind k = neu->blocks->v[x->block].kind;
		double t = k == BK_LITERAL ? SYNC_SIMILAR_CODE : SYNC_SIMILAR;
		for (size_t u = 0; u < nu; u++) {
			const Unit *y = &m->units.v[u];
			if (y->elem >= 0 || y->kind != k)
				continue;
			size_t a = bu[u].n, b = be[e].n;
			/* Dice cannot reach t when the sizes are too far apart */
			if (a + b && 2.0 * (double)MIN(a, b) / (double)(a + b) < t)
				continue;
			size_t shared;
			double s = bag_dice(&bu[u], &be[e], &shared);
			/* one word in common says little ("**TCP Backend**", "**NCCL
			 * Backend**"): prose needs two, unless a side has one word */
			if (s < t || (k != BK_LITERAL && shared < 2 && MIN(a, b) > 1))
				continue;
			size_t pu = rel_pos(y->src, p->en.blocks->n), pe = rel_pos(x->block, neu->blocks->n);
			Cand cd = {s, pu > pe ? pu - pe : pe - pu, e, u};
			VEC_PUSH(&c, cd);
		}
	}
	if (c.n > 1)
		qsort(c.v, c.n, sizeof(*c.v), cmp_cand);
	for (size_t i = 0; i < c.n; i++) {
		const Cand *x = &c.v[i];
		if (m->elems.v[x->e].unit >= 0 || m->units.v[x->u].elem >= 0)
			continue;
		const Unit *y = &m->units.v[x->u];
		SyncFate f = y->kind != BK_LITERAL && y->translated ? SYNC_STALE : SYNC_NEW;
		take(m, x->e, x->u, f, x->sim);
	}
	VEC_FREE(&c);
	for (size_t u = 0; u < nu; u++)
		free(bu[u].v);
	for (size_t e = 0; e < ne; e++)
		free(be[e].v);
	free(bu);
	free(be);
}

/* ---- additions ------------------------------------------------------------- */

/* Each addition goes after the element that took the unit it followed
 * (or the nearest unit before that one that was taken). */
static void place_additions(Match *m)
{
	for (size_t i = 0; i < m->adds.n; i++) {
		Addition *a = &m->adds.v[i];
		a->elem = -1;
		for (long u = a->after; u >= 0; u--)
			if (m->units.v[u].elem >= 0) {
				a->elem = m->units.v[u].elem;
				break;
			}
	}
}

void sync_match(Match *m, const SyncPair *p, const SyncText *neu)
{
	memset(m, 0, sizeof(*m));
	make_units(m, p);
	Buf tmp = BUF_INIT;
	size_t nb = neu->blocks->n;
	Claims c = {xmalloc(MAX(nb, 1) * sizeof(long)), xcalloc(MAX(nb, 1), sizeof(bool)), nb};
	for (size_t j = 0; j < nb; j++)
		c.unit[j] = -1;
	match_in_order(m, p, neu, &c, &tmp);
	match_moved(m, neu, &c, &tmp);
	build_elems(m, &c);
	kind_changes(m, p, neu);
	free(c.unit);
	free(c.moved);
	buf_release(&tmp);
	match_similar(m, p, neu);
	m->elem_of = xmalloc(MAX(nb, 1) * sizeof(*m->elem_of));
	for (size_t e = 0; e < m->elems.n; e++)
		for (size_t k = 0; k < m->elems.v[e].count; k++)
			m->elem_of[m->elems.v[e].block + k] = (long)e;
	place_additions(m);
}

void sync_match_release(Match *m)
{
	VEC_FREE(&m->units);
	VEC_FREE(&m->adds);
	VEC_FREE(&m->elems);
	free(m->elem_of);
	memset(m, 0, sizeof(*m));
}
