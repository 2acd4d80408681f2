/* The one adapter between a document pair and the memory: segment, align,
 * keep the confident prose segments.  When the shared pair builder lands
 * (issue 13) and the .py reader, this file is the only one to change. */
#include "tm-private.h"
#include "yeok/align.h"
#include "yeok/check.h"
#include "yeok/lines.h"
#include "yeok/rst.h"
#include "yeok/text.h"

void tm_pairs_release(TmPairVec *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->v[i].en);
		free(v->v[i].ko);
	}
	VEC_FREE(v);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && !strcmp(s + n - k, suffix);
}

static bool has_hangul(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		int32_t cp;
		i += text_decode(s + i, n - i, &cp);
		if (cp >= 0 && text_is_hangul(cp))
			return true;
	}
	return false;
}

char *tm_blocks_text(const Lines *l, const RstDoc *d, size_t first, size_t n)
{
	Buf b = BUF_INIT;
	for (size_t i = first; i < first + n; i++) {
		if (i > first)
			buf_adds(&b, "\n\n");
		rst_block_text(l, &d->v[i], &b);
	}
	return buf_detach(&b);
}

/* Every block of the side is prose of the first block's kind. */
static bool side_is_prose(const RstDoc *d, size_t first, size_t n, BlockKind kind)
{
	for (size_t i = first; i < first + n; i++)
		if (!rst_kind_is_prose(d->v[i].kind) || d->v[i].kind != kind)
			return false;
	return true;
}

/* The segments with an RST error in the Korean: errors of these checks
 * mean docutils sees something else than the blocks yeok aligned. */
static bool *rst_error_units(const Lines *sl, const RstDoc *sb, const Lines *tl,
                             const RstDoc *tb, const Alignment *al)
{
	bool *bad = xcalloc(al->n + 1, sizeof(bool));
	CheckSet set;
	memset(&set, 0, sizeof(set));
	set.on[CK_TITLE_UNDERLINE] = set.on[CK_MARKUP_SPACING] = true;
	set.on[CK_DIRECTIVE_TRANSLATED] = true;
	CheckDoc d;
	check_doc_init(&d, tl, tb, sl, sb, al, NULL);
	FindingVec fv = {0};
	for (size_t k = 0; k < al->n; k++) {
		check_unit(&d, &set, k, &fv);
		for (size_t i = 0; i < fv.n && !bad[k]; i++)
			bad[k] = fv.v[i].sev == SEV_ERROR;
		findings_clear(&fv);
	}
	VEC_FREE(&fv);
	check_doc_release(&d);
	return bad;
}

bool tm_pairs(const char *path, const char *en, size_t en_n, const char *ko, size_t ko_n,
              TmPairVec *out, size_t *dropped)
{
	if (!ends_with(path, ".rst"))
		return false; /* .py: the .py reader (issue 13) is not there yet */
	Lines sl, tl;
	lines_init(&sl);
	lines_init(&tl);
	lines_parse(&sl, en, en_n);
	lines_parse(&tl, ko, ko_n);
	RstDoc sb, tb;
	rst_init(&sb);
	rst_init(&tb);
	rst_segment(&sl, &sb);
	rst_segment(&tl, &tb);
	Alignment al;
	align_init(&al);
	align_docs(&sl, &sb, &tl, &tb, &al);
	/* Under half of the English found a partner: the Korean is not a
	 * translation of this English (a stub that replaced the tutorial, a
	 * rewrite): nothing of the file is kept. */
	if (align_matched_share(&al, &sb) < 0.5) {
		align_release(&al);
		rst_release(&sb);
		rst_release(&tb);
		lines_release(&sl);
		lines_release(&tl);
		return false;
	}
	bool *bad = rst_error_units(&sl, &sb, &tl, &tb, &al);
	for (size_t k = 0; k < al.n; k++) {
		const Segment *s = &al.v[k];
		if (!rst_kind_is_prose(s->kind))
			continue;
		bool keep = s->src_n >= 1 && s->tgt_n >= 1 && s->src_n <= 2 &&
		            s->tgt_n <= 2 && s->status == ST_DRAFT;
		keep = keep && side_is_prose(&sb, s->src, s->src_n, sb.v[s->src].kind) &&
		       side_is_prose(&tb, s->tgt, s->tgt_n, sb.v[s->src].kind);
		keep = keep && !bad[k] && !(k > 0 && bad[k - 1]) && !bad[k + 1];
		char *e = keep ? tm_blocks_text(&sl, &sb, s->src, s->src_n) : NULL;
		char *t = keep ? tm_blocks_text(&tl, &tb, s->tgt, s->tgt_n) : NULL;
		if (keep) {
			size_t el = strlen(e), tlen = strlen(t);
			keep = el && tlen && el <= TM_MAX_SEG_BYTES && tlen <= TM_MAX_SEG_BYTES &&
			       strcmp(e, t) != 0 && has_hangul(t, tlen) && tm_text_storable(e, el) &&
			       tm_text_storable(t, tlen);
		}
		if (!keep) {
			free(e);
			free(t);
			(*dropped)++;
			continue;
		}
		TmPair p = {e, t, (long)tb.v[s->tgt].text_line + 1, rst_kind_name(s->kind)};
		VEC_PUSH(out, p);
	}
	free(bad);
	align_release(&al);
	rst_release(&sb);
	rst_release(&tb);
	lines_release(&sl);
	lines_release(&tl);
	return true;
}
