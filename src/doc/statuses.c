/*
 * Segment statuses: the user's statuses by segment key, setting and marking
 * them, their undo records, the progress counts.
 */
#include "doc-private.h"
#include "yeok/pair.h"
#include "yeok/stats.h"

/* ---- statuses ----------------------------------------------------------- */

static SidecarKey seg_key(const Doc *d, const Segment *s)
{
	return pair_blocks_key(d->src_host.text, &d->src_host.blocks, s->src, s->src_n);
}

/* The 64-bit value of a key's 16 hex digits. */
static uint64_t key_value(const SidecarKey *k)
{
	uint64_t v = 0;
	for (size_t i = 0; i < SIDECAR_KEY_LEN && k->hex[i]; i++) {
		char c = k->hex[i];
		v = v << 4 | (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
	}
	return v;
}

static size_t user_slot(const UserStatuses *u, uint64_t key)
{
	size_t mask = u->cap - 1, i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 17) & mask;
	while (u->v[i].used && u->v[i].key != key)
		i = (i + 1) & mask;
	return i;
}

static const UserStatus *user_find(const Doc *d, uint64_t key)
{
	if (!d->user.n)
		return NULL;
	const UserStatus *x = &d->user.v[user_slot(&d->user, key)];
	return x->used ? x : NULL;
}

/* The user's statuses in a table of room for n (at most 3/4 full). */
static void user_room(UserStatuses *u, size_t n)
{
	if (n * 4 <= u->cap * 3)
		return;
	size_t cap = u->cap ? u->cap : 64;
	while (n * 4 > cap * 3)
		cap *= 2;
	UserStatuses big = {xcalloc(cap, sizeof(UserStatus)), 0, cap};
	for (size_t i = 0; i < u->cap; i++)
		if (u->v[i].used) {
			big.v[user_slot(&big, u->v[i].key)] = u->v[i];
			big.n++;
		}
	free(u->v);
	*u = big;
}

void doc_user_reserve(Doc *d, size_t n)
{
	user_room(&d->user, d->user.n + n);
}

/* Remove key's entry (backward-shift deletion: the probe sequences of
 * the entries after it stay unbroken). */
static void user_remove(Doc *d, uint64_t key)
{
	UserStatuses *u = &d->user;
	if (!u->n)
		return;
	size_t mask = u->cap - 1, i = user_slot(u, key);
	if (!u->v[i].used)
		return;
	u->v[i].used = false;
	u->n--;
	for (size_t j = (i + 1) & mask; u->v[j].used; j = (j + 1) & mask) {
		size_t home = (size_t)(u->v[j].key * 0x9e3779b97f4a7c15ull >> 17) & mask;
		/* j's entry may move to the hole at i unless its home lies in (i, j] */
		bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
		if (stays)
			continue;
		u->v[i] = u->v[j];
		u->v[j].used = false;
		i = j;
	}
}

static void user_put(Doc *d, uint64_t key, SegStatus st)
{
	UserStatuses *u = &d->user;
	user_room(u, u->n + 1);
	UserStatus *x = &u->v[user_slot(u, key)];
	if (!x->used) {
		x->used = true;
		x->key = key;
		u->n++;
	}
	x->status = st;
}

/* The key value of a segment's source blocks.  The source never changes
 * once loaded, so a run's key is hashed once (a direct-mapped memo of
 * DOC_KEY_MEMO runs; doc_load_pair forgets it): a key in a long
 * paragraph does not hash its English again. */
static uint64_t seg_key_value(Doc *d, const Segment *s)
{
	if (!d->key_memo)
		d->key_memo = xcalloc(DOC_KEY_MEMO, sizeof(*d->key_memo));
	size_t i = (size_t)(((uint64_t)s->src * 0x9e3779b97f4a7c15ull ^ s->src_n) >> 7) &
	           (DOC_KEY_MEMO - 1);
	DocKeyMemo *m = &d->key_memo[i];
	if (m->src_n != s->src_n || m->src != s->src) {
		SidecarKey h = seg_key(d, s);
		*m = (DocKeyMemo){s->src, s->src_n, key_value(&h)};
		stat_add(STAT_DOC_KEY_HASHES, 1);
	}
	return m->value;
}

void apply_user(Doc *d, size_t from, size_t to)
{
	if (!d->user.n)
		return;
	for (size_t k = from; k < to; k++) {
		Segment *s = &d->al.v[k];
		if (!s->src_n)
			continue;
		const UserStatus *x = user_find(d, seg_key_value(d, s));
		if (x)
			s->status = x->status;
	}
}

static void journal_status(Doc *d, uint64_t key, int st);

SegStatus doc_seg_status(const Doc *d, size_t seg)
{
	BUG_ON(seg >= d->al.n);
	return d->al.v[seg].status;
}

void doc_set_status_keyed(Doc *d, size_t seg, SegStatus st, const SidecarKey *key)
{
	BUG_ON(seg >= d->al.n);
	Segment *s = &d->al.v[seg];
	if (d->prog_valid)
		prog_account(s, &d->prog, -1);
	s->status = st;
	if (d->prog_valid)
		prog_account(s, &d->prog, 1);
	if (!s->src_n)
		return;
	SidecarKey h = key ? *key : seg_key(d, s);
#ifndef NDEBUG
	if (key) { /* test builds: the key given is the segment's */
		SidecarKey own = seg_key(d, s);
		BUG_ON(strcmp(own.hex, key->hex) != 0);
	}
#endif
	user_put(d, key_value(&h), st);
}

