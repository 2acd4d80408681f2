/*
 * What an Alignment says once made: a segment's lines, the block after a
 * target block, the matched share, status names, align_check and the
 * text and JSON dump (align_write).
 */
#include "align-private.h"

bool align_src_lines(const Segment *s, const RstDoc *sb, size_t *first, size_t *last)
{
	if (!s->src_n)
		return false;
	*first = sb->v[s->src].first;
	*last = sb->v[s->src + s->src_n - 1].last;
	return true;
}

bool align_tgt_lines(const Segment *s, const RstDoc *tb, size_t *first, size_t *last)
{
	if (!s->tgt_n)
		return false;
	*first = tb->v[s->tgt].first;
	*last = tb->v[s->tgt + s->tgt_n - 1].last;
	return true;
}

size_t align_seg_after_tgt(const Alignment *a, size_t b)
{
	size_t lo = 0, hi = a->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (a->v[mid].tgt + a->v[mid].tgt_n <= b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

double align_matched_share(const Alignment *a, const RstDoc *sb)
{
	if (!sb->n)
		return 1.0;
	size_t m = 0;
	for (size_t k = 0; k < a->n; k++)
		if (a->v[k].tgt_n)
			m += a->v[k].src_n;
	return (double)m / (double)sb->n;
}

const char *align_status_name(SegStatus s)
{
	static const char *const names[ST_COUNT] = {"untranslated", "draft", "done", "stale",
	                                            "reviewed"};
	return (unsigned)s < ST_COUNT ? names[s] : "draft";
}

bool align_check(const Alignment *a, const RstDoc *sb, const RstDoc *tb, Err *e)
{
	size_t s = 0, t = 0;
	for (size_t k = 0; k < a->n; k++) {
		const Segment *g = &a->v[k];
		if (!g->src_n && !g->tgt_n)
			return err_set(e, EXIT_DATAERR, "segment %zu is empty", k);
		if (g->src != s && g->src_n)
			return err_set(e, EXIT_DATAERR, "segment %zu: source block %zu, expected %zu", k,
			               (size_t)g->src, s);
		if (g->tgt != t && g->tgt_n)
			return err_set(e, EXIT_DATAERR, "segment %zu: target block %zu, expected %zu", k,
			               (size_t)g->tgt, t);
		s += g->src_n;
		t += g->tgt_n;
		if (s > sb->n || t > tb->n)
			return err_set(e, EXIT_DATAERR, "segment %zu runs past the blocks", k);
		bool title = false, other = false;
		for (size_t x = g->src; x < g->src + g->src_n; x++)
			*(sb->v[x].kind == BK_TITLE ? &title : &other) = true;
		for (size_t x = g->tgt; x < g->tgt + g->tgt_n; x++)
			*(tb->v[x].kind == BK_TITLE ? &title : &other) = true;
		if (title && (other || g->src_n > 1 || g->tgt_n > 1))
			return err_set(e, EXIT_DATAERR, "segment %zu crosses a title", k);
		if ((unsigned)g->status >= ST_COUNT)
			return err_set(e, EXIT_DATAERR, "segment %zu: bad status", k);
	}
	if (s != sb->n || t != tb->n)
		return err_set(e, EXIT_DATAERR, "segments cover %zu/%zu source and %zu/%zu target blocks",
		               s, sb->n, t, tb->n);
	return true;
}

void align_write(const Alignment *a, const RstDoc *sb, const RstDoc *tb, bool json, Buf *out)
{
	if (json)
		buf_adds(out, "[");
	for (size_t k = 0; k < a->n; k++) {
		const Segment *g = &a->v[k];
		size_t sf = 0, sl = 0, tf = 0, tl = 0;
		bool hs = align_src_lines(g, sb, &sf, &sl), ht = align_tgt_lines(g, tb, &tf, &tl);
		const char *kind = rst_kind_name(g->kind), *st = align_status_name(g->status);
		if (json) {
			buf_addf(out, "%s\n  {\"kind\":\"%s\",\"source\":", k ? "," : "", kind);
			if (hs)
				buf_addf(out, "[%zu,%zu]", sf + 1, sl + 1);
			else
				buf_adds(out, "null");
			buf_adds(out, ",\"target\":");
			if (ht)
				buf_addf(out, "[%zu,%zu]", tf + 1, tl + 1);
			else
				buf_adds(out, "null");
			buf_addf(out, ",\"status\":\"%s\"}", st);
			continue;
		}
		buf_addf(out, "%s\t", kind);
		if (hs)
			buf_addf(out, "%zu\t%zu\t", sf + 1, sl + 1);
		else
			buf_adds(out, "-\t-\t");
		if (ht)
			buf_addf(out, "%zu\t%zu\t", tf + 1, tl + 1);
		else
			buf_adds(out, "-\t-\t");
		buf_addf(out, "%s\n", st);
	}
	if (json)
		buf_adds(out, a->n ? "\n]\n" : "]\n");
}
