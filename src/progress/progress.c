/* Segment statuses: sidecar entries applied to an alignment, stale
 * detection, storing back, counting (see include/yeok/progress.h). */
#include "yeok/progress.h"
#include "yeok/pair.h"

#include "yeok/text.h"

static void progress_apply_keyed(const Sidecar *sc, Alignment *a, Progress *p);

void progress_init(Progress *p)
{
	memset(p, 0, sizeof(*p));
}

static void clear(Progress *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->v[i].old);
		free(p->v[i].hint);
	}
	p->n = 0;
}

void progress_release(Progress *p)
{
	clear(p);
	free(p->v);
	progress_init(p);
}

/* ---- an index of entries by key: entry numbers grouped by key, in file
 * order within a group (a hash of the keys; linear, so it is built in
 * slices: ProgressApply) */

/* Entry numbers and groups in 32 bits (a sidecar holds fewer than 2^32
 * entries: SIDECAR_MAX_TOTAL bytes; two indexes at 1M lines were 44 MB
 * in size_t while the statuses are applied in idle time). */
typedef struct Index {
	const SidecarSeg *segs;
	bool by_target;
	uint32_t *v;     /* entry numbers, grouped by key, in order within a group */
	uint32_t *pos;   /* pos[e]: where entry e is in v */
	uint32_t *next;  /* n + 1 links: a place in v whose entry is used links
	                  * further on (path-compressed), so taking the k-th of
	                  * many entries with one key skips the k - 1 used ones at
	                  * once, not one by one (3,800 repeated code blocks at
	                  * 100k lines made that quadratic) */
	uint32_t *group; /* group[e]: the group of entry e (then its place in v
	                  * while v is filled) */
	uint32_t *first; /* first[g]: an entry of group g (its key) */
	uint32_t *start; /* start[g]: where group g begins in v; start[G] = n */
	uint32_t *table; /* 1 + group, open addressing over the keys' hashes */
	size_t mask;   /* table size - 1 */
	size_t n, groups;
} Index;

static const char *entry_key(const Index *x, size_t e)
{
	return x->by_target ? x->segs[e].target.hex : x->segs[e].source.hex;
}

static size_t key_slot(const Index *x, const char *key)
{
	return (size_t)(hash_fnv1a(key, strlen(key)) * 0x9e3779b97f4a7c15ull >> 20) & x->mask;
}

/* The group of key (SIZE_MAX: none). */
static size_t index_group(const Index *x, const char *key)
{
	for (size_t i = key_slot(x, key);; i = (i + 1) & x->mask) {
		size_t g = x->table[i];
		if (!g)
			return SIZE_MAX;
		if (!strcmp(entry_key(x, x->first[g - 1]), key))
			return g - 1;
	}
}

static void index_init(Index *x, const Sidecar *sc, bool by_target)
{
	memset(x, 0, sizeof(*x));
	x->segs = sc->segs.v;
	x->by_target = by_target;
	x->n = sc->segs.n;
	BUG_ON(x->n >= UINT32_MAX);
	size_t cap = 16;
	while (cap < 2 * x->n)
		cap *= 2;
	x->mask = cap - 1;
	x->table = xcalloc(cap, sizeof(*x->table));
	x->v = xmalloc(MAX(x->n, 1) * sizeof(*x->v));
	x->pos = xmalloc(MAX(x->n, 1) * sizeof(*x->pos));
	x->next = xmalloc((x->n + 1) * sizeof(*x->next));
	x->group = xmalloc(MAX(x->n, 1) * sizeof(*x->group));
	x->first = xmalloc(MAX(x->n, 1) * sizeof(*x->first));
	x->start = xcalloc(x->n + 1, sizeof(*x->start));
	for (size_t i = 0; i <= x->n; i++)
		x->next[i] = i;
}

