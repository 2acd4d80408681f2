/*
 * Segmentation and alignment after an edit: the change log (doc_changed_since),
 * the window of blocks an edit reached, re-segmented and re-aligned locally
 * (realign_window), or the whole document when its structure changed.
 */
#include "doc-private.h"
#include "yeok/stats.h"

/* ---- segmentation and alignment ----------------------------------------- */

/* After the blocks and segments were all made anew. */
void all_new(Doc *d)
{
	learn_styles(d);
	apply_user(d, 0, d->al.n);
	stat_set(STAT_DOC_WINDOW_LINES, d->tgt.n);
	stat_set(STAT_DOC_WINDOW_FULL, 1);
	d->gen++;
	log_change(d, true, 0, 0, 0);
}

/* Align the current blocks again, all of them. */
static void align_all(Doc *d)
{
	d->stale = 0;
	d->prog_valid = false;
	d->gen_align++;
	d->gen_struct++;
	align_docs_memo(d->src_host.text, &d->src_host.blocks, d->tgt_host.text, &d->tgt_host.blocks, &d->al, &d->am);
	all_new(d);
}

/* Re-segment and re-align the whole document (after load; tests). */
static void doc_realign_all(Doc *d)
{
	eols_recount(d); /* tests change tgt's lines and call this */
	/* d->aligned runs on the alignment it was made for; a deferred long
	 * block is aligned again below with the rest */
	doc_align_stretches(d);
	host_segment(&d->tgt, d->tgt_host.fmt, &d->tgt_host);
	align_all(d);
}

/* Compose change c (segments [k0, k1) of the numbering before it are
 * [k0, k0 + wn) after it) into the accumulated change acc. */
static void compose(DocDirty *acc, bool *any, const DocChange *c)
{
	if (c->full || acc->full) {
		acc->full = true;
		*any = true;
		return;
	}
	long dk = (long)c->wn - (long)(c->k1 - c->k0);
	size_t nk1 = c->k0 + c->wn;
	if (!*any) {
		*any = true;
		acc->k0 = c->k0;
		acc->k1 = nk1;
		acc->dk = dk;
		return;
	}
	size_t a0 = acc->k0, a1 = acc->k1;
	size_t b0 = a0 < c->k0 ? a0 : a0 >= c->k1 ? (size_t)((long)a0 + dk) : c->k0;
	size_t b1 = a1 <= c->k0 ? a1 : a1 >= c->k1 ? (size_t)((long)a1 + dk) : nk1;
	acc->k0 = MIN(b0, c->k0);
	acc->k1 = MAX(b1, nk1);
	acc->dk += dk;
}

/* Record a change of the segments at the current generation. */
void log_change(Doc *d, bool full, size_t k0, size_t k1, size_t wn)
{
	DocChange *c = &d->log[d->log_n % DOC_CHANGE_LOG];
	if (d->log_n >= DOC_CHANGE_LOG)
		d->log_lost = c->gen; /* the oldest record is overwritten */
	*c = (DocChange){d->gen, full, k0, k1, wn};
	d->log_n++;
}

void mark_dirty(Doc *d, size_t k0, size_t k1, size_t wn)
{
	log_change(d, false, k0, k1, wn);
}

bool doc_changed_since(const Doc *d, uint64_t gen, DocDirty *out)
{
	memset(out, 0, sizeof(*out));
	if (gen >= d->gen)
		return false;
	bool any = false;
	if (gen < d->log_lost) {
		out->full = true; /* what happened since is no longer known */
		return true;
	}
	size_t from = d->log_n > DOC_CHANGE_LOG ? d->log_n - DOC_CHANGE_LOG : 0;
	for (size_t i = from; i < d->log_n; i++) {
		const DocChange *c = &d->log[i % DOC_CHANGE_LOG];
		if (c->gen > gen)
			compose(out, &any, c);
	}
	return any;
}

