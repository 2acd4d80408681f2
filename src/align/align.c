/*
 * Source/target block alignment (see include/yeok/align.h).
 *
 * Two passes of one banded dynamic program:
 *   1. anchors: the titles and literal (code) blocks of both sides, matched
 *      1:1 or skipped: titles by level and the English kept in them, code
 *      by content (comments and blank lines ignored, then line overlap);
 *   2. between consecutive matched anchors, every other block, with moves
 *      1:1, 1:0, 0:1, 2:1 and 1:2, scored by kind, depth, indentation,
 *      directive name, identical text, the ASCII tokens that survive
 *      translation (identifiers, literals, URLs, numbers) and length
 *      (Korean prose is about 0.64 times its English in characters).
 * The band follows the diagonal of each region, so the cost is about
 * (blocks x band width); small regions are solved exactly.
 */
#include "yeok/align.h"

#include "yeok/text.h"

#include <math.h>
#include <pthread.h>

#define FORBID (-1e18)
#define FULL_DP_CELLS 1000000u /* below this, no band */
/* The anchors' pass scores every cell it visits (titles by their tokens,
 * code by its lines): above 256 x 256 anchors (documents of thousands of
 * lines; the corpus has at most a few dozen) it keeps to the band too. */
#define ANCHOR_FULL_DP_CELLS 65536u
#define BAND 48

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

static void feat_free(Feat *f)
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
static uint32_t pool_take(FeatPool *p)
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

static void feat_free(Feat *f);

/* The features at `at` freed, the place given back. */
static void pool_give(FeatPool *p, uint32_t at)
{
	Feat *f = pool_at(p, at);
	feat_free(f);
	memset(f, 0, sizeof(*f)); /* nothing of its own: pool_free frees every place */
	VEC_PUSH(&p->free, at);
}

/* The pool freed, with its features' arrays. */
static void pool_free(FeatPool *p)
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
static Feat *side_need(Side *sd, size_t k)
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

static Side side_src(const AlignMemo *m, const Lines *l, const RstDoc *d)
{
	return (Side){l, d, m->sf, SIZE_MAX, 0, m->sp};
}

static Side side_tgt(const AlignMemo *m, const Lines *l, const RstDoc *d)
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

/* ---- features ---------------------------------------------------------- */

static size_t sort_unique(uint32_t *v, size_t n)
{
	if (!n)
		return 0;
	if (n <= 24) {
		/* most blocks: a few tokens; insertion sort beats qsort's calls */
		for (size_t i = 1; i < n; i++) {
			uint32_t x = v[i];
			size_t j = i;
			for (; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
	} else {
		/* radix sort, 8 bits a pass (no comparison calls) */
		uint32_t *tmp = xmalloc(n * sizeof(*tmp)), *from = v, *to = tmp;
		for (int shift = 0; shift < 32; shift += 8) {
			size_t cnt[257] = {0};
			for (size_t i = 0; i < n; i++)
				cnt[((from[i] >> shift) & 0xff) + 1]++;
			for (size_t b = 1; b < 257; b++)
				cnt[b] += cnt[b - 1];
			for (size_t i = 0; i < n; i++)
				to[cnt[(from[i] >> shift) & 0xff]++] = from[i];
			uint32_t *x = from;
			from = to;
			to = x;
		}
		/* four passes: the sorted values are back in v */
		free(tmp);
	}
	size_t k = 1;
	for (size_t i = 1; i < n; i++)
		if (v[i] != v[k - 1])
			v[k++] = v[i];
	return k;
}

static bool is_word_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Words that say nothing about which block is which (w is lowercase). */
static bool stopword(const char *w, size_t n)
{
	static const char *const stop[] = {
		"the", "an", "of", "to", "in", "is", "and", "or", "for", "on", "with", "as", "by",
		"be", "it", "at", "this", "that", "we", "you", "are", "can", "from", "http", "https",
		"www", "com", "org", "html", "rst", "github", "io", "if", "not", "will", "which",
	};
	if (n > 6)
		return false;
	for (size_t i = 0; i < ARRAY_LEN(stop); i++)
		if (stop[i][0] == w[0] && strncmp(stop[i], w, n) == 0 && stop[i][n] == '\0')
			return true;
	return false;
}

/* The end of the name of code that starts at s[i] (a letter): a dotted
 * name (nn.Flatten, torch.nn.Module), a name with a digit or an
 * underscore (cuda_tensor, fp16), a camel-case one (DataLoader,
 * PyTorch) or a call (view()); 0 for a word of prose. */
static size_t code_name_end(const char *s, size_t n, size_t i)
{
	size_t j = i;
	bool code = false;
	while (j < n) {
		if (is_word_byte(s[j])) {
			if (s[j] == '_' || (s[j] >= '0' && s[j] <= '9'))
				code = true;
			else if (j > i && s[j] >= 'A' && s[j] <= 'Z' && s[j - 1] >= 'a' && s[j - 1] <= 'z')
				code = true;
			j++;
		} else if (s[j] == '.' && j + 1 < n && j > i && is_word_byte(s[j + 1]) &&
		           is_word_byte(s[j - 1])) {
			code = true;
			j++;
		} else {
			break;
		}
	}
	if (j < n && s[j] == '(' && j + 1 < n && s[j + 1] == ')')
		code = true;
	return code ? j : 0;
}

bool align_has_words(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		char c = s[i];
		/* ``literal``, |substitution|, <target> */
		const char *close = NULL;
		size_t skip = 0;
		if (c == '`' && i + 1 < n && s[i + 1] == '`') {
			close = "``";
			skip = 2;
		} else if (c == '|') {
			close = "|";
			skip = 1;
		} else if (c == '<') {
			close = ">";
			skip = 1;
		} else if (c == ':' && i + 1 < n && is_word_byte(s[i + 1])) {
			/* :role:`target` */
			size_t j = i + 1;
			while (j < n && (is_word_byte(s[j]) || s[j] == '-' || s[j] == ':'))
				j++;
			if (j < n && s[j] == '`' && j > i + 1 && s[j - 1] == ':') {
				close = "`";
				skip = j - i + 1;
			}
		} else if (c == 'h' && (i == 0 || !is_word_byte(s[i - 1])) &&
		           (str_starts_with((Str){s + i, n - i}, "https://") ||
		            str_starts_with((Str){s + i, n - i}, "http://"))) {
			while (i < n && s[i] != ' ' && s[i] != '\n')
				i++;
			continue;
		}
		if (close) {
			size_t cn = strlen(close), j = i + skip;
			while (j + cn <= n && memcmp(s + j, close, cn) != 0)
				j++;
			if (j + cn <= n) {
				i = j + cn;
				continue;
			}
		}
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
			if (i > 0 && is_word_byte(s[i - 1])) { /* inside x2y, a_b */
				i++;
				continue;
			}
			size_t e = code_name_end(s, n, i);
			if (e) { /* nn.Flatten, torch.nn, DataLoader, view(): an API's name */
				i = e;
				continue;
			}
			size_t j = i;
			while (j < n && ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= 'A' && s[j] <= 'Z')))
				j++;
			if (j - i >= 2 && (j >= n || !is_word_byte(s[j])))
				return true;
			while (j < n && is_word_byte(s[j]))
				j++;
			i = j;
			continue;
		}
		i++;
	}
	return false;
}

static void hash_bits(const uint32_t *v, size_t n, uint64_t bits[2])
{
	bits[0] = bits[1] = 0;
	for (size_t k = 0; k < n; k++)
		bits[(v[k] >> 6) & 1] |= 1ull << (v[k] & 63);
}

/* Code: each line without its comment (# or //) and blanks. */
static void code_features(const char *s, size_t n, Feat *f)
{
	VEC(uint32_t) lv = {0};
	uint64_t h = 1469598103934665603ull;
	size_t i = 0;
	while (i <= n) {
		const char *nl = i < n ? memchr(s + i, '\n', n - i) : NULL;
		size_t e = nl ? (size_t)(nl - s) : n;
		size_t ce = e;
		for (size_t k = i; k < e; k++) {
			/* the rare bytes first, then where they stand */
			if ((s[k] == '#' || (s[k] == '/' && k + 1 < e && s[k + 1] == '/')) &&
			    (k == i || s[k - 1] == ' ' || s[k - 1] == '\t')) {
				ce = k;
				break;
			}
		}
		Str line = str_trim((Str){s + i, ce - i});
		if (line.n) {
			uint32_t lh = (uint32_t)hash_words(line.p, line.n);
			VEC_PUSH(&lv, lh);
			h = (h ^ lh) * 1099511628211ull;
		}
		i = e + 1;
	}
	f->code_hash = h;
	size_t nl = sort_unique(lv.v, lv.n);
	BUG_ON(f->nlines || f->ntok || nl > UINT32_MAX);
	f->nlines = (uint32_t)nl;
	if (feat_inline(f)) {
		if (nl)
			memcpy(f->u.in, lv.v, nl * sizeof(*lv.v));
		free(lv.v);
	} else {
		f->u.h = xrealloc(lv.v, nl * sizeof(*lv.v));
	}
}

/* The tokens, length, Hangul and words of text s[0..n). */
static void token_features(const Block *b, const char *s, size_t n, Feat *f)
{
	f->words = rst_kind_is_prose(b->kind) && align_has_words(s, n);
	VEC(uint32_t) tok = {0};
	char low[64];
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if ((c & 0xc0) != 0x80)
			f->len++;
		if (c >= 0x80) {
			/* once Hangul is seen only the length matters: one count
			 * per byte that is not a continuation byte (as decoding) */
			if (f->hangul) {
				i++;
				continue;
			}
			int32_t cp;
			size_t k = text_decode(s + i, n - i, &cp);
			if (cp >= 0 && text_is_hangul(cp))
				f->hangul = true;
			i += k;
			continue;
		}
		/* A URL is one token and no length: it is the same on both sides. */
		if (c == 'h' && (i == 0 || !is_word_byte(s[i - 1])) &&
		    (str_starts_with((Str){s + i, n - i}, "https://") ||
		     str_starts_with((Str){s + i, n - i}, "http://"))) {
			size_t j = i;
			while (j < n && s[j] != ' ' && s[j] != '\n' && s[j] != '>' && s[j] != '`' &&
			       s[j] != '"' && s[j] != ')')
				j++;
			VEC_PUSH(&tok, (uint32_t)hash_fnv1a(s + i, j - i));
			f->len--; /* the 'h' counted above */
			i = j;
			continue;
		}
		if (!is_word_byte((char)c)) {
			i++;
			continue;
		}
		size_t j = i;
		bool digit = false;
		while (j < n && is_word_byte(s[j])) {
			digit |= s[j] >= '0' && s[j] <= '9';
			j++;
		}
		size_t wn = j - i;
		if ((wn >= 2 || digit) && wn < sizeof(low)) {
			for (size_t k = 0; k < wn; k++)
				low[k] = (char)((s[i + k] >= 'A' && s[i + k] <= 'Z') ? s[i + k] + 32 : s[i + k]);
			if (!stopword(low, wn))
				VEC_PUSH(&tok, (uint32_t)hash_fnv1a(low, wn));
		}
		f->len += wn - 1;
		i = j;
	}
	size_t nt = sort_unique(tok.v, tok.n);
	BUG_ON(f->ntok || nt > UINT32_MAX - f->nlines);
	size_t nl = f->nlines, all = nl + nt;
	if (all <= FEAT_IN) {
		if (nt) /* after the code's lines, here too */
			memcpy(f->u.in + nl, tok.v, nt * sizeof(*tok.v));
	} else {
		uint32_t *h = xmalloc(all * sizeof(*h));
		if (nl)
			memcpy(h, feat_lines(f), nl * sizeof(*h));
		if (nt) /* none: tok.v is NULL */
			memcpy(h + nl, tok.v, nt * sizeof(*h));
		feat_free(f);
		f->u.h = h;
	}
	f->ntok = (uint32_t)nt;
	free(tok.v);
}

/* The features of block b into f (what is not there yet): all of them,
 * or (!all) of code only what the anchors' pass reads. */
static void features(const Lines *l, const Block *b, Feat *f, bool all, Buf *tmp)
{
	bool code_only = !all && b->kind == BK_LITERAL;
	if (f->have || (code_only && f->keyed))
		return;
	f->kind = b->kind;
	f->title_level = b->title_level;
	buf_clear(tmp);
	rst_block_text(l, b, tmp);
	const char *s = tmp->p ? tmp->p : "";
	size_t n = tmp->len;
	if (!f->keyed) {
		f->text_hash = hash_words(s, n);
		if (b->kind == BK_LITERAL)
			code_features(s, n, f);
		f->keyed = true;
	}
	if (code_only)
		return;
	token_features(b, s, n, f);
	f->have = true;
}

static bool is_anchor_kind(BlockKind k);

