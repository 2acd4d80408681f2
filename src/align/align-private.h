/*
 * Private to src/align/: a block's features (Feat, FeatRec, FeatPool),
 * the memo align_update keeps (AlignMemo), one side of the alignment
 * (Side) and the context both passes score in (Ctx).
 */
#ifndef YEOK_ALIGN_PRIVATE_H
#define YEOK_ALIGN_PRIVATE_H

#include "yeok/align.h"

#define FORBID (-1e18)
#define FULL_DP_CELLS 1000000u /* below this, no band */
/* The anchors' pass scores every cell it visits (titles by their tokens,
 * code by its lines): above 256 x 256 anchors (documents of thousands of
 * lines; the corpus has at most a few dozen) it keeps to the band too. */
#define ANCHOR_FULL_DP_CELLS 65536u
#define BAND 48
/* the score of a 1:0 or 0:1 move: in the anchors' pass, in pass 2 */
#define GAP_ANCHOR (-0.5)
#define GAP_BLOCK (-1.0)

/* What the scoring looks at, computed once per block, in two parts: the
 * text's hash and, for code, its lines (the anchors' pass reads no more
 * of code: `keyed`), then the rest (`have`).  Kept while the editor runs
 * (AlignMemo) for the anchors and the blocks of the regions an update
 * aligned (the others' are computed again when their region is aligned:
 * FeatRec, FeatPool): 40 bytes, the lines' and tokens' hashes in one
 * array cut to their number, or in the record itself when there are at
 * most FEAT_IN of them (most Korean blocks: a few ASCII words) --
 * feat_lines, feat_tok. */
enum { FEAT_IN = 2 };
typedef struct Feat {
	uint64_t text_hash; /* rst_block_text */
	uint64_t code_hash; /* literals: code without comments and blank lines */
	union {
		uint32_t *h;        /* more than FEAT_IN: nlines sorted unique
		                       hashes of code lines (literals), then ntok
		                       sorted unique token hashes (ASCII words,
		                       numbers) */
		uint32_t in[FEAT_IN]; /* at most FEAT_IN: the same, here */
	} u;
	uint32_t ntok, nlines;
	uint32_t len;       /* code points of the text (a file is at most
	                       FILE_MAX_BYTES) */
	uint8_t kind;       /* the block's BlockKind and title level (what
	                       the anchors' pass reads of the block itself) */
	bool hangul : 1;    /* the text has Hangul */
	bool words : 1;     /* align_has_words: something to translate */
	bool keyed : 1;     /* text_hash and the code's lines are computed */
	bool have : 1;      /* the rest is computed (need_features): the
	                       kind and level are there for every block */
	int16_t title_level;
} Feat;
_Static_assert(BK_COUNT <= 256, "a block kind fits Feat.kind");
_Static_assert(sizeof(Feat) == 40, "Feat is 40 bytes");

static inline bool feat_inline(const Feat *f)
{
	return (size_t)f->nlines + f->ntok <= FEAT_IN;
}

static inline const uint32_t *feat_lines(const Feat *f)
{
	return feat_inline(f) ? f->u.in : f->u.h;
}

static inline const uint32_t *feat_tok(const Feat *f)
{
	return feat_lines(f) + f->nlines;
}

static inline void feat_free(Feat *f)
{
	if (!feat_inline(f))
		free(f->u.h);
}
_Static_assert(FILE_MAX_BYTES <= UINT32_MAX, "a block's length fits Feat.len");

/* Every block's record: its kind and title level (what the anchors' pass
 * and an update read of any block) and where its features are.  8 bytes
 * a block; a record for every block with its features in it was 40 (23
 * MB for the two sides at 1M lines), and 78% of the blocks are not
 * anchors, whose features are dropped once their region is aligned. */
typedef struct FeatRec {
	uint8_t kind;        /* the block's BlockKind */
	int16_t title_level; /* and its title level */
	uint32_t at;         /* 1 + its features' place in the pool, 0: none */
} FeatRec;
_Static_assert(sizeof(FeatRec) == 8, "FeatRec is 8 bytes");

/* Where the features are: chunks that never move (a Feat's address stays
 * while it is held: the anchors' keys point at theirs), places given back
 * reused first. */
enum { FEAT_CHUNK = 4096 };
typedef struct FeatPool {
	Feat **chunk;      /* nchunk chunks of FEAT_CHUNK */
	size_t nchunk;
	size_t n;          /* places handed out so far (the free ones among them) */
	VEC(uint32_t) free; /* 1 + the places given back */
} FeatPool;

