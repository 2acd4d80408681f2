/* A counted set of strings (open addressing), for the document-wide
 * tables of the Korean checks. */
#include <stdatomic.h>

#include "check-private.h"

enum { CHUNK = 64 * 1024 }; /* the largest chunk of keys */

void countmap_release(CountMap *m)
{
	for (size_t i = 0; i < m->chunks_n; i++)
		free(m->chunks[i]);
	free(m->chunks);
	free(m->key);
	free(m->count);
	free(m->okey);
	free(m->ocount);
	bool gradual = m->gradual;
	memset(m, 0, sizeof(*m));
	m->gradual = gradual;
}

const char *countmap_key(const CountMap *m, uint32_t ref)
{
	return ref ? m->chunks[(ref >> 16) - 1] + (ref & 0xffffu) : NULL;
}

/* A copy of s[0..n) and a NUL in m's chunks: its reference (a key larger
 * than CHUNK has a chunk of its own, at offset 0). */
static uint32_t key_copy(CountMap *m, const char *s, size_t n)
{
	if (n + 1 > m->room) {
		if (m->chunks_n >= 0xffff)
			fatal("out of memory (more than 65,535 chunks of words)");
		/* 256 bytes first, twice as much each time up to CHUNK (a map of
		 * a few words stays small) */
		size_t size = MAX(MIN((size_t)CHUNK, (size_t)256 << MIN(m->chunks_n, 8u)), n + 1);
		m->chunks = xgrow(m->chunks, &m->chunks_cap, m->chunks_n + 1, sizeof(*m->chunks));
		m->chunks[m->chunks_n++] = xmalloc(size);
		m->used = 0;
		m->room = size;
	}
	BUG_ON(m->used > 0xffff);
	uint32_t ref = (uint32_t)(m->chunks_n << 16 | m->used);
	char *p = m->chunks[m->chunks_n - 1] + m->used;
	memcpy(p, s, n);
	p[n] = '\0';
	m->used += n + 1;
	m->room -= n + 1;
	return ref;
}

/* Is the key k (NUL-terminated) s[0..n)?  Without strlen: the first
 * differing byte ends it. */
static bool key_is(const char *k, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && k[i] == s[i] && k[i])
		i++;
	return i == n && k[n] == '\0';
}

static size_t slot(const CountMap *m, const char *s, size_t n)
{
	size_t h = hash_fnv1a(s, n) & (m->cap - 1);
	while (m->key[h] && !key_is(countmap_key(m, m->key[h]), s, n))
		h = (h + 1) & (m->cap - 1);
	return h;
}

/* Old slots of a gradual growth moved to the new table, up to k of them;
 * the old table freed once all are. */
static void move_some(CountMap *m, size_t k)
{
	for (; m->omig < m->ocap && k; m->omig++, k--) {
		uint32_t w = m->okey[m->omig];
		if (!w)
			continue;
		const char *wk = countmap_key(m, w);
		size_t h = slot(m, wk, strlen(wk));
		BUG_ON(m->key[h]); /* a key is in one table only */
		m->key[h] = w;
		m->count[h] = m->ocount[m->omig];
		m->moved++;
	}
	if (m->omig == m->ocap) {
		free(m->okey);
		free(m->ocount);
		m->okey = NULL;
		m->ocount = NULL;
		m->ocap = m->omig = 0;
	}
}

void countmap_settle(CountMap *m)
{
	if (m->okey)
		move_some(m, SIZE_MAX);
}

bool countmap_settle_budget(CountMap *m, size_t *used, size_t max, size_t cost)
{
	while (m->okey && (*used < max || !*used)) {
		size_t k = max > *used ? MAX((max - *used) / cost, (size_t)1) : 1;
		k = MIN(k, m->ocap - m->omig);
		move_some(m, k);
		*used += cost * k;
	}
	return !m->okey;
}