/* Entry e into its group (entries in order). */
static void index_group_entry(Index *x, size_t e)
{
	const char *key = entry_key(x, e);
	size_t i = key_slot(x, key);
	for (; x->table[i]; i = (i + 1) & x->mask)
		if (!strcmp(entry_key(x, x->first[x->table[i] - 1]), key))
			break;
	if (!x->table[i]) {
		x->first[x->groups] = e;
		x->table[i] = ++x->groups;
	}
	size_t g = x->table[i] - 1;
	x->group[e] = g;
	x->start[g + 1]++; /* counts, then (index_starts) starts */
}

/* The groups' counts into where each begins in v (start[groups] = n). */
static void index_starts(Index *x)
{
	for (size_t g = 0; g < x->groups; g++)
		x->start[g + 1] += x->start[g];
}

/* Entry e into v (entries in order): after index_starts. */
static void index_place(Index *x, size_t e, uint32_t *fill)
{
	size_t g = x->group[e];
	size_t at = x->start[g] + fill[g]++;
	x->v[at] = e;
	x->pos[e] = at;
}

static void index_free(Index *x)
{
	free(x->v);
	free(x->pos);
	free(x->next);
	free(x->group);
	free(x->first);
	free(x->start);
	free(x->table);
	memset(x, 0, sizeof(*x));
}

/* The first place at or after i whose entry is not used (or n). */
static size_t index_next(Index *x, size_t i)
{
	size_t r = i;
	while (x->next[r] != r)
		r = x->next[r];
	while (x->next[i] != r) {
		size_t up = x->next[i];
		x->next[i] = r;
		i = up;
	}
	return r;
}

/* Entry e is used: both indexes skip it from now on. */
static void take(bool *used, Index *a, Index *b, size_t e)
{
	used[e] = true;
	a->next[a->pos[e]] = a->pos[e] + 1;
	b->next[b->pos[e]] = b->pos[e] + 1;
}

/* The first entry (in file order) with key that is not used yet; -1.
 * With target set, an entry with a hint (stale after a sync: its source
 * key is the old English) is only taken by the segment showing the text it
 * was written for (the same target key). */
static int index_take(Index *x, const char *key, const char *target)
{
	if (!key[0])
		return -1;
	size_t g = index_group(x, key);
	if (g == SIZE_MAX)
		return -1;
	size_t end = x->start[g + 1];
	for (size_t i = index_next(x, x->start[g]); i < end; i = index_next(x, i + 1)) {
		const SidecarSeg *s = &x->segs[x->v[i]];
		if (target && s->hint && strcmp(s->target.hex, target) != 0)
			continue;
		return (int)x->v[i];
	}
	return -1;
}

void progress_seg_keys(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                       const Segment *g, ProgressSeg *ps)
{
	memset(ps, 0, sizeof(*ps));
	ps->entry = -1;
	ps->source = pair_blocks_key(src, sb, g->src, g->src_n);
	ps->target = pair_blocks_key(tgt, tb, g->tgt, g->tgt_n);
}

void progress_apply(const Sidecar *sc, const Lines *src, const RstDoc *sb, const Lines *tgt,
                    const RstDoc *tb, Alignment *a, Progress *p)
{
	clear(p);
	p->v = xgrow(p->v, &p->cap, MAX(a->n, 1), sizeof(*p->v));
	p->n = a->n;
	for (size_t i = 0; i < a->n; i++)
		progress_seg_keys(src, sb, tgt, tb, &a->v[i], &p->v[i]);
	progress_apply_keyed(sc, a, p);
}

static void progress_apply_keyed(const Sidecar *sc, Alignment *a, Progress *p)
{
	ProgressApply x;
	SegStatus *st = xmalloc(MAX(a->n, 1) * sizeof(*st));
	for (size_t i = 0; i < a->n; i++)
		st[i] = a->v[i].status;
	progress_apply_start(&x, sc, st, a->n, p);
	while (progress_apply_some(&x, SIZE_MAX))
		;
	progress_apply_release(&x);
	for (size_t i = 0; i < a->n; i++)
		a->v[i].status = st[i];
	free(st);
}

