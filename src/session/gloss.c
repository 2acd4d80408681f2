/* session: the glossary and the hints of a segment (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"
#include "yeok/stats.h"

bool session_glossary_load(Session *s, const char *shipped, const char *const *paths, size_t n,
                           Err *e)
{
	char *def = shipped ? xstrdup(shipped) : glossary_default_path();
	bool ok = true;
	if (def && file_exists(def))
		ok = glossary_load(&s->gloss.glossary, def, e);
	free(def);
	for (size_t i = 0; ok && i < n; i++)
		ok = glossary_load(&s->gloss.glossary, paths[i], e);
	glossary_compile(&s->gloss.glossary);
	s->gloss.hint_k = -1; /* the kept hints are of the glossary before */
	s->gloss.gen++;       /* and so are the kept marks of lines */
	s->gloss.loaded = s->gloss.glossary.n > 0;
	return ok;
}

Glossary *session_glossary(Session *s)
{
	if (s->ctx)
		return context_glossary(s->ctx);
	return s->gloss.loaded ? &s->gloss.glossary : NULL;
}

/* One remembered line (SessionGloss.memo). */
typedef struct SessionGlossMemo {
	char *text;       /* the line's bytes (owned; NULL: an empty slot) */
	size_t n;
	Pane pane;
	uint64_t gen;     /* gloss.gen when it was matched */
	GlossHitVec hits; /* its marks (session_gloss_line) */
} SessionGlossMemo;

void session_gloss_forget(Session *s)
{
	for (size_t i = 0; s->gloss.memo && i < SESSION_GLOSS_MEMO; i++) {
		free(s->gloss.memo[i].text);
		VEC_FREE(&s->gloss.memo[i].hits);
	}
	free(s->gloss.memo);
	s->gloss.memo = NULL;
}

size_t session_gloss_line(Session *s, Pane p, size_t line, GlossHitVec *out)
{
	Glossary *gl = session_glossary(s);
	const Lines *ls = session_lines(s, p);
	if (!gl || line >= ls->n)
		return 0;
	Str ln = lines_get(ls, line);
	if (!ln.n)
		return 0;
	if (!s->gloss.memo)
		s->gloss.memo = xcalloc(SESSION_GLOSS_MEMO, sizeof(*s->gloss.memo));
	uint64_t h = hash_fnv1a(ln.p, ln.n) ^ (uint64_t)p;
	SessionGlossMemo *mo = &s->gloss.memo[h % SESSION_GLOSS_MEMO];
	if (!(mo->text && mo->n == ln.n && mo->pane == p && mo->gen == s->gloss.gen &&
	      !memcmp(mo->text, ln.p, ln.n))) {
		GlossHitVec hv = {0};
		if (p == PANE_SOURCE)
			glossary_match_en(gl, ln.p, ln.n, &hv);
		else
			glossary_match_ko(gl, ln.p, ln.n, &hv);
		stat_add(STAT_GLOSS_LINE_MATCHES, 1);
		free(mo->text);
		mo->text = xmemdup0(ln.p, ln.n);
		mo->n = ln.n;
		mo->pane = p;
		mo->gen = s->gloss.gen;
		mo->hits.n = 0;
		for (size_t i = 0; i < hv.n; i++)
			if (p == PANE_SOURCE || hv.v[i].kind == GH_AVOID)
				VEC_PUSH(&mo->hits, hv.v[i]);
		VEC_FREE(&hv);
	}
	for (size_t i = 0; i < mo->hits.n; i++)
		VEC_PUSH(out, mo->hits.v[i]);
	return mo->hits.n;
}

/* The prose text of one side of segment k (rst_block_text of its blocks). */
static bool seg_text(Session *s, long k, Pane p, Buf *out)
{
	if (k < 0 || (size_t)k >= s->doc.al.n)
		return false;
	const Segment *g = &s->doc.al.v[k];
	if (!rst_kind_is_prose(g->kind))
		return false;
	if (p == PANE_SOURCE) {
		if (!g->src_n)
			return false;
		pair_blocks_text(s->doc.src_host.text, &s->doc.src_host.blocks, g->src, g->src_n, out);
	} else {
		if (!g->tgt_n)
			return false;
		pair_blocks_text(s->doc.tgt_host.text, &s->doc.tgt_host.blocks, g->tgt, g->tgt_n, out);
	}
	return true;
}