/* What need_features computes again, dropped from a block whose region
 * is aligned: its tokens, length, Hangul and words (kept for the session,
 * they were 1.6 MB of arrays at 100k lines, 15.6 MB at 1M, read again
 * only when an edit makes align_update align the region anew; push_seg
 * reads the words, so a region is trimmed only after its segments are
 * pushed); of a block that is no anchor, all of it (its record keeps the
 * kind and level).  Kept: a code block's hashes and lines (the anchors'
 * pass), all of a title (the anchors' pass reads its tokens and
 * length). */
static void feat_trim(Side *sd, size_t k)
{
	FeatRec *r = side_r(sd, k);
	if (!r->at)
		return;
	Feat *f = pool_at(sd->pool, r->at);
	if (!is_anchor_kind(f->kind)) {
		pool_give(sd->pool, r->at);
		r->at = 0;
		return;
	}
	if (!f->have || f->kind == BK_TITLE)
		return;
	if (f->kind == BK_LITERAL && f->nlines) {
		if (!feat_inline(f)) {
			uint32_t *h = f->u.h;
			if (f->nlines <= FEAT_IN) {
				memcpy(f->u.in, h, f->nlines * sizeof(*h));
				free(h);
			} else {
				f->u.h = xrealloc(h, f->nlines * sizeof(*h));
			}
		}
	} else {
		feat_free(f);
		memset(&f->u, 0, sizeof(f->u));
	}
	f->ntok = 0;
	f->len = 0;
	f->hangul = false;
	f->words = false;
	f->have = false;
}

static size_t overlap(const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
	size_t i = 0, j = 0, k = 0;
	while (i < na && j < nb) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else
			k++, i++, j++;
	}
	return k;
}

/* ---- scoring ----------------------------------------------------------- */

/* Tokens: share of the smaller set found in the other, weighted by how
 * many there are to go on; in about -1.4..+2.6. */
static double tok_score(size_t inter, size_t na, size_t nb)
{
	size_t m = MIN(na, nb);
	if (!m)
		return 0;
	double sim = (double)inter / (double)m;
	double conf = MIN(1.0, (double)m / 4.0);
	return 4.0 * (sim - 0.35) * conf;
}

#ifndef LEN_WEIGHT
#define LEN_WEIGHT 1.2
#endif

/* Length: penalty for a target far from 0.64 (translated) or 1.0 (not)
 * times the source. */
static double len_score(size_t ls, size_t lt, bool hangul)
{
	double expect = hangul ? 0.64 : 1.0;
	double r = ((double)lt + 12.0) / (expect * (double)ls + 12.0);
	if (r < 1)
		r = 1 / r;
	double p = 2.0 * (r - 1.0) / (r + 1.0); /* ~ ln r near 1, at most 2 */
	return -LEN_WEIGHT * p;
}

static bool proseish(BlockKind k)
{
	return k == BK_PARAGRAPH || k == BK_LIST_ITEM || k == BK_FIELD || k == BK_OTHER;
}

/* Code: 12 for the same code, else by the share of lines in common (in
 * of them, na and nb lines). */
static double code_share(size_t in, size_t na, size_t nb)
{
	size_t un = na + nb - in;
	double j = un ? (double)in / (double)un : 0;
	return 12.0 * j - 4.0;
}

static double code_score(const Feat *a, const Feat *b)
{
	if (a->code_hash == b->code_hash)
		return 12.0;
	return code_share(overlap(feat_lines(a), a->nlines, feat_lines(b), b->nlines), a->nlines, b->nlines);
}

/* Two titles: by level, the same text, the tokens in common (inter of
 * them) and length. */
static double title_part(const Feat *a, const Feat *b, size_t inter)
{
	double sc = 4.0 + (a->title_level == b->title_level ? 2.0 : -3.0);
	if (a->text_hash == b->text_hash)
		sc += 4.0;
	return sc + tok_score(inter, a->ntok, b->ntok);
}

/* the length's part is at most 0 */
static double title_score(const Feat *a, const Feat *b, size_t inter)
{
	return title_part(a, b, inter) + 0.5 * len_score(a->len, b->len, b->hangul);
}

static double score_anchor(const Ctx *c, size_t si, size_t ti)
{
	const Block *a = &c->s.d->v[si], *b = &c->t.d->v[ti];
	const Feat *fa = side_f(&c->s, si), *fb = side_f(&c->t, ti);
	if (a->kind != b->kind)
		return FORBID;
	if (a->kind == BK_LITERAL)
		return code_score(fa, fb);
	return title_score(fa, fb, overlap(feat_tok(fa), fa->ntok, feat_tok(fb), fb->ntok));
}

/* The anchors' pass: score_anchor of the i-th source and j-th target
 * anchor from their keys (c->sk, c->tk: in the pass's order, so a row of
 * cells reads them in sequence), the features' lists read only when the
 * bits say they may share a line or token. */
static bool share_bits(const AnchorKey *a, const AnchorKey *b)
{
	return (a->bits[0] & b->bits[0]) | (a->bits[1] & b->bits[1]);
}

AlignAnchorWork align_anchor_work;

/* The score; or, when even a bound of it (code: all of the smaller
 * block's lines in the other; a title: all of the fewer tokens in common,
 * the length's part 0) could not bring prev + score up to g (the cell's
 * best gap), that bound instead: the cell then takes the gap, as with the
 * exact score (the scores grow with what is in common, and rounding
 * keeps the order: prev + score <= prev + bound).  The bound spares
 * reading the code's lines or the titles' tokens and the length's part.
 * g = FORBID * 2: no bound. */
static inline double score_anchor_keyed(const Ctx *c, size_t i, size_t j, double prev, double g)
{
	const AnchorKey *a = &c->sk[i], *b = &c->tk[j];
	if (a->kind != b->kind)
		return FORBID;
	const Feat *fa = a->f, *fb = b->f;
	if (a->kind == BK_LITERAL) {
		if (a->hash == b->hash)
			return 12.0;
		if (!share_bits(a, b))
			return -4.0; /* code_share(0, ...), no division */
		c->work->shared++;
		double ub = code_share(MIN(fa->nlines, fb->nlines), fa->nlines, fb->nlines);
		if (prev + ub < g)
			return ub;
		c->work->read++;
		return code_score(fa, fb);
	}
	/* a title: the same with the tokens (all of the fewer in common,
	 * if the bits say they may share one) and the length (<= 0) */
	bool sh = share_bits(a, b);
	double ub = title_part(fa, fb, sh ? MIN(fa->ntok, fb->ntok) : 0);
	c->work->titles++;
	if (prev + ub < g)
		return ub;
	c->work->titles_scored++;
	if (sh)
		ub = title_part(fa, fb, overlap(feat_tok(fa), fa->ntok, feat_tok(fb), fb->ntok));
	return ub + 0.5 * len_score(fa->len, fb->len, fb->hangul);
}

static double score_pair(const Ctx *c, size_t si, size_t ti)
{
	const Block *a = &c->s.d->v[si], *b = &c->t.d->v[ti];
	const Feat *fa = side_f(&c->s, si), *fb = side_f(&c->t, ti);
	if ((a->kind == BK_TITLE) != (b->kind == BK_TITLE))
		return FORBID;
	if (a->kind == BK_TITLE)
		return score_anchor(c, si, ti) - 2.0;
	if (fa->text_hash == fb->text_hash)
		return 10.0;
	double sc = 0;
	/* A table rewritten as a list-table (Hangul breaks grid tables). */
	if ((a->kind == BK_TABLE && b->kind == BK_DIRECTIVE && str_ends_with(rst_block_name(b), "table")) ||
	    (b->kind == BK_TABLE && a->kind == BK_DIRECTIVE && str_ends_with(rst_block_name(a), "table")))
		sc += 4.5;
	if (a->kind == b->kind)
		sc += 2.0;
	else if (proseish(a->kind) && proseish(b->kind))
		sc += 0.5;
	else
		sc -= 2.5;
	sc += a->depth == b->depth ? 0.5 : -0.5;
	sc += a->indent == b->indent ? 0.3 : 0;
	if (a->kind == BK_DIRECTIVE && b->kind == BK_DIRECTIVE) {
		sc += str_eq(rst_block_name(a), rst_block_name(b)) ? 3.0 : 0;
		sc += str_eq(rst_block_arg(a), rst_block_arg(b)) ? 1.0 : 0;
	}
	if (a->kind == BK_LITERAL && b->kind == BK_LITERAL)
		return sc + code_score(fa, fb) * 0.5;
	sc += tok_score(overlap(feat_tok(fa), fa->ntok, feat_tok(fb), fb->ntok), fa->ntok, fb->ntok);
	if (proseish(a->kind) && proseish(b->kind))
		sc += len_score(fa->len, fb->len, fb->hangul);
	return sc;
}

#ifndef MERGE_COST
#define MERGE_COST 1.1
#endif

/* 2:1 or 1:2: two prose blocks of one side into one of the other. */
static double score_merge(const Side *two, size_t x, const Side *one, size_t y, bool two_is_src)
{
	const Block *a0 = &two->d->v[x], *a1 = &two->d->v[x + 1], *b = &one->d->v[y];
	if (!proseish(a0->kind) || !proseish(a1->kind) || !proseish(b->kind) ||
	    a0->depth != a1->depth || a0->parent != a1->parent)
		return FORBID;
	const Feat *f0 = side_f(two, x), *f1 = side_f(two, x + 1), *fb = side_f(one, y);
	double sc = (a0->kind == b->kind ? 2.0 : 0.5) + (a0->depth == b->depth ? 0.5 : -0.5) +
	            (a0->indent == b->indent ? 0.3 : 0);
	size_t in0 = overlap(feat_tok(f0), f0->ntok, feat_tok(fb), fb->ntok);
	size_t in1 = overlap(feat_tok(f1), f1->ntok, feat_tok(fb), fb->ntok);
	size_t in = in0 + in1;
	size_t n2 = f0->ntok + f1->ntok;
	sc += tok_score(MIN(in, MIN(n2, fb->ntok)), n2, fb->ntok);
	size_t l2 = f0->len + f1->len;
	if (two_is_src)
		sc += len_score(l2, fb->len, fb->hangul);
	else
		sc += len_score(fb->len, l2, f0->hangul || f1->hangul);
	return sc - MERGE_COST;
}

#define GAP_ANCHOR (-0.5)
#define GAP_BLOCK (-1.0)

static double score_move(const Ctx *c, size_t i, size_t a, size_t j, size_t b)
{
	if (a == 0 || b == 0)
		return c->anchors ? GAP_ANCHOR : GAP_BLOCK;
	if (c->anchors)
		return score_anchor_keyed(c, i, j, 0, FORBID * 2);
	size_t si = c->si[i], ti = c->ti[j];
	if (a == 1 && b == 1)
		return score_pair(c, si, ti);
	if (a == 2)
		return score_merge(&c->s, si, &c->t, ti, true);
	return score_merge(&c->t, ti, &c->s, si, false);
}

/* ---- the banded DP ----------------------------------------------------- */

typedef struct Move {
	unsigned char a, b;
} Move;

static const Move moves_all[] = {{1, 1}, {1, 0}, {0, 1}, {2, 1}, {1, 2}};

typedef struct Step {
	size_t i, a, j, b; /* a run S[i..i+a) with T[j..j+b) */
} Step;
typedef VEC(Step) StepVec;

/* The DP's cells, row by row: best[off[i] + j - lo[i]] the best score of
 * (i, j), mv[...] the move that reached it (255: none). */
static void fill(const Ctx *c, size_t n, size_t m, size_t nmoves, bool full, const size_t *lo,
                 const size_t *hi, const size_t *off, double *best, unsigned char *mv)
{
	for (size_t i = 0; i <= n; i++) {
		for (size_t j = lo[i]; j <= hi[i]; j++) {
			size_t at = off[i] + (j - lo[i]);
			if (i == 0 && j == 0) {
				best[at] = 0;
				mv[at] = 255;
				continue;
			}
			double bs = FORBID * 2;
			unsigned char bm = 255;
			for (size_t k = 0; k < nmoves; k++) {
				size_t a = moves_all[k].a, b = moves_all[k].b;
				if (a > i || b > j)
					continue;
				size_t pi = i - a, pj = j - b;
				if (pj < lo[pi] || pj > hi[pi])
					continue;
				double prev = best[off[pi] + (pj - lo[pi])];
				if (prev <= FORBID)
					continue;
				double s;
				if (c->cache && full) {
					double *x = &c->cache[(i * (m + 1) + j) * 5 + k];
					if (isnan(*x))
						*x = score_move(c, pi, a, pj, b);
					s = *x;
				} else {
					s = score_move(c, pi, a, pj, b);
				}
				if (s <= FORBID)
					continue;
				if (prev + s > bs) {
					bs = prev + s;
					bm = (unsigned char)k;
				}
			}
			best[at] = bm == 255 ? FORBID * 2 : bs;
			mv[at] = bm;
		}
	}
}

