/* Lookup: exact and fuzzy matches with OmegaT's scores, the differing
 * words, and how the repository renders one English text. */
#include "tm-private.h"

void tm_matches_release(TmMatches *m)
{
	for (size_t i = 0; i < m->n; i++) {
		TmMatch *x = &m->v[i];
		free(x->en);
		free(x->ko);
		free(x->file);
		free(x->commit);
		free(x->author);
		free(x->diff);
		free(x->cur_diff);
	}
	free(m->v);
	memset(m, 0, sizeof(*m));
}

static char *col_dup(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	return xstrdup(t ? (const char *)t : "");
}

/* The query's words to search for: the rarest ones (by words.df, 0 = not
 * in the memory), at most TM_SEARCH_WORDS, rarest first.  *failed on an
 * SQLite error.  Caller frees with tm_strv_free. */
#define TM_SEARCH_WORDS 6
static char **rare_words(Tm *tm, const char *en, size_t n, size_t *count, Err *e, bool *failed)
{
	size_t k = 0;
	char **w = tm_words_of(en, n, &k);
	long long *df = xcalloc(k + 1, sizeof(long long));
	for (size_t i = 0; i < k && !*failed; i++) {
		sqlite3_stmt *st = tm_stmt(tm, Q_DF, e);
		if (!st) {
			*failed = true;
			break;
		}
		sqlite3_bind_text(st, 1, w[i], -1, SQLITE_STATIC);
		int rc = sqlite3_step(st);
		if (rc == SQLITE_ROW)
			df[i] = sqlite3_column_int64(st, 0);
		else if (rc != SQLITE_DONE)
			*failed = !tm_sql_err(tm, rc, "lookup", e);
	}
	char **out = xcalloc(TM_SEARCH_WORDS + 1, sizeof(char *));
	*count = 0;
	while (!*failed && *count < TM_SEARCH_WORDS) {
		size_t best = k;
		/* a word with an apostrophe is two tokens to unicode61, and
		 * detail=none has no phrases */
		for (size_t i = 0; i < k; i++)
			if (df[i] > 0 && !strchr(w[i], '\'') && !strstr(w[i], "\xe2\x80\x99") &&
			    (best == k || df[i] < df[best]))
				best = i;
		if (best == k)
			break;
		out[(*count)++] = w[best];
		w[best] = NULL;
		df[best] = 0;
	}
	free(df);
	tm_strv_free(w, k);
	return out;
}

typedef VEC(long long) IdVec;

#define TM_POSTING_MAX 256 /* segments read per searched word */
#define TM_CANDIDATES 40   /* fuzzy candidates scored */

/* Candidate segment ids with how many searched words each holds. */
typedef struct Hit {
	long long id; /* 0: empty slot */
	int n;
} Hit;
typedef struct Hits {
	Hit *v;
	size_t n, cap; /* cap: a power of two, or 0 */
} Hits;

static void hits_add(Hits *h, long long id)
{
	if ((h->n + 1) * 2 > h->cap) {
		Hit *old = h->v;
		size_t oc = h->cap;
		h->cap = oc ? oc * 2 : 512;
		h->v = xcalloc(h->cap, sizeof(Hit));
		h->n = 0;
		for (size_t i = 0; i < oc; i++)
			if (old[i].id) {
				size_t k = (size_t)hash_fnv1a(&old[i].id, sizeof(long long)) & (h->cap - 1);
				while (h->v[k].id)
					k = (k + 1) & (h->cap - 1);
				h->v[k] = old[i];
				h->n++;
			}
		free(old);
	}
	size_t k = (size_t)hash_fnv1a(&id, sizeof(id)) & (h->cap - 1);
	while (h->v[k].id && h->v[k].id != id)
		k = (k + 1) & (h->cap - 1);
	if (!h->v[k].id) {
		h->v[k].id = id;
		h->n++;
	}
	h->v[k].n++;
}

