/* The inline markup and masks of the texts scanned lately (check-private.h):
 * the checks of a unit scan the same blocks one after the other (spacing,
 * punctuation, style, the glossary, untranslated, the index's Korean maps
 * and consistency tables; a literal block's comments), and a scan costs
 * far more than a hash and a
 * comparison of the text.  Per thread (the repository view's workers
 * check too); 16 entries (the editor's checks of one unit), or as many as
 * check_memo_size asks (`yeok check`: the whole document's blocks, which
 * the index's passes and then the units' checks each read). */
#include <pthread.h>

#include "check-private.h"

enum { MEMO_SMALL = 16, MEMO_MAX_TEXT = 1 << 16 };

struct CheckMemo {
	uint64_t hash;
	size_t n;
	char *text;         /* a copy (n + 1 bytes), NULL: an empty entry */
	Inline *inl;        /* inline_scan's result, pointers into text */
	size_t inl_n;
	bool have_inl;
	char *mask;         /* prose_mask's (n bytes), or NULL */
	char *comment;      /* comment_text's (n bytes) for comment_lang, or NULL */
	int comment_lang;
	bool comment_any;   /* comment_text found a comment */
};

/* Direct-mapped: a text's entry is the slot of its hash (a new text
 * replaces the one there). */
typedef struct MemoTable {
	CheckMemo *e;
	size_t cap; /* a power of two */
	uint64_t hits, misses;
} MemoTable;

static pthread_key_t memo_key;
static pthread_once_t memo_once = PTHREAD_ONCE_INIT;
static _Atomic size_t memo_cap = MEMO_SMALL;

void check_memo_size(size_t entries)
{
	size_t c = MEMO_SMALL;
	while (c < entries && c < ((size_t)1 << 20))
		c *= 2;
	memo_cap = c;
}

static void entry_clear(CheckMemo *m)
{
	free(m->text);
	free(m->inl);
	free(m->mask);
	free(m->comment);
	memset(m, 0, sizeof(*m));
}

static void table_free(void *p)
{
	MemoTable *t = p;
	for (size_t i = 0; t && i < t->cap; i++)
		entry_clear(&t->e[i]);
	if (t)
		free(t->e);
	free(t);
}

static void memo_init(void)
{
	if (pthread_key_create(&memo_key, table_free) != 0)
		fatal("check: cannot make a thread key");
}

static MemoTable *table(void)
{
	pthread_once(&memo_once, memo_init);
	MemoTable *t = pthread_getspecific(memo_key);
	if (!t) {
		t = xcalloc(1, sizeof(*t));
		pthread_setspecific(memo_key, t);
	}
	if (t->cap != memo_cap) { /* made, or resized (check_memo_size) */
		for (size_t i = 0; i < t->cap; i++)
			entry_clear(&t->e[i]);
		free(t->e);
		t->cap = memo_cap;
		t->e = xcalloc(t->cap, sizeof(CheckMemo));
	}
	return t;
}

CheckMemo *check_memo_find(const char *s, size_t n, bool add)
{
	if (n == 0 || n > MEMO_MAX_TEXT)
		return NULL;
	MemoTable *t = table();
	uint64_t h = hash_words(s, n);
	CheckMemo *m = &t->e[(h ^ (h >> 29)) & (t->cap - 1)];
	if (m->text && m->hash == h && m->n == n && !memcmp(m->text, s, n)) {
		t->hits++;
		return m;
	}
	t->misses++;
	if (!add)
		return NULL;
	entry_clear(m);
	m->hash = h;
	m->n = n;
	m->text = xmemdup0(s, n);
	return m;
}

/* Move the pointers of v[0..k) from text a to text b. */
static void rebase(Inline *v, size_t k, const char *a, const char *b)
{
	for (size_t i = 0; i < k; i++) {
		if (v[i].role.p)
			v[i].role.p = b + (v[i].role.p - a);
		if (v[i].target.p)
			v[i].target.p = b + (v[i].target.p - a);
	}
}

bool check_memo_inlines(const CheckMemo *m, const char *s, InlineVec *out)
{
	if (!m || !m->have_inl)
		return false;
	size_t k0 = out->n;
	for (size_t i = 0; i < m->inl_n; i++)
		VEC_PUSH(out, m->inl[i]);
	if (m->inl_n)
		rebase(out->v + k0, m->inl_n, m->text, s);
	return true;
}

void check_memo_keep_inlines(CheckMemo *m, const char *s, const Inline *v, size_t k)
{
	if (!m)
		return;
	free(m->inl);
	m->inl = k ? xmalloc(k * sizeof(Inline)) : NULL;
	if (k)
		memcpy(m->inl, v, k * sizeof(Inline));
	rebase(m->inl, k, s, m->text);
	m->inl_n = k;
	m->have_inl = true;
}

const char *check_memo_mask(const CheckMemo *m)
{
	return m ? m->mask : NULL;
}

void check_memo_keep_mask(CheckMemo *m, const char *mask)
{
	if (!m)
		return;
	free(m->mask);
	m->mask = xmalloc(m->n);
	memcpy(m->mask, mask, m->n);
}

bool check_memo_comment(const CheckMemo *m, int lang, char *text, bool *any)
{
	if (!m || !m->comment || m->comment_lang != lang)
		return false;
	memcpy(text, m->comment, m->n);
	*any = m->comment_any;
	return true;
}

void check_memo_keep_comment(CheckMemo *m, int lang, const char *text, bool any)
{
	if (!m)
		return;
	free(m->comment);
	m->comment = xmalloc(m->n);
	memcpy(m->comment, text, m->n);
	m->comment_lang = lang;
	m->comment_any = any;
}

void check_memo_stats(uint64_t *hits, uint64_t *misses)
{
	MemoTable *t = table();
	*hits = t->hits;
	*misses = t->misses;
}
