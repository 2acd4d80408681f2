/* doc: target + source, blocks, alignment, edits, undo (include/yeok/doc.h). */
#include "yeok/doc.h"

#include "yeok/pair.h"
#include "yeok/text.h"

void doc_init(Doc *d)
{
	memset(d, 0, sizeof(*d));
	lines_init(&d->tgt);
	lines_init(&d->src);
	host_init(&d->th);
	host_init(&d->sh);
	host_rebind(&d->th, &d->tgt);
	host_rebind(&d->sh, &d->src);
	align_init(&d->al);
	d->merge_ok = false;
}

static void change_release(Change *c)
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
	host_release(&d->th);
	host_release(&d->sh);
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

static int style_level(Doc *d, char adorn, bool over)
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

static void learn_styles(Doc *d)
{
	d->n_title_styles = 0;
	int max = 0;
	for (size_t i = 0; i < d->th.blocks.n; i++)
		if (d->th.blocks.v[i].kind == BK_TITLE && d->th.blocks.v[i].title_level > max)
			max = d->th.blocks.v[i].title_level;
	if (max > (int)ARRAY_LEN(d->title_styles))
		max = (int)ARRAY_LEN(d->title_styles);
	bool seen[ARRAY_LEN(d->title_styles)] = {false};
	for (size_t i = 0; i < d->th.blocks.n; i++) {
		const Block *b = &d->th.blocks.v[i];
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

/* ---- statuses ----------------------------------------------------------- */

static SidecarKey seg_key(const Doc *d, const Segment *s)
{
	return pair_blocks_key(d->sh.text, &d->sh.blocks, s->src, s->src_n);
}

/* The 64-bit value of a key's 16 hex digits. */
static uint64_t key_value(const SidecarKey *k)
{
	uint64_t v = 0;
	for (size_t i = 0; i < SIDECAR_KEY_LEN && k->hex[i]; i++) {
		char c = k->hex[i];
		v = v << 4 | (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
	}
	return v;
}

static size_t user_slot(const UserStatuses *u, uint64_t key)
{
	size_t mask = u->cap - 1, i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 17) & mask;
	while (u->v[i].used && u->v[i].key != key)
		i = (i + 1) & mask;
	return i;
}

static const UserStatus *user_find(const Doc *d, uint64_t key)
{
	if (!d->user.n)
		return NULL;
	const UserStatus *x = &d->user.v[user_slot(&d->user, key)];
	return x->used ? x : NULL;
}

/* The user's statuses in a table of room for n (at most 3/4 full). */
static void user_room(UserStatuses *u, size_t n)
{
	if (n * 4 <= u->cap * 3)
		return;
	size_t cap = u->cap ? u->cap : 64;
	while (n * 4 > cap * 3)
		cap *= 2;
	UserStatuses big = {xcalloc(cap, sizeof(UserStatus)), 0, cap};
	for (size_t i = 0; i < u->cap; i++)
		if (u->v[i].used) {
			big.v[user_slot(&big, u->v[i].key)] = u->v[i];
			big.n++;
		}
	free(u->v);
	*u = big;
}

void doc_user_reserve(Doc *d, size_t n)
{
	user_room(&d->user, d->user.n + n);
}

/* Remove key's entry (backward-shift deletion: the probe sequences of
 * the entries after it stay unbroken). */
static void user_remove(Doc *d, uint64_t key)
{
	UserStatuses *u = &d->user;
	if (!u->n)
		return;
	size_t mask = u->cap - 1, i = user_slot(u, key);
	if (!u->v[i].used)
		return;
	u->v[i].used = false;
	u->n--;
	for (size_t j = (i + 1) & mask; u->v[j].used; j = (j + 1) & mask) {
		size_t home = (size_t)(u->v[j].key * 0x9e3779b97f4a7c15ull >> 17) & mask;
		/* j's entry may move to the hole at i unless its home lies in (i, j] */
		bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
		if (stays)
			continue;
		u->v[i] = u->v[j];
		u->v[j].used = false;
		i = j;
	}
}

static void user_put(Doc *d, uint64_t key, SegStatus st)
{
	UserStatuses *u = &d->user;
	user_room(u, u->n + 1);
	UserStatus *x = &u->v[user_slot(u, key)];
	if (!x->used) {
		x->used = true;
		x->key = key;
		u->n++;
	}
	x->status = st;
}

/* The key value of a segment's source blocks.  The source never changes
 * once loaded, so a run's key is hashed once (a direct-mapped memo of
 * DOC_KEY_MEMO runs; doc_load_pair forgets it): a key in a long
 * paragraph does not hash its English again. */
static uint64_t seg_key_value(Doc *d, const Segment *s)
{
	if (!d->key_memo)
		d->key_memo = xcalloc(DOC_KEY_MEMO, sizeof(*d->key_memo));
	size_t i = (size_t)(((uint64_t)s->src * 0x9e3779b97f4a7c15ull ^ s->src_n) >> 7) &
	           (DOC_KEY_MEMO - 1);
	DocKeyMemo *m = &d->key_memo[i];
	if (m->src_n != s->src_n || m->src != s->src) {
		SidecarKey h = seg_key(d, s);
		*m = (DocKeyMemo){s->src, s->src_n, key_value(&h)};
		d->key_hashes++;
	}
	return m->value;
}

static void apply_user(Doc *d, size_t from, size_t to)
{
	if (!d->user.n)
		return;
	for (size_t k = from; k < to; k++) {
		Segment *s = &d->al.v[k];
		if (!s->src_n)
			continue;
		const UserStatus *x = user_find(d, seg_key_value(d, s));
		if (x)
			s->status = x->status;
	}
}

static void prog_account(const Segment *s, DocProgress *p, int sign);
static void truncate_redo(Doc *d);
static void journal_status(Doc *d, uint64_t key, int st);
static void log_change(Doc *d, bool full, size_t k0, size_t k1, size_t wn);

SegStatus doc_seg_status(const Doc *d, size_t seg)
{
	BUG_ON(seg >= d->al.n);
	return d->al.v[seg].status;
}

void doc_set_status_keyed(Doc *d, size_t seg, SegStatus st, const SidecarKey *key)
{
	BUG_ON(seg >= d->al.n);
	Segment *s = &d->al.v[seg];
	if (d->prog_valid)
		prog_account(s, &d->prog, -1);
	s->status = st;
	if (d->prog_valid)
		prog_account(s, &d->prog, 1);
	if (!s->src_n)
		return;
	SidecarKey h = key ? *key : seg_key(d, s);
#ifndef NDEBUG
	if (key) { /* test builds: the key given is the segment's */
		SidecarKey own = seg_key(d, s);
		BUG_ON(strcmp(own.hex, key->hex) != 0);
	}
#endif
	user_put(d, key_value(&h), st);
}

void doc_set_status(Doc *d, size_t seg, SegStatus st)
{
	doc_set_status_keyed(d, seg, st, NULL);
}

/* Segment seg's status, the progress kept in step. */
static void seg_status_to(Doc *d, size_t seg, SegStatus st)
{
	Segment *g = &d->al.v[seg];
	if (d->prog_valid)
		prog_account(g, &d->prog, -1);
	g->status = st;
	if (d->prog_valid)
		prog_account(g, &d->prog, 1);
	d->gen++;
}

bool doc_mark(Doc *d, size_t seg, SegStatus st)
{
	BUG_ON(seg >= d->al.n);
	Segment *g = &d->al.v[seg];
	if (!g->src_n) {
		seg_status_to(d, seg, st);
		return true;
	}
	SidecarKey h = seg_key(d, g);
	uint64_t key = key_value(&h);
	const UserStatus *x = user_find(d, key);
	if (x && x->status == st && g->status == st)
		return false;
	truncate_redo(d);
	Change c;
	memset(&c, 0, sizeof(c));
	c.kind = CH_STATUS;
	c.chain = d->chain_next && d->cur;
	d->chain_next = false;
	c.key = key;
	c.seg = (uint32_t)seg;
	c.before = (uint8_t)g->status;
	c.after = (uint8_t)st;
	c.had_user = x != NULL;
	c.user_before = x ? (uint8_t)x->status : 0;
	size_t f, l;
	c.at = (Pos){align_tgt_lines(g, &d->th.blocks, &f, &l) ? f : 0, 0};
	VEC_PUSH(&d->changes, c);
	d->cur++;
	d->merge_ok = false;
	doc_set_status_keyed(d, seg, st, &h);
	d->gen++;
	journal_status(d, key, st);
	return true;
}

/* The segment of a CH_STATUS change: c->seg, unless the alignment moved
 * since (a long paragraph's segments are realigned in idle time): then
 * the segment with its key; SIZE_MAX: none. */
static size_t status_seg(Doc *d, const Change *c)
{
	if (c->seg < d->al.n && d->al.v[c->seg].src_n && seg_key_value(d, &d->al.v[c->seg]) == c->key)
		return c->seg;
	for (size_t k = 0; k < d->al.n; k++)
		if (d->al.v[k].src_n && seg_key_value(d, &d->al.v[k]) == c->key)
			return k;
	return SIZE_MAX;
}

/* A user status (or "-", none) of key into the journal: kill -9 offers it
 * back (safety.c reads the line). */
static void journal_status(Doc *d, uint64_t key, int st)
{
	if (!d->journal)
		return;
	char line[64];
	int n = snprintf(line, sizeof(line), "status %016llx %s", (unsigned long long)key,
	                 st < 0 ? "-" : align_status_name((SegStatus)st));
	journal_state(d->journal, line, (size_t)n);
}

size_t doc_segment_of_key(Doc *d, uint64_t key)
{
	for (size_t k = 0; k < d->al.n; k++)
		if (d->al.v[k].src_n && seg_key_value(d, &d->al.v[k]) == key)
			return k;
	return SIZE_MAX;
}

/* Undo (back) or redo a CH_STATUS change. */
static void status_apply(Doc *d, const Change *c, bool back)
{
	size_t k = status_seg(d, c);
	if (k != SIZE_MAX)
		seg_status_to(d, k, back ? (SegStatus)c->before : (SegStatus)c->after);
	if (!back)
		user_put(d, c->key, (SegStatus)c->after);
	else if (c->had_user)
		user_put(d, c->key, (SegStatus)c->user_before);
	else
		user_remove(d, c->key);
	journal_status(d, c->key, !back ? c->after : c->had_user ? c->user_before : -1);
}

bool doc_seg_unfinished(const Doc *d, size_t seg)
{
	const Segment *s = &d->al.v[seg];
	if (!s->tgt_n || !s->src_n || !rst_kind_is_prose(s->kind))
		return false;
	if (align_nothing_to_translate(s))
		return false;
	return s->status == ST_UNTRANSLATED || s->status == ST_DRAFT || s->status == ST_STALE;
}

/* Add (sign 1) or remove (sign -1) one segment's share of the progress. */
static void prog_account(const Segment *s, DocProgress *p, int sign)
{
	if (!s->tgt_n || !s->src_n || !rst_kind_is_prose(s->kind))
		return;
	size_t u = (size_t)(long)sign;
	p->total += u;
	if (s->status == ST_DONE || s->status == ST_REVIEWED || align_nothing_to_translate(s))
		p->done += u; /* a segment with nothing to translate counts as done */
	else if (s->status == ST_UNTRANSLATED)
		p->untranslated += u;
	else if (s->status == ST_STALE)
		p->stale += u;
}

void doc_progress(const Doc *d, DocProgress *p)
{
	if (!d->prog_valid) {
		Doc *m = (Doc *)d; /* a cache: the progress is a function of d */
		memset(&m->prog, 0, sizeof(m->prog));
		for (size_t k = 0; k < d->al.n; k++)
			prog_account(&d->al.v[k], &m->prog, 1);
		m->prog_valid = true;
	}
	*p = d->prog;
}

/* ---- segmentation and alignment ----------------------------------------- */

/* After the blocks and segments were all made anew. */
static void all_new(Doc *d)
{
	learn_styles(d);
	apply_user(d, 0, d->al.n);
	d->last_window_lines = d->tgt.n;
	d->last_was_full = true;
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
	align_docs_memo(d->sh.text, &d->sh.blocks, d->th.text, &d->th.blocks, &d->al, &d->am);
	all_new(d);
}

static void eols_recount(Doc *d);

/* Re-segment and re-align the whole document (after load; tests). */
static void doc_realign_all(Doc *d)
{
	eols_recount(d); /* tests change tgt's lines and call this */
	/* d->aligned runs on the alignment it was made for; a deferred long
	 * block is aligned again below with the rest */
	doc_align_stretches(d);
	host_segment(&d->tgt, d->th.fmt, &d->th);
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
static void log_change(Doc *d, bool full, size_t k0, size_t k1, size_t wn)
{
	DocChange *c = &d->log[d->log_n % DOC_CHANGE_LOG];
	if (d->log_n >= DOC_CHANGE_LOG)
		d->log_lost = c->gen; /* the oldest record is overwritten */
	*c = (DocChange){d->gen, full, k0, k1, wn};
	d->log_n++;
}

static void mark_dirty(Doc *d, size_t k0, size_t k1, size_t wn)
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
static size_t block_at(const RstDoc *tb, size_t line)
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
	RstDoc *tb = &d->th.blocks;
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
	const RstDoc *tb = &d->th.blocks;
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
	const RstDoc *tb = &d->th.blocks;
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
	align_update(d->am, d->sh.text, &d->sh.blocks, d->th.text, &d->th.blocks, &d->al, tc, old_n,
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
	d->last_was_full = false;
}

static void update_blocks(Doc *d, size_t tc, size_t old_n, size_t new_n, size_t te_old, long dn,
                          long delta)
{
	update_blocks_q(d, tc, old_n, new_n, te_old, dn, delta, false);
}

/* The deferred block's re-alignment (Doc.stale): its features and
 * segments from its text now. */
static void settle(Doc *d)
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
		n += lines_line(d->th.text, i)->n + 1;
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
	const Block *n = &d->th.blocks.v[tc];
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
	const Block *nw = &d->th.blocks.v[T0];
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
		d->last_was_full = false;
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
	RstDoc *tb = &d->th.blocks;
	size_t on = tb->n, orn = d->th.regions.n;
	Block *old = xmalloc(MAX(on, 1) * sizeof(Block));
	memcpy(old, tb->v, on * sizeof(Block));
	HostRegion *oreg = xmalloc(MAX(orn, 1) * sizeof(HostRegion));
	if (orn)
		memcpy(oreg, d->th.regions.v, orn * sizeof(HostRegion));
	char styles[ARRAY_LEN(d->title_styles)][2];
	memcpy(styles, d->title_styles, sizeof(styles));
	int nstyles = d->n_title_styles;
	host_segment(&d->tgt, d->th.fmt, &d->th);
	learn_styles(d);
	const HostRegionVec *nr = &d->th.regions;
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
		d->last_window_lines = d->tgt.n;
	}
	free(old);
	free(oreg);
}

static void realign_window_host(Doc *d, size_t a, size_t old_last, long delta)
{
	RstDoc *tb = &d->th.blocks;
	size_t old_n = old_last - a + 1, new_n = (size_t)((long)old_n + delta);
	HostWindow hw;
	if (!tb->n || !d->al.n) {
		doc_realign_all(d);
		return;
	}
	if (!host_edit_window(&d->th, a, old_n, new_n, &hw)) {
		realign_host_whole(d, a, old_last, delta);
		return;
	}
	/* The old blocks of the window, for same_structure (their slices are
	 * not read). */
	size_t on = hw.b1 - hw.b0;
	Block *old = xmalloc(MAX(on, 1) * sizeof(Block));
	if (on)
		memcpy(old, &tb->v[hw.b0], on * sizeof(Block));
	host_resegment_window(&d->th, &hw);
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
	d->last_window_lines = hw.to - hw.from;
}

/* Target lines [a, old_last] (old numbering) became [a, old_last + delta]:
 * re-segment from the title before to the title after, re-align that
 * stretch against its source blocks, shift the rest. */
static void realign_window(Doc *d, size_t a, size_t old_last, long delta)
{
	if (d->th.fmt != HOST_RST) {
		realign_window_host(d, a, old_last, delta);
		return;
	}
	RstDoc *tb = &d->th.blocks;
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
	d->last_window_lines = L1 - L0;
}

/* ---- loading ------------------------------------------------------------ */

#define SWAP(T, a, b) do { T t_ = (a); (a) = (b); (b) = t_; } while (0)

/* Once the alignment is complete (loaded, or the last pending stretch
 * aligned): the blocks and segments sized to what they hold. */
static void fit_tables(Doc *d)
{
	VEC_FIT(&d->al);
	VEC_FIT(&d->th.blocks);
	VEC_FIT(&d->sh.blocks);
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
	SWAP(HostDoc, d->th, p->th);
	SWAP(HostDoc, d->sh, p->sh);
	host_rebind(&d->th, &d->tgt);
	host_rebind(&d->sh, &d->src);
	host_rebind(&p->th, &p->tgt_file);
	host_rebind(&p->sh, &p->src_file);
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
	bool any = align_step(d->am, d->sh.text, &d->sh.blocks, d->th.text, &d->th.blocks, &d->al,
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
	bool any = align_idle_step(d->am, d->sh.text, &d->sh.blocks, d->th.text, &d->th.blocks,
	                           &d->al, max_blocks, splice_blocks, &removed, &sp, &spliced);
	if (spliced)
		stretches_spliced(d, &sp, &removed);
	align_release(&removed);
	return any;
}

void doc_align_lines(Doc *d, size_t first, size_t last)
{
	const RstDoc *tb = &d->th.blocks;
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

/* ---- edits -------------------------------------------------------------- */

static const char *eol_str(Eol e)
{
	return e == EOL_CRLF ? "\r\n" : e == EOL_LF ? "\n" : "";
}

/* Count the terminators of tgt's lines [first, last] into d->tgt_eols,
 * with sign +1 or -1. */
static void eols_count(Doc *d, size_t first, size_t last, int sign)
{
	for (size_t i = first; i <= last && i < d->tgt.n; i++)
		d->tgt_eols[lines_line(&d->tgt, i)->eol] += (size_t)(long)sign;
}

static void eols_recount(Doc *d)
{
	memset(d->tgt_eols, 0, sizeof(d->tgt_eols));
	eols_count(d, 0, d->tgt.n - 1, 1);
}

/* lines_default_eol(&d->tgt), from the counts. */
const char *doc_eol(const Doc *d)
{
	return eol_str(d->tgt_eols[EOL_CRLF] > d->tgt_eols[EOL_LF] ? EOL_CRLF : EOL_LF);
}

/* The position after text inserted at a. */
static Pos pos_after(Pos a, const char *p, size_t n)
{
	const char *nl = NULL;
	size_t lines = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\n') {
			lines++;
			nl = p + i;
		}
	}
	if (!lines)
		return (Pos){a.line, a.col + n};
	return (Pos){a.line + lines, (size_t)(p + n - (nl + 1))};
}

/* A line whose content ends with CR and whose terminator is LF has the
 * same bytes as that line without the CR and a CRLF terminator; undo text
 * ("\r\n" is a CRLF separator) brings the second form back.  A change
 * recorded against the first form then points at column n + 1 of the
 * second, between the CR and the LF: turn the line back into the first
 * form (the bytes stay the same; the caller re-aligns the line). */
static void unfold_crlf(Doc *d, Pos p)
{
	Lines *l = &d->tgt;
	if (p.line < l->n && p.col == (size_t)lines_line(l, p.line)->n + 1 &&
	    lines_line(l, p.line)->eol == EOL_CRLF) {
		size_t n = lines_line(l, p.line)->n;
		lines_splice(l, p.line, n, n, "\r", 1);
		lines_line_mut(l, p.line)->eol = EOL_LF;
		d->tgt_eols[EOL_CRLF]--;
		d->tgt_eols[EOL_LF]++;
	}
}

/* Remove [a, b) and insert p; the removed bytes go to removed (may be
 * NULL).  Re-aligns the neighbourhood.  Returns the end of the insert. */
static Pos apply(Doc *d, Pos a, Pos b, const char *p, size_t n, Buf *removed)
{
	doc_disk_hash_step(d, SIZE_MAX); /* of the bytes as loaded, before the first change */
	/* align_update starts from the one-shot alignment; a deferred block
	 * waits on while the edit stays inside its lines (realign_blocks) */
	doc_align_stretches(d);
	if (d->stale) {
		const Block *sb = &d->th.blocks.v[d->stale - 1];
		if (a.line < sb->first || b.line > sb->last)
			settle(d);
	}
	Lines *l = &d->tgt;
	unfold_crlf(d, a);
	unfold_crlf(d, b);
	BUG_ON(a.line >= l->n || b.line >= l->n);
	BUG_ON(a.line > b.line || (a.line == b.line && a.col > b.col));
	BUG_ON(a.col > lines_line(l, a.line)->n || b.col > lines_line(l, b.line)->n);
	size_t old_last = b.line;
	if (removed) {
		if (a.line == b.line) {
			buf_add(removed, lines_get(l, a.line).p + a.col, b.col - a.col);
		} else {
			buf_add(removed, lines_get(l, a.line).p + a.col, lines_line(l, a.line)->n - a.col);
			buf_adds(removed, eol_str(lines_line(l, a.line)->eol));
			for (size_t i = a.line + 1; i < b.line; i++) {
				buf_add(removed, lines_get(l, i).p, lines_line(l, i)->n);
				buf_adds(removed, eol_str(lines_line(l, i)->eol));
			}
			buf_add(removed, lines_get(l, b.line).p, b.col);
		}
	}
	eols_count(d, a.line, b.line, -1);
	/* delete */
	if (a.line == b.line) {
		if (b.col > a.col)
			lines_splice(l, a.line, a.col, b.col, "", 0);
	} else {
		lines_splice(l, b.line, 0, b.col, "", 0);
		lines_splice(l, a.line, a.col, lines_line(l, a.line)->n, "", 0);
		for (size_t i = a.line + 1; i < b.line; i++)
			lines_delete(l, a.line + 1);
		lines_join(l, a.line);
	}
	/* insert, piece by piece */
	size_t line = a.line, col = a.col;
	size_t start = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && p[i] != '\n')
			continue;
		size_t end = i;
		if (i == n) {
			lines_splice(l, line, col, col, p + start, end - start);
			col += end - start;
			break;
		}
		Eol e = EOL_LF;
		if (end > start && p[end - 1] == '\r') {
			e = EOL_CRLF;
			end--;
		}
		lines_splice(l, line, col, col, p + start, end - start);
		col += end - start;
		lines_split(l, line, col, e);
		line++;
		col = 0;
		start = i + 1;
	}
	Pos endp = {line, col};
	eols_count(d, a.line, line, 1);
	if (d->journal)
		journal_replace(d->journal, a.line, old_last - a.line + 1, l, line - a.line + 1);
	long delta = (long)line - (long)old_last;
	d->gen_edit++;
	d->gen++;
	d->edit_first = a.line;
	d->edit_line = old_last;
	d->edit_delta = delta;
	realign_window(d, a.line, old_last, delta);
	return endp;
}