static bool line_blank(const Lines *l, size_t i)
{
	return str_trim(lines_get(l, i)).n == 0;
}

/* A block where a re-segmentation window may start: a top-level title
 * after a blank line (segments never cross a title; nothing is cut). */
static bool is_cut(const Lines *l, const Block *b, size_t first_now)
{
	return b->kind == BK_TITLE && b->depth == 0 && b->indent == 0 &&
	       (first_now == 0 || line_blank(l, first_now - 1));
}

/* The last block whose first line is <= line (0 when none), by bisection. */
size_t block_at(const RstDoc *tb, size_t line)
{
	size_t lo = 0, hi = tb->n, best = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (tb->v[mid].first <= line) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	return best;
}

/* The window's new blocks are the old ones with new text: same count,
 * kinds, nesting, indentation and title levels, and the blocks the edit
 * touched (new lines [a, b]) are prose or code, not titles or directives.  The old blocks' slices may point into
 * edited lines: they are not read. */
static bool same_structure(const Block *old, size_t old_n, const Block *win, size_t win_n,
                           size_t a, size_t b)
{
	if (win_n != old_n)
		return false;
	for (size_t i = 0; i < win_n; i++) {
		const Block *o = &old[i], *n = &win[i];
		if (o->kind != n->kind || o->depth != n->depth || o->parent != n->parent ||
		    o->indent != n->indent || o->title_level != n->title_level)
			return false;
		bool touched = n->first <= b && n->last >= a;
		/* code may change inside its block; titles and directives are
		 * anchors of the alignment by their text */
		if (touched && (n->kind == BK_TITLE ||
		                (!rst_kind_is_prose(n->kind) && n->kind != BK_LITERAL)))
			return false;
	}
	return true;
}

/* The stretch an edit of target lines [a, old_last] (now [a, old_last +
 * delta]) re-segments: blocks [T0, T1) between the cuts around it, target
 * lines [L0, L1) (new numbering). */
typedef struct Window {
	size_t T0, T1, L0, L1;
} Window;

static void find_window(Doc *d, size_t a, size_t old_last, long delta, Window *w)
{
	RstDoc *tb = &d->tgt_host.blocks;
	/* T0: the cut at or before line a (0 when none).  A title on line a
	 * itself is one only while line a still starts a construct: the edit
	 * may have made it the indented text of the `::` above (a title
	 * inserted between a `::` and its literal block, undone: read from
	 * line a the literal was a paragraph). */
	size_t T0 = 0;
	for (size_t i = block_at(tb, a) + 1; i-- > 0;) {
		if (tb->v[i].first <= a && is_cut(&d->tgt, &tb->v[i], tb->v[i].first) &&
		    (tb->v[i].first < a || rst_is_cut(&d->tgt, a))) {
			T0 = i;
			break;
		}
	}
	/* T1: the first cut after the edit (old numbering, checked on new lines). */
	size_t T1 = tb->n;
	for (size_t i = T0 + 1; i < tb->n; i++) {
		if (tb->v[i].first < old_last + 2)
			continue;
		size_t now = (size_t)((long)tb->v[i].first + delta);
		if (is_cut(&d->tgt, &tb->v[i], now)) {
			T1 = i;
			break;
		}
	}
	*w = (Window){T0, T1, T0 == 0 ? 0 : tb->v[T0].first,
	              T1 < tb->n ? (size_t)((long)tb->v[T1].first + delta) : d->tgt.n};
}

/* Do blocks old[0..on) and now[0..wn) hold different title styles, in
 * order? */
static bool titles_differ(const Block *old, size_t on, const Block *now, size_t wn)
{
	size_t i = 0, j = 0;
	for (;;) {
		while (i < on && old[i].kind != BK_TITLE)
			i++;
		while (j < wn && now[j].kind != BK_TITLE)
			j++;
		if (i == on || j == wn)
			return i != on || j != wn;
		if (old[i].adornment != now[j].adornment || old[i].overline != now[j].overline)
			return true;
		i++, j++;
	}
}

