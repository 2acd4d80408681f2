/* Term renderings inferred from the aligned segments of a document: which
 * Korean word renders which English word where the file writes no
 * 한글(English) gloss.
 *
 * An English word of the source's prose (4 letters or more, no function
 * word, plural folded) that recurs in several segments, and a Korean word
 * of the target (particle or 하다 ending stripped) that occurs mostly in the
 * segments of that English word, are associated by their Dice coefficient
 * over segments: 2·|E∩K| / (|E| + |K|).  The consistency check uses the
 * result (checks-consistency.c): one English word rendered two ways, and
 * the 한글(영어) first-occurrence rule for words the glossary has no row
 * for.  Linear in the document (at most SEG_WORDS words a side of a
 * segment are paired). */
#include "check-private.h"

#define SEG_WORDS 64

/* English words of no terminological interest (function words and the
 * commonest verbs and adjectives of tutorials). */
static const char *const stop_words[] = {
	"this", "that", "with", "from", "have", "will", "which", "when", "where", "there",
	"their", "these", "those", "into", "your", "also", "about", "only", "some", "more",
	"most", "than", "then", "them", "they", "what", "each", "such", "using", "used", "other",
	"over", "make", "made", "very", "just", "like", "been", "being", "were", "does", "done",
	"here", "should", "would", "could", "must", "shown", "show", "first", "second", "next",
	"following", "example", "well", "after", "before", "both", "many", "much", "need",
	"through", "while", "within", "without", "because", "since", "same", "different", "even",
	"under", "between", "during", "provide", "provided", "based", "allow", "another", "every",
	"take", "want", "into", "onto", "upon", "above", "below", "below", "again", "once", "note",
	"able", "same", "last", "less", "large", "small", "good", "better", "best", "simple",
	"simply", "easily", "quite", "often", "always", "usually", "really", "already", "still",
	"tutorial", "section", "following", "below", "across", "along", "among", "around",
	"however", "therefore", "thus", "though", "although", "whether", "either", "neither",
	"know", "look", "find", "give", "gives", "given", "call", "called", "work", "works",
	"learn", "code", "line", "lines", "number", "part", "case", "time", "times", "step",
	"steps", "like", "help", "helps", "uses", "could", "might", "shall", "must", "sure",
};

static bool is_stop(const char *s, size_t n)
{
	static WordSet set = WORD_SET(stop_words); /* hashed, not compared with each */
	return n && word_set_has(&set, s, n);
}

static bool lower(char c)
{
	return c >= 'a' && c <= 'z';
}

static bool letter(char c)
{
	return lower(c) || (c >= 'A' && c <= 'Z');
}

/* Is c a character that makes the word next to it code (torch.nn, a_b,
 * f(x), x1)? */
static bool code_glue(char c)
{
	return letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == 1 || c == '=' ||
	       c == '/' || c == '\\';
}

/* Call fn for each English word of the masked text m[0..n): a letter run
 * written as prose (lower case, or one capital first), not touching code,
 * of 4 letters or more, no stop word; lower-cased, a plural's -s or -ies
 * folded.  off: where the word starts. */
typedef void (*WordFn)(void *ctx, const char *w, size_t wn, size_t off);

static void infer_en_words(const char *m, size_t n, WordFn fn, void *ctx)
{
	for (size_t i = 0; i < n; i++) {
		if (!letter(m[i]) || (i > 0 && code_glue(m[i - 1])))
			continue;
		size_t e = i + 1;
		bool camel = false;
		while (e < n && letter(m[e])) {
			camel |= !lower(m[e]);
			e++;
		}
		size_t len = e - i;
		bool code = e < n && (code_glue(m[e]) || m[e] == '(');
		if (e < n && m[e] == '.' && (e + 1 == n || !letter(m[e + 1])))
			code = false; /* a sentence's full stop */
		if (!code && !camel && len >= 4 && len < 40) {
			char w[48];
			for (size_t k = 0; k < len; k++)
				w[k] = (char)(m[i + k] | 0x20);
			if (len > 4 && memcmp(w + len - 3, "ies", 3) == 0) {
				w[len - 3] = 'y';
				len -= 2;
			} else if (w[len - 1] == 's' && w[len - 2] != 's' && w[len - 2] != 'u' &&
			           w[len - 2] != 'i') {
				len--;
			}
			if (!is_stop(w, len))
				fn(ctx, w, len, i);
		}
		i = e;
	}
}

/* The Korean words of the masked text: Hangul runs, a particle (들 and a
 * particle) or a 하다/되다 ending stripped; stems of two syllables or
 * more. */
typedef void (*StemFn)(void *ctx, const char *w, size_t wn, size_t run);