static inline Feat *pool_at(const FeatPool *p, uint32_t at)
{
	return &p->chunk[(at - 1) / FEAT_CHUNK][(at - 1) % FEAT_CHUNK];
}

/* A place for a block's features (zeroed): its 1-based number. */
static inline uint32_t pool_take(FeatPool *p)
{
	uint32_t at;
	if (p->free.n) {
		at = p->free.v[--p->free.n];
	} else {
		if (p->n == (size_t)p->nchunk * FEAT_CHUNK) {
			p->chunk = xrealloc(p->chunk, (p->nchunk + 1) * sizeof(*p->chunk));
			p->chunk[p->nchunk++] = xmalloc(FEAT_CHUNK * sizeof(Feat));
		}
		BUG_ON(p->n >= UINT32_MAX);
		at = (uint32_t)++p->n;
	}
	memset(pool_at(p, at), 0, sizeof(Feat));
	return at;
}

/* The features at `at` freed, the place given back. */
static inline void pool_give(FeatPool *p, uint32_t at)
{
	Feat *f = pool_at(p, at);
	feat_free(f);
	memset(f, 0, sizeof(*f)); /* nothing of its own: pool_free frees every place */
	VEC_PUSH(&p->free, at);
}

/* The pool freed, with its features' arrays. */
static inline void pool_free(FeatPool *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		feat_free(&p->chunk[i / FEAT_CHUNK][i % FEAT_CHUNK]);
	for (size_t c = 0; c < p->nchunk; c++)
		free(p->chunk[c]);
	free(p->chunk);
	VEC_FREE(&p->free);
	free(p);
}
/* What align_update needs: both sides' features, the matched anchors and
 * where each unit's segments start.  Units: unit 2r is the region before
 * matched anchor r (the blocks strictly between anchors r-1 and r), unit
 * 2r+1 the anchor pair r itself, unit 2K the region after the last. */
struct AlignMemo {
	FeatRec *sf, *tf;   /* sn source, tn target blocks' records */
	FeatPool *sp, *tp;  /* their features */
	size_t sn, tn, tcap;
	/* tf is a gap buffer of tcap records: target blocks [0, tgap) at
	 * tf[0, tgap), the others after the tcap - tn spare ones (memo_tf):
	 * a change in the number of blocks moves the records between the
	 * gap and the change, not the tail */
	size_t tgap;
	size_t tmoved;      /* records the gap's moves copied (tests) */
	VEC(size_t) sa;     /* the source anchors (block indices) */
	VEC(size_t) ms, mt; /* matched anchor r: source block ms[r], target mt[r] */
	VEC(size_t) useg;   /* 2K+2 entries: first segment of each unit, then al.n */
	/* The scores of the last region align_update aligned (Ctx.cache; an
	 * exact region of at most CACHE_CELLS cells): typing in it again
	 * scores only the moves that read the changed blocks.  Its blocks:
	 * source [rc_s0, rc_s1), target [rc_t0, rc_t1). */
	double *rc;
	size_t rc_s0, rc_s1, rc_t0, rc_t1;
	size_t tan;         /* target anchors */
	/* Phased (align_docs_phased): unit u is pending while upend.v[u];
	 * its segments are then placeholders (npend units of them). */
	VEC(unsigned char) upend;
	size_t npend;
	/* align_idle_step's aligned units not spliced yet: units [hu0, hu1)
	 * (hu0 == hu1: none) gave the segments of hold; hold_useg[u - hu0]:
	 * where unit u's start once spliced, counted from useg[hu0].  Still
	 * pending (upend, npend, the placeholders in the alignment) until
	 * then; align_step drops them. */
	Alignment hold;
	VEC(size_t) hold_useg;
	size_t hu0, hu1, hold_blocks;
};
#define CACHE_CELLS 65536u

typedef struct Side {
	const Lines *l;
	const RstDoc *d;
	FeatRec *r;  /* block k's record: side_r */
	size_t gap;  /* blocks gap and after are gap_n records further on */
	size_t gap_n;
	FeatPool *pool; /* the records' features */
} Side;

static inline FeatRec *side_r(const Side *sd, size_t k)
{
	return &sd->r[k < sd->gap ? k : k + sd->gap_n];
}

/* Block k's features (there: an anchor's, or one side_need made). */
static inline Feat *side_f(const Side *sd, size_t k)
{
	const FeatRec *r = side_r(sd, k);
	BUG_ON(!r->at);
	return pool_at(sd->pool, r->at);
}

/* The same, a place made for them if they have none (kind and level
 * there, nothing computed). */