/* The old table's slot of s[0..n) not moved yet holding it, or SIZE_MAX. */
static size_t old_slot(const CountMap *m, const char *s, size_t n)
{
	if (!m->okey)
		return SIZE_MAX;
	size_t h = hash_fnv1a(s, n) & (m->ocap - 1);
	while (m->okey[h]) {
		const char *k = countmap_key(m, m->okey[h]);
		if (strlen(k) == n && memcmp(k, s, n) == 0)
			return h >= m->omig ? h : SIZE_MAX; /* below omig: moved (not there) */
		h = (h + 1) & (m->ocap - 1);
	}
	return SIZE_MAX;
}

void countmap_add(CountMap *m, const char *s, size_t n, size_t by)
{
	/* four old slots an add: the old table (cap/2 slots, cap/4 keys) is
	 * moved before the new one (cap, filled from cap/4 keys) is half full */
	if (m->okey)
		move_some(m, 4);
	if ((m->n + 1) * 2 > m->cap) {
		countmap_settle(m); /* never two growths at once */
		size_t cap = m->cap ? m->cap * 2 : 64;
		uint32_t *key = xcalloc(cap, sizeof(*key));
		uint32_t *count = xcalloc(cap, sizeof(*count));
		/* the old table moved a few slots an add, or at once */
		m->okey = m->key;
		m->ocount = m->count;
		m->ocap = m->cap;
		m->omig = 0;
		m->key = key;
		m->count = count;
		m->cap = cap;
		if (m->gradual)
			move_some(m, 4);
		else
			countmap_settle(m);
	}
	size_t o = old_slot(m, s, n);
	if (o != SIZE_MAX) {
		BUG_ON(by > UINT32_MAX - m->ocount[o]);
		m->ocount[o] += (uint32_t)by; /* moved with its count later */
		return;
	}
	size_t h = slot(m, s, n);
	if (!m->key[h]) {
		m->key[h] = key_copy(m, s, n);
		m->n++;
	}
	BUG_ON(by > UINT32_MAX - m->count[h]);
	m->count[h] += (uint32_t)by;
}

size_t countmap_get(const CountMap *m, const char *s, size_t n)
{
	if (!m->cap)
		return 0;
	size_t h = slot(m, s, n);
	if (m->key[h])
		return m->count[h];
	size_t o = old_slot(m, s, n);
	return o != SIZE_MAX ? m->ocount[o] : 0;
}

/* ---- counted id pairs ---------------------------------------------------- */

static size_t pair_hash(uint64_t x, size_t cap)
{
	x ^= x >> 33; /* MurmurHash3's finaliser: every bit of both ids mixed */
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return (size_t)x & (cap - 1);
}

static size_t pair_slot(const uint64_t *key, const uint32_t *count, size_t cap, uint64_t x)
{
	size_t h = pair_hash(x, cap);
	while (count[h] && key[h] != x)
		h = (h + 1) & (cap - 1);
	return h;
}

static void pair_move_some(PairMap *m, size_t k)
{
	for (; m->omig < m->ocap && k; m->omig++, k--) {
		if (!m->ocount[m->omig])
			continue;
		size_t h = pair_slot(m->key, m->count, m->cap, m->okey[m->omig]);
		BUG_ON(m->count[h]); /* a key is in one table only */
		m->key[h] = m->okey[m->omig];
		m->count[h] = m->ocount[m->omig];
	}
	if (m->omig == m->ocap) {
		free(m->okey);
		free(m->ocount);
		m->okey = NULL;
		m->ocount = NULL;
		m->ocap = m->omig = 0;
	}
}

bool pairmap_settle_budget(PairMap *m, size_t *used, size_t max, size_t cost)
{
	while (m->okey && (*used < max || !*used)) {
		size_t k = max > *used ? MAX((max - *used) / cost, (size_t)1) : 1;
		k = MIN(k, m->ocap - m->omig);
		pair_move_some(m, k);
		*used += cost * k;
	}
	return !m->okey;
}

/* The old table's slot of x not moved yet, or SIZE_MAX. */
static size_t pair_old_slot(const PairMap *m, uint64_t x)
{
	if (!m->okey)
		return SIZE_MAX;
	size_t h = pair_slot(m->okey, m->ocount, m->ocap, x);
	return m->ocount[h] && h >= m->omig ? h : SIZE_MAX; /* below omig: moved */
}

