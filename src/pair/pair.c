/* pair: the read-only pair of every command (include/yeok/pair.h). */
#include "yeok/pair.h"

#include "yeok/sidecar.h"

void pair_init(DocPair *p)
{
	memset(p, 0, sizeof(*p));
	source_init(&p->src);
	lines_init(&p->tgt);
	lines_init(&p->sl);
	rst_init(&p->tb);
	rst_init(&p->sb);
	align_init(&p->al);
}

void pair_release(DocPair *p)
{
	source_release(&p->src);
	lines_release(&p->tgt);
	lines_release(&p->sl);
	rst_release(&p->tb);
	rst_release(&p->sb);
	align_release(&p->al);
	pair_init(p);
}

void pair_from_texts(DocPair *p, const char *path, const char *tgt, size_t tgt_n,
                     const char *src, size_t src_n)
{
	p->host = host_format_of(path);
	lines_parse(&p->tgt, tgt, tgt_n);
	lines_parse(&p->sl, src, src_n);
	host_segment(p->host, &p->tgt, &p->tb);
	host_segment(p->host, &p->sl, &p->sb);
	align_docs(&p->sl, &p->sb, &p->tgt, &p->tb, &p->al);
}

bool pair_build(DocPair *p, const char *path, const char *tgt, size_t tgt_n,
                const SourceOpts *opts, const Sidecar *sc, Err *e)
{
	pair_release(p);
	SourceOpts so = *opts;
	SourceRecord rec;
	if (!so.path && !so.rev && !so.recorded && sc && source_record_from_sidecar(&sc->source, &rec))
		so.recorded = &rec;
	Buf own = BUF_INIT;
	if (!tgt) {
		if (!file_read(path, &own, e)) {
			buf_release(&own);
			return false;
		}
		tgt = own.p ? own.p : "";
		tgt_n = own.len;
	}
	if (!source_resolve(path, &so, &p->src, e)) {
		buf_release(&own);
		pair_release(p);
		return false;
	}
	if (pair_has_source(p)) {
		pair_from_texts(p, path, tgt, tgt_n, p->src.text.p ? p->src.text.p : "", p->src.text.len);
	} else {
		p->host = host_format_of(path);
		lines_parse(&p->tgt, tgt, tgt_n);
		host_segment(p->host, &p->tgt, &p->tb);
	}
	buf_release(&own);
	return true;
}

void pair_blocks_text(const Lines *l, const RstDoc *d, size_t first, size_t count, Buf *out)
{
	for (size_t k = 0; k < count && first + k < d->n; k++) {
		if (k)
			buf_adds(out, "\n\n");
		rst_block_text(l, &d->v[first + k], out);
	}
}

SidecarKey pair_blocks_key(const Lines *l, const RstDoc *d, size_t first, size_t count)
{
	SidecarKey k = {""};
	if (count == 0)
		return k;
	Buf t = BUF_INIT;
	pair_blocks_text(l, d, first, count, &t);
	k = sidecar_key(t.p ? t.p : "", t.len);
	buf_release(&t);
	return k;
}

bool pair_check(const DocPair *p, Err *e)
{
	if (!lines_check(&p->tgt, e) || !lines_check(&p->sl, e))
		return false;
	if (!rst_check(&p->tb, &p->tgt, e) || !rst_check(&p->sb, &p->sl, e))
		return false;
	return align_check(&p->al, &p->sb, &p->tb, e);
}