static size_t ko_stem(const char *s, size_t n)
{
	size_t st;
	if (check_is_hada_form(s, n, &st))
		return st;
	for (size_t k = 6; k < n; k += 3) {
		if (ko_is_particle(s + k, n - k)) {
			if (k >= 9 && memcmp(s + k - 3, "들", 3) == 0)
				return k - 3;
			return k;
		}
	}
	if (n >= 9 && memcmp(s + n - 3, "들", 3) == 0)
		return n - 3;
	return n;
}

typedef struct StemCtx {
	StemFn fn;
	void *ctx;
} StemCtx;

static void stem_run(void *ctx, const char *w, size_t n)
{
	const StemCtx *c = ctx;
	size_t st = ko_stem(w, n);
	if (st >= 6)
		c->fn(c->ctx, w, st, n);
}

static void infer_ko_words(const char *m, size_t n, StemFn fn, void *ctx)
{
	StemCtx c = {fn, ctx};
	ko_each_run(m, n, stem_run, &c);
}

/* ---- the tables -------------------------------------------------------------- */

typedef VEC(uint32_t) IdVec;

/* The words of the segment being gathered (scratch, reused). */
typedef struct Gather {
	IdVec en, ko, kept; /* distinct ids, at most SEG_WORDS each */
	size_t kept_line;   /* a target line where an English word is kept */
} Gather;

/* ids [at, at + n) of Tables.ids, in one of its chunks */
typedef struct IdSpan {
	uint32_t at, n;
} IdSpan;

/* A gathered segment: its ids kept in one array for all segments (at 1M
 * lines a vector of its own for each side of each segment was 30 MB, the
 * segments' table 23 MB), its English, Korean and kept ids one after the
 * other from at (seg_en, seg_ko, seg_kept); 16 bytes (40 with a span of
 * each: 11.4 MB at 1M lines, held with the ids while the pairs are
 * counted). */
typedef struct Seg {
	uint32_t unit;
	uint32_t kept_line;   /* a target line where an English word is kept */
	uint32_t at;          /* the first of its ids */
	uint8_t en_n, ko_n, kept_n; /* distinct ids, at most SEG_WORDS each */
} Seg;
_Static_assert(sizeof(Seg) == 16, "Seg is 16 bytes");
_Static_assert(SEG_WORDS <= UINT8_MAX, "a side's ids are counted in a byte");

static IdSpan seg_en(const Seg *g)
{
	return (IdSpan){g->at, g->en_n};
}

static IdSpan seg_ko(const Seg *g)
{
	return (IdSpan){g->at + g->en_n, g->ko_n};
}

static IdSpan seg_kept(const Seg *g)
{
	return (IdSpan){g->at + g->en_n + g->ko_n, g->kept_n};
}

typedef struct Tables {
	CountMap en_id, ko_id; /* word -> id + 1 */
	VEC(char *) en, ko;    /* id -> word (borrowed from the maps' keys: copies) */
	VEC(size_t) en_n, ko_n;
	PairMap pair;          /* (e, k) -> segments with both, e not kept */
	PairMap kpair;         /* (e, k) -> segments with both, e kept */
	VEC(size_t) en_kept;   /* id -> segments keeping it in English */
	VEC(Seg) seg;
	/* the segments' ids (Seg's spans): id k in ids.v[k >> shift] at
	 * k & mask, a segment's ids in one chunk of 2^shift (infer_ids_shift)
	 * starting at a multiple of it; one growing array was copied whole when
	 * it doubled (at 1M lines 2M ids to 4M: 8 MB, 1.4-5.6 ms in one slice
	 * of the idle index build) */
	VEC(uint32_t *) ids;
	size_t ids_n;          /* the next id's place */
	unsigned ids_shift;
	VEC(bool) ko_noun;     /* id -> seen with an ending stripped */
	/* filled per block while gathering */
	Gather *cur;
	Gather scratch;        /* what cur points to */
	const Joined *j;
	const char *m;         /* the block's mask */
	size_t at, depth;      /* parentheses open before m[at] */
} Tables;

static size_t intern(CountMap *ids, void *names_vec, const char *w, size_t n)
{
	VEC(char *) *names = names_vec;
	size_t id = countmap_get(ids, w, n);
	if (id)
		return id - 1;
	countmap_add(ids, w, n, names->n + 1);
	VEC_PUSH(names, xmemdup0(w, n));
	return names->n - 1;
}

static bool has_id(const IdVec *v, size_t id)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->v[i] == id)
			return true;
	return false;
}

/* The chunk size's log 2: 16 (256 KiB chunks), smaller in a test (a
 * chunk holds a segment's ids: 3 * SEG_WORDS at most). */
