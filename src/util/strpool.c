/* StrPool: shared copies of equal strings, counted (include/yeok/util.h).
 * An open-addressed table (linear probing, a power of two at most half
 * full) of the strings, each with its reference count and hash; a string
 * is found by its bytes on the way in and by its pointer on the way out. */
#include "yeok/util.h"

#include <string.h>

static uint32_t pool_hash(const char *s)
{
	uint64_t h = hash_fnv1a(s, strlen(s));
	return (uint32_t)(h ^ (h >> 32));
}

void strpool_init(StrPool *p)
{
	memset(p, 0, sizeof(*p));
}

void strpool_release(StrPool *p)
{
	for (size_t i = 0; i < p->cap; i++)
		free(p->v[i].s);
	free(p->v);
	strpool_init(p);
}

static void pool_rehash(StrPool *p, size_t cap)
{
	StrPoolEntry *old = p->v;
	size_t ocap = p->cap;
	p->v = xcalloc(cap, sizeof(*p->v));
	p->cap = cap;
	for (size_t i = 0; i < ocap; i++) {
		if (!old[i].s)
			continue;
		size_t j = old[i].hash & (cap - 1);
		while (p->v[j].s)
			j = (j + 1) & (cap - 1);
		p->v[j] = old[i];
	}
	free(old);
}

char *strpool_take(StrPool *p, char *s)
{
	if (!s)
		return NULL;
	if (2 * (p->n + 1) > p->cap)
		pool_rehash(p, p->cap ? 2 * p->cap : 16);
	uint32_t h = pool_hash(s);
	size_t j = h & (p->cap - 1);
	for (; p->v[j].s; j = (j + 1) & (p->cap - 1)) {
		StrPoolEntry *e = &p->v[j];
		if (e->s == s)
			return s; /* already the pool's: a reference handed on */
		if (e->hash == h && strcmp(e->s, s) == 0) {
			if (e->refs == UINT32_MAX)
				fatal("string pool: a string shared by 2^32 holders");
			e->refs++;
			free(s);
			return e->s;
		}
	}
	p->v[j] = (StrPoolEntry){s, 1, h};
	p->n++;
	return s;
}

/* The slot of s, a pointer of the pool's; cap when it is not one. */
static size_t pool_find(const StrPool *p, const char *s)
{
	if (!p->cap)
		return 0;
	size_t m = p->cap - 1;
	for (size_t j = pool_hash(s) & m; p->v[j].s; j = (j + 1) & m)
		if (p->v[j].s == s)
			return j;
	return p->cap;
}

void strpool_drop(StrPool *p, char *s)
{
	if (!s)
		return;
	size_t m = p->cap - 1, j = pool_find(p, s);
	BUG_ON(j >= p->cap); /* not the pool's */
	if (--p->v[j].refs)
		return;
	free(s);
	/* backward-shift deletion: the entries after j that probed past it
	 * move back, so every probe run stays unbroken */
	size_t hole = j;
	for (size_t i = (j + 1) & m; p->v[i].s; i = (i + 1) & m) {
		size_t home = p->v[i].hash & m;
		/* i may fill the hole when its home is not in (hole, i] */
		if (((i - home) & m) >= ((i - hole) & m)) {
			p->v[hole] = p->v[i];
			hole = i;
		}
	}
	p->v[hole] = (StrPoolEntry){0};
	p->n--;
}

uint32_t strpool_refs(const StrPool *p, const char *s)
{
	size_t j = s ? pool_find(p, s) : p->cap;
	return j < p->cap ? p->v[j].refs : 0;
}

bool strpool_check(const StrPool *p, Err *e)
{
	if (p->cap & (p->cap - 1))
		return err_set(e, EXIT_DATAERR, "string pool: capacity %zu not a power of two", p->cap);
	if (p->cap && 2 * p->n > p->cap)
		return err_set(e, EXIT_DATAERR, "string pool: %zu strings in %zu slots", p->n, p->cap);
	size_t n = 0, m = p->cap ? p->cap - 1 : 0;
	for (size_t i = 0; i < p->cap; i++) {
		const StrPoolEntry *x = &p->v[i];
		if (!x->s)
			continue;
		n++;
		if (!x->refs || x->hash != pool_hash(x->s))
			return err_set(e, EXIT_DATAERR, "string pool: slot %zu: %u references, hash %s",
			               i, x->refs, x->hash == pool_hash(x->s) ? "right" : "wrong");
		/* reachable from its home: no empty slot and no equal string on the way */
		for (size_t j = x->hash & m; j != i; j = (j + 1) & m)
			if (!p->v[j].s || (p->v[j].hash == x->hash && !strcmp(p->v[j].s, x->s)))
				return err_set(e, EXIT_DATAERR, "string pool: slot %zu %s", i,
				               p->v[j].s ? "repeats an earlier string" : "past an empty slot");
	}
	if (n != p->n)
		return err_set(e, EXIT_DATAERR, "string pool: %zu strings counted as %zu", n, p->n);
	return true;
}