/* The same for the anchors' pass (moves 1:1, 1:0, 0:1; gaps a constant),
 * the scores read from the keys: most of the first frame's pass.  Its
 * moves reach back one row: two rows of scores (best is not written), the
 * moves of every cell in mv. */
static void fill_anchors(const Ctx *c, size_t n, const size_t *lo, const size_t *hi,
                         const size_t *off, unsigned char *mv)
{
	size_t w = 1;
	for (size_t i = 0; i <= n; i++)
		w = MAX(w, hi[i] - lo[i] + 1);
	double *rows = xmalloc(2 * w * sizeof(double));
	for (size_t i = 0; i <= n; i++) {
		double *cur = rows + (i % 2) * w, *prv = rows + ((i + 1) % 2) * w;
		size_t pl = i ? lo[i - 1] : 0, ph = i ? hi[i - 1] : 0;
		for (size_t j = lo[i]; j <= hi[i]; j++) {
			size_t at = j - lo[i];
			if (i == 0 && j == 0) {
				cur[0] = 0;
				mv[0] = 255;
				continue;
			}
			/* the best gap first (up before left on a tie), then the
			 * match, which wins a tie: the order 1:1, 1:0, 0:1 of fill */
			double bs = FORBID * 2, prev;
			unsigned char bm = 255;
			if (i && j >= pl && j <= ph && (prev = prv[j - pl]) > FORBID) {
				bs = prev + GAP_ANCHOR;
				bm = 1;
			}
			if (j > lo[i] && (prev = cur[at - 1]) > FORBID && prev + GAP_ANCHOR > bs) {
				bs = prev + GAP_ANCHOR;
				bm = 2;
			}
			if (i && j && j - 1 >= pl && j - 1 <= ph && (prev = prv[j - 1 - pl]) > FORBID) {
				double sc = score_anchor_keyed(c, i - 1, j - 1, prev, bs);
				if (sc > FORBID && prev + sc >= bs) {
					bs = prev + sc;
					bm = 0;
				}
			}
			cur[at] = bm == 255 ? FORBID * 2 : bs;
			mv[off[i] + at] = bm;
		}
	}
	free(rows);
}

/* The DP of an n x m table whose rows keep to columns [lo[i], hi[i]]
 * (connected: a row starts no later than the last one ends; hi[n] = m):
 * appends its steps in order to out, their indices shifted by di and dj. */
static void dp_band(const Ctx *c, size_t n, size_t m, size_t nmoves, bool full, const size_t *lo,
                    const size_t *hi, size_t di, size_t dj, StepVec *out)
{
	if (n == 0 && m == 0)
		return;
	size_t *off = xmalloc((n + 2) * sizeof(size_t));
	xprefault(off, (n + 2) * sizeof(size_t)); /* written whole below */
	off[0] = 0;
	for (size_t i = 0; i <= n; i++)
		off[i + 1] = off[i] + (hi[i] - lo[i] + 1);
	size_t cells = off[n + 1];
	unsigned char *mv = xmalloc(cells);
	xprefault(mv, cells); /* and the moves, by the fill */
	double *best = NULL;
	if (c->anchors && nmoves == 3 && !c->cache) {
		fill_anchors(c, n, lo, hi, off, mv);
	} else {
		best = xmalloc(cells * sizeof(double));
		xprefault(best, cells * sizeof(double));
		fill(c, n, m, nmoves, full, lo, hi, off, best, mv);
	}
	/* Trace back from (n, m). */
	StepVec rev = {0};
	size_t i = n, j = m;
	while (i > 0 || j > 0) {
		unsigned char k = mv[off[i] + (j - lo[i])];
		BUG_ON(k == 255);
		size_t a = moves_all[k].a, b = moves_all[k].b;
		Step st = {i - a + di, a, j - b + dj, b};
		VEC_PUSH(&rev, st);
		i -= a;
		j -= b;
	}
	for (size_t k = rev.n; k-- > 0;)
		VEC_PUSH(out, rev.v[k]);
	VEC_FREE(&rev);
	free(best);
	free(mv);
	free(off);
}

/* Keep rows [0, n] of a band connected: a row starts no later than the
 * last one ends, and the last one ends at m. */
static void band_connect(size_t n, size_t m, size_t *lo, size_t *hi)
{
	for (size_t i = 1; i <= n; i++)
		if (lo[i] > hi[i - 1])
			lo[i] = hi[i - 1];
	hi[n] = m;
}

/* The anchors' banded pass of many rows is cut in two at a sure match and
 * its halves filled at once, the second on a thread (at 1M lines the pass
 * was ~120 ms of the first frame, on one core of two).  Sure: a code
 * anchor of the middle rows whose code the band's target anchors have
 * once, the nearest source rows not at all (a translation keeps its code:
 * such a pair scores 12, and the one-shot pass matched it on the corpus
 * and the generated pairs: test_banded_anchors_unchanged).  The halves
 * keep the whole table's band, so either reads the cells it read. */
#define ANCHOR_SPLIT_ROWS 2048
#define ANCHOR_SPLIT_TRIES 256

/* The source row of the sure match nearest the middle and its target
 * column (*si, *sj): cells (si, sj) and (si + 1, sj + 1) in the band. */
static bool anchors_split(const Ctx *c, size_t n, size_t m, const size_t *lo, const size_t *hi,
                          size_t *si, size_t *sj)
{
	size_t tries = 0;
	for (size_t d = 0; d < n / 4 && tries < ANCHOR_SPLIT_TRIES; d++) {
		for (int side = 0; side < 2 && tries < ANCHOR_SPLIT_TRIES; side++) {
			if (side && !d)
				continue;
			size_t i = side ? n / 2 - d : n / 2 + d;
			const AnchorKey *a = &c->sk[i];
			if (a->kind != BK_LITERAL || hi[i + 1] == 0)
				continue;
			tries++;
			/* the code's target anchors near the band: exactly one, in it */
			size_t w0 = lo[i] > BAND ? lo[i] - BAND : 0, w1 = MIN(m, hi[i] + BAND);
			size_t at = SIZE_MAX, count = 0;
			for (size_t j = w0; j < w1 && count < 2; j++)
				if (c->tk[j].kind == BK_LITERAL && c->tk[j].hash == a->hash) {
					count++;
					at = j;
				}
			if (count != 1 || at < lo[i] || at > hi[i] || at + 1 < lo[i + 1] || at + 1 > hi[i + 1])
				continue;
			bool alone = true;
			for (size_t k = i > 2 * BAND ? i - 2 * BAND : 0; k < MIN(n, i + 2 * BAND + 1) && alone; k++)
				alone = k == i || c->sk[k].kind != BK_LITERAL || c->sk[k].hash != a->hash;
			if (alone) {
				*si = i;
				*sj = at;
				return true;
			}
		}
	}
	return false;
}

typedef struct HalfDp {
	Ctx c;
	AlignAnchorWork work;
	size_t n, m, di, dj;
	size_t *lo, *hi;
	StepVec steps;
	pthread_t t;
} HalfDp;

static void *half_dp_run(void *arg)
{
	HalfDp *h = arg;
	dp_band(&h->c, h->n, h->m, 3, false, h->lo, h->hi, h->di, h->dj, &h->steps);
	return NULL;
}

/* The anchors' pass of an n x m band (lo, hi) cut at the match of source
 * anchor si with target anchor sj: rows [0, si] to column sj here, rows
 * [si + 1, n] from column sj + 1 on a thread (here when none starts). */
static void dp_split(const Ctx *c, size_t n, size_t m, const size_t *lo, const size_t *hi,
                     size_t si, size_t sj, StepVec *out)
{
	HalfDp h = {.c = *c, .n = n - si - 1, .m = m - sj - 1, .di = si + 1, .dj = sj + 1};
	h.c.sk += si + 1;
	h.c.tk += sj + 1;
	h.c.si += si + 1;
	h.c.ti += sj + 1;
	h.c.work = &h.work;
	h.lo = xmalloc((h.n + 1) * sizeof(size_t));
	h.hi = xmalloc((h.n + 1) * sizeof(size_t));
	for (size_t i = 0; i <= h.n; i++) {
		h.lo[i] = MAX(lo[si + 1 + i], sj + 1) - (sj + 1);
		h.hi[i] = hi[si + 1 + i] - (sj + 1);
	}
	band_connect(h.n, h.m, h.lo, h.hi);
	bool threaded = pthread_create(&h.t, NULL, half_dp_run, &h) == 0;
	size_t *lo1 = xmalloc((si + 1) * sizeof(size_t)), *hi1 = xmalloc((si + 1) * sizeof(size_t));
	for (size_t i = 0; i <= si; i++) {
		hi1[i] = MIN(hi[i], sj);
		lo1[i] = MIN(lo[i], hi1[i]);
	}
	band_connect(si, sj, lo1, hi1);
	dp_band(c, si, sj, 3, false, lo1, hi1, 0, 0, out);
	VEC_PUSH(out, ((Step){si, 1, sj, 1}));
	if (threaded)
		pthread_join(h.t, NULL);
	else
		half_dp_run(&h);
	for (size_t k = 0; k < h.steps.n; k++)
		VEC_PUSH(out, h.steps.v[k]);
	c->work->shared += h.work.shared;
	c->work->read += h.work.read;
	c->work->titles += h.work.titles;
	c->work->titles_scored += h.work.titles_scored;
	c->work->splits += h.work.splits + 1;
	VEC_FREE(&h.steps);
	free(h.lo);
	free(h.hi);
	free(lo1);
	free(hi1);
}

/* Align sequences of n and m elements (c->si, c->ti) with nmoves moves;
 * appends the steps in order to out. */
static void dp(const Ctx *c, size_t n, size_t m, size_t nmoves, StepVec *out)
{
	if (n == 0 && m == 0)
		return;
	size_t *lo = xmalloc((n + 1) * sizeof(size_t)), *hi = xmalloc((n + 1) * sizeof(size_t));
	/* these tables are written whole (below) */
	xprefault(lo, (n + 1) * sizeof(size_t));
	xprefault(hi, (n + 1) * sizeof(size_t));
	bool full = (double)(n + 1) * (double)(m + 1) <=
	            (c->anchors ? ANCHOR_FULL_DP_CELLS : FULL_DP_CELLS);
	size_t slope = n ? (m + n - 1) / n : m;
	for (size_t i = 0; i <= n; i++) {
		if (full || n == 0) {
			lo[i] = 0;
			hi[i] = m;
		} else {
			size_t c0 = (size_t)((double)i * (double)m / (double)n);
			lo[i] = c0 > BAND ? c0 - BAND : 0;
			hi[i] = MIN(m, c0 + BAND + slope);
		}
	}
	band_connect(n, m, lo, hi);
	size_t si, sj;
	if (c->anchors && nmoves == 3 && !c->cache && !full && n >= ANCHOR_SPLIT_ROWS &&
	    anchors_split(c, n, m, lo, hi, &si, &sj))
		dp_split(c, n, m, lo, hi, si, sj, out);
	else
		dp_band(c, n, m, nmoves, full, lo, hi, 0, 0, out);
	free(lo);
	free(hi);
}

/* ---- the two passes ---------------------------------------------------- */

/* The segment's lines are the same on both sides, trailing blanks aside
 * (DESIGN.md: "untranslated" is target text == source text). */
static bool same_lines(const Ctx *c, size_t s, size_t sn, size_t t, size_t tn)
{
	size_t sf = c->s.d->v[s].first, sl = c->s.d->v[s + sn - 1].last;
	size_t tf = c->t.d->v[t].first, tl = c->t.d->v[t + tn - 1].last;
	if (sl - sf != tl - tf)
		return false;
	for (size_t k = 0; k <= sl - sf; k++)
		if (!str_eq(str_trim_right(lines_get(c->s.l, sf + k)),
		            str_trim_right(lines_get(c->t.l, tf + k))))
			return false;
	return true;
}

/* A block index or count as a Segment holds it (32 bits: a side has fewer
 * than UINT32_MAX blocks, include/yeok/align.h). */
static uint32_t bix(size_t x)
{
	BUG_ON(x >= UINT32_MAX);
	return (uint32_t)x;
}

static void push_seg(Alignment *al, const Ctx *c, size_t s, size_t sn, size_t t, size_t tn)
{
	if (!sn && !tn)
		return;
	Segment g;
	g.src = bix(s);
	g.src_n = bix(sn);
	g.tgt = bix(t);
	g.tgt_n = bix(tn);
	g.kind = (uint8_t)(sn ? c->s.d->v[s].kind : c->t.d->v[t].kind);
	g.status = ST_DRAFT;
	g.no_prose = sn && rst_kind_is_prose(g.kind);
	for (size_t k = 0; k < sn && g.no_prose; k++)
		g.no_prose = !side_f(&c->s, s + k)->words;
	if (sn && tn && sn == tn) {
		bool same = true;
		for (size_t k = 0; k < sn && same; k++)
			same = side_f(&c->s, s + k)->text_hash == side_f(&c->t, t + k)->text_hash;
		/* titles: the title text (the adornment's length is not text) */
		if (same && (c->s.d->v[s].kind == BK_TITLE || same_lines(c, s, sn, t, tn)))
			g.status = ST_UNTRANSLATED;
	}
	VEC_PUSH(al, g);
}

