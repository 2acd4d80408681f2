/* session: the glossary and the hints of a segment (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

bool session_glossary_load(Session *s, const char *shipped, const char *const *paths, size_t n,
                           Err *e)
{
	char *def = shipped ? xstrdup(shipped) : glossary_default_path();
	bool ok = true;
	if (def && file_exists(def))
		ok = glossary_load(&s->gl, def, e);
	free(def);
	for (size_t i = 0; ok && i < n; i++)
		ok = glossary_load(&s->gl, paths[i], e);
	glossary_compile(&s->gl);
	s->gl_loaded = s->gl.n > 0;
	return ok;
}

Glossary *session_glossary(Session *s)
{
	return s->gl_loaded ? &s->gl : NULL;
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
		progress_blocks_text(s->doc.sh.text, &s->doc.sh.blocks, g->src, g->src_n, out);
	} else {
		if (!g->tgt_n)
			return false;
		progress_blocks_text(s->doc.th.text, &s->doc.th.blocks, g->tgt, g->tgt_n, out);
	}
	return true;
}

size_t session_hints(Session *s, long k, GlossHintVec *out)
{
	Glossary *g = session_glossary(s);
	if (!g)
		return 0;
	Buf a = BUF_INIT, b = BUF_INIT;
	size_t n = 0;
	if (seg_text(s, k, PANE_SOURCE, &a)) {
		bool t = seg_text(s, k, PANE_TARGET, &b);
		n = glossary_hints(g, a.p ? a.p : "", a.len, t ? (b.p ? b.p : "") : NULL, b.len,
		                   out);
	}
	buf_release(&a);
	buf_release(&b);
	return n;
}
