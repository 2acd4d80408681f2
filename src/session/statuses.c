/* session: the sidecar's statuses applied to the segments — at once, or
 * after a phased open in idle slices, the segments on screen first
 * (include/yeok/session.h, session-private.h). */
#include "session-private.h"

#include "yeok/host.h"
#include "yeok/pair.h"

/* The phases of an application (SessionApply.phase), each from .at. */
enum {
	SA_NONE,    /* nothing under way */
	SA_INDEX,   /* the keys the stretches gave, by their first block */
	SA_KEYS,    /* the keys of every segment (those not taken: now) */
	SA_ST,      /* the statuses copied into the decisions' array */
	SA_DECIDE,  /* progress_apply_some */
	SA_OLD,     /* the old English of stale segments (one step) */
	SA_SHOWN,   /* the statuses of the segments on screen set */
	SA_SET,     /* then the others */
	SA_STALE,   /* the stale segments listed, in order */
	SA_FREE,    /* the application's other arrays freed */
};

/* What one step does at most before the clock is read again. */
enum { APPLY_BATCH = 64 };

void session_stale_clear(Session *s)
{
	for (size_t i = 0; i < s->side.stale.n; i++) {
		free(s->side.stale.v[i].old);
		free(s->side.stale.v[i].hint);
	}
	VEC_FREE(&s->side.stale);
}

/* The English the sidecar recorded, read offline (for the old English of
 * stale segments when another source was given). */
static void fill_old_from_record(Session *s, const Alignment *al, Progress *p)
{
	SourceRecord rec;
	if (s->side.src.origin == SOURCE_SIDECAR || !source_record_from_sidecar(&s->side.sc.source, &rec))
		return;
	Source old;
	source_init(&old);
	SourceOpts o = {.recorded = &rec, .self_fallback = false};
	Err e;
	err_init(&e);
	if (source_resolve(s->doc.path, &o, &old, &e)) {
		DocPair op; /* the recorded English read as every side is (no target) */
		pair_init(&op);
		pair_from_texts(&op, s->doc.tgt_host.fmt, "", 0, old.text.p ? old.text.p : "", old.text.len);
		progress_fill_old(p, al, op.src_lines, op.sb);
		pair_release(&op);
	}
	source_release(&old);
}

/* A key's 16 hex digits as their value, and back ("" when there are no
 * blocks: n 0). */
static uint64_t key_value(SidecarKey k)
{
	uint64_t v = 0;
	for (size_t i = 0; i < SIDECAR_KEY_LEN && k.hex[i]; i++) {
		char c = k.hex[i];
		v = v << 4 | (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
	}
	return v;
}

static SidecarKey key_of_value(uint64_t v, size_t n)
{
	SidecarKey k = {""};
	if (!n)
		return k;
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < SIDECAR_KEY_LEN; i++)
		k.hex[i] = hex[(v >> (4 * (SIDECAR_KEY_LEN - 1 - i))) & 15];
	k.hex[SIDECAR_KEY_LEN] = '\0';
	return k;
}

/* The phased open's keys dropped (none taken, or none wanted any more). */
static void keys_drop(Session *s)
{
	s->side.keys_on = false;
	VEC_FREE(&s->side.keys);
	s->side.keys_hashed = 0;
}

/* The phased open's keys: the block ranges of the segments [k0, k0 + wn)
 * a stretch just gave (Doc.stepped), hashed later (session_keys_hash_step,
 * or the application's first phase): the hashes of the ~2,300 blocks of a
 * splice at 1M lines were 1 ms of the splice's slice. */