/* The features of blocks [from, to) of a side that are not there yet. */
static void need_features(Side *sd, size_t from, size_t to)
{
	Buf tmp = BUF_INIT;
	for (size_t k = from; k < to; k++) {
		Feat *f = side_need(sd, k);
		if (!f->have)
			features(sd->l, &sd->d->v[k], f, true, &tmp);
	}
	buf_release(&tmp);
}

/* Pass 2 on source blocks [s0, s1) and target blocks [t0, t1). */
static void align_region(Ctx *c, size_t s0, size_t s1, size_t t0, size_t t1, Alignment *al)
{
	size_t n = s1 - s0, m = t1 - t0;
	if (!n && !m)
		return;
	need_features(&c->s, s0, s1);
	need_features(&c->t, t0, t1);
	size_t *si = xmalloc((n + 1) * sizeof(size_t)), *ti = xmalloc((m + 1) * sizeof(size_t));
	for (size_t k = 0; k < n; k++)
		si[k] = s0 + k;
	for (size_t k = 0; k < m; k++)
		ti[k] = t0 + k;
	c->si = si;
	c->ti = ti;
	c->anchors = false;
	StepVec steps = {0};
	dp(c, n, m, ARRAY_LEN(moves_all), &steps);
	for (size_t k = 0; k < steps.n; k++) {
		Step *st = &steps.v[k];
		/* 1:0 and 0:1 runs stay one block per segment */
		push_seg(al, c, s0 + st->i, st->a, t0 + st->j, st->b);
	}
	VEC_FREE(&steps);
	free(si);
	free(ti);
	if (c->trim) {
		for (size_t k = s0; k < s1; k++)
			feat_trim(&c->s, k);
		for (size_t k = t0; k < t1; k++)
			feat_trim(&c->t, k);
	}
}

void align_init(Alignment *a)
{
	memset(a, 0, sizeof(*a));
}

void align_release(Alignment *a)
{
	VEC_FREE(a);
}

/* Every block's record (kind, title level) into *rec and a pool with
 * the features the anchors' pass reads, for the anchors only (of code its
 * text's hash and lines: a matched code block never needs its tokens; the
 * regions' blocks get theirs as they are aligned: need_features). */
static FeatRec *anchor_features(const Lines *l, const RstDoc *d, FeatPool **pool)
{
	FeatRec *r = xcalloc(d->n ? d->n : 1, sizeof(FeatRec));
	xprefault(r, d->n * sizeof(FeatRec)); /* every block's is written below */
	FeatPool *p = xcalloc(1, sizeof(*p));
	Buf tmp = BUF_INIT;
	for (size_t k = 0; k < d->n; k++) {
		r[k].kind = (uint8_t)d->v[k].kind;
		r[k].title_level = (int16_t)d->v[k].title_level;
		if (is_anchor_kind(d->v[k].kind)) {
			r[k].at = pool_take(p);
			features(l, &d->v[k], pool_at(p, r[k].at), false, &tmp);
		}
	}
	buf_release(&tmp);
	*pool = p;
	return r;
}

static bool is_anchor_kind(BlockKind k)
{
	return k == BK_TITLE || k == BK_LITERAL;
}

/* Do two anchors score alike against every other (what score_anchor
 * reads of them is equal)? */
static bool anchor_same(const Feat *a, const Feat *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == BK_LITERAL)
		return a->code_hash == b->code_hash && a->nlines == b->nlines &&
		       (!a->nlines || memcmp(feat_lines(a), feat_lines(b), a->nlines * sizeof(uint32_t)) == 0);
	return a->title_level == b->title_level && a->text_hash == b->text_hash &&
	       a->len == b->len && a->hangul == b->hangul && a->ntok == b->ntok &&
	       (!a->ntok || memcmp(feat_tok(a), feat_tok(b), a->ntok * sizeof(uint32_t)) == 0);
}

static AnchorKey *anchor_keys(const Side *sd, const size_t *v, size_t n)
{
	AnchorKey *k = xmalloc((n ? n : 1) * sizeof(*k));
	xprefault(k, n * sizeof(*k)); /* written whole below */
	for (size_t x = 0; x < n; x++) {
		const Feat *a = side_f(sd, v[x]);
		bool code = a->kind == BK_LITERAL;
		k[x] = (AnchorKey){code ? a->code_hash : a->text_hash, {0, 0}, a, a->kind};
		hash_bits(code ? feat_lines(a) : feat_tok(a), code ? a->nlines : a->ntok, k[x].bits);
	}
	return k;
}

/* The anchors' pass over source anchors sa[0..sn), target ta[0..tn). */
static void anchors_dp(Ctx *c, const size_t *sa, size_t sn, const size_t *ta, size_t tn,
                       StepVec *steps)
{
	AnchorKey *sk = anchor_keys(&c->s, sa, sn), *tk = anchor_keys(&c->t, ta, tn);
	c->si = sa;
	c->ti = ta;
	c->sk = sk;
	c->tk = tk;
	c->anchors = true;
	c->work = &align_anchor_work;
	dp(c, sn, tn, 3, steps);
	c->sk = c->tk = NULL;
	free(sk);
	free(tk);
}

static size_t count_below(const size_t *v, size_t n, size_t x);

/* ---- titles an RST error left without a partner ---------------------------
 * Titles carry little to pair them by once translated (a level, a length):
 * where one side has a title the other lost (a title glued to the text above
 * it, `결론` over `---`, which docutils reads as text) the anchors' pass
 * pairs the titles in order, and every section after the lost one shifts
 * by one up to the next sure anchor.  So between two sure anchors (code, a
 * title with the same text or English in common: the delimiters) where the
 * two sides have different numbers of titles, which titles pair is decided
 * again with what lies between them: the number of blocks and their length
 * (a section's prose keeps its shape in translation).  The titles that did
 * pair stay anchors on both sides of the lost one; it is left without a
 * partner (a 1:0 segment in its region).  Runs are independent, so doing
 * this on one run (align_update) gives what doing it on all does. */
#define REPAIR_MAX_TITLES 32
#define REPAIR_BLOCK_DIFF 0.8

/* Is the match of anchors s and t a delimiter (sure whatever the titles
 * around it do): code, or a title with the same text (untranslated)?
 * repair_run never makes such a pair, so the delimiters are the anchors'
 * pass's own and the runs are the same before and after a repair. */
static bool match_sure(const Ctx *c, size_t s, size_t t)
{
	const Feat *a = side_f(&c->s, s), *b = side_f(&c->t, t);
	if (a->kind != BK_TITLE)
		return true; /* code */
	return a->text_hash == b->text_hash;
}

/* Blocks other than titles in [from, to) of a side and their bytes, as
 * prefix sums over [from, to). */
typedef struct Shape {
	size_t from;
	size_t *n, *len;
	bool hangul;
} Shape;

static void shape_make(const Side *sd, size_t from, size_t to, Shape *sh)
{
	sh->from = from;
	sh->n = xcalloc(to - from + 1, sizeof(size_t));
	sh->len = xcalloc(to - from + 1, sizeof(size_t));
	sh->hangul = false;
	for (size_t k = from; k < to; k++) {
		const Block *b = &sd->d->v[k];
		size_t bytes = 0;
		if (b->kind != BK_TITLE)
			for (size_t i = b->first; i <= b->last; i++) {
				Str ln = lines_get(sd->l, i);
				bytes += ln.n;
				for (size_t x = 0; x < ln.n && !sh->hangul; x++)
					sh->hangul = (unsigned char)ln.p[x] >= 0xEA && (unsigned char)ln.p[x] <= 0xED;
			}
		sh->n[k - from + 1] = sh->n[k - from] + (b->kind != BK_TITLE);
		sh->len[k - from + 1] = sh->len[k - from] + bytes;
	}
}

static void shape_free(Shape *sh)
{
	free(sh->n);
	free(sh->len);
}

/* The non-title blocks of [s0, s1) of a shape and their bytes. */
static void shape_span(const Shape *a, size_t s0, size_t s1, size_t *n, size_t *len)
{
	if (s1 < s0)
		s1 = s0;
	*n = a->n[s1 - a->from] - a->n[s0 - a->from];
	*len = a->len[s1 - a->from] - a->len[s0 - a->from];
}

/* A title of a run, or on the target side a title an RST error turned
 * into text (pseudo: a line over an adornment inside a paragraph, its
 * block `block`): it cannot be paired in a segment, but it says where
 * the Korean's section starts.  Content before it: blocks [.., pre),
 * after it: [post, ..). */
typedef struct RunTitle {
	size_t block;
	size_t pre, post;
	bool pseudo;
	int level;        /* pseudo: the level of the target's titles with
	                     its adornment character (0: none) */
	size_t len;       /* pseudo: its text's length */
} RunTitle;

#define REPAIR_OWN (-0.3)   /* a block in an unpaired title's section */
#define REPAIR_PSEUDO (-1.0) /* a pseudo title's pairing, against a title's */

/* Blocks between consecutive points of one side: from `after` (where the
 * last paired title's content starts) to `before` (where the next
 * paired one's ends), with unpaired titles list[u0..u1) in between: the
 * content up to the first of them is compared (*n, *len), the rest is
 * theirs (*own blocks). */
static void side_between(const Shape *sh, const RunTitle *list, size_t u0, size_t u1, size_t after,
                         size_t before, size_t *n, size_t *len, size_t *own)
{
	size_t cut = u0 < u1 ? list[u0].pre : before;
	shape_span(sh, after, cut, n, len);
	size_t ol = 0;
	*own = 0;
	if (u0 < u1)
		shape_span(sh, list[u0].post, before, own, &ol);
}

/* How alike the two sides are between two points (at most 0): the
 * source's titles E[i0..i1) and the target's K[j0..j1) are unpaired. */
static double between(const Shape *a, const RunTitle *E, size_t i0, size_t i1, size_t s_after,
                      size_t s_before, const Shape *b, const RunTitle *K, size_t j0, size_t j1,
                      size_t t_after, size_t t_before)
{
	/* an unpaired title's section is read two ways, the better taken: as
	 * content the other side has too (a title lost to an RST error: its
	 * text is in the other side's section), or as its own (a section one
	 * side added) */
	size_t na, la, oa, nb, lb, ob, an, al, bn, bl;
	side_between(a, E, i0, i1, s_after, s_before, &na, &la, &oa);
	side_between(b, K, j0, j1, t_after, t_before, &nb, &lb, &ob);
	shape_span(a, s_after, s_before, &an, &al);
	shape_span(b, t_after, t_before, &bn, &bl);
	double own = -REPAIR_BLOCK_DIFF * (double)(na > nb ? na - nb : nb - na) +
	             REPAIR_OWN * (double)(oa + ob);
	if (la || lb)
		own += len_score(la, lb, b->hangul);
	double all = -REPAIR_BLOCK_DIFF * (double)(an > bn ? an - bn : bn - an);
	if (al || bl)
		all += len_score(al, bl, b->hangul);
	return MAX(own, all) + GAP_ANCHOR * (double)((i1 - i0) + (j1 - j0));
}

/* The target blocks [t0, t1)' titles and pseudo titles, in order. */
static size_t run_titles_tgt(const Ctx *c, size_t t0, size_t t1, RunTitle *K)
{
	size_t q = 0;
	int levels[256]; /* an adornment character's title level, -1: not looked up */
	for (size_t x = 0; x < 256; x++)
		levels[x] = -1;
	for (size_t k = t0; k < t1; k++) {
		const Block *b = &c->t.d->v[k];
		if (b->kind == BK_TITLE) {
			if (q >= REPAIR_MAX_TITLES)
				return SIZE_MAX;
			K[q++] = (RunTitle){k, k, k + 1, false, 0, 0};
			continue;
		}
		if (b->kind != BK_PARAGRAPH)
			continue;
		for (size_t i = b->first; i + 1 <= b->last; i++) {
			Str tx = str_trim(lines_get(c->t.l, i)), u = str_trim(lines_get(c->t.l, i + 1));
			if (!tx.n || u.n < 2 || !strchr("=-~^\"'`#*+_:.", u.p[0]))
				continue;
			size_t x = 1;
			while (x < u.n && u.p[x] == u.p[0])
				x++;
			if (x < u.n || (tx.n >= 2 && tx.p[0] == u.p[0] && tx.p[1] == u.p[0]))
				continue; /* not an adornment; or two adornments */
			if (q >= REPAIR_MAX_TITLES)
				return SIZE_MAX;
			int *level = &levels[(unsigned char)u.p[0]];
			for (size_t y = 0; *level < 0 && y <= c->t.d->n; y++)
				if (y == c->t.d->n)
					*level = 0;
				else if (c->t.d->v[y].kind == BK_TITLE &&
				         c->t.d->v[y].adornment == (unsigned char)u.p[0])
					*level = c->t.d->v[y].title_level;
			K[q++] = (RunTitle){k, k + 1, k + 1, true, *level, (size_t)text_width(tx.p, tx.n)};
			break; /* one a paragraph */
		}
	}
	return q;
}