/* ---- the decisions in slices ----------------------------------------------- */

struct ProgressIndexes {
	Index by_src, by_tgt;
	uint32_t *fill_src, *fill_tgt; /* per group: entries placed in v */
};

/* The phases, each over the entries or the segments from x->at. */
enum { PA_GROUP, PA_PLACE, PA_PASS1, PA_PASS2, PA_DONE };

void progress_apply_start(ProgressApply *x, const Sidecar *sc, SegStatus *st, size_t n,
                          Progress *p)
{
	BUG_ON(p->n != n);
	memset(x, 0, sizeof(*x));
	x->sc = sc;
	x->st = st;
	x->n = n;
	x->p = p;
	x->ix = xcalloc(1, sizeof(*x->ix));
	index_init(&x->ix->by_src, sc, false);
	index_init(&x->ix->by_tgt, sc, true);
	x->used = xcalloc(MAX(sc->segs.n, 1), sizeof(*x->used));
	x->phase = PA_GROUP;
}

/* Pass 1 for segment i: the source text is the one the decision was made
 * for. */
static void pass1(ProgressApply *x, size_t i)
{
	struct ProgressIndexes *ix = x->ix;
	ProgressSeg *ps = &x->p->v[i];
	int e = index_take(&ix->by_src, ps->source.hex, ps->target.hex);
	if (e < 0)
		return;
	take(x->used, &ix->by_src, &ix->by_tgt, (size_t)e);
	ps->entry = e;
	ps->mark = x->sc->segs.v[e].mark;
	if (ps->mark == SIDECAR_DONE)
		x->st[i] = ST_DONE;
	else if (ps->mark == SIDECAR_REVIEWED)
		x->st[i] = ST_REVIEWED;
}

/* Pass 2 for segment i: the translation is still there but its English
 * changed. */
static void pass2(ProgressApply *x, size_t i)
{
	struct ProgressIndexes *ix = x->ix;
	ProgressSeg *ps = &x->p->v[i];
	if (ps->entry >= 0 || !ps->source.hex[0])
		return;
	int e = index_take(&ix->by_tgt, ps->target.hex, NULL);
	if (e < 0)
		return;
	const SidecarSeg *g = &x->sc->segs.v[e];
	if (g->mark != SIDECAR_DONE && g->mark != SIDECAR_REVIEWED && !g->hint)
		return;
	take(x->used, &ix->by_src, &ix->by_tgt, (size_t)e);
	ps->entry = e;
	ps->mark = g->mark;
	ps->old_key = g->source;
	ps->old = g->old ? xstrdup(g->old) : NULL;
	ps->hint = g->hint ? xstrdup(g->hint) : NULL;
	x->st[i] = ST_STALE;
}

bool progress_apply_some(ProgressApply *x, size_t max)
{
	struct ProgressIndexes *ix = x->ix;
	size_t ne = x->sc->segs.n, ns = x->n;
	BUG_ON(x->p->n != ns);
	for (size_t done = 0; done < max && x->phase != PA_DONE; done++) {
		switch (x->phase) {
		case PA_GROUP:
			if (x->at < ne) {
				index_group_entry(&ix->by_src, x->at);
				index_group_entry(&ix->by_tgt, x->at++);
				break;
			}
			index_starts(&ix->by_src);
			index_starts(&ix->by_tgt);
			ix->fill_src = xcalloc(MAX(ix->by_src.groups, 1), sizeof(uint32_t));
			ix->fill_tgt = xcalloc(MAX(ix->by_tgt.groups, 1), sizeof(uint32_t));
			x->phase = PA_PLACE;
			x->at = 0;
			break;
		case PA_PLACE:
			if (x->at < ne) {
				index_place(&ix->by_src, x->at, ix->fill_src);
				index_place(&ix->by_tgt, x->at++, ix->fill_tgt);
				break;
			}
			x->phase = PA_PASS1;
			x->at = 0;
			break;
		case PA_PASS1:
			if (x->at < ns) {
				pass1(x, x->at++);
				break;
			}
			x->phase = PA_PASS2;
			x->at = 0;
			break;
		case PA_PASS2:
			if (x->at < ns) {
				pass2(x, x->at++);
				break;
			}
			x->phase = PA_DONE;
			break;
		}
	}
	return x->phase != PA_DONE;
}