static void keys_spliced(void *ctx, const AlignSplice *sp)
{
	Session *s = ctx;
	Doc *d = &s->doc;
	if (!s->side.keys_on)
		return;
	if (sp->anchors) { /* the anchors' pass again: take them at the end */
		keys_drop(s);
		return;
	}
	/* one a segment: as many as the sidecar's entries and an eighth,
	 * reserved at once and exactly (doubling copied 9.4 MB in one idle
	 * slice at 131,072 of 1M lines' 285k, 6.3 ms, and VEC_RESERVE's power
	 * of two left 40% of it unused); never more than the blocks (a segment
	 * has one at least), whatever the sidecar says */
	if (!s->side.keys.cap) {
		size_t n = MIN(s->side.sc.segs.n, d->src_host.blocks.n + d->tgt_host.blocks.n);
		VEC_RESERVE_EIGHTH(&s->side.keys, n + n / 8 + 64);
	}
	for (size_t k = sp->k0; k < sp->k0 + sp->wn; k++) {
		const Segment *g = &d->al.v[k];
		SessionSegKeys x = {.src = g->src, .src_n = g->src_n, .tgt = g->tgt, .tgt_n = g->tgt_n};
		VEC_PUSH(&s->side.keys, x);
	}
}

/* The next taken key hashed; false when all are. */
static bool keys_hash_one(Session *s)
{
	if (s->side.keys_hashed >= s->side.keys.n)
		return false;
	const Doc *d = &s->doc;
	SessionSegKeys *y = &s->side.keys.v[s->side.keys_hashed++];
	y->source = key_value(pair_blocks_key(d->src_host.text, &d->src_host.blocks, y->src, y->src_n));
	y->target = key_value(pair_blocks_key(d->tgt_host.text, &d->tgt_host.blocks, y->tgt, y->tgt_n));
	return true;
}

void session_keys_hash_step(Session *s, uint64_t max_ns)
{
	uint64_t t0 = now_ns();
	while (max_ns && s->side.keys_hashed < s->side.keys.n) {
		for (int i = 0; i < APPLY_BATCH && keys_hash_one(s); i++)
			;
		if (now_ns() - t0 >= max_ns)
			return;
	}
}

static void apply_release(SessionApply *x)
{
	progress_apply_release(&x->pa);
	progress_release(&x->p);
	free(x->st);
	free(x->by_tgt);
	free(x->by_src);
	free(x->set);
	memset(x, 0, sizeof(*x));
}

void session_statuses_release(Session *s)
{
	apply_release(&s->side.apply);
	keys_drop(s);
	s->side.statuses_pending = false;
}

/* The segments on screen: those of the target lines a screen above and
 * below the cursor (the view's rows are not laid out yet). */
static void shown_range(Session *s, size_t *k0, size_t *k1)
{
	const Doc *d = &s->doc;
	size_t rows = (size_t)MAX(s->view.rows, 1), line = s->caret.cur.line;
	long a = doc_segment_of_tgt_line(d, line > rows ? line - rows : 0);
	long b = doc_segment_of_tgt_line(d, d->tgt.n ? MIN(line + rows, d->tgt.n - 1) : 0);
	*k0 = a > 0 ? (size_t)a : 0;
	*k1 = b >= 0 ? MIN((size_t)b + 1, d->al.n) : 0;
	if (*k1 < *k0)
		*k1 = *k0;
}

/* The status of segment k as decided into the doc (and its user status). */
static void set_one(Session *s, size_t k)
{
	SessionApply *x = &s->side.apply;
	Doc *d = &s->doc;
	if (x->set[k])
		return;
	x->set[k] = 1;
	SegStatus st = x->st[k];
	if (st == ST_DONE || st == ST_REVIEWED || st == ST_STALE)
		doc_set_status_keyed(d, k, st, &x->p.v[k].source); /* the key progress_apply took */
}

/* A unit of the application's last two phases: the stale segments
 * listed, then the arrays freed; false when it is over. */