/* Is title b of the k-th learned style? */
static bool style_is(const Doc *d, int k, const Block *b)
{
	return d->title_styles[k][0] == b->adornment && d->title_styles[k][1] == (char)b->overline;
}

/* Read the titles of blocks [0, end): false when a style comes out of the
 * learned order or is not a learned one; *n gets how many styles were
 * seen.  With stop, the reading ends once every style is seen. */
static bool styles_read(const Doc *d, size_t end, bool stop, int *n)
{
	const RstDoc *tb = &d->tgt_host.blocks;
	*n = 0;
	for (size_t i = 0; i < end && i < tb->n && !(stop && *n == d->n_title_styles); i++) {
		const Block *b = &tb->v[i];
		if (b->kind != BK_TITLE)
			continue;
		bool seen = false;
		for (int k = 0; k < *n && !seen; k++)
			seen = style_is(d, k, b);
		if (seen)
			continue;
		if (*n >= d->n_title_styles || !style_is(d, *n, b))
			return false;
		(*n)++;
	}
	return true;
}

/* Are the document's title styles, in the order they first appear, still
 * the ones it learned (the levels a full reading gives)? */
static bool styles_in_order(const Doc *d)
{
	int n;
	return styles_read(d, SIZE_MAX, false, &n) && n == d->n_title_styles;
}

/* styles_in_order after an edit whose new blocks are [w0, w0 + wn),
 * without reading the whole document when it can be avoided: before the
 * edit every title's style was a known one in order, and the blocks
 * outside the window did not change; so when the window's titles have
 * known styles and the blocks before it hold every style in order (near
 * the top, in any real document), the order is unchanged.  Else, or with
 * the style table full (a style may have gone unrecorded), the whole
 * reading.  Test builds check the shortcut against it. */
static bool styles_in_order_near(const Doc *d, size_t w0, size_t wn)
{
	const RstDoc *tb = &d->tgt_host.blocks;
	bool fast = d->n_title_styles < (int)ARRAY_LEN(d->title_styles);
	for (size_t i = w0; fast && i < w0 + wn && i < tb->n; i++) {
		const Block *b = &tb->v[i];
		bool known = b->kind != BK_TITLE;
		for (int k = 0; k < d->n_title_styles && !known; k++)
			known = style_is(d, k, b);
		fast = known;
	}
	int n;
	if (!fast || !styles_read(d, w0, true, &n) || n < d->n_title_styles)
		return styles_in_order(d);
#ifndef NDEBUG
	BUG_ON(!styles_in_order(d));
#endif
	return true;
}

/* Blocks o and n alike but for their lines and parent: kind, nesting,
 * indentation, title style, where the text starts, the name's and
 * argument's lengths, the marker. */
static bool block_same_shape(const Block *o, const Block *n)
{
	return o->kind == n->kind && o->indent == n->indent && o->depth == n->depth &&
	       o->title_level == n->title_level && o->adornment == n->adornment &&
	       o->overline == n->overline && o->first_off == n->first_off &&
	       o->name_n == n->name_n && o->arg_n == n->arg_n &&
	       memcmp(o->bullet, n->bullet, sizeof(o->bullet)) == 0;
}

/* Is new block n (of the window) old block o with its lines moved by
 * delta and its parent by the rule of realign_blocks? */
static bool block_moved(const Block *o, const Block *n, long delta)
{
	return block_same_shape(o, n) && (long)n->first == (long)o->first + delta &&
	       (long)n->last == (long)o->last + delta &&
	       (long)n->text_line == (long)o->text_line + delta;
}

/* Is g segment o with its target blocks moved by dt (and, with status,
 * the same status and prose flag)? */
static bool seg_same(const Segment *o, const Segment *g, long dt, bool status)
{
	return o->src == g->src && o->src_n == g->src_n && (long)g->tgt == (long)o->tgt + dt &&
	       o->tgt_n == g->tgt_n && o->kind == g->kind &&
	       (!status || (o->status == g->status && o->no_prose == g->no_prose));
}