static inline Feat *side_need(Side *sd, size_t k)
{
	FeatRec *r = side_r(sd, k);
	if (!r->at) {
		r->at = pool_take(sd->pool);
		Feat *f = pool_at(sd->pool, r->at);
		f->kind = r->kind;
		f->title_level = r->title_level;
	}
	return pool_at(sd->pool, r->at);
}

static inline FeatRec *memo_tf(const AlignMemo *m, size_t k)
{
	return &m->tf[k < m->tgap ? k : k + (m->tcap - m->tn)];
}

/* Target block k's features, or NULL (none kept). */
static inline Feat *memo_tfeat(const AlignMemo *m, size_t k)
{
	const FeatRec *r = memo_tf(m, k);
	return r->at ? pool_at(m->tp, r->at) : NULL;
}

static inline Side side_src(const AlignMemo *m, const Lines *l, const RstDoc *d)
{
	return (Side){l, d, m->sf, SIZE_MAX, 0, m->sp};
}

static inline Side side_tgt(const AlignMemo *m, const Lines *l, const RstDoc *d)
{
	return (Side){l, d, m->tf, m->tgap, m->tcap - m->tn, m->tp};
}

/* What the anchors' pass reads first of an anchor, side by side. */
typedef struct AnchorKey {
	uint64_t hash; /* code: code_hash; a title: text_hash */
	/* bit (hash & 127) of each of its lines (code) or tokens (a title):
	 * disjoint bits, nothing in common; the overlap is then not read */
	uint64_t bits[2];
	const Feat *f; /* the rest */
	BlockKind kind;
} AnchorKey;

typedef struct Ctx {
	Side s, t;
	const AnchorKey *sk, *tk; /* the anchors' pass: c->si's and c->ti's keys */
	/* the current DP's sequences: indices into the blocks */
	const size_t *si, *ti;
	bool anchors; /* pass 1 scoring */
	AlignAnchorWork *work; /* pass 1: where its cells are counted */
	/* pass 2, an exact (unbanded) region: its scores, cell (i, j) move k
	 * at [(i * (m + 1) + j) * 5 + k], NAN until scored; or NULL */
	double *cache;
	/* the whole alignment's pass 2 (align_start, align_step,
	 * align_idle_step; not align_update): a region's blocks drop what
	 * need_features recomputes once it is aligned (feat_trim) */
	bool trim;
} Ctx;

static inline bool is_anchor_kind(BlockKind k)
{
	return k == BK_TITLE || k == BK_LITERAL;
}

typedef struct Move {
	unsigned char a, b;
} Move;

static const Move moves_all[] = {{1, 1}, {1, 0}, {0, 1}, {2, 1}, {1, 2}};

typedef struct Step {
	size_t i, a, j, b; /* a run S[i..i+a) with T[j..j+b) */
} Step;
typedef VEC(Step) StepVec;

/* The change align_update is making: target blocks [tc, tc + old_n) are
 * [tc, tc + new_n) now. */
typedef struct Change {
	size_t tc, old_n, new_n;
} Change;

/* features.c */
void hash_bits(const uint32_t *v, size_t n, uint64_t bits[2]);
void features(const Lines *l, const Block *b, Feat *f, bool all, Buf *tmp);
void feat_trim(Side *sd, size_t k);

/* dp.c */
double len_score(size_t ls, size_t lt, bool hangul);
double score_anchor(const Ctx *c, size_t si, size_t ti);
void dp(const Ctx *c, size_t n, size_t m, size_t nmoves, StepVec *out);

/* repair.c */
void repair_titles(const Ctx *c, AlignMemo *m, size_t r_lo, size_t r_hi, size_t *lo_kept,
                   size_t *hi_kept);
bool edit_in_repaired_run(const Ctx *c, const AlignMemo *m, size_t t0, size_t t1);

/* align.c */
bool anchor_same(const Feat *a, const Feat *b);
void anchors_dp(Ctx *c, const size_t *sa, size_t sn, const size_t *ta, size_t tn, StepVec *steps);
void match_anchors(Ctx *c, AlignMemo *m);
size_t count_below(const size_t *v, size_t n, size_t x);
void unit_range(const size_t *ms, const size_t *mt, size_t K, size_t sn, size_t tn, size_t u,
                size_t *s0, size_t *s1, size_t *t0, size_t *t1);
void units_segments(Ctx *c, AlignMemo *m, size_t u0, size_t u1, Alignment *a, size_t base,
                    const Change *ch, bool pend);

/* update.c */
void splice_segments(Alignment *a, size_t k0, size_t k1, const Alignment *mid, long dn,
                     Alignment *removed);

#endif