static int cmp_hit(const void *a, const void *b)
{
	const Hit *x = a, *y = b;
	if (x->n != y->n)
		return y->n - x->n;
	return x->id < y->id ? 1 : x->id > y->id ? -1 : 0; /* newer rows first */
}

/* Append the ids of the best `max` candidates to ids. */
static void hits_best(Hits *h, size_t max, IdVec *ids);

static void hits_release(Hits *h)
{
	free(h->v);
	memset(h, 0, sizeof(*h));
}

static void push_id(IdVec *v, long long id)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->v[i] == id)
			return;
	VEC_PUSH(v, id);
}

static void hits_best(Hits *h, size_t max, IdVec *ids)
{
	size_t k = 0;
	for (size_t i = 0; i < h->cap; i++)
		if (h->v[i].id)
			h->v[k++] = h->v[i];
	if (k)
		qsort(h->v, k, sizeof(Hit), cmp_hit);
	for (size_t i = 0; i < k && i < max; i++)
		push_id(ids, h->v[i].id);
	h->n = k;
}

static int cmp_match(const void *a, const void *b)
{
	const TmMatch *x = a, *y = b;
	if (x->score != y->score)
		return y->score - x->score;
	if (x->score_all != y->score_all)
		return y->score_all - x->score_all;
	if (x->files != y->files) /* the repository's majority rendering first */
		return x->files < y->files ? 1 : -1;
	if (x->date != y->date)
		return x->date < y->date ? 1 : -1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* The tokens that are not punctuation. */
static void content_tokens(const TokVec *all, TokVec *out)
{
	out->n = 0;
	for (size_t i = 0; i < all->n; i++)
		if (all->v[i].kind != TOK_PUNCT)
			VEC_PUSH(out, all->v[i]);
}

/* Spans of the tokens of a (the match) and b (the query) that the
 * Levenshtein alignment does not pair with an equal token. */
static void diff_spans(const TokVec *ta, const TokVec *tb, TmMatch *m)
{
	TokVec a = {0}, b = {0};
	content_tokens(ta, &a);
	content_tokens(tb, &b);
	size_t na = a.n, nb = b.n;
	if ((na + 1) * (nb + 1) > (4u << 20)) {
		VEC_FREE(&a);
		VEC_FREE(&b);
		return;
	}
	uint32_t *d = xmalloc((na + 1) * (nb + 1) * sizeof(uint32_t));
#define D(i, j) d[(i) * (nb + 1) + (j)]
	for (size_t i = 0; i <= na; i++)
		D(i, 0) = (uint32_t)i;
	for (size_t j = 0; j <= nb; j++)
		D(0, j) = (uint32_t)j;
	for (size_t i = 1; i <= na; i++)
		for (size_t j = 1; j <= nb; j++) {
			uint32_t cost = a.v[i - 1].h == b.v[j - 1].h ? 0 : 1;
			uint32_t v = MIN(D(i - 1, j) + 1, D(i, j - 1) + 1);
			D(i, j) = MIN(v, D(i - 1, j - 1) + cost);
		}
	bool *ka = xcalloc(na + 1, 1), *kb = xcalloc(nb + 1, 1);
	for (size_t i = na, j = nb; i > 0 || j > 0;) {
		if (i > 0 && j > 0 && a.v[i - 1].h == b.v[j - 1].h && D(i, j) == D(i - 1, j - 1)) {
			ka[i - 1] = kb[j - 1] = true;
			i--;
			j--;
		} else if (i > 0 && j > 0 && D(i, j) == D(i - 1, j - 1) + 1) {
			i--;
			j--;
		} else if (i > 0 && D(i, j) == D(i - 1, j) + 1) {
			i--;
		} else {
			j--;
		}
	}
#undef D
	m->diff = xcalloc(na + 1, sizeof(TmSpan));
	m->cur_diff = xcalloc(nb + 1, sizeof(TmSpan));
	for (size_t i = 0; i < na; i++)
		if (!ka[i])
			m->diff[m->diff_n++] = (TmSpan){a.v[i].off, a.v[i].len};
	for (size_t j = 0; j < nb; j++)
		if (!kb[j])
			m->cur_diff[m->cur_diff_n++] = (TmSpan){b.v[j].off, b.v[j].len};
	free(ka);
	free(kb);
	free(d);
	VEC_FREE(&a);
	VEC_FREE(&b);
}

/* The exact matches of key: their ids into ids (at most 64).  False on
 * an SQLite error. */
static bool exact_ids(Tm *tm, const Buf *key, IdVec *ids, Err *e)
{
	sqlite3_stmt *st = tm_stmt(tm, Q_EXACT, e);
	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, tm_key_hash(key->p ? key->p : "", key->len));
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && ids->n < 64)
		push_id(ids, sqlite3_column_int64(st, 0));
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return tm_sql_err(tm, rc, "lookup", e);
	return true;
}