void progress_apply_release(ProgressApply *x)
{
	if (x->ix) {
		index_free(&x->ix->by_src);
		index_free(&x->ix->by_tgt);
		free(x->ix->fill_src);
		free(x->ix->fill_tgt);
		free(x->ix);
	}
	free(x->used);
	memset(x, 0, sizeof(*x));
}

void progress_retarget(Progress *p, size_t i, const Lines *tgt, const RstDoc *tb,
                       const Alignment *a)
{
	BUG_ON(i >= p->n || p->n != a->n);
	p->v[i].target = pair_blocks_key(tgt, tb, a->v[i].tgt, a->v[i].tgt_n);
}

const char *progress_hint(const Progress *p, size_t i)
{
	return i < p->n ? p->v[i].hint : NULL;
}

/* The hint stored with the entry under key, for a stale segment whose
 * Progress was rebuilt without it (owned copy, or NULL). */
static char *stored_hint(const Sidecar *sc, SidecarKey key)
{
	for (size_t i = 0; i < sc->segs.n; i++)
		if (sc->segs.v[i].hint && !strcmp(sc->segs.v[i].source.hex, key.hex))
			return xstrdup(sc->segs.v[i].hint);
	return NULL;
}

void progress_store(Sidecar *sc, const Alignment *a, const Progress *p)
{
	BUG_ON(p->n != a->n);
	/* the hints of the stale segments, before the entries go */
	char **hints = xcalloc(MAX(a->n, 1), sizeof(*hints));
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i].status == ST_STALE && p->v[i].source.hex[0])
			hints[i] = p->v[i].hint ? xstrdup(p->v[i].hint)
			                        : stored_hint(sc, p->v[i].old_key.hex[0] ? p->v[i].old_key
			                                                                 : p->v[i].source);
	sidecar_clear_segs(sc);
	for (size_t i = 0; i < a->n; i++) {
		const ProgressSeg *ps = &p->v[i];
		if (!ps->source.hex[0])
			continue;
		switch (a->v[i].status) {
		case ST_DRAFT:
			sidecar_add_seg(sc, ps->source, ps->target, SIDECAR_DRAFT, NULL);
			break;
		case ST_DONE:
			sidecar_add_seg(sc, ps->source, ps->target, SIDECAR_DONE, NULL);
			break;
		case ST_REVIEWED:
			sidecar_add_seg(sc, ps->source, ps->target, SIDECAR_REVIEWED, NULL);
			break;
		case ST_STALE: {
			SidecarMark m = ps->mark == SIDECAR_REVIEWED ? SIDECAR_REVIEWED
			                : ps->mark == SIDECAR_DRAFT && hints[i] ? SIDECAR_DRAFT
			                                                        : SIDECAR_DONE;
			sidecar_add_seg(sc, ps->old_key.hex[0] ? ps->old_key : ps->source, ps->target, m,
			                ps->old);
			if (hints[i])
				sidecar_set_seg_hint(sc, sc->segs.n - 1, hints[i]);
			break;
		}
		case ST_UNTRANSLATED:
		case ST_COUNT:
			break;
		}
	}
	for (size_t i = 0; i < a->n; i++)
		free(hints[i]);
	free(hints);
}