static void truncate_redo(Doc *d)
{
	for (size_t i = d->cur; i < d->changes.n; i++)
		change_release(&d->changes.v[i]);
	d->changes.n = d->cur;
	if (d->saved > d->cur && d->saved != SIZE_MAX)
		d->saved = SIZE_MAX;
}

static bool pos_eq(Pos a, Pos b)
{
	return a.line == b.line && a.col == b.col;
}

bool doc_replace_fits(const Doc *d, Pos a, Pos b, const char *p, size_t n, Err *e)
{
	/* the longest line it can make is a's head, the bytes and b's tail */
	size_t len = lines_line(&d->tgt, b.line)->n, tail = len - MIN(b.col, len);
	if (n > LINES_MAX_LINE || a.col + n + tail > LINES_MAX_LINE)
		return err_set(e, EXIT_DATAERR, "%s:%zu: the line would be longer than %u bytes",
		               d->path ? d->path : "", a.line + 1, LINES_MAX_LINE);
	/* each new line is a '\n' of p: count them only when they could be
	 * too many */
	size_t joined = b.line - a.line;
	if (n <= LINES_MAX_LINES - (d->tgt.n - joined))
		return true;
	return lines_fit(d->path ? d->path : "", d->tgt.n, joined, lines_count_newlines(p, n), e);
}