unsigned infer_ids_shift = 16;

static uint32_t *ids_at(const Tables *t, size_t k)
{
	return t->ids.v[k >> t->ids_shift] + (k & (((size_t)1 << t->ids_shift) - 1));
}

/* Room for n more ids in the current chunk: else the next chunk, begun. */
static void ids_room(Tables *t, size_t n)
{
	size_t size = (size_t)1 << t->ids_shift, c = t->ids_n >> t->ids_shift;
	BUG_ON(n > size);
	if (c < t->ids.n && (t->ids_n & (size - 1)) + n > size)
		t->ids_n = ++c << t->ids_shift;
	if (c == t->ids.n)
		VEC_PUSH(&t->ids, xmalloc(size * sizeof(uint32_t)));
	/* ids need >= 4 bytes of text each; a chunk wastes less than n */
	BUG_ON(t->ids_n > UINT32_MAX - size);
}

static void ids_free(Tables *t)
{
	for (size_t i = 0; i < t->ids.n; i++)
		free(t->ids.v[i]);
	VEC_FREE(&t->ids);
	t->ids_n = 0;
}

/* Is id among the ids of span s? */
static bool span_has(const Tables *t, IdSpan s, size_t id)
{
	const uint32_t *v = s.n ? ids_at(t, s.at) : NULL;
	for (uint32_t i = 0; i < s.n; i++)
		if (v[i] == id)
			return true;
	return false;
}

static size_t span_id(const Tables *t, IdSpan s, uint32_t i)
{
	return *ids_at(t, (size_t)s.at + i);
}

/* The ids of v appended to t->ids (ids_room made room for them): their span. */
static IdSpan span_add(Tables *t, const IdVec *v)
{
	IdSpan sp = {(uint32_t)t->ids_n, (uint32_t)v->n};
	if (v->n)
		memcpy(ids_at(t, t->ids_n), v->v, v->n * sizeof(uint32_t));
	t->ids_n += v->n;
	return sp;
}

static void id_add(IdVec *v, size_t id)
{
	BUG_ON(id > UINT32_MAX);
	for (size_t i = 0; i < v->n; i++)
		if (v->v[i] == id)
			return;
	if (v->n < SEG_WORDS)
		VEC_PUSH(v, (uint32_t)id);
}

static void on_src_word(void *ctx, const char *w, size_t wn, size_t off)
{
	(void)off;
	Tables *t = ctx;
	size_t id = intern(&t->en_id, &t->en, w, wn);
	id_add(&t->cur->en, id);
}

/* An English word of the source left in English in the Korean as a word
 * of the sentence: written in lower case, outside parentheses (a gloss),
 * a particle or a Korean word right after it (device를, meta 장치). */
static void on_tgt_en(void *ctx, const char *w, size_t wn, size_t off)
{
	Tables *t = ctx;
	const char *m = t->m;
	size_t n = t->j->text.len;
	for (; t->at < off; t->at++) {
		t->depth += m[t->at] == '(';
		if (m[t->at] == ')' && t->depth)
			t->depth--;
	}
	size_t id = countmap_get(&t->en_id, w, wn);
	size_t e = off;
	while (e < n && letter(m[e]))
		e++;
	if (!id || t->depth || !lower(m[off]))
		return;
	if (!ko_syllable(check_cp_at(m, n, e)) &&
	    !(e + 1 < n && m[e] == ' ' && ko_syllable(check_cp_at(m, n, e + 1))))
		return;
	if (!has_id(&t->cur->en, id - 1))
		return;
	size_t line, byte;
	joined_pos(t->j, off, &line, &byte);
	if (!t->cur->kept.n)
		t->cur->kept_line = line;
	id_add(&t->cur->kept, id - 1);
}

static void on_tgt_ko(void *ctx, const char *w, size_t wn, size_t run)
{
	Tables *t = ctx;
	size_t id = intern(&t->ko_id, &t->ko, w, wn);
	while (t->ko_noun.n <= id)
		VEC_PUSH(&t->ko_noun, false);
	/* a noun: seen with a particle or a 하다 ending at least once, and no
	 * particle itself (에서, 전에) */
	if (run > wn && !ko_is_particle(w, wn))
		t->ko_noun.v[id] = true;
	id_add(&t->cur->ko, id);
}

/* The masked prose of block b of doc (prose, or a literal block's
 * comments); false when it has none. */