static bool apply_end(Session *s)
{
	SessionApply *x = &s->side.apply;
	size_t n = s->doc.al.n;
	switch (x->phase) {
	case SA_STALE:
		if (x->at < n) {
			size_t k = x->at++;
			ProgressSeg *ps = &x->p.v[k];
			if (x->st[k] == ST_STALE) {
				SessionStale y = {ps->source, ps->old_key, ps->mark, ps->old, ps->hint};
				VEC_PUSH(&s->side.stale, y);
			} else {
				free(ps->old);
				free(ps->hint);
			}
			ps->old = NULL;
			ps->hint = NULL;
			return true;
		}
		/* the segments' strings freed or moved above: their array is
		 * a unit, the others the next (at once 3.6 ms at 1M lines) */
		x->p.n = 0;
		progress_release(&x->p);
		x->phase = SA_FREE;
		return true;
	case SA_FREE:
		apply_release(x);
		s->side.statuses_pending = false;
		return false;
	default:
		return false;
	}
}

/* One unit of the phase under way; false when the application is over. */
static bool apply_unit(Session *s)
{
	SessionApply *x = &s->side.apply;
	Doc *d = &s->doc;
	size_t n = d->al.n;
	switch (x->phase) {
	case SA_INDEX:
		if (x->at < s->side.keys.n) {
			if (x->at == s->side.keys_hashed)
				keys_hash_one(s); /* those idle time left */
			const SessionSegKeys *y = &s->side.keys.v[x->at];
			if (y->tgt_n)
				x->by_tgt[y->tgt] = (uint32_t)x->at + 1;
			else if (y->src_n)
				x->by_src[y->src] = (uint32_t)x->at + 1;
			x->at++;
			return true;
		}
		x->phase = SA_KEYS;
		x->at = 0;
		return true;
	case SA_KEYS:
		if (x->at < n) {
			size_t k = x->at++;
			const Segment *g = &d->al.v[k];
			size_t i = g->tgt_n ? x->by_tgt[g->tgt] : g->src_n ? x->by_src[g->src] : 0;
			const SessionSegKeys *y = i ? &s->side.keys.v[i - 1] : NULL;
			if (y && y->src == g->src && y->src_n == g->src_n && y->tgt == g->tgt &&
			    y->tgt_n == g->tgt_n) {
				x->p.v[k].entry = -1;
				x->p.v[k].source = key_of_value(y->source, y->src_n);
				x->p.v[k].target = key_of_value(y->target, y->tgt_n);
			} else {
				progress_seg_keys(d->src_host.text, &d->src_host.blocks, d->tgt_host.text, &d->tgt_host.blocks, g,
				                  &x->p.v[k]);
			}
			return true;
		}
		keys_drop(s);
		free(x->by_tgt);
		free(x->by_src);
		x->by_tgt = x->by_src = NULL;
		/* the decisions write the statuses into an array of their own
		 * (the doc's are set by set_one, the ones on screen first; a
		 * copy of the segments for them was 1.4 MB at 100k lines, 13.7
		 * MB at 1M), filled a segment a unit (the frees above, the copy
		 * and progress_apply_start in one unit: 3.4 ms at 1M lines) */
		x->st = xmalloc(MAX(n, 1) * sizeof(*x->st));
		x->phase = SA_ST;
		x->at = 0;
		return true;
	case SA_ST:
		if (x->at < n) {
			x->st[x->at] = d->al.v[x->at].status;
			x->at++;
			return true;
		}
		progress_apply_start(&x->pa, &s->side.sc, x->st, n, &x->p);
		x->phase = SA_DECIDE;
		return true;
	case SA_DECIDE:
		if (progress_apply_some(&x->pa, 1))
			return true;
		progress_apply_release(&x->pa);
		x->phase = SA_OLD;
		return true;
	case SA_OLD: {
		bool any_stale = false;
		size_t kept = 0; /* the statuses set_one will store */
		for (size_t k = 0; k < n; k++) {
			any_stale |= x->st[k] == ST_STALE;
			kept += x->st[k] == ST_DONE || x->st[k] == ST_REVIEWED || x->st[k] == ST_STALE;
		}
		doc_user_reserve(d, kept); /* not doubled by one of them */
		if (any_stale) { /* rare: the segments with the decided statuses */
			Alignment al = {xmalloc(MAX(n, 1) * sizeof(Segment)), n, MAX(n, 1)};
			memcpy(al.v, d->al.v, n * sizeof(Segment));
			for (size_t k = 0; k < n; k++)
				al.v[k].status = x->st[k];
			fill_old_from_record(s, &al, &x->p);
			free(al.v);
		}
		x->set = xcalloc(MAX(n, 1), 1);
		shown_range(s, &x->at, &x->end);
		x->phase = SA_SHOWN;
		return true;
	}
	case SA_SHOWN:
		if (x->at < x->end) {
			set_one(s, x->at++);
			return true;
		}
		x->shown = true;
		x->phase = SA_SET;
		x->at = 0;
		return true;
	case SA_SET:
		if (x->at < n) {
			set_one(s, x->at++);
			return true;
		}
		session_stale_clear(s);
		x->phase = SA_STALE;
		x->at = 0;
		return true;
	case SA_STALE:
	case SA_FREE:
		return apply_end(s);
	default:
		return false;
	}
}

