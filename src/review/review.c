/* Changed segments between two revisions (see include/yeok/review.h). */
#include "yeok/review.h"

#include "yeok/diff.h"
#include "yeok/pair.h"
#include "yeok/sync.h"
#include "yeok/text.h"

void review_init(Review *r)
{
	memset(r, 0, sizeof(*r));
	lines_init(&r->src);
	lines_init(&r->base);
	lines_init(&r->head);
	host_init(&r->src_host);
	host_init(&r->head_host);
	host_rebind(&r->src_host, &r->src);
	host_rebind(&r->head_host, &r->head);
	align_init(&r->al);
}

void review_release(Review *r)
{
	lines_release(&r->src);
	lines_release(&r->base);
	lines_release(&r->head);
	host_release(&r->src_host);
	host_release(&r->head_host);
	align_release(&r->al);
	free(r->head_changed);
	free(r->base_deleted);
	free(r->hunks.v);
	free(r->v);
	review_init(r);
}

static uint64_t *line_hashes(const Lines *l)
{
	uint64_t *h = xcalloc(l->n + 1, sizeof(uint64_t));
	for (size_t i = 0; i < l->n; i++) {
		Str s = str_trim_right(lines_get(l, i));
		h[i] = hash_fnv1a(s.p, s.n);
	}
	return h;
}

static bool has_hangul(const Lines *l, size_t first, size_t last)
{
	for (size_t i = first; i <= last && i < l->n; i++) {
		Str s = lines_get(l, i);
		for (size_t k = 0; k < s.n;) {
			int32_t cp;
			k += text_decode(s.p + k, s.n - k, &cp);
			if (cp >= 0 && text_is_hangul(cp))
				return true;
		}
	}
	return false;
}

/* Where every line of the segment is unchanged or edited in place, its
 * old text is those base lines alone, not all the base lines between its
 * unchanged neighbours (two list items edited one after the other are two
 * changes, each with its own old line). */
static void own_old_lines(const long *base_of, const long *pair_of, size_t first,
                                 size_t last, ReviewChange *c)
{
	long lo = -1, hi = -1;
	bool paired = false;
	for (size_t i = first; i <= last; i++) {
		long b = base_of[i] >= 0 ? base_of[i] : pair_of[i];
		if (b < 0)
			return;
		paired = paired || pair_of[i] >= 0;
		lo = lo < 0 || b < lo ? b : lo;
		hi = b > hi ? b : hi;
	}
	if (!paired)
		return;
	c->base_first = (size_t)lo;
	c->base_last = (size_t)hi;
}

/* The head's lines against the base's, from a line diff. */
typedef struct LineMap {
	bool *deleted_before; /* lines deleted before head line i */
	long *base_of;        /* an unchanged line's base line, else -1 */
	long *pair_of;        /* a line edited in place: its base line, else -1 */
	long *head_of;        /* per base line: its head line when unchanged, else -1 */
	Diff d;               /* the diff itself */
} LineMap;

static bool blank_line(const Lines *l, size_t i)
{
	return str_trim(lines_get(l, i)).n == 0;
}

/* r->head_changed, r->base_deleted and m from a diff of base and head. */
static void line_map(Review *r, LineMap *m)
{
	size_t hn = r->head.n, bn = r->base.n;
	uint64_t *hb = line_hashes(&r->base), *hh = line_hashes(&r->head);
	memset(&m->d, 0, sizeof(m->d));
	diff_seq(hb, bn, hh, hn, 20000, &m->d);
	free(hb);
	free(hh);
	/* per head line: changed?  and the base line of each unchanged one */
	r->head_changed = xcalloc(hn + 1, sizeof(bool));
	r->base_deleted = xcalloc(bn + 1, sizeof(bool));
	m->deleted_before = xcalloc(hn + 1, sizeof(bool));
	long *base_of = m->base_of = xcalloc(hn + 1, sizeof(long));
	long *pair_of = m->pair_of = xcalloc(hn + 1, sizeof(long));
	long *head_of = m->head_of = xcalloc(bn + 1, sizeof(long));
	for (size_t i = 0; i < hn; i++)
		base_of[i] = pair_of[i] = -1;
	for (size_t i = 0; i < bn; i++)
		head_of[i] = -1;
	const Diff *d = &m->d;
	for (size_t i = 0; i < d->n; i++) {
		const DiffOp *op = &d->v[i];
		const DiffOp *next = i + 1 < d->n ? &d->v[i + 1] : NULL;
		if (next && op->kind != DIFF_SAME && next->kind != DIFF_SAME &&
		    op->kind != next->kind && op->len == next->len) {
			/* k lines replaced by k lines: each line edited in place */
			const DiffOp *del = op->kind == DIFF_DEL ? op : next;
			const DiffOp *ins = op->kind == DIFF_INS ? op : next;
			for (size_t k = 0; k < ins->len; k++)
				pair_of[ins->b_pos + k] = (long)(del->a_pos + k);
		}
		if (op->kind == DIFF_SAME)
			for (size_t k = 0; k < op->len; k++) {
				base_of[op->b_pos + k] = (long)(op->a_pos + k);
				head_of[op->a_pos + k] = (long)(op->b_pos + k);
			}
		else if (op->kind == DIFF_INS)
			for (size_t k = 0; k < op->len; k++)
				r->head_changed[op->b_pos + k] = true;
		else
			for (size_t k = 0; k < op->len; k++)
				r->base_deleted[op->a_pos + k] = true;
	}
	/* a line edited in place is not deleted */
	for (size_t i = 0; i < hn; i++)
		if (pair_of[i] >= 0)
			r->base_deleted[pair_of[i]] = false;
}