/* The record a change of the given kind may merge into: the last one, or
 * below the adjustments chained after it (doc_replace_follow) when the
 * change stays on a line none of them touched and moves no line (so the
 * merged record and the adjustments commute).  Its index in *at; NULL:
 * none. */
static Change *merge_target(Doc *d, Pos a, const Buf *removed, const char *p, size_t n,
                            size_t *at)
{
	if (!d->cur)
		return NULL;
	size_t i = d->cur - 1;
	bool moves = memchr(p, '\n', n) || memchr(removed->p ? removed->p : "", '\n', removed->len);
	while (i > 0 && d->changes.v[i].kind == CH_FOLLOW && d->changes.v[i].chain) {
		if (moves || d->changes.v[i].at.line == a.line)
			return NULL;
		i--;
	}
	if (d->changes.v[i].kind == CH_FOLLOW)
		return NULL;
	/* the saved state is not inside what the merge would change */
	if (d->saved != SIZE_MAX && d->saved > i && d->saved <= d->cur)
		return NULL;
	*at = i;
	return &d->changes.v[i];
}

Pos doc_replace(Doc *d, Pos a, Pos b, const char *p, size_t n, ChangeKind kind)
{
	if (!doc_replace_fits(d, a, b, p, n, NULL))
		return a; /* refused: nothing changes, nothing is recorded */
	Buf removed = BUF_INIT;
	Pos end = apply(d, a, b, p, n, &removed);
	truncate_redo(d);
	Change *top = d->cur ? &d->changes.v[d->cur - 1] : NULL;
	bool chain = d->chain_next && top;
	d->chain_next = false;
	size_t at = 0;
	Change *prev = chain || !d->merge_ok || kind == CH_OTHER
	                   ? NULL
	                   : merge_target(d, a, &removed, p, n, &at);
	bool can = prev && prev->kind == kind;
	if (can && kind == CH_TYPE && removed.len == 0 && prev->del.len == 0 &&
	    pos_eq(pos_after(prev->at, prev->ins.p, prev->ins.len), a)) {
		buf_add(&prev->ins, p, n);
	} else if (can && kind == CH_DEL_BACK && n == 0 && prev->ins.len == 0 &&
	           pos_eq(pos_after(a, removed.p, removed.len), prev->at)) {
		buf_insert(&prev->del, 0, removed.p, removed.len);
		prev->at = a;
	} else if (can && kind == CH_DEL_FWD && n == 0 && prev->ins.len == 0 &&
	           pos_eq(prev->at, a)) {
		buf_add(&prev->del, removed.p, removed.len);
	} else {
		Change c;
		memset(&c, 0, sizeof(c));
		c.at = a;
		c.del = removed;
		buf_init(&removed);
		buf_add(&c.ins, p, n);
		c.kind = kind;
		c.chain = chain;
		VEC_PUSH(&d->changes, c);
		d->cur++;
	}
	buf_release(&removed);
	d->merge_ok = kind != CH_OTHER;
	return end;
}

