/* doc: target + source, blocks, alignment, edits, undo (include/yeok/doc.h). */

#include "doc-private.h"
#include "yeok/pair.h"

void doc_init(Doc *d)
{
	memset(d, 0, sizeof(*d));
	lines_init(&d->tgt);
	lines_init(&d->src);
	host_init(&d->tgt_host);
	host_init(&d->src_host);
	host_rebind(&d->tgt_host, &d->tgt);
	host_rebind(&d->src_host, &d->src);
	align_init(&d->al);
	d->merge_ok = false;
}

void change_release(Change *c)
{
	buf_release(&c->del);
	buf_release(&c->ins);
}

void doc_release(Doc *d)
{
	for (size_t i = 0; i < d->changes.n; i++)
		change_release(&d->changes.v[i]);
	VEC_FREE(&d->changes);
	free(d->user.v);
	free(d->key_memo);
	lines_release(&d->tgt);
	lines_release(&d->src);
	host_release(&d->tgt_host);
	host_release(&d->src_host);
	align_release(&d->al);
	align_memo_free(d->am);
	doc_journal_end(d, false);
	free(d->path);
	free(d->src_name);
	memset(d, 0, sizeof(*d));
}

/* ---- title levels -------------------------------------------------------
 * rst_segment_range numbers title levels within its range; the document's
 * levels come from the order styles first appear in the whole document. */

int style_level(Doc *d, char adorn, bool over)
{
	for (int i = 0; i < d->n_title_styles; i++)
		if (d->title_styles[i][0] == adorn && d->title_styles[i][1] == (char)over)
			return i + 1;
	if (d->n_title_styles < (int)ARRAY_LEN(d->title_styles)) {
		d->title_styles[d->n_title_styles][0] = adorn;
		d->title_styles[d->n_title_styles][1] = (char)over;
		d->n_title_styles++;
		return d->n_title_styles;
	}
	return d->n_title_styles;
}

void learn_styles(Doc *d)
{
	d->n_title_styles = 0;
	int max = 0;
	for (size_t i = 0; i < d->tgt_host.blocks.n; i++)
		if (d->tgt_host.blocks.v[i].kind == BK_TITLE && d->tgt_host.blocks.v[i].title_level > max)
			max = d->tgt_host.blocks.v[i].title_level;
	if (max > (int)ARRAY_LEN(d->title_styles))
		max = (int)ARRAY_LEN(d->title_styles);
	bool seen[ARRAY_LEN(d->title_styles)] = {false};
	for (size_t i = 0; i < d->tgt_host.blocks.n; i++) {
		const Block *b = &d->tgt_host.blocks.v[i];
		if (b->kind != BK_TITLE || b->title_level < 1 || b->title_level > max)
			continue;
		int k = b->title_level - 1;
		if (!seen[k]) {
			seen[k] = true;
			d->title_styles[k][0] = b->adornment;
			d->title_styles[k][1] = (char)b->overline;
		}
	}
	d->n_title_styles = max;
}

/* ---- loading ------------------------------------------------------------ */

#define SWAP(T, a, b) do { T t_ = (a); (a) = (b); (b) = t_; } while (0)

/* Once the alignment is complete (loaded, or the last pending stretch
 * aligned): the blocks and segments sized to what they hold. */
static void fit_tables(Doc *d)
{
	VEC_FIT(&d->al);
	VEC_FIT(&d->tgt_host.blocks);
	VEC_FIT(&d->src_host.blocks);
}