/* The pairing of source title E and target (pseudo) title K (FORBID: a
 * pair that would be a delimiter, match_sure). */
static double run_pair(const Ctx *c, const RunTitle *E, const RunTitle *K)
{
	if (!K->pseudo)
		return match_sure(c, E->block, K->block) ? FORBID : score_anchor(c, E->block, K->block);
	const Feat *fa = side_f(&c->s, E->block);
	return 4.0 + (K->level && fa->title_level == K->level ? 2.0 : -3.0) +
	       0.5 * len_score(fa->len, K->len, true) + REPAIR_PSEUDO;
}

/* Pair the titles of one run again: source blocks [s0, s1), target [t0,
 * t1) between two delimiters.  Appends the pairs (ascending) to ps/pt;
 * false when the run is left as the anchors' pass matched it (as many
 * titles on both sides, pseudo titles counted, none on one, or too
 * many). */
typedef VEC(size_t) IndexVec;

static bool repair_run(const Ctx *c, size_t s0, size_t s1, size_t t0, size_t t1, IndexVec *ps,
                       IndexVec *pt)
{
	RunTitle E[REPAIR_MAX_TITLES], K[REPAIR_MAX_TITLES];
	size_t p = 0, real_q = 0;
	for (size_t k = s0; k < s1; k++)
		if (c->s.d->v[k].kind == BK_TITLE) {
			if (p >= REPAIR_MAX_TITLES)
				return false;
			E[p++] = (RunTitle){k, k, k + 1, false, 0, 0};
		}
	for (size_t k = t0; k < t1; k++)
		real_q += c->t.d->v[k].kind == BK_TITLE;
	if (p == real_q || !p || !real_q)
		return false;
	size_t q = run_titles_tgt(c, t0, t1, K);
	if (q == SIZE_MAX)
		return false;
	Shape a, b;
	shape_make(&c->s, s0, s1, &a);
	shape_make(&c->t, t0, t1, &b);
	/* f[i][j]: the best with E[i]-K[j] the last pair; from[i][j]: the pair
	 * before it (i * q + j), or SIZE_MAX for none */
	double f[REPAIR_MAX_TITLES][REPAIR_MAX_TITLES];
	size_t from[REPAIR_MAX_TITLES][REPAIR_MAX_TITLES];
	for (size_t i = 0; i < p; i++) {
		for (size_t j = 0; j < q; j++) {
			double best = between(&a, E, 0, i, s0, E[i].pre, &b, K, 0, j, t0, K[j].pre);
			size_t bf = SIZE_MAX;
			for (size_t i2 = 0; i2 < i; i2++)
				for (size_t j2 = 0; j2 < j; j2++) {
					double v = f[i2][j2] + between(&a, E, i2 + 1, i, E[i2].post, E[i].pre, &b, K,
					                               j2 + 1, j, K[j2].post, K[j].pre);
					if (v > best) {
						best = v;
						bf = i2 * q + j2;
					}
				}
			f[i][j] = best + run_pair(c, &E[i], &K[j]);
			from[i][j] = bf;
		}
	}
	double best = between(&a, E, 0, p, s0, s1, &b, K, 0, q, t0, t1);
	size_t last = SIZE_MAX;
	for (size_t i = 0; i < p; i++)
		for (size_t j = 0; j < q; j++) {
			double v = f[i][j] + between(&a, E, i + 1, p, E[i].post, s1, &b, K, j + 1, q,
			                             K[j].post, t1);
			if (v > best) {
				best = v;
				last = i * q + j;
			}
		}
	size_t n0 = ps->n;
	for (size_t x = last; x != SIZE_MAX; x = from[x / q][x % q]) {
		if (K[x % q].pseudo)
			continue; /* a place, not a partner */
		VEC_PUSH(ps, E[x / q].block);
		VEC_PUSH(pt, K[x % q].block);
	}
	for (size_t i = n0, j = ps->n ? ps->n - 1 : 0; i < j; i++, j--) { /* in order */
		size_t t = ps->v[i];
		ps->v[i] = ps->v[j];
		ps->v[j] = t;
		t = pt->v[i];
		pt->v[i] = pt->v[j];
		pt->v[j] = t;
	}
	shape_free(&a);
	shape_free(&b);
	return true;
}

/* Repair the runs of m's matches that touch matches [r_lo, r_hi) (the
 * delimiters around them found outward).  The matches outside the runs
 * repaired stay; *lo_kept and *hi_kept: how many at each end stayed
 * (SIZE_MAX: not asked). */
static void repair_titles(const Ctx *c, AlignMemo *m, size_t r_lo, size_t r_hi, size_t *lo_kept,
                          size_t *hi_kept)
{
	size_t K = m->ms.n;
	/* the delimiters: a (the one before r_lo, or none: SIZE_MAX) .. b */
	size_t a = r_lo;
	while (a > 0 && !match_sure(c, m->ms.v[a - 1], m->mt.v[a - 1]))
		a--;
	size_t first = a; /* the first match the runs hold */
	a = a ? a - 1 : SIZE_MAX;
	size_t b = r_hi;
	while (b < K && !match_sure(c, m->ms.v[b], m->mt.v[b]))
		b++;
	IndexVec ns = {0}, nt = {0};
	bool changed = false;
	size_t r = first;
	/* each run between consecutive delimiters in [first, b] */
	while (r <= b) {
		size_t e = r;
		while (e < K && e < b && !match_sure(c, m->ms.v[e], m->mt.v[e]))
			e++;
		/* the run: matches [r, e) between delimiter r - 1 and e */
		size_t s0 = r ? m->ms.v[r - 1] + 1 : 0, t0 = r ? m->mt.v[r - 1] + 1 : 0;
		size_t s1 = e < K ? m->ms.v[e] : m->sn, t1 = e < K ? m->mt.v[e] : m->tn;
		size_t before = ns.n;
		if (repair_run(c, s0, s1, t0, t1, &ns, &nt)) {
			size_t same = ns.n - before == e - r;
			for (size_t x = 0; same && x < e - r; x++)
				same = ns.v[before + x] == m->ms.v[r + x] && nt.v[before + x] == m->mt.v[r + x];
			changed |= !same;
		} else {
			for (size_t x = r; x < e; x++) {
				VEC_PUSH(&ns, m->ms.v[x]);
				VEC_PUSH(&nt, m->mt.v[x]);
			}
		}
		if (e < K && e <= b) { /* the delimiter itself */
			VEC_PUSH(&ns, m->ms.v[e]);
			VEC_PUSH(&nt, m->mt.v[e]);
		}
		r = e + 1;
	}
	size_t end = b < K ? b + 1 : K; /* matches [first, end) were rewritten */
	if (changed) {
		size_t tail = K - end, nK = first + ns.n + tail;
		IndexVec ms = {0}, mt = {0};
		VEC_RESERVE(&ms, nK);
		VEC_RESERVE(&mt, nK);
		if (first) {
			memcpy(ms.v, m->ms.v, first * sizeof(size_t));
			memcpy(mt.v, m->mt.v, first * sizeof(size_t));
		}
		if (ns.n) {
			memcpy(ms.v + first, ns.v, ns.n * sizeof(size_t));
			memcpy(mt.v + first, nt.v, nt.n * sizeof(size_t));
		}
		if (tail) {
			memcpy(ms.v + first + ns.n, m->ms.v + end, tail * sizeof(size_t));
			memcpy(mt.v + first + ns.n, m->mt.v + end, tail * sizeof(size_t));
		}
		ms.n = mt.n = nK;
		VEC_FREE(&m->ms);
		VEC_FREE(&m->mt);
		m->ms.v = ms.v;
		m->ms.n = ms.n;
		m->ms.cap = ms.cap;
		m->mt.v = mt.v;
		m->mt.n = mt.n;
		m->mt.cap = mt.cap;
		if (lo_kept && *lo_kept > first)
			*lo_kept = first;
		if (hi_kept && *hi_kept > tail)
			*hi_kept = tail;
	}
	VEC_FREE(&ns);
	VEC_FREE(&nt);
}

/* Is target block t inside a run whose titles repair_titles pairs again
 * (its prose decides them, so an edit there pairs them again)? */
static bool in_repaired_run(const Ctx *c, const AlignMemo *m, size_t t)
{
	size_t K = m->ms.n, r = count_below(m->mt.v, K, t);
	if (r < K && m->mt.v[r] == t && match_sure(c, m->ms.v[r], m->mt.v[r]))
		return false; /* a delimiter itself */
	size_t a = r, b = r;
	while (a > 0 && !match_sure(c, m->ms.v[a - 1], m->mt.v[a - 1]))
		a--;
	while (b < K && !match_sure(c, m->ms.v[b], m->mt.v[b]))
		b++;
	size_t s0 = a ? m->ms.v[a - 1] + 1 : 0, t0 = a ? m->mt.v[a - 1] + 1 : 0;
	size_t s1 = b < K ? m->ms.v[b] : m->sn, t1 = b < K ? m->mt.v[b] : m->tn;
	size_t p = 0, q = 0;
	for (size_t k = s0; k < s1; k++)
		p += c->s.d->v[k].kind == BK_TITLE;
	for (size_t k = t0; k < t1; k++)
		q += c->t.d->v[k].kind == BK_TITLE;
	return p != q && p && q && p <= REPAIR_MAX_TITLES && q <= REPAIR_MAX_TITLES;
}

/* Does an edit of target blocks [t0, t1) reach a run that
 * repair_titles pairs again?  (Every block of it is looked at: the runs
 * are long, the edits a few blocks.) */
static bool edit_in_repaired_run(const Ctx *c, const AlignMemo *m, size_t t0, size_t t1)
{
	for (size_t t = t0; t < t1 || t == t0; t++)
		if (in_repaired_run(c, m, t))
			return true;
	return false;
}

/* Pass 1: match the anchors of both sides (m->ms, m->mt). */
static void match_anchors(Ctx *c, AlignMemo *m)
{
	VEC(size_t) ta = {0};
	for (size_t k = 0; k < m->tn; k++)
		if (is_anchor_kind(memo_tf(m, k)->kind))
			VEC_PUSH(&ta, k);
	StepVec steps = {0};
	anchors_dp(c, m->sa.v, m->sa.n, ta.v, ta.n, &steps);
	m->ms.n = m->mt.n = 0;
	for (size_t k = 0; k < steps.n; k++) {
		Step *st = &steps.v[k];
		if (st->a != 1 || st->b != 1)
			continue;
		VEC_PUSH(&m->ms, m->sa.v[st->i]);
		VEC_PUSH(&m->mt, ta.v[st->j]);
	}
	VEC_FREE(&steps);
	VEC_FREE(&ta);
	repair_titles(c, m, 0, m->ms.n, NULL, NULL);
}

/* The number of v[0..n) (ascending) below x. */
static size_t count_below(const size_t *v, size_t n, size_t x)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Large documents (an anchors' pass over more than ANCHOR_FULL_DP_CELLS
 * cells, thousands of lines): target anchors [t0, t0 + old_n) changed
 * (now [t0, t0 + new_n)); the matches before and after them (oms, omt:
 * the old ones, oK of them) stay, the anchors between the nearest ones
 * that stay (LOCAL_ANCHOR_MARGIN more on each side) are matched again by
 * the same pass on that stretch alone. */