/* align_update of target blocks [tc, tc + old_n), now [tc, tc + new_n)
 * (te_old: tc + old_n), and what follows from it: the user's statuses,
 * the progress, the change log (less the segments before and after that
 * came out as they were).  quiet: nothing logged when the segments are
 * the same (a deferred block settled: its edits were logged). */
static void update_blocks_q(Doc *d, size_t tc, size_t old_n, size_t new_n, size_t te_old, long dn,
                            long delta, bool quiet)
{
	Alignment removed;
	align_init(&removed);
	AlignSplice sp;
	align_update(d->am, d->src_host.text, &d->src_host.blocks, d->tgt_host.text, &d->tgt_host.blocks, &d->al, tc, old_n,
	             new_n, &removed, &sp);
	Alignment *al = &d->al;
	apply_user(d, sp.k0, sp.k0 + sp.wn);
	/* The views' derived data changes only when the segments do. */
	bool same = dn == 0 && sp.wn == removed.n;
	for (size_t k = 0; same && k < sp.wn; k++) {
		const Segment *o = &removed.v[k], *g = &al->v[sp.k0 + k];
		same = seg_same(o, g, 0, false);
	}
	if (!same)
		d->gen_align++;
	if (d->prog_valid) {
		for (size_t k = 0; k < removed.n; k++)
			prog_account(&removed.v[k], &d->prog, -1);
		for (size_t k = sp.k0; k < sp.k0 + sp.wn; k++)
			prog_account(&al->v[k], &d->prog, 1);
	}
	/* The segments changed: those of the update less the ones before and
	 * after the changed blocks that came out as they were. */
	size_t h = 0, t = 0, rn = removed.n;
	while (h < rn && h < sp.wn) {
		const Segment *o = &removed.v[h], *g = &al->v[sp.k0 + h];
		if ((o->tgt_n && o->tgt + o->tgt_n > tc) || !seg_same(o, g, 0, true))
			break;
		h++;
	}
	while (t < rn - h && t < sp.wn - h) {
		const Segment *o = &removed.v[rn - 1 - t], *g = &al->v[sp.k0 + sp.wn - 1 - t];
		if ((o->tgt_n && o->tgt < te_old) || !seg_same(o, g, dn, true))
			break;
		t++;
	}
	bool moved = true; /* quiet: did any segment change at all? */
	for (size_t k = 0; quiet && k < sp.wn && sp.wn == rn; k++) {
		const Segment *o = &removed.v[k], *g = &al->v[sp.k0 + k];
		moved = !seg_same(o, g, 0, true);
		if (moved)
			break;
	}
	if (quiet && sp.wn == rn && !moved) {
		/* nothing to log */
	} else {
		if (quiet)
			d->gen++;
		if (rn - h - t || sp.wn - h - t) {
			mark_dirty(d, sp.k0 + h, sp.k1 - t, sp.wn - h - t);
		} else if (delta) {
			/* only lines between blocks moved: the segments around them
			 * are logged (a view splicing by the log moves the rest) */
			size_t k = align_seg_after_tgt(&d->al, tc), a0 = k ? k - 1 : 0, a1 = MIN(k + 1, al->n);
			mark_dirty(d, a0, a1, a1 - a0);
		}
	}
	align_release(&removed);
	stat_set(STAT_DOC_WINDOW_FULL, 0);
}

static void update_blocks(Doc *d, size_t tc, size_t old_n, size_t new_n, size_t te_old, long dn,
                          long delta)
{
	update_blocks_q(d, tc, old_n, new_n, te_old, dn, delta, false);
}

/* The deferred block's re-alignment (Doc.stale): its features and
 * segments from its text now. */
