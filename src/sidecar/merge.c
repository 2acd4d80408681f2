/* Saving beside another yeok: the three-way merge of sidecars
 * (include/yeok/sidecar.h, sidecar_merge and sidecar_save). */
#include "sidecar-private.h"

static bool str_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void sidecar_copy(Sidecar *dst, const Sidecar *src)
{
	/* emit and parse are exact inverses (sidecar.h): the copy is what a
	 * save and a load would give */
	Buf b = BUF_INIT;
	sidecar_emit(src, &b);
	Err e;
	err_init(&e);
	if (!sidecar_parse_trusted(b.p, b.len, "copy", dst, &e))
		fatal("BUG: sidecar copy: %s", e.msg);
	buf_release(&b);
}

/* ---- equality of parts ------------------------------------------------------ */

static bool allow_same(const SidecarAllow *a, const SidecarAllow *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i], b->v[i]))
			return false;
	return true;
}

static bool source_same(const SidecarSource *a, const SidecarSource *b)
{
	return a->kind == b->kind && str_same(a->commit, b->commit) && str_same(a->path, b->path) &&
	       !strcmp(a->sha256, b->sha256) && ynode_equal(a->extra, b->extra);
}

static bool seg_same(const SidecarSeg *a, const SidecarSeg *b)
{
	return !strcmp(a->source.hex, b->source.hex) && !strcmp(a->target.hex, b->target.hex) &&
	       a->mark == b->mark && str_same(a->old, b->old) && ynode_equal(a->extra, b->extra);
}

/* The identity of a review entry (what makes it the same entry). */
static bool comment_same_key(const SidecarComment *a, const SidecarComment *b)
{
	return a->line == b->line && a->last == b->last &&
	       !strcmp(a->segment.hex, b->segment.hex) && str_same(a->kind, b->kind) &&
	       str_same(a->text, b->text) && str_same(a->base, b->base) &&
	       str_same(a->head, b->head) && a->pr == b->pr && a->id == b->id &&
	       a->reply_to == b->reply_to && a->github == b->github && a->deleted == b->deleted;
}

static bool comment_same(const SidecarComment *a, const SidecarComment *b)
{
	return comment_same_key(a, b) && str_same(a->state, b->state) &&
	       !strcmp(a->target.hex, b->target.hex) &&
	       ynode_equal(a->extra, b->extra);
}

/* ---- keyed lists ---------------------------------------------------------------
 * An entry's key is its identity plus its rank among the entries of the
 * list with the same identity (duplicate English blocks have one source
 * key: the n-th goes with the n-th). */

typedef bool (*KeyEq)(const void *a, const void *b);

static bool seg_key_eq(const void *a, const void *b)
{
	return !strcmp(((const SidecarSeg *)a)->source.hex, ((const SidecarSeg *)b)->source.hex);
}

static bool comment_key_eq(const void *a, const void *b)
{
	return comment_same_key(a, b);
}

/* Rank of v[i] among the entries of v equal to it under eq. */
static size_t rank_of(const char *v, size_t size, size_t i, KeyEq eq)
{
	size_t r = 0;
	for (size_t j = 0; j < i; j++)
		r += eq(v + j * size, v + i * size);
	return r;
}

/* The entry of v (n entries) with key (x, rank), or -1. */
static long find_key(const char *v, size_t n, size_t size, const void *x, size_t rank, KeyEq eq)
{
	size_t r = 0;
	for (size_t j = 0; j < n; j++) {
		if (!eq(v + j * size, x))
			continue;
		if (r++ == rank)
			return (long)j;
	}
	return -1;
}

/* ---- copying entries ------------------------------------------------------------- */

static SidecarSeg seg_dup(const SidecarSeg *s)
{
	SidecarSeg c = *s;
	c.old = dup_or_null(s->old);
	c.hint = dup_or_null(s->hint); /* theirs is freed after the merge */
	c.extra = ynode_clone(s->extra);
	return c;
}

static void seg_free(SidecarSeg *s)
{
	free(s->old);
	free(s->hint);
	ynode_free(s->extra);
}

static SidecarComment comment_dup(const SidecarComment *s)
{
	SidecarComment c = *s;
	c.text = xstrdup(s->text ? s->text : "");
	c.state = xstrdup(s->state ? s->state : "open");
	c.kind = dup_or_null(s->kind);
	c.base = dup_or_null(s->base);
	c.head = dup_or_null(s->head);
	c.extra = ynode_clone(s->extra);
	return c;
}

static void comment_free(SidecarComment *c)
{
	free(c->text);
	free(c->state);
	free(c->kind);
	free(c->base);
	free(c->head);
	ynode_free(c->extra);
}

/* ---- the merge ------------------------------------------------------------------- */