#define LOCAL_ANCHOR_MARGIN 2
static void rematch_local(Ctx *c, AlignMemo *m, const size_t *oms, const size_t *omt, size_t oK,
                          size_t t0, size_t old_n, long dn, size_t *keep_lo, size_t *keep_hi)
{
	/* The matches are ascending on both sides, and so are the source
	 * anchors: the stretch is found by bisection and copied in slices,
	 * not pushed one by one (~60k matches at 1M lines, every key that
	 * changes an anchor). */
	size_t r0 = count_below(omt, oK, t0);          /* matches [0, r0) stay as they were */
	size_t r1 = count_below(omt, oK, t0 + old_n); /* matches [r1, oK) stay, shifted */
	r0 = r0 > LOCAL_ANCHOR_MARGIN ? r0 - LOCAL_ANCHOR_MARGIN : 0;
	r1 = r1 + LOCAL_ANCHOR_MARGIN < oK ? r1 + LOCAL_ANCHOR_MARGIN : oK;
	/* the stretch: source blocks (s_lo, s_hi), target (t_lo, t_hi), new numbering */
	size_t s_lo = r0 ? oms[r0 - 1] + 1 : 0, s_hi = r1 < oK ? oms[r1] : m->sn;
	size_t t_lo = r0 ? omt[r0 - 1] + 1 : 0;
	size_t t_hi = r1 < oK ? (size_t)((long)omt[r1] + dn) : m->tn;
	size_t sa0 = count_below(m->sa.v, m->sa.n, s_lo);
	size_t sa1 = MAX(sa0, count_below(m->sa.v, m->sa.n, s_hi));
	const size_t *sa = m->sa.v + sa0;
	VEC(size_t) ta = {0};
	for (size_t k = t_lo; k < t_hi; k++)
		if (is_anchor_kind(memo_tf(m, k)->kind))
			VEC_PUSH(&ta, k);
	StepVec steps = {0};
	anchors_dp(c, sa, sa1 - sa0, ta.v, ta.n, &steps);
	size_t mid = 0;
	for (size_t k = 0; k < steps.n; k++)
		mid += steps.v[k].a == 1 && steps.v[k].b == 1;
	size_t K = r0 + mid + (oK - r1);
	VEC_RESERVE(&m->ms, K);
	VEC_RESERVE(&m->mt, K);
	/* matches [0, r0) are there: m->ms and m->mt hold oms and omt (the
	 * caller's copies) */
	BUG_ON(m->ms.n != oK || m->mt.n != oK);
	size_t r = r0;
	for (size_t k = 0; k < steps.n; k++) {
		Step *st = &steps.v[k];
		if (st->a == 1 && st->b == 1) {
			m->ms.v[r] = sa[st->i];
			m->mt.v[r++] = ta.v[st->j];
		}
	}
	memcpy(&m->ms.v[r], &oms[r1], (oK - r1) * sizeof(size_t));
	for (size_t x = r1; x < oK; x++)
		m->mt.v[r++] = (size_t)((long)omt[x] + dn);
	m->ms.n = m->mt.n = K;
	*keep_lo = r0;
	*keep_hi = oK - r1;
	repair_titles(c, m, r0, r0 + mid, keep_lo, keep_hi);
	VEC_FREE(&steps);
	VEC_FREE(&ta);
}

/* The blocks of unit u under matches ms/mt (K of them) over sn/tn blocks:
 * source [*s0, *s1), target [*t0, *t1). */
static void unit_range(const size_t *ms, const size_t *mt, size_t K, size_t sn, size_t tn,
                       size_t u, size_t *s0, size_t *s1, size_t *t0, size_t *t1)
{
	size_t r = u / 2;
	if (u % 2) {
		*s0 = ms[r];
		*t0 = mt[r];
		*s1 = *s0 + 1;
		*t1 = *t0 + 1;
		return;
	}
	*s0 = r ? ms[r - 1] + 1 : 0;
	*t0 = r ? mt[r - 1] + 1 : 0;
	*s1 = r < K ? ms[r] : sn;
	*t1 = r < K ? mt[r] : tn;
}

/* The change align_update is making: target blocks [tc, tc + old_n) are
 * [tc, tc + new_n) now. */
typedef struct Change {
	size_t tc, old_n, new_n;
} Change;

/* A score table for region source [s0, s1), target [t0, t1) (current
 * numbering) with what m->rc (old numbering, before change ch) has for the
 * moves that read no changed block; NAN elsewhere. */
static double *remap_scores(const AlignMemo *m, size_t s0, size_t s1, size_t t0, size_t t1,
                            const Change *ch)
{
	size_t n = s1 - s0, w = t1 - t0, cells = (n + 1) * (w + 1) * 5;
	double *sc = xmalloc(cells * sizeof(double));
	for (size_t x = 0; x < cells; x++)
		sc[x] = NAN;
	if (!m->rc || m->rc_s0 != s0 || m->rc_s1 != s1)
		return sc;
	long dn = (long)ch->new_n - (long)ch->old_n;
	size_t ow = m->rc_t1 - m->rc_t0;
	for (size_t j = 0; j <= w; j++) {
		for (size_t k = 0; k < ARRAY_LEN(moves_all); k++) {
			size_t b = moves_all[k].b;
			if (!b || b > j)
				continue; /* gaps cost a constant */
			size_t first = t0 + j - b, end = t0 + j;
			long oend;
			if (end <= ch->tc)
				oend = (long)end;
			else if (first >= ch->tc + ch->new_n)
				oend = (long)end - dn;
			else
				continue; /* reads a changed block */
			if (oend - (long)b < (long)m->rc_t0 || oend > (long)m->rc_t1)
				continue;
			size_t jo = (size_t)oend - m->rc_t0;
			for (size_t i = 0; i <= n; i++)
				sc[(i * (w + 1) + j) * 5 + k] = m->rc[(i * (ow + 1) + jo) * 5 + k];
		}
	}
	return sc;
}

/* The placeholders of a pending region: each source block alone, then
 * each target block alone (a valid alignment: no segment holds two
 * titles; drafts, nothing decided). */
static void push_placeholders(Alignment *a, const Ctx *c, size_t s0, size_t s1, size_t t0,
                              size_t t1)
{
	for (size_t k = s0; k < s1; k++)
		VEC_PUSH(a, ((Segment){bix(k), 1, bix(t0), 0, (uint8_t)c->s.d->v[k].kind, ST_DRAFT, false}));
	for (size_t k = t0; k < t1; k++)
		VEC_PUSH(a, ((Segment){bix(s1), 0, bix(k), 1, (uint8_t)c->t.d->v[k].kind, ST_DRAFT, false}));
}

static void splice_segments(Alignment *a, size_t k0, size_t k1, const Alignment *mid, long dn,
                            Alignment *removed);

/* Append the segments of units [u0, u1) to a; m->useg[u] gets where each
 * starts, counted from base.  ch (NULL: none) is the change of an update:
 * small regions then keep their scores for the next one.  pend: the
 * regions are left pending (m->upend) with placeholders. */
static void units_segments(Ctx *c, AlignMemo *m, size_t u0, size_t u1, Alignment *a,
                           size_t base, const Change *ch, bool pend)
{
	size_t K = m->ms.n;
	double *keep = NULL;
	size_t ks0 = 0, ks1 = 0, kt0 = 0, kt1 = 0;
	for (size_t u = u0; u < u1; u++) {
		size_t s0, s1, t0, t1;
		unit_range(m->ms.v, m->mt.v, K, m->sn, m->tn, u, &s0, &s1, &t0, &t1);
		m->useg.v[u] = base + a->n;
		if (u % 2) {
			push_seg(a, c, s0, 1, t0, 1);
			continue;
		}
		if (pend && (s1 > s0 || t1 > t0)) {
			push_placeholders(a, c, s0, s1, t0, t1);
			m->upend.v[u] = 1;
			m->npend++;
			continue;
		}
		bool cache = ch && (double)(s1 - s0 + 1) * (double)(t1 - t0 + 1) <= CACHE_CELLS;
		c->cache = cache ? remap_scores(m, s0, s1, t0, t1, ch) : NULL;
		align_region(c, s0, s1, t0, t1, a);
		if (cache) {
			free(keep);
			keep = c->cache;
			ks0 = s0, ks1 = s1, kt0 = t0, kt1 = t1;
		}
		c->cache = NULL;
	}
	if (keep) {
		free(m->rc);
		m->rc = keep;
		m->rc_s0 = ks0, m->rc_s1 = ks1, m->rc_t0 = kt0, m->rc_t1 = kt1;
	}
}

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

struct AlignFeatures {
	FeatRec *r;     /* anchor_features' (owned) */
	FeatPool *pool;
	size_t n;       /* the blocks they are of */
};

AlignFeatures *align_features_new(const Lines *l, const RstDoc *d)
{
	AlignFeatures *af = xmalloc(sizeof(*af));
	af->r = anchor_features(l, d, &af->pool);
	af->n = d->n;
	return af;
}

/* The records af holds and their pool, taken (af freed), or (af NULL)
 * computed of l and d. */
static FeatRec *take_features(AlignFeatures *af, const Lines *l, const RstDoc *d, FeatPool **pool)
{
	if (!af)
		return anchor_features(l, d, pool);
	BUG_ON(af->n != d->n);
	FeatRec *r = af->r;
	*pool = af->pool;
	free(af);
	return r;
}

/* sf, tf: the source's and the target's anchor_features, taken (freed
 * here), or NULL. */
static void align_start(const Lines *src, const RstDoc *sb, AlignFeatures *sf, const Lines *tgt,
                        const RstDoc *tb, AlignFeatures *tf, Alignment *a, AlignMemo **memo,
                        bool pend)
{
	a->n = 0;
	AlignMemo *m = xcalloc(1, sizeof(*m));
	m->sn = sb->n;
	m->tn = m->tcap = m->tgap = tb->n;
	m->sf = take_features(sf, src, sb, &m->sp);
	m->tf = take_features(tf, tgt, tb, &m->tp);
	for (size_t k = 0; k < sb->n; k++)
		if (is_anchor_kind(sb->v[k].kind))
			VEC_PUSH(&m->sa, k);
	Ctx c;
	memset(&c, 0, sizeof(c));
	c.trim = true;
	c.s = side_src(m, src, sb);
	c.t = side_tgt(m, tgt, tb);
	match_anchors(&c, m);
	for (size_t k = 0; k < m->tn; k++)
		m->tan += is_anchor_kind(memo_tf(m, k)->kind);
	size_t U = 2 * m->ms.n + 1;
	VEC_RESERVE(&m->useg, U + 1);
	m->useg.n = U + 1;
	VEC_RESERVE(&m->upend, U);
	m->upend.n = U;
	memset(m->upend.v, 0, U);
	/* phased: a segment per matched pair and a placeholder per other
	 * block, allocated once (not doubled: copies and fresh pages) */
	if (pend && memo) {
		VEC_RESERVE(a, m->sn + m->tn - m->ms.n);
		xprefault(a->v, (m->sn + m->tn - m->ms.n) * sizeof(Segment)); /* all of them written */
	}
	units_segments(&c, m, 0, U, a, 0, NULL, pend && memo);
	m->useg.v[U] = a->n;
	if (memo) {
		align_memo_free(*memo);
		*memo = m;
	} else {
		align_memo_free(m);
	}
}

void align_docs_memo(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                     Alignment *a, AlignMemo **memo)
{
	align_start(src, sb, NULL, tgt, tb, NULL, a, memo, false);
}

void align_docs_phased(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                       Alignment *a, AlignMemo **memo)
{
	align_start(src, sb, NULL, tgt, tb, NULL, a, memo, true);
}

void align_docs_with(const Lines *src, const RstDoc *sb, AlignFeatures *sf, const Lines *tgt,
                     const RstDoc *tb, AlignFeatures *tf, Alignment *a, AlignMemo **memo,
                     bool phased)
{
	BUG_ON(phased && !memo);
	align_start(src, sb, sf, tgt, tb, tf, a, memo, phased);
}

size_t align_pending(const AlignMemo *m)
{
	return m ? m->npend : 0;
}

/* The first pending unit whose segments end after segment seg, or the
 * first pending one when none does (SIZE_MAX: none pending). */
static size_t pending_unit(const AlignMemo *m, size_t seg)
{
	size_t U = m->upend.n, first = SIZE_MAX;
	if (!m->npend)
		return SIZE_MAX;
	/* the unit of seg: the last u with useg[u] <= seg */
	size_t lo = 0, hi = U;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->useg.v[mid + 1] <= seg)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t u = lo; u < U; u++)
		if (m->upend.v[u])
			return u;
	for (size_t u = 0; u < lo && first == SIZE_MAX; u++)
		if (m->upend.v[u])
			first = u;
	return first;
}

bool align_next_pending(const AlignMemo *m, size_t seg, size_t *k0)
{
	size_t u = m ? pending_unit(m, seg) : SIZE_MAX;
	if (u == SIZE_MAX || m->useg.v[u + 1] <= seg)
		return false;
	*k0 = m->useg.v[u];
	return true;
}

/* The blocks of unit u, both sides. */
static size_t unit_blocks(const AlignMemo *m, size_t u)
{
	size_t s0, s1, t0, t1;
	unit_range(m->ms.v, m->mt.v, m->ms.n, m->sn, m->tn, u, &s0, &s1, &t0, &t1);
	return (s1 - s0) + (t1 - t0);
}

/* The units align_idle_step aligned and did not splice: dropped (they
 * stay pending). */
static void hold_drop(AlignMemo *m)
{
	m->hold.n = 0;
	m->hold_useg.n = 0;
	m->hu0 = m->hu1 = 0;
	m->hold_blocks = 0;
}

/* Can units [u1, u1 + 2) join a splice ending at unit u1 (the anchor u1,
 * then a stretch pending or empty)? */
static bool unit_joins(const AlignMemo *m, size_t u1)
{
	return u1 + 1 < m->upend.n && (m->upend.v[u1 + 1] || !unit_blocks(m, u1 + 1));
}

