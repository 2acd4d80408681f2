/* The one adapter between a document pair and the memory: read each side
 * in its host format (.rst, sphinx-gallery .py), align, keep the confident
 * prose segments and code comments.  When the shared pair builder lands
 * (issue 13), this file is the only one to change. */
#include "tm-private.h"

#include "yeok/pair.h"
#include "yeok/align.h"
#include "yeok/check.h"
#include "yeok/host.h"
#include "yeok/lines.h"
#include "yeok/rst.h"
#include "yeok/source.h"
#include "yeok/text.h"


void tm_pairs_release(TmPairVec *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->v[i].en);
		free(v->v[i].ko);
	}
	VEC_FREE(v);
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
	pair_blocks_text(l, d, first, n, &b);
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
static bool *rst_error_units(const HostDoc *sh, const HostDoc *th, const Alignment *al)
{
	bool *bad = xcalloc(al->n + 1, sizeof(bool));
	CheckSet set;
	memset(&set, 0, sizeof(set));
	set.on[CK_TITLE_UNDERLINE] = set.on[CK_MARKUP_SPACING] = true;
	set.on[CK_DIRECTIVE_TRANSLATED] = true;
	CheckDoc d;
	check_doc_init(&d, th->text, &th->blocks, sh->text, &sh->blocks, al, NULL);
	if (th->fmt == HOST_PY) {
		d.tgt_host = th;
		d.src_host = sh;
	}
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

static bool storable_pair(const char *e, const char *t)
{
	size_t el = strlen(e), tl = strlen(t);
	return el && tl && el <= TM_MAX_SEG_BYTES && tl <= TM_MAX_SEG_BYTES && strcmp(e, t) != 0 &&
	       has_hangul(t, tl) && !has_hangul(e, el) && tm_text_storable(e, el) &&
	       tm_text_storable(t, tl);
}

/* Comments for tools, not readers. */
static bool tool_comment(Str text)
{
	static const char *const tools[] = {"sphinx_gallery_", "-*-", "!", "noqa", "type:",
	                                    "pylint:", "fmt:", "pragma"};
	for (size_t i = 0; i < ARRAY_LEN(tools); i++)
		if (str_starts_with(text, tools[i]))
			return true;
	return false;
}

/* The code comments of a .py code segment, paired as the checks pair
 * them (host_pair_comments): each English comment with its Korean one. */
static void comment_pairs(const HostDoc *sh, const HostDoc *th, const Segment *s,
                          TmPairVec *out, size_t *dropped)
{
	HostCommentVec sc = {0}, tc = {0};
	for (size_t k = s->src; k < s->src + s->src_n; k++)
		if (host_block_is_cell(&sh->blocks.v[k]))
			host_py_comments(sh->file, sh->blocks.v[k].first, sh->blocks.v[k].last, &sc);
	for (size_t k = s->tgt; k < s->tgt + s->tgt_n; k++)
		if (host_block_is_cell(&th->blocks.v[k]))
			host_py_comments(th->file, th->blocks.v[k].first, th->blocks.v[k].last, &tc);
	size_t *pair = xmalloc((sc.n ? sc.n : 1) * sizeof(size_t));
	host_pair_comments(sh->file, sc.v, sc.n, th->file, tc.v, tc.n, pair);
	for (size_t i = 0; i < sc.n; i++) {
		if (pair[i] == SIZE_MAX)
			continue;
		Str en = host_comment_text(sh->file, &sc.v[i]);
		Str ko = host_comment_text(th->file, &tc.v[pair[i]]);
		if (!en.n || tool_comment(en) || str_eq(en, ko))
			continue;
		char *e = str_dup(en), *t = str_dup(ko);
		if (!storable_pair(e, t)) {
			free(e);
			free(t);
			(*dropped)++;
			continue;
		}
		TmPair p = {e, t, (long)tc.v[pair[i]].line + 1, "comment"};
		VEC_PUSH(out, p);
	}
	free(pair);
	VEC_FREE(&sc);
	VEC_FREE(&tc);
}

/* Is segment g paired one to one with the same kind on both sides (and,
 * for titles, the same level): what the alignment's neighbours must be to
 * confirm a pairing next to an RST error. */
static bool same_shape(const RstDoc *sb, const RstDoc *tb, const Segment *g)
{
	if (g->src_n != 1 || g->tgt_n != 1)
		return false;
	const Block *a = &sb->v[g->src], *b = &tb->v[g->tgt];
	return a->kind == b->kind && (a->kind != BK_TITLE || a->title_level == b->title_level);
}

/* Next to a segment with an RST error in the Korean, segment k is kept
 * when the segments on both sides of it have the same shape (the error
 * did not shift the pairing: a title whose underline is short is still a
 * title beside its English title). */
static bool confirmed(const Alignment *al, const RstDoc *sb, const RstDoc *tb, size_t k)
{
	return (k == 0 || same_shape(sb, tb, &al->v[k - 1])) &&
	       (k + 1 >= al->n || same_shape(sb, tb, &al->v[k + 1]));
}

static size_t chars(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Korean to English length (characters) of each pair, and the file's
 * median of them; pairs of at least TM_RATIO_MIN_CHARS English characters
 * whose ratio is more than TM_RATIO_FAR times from the median are a
 * shifted pairing (the Korean of another block), and dropped.  Measured
 * on ../shared/corpus: the ratio's 10th-90th percentile is 0.49-0.86. */
#define TM_RATIO_MIN_CHARS 24
#define TM_RATIO_FAR 2.5
static size_t drop_far_ratios(TmPairVec *out, size_t from)
{
	size_t n = out->n - from, m = 0;
	double *r = xmalloc((n ? n : 1) * sizeof(double));
	for (size_t i = from; i < out->n; i++)
		if (chars(out->v[i].en) >= TM_RATIO_MIN_CHARS)
			r[m++] = (double)chars(out->v[i].ko) / (double)chars(out->v[i].en);
	size_t dropped = 0;
	if (m >= 5) {
		qsort(r, m, sizeof(double), cmp_double);
		double med = r[m / 2];
		size_t w = from;
		for (size_t i = from; i < out->n; i++) {
			size_t en = chars(out->v[i].en);
			double x = en ? (double)chars(out->v[i].ko) / (double)en : med;
			if (en >= TM_RATIO_MIN_CHARS && med > 0 &&
			    (x > med * TM_RATIO_FAR || x * TM_RATIO_FAR < med)) {
				free(out->v[i].en);
				free(out->v[i].ko);
				dropped++;
			} else {
				out->v[w++] = out->v[i];
			}
		}
		out->n = w;
	}
	free(r);
	return dropped;
}

/* long: the one pass over a file's segments, each rule a line or two */
bool tm_pairs(const char *path, const char *en, size_t en_n, const char *ko, size_t ko_n,
              TmPairVec *out, size_t *dropped)
{
	HostFormat fmt = host_format_of_path(path);
	DocPair pr; /* the pair every command reads (pair.h) */
	pair_init(&pr);
	pair_from_texts(&pr, fmt, ko, ko_n, en, en_n);
	const HostDoc *sh = &pr.src_host, *th = &pr.tgt_host;
	const RstDoc *sb = pr.sb, *tb = pr.tb;
	const Alignment *al = &pr.al;
	/* Under half of the English found a partner: the Korean is not a
	 * translation of this English (a stub that replaced the tutorial, a
	 * rewrite): nothing of the file is kept. */
	bool trusted = align_matched_share(al, sb) >= 0.5;
	bool *bad = trusted ? rst_error_units(sh, th, al) : NULL;
	/* an English older than the Korean (source-stale): the segments whose
	 * URLs or literals differ pair old English with new Korean */
	SourceStale stale;
	source_stale_init(&stale);
	if (trusted)
		source_stale_measure(sh->text, sb, th->text, tb, &stale);
	size_t first = out->n;
	for (size_t k = 0; trusted && k < al->n; k++) {
		const Segment *s = &al->v[k];
		if (fmt == HOST_PY && s->src_n && s->tgt_n && host_block_is_cell(&sb->v[s->src]) &&
		    host_block_is_cell(&tb->v[s->tgt])) {
			comment_pairs(sh, th, s, out, dropped);
			continue;
		}
		if (!rst_kind_is_prose(s->kind))
			continue;
		bool keep = s->src_n >= 1 && s->tgt_n >= 1 && s->src_n <= 2 && s->tgt_n <= 2 &&
		            s->status == ST_DRAFT;
		keep = keep && side_is_prose(sb, s->src, s->src_n, sb->v[s->src].kind) &&
		       side_is_prose(tb, s->tgt, s->tgt_n, sb->v[s->src].kind);
		/* a title beside a title of another level: a shifted pairing */
		keep = keep && !(s->kind == BK_TITLE && s->src_n == 1 && s->tgt_n == 1 &&
		                 sb->v[s->src].title_level != tb->v[s->tgt].title_level);
		bool near = (k > 0 && bad[k - 1]) || bad[k + 1];
		keep = keep && !bad[k] && (!near || confirmed(al, sb, tb, k));
		keep = keep && !source_stale_blocks_differ(&stale, th->text, tb, s->tgt, s->tgt_n, true) &&
		       !source_stale_blocks_differ(&stale, sh->text, sb, s->src, s->src_n, false);
		char *e = keep ? tm_blocks_text(sh->text, sb, s->src, s->src_n) : NULL;
		char *t = keep ? tm_blocks_text(th->text, tb, s->tgt, s->tgt_n) : NULL;
		if (!keep || !storable_pair(e, t)) {
			free(e);
			free(t);
			(*dropped)++;
			continue;
		}
		TmPair p = {e, t, (long)tb->v[s->tgt].text_line + 1, rst_kind_name(s->kind)};
		VEC_PUSH(out, p);
	}
	*dropped += drop_far_ratios(out, first);
	source_stale_release(&stale);
	free(bad);
	pair_release(&pr);
	return trusted;
}