void doc_set_status(Doc *d, size_t seg, SegStatus st)
{
	doc_set_status_keyed(d, seg, st, NULL);
}

/* Segment seg's status, the progress kept in step. */
static void seg_status_to(Doc *d, size_t seg, SegStatus st)
{
	Segment *g = &d->al.v[seg];
	if (d->prog_valid)
		prog_account(g, &d->prog, -1);
	g->status = st;
	if (d->prog_valid)
		prog_account(g, &d->prog, 1);
	d->gen++;
}

bool doc_mark(Doc *d, size_t seg, SegStatus st)
{
	BUG_ON(seg >= d->al.n);
	Segment *g = &d->al.v[seg];
	if (!g->src_n) {
		seg_status_to(d, seg, st);
		return true;
	}
	SidecarKey h = seg_key(d, g);
	uint64_t key = key_value(&h);
	const UserStatus *x = user_find(d, key);
	if (x && x->status == st && g->status == st)
		return false;
	truncate_redo(d);
	Change c;
	memset(&c, 0, sizeof(c));
	c.kind = CH_STATUS;
	c.chain = d->chain_next && d->cur;
	d->chain_next = false;
	c.key = key;
	c.seg = (uint32_t)seg;
	c.before = (uint8_t)g->status;
	c.after = (uint8_t)st;
	c.had_user = x != NULL;
	c.user_before = x ? (uint8_t)x->status : 0;
	size_t f, l;
	c.at = (Pos){align_tgt_lines(g, &d->tgt_host.blocks, &f, &l) ? f : 0, 0};
	VEC_PUSH(&d->changes, c);
	d->cur++;
	d->merge_ok = false;
	doc_set_status_keyed(d, seg, st, &h);
	d->gen++;
	journal_status(d, key, st);
	return true;
}

/* The segment of a CH_STATUS change: c->seg, unless the alignment moved
 * since (a long paragraph's segments are realigned in idle time): then
 * the segment with its key; SIZE_MAX: none. */
static size_t status_seg(Doc *d, const Change *c)
{
	if (c->seg < d->al.n && d->al.v[c->seg].src_n && seg_key_value(d, &d->al.v[c->seg]) == c->key)
		return c->seg;
	for (size_t k = 0; k < d->al.n; k++)
		if (d->al.v[k].src_n && seg_key_value(d, &d->al.v[k]) == c->key)
			return k;
	return SIZE_MAX;
}

/* A user status (or "-", none) of key into the journal: kill -9 offers it
 * back (safety.c reads the line). */
static void journal_status(Doc *d, uint64_t key, int st)
{
	if (!d->journal)
		return;
	char line[64];
	int n = snprintf(line, sizeof(line), "status %016llx %s", (unsigned long long)key,
	                 st < 0 ? "-" : align_status_name((SegStatus)st));
	journal_state(d->journal, line, (size_t)n);
}

size_t doc_segment_of_key(Doc *d, uint64_t key)
{
	for (size_t k = 0; k < d->al.n; k++)
		if (d->al.v[k].src_n && seg_key_value(d, &d->al.v[k]) == key)
			return k;
	return SIZE_MAX;
}

/* Undo (back) or redo a CH_STATUS change. */
void status_apply(Doc *d, const Change *c, bool back)
{
	size_t k = status_seg(d, c);
	if (k != SIZE_MAX)
		seg_status_to(d, k, back ? (SegStatus)c->before : (SegStatus)c->after);
	if (!back)
		user_put(d, c->key, (SegStatus)c->after);
	else if (c->had_user)
		user_put(d, c->key, (SegStatus)c->user_before);
	else
		user_remove(d, c->key);
	journal_status(d, c->key, !back ? c->after : c->had_user ? c->user_before : -1);
}

bool doc_seg_unfinished(const Doc *d, size_t seg)
{
	const Segment *s = &d->al.v[seg];
	if (!s->tgt_n || !s->src_n || !rst_kind_is_prose(s->kind))
		return false;
	if (align_nothing_to_translate(s))
		return false;
	return s->status == ST_UNTRANSLATED || s->status == ST_DRAFT || s->status == ST_STALE;
}

/* Add (sign 1) or remove (sign -1) one segment's share of the progress. */
void prog_account(const Segment *s, DocProgress *p, int sign)
{
	if (!s->tgt_n || !s->src_n || !rst_kind_is_prose(s->kind))
		return;
	size_t u = (size_t)(long)sign;
	p->total += u;
	if (s->status == ST_DONE || s->status == ST_REVIEWED || align_nothing_to_translate(s))
		p->done += u; /* a segment with nothing to translate counts as done */
	else if (s->status == ST_UNTRANSLATED)
		p->untranslated += u;
	else if (s->status == ST_STALE)
		p->stale += u;
}

void doc_progress(const Doc *d, DocProgress *p)
{
	if (!d->prog_valid) {
		Doc *m = (Doc *)d; /* a cache: the progress is a function of d */
		memset(&m->prog, 0, sizeof(m->prog));
		for (size_t k = 0; k < d->al.n; k++)
			prog_account(&d->al.v[k], &m->prog, 1);
		m->prog_valid = true;
	}
	*p = d->prog;
}