void settle(Doc *d)
{
	if (!d->stale)
		return;
	size_t b = d->stale - 1;
	d->stale = 0;
	update_blocks_q(d, b, 1, 1, b + 1, 0, 0, true);
}

/* The RST text of target block b is over DOC_LONG_BLOCK bytes. */
static bool block_long(const Doc *d, const Block *b)
{
	size_t n = 0;
	for (size_t i = b->first; i <= b->last && n <= DOC_LONG_BLOCK; i++)
		n += lines_line(d->tgt_host.text, i)->n + 1;
	return n > DOC_LONG_BLOCK;
}

/* May the re-alignment of an edit wait for idle time (Doc.stale)?  The
 * edit changed one block (old_n == new_n == 1), old o now block tc, a
 * long prose block that stays what it was but for its text and last
 * line (the same kind, first line, nesting, indentation), inside a
 * segment that is neither untranslated nor without words: the segments
 * stay valid as they are and the alignment of its text can wait. */
static bool defer_block(Doc *d, const Block *o, size_t tc, size_t old_n, size_t new_n, long dn)
{
	if (!d->am || old_n != 1 || new_n != 1 || dn)
		return false;
	const Block *n = &d->tgt_host.blocks.v[tc];
	if (!block_same_shape(o, n) || !rst_kind_is_prose(n->kind) || n->kind == BK_TITLE ||
	    n->first != o->first || n->text_line != o->text_line || n->parent != o->parent ||
	    !block_long(d, n))
		return false;
	size_t k = align_seg_after_tgt(&d->al, tc);
	return k < d->al.n && d->al.v[k].status != ST_UNTRANSLATED && !d->al.v[k].no_prose;
}

/* Target blocks [T0, T0 + on) (old[0..on), as they were) are now
 * [T0, T0 + wn), the lines of old [a, old_last] now [a, old_last + delta],
 * the blocks after them shifted: bring the segments up to date, exactly
 * as aligning the whole document again would (align_update on the blocks
 * that differ: the window less the blocks before the edit and after it
 * that are the same). */
static void realign_blocks(Doc *d, size_t T0, const Block *old, size_t on, size_t wn,
                           size_t a, size_t old_last, long delta)
{
	if (!d->am) {
		align_all(d);
		return;
	}
	const Block *nw = &d->tgt_host.blocks.v[T0];
	long dn = (long)wn - (long)on;
	size_t pre = 0, suf = 0;
	while (pre < on && pre < wn && nw[pre].last < a && nw[pre].parent == old[pre].parent &&
	       block_moved(&old[pre], &nw[pre], 0))
		pre++;
	/* a parent before the unchanged head stays; one after it moves by dn
	 * (so equal parents stay equal and unequal ones unequal) */
	while (suf < on - pre && suf < wn - pre) {
		const Block *o = &old[on - 1 - suf], *n = &nw[wn - 1 - suf];
		bool parent = o->parent < (int)(T0 + pre)
		                  ? n->parent == o->parent
		                  : (long)n->parent == (long)o->parent + dn && n->parent >= (int)(T0 + pre);
		if (o->first <= old_last || !parent || !block_moved(o, n, delta))
			break;
		suf++;
	}
	size_t tc = T0 + pre;
	/* a deferred block is one the edit changed (apply settles it before
	 * an edit outside its lines) */
	BUG_ON(d->stale && (d->stale - 1 < tc || d->stale - 1 >= T0 + on - suf));
	if (defer_block(d, &old[pre], tc, on - pre - suf, wn - pre - suf, dn)) {
		d->stale = tc + 1;
		stat_set(STAT_DOC_WINDOW_FULL, 0);
		size_t k = align_seg_after_tgt(&d->al, tc);
		mark_dirty(d, k, k + 1, 1);
		return;
	}
	d->stale = 0; /* the update below reads the block again */
	update_blocks(d, tc, on - pre - suf, wn - pre - suf, T0 + on - suf, dn, delta);
}