/* Fuzzy candidates from the FTS5 word index: the segments holding each
 * of the query's rarest words (at most TM_POSTING_MAX per word;
 * unranked, so each query stays cheap), the ones holding the most of
 * them first, appended to ids.  A query of hundreds of words gets exact
 * matches only.  False on an SQLite error. */
static bool fuzzy_ids(Tm *tm, const char *en, size_t n, size_t qw, IdVec *ids, Err *e)
{
	bool failed = false;
	size_t nw = 0;
	char **words = qw > 0 && qw <= 500 ? rare_words(tm, en, n, &nw, e, &failed) : NULL;
	Hits hits = {0};
	Buf phrase = BUF_INIT;
	for (size_t w = 0; !failed && w < nw; w++) {
		sqlite3_stmt *st = tm_stmt(tm, Q_FTS, e);
		if (!st) {
			failed = true;
			break;
		}
		buf_clear(&phrase);
		buf_addf(&phrase, "\"%s\"", words[w]);
		sqlite3_bind_text(st, 1, phrase.p, (int)phrase.len, SQLITE_STATIC);
		sqlite3_bind_int(st, 2, TM_POSTING_MAX);
		int rc;
		while ((rc = sqlite3_step(st)) == SQLITE_ROW)
			hits_add(&hits, sqlite3_column_int64(st, 0));
		if (rc != SQLITE_DONE)
			failed = !tm_sql_err(tm, rc, "lookup", e);
	}
	buf_release(&phrase);
	tm_strv_free(words, nw);
	hits_best(&hits, TM_CANDIDATES, ids);
	hits_release(&hits);
	return !failed;
}

/* What a lookup is scored against. */
typedef struct Query {
	const Buf *key;   /* the query's normalized key */
	const TokVec *q;  /* its tokens */
	size_t qw;        /* its word count */
	int min;          /* the lowest score kept */
	const char *skip; /* a file whose rows are skipped, or NULL */
} Query;

/* Score the candidate row id (exact: found by its key) and append it to
 * out when it is kept.  c: scratch tokens.  False on an
 * SQLite error. */
static bool score_row(Tm *tm, const Query *qy, long long id, bool exact, TokVec *c,
                      TmMatches *out, Err *e)
{
	sqlite3_stmt *st = tm_stmt(tm, Q_ROW, e);
	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, id);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE || tm_sql_err(tm, rc, "lookup", e);
	const char *file = (const char *)sqlite3_column_text(st, 3);
	if (qy->skip && file && !strcmp(file, qy->skip))
		return true;
	/* a word count that cannot reach min_score: min(n, m) / max(n, m) */
	size_t cw = (size_t)sqlite3_column_int64(st, 9), qw = qy->qw;
	if (!exact && (cw * 100 < qw * (size_t)qy->min || qw * 100 < cw * (size_t)qy->min))
		return true;
	const char *ckey = (const char *)sqlite3_column_text(st, 0);
	const char *cen = (const char *)sqlite3_column_text(st, 1);
	if (!ckey || !cen)
		return true;
	TmMatch m;
	memset(&m, 0, sizeof(m));
	if (!strcmp(ckey, qy->key->p ? qy->key->p : "")) {
		m.score = m.score_all = 100;
	} else {
		tm_tokenize(cen, strlen(cen), c);
		m.score = MIN(tm_similarity(c, qy->q, true), 99);
		m.score_all = MIN(tm_similarity(c, qy->q, false), 99);
	}
	if (m.score < qy->min)
		return true;
	m.id = id;
	m.en = xstrdup(cen);
	m.ko = col_dup(st, 2);
	m.file = col_dup(st, 3);
	m.line = (long)sqlite3_column_int64(st, 4);
	m.commit = col_dup(st, 5);
	m.author = col_dup(st, 6);
	m.date = sqlite3_column_int64(st, 7);
	m.imported = sqlite3_column_int(st, 8) == 1;
	VEC_PUSH(out, m);
	return true;
}

