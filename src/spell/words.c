/* SpellWords: a set of NFC words (open addressing, linear probing). */
#include "yeok/spell.h"
#include "yeok/text.h"

#include "spell-private.h"

bool spell_is_nfc_fast(const char *s, size_t n)
{
	/* ASCII and precomposed Hangul syllables are NFC already */
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		int32_t cp;
		size_t l = text_decode(s + i, n - i, &cp);
		if (cp < 0xac00 || cp > 0xd7a3)
			return false;
		i += l;
	}
	return true;
}

/* Point (*p, *np) at the NFC form of s (in tmp when it had to change). */
void spell_nfc_view(const char *s, size_t n, Buf *tmp, const char **p,
                    size_t *np)
{
	if (spell_is_nfc_fast(s, n)) {
		*p = s;
		*np = n;
		return;
	}
	buf_clear(tmp);
	text_nfc(s, n, tmp);
	*p = tmp->p ? tmp->p : "";
	*np = tmp->len;
}

void spell_words_init(SpellWords *w)
{
	w->slot = NULL;
	w->n = w->cap = 0;
}

void spell_words_clear(SpellWords *w)
{
	for (size_t i = 0; i < w->cap; i++) {
		free(w->slot[i]);
		w->slot[i] = NULL;
	}
	w->n = 0;
}

void spell_words_release(SpellWords *w)
{
	spell_words_clear(w);
	free(w->slot);
	spell_words_init(w);
}

static size_t probe(const SpellWords *w, const char *s, size_t n)
{
	size_t mask = w->cap - 1;
	size_t i = (size_t)hash_fnv1a(s, n) & mask;
	while (w->slot[i]) {
		if (strlen(w->slot[i]) == n && !memcmp(w->slot[i], s, n))
			return i;
		i = (i + 1) & mask;
	}
	return i;
}

static void grow(SpellWords *w)
{
	size_t oldcap = w->cap;
	char **old = w->slot;
	w->cap = oldcap ? oldcap * 2 : 64;
	w->slot = xcalloc(w->cap, sizeof(char *));
	for (size_t i = 0; i < oldcap; i++)
		if (old[i])
			w->slot[probe(w, old[i], strlen(old[i]))] = old[i];
	free(old);
}

bool spell_words_add_nfc(SpellWords *w, const char *s, size_t n)
{
	if (n == 0 || memchr(s, '\0', n))
		return false;
	if (2 * (w->n + 1) >= w->cap)
		grow(w);
	size_t i = probe(w, s, n);
	if (w->slot[i])
		return false;
	w->slot[i] = xmemdup0(s, n);
	w->n++;
	return true;
}

bool spell_words_add(SpellWords *w, const char *s, size_t n)
{
	Buf tmp = BUF_INIT;
	const char *p;
	size_t np;
	spell_nfc_view(s, n, &tmp, &p, &np);
	bool r = spell_words_add_nfc(w, p, np);
	buf_release(&tmp);
	return r;
}

bool spell_words_has(const SpellWords *w, const char *s, size_t n)
{
	if (!w || w->n == 0 || n == 0)
		return false;
	Buf tmp = BUF_INIT;
	const char *p;
	size_t np;
	spell_nfc_view(s, n, &tmp, &p, &np);
	bool r = w->slot[probe(w, p, np)] != NULL;
	buf_release(&tmp);
	return r;
}

bool spell_words_has_nfc(const SpellWords *w, const char *s, size_t n)
{
	if (!w || w->n == 0 || n == 0)
		return false;
	return w->slot[probe(w, s, n)] != NULL;
}

void spell_words_add_text(SpellWords *w, const char *s, size_t n)
{
	SpellTokens t = {0};
	spell_tokenize(s, n, &t);
	for (size_t i = 0; i < t.n; i++)
		spell_words_add(w, s + t.v[i].off, t.v[i].len);
	VEC_FREE(&t);
}

bool spell_words_check(const SpellWords *w, Err *e)
{
	if (w->cap && (w->cap & (w->cap - 1)))
		return err_set(e, EXIT_DATAERR, "spell words: capacity %zu is not a power of two", w->cap);
	if (w->cap && 2 * w->n >= w->cap)
		return err_set(e, EXIT_DATAERR, "spell words: %zu words in %zu slots", w->n, w->cap);
	size_t count = 0;
	for (size_t i = 0; i < w->cap; i++) {
		if (!w->slot[i])
			continue;
		count++;
		size_t len = strlen(w->slot[i]);
		if (probe(w, w->slot[i], len) != i)
			return err_set(e, EXIT_DATAERR, "spell words: '%s' is not where it hashes (duplicate?)", w->slot[i]);
	}
	if (count != w->n)
		return err_set(e, EXIT_DATAERR, "spell words: count %zu, found %zu", w->n, count);
	return true;
}