/* The hints of segment k; the target's prose in *tgt (may be NULL). */
static size_t hints(Session *s, long k, GlossHintVec *out, Buf *tgt)
{
	Glossary *g = session_glossary(s);
	if (!g)
		return 0;
	Buf a = BUF_INIT, b = BUF_INIT;
	size_t n = 0, from = out->n;
	if (seg_text(s, k, PANE_SOURCE, &a)) {
		bool t = seg_text(s, k, PANE_TARGET, &b);
		n = glossary_hints(g, a.p ? a.p : "", a.len, t ? (b.p ? b.p : "") : NULL, b.len,
		                   out);
	}
	/* the document allows some avoided variants */
	for (size_t i = from; i < out->n && s->side.sc.allow.n; i++) {
		GlossHint *h = &out->v[i];
		if (!h->violated || h->tgt_end <= h->tgt_start || h->tgt_end > b.len)
			continue;
		char *w = xasprintf("%.*s", (int)(h->tgt_end - h->tgt_start), b.p + h->tgt_start);
		if (sidecar_allow_has(&s->side.sc, w))
			h->violated = false;
		free(w);
	}
	if (tgt)
		buf_add(tgt, b.p, b.len);
	buf_release(&a);
	buf_release(&b);
	return n;
}

/* A long segment (SESSION_LONG_SEG) keeps its hints while it is typed in
 * (session_hints). */
static bool long_target(Session *s, long k)
{
	return session_seg_target_bytes(s, (size_t)k, SESSION_LONG_SEG) >= SESSION_LONG_SEG;
}

/* The kept hints computed again for segment k. */
static void hints_refresh(Session *s, long k)
{
	SessionGloss *g = &s->gloss;
	g->hint.n = 0;
	hints(s, k, &g->hint, NULL);
	const Segment *seg = &s->doc.al.v[k];
	g->hint_k = k;
	g->hint_src = seg->src;
	g->hint_src_n = seg->src_n;
	g->hint_gen = s->doc.gen;
	g->hint_allow = s->side.allow_gen;
	g->hint_due = false;
}

size_t session_hints(Session *s, long k, GlossHintVec *out)
{
	SessionGloss *g = &s->gloss;
	if (k < 0 || (size_t)k >= s->doc.al.n)
		return hints(s, k, out, NULL);
	const Segment *seg = &s->doc.al.v[k];
	bool same = k == g->hint_k && seg->src == g->hint_src && seg->src_n == g->hint_src_n &&
	            g->hint_allow == s->side.allow_gen;
	if (!same || (g->hint_gen != s->doc.gen && !long_target(s, k)))
		hints_refresh(s, k);
	else if (g->hint_gen != s->doc.gen)
		g->hint_due = true;
	for (size_t i = 0; i < g->hint.n; i++)
		VEC_PUSH(out, g->hint.v[i]);
	return g->hint.n;
}

bool session_hints_step(Session *s)
{
	SessionGloss *g = &s->gloss;
	if (!g->hint_due)
		return false;
	g->hint_due = false;
	if (g->hint_k >= 0 && (size_t)g->hint_k < s->doc.al.n)
		hints_refresh(s, g->hint_k);
	return true;
}

bool session_hint_avoided(Session *s, long k, size_t term, Buf *out)
{
	GlossHintVec hv = {0};
	Buf b = BUF_INIT;
	hints(s, k, &hv, &b);
	bool found = false;
	for (size_t i = 0; i < hv.n && !found; i++) {
		const GlossHint *h = &hv.v[i];
		if (h->term != term || !h->violated || h->tgt_end <= h->tgt_start || h->tgt_end > b.len)
			continue;
		buf_add(out, b.p + h->tgt_start, h->tgt_end - h->tgt_start);
		found = true;
	}
	VEC_FREE(&hv);
	buf_release(&b);
	return found;
}

bool session_glossary_allow(Session *s, long k, size_t term)
{
	Buf w = BUF_INIT;
	if (!session_hint_avoided(s, k, term, &w)) {
		buf_release(&w);
		return session_error(s, "This segment uses no avoided variant of that term");
	}
	sidecar_allow_add(&s->side.sc, w.p);
	session_state_changed(s, "allow", w.p);
	s->side.allow_gen++;
	session_msg(s, "%s is allowed in this document (saved with it; the glossary check keeps "
	               "quiet about it here)", w.p);
	buf_release(&w);
	return true;
}