static bool block_prose(const Lines *l, const RstDoc *doc, const Block *b, Joined *j, Buf *mask)
{
	if (b->kind == BK_LITERAL) {
		if (!comment_text(l, doc, b, j))
			return false;
		buf_clear(mask);
		buf_add(mask, j->text.p, j->text.len);
	} else if (rst_kind_is_prose(b->kind)) {
		joined_block(l, b, j);
		InlineVec inl = {0};
		prose_mask(j->text.p, j->text.len, mask, &inl);
		VEC_FREE(&inl);
	} else {
		return false;
	}
	if (!mask->p)
		buf_grow(mask, 1);
	return true;
}

static void gather_segment(Tables *t, const CheckDoc *d, const Segment *s, size_t unit)
{
	Gather g = t->scratch;
	g.en.n = g.ko.n = g.kept.n = 0;
	g.kept_line = 0;
	t->cur = &g;
	Buf mask = BUF_INIT;
	for (size_t k = s->src; k < s->src + s->src_n; k++) {
		Joined j;
		if (!block_prose(d->src, d->sb, &d->sb->v[k], &j, &mask))
			continue;
		t->j = &j;
		infer_en_words(mask.p, j.text.len, on_src_word, t);
		joined_release(&j);
	}
	for (size_t k = s->tgt; g.en.n && k < s->tgt + s->tgt_n; k++) {
		Joined j;
		if (!block_prose(d->tgt, d->tb, &d->tb->v[k], &j, &mask))
			continue;
		t->j = &j;
		t->m = mask.p;
		t->at = t->depth = 0;
		infer_ko_words(mask.p, j.text.len, on_tgt_ko, t);
		infer_en_words(mask.p, j.text.len, on_tgt_en, t);
		joined_release(&j);
	}
	buf_release(&mask);
	t->cur = NULL;
	t->scratch = g; /* its vectors, for the next segment */
	if (!g.en.n || !g.ko.n)
		return;
	BUG_ON(unit > UINT32_MAX || g.kept_line > UINT32_MAX);
	ids_room(t, g.en.n + g.ko.n + g.kept.n); /* the three in one chunk */
	Seg sg = {(uint32_t)unit, (uint32_t)g.kept_line, span_add(t, &g.en).at, (uint8_t)g.en.n,
	          (uint8_t)g.ko.n, (uint8_t)g.kept.n};
	span_add(t, &g.ko); /* after the English: seg_ko */
	span_add(t, &g.kept);
	VEC_PUSH(&t->seg, sg);
}

static void tables_release(Tables *t)
{
	countmap_release(&t->en_id);
	countmap_release(&t->ko_id);
	pairmap_release(&t->pair);
	pairmap_release(&t->kpair);
	VEC_FREE(&t->en_kept);
	for (size_t i = 0; i < t->en.n; i++)
		free(t->en.v[i]);
	for (size_t i = 0; i < t->ko.n; i++)
		free(t->ko.v[i]);
	VEC_FREE(&t->en);
	VEC_FREE(&t->ko);
	VEC_FREE(&t->en_n);
	VEC_FREE(&t->ko_n);
	VEC_FREE(&t->ko_noun);
	VEC_FREE(&t->seg);
	ids_free(t);
	VEC_FREE(&t->scratch.en);
	VEC_FREE(&t->scratch.ko);
	VEC_FREE(&t->scratch.kept);
}

static size_t pair_in(const PairMap *m, size_t e, size_t k)
{
	return pairmap_get(m, (uint32_t)e, (uint32_t)k);
}

static size_t pair_get(const Tables *t, size_t e, size_t k)
{
	return pair_in(&t->pair, e, k);
}

/* Segments of k, leaving out those where e is kept in English (k renders
 * something else there, or e once more in a long segment). */
static size_t ko_segs_for(const Tables *t, size_t e, size_t k)
{
	return t->ko_n.v[k] - pair_in(&t->kpair, e, k);
}

/* Dice of e and k, found together in a segments (pair_get). */
static double dice_of(const Tables *t, size_t e, size_t k, size_t a)
{
	return 2.0 * (double)a / (double)(t->en_n.v[e] - t->en_kept.v[e] + ko_segs_for(t, e, k));
}

static double dice(const Tables *t, size_t e, size_t k)
{
	return dice_of(t, e, k, pair_get(t, e, k));
}

typedef struct Cand {
	size_t ko, segs;
} Cand;

/* Is Korean k a rendering of English e: in 2+ of e's segments, in e's
 * segments at least 3 times of 4, a noun, Dice >= 0.5, and e (nearly) the
 * English k is most associated with? */
static bool is_rendering(const Tables *t, size_t e, size_t k, const double *best_of_ko)
{
	size_t a = pair_get(t, e, k);
	if (a < 2 || a * 4 < ko_segs_for(t, e, k) * 3 || !t->ko_noun.v[k])
		return false;
	double x = dice(t, e, k);
	return x >= 0.5 && x >= 0.8 * best_of_ko[k];
}