void pairmap_add(PairMap *m, uint32_t a, uint32_t b, uint32_t by)
{
	BUG_ON(!by);
	uint64_t x = (uint64_t)a << 32 | b;
	if (m->okey)
		pair_move_some(m, 4); /* as countmap_add */
	if ((m->n + 1) * 2 > m->cap) {
		if (m->okey)
			pair_move_some(m, SIZE_MAX); /* never two growths at once */
		m->okey = m->key;
		m->ocount = m->count;
		m->ocap = m->cap;
		m->omig = 0;
		m->cap = m->cap ? m->cap * 2 : 64;
		m->key = xmalloc(m->cap * sizeof(uint64_t));
		m->count = xcalloc(m->cap, sizeof(uint32_t));
		pair_move_some(m, m->gradual ? 4 : SIZE_MAX);
	}
	size_t o = pair_old_slot(m, x);
	if (o != SIZE_MAX) {
		m->ocount[o] += by; /* moved with its count later */
		return;
	}
	size_t h = pair_slot(m->key, m->count, m->cap, x);
	if (!m->count[h]) {
		m->key[h] = x;
		m->n++;
	}
	BUG_ON(m->count[h] > UINT32_MAX - by);
	m->count[h] += by;
}

void pairmap_reserve(PairMap *m, size_t n)
{
	if (m->cap)
		return;
	size_t cap = 64;
	while ((n + 1) * 2 > cap)
		cap *= 2;
	m->cap = cap;
	m->key = xmalloc(cap * sizeof(uint64_t));
	m->count = xcalloc(cap, sizeof(uint32_t));
}

uint32_t pairmap_get(const PairMap *m, uint32_t a, uint32_t b)
{
	if (!m->cap)
		return 0;
	uint64_t x = (uint64_t)a << 32 | b;
	size_t h = pair_slot(m->key, m->count, m->cap, x);
	if (m->count[h])
		return m->count[h];
	size_t o = pair_old_slot(m, x);
	return o != SIZE_MAX ? m->ocount[o] : 0;
}

void pairmap_release(PairMap *m)
{
	free(m->key);
	free(m->count);
	free(m->okey);
	free(m->ocount);
	bool gradual = m->gradual;
	memset(m, 0, sizeof(*m));
	m->gradual = gradual;
}

/* ---- fixed word sets ----------------------------------------------------- */

/* The set being made by pthread_once (one at a time: once holds a lock). */
static WordSet *making;
static pthread_mutex_t making_lock = PTHREAD_MUTEX_INITIALIZER;

static void word_set_make(void)
{
	WordSet *ws = making;
	size_t cap = 16;
	while (cap < 4 * ws->n)
		cap *= 2;
	BUG_ON(ws->n >= UINT16_MAX);
	uint16_t *slot = xcalloc(cap, sizeof(uint16_t)); /* kept for the process */
	for (size_t i = 0; i < ws->n; i++) {
		const char *w = ws->words[i];
		size_t h = hash_fnv1a(w, strlen(w)) & (cap - 1);
		while (slot[h] && strcmp(ws->words[slot[h] - 1], w) != 0)
			h = (h + 1) & (cap - 1);
		if (!slot[h])
			slot[h] = (uint16_t)(i + 1);
	}
	ws->cap = cap;
	atomic_store(&ws->slot, slot); /* last: a reader that sees it sees cap */
}

bool word_set_has(WordSet *ws, const char *s, size_t n)
{
	uint16_t *slot = atomic_load(&ws->slot);
	if (!slot) {
		pthread_mutex_lock(&making_lock);
		making = ws;
		pthread_once(&ws->once, word_set_make);
		pthread_mutex_unlock(&making_lock);
		slot = atomic_load(&ws->slot);
	}
	size_t h = hash_fnv1a(s, n) & (ws->cap - 1);
	while (slot[h]) {
		if (key_is(ws->words[slot[h] - 1], s, n))
			return true;
		h = (h + 1) & (ws->cap - 1);
	}
	return false;
}