/* Free a match's texts (before it has diff spans). */
static void match_free_texts(TmMatch *x)
{
	free(x->en);
	free(x->ko);
	free(x->file);
	free(x->commit);
	free(x->author);
}

/* Per match: how many files of the candidates use the same rendering (the
 * same English with the same Korean). */
static void count_files(TmMatches *out)
{
	for (size_t i = 0; i < out->n; i++) {
		size_t n = 0;
		for (size_t j = 0; j < out->n; j++) {
			if (strcmp(out->v[j].en, out->v[i].en) || strcmp(out->v[j].ko, out->v[i].ko))
				continue;
			bool seen = false; /* one file counts once */
			for (size_t k = 0; k < j && !seen; k++)
				seen = !strcmp(out->v[k].file, out->v[j].file) &&
				       !strcmp(out->v[k].en, out->v[j].en) && !strcmp(out->v[k].ko, out->v[j].ko);
			n += !seen;
		}
		out->v[i].files = n;
	}
}

/* Sort out best first; keep the same English with the same Korean once
 * (the best placed), and at most max. */
static void sort_and_cap(TmMatches *out, int max)
{
	if (out->n)
		qsort(out->v, out->n, sizeof(TmMatch), cmp_match);
	size_t kept = 0;
	for (size_t i = 0; i < out->n; i++) {
		bool dup = false;
		for (size_t j = 0; j < kept && !dup; j++)
			dup = !strcmp(out->v[j].en, out->v[i].en) && !strcmp(out->v[j].ko, out->v[i].ko);
		if (dup)
			match_free_texts(&out->v[i]);
		else
			out->v[kept++] = out->v[i];
	}
	out->n = kept;
	while (out->n > (size_t)max)
		match_free_texts(&out->v[--out->n]);
}

static bool lookup(Tm *tm, const char *en, size_t n, const TmLookupOpts *opts, TmMatches *out,
                   Err *e)
{
	tm_matches_release(out);
	int max = opts && opts->max > 0 ? opts->max : TM_DEFAULT_MAX;
	Buf key = BUF_INIT;
	tm_key(en, n, &key);
	TokVec q = {0};
	tm_tokenize(en, n, &q);
	Query qy = {
		.key = &key,
		.q = &q,
		.qw = tm_word_count(&q),
		.min = opts && opts->min_score > 0 ? MIN(opts->min_score, 100) : TM_DEFAULT_MIN,
		.skip = opts ? opts->skip_file : NULL,
	};
	IdVec ids = {0};
	bool failed = !exact_ids(tm, &key, &ids, e);
	size_t exact_n = ids.n;
	if (!failed)
		failed = !fuzzy_ids(tm, en, n, qy.qw, &ids, e);
	TokVec c = {0};
	for (size_t i = 0; !failed && i < ids.n; i++)
		failed = !score_row(tm, &qy, ids.v[i], i < exact_n, &c, out, e);
	count_files(out);
	sort_and_cap(out, max);
	for (size_t i = 0; i < out->n; i++) {
		tm_tokenize(out->v[i].en, strlen(out->v[i].en), &c);
		diff_spans(&c, &q, &out->v[i]);
	}
	VEC_FREE(&c);
	VEC_FREE(&ids);
	VEC_FREE(&q);
	buf_release(&key);
	if (failed)
		tm_matches_release(out);
	return !failed;
}