/* deleted_before from the diff's deletions, but for those that only
 * removed whole blocks (block_del: they are changes of their own). */
static void mark_deleted_before(const Review *r, LineMap *m, const bool *block_del)
{
	size_t hn = r->head.n;
	for (size_t i = 0; i < m->d.n; i++) {
		const DiffOp *op = &m->d.v[i];
		if (op->kind != DIFF_DEL)
			continue;
		bool own = false;
		for (size_t k = 0; k < op->len && !own; k++)
			own = !block_del[op->a_pos + k] && !blank_line(&r->base, op->a_pos + k);
		bool any_block = false;
		for (size_t k = 0; k < op->len && !any_block; k++)
			any_block = block_del[op->a_pos + k];
		if (own || !any_block)
			m->deleted_before[MIN(op->b_pos, hn)] = true;
	}
}

typedef VEC(ReviewChange) ChangeVec;

/* The head line the base lines after `last` continue at (the last head
 * line when nothing of the base after it is in the head). */
static size_t head_after(const Review *r, const LineMap *m, size_t last)
{
	for (size_t b = last + 1; b < r->base.n; b++)
		if (m->head_of[b] >= 0)
			return (size_t)m->head_of[b];
	return r->head.n ? r->head.n - 1 : 0;
}

/* Whole blocks of the base deleted in the head (block_del marks their
 * lines): the base aligned with the English; a deleted block whose English
 * has no Korean in the head is a deletion beside that English; a Korean
 * block without English, a deletion of its own where nothing was inserted
 * in its place. */
static void find_deletions(Review *r, const LineMap *m, HostFormat fmt, const char *src,
                           size_t src_n, const char *base, size_t base_n, bool *block_del,
                           ChangeVec *out)
{
	DocPair bp;
	pair_init(&bp);
	pair_from_texts(&bp, fmt, base, base_n, src, src_n);
	size_t ns = r->src_host.blocks.n;
	size_t *seg_of_src = xcalloc(ns + 1, sizeof(size_t));
	for (size_t k = 0; k < ns; k++)
		seg_of_src[k] = REVIEW_NO_SEG;
	for (size_t s = 0; s < r->al.n; s++)
		for (size_t k = r->al.v[s].src; k < r->al.v[s].src + r->al.v[s].src_n && k < ns; k++)
			seg_of_src[k] = s;
	for (size_t s = 0; s < bp.al.n; s++) {
		const Segment *bs = &bp.al.v[s];
		size_t f, l;
		if (!align_tgt_lines(bs, bp.tb, &f, &l) || l >= r->base.n)
			continue;
		bool all = true, text = false;
		for (size_t i = f; i <= l && all; i++) {
			bool b = blank_line(&r->base, i);
			text = text || !b;
			all = b || r->base_deleted[i];
		}
		if (!all || !text)
			continue;
		size_t pos = head_after(r, m, l), hseg = REVIEW_NO_SEG;
		if (bs->src_n) {
			hseg = bs->src < ns ? seg_of_src[bs->src] : REVIEW_NO_SEG;
			/* its English has Korean in the head: replaced, not deleted */
			if (hseg == REVIEW_NO_SEG || r->al.v[hseg].tgt_n)
				continue;
		} else if (r->head.n && ((pos > 0 && r->head_changed[pos - 1]) || r->head_changed[pos])) {
			continue; /* something was written in its place */
		}
		ReviewChange c = {hseg, pos, pos, has_hangul(&r->base, f, l), f, l, true};
		for (size_t i = f; i <= l; i++)
			block_del[i] = true;
		VEC_PUSH(out, c);
	}
	free(seg_of_src);
	pair_release(&bp);
}