bool align_idle_step(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                     const RstDoc *tb, Alignment *a, size_t max_blocks, size_t splice_blocks,
                     Alignment *removed, AlignSplice *out, bool *spliced)
{
	*spliced = false;
	if (!m || !m->npend)
		return false;
	BUG_ON(m->sn != sb->n || m->tn != tb->n);
	if (align_idle_splice_due(m, splice_blocks)) {
		/* a step of its own: the splice (the stepped's work is per
		 * segment: more of it in a step that aligned as well) */
		size_t hu0 = m->hu0, u1 = m->hu1, k0 = m->useg.v[hu0], k1 = m->useg.v[u1];
		for (size_t v = hu0; v < u1; v += 2) {
			BUG_ON(!m->upend.v[v] && unit_blocks(m, v));
			m->npend -= m->upend.v[v];
			m->upend.v[v] = 0;
		}
		memcpy(m->useg.v + hu0, m->hold_useg.v, (u1 - hu0) * sizeof(size_t));
		long dk = (long)m->hold.n - (long)(k1 - k0);
		for (size_t v = u1; dk && v < m->useg.n; v++)
			m->useg.v[v] = (size_t)((long)m->useg.v[v] + dk);
		splice_segments(a, k0, k1, &m->hold, 0, removed);
		*out = (AlignSplice){k0, k1, m->hold.n, false};
		*spliced = true;
		hold_drop(m);
		return true;
	}
	size_t u, u1;
	if (m->hu0 == m->hu1) {
		u = pending_unit(m, 0);
		BUG_ON(u == SIZE_MAX);
		m->hu0 = m->hu1 = u;
		u1 = u + 1;
	} else {
		u = m->hu1; /* the anchor after the hold, then a stretch */
		u1 = u + 2;
	}
	size_t blocks = 0;
	for (size_t v = u; v < u1; v++)
		blocks += unit_blocks(m, v);
	while (unit_joins(m, u1) && blocks < max_blocks) {
		blocks += 2 + unit_blocks(m, u1 + 1);
		u1 += 2;
	}
	Ctx c;
	memset(&c, 0, sizeof(c));
	c.trim = true;
	c.s = side_src(m, src, sb);
	c.t = side_tgt(m, tgt, tb);
	/* units_segments writes where each unit starts into useg: kept in
	 * hold_useg, useg as it was (the alignment has the placeholders) */
	size_t k0 = m->useg.v[m->hu0];
	VEC_RESERVE(&m->hold_useg, m->hold_useg.n + (u1 - u));
	size_t *keep = xmalloc((u1 - u) * sizeof(size_t));
	memcpy(keep, m->useg.v + u, (u1 - u) * sizeof(size_t));
	units_segments(&c, m, u, u1, &m->hold, k0, NULL, false);
	memcpy(m->hold_useg.v + m->hold_useg.n, m->useg.v + u, (u1 - u) * sizeof(size_t));
	m->hold_useg.n += u1 - u;
	memcpy(m->useg.v + u, keep, (u1 - u) * sizeof(size_t));
	free(keep);
	m->hu1 = u1;
	m->hold_blocks += blocks;
	return true; /* the splice: a step of its own */
}

bool align_idle_splice_due(const AlignMemo *m, size_t splice_blocks)
{
	return m && m->hu0 != m->hu1 && (m->hold_blocks >= splice_blocks || !unit_joins(m, m->hu1));
}