/* Is one Korean word inside the other (분산 and 분산형)? */
static bool nested(const char *a, const char *b)
{
	return strstr(a, b) || strstr(b, a);
}

/* One English word's term, inferred in slices (a term at 1M lines read
 * every Korean word and then every segment, up to three times: 3.3-3.6 ms
 * in one step).  The phases follow the loops of the whole computation;
 * each iteration is two units of work. */
typedef enum { IT_CANDS, IT_FIRST, IT_TOGETHER, IT_MINOR } TermPhase;

typedef struct TermBuild {
	size_t e;           /* the English word */
	const uint32_t *ks; /* the Korean words found with it, ascending */
	size_t ks_n;
	TermPhase phase;
	size_t at;          /* the next Korean word (IT_CANDS) or segment */
	size_t i;           /* the candidate tried as a second rendering */
	bool together;      /* IT_TOGETHER: found in one segment with the first */
	VEC(Cand) c;
	InferTerm it;
} TermBuild;

static void term_start(TermBuild *tb, size_t e, const uint32_t *ks, size_t ks_n)
{
	memset(tb, 0, sizeof(*tb));
	tb->e = e;
	tb->ks = ks;
	tb->ks_n = ks_n;
	tb->phase = IT_CANDS;
}

/* The next candidate i (from tb->i) worth a second look, its together
 * scan started (IT_TOGETHER), or none (the term done: false). */
static bool next_minor(const Tables *t, TermBuild *tb)
{
	for (; tb->i < tb->c.n; tb->i++) {
		size_t k2 = tb->c.v[tb->i].ko, k1 = tb->c.v[0].ko;
		if (tb->c.v[0].segs < 3 || tb->c.v[tb->i].segs == tb->c.v[0].segs ||
		    nested(t->ko.v[k1], t->ko.v[k2]) ||
		    (tb->c.v[0].segs + tb->c.v[tb->i].segs) * 2 < tb->it.en_segs)
			continue;
		tb->phase = IT_TOGETHER;
		tb->at = 0;
		tb->together = false;
		return true;
	}
	return false;
}

/* More of term tb, about budget units (at least one iteration); true when
 * it is done (pushed to out when there is one; tb's vectors freed). */
static bool term_step(const Tables *t, TermBuild *tb, const double *best, size_t budget,
                      size_t *used, InferVec *out)
{
	size_t n = 0, e = tb->e;
	if (tb->phase == IT_CANDS) {
		/* the Korean words e is found with, in the order of their ids: a
		 * word never found with it is none (is_rendering: 2+ segments) */
		for (; tb->at < tb->ks_n && (n < budget || !n); tb->at++, n += 2) {
			size_t k = tb->ks[tb->at];
			if (is_rendering(t, e, k, best)) {
				Cand x = {k, pair_get(t, e, k)};
				VEC_PUSH(&tb->c, x);
			}
		}
		if (tb->at < tb->ks_n) {
			*used = n;
			return false;
		}
		if (!tb->c.n) {
			VEC_FREE(&tb->c);
			*used = n + 1;
			return true;
		}
		/* the most frequent first (ties: the stronger association) */
		Cand *c = tb->c.v;
		for (size_t i = 1; i < tb->c.n; i++)
			for (size_t k = i; k > 0 && (c[k].segs > c[k - 1].segs ||
			                             (c[k].segs == c[k - 1].segs &&
			                              dice(t, e, c[k].ko) > dice(t, e, c[k - 1].ko)));
			     k--) {
				Cand s = c[k];
				c[k] = c[k - 1];
				c[k - 1] = s;
			}
		n += tb->c.n * tb->c.n;
		InferTerm *it = &tb->it;
		it->en = xstrdup(t->en.v[e]);
		it->ko = xstrdup(t->ko.v[c[0].ko]);
		it->ko_segs = c[0].segs;
		it->en_segs = t->en_n.v[e];
		it->first_unit = SIZE_MAX;
		tb->phase = IT_FIRST;
		tb->at = 0;
	}
	InferTerm *it = &tb->it;
	if (tb->phase == IT_FIRST) {
		for (; tb->at < t->seg.n && (n < budget || !n); tb->at++, n += 2) {
			const Seg *g = &t->seg.v[tb->at];
			if (!span_has(t, seg_en(g), e))
				continue;
			if (it->first_unit == SIZE_MAX && span_has(t, seg_ko(g), tb->c.v[0].ko) &&
			    !span_has(t, seg_kept(g), e))
				it->first_unit = g->unit;
			if (span_has(t, seg_kept(g), e)) {
				if (!it->kept_segs)
					it->kept_line = g->kept_line;
				it->kept_segs++;
			}
		}
		if (tb->at < t->seg.n) {
			*used = n;
			return false;
		}
		/* a second rendering: less frequent, never in one segment with
		 * the first (자동 미분 is one rendering, not two), the two cover
		 * half of e's segments */
		tb->i = 1;
		tb->phase = IT_TOGETHER;
		if (!next_minor(t, tb))
			goto done;
	}
	for (;;) {
		size_t k2 = tb->c.v[tb->i].ko, k1 = tb->c.v[0].ko;
		if (tb->phase == IT_TOGETHER) {
			for (; tb->at < t->seg.n && !tb->together && (n < budget || !n); tb->at++, n += 2)
				tb->together = span_has(t, seg_ko(&t->seg.v[tb->at]), k1) &&
				               span_has(t, seg_ko(&t->seg.v[tb->at]), k2);
			if (tb->at < t->seg.n && !tb->together) {
				*used = n;
				return false;
			}
			if (tb->together) {
				tb->i++;
				if (!next_minor(t, tb))
					goto done;
				continue;
			}
			it->minor = xstrdup(t->ko.v[k2]);
			it->minor_segs = tb->c.v[tb->i].segs;
			tb->phase = IT_MINOR;
			tb->at = 0;
		}
		for (; tb->at < t->seg.n && (n < budget || !n); tb->at++, n += 2)
			if (span_has(t, seg_en(&t->seg.v[tb->at]), e) &&
			    span_has(t, seg_ko(&t->seg.v[tb->at]), k2))
				VEC_PUSH(&it->minor_units, t->seg.v[tb->at].unit);
		if (tb->at < t->seg.n) {
			*used = n;
			return false;
		}
		break; /* a minor found: the last candidate tried */
	}
done:
	VEC_FREE(&tb->c);
	VEC_PUSH(out, *it);
	memset(it, 0, sizeof(*it));
	*used = n + 1;
	return true;
}

