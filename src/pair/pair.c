/* pair: the read-only pair of every command (include/yeok/pair.h). */
#include "yeok/pair.h"

#include <pthread.h>

#include "yeok/sidecar.h"
#include "yeok/stats.h"

/* The lines a side's blocks index: its host reading's, or the file's. */
static const Lines *side_text(const HostDoc *h, const Lines *file)
{
	return h->text ? h->text : file;
}

/* The views of a pair as its host readings give them. */
static void point(DocPair *p)
{
	p->tgt = side_text(&p->tgt_host, &p->tgt_file);
	p->src_lines = side_text(&p->src_host, &p->src_file);
	p->tb = &p->tgt_host.blocks;
	p->sb = &p->src_host.blocks;
}

void pair_init(DocPair *p)
{
	memset(p, 0, sizeof(*p));
	source_init(&p->src);
	source_stale_init(&p->stale);
	lines_init(&p->tgt_file);
	lines_init(&p->src_file);
	host_init(&p->tgt_host);
	host_init(&p->src_host);
	align_init(&p->al);
	point(p);
}

void pair_release(DocPair *p)
{
	source_release(&p->src);
	host_release(&p->tgt_host);
	host_release(&p->src_host);
	lines_release(&p->tgt_file);
	lines_release(&p->src_file);
	align_release(&p->al);
	align_memo_free(p->memo);
	source_stale_release(&p->stale);
	pair_init(p);
}

/* The target's lines read: its blocks. */
static void segment_target(DocPair *p, HostFormat fmt)
{
	p->host = fmt;
	host_segment(&p->tgt_file, fmt, &p->tgt_host);
	VEC_FIT(&p->tgt_host.blocks); /* built by doubling, kept as they are */
}

/* The same with no source: nothing to align. */
static void read_target(DocPair *p, HostFormat fmt)
{
	segment_target(p, fmt);
	point(p);
}


/* The source's lines, blocks and anchor features, read on a thread of
 * their own while the target's are (a large source; the two touch nothing
 * in common: the source writes p->src_file, p->src_host and sf only, the
 * target p->tgt_file, p->tgt_host and p->host), joined before the
 * alignment reads both. */
typedef struct SourceRead {
	DocPair *p;
	HostFormat fmt;
	Buf *take;        /* the bytes the lines adopt, or NULL: */
	const char *src;  /* the bytes copied */
	size_t src_n;
	AlignFeatures *sf; /* the features, for align_docs_with (owned until) */
	pthread_t t;
	bool running;
} SourceRead;

static void *source_read_run(void *arg)
{
	SourceRead *r = arg;
	if (r->take)
		lines_parse_buf_take_unscanned(&r->p->src_file, r->take); /* no input check reads it */
	else
		lines_parse(&r->p->src_file, r->src, r->src_n);
	host_segment(&r->p->src_file, r->fmt, &r->p->src_host);
	VEC_FIT(&r->p->src_host.blocks);
	r->sf = align_features_new(side_text(&r->p->src_host, &r->p->src_file), &r->p->src_host.blocks);
	return NULL;
}

/* A pthread_create that fails reads the source here, after the target. */
static void source_read_start(SourceRead *r)
{
	size_t n = r->take ? r->take->len : r->src_n;
	r->running = n >= PAIR_SOURCE_THREAD_BYTES &&
	             pthread_create(&r->t, NULL, source_read_run, r) == 0;
	stat_add(STAT_PAIR_SOURCE_THREADS, r->running);
}

static void source_read_join(SourceRead *r)
{
	if (r->running)
		pthread_join(r->t, NULL);
	else
		source_read_run(r);
	r->running = false;
}

/* Both sides read (the source by r, the target's lines by the caller
 * between source_read_start and this): their blocks and the alignment
 * (taking r's features).  The target's features are computed before the
 * join: while the source's thread still reads the larger side, not after
 * it (at 1M lines the main thread waited ~100 ms for it, then computed
 * them). */
static void read_both(DocPair *p, HostFormat fmt, SourceRead *r)
{
	segment_target(p, fmt);
	AlignFeatures *tf = r->running ? align_features_new(side_text(&p->tgt_host, &p->tgt_file), &p->tgt_host.blocks)
	                               : NULL;
	source_read_join(r);
	point(p);
	align_docs_with(p->src_lines, p->sb, r->sf, p->tgt, p->tb, tf, &p->al,
	                p->keep_memo ? &p->memo : NULL, p->keep_memo && p->phased);
}

void pair_from_texts(DocPair *p, HostFormat fmt, const char *tgt, size_t tgt_n,
                     const char *src, size_t src_n)
{
	SourceRead r = {.p = p, .fmt = fmt, .src = src, .src_n = src_n};
	source_read_start(&r);
	lines_parse(&p->tgt_file, tgt, tgt_n);
	read_both(p, fmt, &r);
}

void pair_from_bufs_take(DocPair *p, HostFormat fmt, Buf *tgt, Buf *src)
{
	SourceRead r = {.p = p, .fmt = fmt, .take = src};
	source_read_start(&r);
	lines_parse_buf_take(&p->tgt_file, tgt);
	read_both(p, fmt, &r);
}

bool pair_build(DocPair *p, const char *path, const char *tgt, size_t tgt_n,
                const SourceOpts *opts, const Sidecar *sc, Err *e)
{
	return pair_build_in(p, NULL, path, tgt, tgt_n, opts, sc, e);
}

bool pair_build_in(DocPair *p, SourceHistory *bulk, const char *path, const char *tgt,
                   size_t tgt_n, const SourceOpts *opts, const Sidecar *sc, Err *e)
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
	if (!source_resolve_in(path, &so, bulk, &p->src, e)) {
		buf_release(&own);
		pair_release(p);
		return false;
	}
	HostFormat fmt = host_format_of_path(path);
	if (pair_has_source(p)) {
		pair_from_texts(p, fmt, tgt, tgt_n, p->src.text.p ? p->src.text.p : "", p->src.text.len);
		source_stale_measure(p->src_lines, p->sb, p->tgt, p->tb, &p->stale);
		if (p->stale.stale)
			source_stale_what(&p->src, path, bulk, p->stale.what, sizeof(p->stale.what));
	} else {
		lines_parse(&p->tgt_file, tgt, tgt_n);
		read_target(p, fmt);
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
	if (!lines_check(p->tgt, e) || !lines_check(p->src_lines, e))
		return false;
	if (!rst_check(p->tb, p->tgt, e) || !rst_check(p->sb, p->src_lines, e))
		return false;
	return align_check(&p->al, p->sb, p->tb, e);
}