void doc_load_pair(Doc *d, const char *path, const char *src_name, DocPair *p)
{
	doc_disk_hash_step(d, SIZE_MAX); /* the lines it borrows go */
	free(d->path);
	free(d->src_name);
	d->path = xstrdup(path);
	d->src_name = xstrdup(src_name ? src_name : path);
	SWAP(Lines, d->tgt, p->tgt_file);
	SWAP(Lines, d->src, p->src_file);
	SWAP(HostDoc, d->tgt_host, p->tgt_host);
	SWAP(HostDoc, d->src_host, p->src_host);
	host_rebind(&d->tgt_host, &d->tgt);
	host_rebind(&d->src_host, &d->src);
	host_rebind(&p->tgt_host, &p->tgt_file);
	host_rebind(&p->src_host, &p->src_file);
	eols_recount(d);
	SWAP(Alignment, d->al, p->al);
	SWAP(AlignMemo *, d->am, p->memo);
	pair_release(p);
	free(d->key_memo); /* another source: its runs' keys */
	d->key_memo = NULL;
	d->stale = 0;
	d->prog_valid = false;
	d->gen_align++;
	d->gen_struct++;
	all_new(d);
	d->cur = d->saved = 0;
	if (!doc_align_partial(d))
		fit_tables(d);
}

static void load(Doc *d, const char *path, const char *tgt, size_t tgt_n, const char *src_name,
                 const char *src, size_t src_n, bool phased)
{
	DocPair p;
	pair_init(&p);
	p.keep_memo = true;
	p.phased = phased;
	pair_from_texts(&p, host_format_of_path(path), tgt, tgt_n, src, src_n);
	doc_load_pair(d, path, src_name, &p);
}

void doc_load(Doc *d, const char *path, const char *tgt, size_t tgt_n, const char *src_name,
              const char *src, size_t src_n)
{
	load(d, path, tgt, tgt_n, src_name, src, src_n, false);
}

bool doc_align_partial(const Doc *d)
{
	return d->stale || align_pending(d->am) > 0;
}

static bool step_stretches(Doc *d, size_t seg, size_t max_blocks);

bool doc_align_step(Doc *d, size_t seg, size_t max_blocks)
{
	if (d->stale) {
		settle(d);
		return true;
	}
	return step_stretches(d, seg, max_blocks);
}

void doc_align_stretches(Doc *d)
{
	while (step_stretches(d, 0, SIZE_MAX))
		;
}

/* After a stretches' splice sp (removed: the placeholders it replaced). */
static void stretches_spliced(Doc *d, const AlignSplice *sp, const Alignment *removed)
{
	apply_user(d, sp->k0, sp->k0 + sp->wn);
	if (d->prog_valid) {
		for (size_t k = 0; k < removed->n; k++)
			prog_account(&removed->v[k], &d->prog, -1);
		for (size_t k = sp->k0; k < sp->k0 + sp->wn; k++)
			prog_account(&d->al.v[k], &d->prog, 1);
	}
	d->gen_align++;
	d->gen++;
	mark_dirty(d, sp->k0, sp->k1, sp->wn);
	if (d->stepped)
		d->stepped(d->aligned_ctx, sp);
	if (!doc_align_partial(d))
		fit_tables(d);
	if (!doc_align_partial(d) && d->aligned)
		d->aligned(d->aligned_ctx);
}

static bool step_stretches(Doc *d, size_t seg, size_t max_blocks)
{
	Alignment removed;
	align_init(&removed);
	AlignSplice sp;
	bool any = align_step(d->am, d->src_host.text, &d->src_host.blocks, d->tgt_host.text, &d->tgt_host.blocks, &d->al,
	                      seg, max_blocks, &removed, &sp);
	if (any)
		stretches_spliced(d, &sp, &removed);
	align_release(&removed);
	return any;
}

bool doc_align_splice_due(const Doc *d, size_t splice_blocks)
{
	return !d->stale && align_idle_splice_due(d->am, splice_blocks);
}

bool doc_align_idle_step(Doc *d, size_t max_blocks, size_t splice_blocks)
{
	if (d->stale) {
		settle(d);
		return true;
	}
	Alignment removed;
	align_init(&removed);
	AlignSplice sp;
	bool spliced;
	bool any = align_idle_step(d->am, d->src_host.text, &d->src_host.blocks, d->tgt_host.text, &d->tgt_host.blocks,
	                           &d->al, max_blocks, splice_blocks, &removed, &sp, &spliced);
	if (spliced)
		stretches_spliced(d, &sp, &removed);
	align_release(&removed);
	return any;
}