bool doc_replace_follow(Doc *d, size_t line, const char *p, size_t n)
{
	if (!d->cur || line >= d->tgt.n || memchr(p, '\n', n))
		return false;
	Str ln = lines_get(&d->tgt, line);
	if (ln.n == n && memcmp(ln.p, p, n) == 0)
		return false;
	bool merge_ok = d->merge_ok;
	Buf removed = BUF_INIT;
	apply(d, (Pos){line, 0}, (Pos){line, ln.n}, p, n, &removed);
	truncate_redo(d);
	/* an adjustment of this line already chained to the run: it now
	 * changes the line as it was before the run into this text */
	Change *same = NULL;
	size_t si = 0;
	for (size_t i = d->cur; i > 0 && d->changes.v[i - 1].kind == CH_FOLLOW; i--) {
		Change *c = &d->changes.v[i - 1];
		if (c->at.line == line && c->at.col == 0 && c->chain) {
			same = c;
			si = i - 1;
			break;
		}
	}
	/* the saved state is not one that changing it would rewrite */
	bool saved_inside = d->saved != SIZE_MAX && d->saved > si && d->saved <= d->cur;
	if (same && !saved_inside) {
		buf_clear(&same->ins);
		buf_add(&same->ins, p, n);
	} else {
		Change c;
		memset(&c, 0, sizeof(c));
		c.at = (Pos){line, 0};
		c.del = removed;
		buf_init(&removed);
		buf_add(&c.ins, p, n);
		c.kind = CH_FOLLOW;
		c.chain = true;
		VEC_PUSH(&d->changes, c);
		d->cur++;
	}
	buf_release(&removed);
	d->merge_ok = merge_ok;
	return true;
}

