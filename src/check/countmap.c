/* A counted set of strings (open addressing), for the document-wide
 * tables of the Korean checks. */
#include "check-private.h"

enum { CHUNK = 64 * 1024 }; /* the largest chunk of keys */

void countmap_release(CountMap *m)
{
	for (size_t i = 0; i < m->chunks_n; i++)
		free(m->chunks[i]);
	free(m->chunks);
	free(m->key);
	free(m->count);
	memset(m, 0, sizeof(*m));
}

/* A copy of s[0..n) and a NUL in m's chunks. */
static char *key_copy(CountMap *m, const char *s, size_t n)
{
	if (n + 1 > m->room) {
		/* 256 bytes first, twice as much each time up to CHUNK (a map of
		 * a few words stays small) */
		size_t size = MAX(MIN((size_t)CHUNK, (size_t)256 << MIN(m->chunks_n, 8u)), n + 1);
		m->chunks = xgrow(m->chunks, &m->chunks_cap, m->chunks_n + 1, sizeof(*m->chunks));
		m->chunks[m->chunks_n++] = xmalloc(size);
		m->used = 0;
		m->room = size;
	}
	char *p = m->chunks[m->chunks_n - 1] + m->used;
	memcpy(p, s, n);
	p[n] = '\0';
	m->used += n + 1;
	m->room -= n + 1;
	return p;
}

static size_t slot(const CountMap *m, const char *s, size_t n)
{
	size_t h = hash_fnv1a(s, n) & (m->cap - 1);
	while (m->key[h] && !(strlen(m->key[h]) == n && memcmp(m->key[h], s, n) == 0))
		h = (h + 1) & (m->cap - 1);
	return h;
}

void countmap_add(CountMap *m, const char *s, size_t n, size_t by)
{
	if ((m->n + 1) * 2 > m->cap) {
		CountMap g = *m; /* the chunks stay */
		g.n = 0;
		g.cap = m->cap ? m->cap * 2 : 64;
		g.key = xcalloc(g.cap, sizeof(char *));
		g.count = xcalloc(g.cap, sizeof(size_t));
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->key[i])
				continue;
			size_t h = slot(&g, m->key[i], strlen(m->key[i]));
			g.key[h] = m->key[i];
			g.count[h] = m->count[i];
			g.n++;
		}
		free(m->key);
		free(m->count);
		*m = g;
	}
	size_t h = slot(m, s, n);
	if (!m->key[h]) {
		m->key[h] = key_copy(m, s, n);
		m->n++;
	}
	m->count[h] += by;
}

size_t countmap_get(const CountMap *m, const char *s, size_t n)
{
	if (!m->cap)
		return 0;
	size_t h = slot(m, s, n);
	return m->key[h] ? m->count[h] : 0;
}