/* ---- consistency ----------------------------------------------------------- */

void tm_renderings_release(TmRenderings *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].ko);
		free(r->v[i].where);
	}
	free(r->v);
	memset(r, 0, sizeof(*r));
}

static int cmp_rendering(const void *a, const void *b)
{
	const TmRendering *x = a, *y = b;
	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return 0;
}

bool tm_lookup(Tm *tm, const char *en, size_t n, const TmLookupOpts *opts, TmMatches *out,
               Err *e)
{
	tm_deadline_start(tm);
	return tm_deadline_end(tm, lookup(tm, en, n, opts, out, e), e);
}

static bool renderings(Tm *tm, const char *en, size_t n, const char *skip_file,
                       TmRenderings *out, Err *e)
{
	tm_renderings_release(out);
	Buf key = BUF_INIT;
	tm_key(en, n, &key);
	sqlite3_stmt *st = tm_stmt(tm, Q_RENDER, e);
	int rc = st ? SQLITE_OK : SQLITE_ERROR;
	VEC(char *) files = {0}; /* "i\tfile" pairs seen, for TmRendering.files */
	if (rc == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, tm_key_hash(key.p ? key.p : "", key.len));
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			const char *ko = (const char *)sqlite3_column_text(st, 0);
			const char *file = (const char *)sqlite3_column_text(st, 1);
			const char *k = (const char *)sqlite3_column_text(st, 3);
			if (!ko || !k || strcmp(k, key.p ? key.p : ""))
				continue;
			if (skip_file && file && !strcmp(file, skip_file))
				continue;
			Buf norm = BUF_INIT;
			tm_key(ko, strlen(ko), &norm);
			size_t i = 0;
			while (i < out->n && strcmp(out->v[i].ko, norm.p ? norm.p : ""))
				i++;
			if (i == out->n) {
				TmRendering r = {buf_detach(&norm), 0, NULL, 0};
				long line = (long)sqlite3_column_int64(st, 2);
				r.where = file && *file ? xasprintf("%s:%ld", file, line)
				                        : xstrdup("(imported)");
				VEC_PUSH(out, r);
			}
			buf_release(&norm);
			out->v[i].count++;
			char *tag = xasprintf("%zu\t%s", i, file ? file : "");
			bool seen = false;
			for (size_t f = 0; f < files.n && !seen; f++)
				seen = !strcmp(files.v[f], tag);
			if (seen) {
				free(tag);
			} else {
				VEC_PUSH(&files, tag);
				out->v[i].files++;
			}
		}
		if (rc == SQLITE_DONE)
			rc = SQLITE_OK;
		sqlite3_reset(st);
	}
	for (size_t f = 0; f < files.n; f++)
		free(files.v[f]);
	VEC_FREE(&files);
	buf_release(&key);
	if (out->n > 1) {
		/* stable: insertion sort keeps first-seen order among equals */
		for (size_t i = 1; i < out->n; i++)
			for (size_t j = i; j > 0 && cmp_rendering(&out->v[j - 1], &out->v[j]) > 0; j--) {
				TmRendering t = out->v[j];
				out->v[j] = out->v[j - 1];
				out->v[j - 1] = t;
			}
	}
	if (rc != SQLITE_OK) {
		tm_renderings_release(out);
		return !st ? false : tm_sql_err(tm, rc, "renderings", e);
	}
	return true;
}

bool tm_renderings(Tm *tm, const char *en, size_t n, const char *skip_file, TmRenderings *out,
                   Err *e)
{
	tm_deadline_start(tm);
	return tm_deadline_end(tm, renderings(tm, en, n, skip_file, out, e), e);
}