void doc_break_merge(Doc *d)
{
	d->merge_ok = false;
}

void doc_chain_next(Doc *d)
{
	d->chain_next = true;
}

bool doc_undo(Doc *d, Pos *cursor)
{
	if (!d->cur)
		return false;
	bool more;
	Pos at;
	do {
		Change *c = &d->changes.v[d->cur - 1];
		if (c->kind == CH_STATUS) {
			status_apply(d, c, true);
		} else {
			Pos b = pos_after(c->at, c->ins.p, c->ins.len);
			apply(d, c->at, b, c->del.p ? c->del.p : "", c->del.len, NULL);
		}
		at = c->at;
		more = c->chain;
		d->cur--;
	} while (more && d->cur);
	d->merge_ok = false;
	d->chain_next = false;
	if (cursor)
		*cursor = at;
	return true;
}

bool doc_retract(Doc *d, Pos *cursor)
{
	if (!doc_undo(d, cursor))
		return false;
	truncate_redo(d);
	return true;
}

bool doc_redo(Doc *d, Pos *cursor)
{
	if (d->cur >= d->changes.n)
		return false;
	Pos end;
	do {
		Change *c = &d->changes.v[d->cur];
		if (c->kind == CH_STATUS) {
			status_apply(d, c, false);
			end = c->at;
		} else {
			Pos b = pos_after(c->at, c->del.p, c->del.len);
			end = apply(d, c->at, b, c->ins.p ? c->ins.p : "", c->ins.len, NULL);
		}
		d->cur++;
	} while (d->cur < d->changes.n && d->changes.v[d->cur].chain);
	d->merge_ok = false;
	d->chain_next = false;
	if (cursor)
		*cursor = end;
	return true;
}