static void merge_segs(const Sidecar *base, Sidecar *mine, const Sidecar *theirs)
{
	const size_t sz = sizeof(SidecarSeg);
	const char *bv = (const char *)base->segs.v, *mv = (const char *)mine->segs.v,
	           *tv = (const char *)theirs->segs.v;
	size_t bn = base->segs.n, mn = mine->segs.n, tn = theirs->segs.n;
	VEC(SidecarSeg) out = {0};
	/* mine's entries, in mine's order */
	for (size_t i = 0; i < mn; i++) {
		const SidecarSeg *m = &mine->segs.v[i];
		size_t r = rank_of(mv, sz, i, seg_key_eq);
		long b = find_key(bv, bn, sz, m, r, seg_key_eq);
		long t = find_key(tv, tn, sz, m, r, seg_key_eq);
		if (b >= 0 && seg_same(m, &base->segs.v[b])) {
			/* unchanged here: theirs decides (removed when they removed it) */
			if (t >= 0)
				VEC_PUSH(&out, seg_dup(&theirs->segs.v[t]));
		} else {
			VEC_PUSH(&out, seg_dup(m));
		}
	}
	/* entries theirs has and mine has not */
	for (size_t i = 0; i < tn; i++) {
		const SidecarSeg *t = &theirs->segs.v[i];
		size_t r = rank_of(tv, sz, i, seg_key_eq);
		if (find_key(mv, mn, sz, t, r, seg_key_eq) >= 0)
			continue;
		long b = find_key(bv, bn, sz, t, r, seg_key_eq);
		/* in the base and gone from mine: mine removed it, unless they changed it */
		if (b >= 0 && seg_same(t, &base->segs.v[b]))
			continue;
		VEC_PUSH(&out, seg_dup(t));
	}
	for (size_t i = 0; i < mn; i++)
		seg_free(&mine->segs.v[i]);
	VEC_FREE(&mine->segs);
	mine->segs.v = out.v;
	mine->segs.n = out.n;
	mine->segs.cap = out.cap;
}

static void merge_comments(const Sidecar *base, Sidecar *mine, const Sidecar *theirs)
{
	const size_t sz = sizeof(SidecarComment);
	const char *bv = (const char *)base->comments.v, *mv = (const char *)mine->comments.v,
	           *tv = (const char *)theirs->comments.v;
	size_t bn = base->comments.n, mn = mine->comments.n, tn = theirs->comments.n;
	VEC(SidecarComment) out = {0};
	for (size_t i = 0; i < mn; i++) {
		const SidecarComment *m = &mine->comments.v[i];
		size_t r = rank_of(mv, sz, i, comment_key_eq);
		long b = find_key(bv, bn, sz, m, r, comment_key_eq);
		long t = find_key(tv, tn, sz, m, r, comment_key_eq);
		if (b >= 0 && comment_same(m, &base->comments.v[b])) {
			if (t >= 0)
				VEC_PUSH(&out, comment_dup(&theirs->comments.v[t]));
		} else {
			VEC_PUSH(&out, comment_dup(m));
		}
	}
	for (size_t i = 0; i < tn; i++) {
		const SidecarComment *t = &theirs->comments.v[i];
		size_t r = rank_of(tv, sz, i, comment_key_eq);
		if (find_key(mv, mn, sz, t, r, comment_key_eq) >= 0)
			continue;
		long b = find_key(bv, bn, sz, t, r, comment_key_eq);
		if (b >= 0 && comment_same(t, &base->comments.v[b]))
			continue;
		VEC_PUSH(&out, comment_dup(t));
	}
	for (size_t i = 0; i < mn; i++)
		comment_free(&mine->comments.v[i]);
	VEC_FREE(&mine->comments);
	mine->comments.v = out.v;
	mine->comments.n = out.n;
	mine->comments.cap = out.cap;
}

/* A string part: theirs when mine did not change it. */
static void take_str(char **mine, const char *base, const char *theirs)
{
	if (!str_same(*mine, base))
		return;
	char *t = dup_or_null(theirs);
	free(*mine);
	*mine = t;
}

static void take_extra(SidecarExtra **mine, const SidecarExtra *base, const SidecarExtra *theirs)
{
	if (!ynode_equal(*mine, base))
		return;
	ynode_free(*mine);
	*mine = ynode_clone(theirs);
}

void sidecar_merge(const Sidecar *base, Sidecar *mine, const Sidecar *theirs)
{
	if (source_same(&mine->source, &base->source)) {
		const SidecarSource *t = &theirs->source;
		sidecar_set_source(mine, t->kind, t->commit, t->path, t->sha256[0] ? t->sha256 : NULL);
		if (mine->source.sha256[0] && !t->sha256[0])
			mine->source.sha256[0] = '\0';
		ynode_free(mine->source.extra);
		mine->source.extra = ynode_clone(t->extra);
	}
	Checklist *mc = &mine->checklist;
	const Checklist *bc = &base->checklist, *tc = &theirs->checklist;
	if (mc->license == bc->license)
		mc->license = tc->license;
	if (mc->issue == bc->issue)
		mc->issue = tc->issue;
	if (mc->type == bc->type)
		mc->type = tc->type;
	take_extra(&mc->extra, bc->extra, tc->extra);
	take_str(&mine->translator_name, base->translator_name, theirs->translator_name);
	take_str(&mine->translator_url, base->translator_url, theirs->translator_url);
	take_extra(&mine->translator_extra, base->translator_extra, theirs->translator_extra);
	if (mine->cursor_line == base->cursor_line && mine->cursor_column == base->cursor_column) {
		mine->cursor_line = theirs->cursor_line;
		mine->cursor_column = theirs->cursor_column;
	}
	take_extra(&mine->cursor_extra, base->cursor_extra, theirs->cursor_extra);
	take_str(&mine->verdict, base->verdict, theirs->verdict);
	if (allow_same(&base->allow, &mine->allow) && !allow_same(&mine->allow, &theirs->allow)) {
		/* the allow list as a whole (F3 "allow here") */
		for (size_t i = 0; i < mine->allow.n; i++)
			free(mine->allow.v[i]);
		mine->allow.n = 0;
		for (size_t i = 0; i < theirs->allow.n; i++)
			sidecar_allow_add(mine, theirs->allow.v[i]);
	}
	take_extra(&mine->extra, base->extra, theirs->extra);
	merge_segs(base, mine, theirs);
	merge_comments(base, mine, theirs);
}