void doc_align_lines(Doc *d, size_t first, size_t last)
{
	const RstDoc *tb = &d->tgt_host.blocks;
	if (!tb->n) {
		doc_align_finish(d);
		return;
	}
	/* one splice for the stretches in a row there, as far as it goes */
	size_t b0 = block_at(tb, first), b1 = block_at(tb, last), budget = 2 * (b1 - b0 + 1);
	for (;;) {
		size_t k0 = align_seg_after_tgt(&d->al, b0);
		size_t k1 = align_seg_after_tgt(&d->al, b1 + 1);
		/* the stretch holding k0 (it may start before), else the next */
		size_t kp;
		bool any = align_next_pending(d->am, k0 ? k0 - 1 : 0, &kp);
		if (!any || kp > k1 || !doc_align_step(d, k0 ? k0 - 1 : 0, budget))
			break;
	}
}

void doc_align_finish(Doc *d)
{
	settle(d);
	doc_align_stretches(d);
}

/* ---- queries ------------------------------------------------------------ */

long doc_segment_of_tgt_line(const Doc *d, size_t line)
{
	long best = -1;
	size_t lo = 0, hi = d->al.n;
	/* Segments with a target side are in line order: binary search over
	 * them would need a compact index; the alignment is small enough
	 * compared to the lines that a scan from a bisected start is fine. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		size_t m = mid;
		while (m < hi && !d->al.v[m].tgt_n)
			m++;
		if (m == hi) {
			hi = mid;
			continue;
		}
		if (d->tgt_host.blocks.v[d->al.v[m].tgt].first <= line) {
			best = (long)m;
			lo = m + 1;
		} else {
			hi = mid;
		}
	}
	if (best < 0 && d->al.n)
		best = 0;
	return best;
}

void doc_tgt_text(const Doc *d, size_t first, size_t last, Buf *out)
{
	for (size_t i = first; i <= last && i < d->tgt.n; i++) {
		buf_add(out, lines_get(&d->tgt, i).p, lines_line(&d->tgt, i)->n);
		if (i < last)
			buf_adds(out, eol_str(lines_line(&d->tgt, i)->eol));
	}
}

bool doc_check(const Doc *d, Err *e)
{
	if (!lines_check(&d->tgt, e) || !lines_check(&d->src, e))
		return false;
	if (d->tgt_host.file != &d->tgt || d->src_host.file != &d->src)
		return err_set(e, EXIT_DATAERR, "doc: the host readings are not of the doc's lines");
	if (!host_check(&d->tgt_host, e) || !host_check(&d->src_host, e))
		return false;
	if (!align_check(&d->al, &d->src_host.blocks, &d->tgt_host.blocks, e))
		return false;
	if (d->cur > d->changes.n)
		return err_set(e, EXIT_DATAERR, "doc: cur %zu > %zu changes", d->cur, d->changes.n);
	for (size_t i = 0; i < d->tgt_host.blocks.n; i++)
		if (d->tgt_host.blocks.v[i].last >= d->tgt.n)
			return err_set(e, EXIT_DATAERR, "doc: block %zu past the end", i);
	size_t eols[3] = {0};
	for (size_t i = 0; i < d->tgt.n; i++)
		eols[lines_line(&d->tgt, i)->eol]++;
	if (memcmp(eols, d->tgt_eols, sizeof(eols)) != 0)
		return err_set(e, EXIT_DATAERR, "doc: terminator counts %zu/%zu/%zu, the lines have %zu/%zu/%zu",
		               d->tgt_eols[0], d->tgt_eols[1], d->tgt_eols[2], eols[0], eols[1], eols[2]);
	return true;
}