/* Start applying the sidecar's statuses to the whole alignment. */
static void apply_start(Session *s)
{
	Doc *d = &s->doc;
	SessionApply *x = &s->side.apply;
	apply_release(x);
	session_stale_clear(s);
	d->stepped = NULL;
	if (!s->side.sc.segs.n) {
		keys_drop(s);
		s->side.statuses_pending = false;
		return; /* nothing stored: no keys to compute */
	}
	s->side.statuses_pending = true;
	progress_init(&x->p);
	x->p.v = xcalloc(MAX(d->al.n, 1), sizeof(*x->p.v));
	x->p.n = x->p.cap = d->al.n;
	if (!s->side.keys_on)
		keys_drop(s);
	x->by_tgt = xcalloc(MAX(d->tgt_host.blocks.n, 1), sizeof(*x->by_tgt));
	x->by_src = xcalloc(MAX(d->src_host.blocks.n, 1), sizeof(*x->by_src));
	x->phase = SA_INDEX;
	x->at = 0;
}

bool session_statuses_step(Session *s, uint64_t max_ns)
{
	if (!s->side.apply.phase)
		return false;
	uint64_t t0 = now_ns();
	for (;;) {
		for (int i = 0; i < APPLY_BATCH; i++)
			if (!apply_unit(s))
				return false;
		if (max_ns != UINT64_MAX && now_ns() - t0 >= max_ns)
			return true;
	}
}

void session_statuses_finish(Session *s)
{
	session_statuses_step(s, UINT64_MAX);
}

bool session_seg_status_pending(const Session *s, size_t k)
{
	if (!s->side.statuses_pending)
		return false;
	const SessionApply *x = &s->side.apply;
	return !x->set || k >= s->doc.al.n || !x->set[k];
}

/* d->aligned of a phased open: the last stretch aligned, the statuses
 * are applied (in the slices of idle time when that is where the
 * alignment ended: session.in_idle). */
static void statuses_when_aligned(void *ctx)
{
	Session *s = ctx;
	if (!s->side.statuses_pending || s->side.apply.phase)
		return;
	apply_start(s);
	if (!s->side.in_idle)
		session_statuses_finish(s);
}

void session_statuses_place(Session *s)
{
	session_statuses_release(s);
	s->doc.stepped = NULL;
	if (doc_align_partial(&s->doc)) {
		s->side.statuses_pending = s->side.sc.segs.n > 0;
		s->doc.aligned = statuses_when_aligned;
		s->doc.aligned_ctx = s;
		s->side.keys_on = s->side.sc.segs.n > 0;
		s->doc.stepped = keys_spliced;
	} else {
		apply_start(s);
		session_statuses_finish(s);
	}
}