bool align_step(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                const RstDoc *tb, Alignment *a, size_t seg, size_t max_blocks,
                Alignment *removed, AlignSplice *out)
{
	if (m)
		hold_drop(m);
	size_t u = m ? pending_unit(m, seg) : SIZE_MAX;
	if (u == SIZE_MAX)
		return false;
	BUG_ON(m->sn != sb->n || m->tn != tb->n);
	/* units [u, u1): u, then the anchor and the stretch after it while
	 * that is pending or empty (two anchors in a row: nothing to align)
	 * and fewer than max_blocks blocks were taken (one splice for all: a
	 * splice moves every segment after it) */
	size_t U = m->upend.n, u1 = u + 1, blocks = unit_blocks(m, u);
	while (u1 + 1 < U && blocks < max_blocks) {
		size_t nb = unit_blocks(m, u1 + 1);
		if (!m->upend.v[u1 + 1] && nb)
			break;
		blocks += 2 + nb;
		u1 += 2;
	}
	for (size_t v = u; v < u1; v += 2) {
		BUG_ON(!m->upend.v[v] && unit_blocks(m, v));
		m->npend -= m->upend.v[v];
		m->upend.v[v] = 0;
	}
	Ctx c;
	memset(&c, 0, sizeof(c));
	c.trim = true;
	c.s = side_src(m, src, sb);
	c.t = side_tgt(m, tgt, tb);
	size_t k0 = m->useg.v[u], k1 = m->useg.v[u1];
	Alignment mid;
	align_init(&mid);
	units_segments(&c, m, u, u1, &mid, k0, NULL, false);
	long dk = (long)mid.n - (long)(k1 - k0);
	for (size_t v = u1; dk && v < m->useg.n; v++)
		m->useg.v[v] = (size_t)((long)m->useg.v[v] + dk);
	splice_segments(a, k0, k1, &mid, 0, removed);
	*out = (AlignSplice){k0, k1, mid.n, false};
	align_release(&mid);
	return true;
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

void align_docs(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                Alignment *a)
{
	align_docs_memo(src, sb, tgt, tb, a, NULL);
}

/* Is old unit u (under old matches, old numbering) the same blocks as new
 * unit v: the same source blocks, and target blocks outside the changed
 * ones [t0, t0 + old_n) that are v's after the shift by dn? */
static bool unit_kept(const size_t *oms, const size_t *omt, size_t oK, size_t otn,
                      const AlignMemo *m, size_t u, size_t v, size_t t0, size_t old_n, long dn)
{
	if (u % 2 != v % 2)
		return false;
	size_t a0, a1, b0, b1, c0, c1, d0, d1;
	unit_range(oms, omt, oK, m->sn, otn, u, &a0, &a1, &b0, &b1);
	unit_range(m->ms.v, m->mt.v, m->ms.n, m->sn, m->tn, v, &c0, &c1, &d0, &d1);
	if (a0 != c0 || a1 != c1)
		return false;
	if (b1 <= t0 && d0 == b0 && d1 == b1)
		return true;
	return b0 >= t0 + old_n && (long)d0 == (long)b0 + dn && (long)d1 == (long)b1 + dn;
}

/* The changed blocks' anchors against the old ones: true when both
 * windows hold the same anchor sequence (old block t0 + wo[x] is then new
 * block t0 + wn[x], *nw of them).  Keeps m->tan, the count of target
 * anchors, up to date. */
static bool window_anchors(AlignMemo *m, const Feat *nf, size_t t0, size_t old_n, size_t new_n,
                           size_t *wo, size_t *wn, size_t *nw)
{
	bool same = true;
	size_t i = 0, j = 0;
	*nw = 0;
	for (;;) {
		while (i < old_n && !is_anchor_kind(memo_tf(m, t0 + i)->kind))
			i++;
		while (j < new_n && !is_anchor_kind(nf[j].kind))
			j++;
		if (i == old_n || j == new_n) {
			same = i == old_n && j == new_n;
			break;
		}
		if (!anchor_same(memo_tfeat(m, t0 + i), &nf[j])) {
			same = false;
			break;
		}
		wo[*nw] = i;
		wn[(*nw)++] = j;
		i++, j++;
	}
	for (size_t k = 0; k < old_n; k++)
		m->tan -= is_anchor_kind(memo_tf(m, t0 + k)->kind);
	for (size_t k = 0; k < new_n; k++)
		m->tan += is_anchor_kind(nf[k].kind);
	return same;
}

/* The gap of the target features moved to block g (g <= tn): the records
 * between the gap and g cross it. */
static void move_gap(AlignMemo *m, size_t g)
{
	size_t gn = m->tcap - m->tn;
	m->tmoved += g < m->tgap ? m->tgap - g : g - m->tgap;
	if (g < m->tgap)
		memmove(&m->tf[g + gn], &m->tf[g], (m->tgap - g) * sizeof(FeatRec));
	else if (g > m->tgap)
		memmove(&m->tf[m->tgap], &m->tf[m->tgap + gn], (g - m->tgap) * sizeof(FeatRec));
	m->tgap = g;
}

/* The target features: blocks [t0, t0 + old_n) become nf (adopted).  A
 * change in their number moves the gap to the change (the records in
 * between cross it: none for the next key at the same place) and writes
 * the new ones over the old and the gap. */
static void splice_features(AlignMemo *m, size_t t0, size_t old_n, size_t new_n, Feat *nf)
{
	for (size_t k = t0; k < t0 + old_n; k++)
		if (memo_tf(m, k)->at)
			pool_give(m->tp, memo_tf(m, k)->at);
	if (new_n != old_n) {
		size_t tn = m->tn + new_n - old_n;
		if (tn > m->tcap) {
			move_gap(m, m->tn); /* the records in one run, then more room */
			m->tf = xgrow(m->tf, &m->tcap, tn, sizeof(FeatRec));
		}
		move_gap(m, t0 + old_n);
		/* the old blocks then the gap: old_n + tcap - tn records from t0 */
		m->tn = tn;
		m->tgap = t0 + new_n;
	}
	/* the changed blocks keep their features (all of them, an anchor's
	 * what the anchors' pass reads) */
	for (size_t k = 0; k < new_n; k++) {
		FeatRec *r = memo_tf(m, t0 + k);
		*r = (FeatRec){nf[k].kind, nf[k].title_level, pool_take(m->tp)};
		*pool_at(m->tp, r->at) = nf[k];
	}
	free(nf);
}

/* The same anchor sequence scores the same: the old matches stay, those
 * after the change shifted, those in it moved to the same anchors there. */
static void shift_matches(AlignMemo *m, const size_t *omt, size_t oK, size_t t0, size_t old_n,
                          long dn, const size_t *wo, const size_t *wn, size_t nw)
{
	size_t x = 0;
	for (size_t r = count_below(omt, oK, t0); r < oK; r++) { /* those below t0 stay */
		if (omt[r] >= t0 + old_n) {
			m->mt.v[r] = (size_t)((long)omt[r] + dn);
		} else if (omt[r] >= t0) {
			while (x < nw && t0 + wo[x] < omt[r])
				x++;
			BUG_ON(x == nw || t0 + wo[x] != omt[r]);
			m->mt.v[r] = t0 + wn[x];
		}
	}
}

/* The kept score table (of a region not aligned now) is in the old
 * numbering: renumber it, or drop it where the change reached. */
static void renumber_scores(AlignMemo *m, size_t t0, size_t old_n, long dn)
{
	if (m->rc_t0 >= t0 + old_n) {
		m->rc_t0 = (size_t)((long)m->rc_t0 + dn);
		m->rc_t1 = (size_t)((long)m->rc_t1 + dn);
	} else if (m->rc_t1 > t0 || (m->rc_t1 == t0 && old_n)) {
		free(m->rc);
		m->rc = NULL;
	}
}

/* Move n segments from v[from] to v[to] (the ranges may overlap), their
 * target blocks by dn, in one pass over them: the tail of the table at
 * 1M lines is ~285k segments (5.7 MB), and a move then a shift read and
 * wrote it twice.  The copy runs against the move, as memmove's does. */
static void move_segments(Segment *v, size_t to, size_t from, size_t n, long dn)
{
	uint32_t d = (uint32_t)dn; /* modulo 2^32: the blocks stay in range */
	if (to == from) {
		for (size_t i = 0; d && i < n; i++)
			v[to + i].tgt += d;
	} else if (!d) {
		memmove(&v[to], &v[from], n * sizeof(Segment));
	} else if (to < from) {
		for (size_t i = 0; i < n; i++) {
			Segment g = v[from + i];
			g.tgt += d;
			v[to + i] = g;
		}
	} else {
		for (size_t i = n; i-- > 0;) {
			Segment g = v[from + i];
			g.tgt += d;
			v[to + i] = g;
		}
	}
}

/* Segments [k0, k1) of a become mid's (the old ones go to removed); the
 * target blocks of the segments after them move by dn. */
static void splice_segments(Alignment *a, size_t k0, size_t k1, const Alignment *mid, long dn,
                            Alignment *removed)
{
	long dk = (long)mid->n - (long)(k1 - k0);
	removed->n = 0;
	for (size_t k = k0; k < k1; k++)
		VEC_PUSH(removed, a->v[k]);
	size_t an = (size_t)((long)a->n + dk), tail = a->n - k1;
	if (an > a->cap)
		a->v = xgrow(a->v, &a->cap, an, sizeof(Segment));
	move_segments(a->v, k0 + mid->n, k1, tail, dn);
	if (mid->n)
		memcpy(&a->v[k0], mid->v, mid->n * sizeof(Segment));
	a->n = an;
}

/* The last q + 1 units' starts us[U - q .. U] from the old ones' [oU - q,
 * oU], plus dk: ascending when they move down (each read before it is
 * written), descending when they move up (the old ones below U - q, which
 * units_segments overwrote, come from kept). */
static void move_unit_starts(size_t *us, size_t U, size_t oU, size_t q, long dk,
                             const size_t *kept)
{
	if (U <= oU && (dk || U != oU)) { /* else those entries are as they were */
		for (size_t v = U - q; v <= U; v++)
			us[v] = (size_t)((long)us[v - U + oU] + dk);
	} else if (U > oU) {
		for (size_t v = U + 1; v-- > U - q;) {
			size_t u = v - (U - oU);
			size_t x = u < U - q ? kept[u - (oU - q)] : us[u];
			us[v] = (size_t)((long)x + dk);
		}
	}
}

/* Does an edit of target blocks [t0, t0 + new_n) that keeps the anchors
 * reach a run repair_titles pairs again (before the features are
 * spliced: the numbering is the old one, the same)? */
static bool update_repairs(const AlignMemo *m, const Lines *src, const RstDoc *sb,
                           const Lines *tgt, const RstDoc *tb, size_t t0, size_t new_n)
{
	Ctx pc;
	memset(&pc, 0, sizeof(pc));
	pc.s = side_src(m, src, sb);
	pc.t = side_tgt(m, tgt, tb);
	return edit_in_repaired_run(&pc, m, t0, t0 + new_n);
}

/* A copy of v[0..n) (*owned set). */
static size_t *copy_indices(const size_t *v, size_t n, bool *owned)
{
	size_t *c = xmalloc((n + 1) * sizeof(size_t));
	if (n)
		memcpy(c, v, n * sizeof(size_t));
	*owned = true;
	return c;
}

void align_update(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                  const RstDoc *tb, Alignment *a, size_t t0, size_t old_n, size_t new_n,
                  Alignment *removed, AlignSplice *out)
{
	BUG_ON(t0 + old_n > m->tn || t0 + new_n > tb->n || m->tn - old_n + new_n != tb->n);
	BUG_ON(m->npend); /* align_step first, to the end */
	long dn = (long)new_n - (long)old_n;
	/* The changed blocks' features; are their anchors the same? */
	Feat *nf = xcalloc(new_n ? new_n : 1, sizeof(Feat));
	Buf tmp = BUF_INIT;
	for (size_t i = 0; i < new_n; i++)
		features(tgt, &tb->v[t0 + i], &nf[i], !is_anchor_kind(tb->v[t0 + i].kind), &tmp);
	buf_release(&tmp);
	size_t nw;
	size_t *wo = xmalloc((old_n + 1) * sizeof(size_t)), *wn = xmalloc((new_n + 1) * sizeof(size_t));
	bool same = window_anchors(m, nf, t0, old_n, new_n, wo, wn, &nw);
	/* The old matches and units, for what stays.  The same anchors at the
	 * same blocks (a key inside a paragraph): the matches stay as they are
	 * and the units' segment starts change in place (units_segments writes
	 * units [p, U - q) only), so nothing is copied. */
	bool in_place = same && !dn;
	for (size_t x = 0; in_place && x < nw; x++)
		in_place = wo[x] == wn[x];
	/* an edit in a run whose titles its prose pairs may pair them
	 * otherwise: the matches may change (the numbering is the same) */
	in_place = in_place && !update_repairs(m, src, sb, tgt, tb, t0, new_n);
	size_t oK = m->ms.n, otn = m->tn, oU = 2 * oK + 1;
	/* (the units' starts are not copied: m->useg is changed in place,
	 * below, where it is read; nor are the source sides of the matches
	 * when the anchors are the same: shift_matches leaves them) */
	size_t *oms = m->ms.v, *omt = m->mt.v;
	bool oms_owned = false; /* copied for a repair of the same anchors */
	if (!in_place) {
		if (!same) {
			oms = xmalloc((oK + 1) * sizeof(size_t));
			if (oK)
				memcpy(oms, m->ms.v, oK * sizeof(size_t));
		}
		omt = xmalloc((oK + 1) * sizeof(size_t));
		if (oK)
			memcpy(omt, m->mt.v, oK * sizeof(size_t));
	}
	splice_features(m, t0, old_n, new_n, nf);
	BUG_ON(m->tn != tb->n);
	Ctx c;
	memset(&c, 0, sizeof(c));
	c.s = side_src(m, src, sb);
	c.t = side_tgt(m, tgt, tb);
	/* matches [0, keep_lo) and the last keep_hi are the old ones, before
	 * and after the changed blocks: their units stay */
	size_t keep_lo = 0, keep_hi = 0;
	if (same) {
		keep_lo = count_below(omt, oK, t0);
		keep_hi = oK - count_below(omt, oK, t0 + old_n);
		if (!in_place) /* else every match stays */
			shift_matches(m, omt, oK, t0, old_n, dn, wo, wn, nw);
		if (!in_place && edit_in_repaired_run(&c, m, t0, t0 + new_n)) {
			if (oms == m->ms.v) /* repair_titles replaces m->ms */
				oms = copy_indices(oms, oK, &oms_owned);
			size_t r0 = count_below(m->mt.v, m->ms.n, t0);
			size_t r1 = count_below(m->mt.v, m->ms.n, t0 + new_n);
			repair_titles(&c, m, r0, r1, &keep_lo, &keep_hi);
		}
	} else if ((double)(m->sa.n + 1) * (double)(m->tan + 1) <= ANCHOR_FULL_DP_CELLS) {
		match_anchors(&c, m);
	} else {
		rematch_local(&c, m, oms, omt, oK, t0, old_n, dn, &keep_lo, &keep_hi);
	}
	size_t U = 2 * m->ms.n + 1;
	size_t p = MIN(2 * keep_lo, MIN(oU, U)), q = MIN(2 * keep_hi, MIN(oU, U) - p);
	while (p + q < oU && p + q < U && unit_kept(oms, omt, oK, otn, m, p, p, t0, old_n, dn))
		p++;
	while (q < oU - p && q < U - p &&
	       unit_kept(oms, omt, oK, otn, m, oU - 1 - q, U - 1 - q, t0, old_n, dn))
		q++;
	/* The new segments of units [p, U - q). */
	BUG_ON(in_place && U != oU);
	VEC_RESERVE(&m->useg, U + 1); /* in place: U == oU, no move */
	m->useg.n = U + 1;
	/* none is pending (npend 0): the old units' flags are 0, the new ones
	 * are set to 0 */
	VEC_RESERVE(&m->upend, U);
	if (U > m->upend.n)
		memset(m->upend.v + m->upend.n, 0, U - m->upend.n);
	m->upend.n = U;
	/* m->useg: units [0, p) start where they did; units [p, U - q) are
	 * written by units_segments; the last q + 1 are the old ones' [oU - q,
	 * oU] moved by U - oU and dk.  When U > oU the old [oU - q, U - q),
	 * which units_segments overwrites, are kept first (2 entries a match
	 * added: a few). */
	size_t k0 = m->useg.v[p], k1 = m->useg.v[oU - q];
	size_t ov = U > oU ? U - oU : 0, nkept = MIN(ov, q + 1); /* those read */
	size_t *kept = xmalloc((nkept + 1) * sizeof(size_t));
	if (nkept)
		memcpy(kept, &m->useg.v[oU - q], nkept * sizeof(size_t));
	Alignment mid;
	align_init(&mid);
	Change ch = {t0, old_n, new_n};
	double *rc0 = m->rc;
	units_segments(&c, m, p, U - q, &mid, k0, &ch, false);
	if (m->rc && m->rc == rc0)
		renumber_scores(m, t0, old_n, dn);
	long dk = (long)mid.n - (long)(k1 - k0);
	move_unit_starts(m->useg.v, U, oU, q, dk, kept);
	free(kept);
	splice_segments(a, k0, k1, &mid, dn, removed);
	out->k0 = k0;
	out->k1 = k1;
	out->wn = mid.n;
	out->anchors = !same;
	align_release(&mid);
	if (!in_place) {
		if (!same || oms_owned)
			free(oms);
		free(omt);
	}
	free(wo);
	free(wn);
}

bool align_src_lines(const Segment *s, const RstDoc *sb, size_t *first, size_t *last)
{
	if (!s->src_n)
		return false;
	*first = sb->v[s->src].first;
	*last = sb->v[s->src + s->src_n - 1].last;
	return true;
}

bool align_tgt_lines(const Segment *s, const RstDoc *tb, size_t *first, size_t *last)
{
	if (!s->tgt_n)
		return false;
	*first = tb->v[s->tgt].first;
	*last = tb->v[s->tgt + s->tgt_n - 1].last;
	return true;
}

size_t align_seg_after_tgt(const Alignment *a, size_t b)
{
	size_t lo = 0, hi = a->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (a->v[mid].tgt + a->v[mid].tgt_n <= b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

double align_matched_share(const Alignment *a, const RstDoc *sb)
{
	if (!sb->n)
		return 1.0;
	size_t m = 0;
	for (size_t k = 0; k < a->n; k++)
		if (a->v[k].tgt_n)
			m += a->v[k].src_n;
	return (double)m / (double)sb->n;
}

const char *align_status_name(SegStatus s)
{
	static const char *const names[ST_COUNT] = {"untranslated", "draft", "done", "stale",
	                                            "reviewed"};
	return (unsigned)s < ST_COUNT ? names[s] : "draft";
}

bool align_check(const Alignment *a, const RstDoc *sb, const RstDoc *tb, Err *e)
{
	size_t s = 0, t = 0;
	for (size_t k = 0; k < a->n; k++) {
		const Segment *g = &a->v[k];
		if (!g->src_n && !g->tgt_n)
			return err_set(e, EXIT_DATAERR, "segment %zu is empty", k);
		if (g->src != s && g->src_n)
			return err_set(e, EXIT_DATAERR, "segment %zu: source block %zu, expected %zu", k,
			               (size_t)g->src, s);
		if (g->tgt != t && g->tgt_n)
			return err_set(e, EXIT_DATAERR, "segment %zu: target block %zu, expected %zu", k,
			               (size_t)g->tgt, t);
		s += g->src_n;
		t += g->tgt_n;
		if (s > sb->n || t > tb->n)
			return err_set(e, EXIT_DATAERR, "segment %zu runs past the blocks", k);
		bool title = false, other = false;
		for (size_t x = g->src; x < g->src + g->src_n; x++)
			*(sb->v[x].kind == BK_TITLE ? &title : &other) = true;
		for (size_t x = g->tgt; x < g->tgt + g->tgt_n; x++)
			*(tb->v[x].kind == BK_TITLE ? &title : &other) = true;
		if (title && (other || g->src_n > 1 || g->tgt_n > 1))
			return err_set(e, EXIT_DATAERR, "segment %zu crosses a title", k);
		if ((unsigned)g->status >= ST_COUNT)
			return err_set(e, EXIT_DATAERR, "segment %zu: bad status", k);
	}
	if (s != sb->n || t != tb->n)
		return err_set(e, EXIT_DATAERR, "segments cover %zu/%zu source and %zu/%zu target blocks",
		               s, sb->n, t, tb->n);
	return true;
}

void align_write(const Alignment *a, const RstDoc *sb, const RstDoc *tb, bool json, Buf *out)
{
	if (json)
		buf_adds(out, "[");
	for (size_t k = 0; k < a->n; k++) {
		const Segment *g = &a->v[k];
		size_t sf = 0, sl = 0, tf = 0, tl = 0;
		bool hs = align_src_lines(g, sb, &sf, &sl), ht = align_tgt_lines(g, tb, &tf, &tl);
		const char *kind = rst_kind_name(g->kind), *st = align_status_name(g->status);
		if (json) {
			buf_addf(out, "%s\n  {\"kind\":\"%s\",\"source\":", k ? "," : "", kind);
			if (hs)
				buf_addf(out, "[%zu,%zu]", sf + 1, sl + 1);
			else
				buf_adds(out, "null");
			buf_adds(out, ",\"target\":");
			if (ht)
				buf_addf(out, "[%zu,%zu]", tf + 1, tl + 1);
			else
				buf_adds(out, "null");
			buf_addf(out, ",\"status\":\"%s\"}", st);
			continue;
		}
		buf_addf(out, "%s\t", kind);
		if (hs)
			buf_addf(out, "%zu\t%zu\t", sf + 1, sl + 1);
		else
			buf_adds(out, "-\t-\t");
		if (ht)
			buf_addf(out, "%zu\t%zu\t", tf + 1, tl + 1);
		else
			buf_adds(out, "-\t-\t");
		buf_addf(out, "%s\n", st);
	}
	if (json)
		buf_adds(out, a->n ? "\n]\n" : "]\n");
}