/* ---- hunks ---------------------------------------------------------------- */

static long num(const char **p, const char *end)
{
	long v = 0;
	bool any = false;
	while (*p < end && **p >= '0' && **p <= '9' && v < 100000000L) {
		v = v * 10 + (**p - '0');
		(*p)++;
		any = true;
	}
	return any ? v : -1;
}

/* "-A[,B]" or "+A[,B]" at *p: start and count (count 1 when absent). */
static bool range(const char **p, const char *end, char sign, long *start, long *count)
{
	if (*p >= end || **p != sign)
		return false;
	(*p)++;
	*start = num(p, end);
	*count = 1;
	if (*p < end && **p == ',') {
		(*p)++;
		*count = num(p, end);
	}
	return *start >= 0 && *count >= 0;
}

void review_hunks_parse(const char *diff, size_t n, ReviewHunks *out)
{
	const char *p = diff, *end = diff + n;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		if (le - p > 4 && !memcmp(p, "@@ ", 3)) {
			const char *q = p + 3;
			ReviewHunk h;
			if (range(&q, le, '-', &h.old_start, &h.old_count) && q < le && *q++ == ' ' &&
			    range(&q, le, '+', &h.new_start, &h.new_count) && q + 2 < le &&
			    !memcmp(q, " @@", 3))
				VEC_PUSH(out, h);
		}
		p = nl ? nl + 1 : end;
	}
}

long review_hunk_of(const ReviewHunks *h, bool left, long first, long last)
{
	for (size_t i = 0; i < h->n; i++) {
		long s = left ? h->v[i].old_start : h->v[i].new_start;
		long c = left ? h->v[i].old_count : h->v[i].new_count;
		if (c > 0 && first >= s && last <= s + c - 1 && first <= last)
			return (long)i;
	}
	return -1;
}

/* The hunks of d with `context` lines around each change, merged as git
 * merges them (when at most 2 * context unchanged lines lie between). */
static void hunks_of_diff(const Diff *d, size_t na, size_t nb, size_t context, ReviewHunks *out)
{
	size_t i = 0;
	while (i < d->n) {
		while (i < d->n && d->v[i].kind == DIFF_SAME)
			i++;
		if (i >= d->n)
			break;
		/* changes from i to j (inclusive), with short SAME runs inside */
		size_t j = i;
		for (size_t k = i + 1; k < d->n; k++) {
			if (d->v[k].kind != DIFF_SAME) {
				j = k;
				continue;
			}
			if (k + 1 >= d->n || d->v[k].len > 2 * context)
				break;
		}
		const DiffOp *a = &d->v[i], *b = &d->v[j];
		size_t a0 = a->a_pos, b0 = a->b_pos;
		size_t a1 = b->a_pos + (b->kind == DIFF_DEL ? b->len : 0);
		size_t b1 = b->b_pos + (b->kind == DIFF_INS ? b->len : 0);
		a1 = MIN(a1, na);
		b1 = MIN(b1, nb);
		size_t pre = MIN(context, MIN(a0, b0));
		size_t post = MIN(context, MIN(na - a1, nb - b1));
		ReviewHunk h = {(long)(a0 - pre) + 1, (long)(a1 - a0 + pre + post),
		                (long)(b0 - pre) + 1, (long)(b1 - b0 + pre + post)};
		/* git numbers an empty side by the line before it */
		if (!h.old_count)
			h.old_start--;
		if (!h.new_count)
			h.new_start--;
		VEC_PUSH(out, h);
		i = j + 1;
	}
}

/* Lines as git counts them: the empty "line" after a final newline is none. */
static size_t real_lines(const Lines *l)
{
	return l->n && !lines_get(l, l->n - 1).n ? l->n - 1 : l->n;
}

static void take_first(Review *r, ChangeVec *dels)
{
	VEC_PUSH(r, dels->v[0]);
	memmove(dels->v, dels->v + 1, (dels->n - 1) * sizeof(dels->v[0]));
	dels->n--;
}

