/* A counted set of strings (open addressing), for the document-wide
 * tables of the Korean checks. */
#include "check-private.h"

void countmap_release(CountMap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->key[i]);
	free(m->key);
	free(m->count);
	memset(m, 0, sizeof(*m));
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
		CountMap g = {NULL, NULL, 0, m->cap ? m->cap * 2 : 64};
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
		m->key[h] = xmemdup0(s, n);
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