bool progress_find_text(const Lines *l, const RstDoc *d, SidecarKey key, Buf *out)
{
	bool found = false;
	for (size_t i = 0; i < d->n && !found; i++) {
		for (size_t run = 1; run <= PROGRESS_MAX_RUN && i + run <= d->n; run++) {
			SidecarKey k = pair_blocks_key(l, d, i, run);
			if (!strcmp(k.hex, key.hex)) {
				pair_blocks_text(l, d, i, run, out);
				found = true;
				break;
			}
		}
	}
	return found;
}

size_t progress_fill_old(Progress *p, const Alignment *a, const Lines *old_src,
                         const RstDoc *old_sb)
{
	BUG_ON(p->n != a->n);
	size_t unknown = 0;
	Buf b = BUF_INIT;
	for (size_t i = 0; i < a->n; i++) {
		if (a->v[i].status != ST_STALE || p->v[i].old)
			continue;
		buf_clear(&b);
		if (old_src && progress_find_text(old_src, old_sb, p->v[i].old_key, &b))
			p->v[i].old = xmemdup0(b.p ? b.p : "", b.len);
		else
			unknown++;
	}
	buf_release(&b);
	return unknown;
}

void progress_count(const Alignment *a, ProgressCount *c)
{
	for (size_t i = 0; i < a->n; i++) {
		const Segment *s = &a->v[i];
		if (!rst_kind_is_prose(s->kind))
			continue;
		c->total++;
		if (align_nothing_to_translate(s)) {
			c->done++; /* nothing to translate */
			continue;
		}
		if (s->src_n && !s->tgt_n && s->status != ST_STALE) {
			c->untranslated++; /* an English block with no Korean partner */
			continue;
		}
		switch (s->status) {
		case ST_UNTRANSLATED: c->untranslated++; break;
		case ST_DRAFT: c->draft++; break;
		case ST_DONE: c->done++; break;
		case ST_REVIEWED: c->reviewed++; break;
		case ST_STALE: c->stale++; break;
		case ST_COUNT: break;
		}
	}
}

static bool has_hangul(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		int32_t cp;
		i += text_decode(s + i, n - i, &cp);
		if (cp >= 0 && text_is_hangul(cp))
			return true;
	}
	return false;
}

void progress_count_self(const Lines *l, const RstDoc *d, ProgressCount *c)
{
	Buf tmp = BUF_INIT;
	for (size_t i = 0; i < d->n; i++) {
		if (!rst_kind_is_prose(d->v[i].kind))
			continue;
		buf_clear(&tmp);
		rst_block_text(l, &d->v[i], &tmp);
		c->total++;
		if (has_hangul(tmp.p ? tmp.p : "", tmp.len))
			c->draft++;
		else if (!align_has_words(tmp.p ? tmp.p : "", tmp.len))
			c->done++; /* nothing to translate */
		else
			c->untranslated++;
	}
	buf_release(&tmp);
}

double progress_percent(const ProgressCount *c)
{
	if (c->total == 0)
		return 100.0;
	size_t open = c->untranslated + c->stale;
	return 100.0 * (double)(c->total - MIN(open, c->total)) / (double)c->total;
}

bool progress_check(const Progress *p, const Alignment *a, Err *e)
{
	if (p->n != a->n)
		return err_set(e, EXIT_DATAERR, "progress: %zu entries for %zu segments", p->n, a->n);
	for (size_t i = 0; i < p->n; i++) {
		const ProgressSeg *ps = &p->v[i];
		if ((ps->source.hex[0] && !sidecar_key_valid(ps->source.hex)) ||
		    (ps->target.hex[0] && !sidecar_key_valid(ps->target.hex)))
			return err_set(e, EXIT_DATAERR, "progress: segment %zu: bad key", i);
		if ((a->v[i].src_n > 0) != (ps->source.hex[0] != '\0'))
			return err_set(e, EXIT_DATAERR, "progress: segment %zu: source key mismatch", i);
		if (a->v[i].status == ST_STALE && !sidecar_key_valid(ps->old_key.hex))
			return err_set(e, EXIT_DATAERR, "progress: segment %zu: stale without old key", i);
	}
	return true;
}