bool doc_modified(const Doc *d)
{
	return d->cur != d->saved;
}

bool doc_save(Doc *d, Err *e)
{
	doc_disk_hash_step(d, SIZE_MAX);
	if (!d->disk.overwrite && doc_disk_changed(d)) {
		if (d->journal)
			journal_flush(d->journal);
		return err_set(e, EXIT_IOERR, "%s: changed on disk by another program since it was "
		               "loaded; not overwritten", d->path);
	}
	d->disk.overwrite = false;
	Buf out = BUF_INIT;
	lines_serialize(&d->tgt, &out);
	bool ok = journal_save(d->journal, d->path, out.p ? out.p : "", out.len, e);
	if (ok)
		doc_disk_remember(d, out.p ? out.p : "", out.len);
	buf_release(&out);
	if (ok) {
		d->saved = d->cur;
		d->merge_ok = false;
		d->is_new = false;
	}
	return ok;
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
		if (d->th.blocks.v[d->al.v[m].tgt].first <= line) {
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
	if (d->th.file != &d->tgt || d->sh.file != &d->src)
		return err_set(e, EXIT_DATAERR, "doc: the host readings are not of the doc's lines");
	if (!host_check(&d->th, e) || !host_check(&d->sh, e))
		return false;
	if (!align_check(&d->al, &d->sh.blocks, &d->th.blocks, e))
		return false;
	if (d->cur > d->changes.n)
		return err_set(e, EXIT_DATAERR, "doc: cur %zu > %zu changes", d->cur, d->changes.n);
	for (size_t i = 0; i < d->th.blocks.n; i++)
		if (d->th.blocks.v[i].last >= d->tgt.n)
			return err_set(e, EXIT_DATAERR, "doc: block %zu past the end", i);
	size_t eols[3] = {0};
	for (size_t i = 0; i < d->tgt.n; i++)
		eols[lines_line(&d->tgt, i)->eol]++;
	if (memcmp(eols, d->tgt_eols, sizeof(eols)) != 0)
		return err_set(e, EXIT_DATAERR, "doc: terminator counts %zu/%zu/%zu, the lines have %zu/%zu/%zu",
		               d->tgt_eols[0], d->tgt_eols[1], d->tgt_eols[2], eols[0], eols[1], eols[2]);
	return true;
}
