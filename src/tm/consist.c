/* Consistency across the repository: a document's segments against the
 * renderings the memory holds for the same English; terms with several
 * renderings. */
#include "tm-private.h"
#include "yeok/align.h"
#include "yeok/rst.h"
#include "yeok/text.h"

void tm_findings_release(TmFindings *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].message);
		free(f->v[i].suggestion);
	}
	free(f->v);
	memset(f, 0, sizeof(*f));
}

/* s cut to at most max characters, with "…" when cut. */
static void add_clipped(Buf *b, const char *s, size_t max)
{
	size_t n = strlen(s), i = 0, chars = 0;
	while (i < n && chars < max) {
		int32_t cp;
		i += text_decode(s + i, n - i, &cp);
		chars++;
	}
	buf_add(b, s, i);
	if (i < n)
		buf_adds(b, "…");
}

bool tm_consistency_message(const char *en, size_t n, const char *ko, size_t kn,
                            const TmRenderings *r, char **message, char **suggestion)
{
	if (!r || !r->n)
		return false;
	Buf mine = BUF_INIT;
	tm_key(ko, kn, &mine);
	const TmRendering *top = &r->v[0];
	bool differs = strcmp(top->ko, mine.p ? mine.p : "") != 0;
	buf_release(&mine);
	if (!differs)
		return false;
	size_t total = 0;
	for (size_t i = 0; i < r->n; i++)
		total += r->v[i].count;
	TokVec t = {0};
	tm_tokenize(en, n, &t);
	size_t words = tm_word_count(&t);
	VEC_FREE(&t);
	Buf m = BUF_INIT;
	buf_addf(&m, "%s rendered differently elsewhere: \"", words <= 4 ? "term" : "sentence");
	add_clipped(&m, top->ko, 60);
	buf_addf(&m, "\" in %zu of %zu use%s in the repository (%zu file%s, e.g. %s)", top->count,
	         total, total == 1 ? "" : "s", top->files, top->files == 1 ? "" : "s", top->where);
	*message = buf_detach(&m);
	*suggestion = xstrdup(top->ko);
	return true;
}

bool tm_consistency(Tm *tm, const char *file_rel, const Lines *src, const RstDoc *sb,
                    const Lines *tgt, const RstDoc *tb, const Alignment *al, TmFindings *out,
                    Err *e)
{
	TmRenderings r = {0};
	for (size_t k = 0; k < al->n; k++) {
		const Segment *s = &al->v[k];
		if (!s->src_n || !s->tgt_n || s->status == ST_UNTRANSLATED ||
		    !rst_kind_is_prose(s->kind) || !rst_kind_is_prose(tb->v[s->tgt].kind))
			continue;
		char *en = tm_blocks_text(src, sb, s->src, s->src_n);
		bool ok = tm_renderings(tm, en, strlen(en), file_rel, &r, e);
		if (!ok) {
			free(en);
			tm_renderings_release(&r);
			return false;
		}
		char *ko = r.n ? tm_blocks_text(tgt, tb, s->tgt, s->tgt_n) : NULL;
		TmFinding f = {tb->v[s->tgt].text_line, tb->v[s->tgt].first_off, NULL, NULL};
		if (ko && tm_consistency_message(en, strlen(en), ko, strlen(ko), &r, &f.message,
		                                 &f.suggestion)) {
			if (tb->v[s->tgt].kind == BK_TITLE)
				f.byte = 0;
			VEC_PUSH(out, f);
		}
		free(ko);
		free(en);
	}
	tm_renderings_release(&r);
	return true;
}

void tm_terms_release(TmTerms *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->en[i]);
		tm_renderings_release(&t->r[i]);
	}
	free(t->en);
	free(t->r);
	memset(t, 0, sizeof(*t));
}

bool tm_terms(Tm *tm, int max_words, TmTerms *out, Err *e)
{
	tm_terms_release(out);
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(tm->db,
	                            "SELECT DISTINCT key FROM seg WHERE nw BETWEEN 1 AND ?1 AND "
	                            "kh IN (SELECT kh FROM seg WHERE nw BETWEEN 1 AND ?1 "
	                            "GROUP BY kh HAVING count(DISTINCT ko) > 1) ORDER BY key",
	                            -1, &st, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_int(st, 1, max_words);
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			const char *key = (const char *)sqlite3_column_text(st, 0);
			if (!key)
				continue;
			TmRenderings r = {0};
			if (!tm_renderings(tm, key, strlen(key), NULL, &r, e)) {
				sqlite3_finalize(st);
				return false;
			}
			if (r.n < 2) {
				tm_renderings_release(&r);
				continue;
			}
			if (out->n == out->cap) {
				out->cap = out->cap ? out->cap * 2 : 16;
				out->en = xrealloc(out->en, out->cap * sizeof(char *));
				out->r = xrealloc(out->r, out->cap * sizeof(TmRenderings));
			}
			out->en[out->n] = xstrdup(key);
			out->r[out->n++] = r;
		}
		if (rc == SQLITE_DONE)
			rc = SQLITE_OK;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_OK) {
		tm_terms_release(out);
		return tm_sql_err(tm, rc, "terms", e);
	}
	return true;
}