/* The build in slices: the segments gathered, then counted, a slice of
 * segments at a time; then the associations and the terms (one step). */
struct InferBuild {
	Tables t;
	size_t u;      /* the next segment to gather */
	size_t c;      /* then the next one whose words to count */
	size_t r;      /* then the next one whose pairs to bound */
	size_t most;   /* the pairs bound so far */
	size_t s;      /* then the next one whose pairs to count */
	bool counting;
	double *best;  /* then each Korean word's strongest association */
	size_t i;      /* the next pair slot for it */
	/* then the Korean words each English word is found with (the pairs'
	 * map read once: a term read every Korean word's pair, E x K lookups,
	 * 40% of `yeok check` on real tutorials) */
	size_t *with_at;  /* en.n + 1 starts into with (counts while reading) */
	uint32_t *with;   /* Korean ids, by English word */
	size_t *with_end; /* filled so far, per English word */
	uint32_t *ek;     /* the pairs read (e, k), 2 a pair, to file */
	size_t ek_n;
	size_t w;         /* the next of them to file */
	bool with_done;   /* with filed (each word's sorted at its term) */
	size_t e;      /* then the next English word to infer a term for */
	bool in_term;  /* term holds e's term, under way */
	TermBuild term;
	size_t f;      /* then t->seg.n once the segments' ids are freed */
};

/* The pairs' map made as large as the pairs can be when they are at most
 * this many (1.5 MiB of map), else grown as they come. */
enum { INFER_PAIRS_RESERVED = 1 << 16 };

/* The maps grow a few keys an add (at 1M lines a growth of the pairs'
 * map re-hashed them all in one step: 4-4.8 ms). */
InferBuild *infer_start(void)
{
	InferBuild *b = xcalloc(1, sizeof(InferBuild));
	Tables *t = &b->t;
	t->en_id.gradual = t->ko_id.gradual = true;
	t->pair.gradual = t->kpair.gradual = true;
	t->ids_shift = infer_ids_shift;
	return b;
}

/* The strings and units an inferred term owns. */
static void infer_term_free(InferTerm *it)
{
	free(it->en);
	free(it->ko);
	free(it->minor);
	VEC_FREE(&it->minor_units);
}

void infer_free(InferBuild *b)
{
	if (!b)
		return;
	tables_release(&b->t);
	free(b->best);
	free(b->with_at);
	free(b->with);
	free(b->with_end);
	free(b->ek);
	VEC_FREE(&b->term.c);
	infer_term_free(&b->term.it);
	free(b);
}

/* The work of gathering a segment, in the units of max_bytes: its blocks'
 * bytes, times 3 (measured: a word split, a case fold and two maps per
 * word cost about three times a byte of the index's other phases). */