void review_compute(Review *r, const char *path, const char *src, size_t src_n,
                    const char *base, size_t base_n, const char *head, size_t head_n)
{
	review_release(r);
	/* source <-> head: the pair every command builds */
	DocPair p;
	pair_init(&p);
	pair_from_texts(&p, host_format_of_path(path), head, head_n, src, src_n);
	r->src = p.src_file;
	r->head = p.tgt_file;
	r->src_host = p.src_host;
	r->head_host = p.tgt_host;
	r->al = p.al;
	host_rebind(&r->src_host, &r->src);
	host_rebind(&r->head_host, &r->head);
	lines_init(&p.src_file);
	lines_init(&p.tgt_file);
	host_init(&p.src_host);
	host_init(&p.tgt_host);
	align_init(&p.al);
	pair_release(&p);
	lines_parse(&r->base, base, base_n);

	size_t hn = r->head.n, bn = r->base.n;
	LineMap m;
	line_map(r, &m);
	bool *block_del = xcalloc(bn + 1, sizeof(bool));
	ChangeVec dels = {0};
	find_deletions(r, &m, r->head_host.fmt, src, src_n, base, base_n, block_del, &dels);
	mark_deleted_before(r, &m, block_del);
	free(block_del);
	bool *deleted_before = m.deleted_before;
	long *base_of = m.base_of, *pair_of = m.pair_of;

	for (size_t s = 0; s < r->al.n; s++) {
		size_t first, last;
		if (!align_tgt_lines(&r->al.v[s], &r->head_host.blocks, &first, &last))
			continue;
		/* the segment's lines run to the line before the next block */
		size_t end = last;
		if (s + 1 < r->al.n) {
			size_t nf, nl;
			for (size_t t = s + 1; t < r->al.n; t++)
				if (align_tgt_lines(&r->al.v[t], &r->head_host.blocks, &nf, &nl)) {
					end = nf > 0 ? nf - 1 : 0;
					break;
				}
		} else {
			end = hn - 1;
		}
		if (end < last)
			end = last;
		bool changed = false;
		for (size_t i = first; i <= end && !changed; i++)
			changed = r->head_changed[i] || (i > first && deleted_before[i]);
		if (!changed && deleted_before[first] && first > 0 && !r->head_changed[first - 1])
			changed = true; /* lines removed right at the start of the segment */
		if (!changed)
			continue;
		ReviewChange c = {s, first, last, false, 1, 0, false};
		/* base lines between the unchanged neighbours of the segment */
		long lo = -1, hi = (long)bn;
		for (size_t i = first; i-- > 0;)
			if (base_of[i] >= 0) {
				lo = base_of[i];
				break;
			}
		for (size_t i = last + 1; i < hn; i++)
			if (base_of[i] >= 0) {
				hi = base_of[i];
				break;
			}
		if (hi - lo > 1) {
			c.base_first = (size_t)(lo + 1);
			c.base_last = (size_t)(hi - 1);
		}
		own_old_lines(base_of, pair_of, first, last, &c);
		if (c.base_first <= c.base_last && c.base_last < bn)
			c.has_old = has_hangul(&r->base, c.base_first, c.base_last);
		/* the deletions before this change come first */
		while (dels.n && dels.v[0].head_first <= first)
			take_first(r, &dels);
		VEC_PUSH(r, c);
	}
	while (dels.n)
		take_first(r, &dels);
	VEC_FREE(&dels);
	hunks_of_diff(&m.d, real_lines(&r->base), real_lines(&r->head), 3, &r->hunks);
	diff_release(&m.d);
	free(m.head_of);
	free(base_of);
	free(pair_of);
	free(deleted_before);
}

size_t review_drop_carried(Review *r, const char *base_src, size_t n)
{
	Lines bs;
	lines_init(&bs);
	lines_parse(&bs, base_src, n);
	bool *carried = xcalloc(r->al.n + 1, sizeof(bool));
	/* the base is read in the host format the head was */
	sync_carried(r->src_host.text, &r->src_host.blocks, r->head_host.text, &r->head_host.blocks, &r->al, &bs, &r->base,
	             r->head_host.fmt, carried);
	size_t k = 0;
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].deleted || !carried[r->v[i].seg])
			r->v[k++] = r->v[i];
	size_t dropped = r->n - k;
	r->n = k;
	free(carried);
	lines_release(&bs);
	return dropped;
}

long review_find_line(const Review *r, size_t line)
{
	for (size_t i = 0; i < r->n; i++)
		if (!r->v[i].deleted && line >= r->v[i].head_first && line <= r->v[i].head_last)
			return (long)i;
	return -1;
}