/* The same for a host format with regions (.py): the host reads the lines
 * between the text-block separators around the edit again and splices
 * their blocks (host_edit_window, host_resegment_window); the segments of
 * those blocks are re-aligned as for RST. */
/* Is new region n old region o with its lines moved by delta (the same
 * kind, prefix and number of blocks: the same RST text and blocks)? */
static bool region_moved(const HostRegion *o, const HostRegion *n, long delta)
{
	return o->kind == n->kind && (long)n->first == (long)o->first + delta &&
	       (long)n->last == (long)o->last + delta && o->prefix == n->prefix &&
	       o->nblocks == n->nblocks;
}

/* The host cannot bound the edit (the module docstring, whose indentation
 * is the whole region's, or the lines before the first text block): read
 * the whole file again, then re-align as for a window the blocks that are
 * not in a region before or after the edit that came out the same (the
 * regions that did hold the same blocks with the same text).  A change of
 * the title styles' order aligns everything again. */
static void realign_host_whole(Doc *d, size_t a, size_t old_last, long delta)
{
	RstDoc *tb = &d->tgt_host.blocks;
	size_t on = tb->n, orn = d->tgt_host.regions.n;
	Block *old = xmalloc(MAX(on, 1) * sizeof(Block));
	memcpy(old, tb->v, on * sizeof(Block));
	HostRegion *oreg = xmalloc(MAX(orn, 1) * sizeof(HostRegion));
	if (orn)
		memcpy(oreg, d->tgt_host.regions.v, orn * sizeof(HostRegion));
	char styles[ARRAY_LEN(d->title_styles)][2];
	memcpy(styles, d->title_styles, sizeof(styles));
	int nstyles = d->n_title_styles;
	host_segment(&d->tgt, d->tgt_host.fmt, &d->tgt_host);
	learn_styles(d);
	const HostRegionVec *nr = &d->tgt_host.regions;
	size_t head = 0, tail = 0;
	while (head < orn && head < nr->n && oreg[head].last < a &&
	       region_moved(&oreg[head], &nr->v[head], 0))
		head++;
	while (tail < orn - head && tail < nr->n - head && oreg[orn - 1 - tail].first > old_last &&
	       region_moved(&oreg[orn - 1 - tail], &nr->v[nr->n - 1 - tail], delta))
		tail++;
	/* the window: old lines [wa, wl] */
	size_t wa = head < orn ? MIN(a, oreg[head].first) : a;
	size_t wl = tail < orn - head ? MAX(old_last, oreg[orn - 1 - tail].last) : old_last;
	bool same_styles = nstyles == d->n_title_styles &&
	                   memcmp(styles, d->title_styles, (size_t)nstyles * 2) == 0;
	if (!same_styles || !tb->n) {
		align_all(d);
	} else {
		if (!same_structure(old, on, tb->v, tb->n, a, (size_t)((long)old_last + delta)))
			d->gen_struct++;
		realign_blocks(d, 0, old, on, tb->n, wa, wl, delta);
		stat_set(STAT_DOC_WINDOW_LINES, d->tgt.n);
	}
	free(old);
	free(oreg);
}

