/*
 * The memo's lifetime and what tests read of it: its counts and
 * align_memo_same (an update's memo against a fresh one).
 */
#include "align-private.h"

void align_memo_free(AlignMemo *m)
{
	if (!m)
		return;
	free(m->sf);
	free(m->tf);
	pool_free(m->sp);
	pool_free(m->tp);
	VEC_FREE(&m->sa);
	VEC_FREE(&m->ms);
	VEC_FREE(&m->mt);
	VEC_FREE(&m->useg);
	VEC_FREE(&m->upend);
	align_release(&m->hold);
	VEC_FREE(&m->hold_useg);
	free(m->rc);
	free(m);
}

/* A block's tokens may be there in one and not in the other (the whole
 * alignment drops them once a region is aligned, feat_trim; align_update
 * computes them again for the regions it aligns; a code block an edit
 * left unmatched, aligned in a region, then matched again): they are
 * compared where both have them. */
static bool feat_same_kept(const Feat *a, const Feat *b)
{
	if (a->keyed != b->keyed || a->text_hash != b->text_hash || a->code_hash != b->code_hash ||
	    a->nlines != b->nlines || a->kind != b->kind ||
	    a->title_level != b->title_level ||
	    (a->nlines && memcmp(feat_lines(a), feat_lines(b), a->nlines * sizeof(uint32_t)) != 0))
		return false;
	if (a->have != b->have) /* dropped in one (feat_trim): the rest is recomputed */
		return true;
	return a->ntok == b->ntok && a->len == b->len && a->hangul == b->hangul &&
	       a->words == b->words &&
	       (!a->ntok || memcmp(feat_tok(a), feat_tok(b), a->ntok * sizeof(uint32_t)) == 0);
}

/* Two blocks' records and features (NULL: none kept): the same kind and
 * level, and the same features where both have them; a block that is no
 * anchor may have them in one only (dropped once its region was aligned,
 * or kept from an update), an anchor has them in both. */
static bool feat_same(const FeatRec *ra, const Feat *a, const FeatRec *rb, const Feat *b)
{
	if (ra->kind != rb->kind || ra->title_level != rb->title_level)
		return false;
	if (!a || !b)
		return !a == !b || !is_anchor_kind(ra->kind);
	return feat_same_kept(a, b);
}

#define SAME_VEC(x, y) ((x).n == (y).n && (!(x).n || memcmp((x).v, (y).v, (x).n * sizeof(*(x).v)) == 0))

/* Block k's features of records r (of pool p), or NULL. */
static const Feat *rec_feat(const FeatRec *r, const FeatPool *p)
{
	return r->at ? pool_at(p, r->at) : NULL;
}

size_t align_memo_tokened(const AlignMemo *m)
{
	size_t n = 0;
	for (size_t k = 0; m && k < m->sn; k++) {
		const Feat *f = rec_feat(&m->sf[k], m->sp);
		n += f && f->have && f->kind != BK_TITLE;
	}
	for (size_t k = 0; m && k < m->tn; k++) {
		const Feat *f = memo_tfeat(m, k);
		n += f && f->have && f->kind != BK_TITLE;
	}
	return n;
}

size_t align_memo_features(const AlignMemo *m)
{
	return m ? m->sp->n - m->sp->free.n + m->tp->n - m->tp->free.n : 0;
}

size_t align_memo_moved(const AlignMemo *m)
{
	return m ? m->tmoved : 0;
}

bool align_memo_same(const AlignMemo *a, const AlignMemo *b)
{
	if (a->sn != b->sn || a->tn != b->tn || a->tan != b->tan || a->npend != b->npend ||
	    !SAME_VEC(a->sa, b->sa) || !SAME_VEC(a->ms, b->ms) || !SAME_VEC(a->mt, b->mt) ||
	    !SAME_VEC(a->useg, b->useg) || !SAME_VEC(a->upend, b->upend))
		return false;
	for (size_t k = 0; k < a->sn; k++)
		if (!feat_same(&a->sf[k], rec_feat(&a->sf[k], a->sp), &b->sf[k],
		               rec_feat(&b->sf[k], b->sp)))
			return false;
	for (size_t k = 0; k < a->tn; k++)
		if (!feat_same(memo_tf(a, k), memo_tfeat(a, k), memo_tf(b, k), memo_tfeat(b, k)))
			return false;
	return true;
}