static size_t segment_cost(const CheckDoc *d, const Segment *s)
{
	size_t n = 1;
	if (s->src_n)
		for (size_t i = d->sb->v[s->src].first; i <= d->sb->v[s->src + s->src_n - 1].last; i++)
			n += lines_get(d->src, i).n + 1;
	if (s->tgt_n)
		for (size_t i = d->tb->v[s->tgt].first; i <= d->tb->v[s->tgt + s->tgt_n - 1].last; i++)
			n += lines_get(d->tgt, i).n + 1;
	return 3 * n;
}

/* The pairs read by the associations' loop filed by English word (b->with),
 * in slices: about max_bytes units more of *n; true once done. */
static bool file_pairs(InferBuild *b, const Tables *t, size_t max_bytes, size_t *n)
{
	if (!b->with_end) { /* counts to starts */
		for (size_t e = 0; e < t->en.n; e++)
			b->with_at[e + 1] += b->with_at[e];
		b->with = xmalloc((b->with_at[t->en.n] ? b->with_at[t->en.n] : 1) * sizeof(uint32_t));
		b->with_end = xmalloc((t->en.n ? t->en.n : 1) * sizeof(size_t));
		memcpy(b->with_end, b->with_at, t->en.n * sizeof(size_t));
		*n += t->en.n;
	}
	for (; !b->with_done && b->w < b->ek_n && (*n < max_bytes || !*n); b->w++) {
		(*n)++;
		b->with[b->with_end[b->ek[2 * b->w]]++] = b->ek[2 * b->w + 1];
	}
	if (b->w == b->ek_n && !b->with_done) {
		b->with_done = true;
		free(b->ek);
		b->ek = NULL;
	}
	return b->with_done;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* The segments counted, in slices of about max_bytes units more of *n:
 * each word's segments, then a bound on the pairs, then the pairs; true
 * once done. */
static bool count_some(InferBuild *b, const CheckDoc *d, size_t max_bytes, size_t *np)
{
	Tables *t = &b->t;
	size_t n = *np;
	for (; b->c < t->seg.n && n < max_bytes; b->c++) {
		const Seg *g = &t->seg.v[b->c];
		IdSpan en = seg_en(g), ko = seg_ko(g), kept = seg_kept(g);
		for (uint32_t i = 0; i < en.n; i++)
			t->en_n.v[span_id(t, en, i)]++;
		for (uint32_t i = 0; i < kept.n; i++)
			t->en_kept.v[span_id(t, kept, i)]++;
		for (uint32_t i = 0; i < ko.n; i++)
			t->ko_n.v[span_id(t, ko, i)]++;
		n += 1 + en.n + ko.n + kept.n;
	}
	/* at most this many pairs: a map that never grows, when small
	 * (growing moved every pair about twice) */
	for (; b->c == t->seg.n && b->r < t->seg.n && n < max_bytes; b->r++) {
		const Seg *g = &t->seg.v[b->r];
		IdSpan ko = seg_ko(g);
		size_t k_n = 0;
		for (uint32_t k = 0; k < ko.n; k++) {
			size_t kid = span_id(t, ko, k);
			k_n += t->ko_n.v[kid] >= 2 && t->ko_noun.v[kid];
		}
		b->most += k_n * g->en_n;
		n += 1 + ko.n;
		if (b->r + 1 == t->seg.n && b->most <= INFER_PAIRS_RESERVED)
			pairmap_reserve(&t->pair, b->most);
	}
	/* The pairs of the Korean words that can be renderings only: a word in
	 * one segment, or never seen as a noun, is none whatever its pairs
	 * (is_rendering), and its pairs are read for nothing else (best[k] is
	 * read for renderings only): a third to a half of the pairs. */
	for (; b->r == t->seg.n && b->s < t->seg.n && n < max_bytes; b->s++) {
		const Seg *g = &t->seg.v[b->s];
		IdSpan en = seg_en(g), ko = seg_ko(g), kept = seg_kept(g);
		for (uint32_t k = 0; k < ko.n; k++) {
			size_t kid = span_id(t, ko, k);
			if (t->ko_n.v[kid] < 2 || !t->ko_noun.v[kid])
				continue;
			for (uint32_t i = 0; i < en.n; i++) {
				size_t e = span_id(t, en, i);
				pairmap_add(span_has(t, kept, e) ? &t->kpair : &t->pair, (uint32_t)e,
				            (uint32_t)kid, 1);
			}
		}
		n += segment_cost(d, &d->al->v[g->unit]);
	}
	*np = n;
	return b->s == t->seg.n;
}

bool infer_step(InferBuild *b, const CheckDoc *d, size_t max_bytes, size_t *used, InferVec *out)
{
	size_t n = 0;
	Tables *t = &b->t;
	if (!d->al || !check_compares_source(d)) {
		*used = 1;
		return true;
	}
	/* a segment's record each at most, reserved at once (doubling copied
	 * the table in one step: 3.3-3.8 ms at segments 125k and 258k of 285k) */
	if (!b->counting && !b->u && !t->seg.cap)
		VEC_RESERVE(&t->seg, d->al->n ? d->al->n : 1);
	for (; !b->counting && b->u < d->al->n && (n < max_bytes || !n); b->u++) {
		const Segment *s = &d->al->v[b->u];
		if (s->src_n && s->tgt_n) {
			gather_segment(t, d, s, b->u);
			n += segment_cost(d, s);
		} else {
			n++;
		}
	}
	if (!b->counting && b->u == d->al->n) {
		b->counting = true;
		VEC_FIT(&t->seg); /* kept while the pairs are counted */
		for (size_t i = 0; i < t->en.n; i++) {
			VEC_PUSH(&t->en_n, 0);
			VEC_PUSH(&t->en_kept, 0);
		}
		for (size_t i = 0; i < t->ko.n; i++)
			VEC_PUSH(&t->ko_n, 0);
		n += t->en.n + t->ko.n;
	}
	if (b->counting && !count_some(b, d, max_bytes, &n)) {
		*used = n;
		return false;
	}
	if (!b->counting) {
		*used = n;
		return false;
	}
	/* the pairs' map settled (a growth under way moved), 4 units a slot */
	if (!pairmap_settle_budget(&t->pair, &n, max_bytes, 4)) {
		*used = n;
		return false;
	}
	/* each Korean word's strongest association */
	if (!b->best) {
		b->best = xcalloc(t->ko.n ? t->ko.n : 1, sizeof(double));
		b->with_at = xcalloc(t->en.n + 1, sizeof(size_t));
		b->ek = xmalloc((t->pair.n ? t->pair.n : 1) * 2 * sizeof(uint32_t));
	}
	for (; b->i < t->pair.cap && (n < max_bytes || !n); b->i++) {
		n++;
		if (!t->pair.count[b->i])
			continue;
		size_t e = (size_t)(t->pair.key[b->i] >> 32), k = (uint32_t)t->pair.key[b->i];
		double x = dice_of(t, e, k, t->pair.count[b->i]); /* the slot's count */
		if (x > b->best[k])
			b->best[k] = x;
		b->with_at[e + 1]++;
		BUG_ON(b->ek_n >= t->pair.n || e > UINT32_MAX || k > UINT32_MAX);
		b->ek[2 * b->ek_n] = (uint32_t)e;
		b->ek[2 * b->ek_n++ + 1] = (uint32_t)k;
		n += 32;
	}
	if (b->i == t->pair.cap && !file_pairs(b, t, max_bytes, &n)) {
		*used = n;
		return false;
	}
	/* each English word's term, in slices of its own loops */
	while (b->i == t->pair.cap && b->e < t->en.n && (n < max_bytes || !n)) {
		n++;
		if (!b->in_term) {
			if (t->en_n.v[b->e] < 3) {
				b->e++;
				continue;
			}
			uint32_t *ks = b->with + b->with_at[b->e];
			size_t ks_n = b->with_at[b->e + 1] - b->with_at[b->e];
			if (ks_n > 1)
				qsort(ks, ks_n, sizeof(uint32_t), cmp_u32);
			n += ks_n;
			term_start(&b->term, b->e, ks, ks_n);
			b->in_term = true;
		}
		size_t u = 0;
		bool got = term_step(t, &b->term, b->best, max_bytes > n ? max_bytes - n : 1, &u, out);
		n += u;
		if (!got)
			break;
		b->in_term = false;
		b->e++;
	}
	/* the segments' ids, freed at once (a chunk a page of pointers) */
	if (b->e == t->en.n && b->f < t->seg.n) {
		ids_free(t);
		b->f = t->seg.n;
		n += 32;
	}
	*used = n;
	return b->i == t->pair.cap && b->with_done && b->e == t->en.n && b->f == t->seg.n;
}

void infer_renderings(const CheckDoc *d, InferVec *out)
{
	InferBuild *b = infer_start();
	size_t used;
	while (!infer_step(b, d, SIZE_MAX, &used, out))
		;
	infer_free(b);
}

void infer_release(InferVec *v)
{
	for (size_t i = 0; i < v->n; i++)
		infer_term_free(&v->v[i]);
	VEC_FREE(v);
}