static void realign_window_host(Doc *d, size_t a, size_t old_last, long delta)
{
	RstDoc *tb = &d->tgt_host.blocks;
	size_t old_n = old_last - a + 1, new_n = (size_t)((long)old_n + delta);
	HostWindow hw;
	if (!tb->n || !d->al.n) {
		doc_realign_all(d);
		return;
	}
	if (!host_edit_window(&d->tgt_host, a, old_n, new_n, &hw)) {
		realign_host_whole(d, a, old_last, delta);
		return;
	}
	/* The old blocks of the window, for same_structure (their slices are
	 * not read). */
	size_t on = hw.b1 - hw.b0;
	Block *old = xmalloc(MAX(on, 1) * sizeof(Block));
	if (on)
		memcpy(old, &tb->v[hw.b0], on * sizeof(Block));
	host_resegment_window(&d->tgt_host, &hw);
	int styles = d->n_title_styles;
	for (size_t i = hw.b0; i < hw.b0 + hw.wn; i++) {
		Block *b = &tb->v[i];
		if (b->kind == BK_TITLE)
			b->title_level = (unsigned)style_level(d, (char)b->adornment, b->overline);
	}
	if ((styles != d->n_title_styles || titles_differ(old, on, &tb->v[hw.b0], hw.wn)) &&
	    !styles_in_order_near(d, hw.b0, hw.wn)) {
		free(old);
		doc_realign_all(d);
		return;
	}
	if (!same_structure(old, on, &tb->v[hw.b0], hw.wn, a, a + new_n - 1))
		d->gen_struct++;
	realign_blocks(d, hw.b0, old, on, hw.wn, a, old_last, delta);
	free(old);
	stat_set(STAT_DOC_WINDOW_LINES, hw.to - hw.from);
}

/* Target lines [a, old_last] (old numbering) became [a, old_last + delta]:
 * re-segment from the title before to the title after, re-align that
 * stretch against its source blocks, shift the rest. */
void realign_window(Doc *d, size_t a, size_t old_last, long delta)
{
	if (d->tgt_host.fmt != HOST_RST) {
		realign_window_host(d, a, old_last, delta);
		return;
	}
	RstDoc *tb = &d->tgt_host.blocks;
	Window w;
	if (!tb->n || !d->al.n) {
		doc_realign_all(d);
		return;
	}
	find_window(d, a, old_last, delta, &w);
	size_t T0 = w.T0, T1 = w.T1, L0 = w.L0, L1 = w.L1;
	/* Re-segment the window. */
	RstDoc win;
	rst_init(&win);
	rst_segment_range(&d->tgt, L0, L1, &win);
	/* A title made or unmade changes the anchors: align_update runs the
	 * anchors' pass again.  A new adornment style (the title levels of the
	 * whole document may change) needs everything again. */
	int styles = d->n_title_styles;
	for (size_t i = 0; i < win.n; i++) {
		Block *b = &win.v[i];
		if (b->parent >= 0)
			b->parent += (int)T0;
		if (b->kind == BK_TITLE)
			b->title_level = (unsigned)style_level(d, (char)b->adornment, b->overline);
	}
	/* the levels are the order of first appearance: checked over the
	 * document once the window is in */
	bool titles = styles != d->n_title_styles || titles_differ(&tb->v[T0], T1 - T0, win.v, win.n);
	if (!same_structure(&tb->v[T0], T1 - T0, win.v, win.n, a, (size_t)((long)old_last + delta)))
		d->gen_struct++;
	size_t on = T1 - T0;
	Block *old = xmalloc(MAX(on, 1) * sizeof(Block));
	if (on)
		memcpy(old, &tb->v[T0], on * sizeof(Block));
	long dn = (long)win.n - (long)on;
	size_t n_new = (size_t)((long)tb->n + dn);
	size_t tail = tb->n - T1;
	if (n_new > tb->cap)
		tb->v = xgrow_eighth(tb->v, &tb->cap, n_new, sizeof(Block));
	/* the tail moved by dn blocks and its lines by delta, in one pass (in
	 * place for a key inside a paragraph; nothing when neither moves);
	 * its parents in it move with it */
	rst_move_blocks(&tb->v[T0 + win.n], &tb->v[T1], tail, delta, (int)T1, dn);
	if (win.n)
		memcpy(&tb->v[T0], win.v, win.n * sizeof(Block));
	tb->n = n_new;
	size_t wn = win.n;
	rst_release(&win);
	if (titles && !styles_in_order_near(d, T0, wn)) {
		free(old);
		doc_realign_all(d);
		return;
	}
	realign_blocks(d, T0, old, on, wn, a, old_last, delta);
	free(old);
	stat_set(STAT_DOC_WINDOW_LINES, L1 - L0);
}
