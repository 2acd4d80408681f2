/* Is the English older than the Korean?  What a translator never changes,
 * compared (include/yeok/source.h, "A stale English"). */
#include "yeok/source.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <time.h>

#include "yeok/text.h"
#include "yeok/vcs.h"

static bool source_stale_says(const SourceStaleScore *sc);

/* One item: its hash and the block it came from. */
typedef struct Item {
	uint64_t h;
	uint32_t block;
	bool lonely; /* no equal item on the other side */
	bool weak;   /* an inline literal: a translator adds some when he
	                explains; compared, not counted as evidence */
} Item;

typedef VEC(Item) ItemVec;

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

static void push(ItemVec *v, char tag, const char *p, size_t n, size_t block)
{
	uint64_t h = hash_fnv1a(&tag, 1) ^ (hash_fnv1a(p, n) * 0x100000001b3ULL);
	Item it = {h, (uint32_t)block, false, tag == 'L'};
	VEC_PUSH(v, it);
}

/* A code line without its comment (`#` or `//` outside a string) and
 * without any blank: what must be the same on both sides. */
static void code_line(Str line, Buf *out)
{
	/* written in place: at most line.n bytes (a buf_addc a byte was a
	 * fifth of the English's staleness measure) */
	buf_clear(out);
	buf_grow(out, line.n);
	char *o = out->p, quote = 0;
	size_t w = 0;
	for (size_t i = 0; i < line.n; i++) {
		char c = line.p[i];
		if (quote) {
			if (c == '\\' && i + 1 < line.n) {
				o[w++] = c;
				o[w++] = line.p[++i];
				continue;
			}
			if (c == quote)
				quote = 0;
		} else if (c == '"' || c == '\'') {
			quote = c;
		} else if (c == '#' || (c == '/' && i + 1 < line.n && line.p[i + 1] == '/')) {
			break;
		}
		if (c != ' ' && c != '\t' && c != '\r')
			o[w++] = c;
	}
	o[w] = '\0';
	out->len = w;
}

/* Lines [from, to) of a literal block (its first line is the `::` or
 * directive line only for a one-line block: content starts at first). */
static void code_items(const Lines *l, size_t from, size_t to, size_t bi, bool korean, ItemVec *v,
                       Buf *tmp)
{
	for (size_t i = from; i < to; i++) {
		Str line = lines_get(l, i);
		if (korean && has_hangul(line.p, line.n))
			continue; /* a translated string or comment */
		code_line(line, tmp);
		/* a line of one character (`)`, `}`) says nothing */
		if (tmp->len > 1)
			push(v, 'C', tmp->p, tmp->len, bi);
	}
}

static bool url_end(char c)
{
	/* Hangul after a URL is the sentence going on */
	return (unsigned char)c >= 0x80 || strchr(" \t\r\n><`\"')]|", c) != NULL;
}

/* A URL as the same page on both sides: no scheme, no `www.`, no anchor,
 * no `.html` or final `/`, lowercase host, the Korean mirrors of the
 * English sites mapped back (tutorials.pytorch.kr, PyTorchKorea's
 * repositories, docs.python.org/ko).  false: a Korean-only page (a `.kr`
 * host, a `/ko/` path, ko.wikipedia) that a translator may link instead. */
static bool url_key(Str u, Buf *out)
{
	buf_clear(out);
	size_t i = u.p[4] == 's' ? 8 : 7; /* after "https://" or "http://" */
	if (i + 4 <= u.n && !strncmp(u.p + i, "www.", 4))
		i += 4;
	size_t host = out->len;
	for (; i < u.n && u.p[i] != '/'; i++)
		buf_addc(out, (char)tolower((unsigned char)u.p[i]));
	size_t host_n = out->len - host;
	for (; i < u.n && u.p[i] != '#'; i++)
		buf_addc(out, u.p[i]);
	while (out->len && out->p[out->len - 1] == '/')
		out->p[--out->len] = '\0';
	if (out->len > 5 && !strcmp(out->p + out->len - 5, ".html"))
		out->p[out->len -= 5] = '\0';
	if (!host_n || !out->len)
		return false;
	static const struct { const char *ko, *en; } mirrors[] = {
		{"tutorials.pytorch.kr", "pytorch.org/tutorials"},
		{"pytorch.kr", "pytorch.org"},
		{"github.com/pytorchkorea/tutorials-kr", "github.com/pytorch/tutorials"},
		{"docs.python.org/ko/3", "docs.python.org/3"},
	};
	Buf low = BUF_INIT;
	for (size_t k = 0; k < out->len; k++)
		buf_addc(&low, (char)tolower((unsigned char)out->p[k]));
	bool local = false;
	for (size_t k = 0; k < ARRAY_LEN(mirrors); k++) {
		size_t n = strlen(mirrors[k].ko);
		if (low.len >= n && !strncmp(low.p, mirrors[k].ko, n) &&
		    (low.p[n] == '\0' || low.p[n] == '/')) {
			Buf b = BUF_INIT;
			buf_adds(&b, mirrors[k].en);
			buf_add(&b, out->p + n, out->len - n);
			buf_clear(out);
			buf_add(out, b.p, b.len);
			buf_release(&b);
			local = true;
			break;
		}
	}
	/* branches of a repository: /blob/main/ and /blob/master/ are the
	 * same file */
	for (const char *const *t = (const char *const[]){"/blob/", "/tree/", NULL}; *t; t++) {
		char *at = strstr(out->p, *t);
		char *end = at ? strchr(at + strlen(*t), '/') : NULL;
		if (end) {
			size_t from = (size_t)(at - out->p) + strlen(*t);
			memmove(out->p + from + 1, end, strlen(end) + 1);
			out->p[from] = '*';
			out->len = strlen(out->p);
		}
	}
	/* a person's page (github.com/NAME): a translator's or an author's */
	bool person = !strncmp(low.p, "github.com/", 11) && !strchr(low.p + 11, '/');
	bool korean_page = person || (!local && ((host_n > 3 && !strncmp(low.p + host_n - 3, ".kr", 3)) ||
	                              !strncmp(low.p, "ko.", 3) || strstr(low.p, "/ko/") ||
	                              strstr(low.p, "/ko-kr/") || strstr(low.p, "pytorchkorea")));
	buf_release(&low);
	return !korean_page;
}

/* The URLs and ``inline literals`` of an RST text line. */
static void inline_items(Str line, bool literals, bool korean, size_t bi, ItemVec *v, Buf *tmp)
{
	for (size_t i = 0; i < line.n; i++) {
		const char *p = line.p + i;
		size_t rest = line.n - i;
		if (p[0] == 'h' && ((rest > 8 && !strncmp(p, "https://", 8)) ||
		                    (rest > 7 && !strncmp(p, "http://", 7)))) {
			size_t e = 0;
			while (e < rest && !url_end(p[e]))
				e++;
			if (url_key((Str){p, e}, tmp) && tmp->len)
				push(v, 'U', tmp->p, tmp->len, bi);
			i += e;
		} else if (literals && rest > 4 && p[0] == '`' && p[1] == '`') {
			const char *end = NULL;
			for (size_t k = 2; k + 1 < rest; k++)
				if (p[k] == '`' && p[k + 1] == '`') {
					end = p + k;
					break;
				}
			if (!end)
				return; /* a literal over two lines: not compared */
			size_t n = (size_t)(end - p) - 2;
			if (n && !(korean && has_hangul(p + 2, n))) {
				buf_clear(tmp);
				buf_grow(tmp, n);
				size_t w = 0;
				for (size_t k = 0; k < n; k++)
					if (p[2 + k] != ' ')
						tmp->p[w++] = p[2 + k];
				tmp->p[w] = '\0';
				tmp->len = w;
				push(v, 'L', tmp->p, tmp->len, bi);
			}
			i += (size_t)(end - p) + 1;
		}
	}
}

/* Lines [from, to) of block bi (the lines of its kind's items) into v. */
static void block_lines_items(const Lines *l, const Block *b, size_t bi, size_t from, size_t to,
                              bool korean, ItemVec *v, Buf *tmp)
{
	switch ((BlockKind)b->kind) {
	case BK_LITERAL:
		code_items(l, from, to, bi, korean, v, tmp);
		return;
	case BK_DIRECTIVE:
		for (size_t i = from; i < to; i++)
			inline_items(lines_get(l, i), false, korean, bi, v, tmp);
		return;
	case BK_COMMENT:
	case BK_TRANSITION:
		return;
	default:
		for (size_t i = from; i < to; i++)
			inline_items(lines_get(l, i), true, korean, bi, v, tmp);
		return;
	}
}

/* Block bi's items that come before its lines' (a directive's argument). */
static void block_head_items(const Block *b, size_t bi, bool korean, ItemVec *v)
{
	if ((BlockKind)b->kind != BK_DIRECTIVE)
		return;
	/* an argument without blanks: a path, a language, a name (a title
	 * with blanks is prose a translator translates) */
	Str a = str_trim(rst_block_arg(b));
	if (a.n && !memchr(a.p, ' ', a.n) && !(korean && has_hangul(a.p, a.n)))
		push(v, 'D', a.p, a.n, bi);
}

/* The lines of block b that hold its items: [first, last] within l. */
static size_t block_end(const Lines *l, const Block *b)
{
	return MIN((size_t)b->last + 1, l->n);
}

/* Block bi's items into v. */
static void block_items(const Lines *l, const RstDoc *d, size_t bi, bool korean, ItemVec *v,
                        Buf *tmp)
{
	const Block *b = &d->v[bi];
	block_head_items(b, bi, korean, v);
	block_lines_items(l, b, bi, b->first, block_end(l, b), korean, v, tmp);
}

/* ---- a measurement in steps --------------------------------------------
 * Both sides' items gathered block by block (the English's, then the
 * Korean's), each side sorted by hash (a stable radix sort: the items come
 * in block order, so equal hashes stay in it, as (hash, block) order has
 * them), then marked and counted: every phase a few units at a time, so
 * the editor measures in idle slices what a whole document's items cost
 * (436k a side at 1M lines). */
enum { RUN_EN, RUN_KO, RUN_SORT, RUN_MARK, RUN_COUNT, RUN_DONE };
enum { RADIX_BITS = 11, RADIX_PASSES = 6 }; /* 66 bits: the whole hash */
_Static_assert(RADIX_BITS * RADIX_PASSES >= 64, "the radix passes read every bit");

struct SourceStaleRun {
	int phase;
	size_t block, line;  /* gathering: the next block, the next of its lines
	                        (SIZE_MAX: its head not read yet) */
	size_t ko_blocks;    /* the Korean's blocks when its items were gathered */
	ItemVec en, ko;
	Buf tmp;
	/* sorting: side 0 (en) or 1 (ko), pass, stage 0 (count), 1 (move) or
	 * 2 (the moves' destination touched) */
	int side, pass, stage;
	size_t at;           /* the next item of the stage */
	Item *to;            /* the moves' destination (as many as the side's) */
	size_t count[1u << RADIX_BITS];
	/* merging (a side of STALE_MERGE_MAX items at most): the runs' width
	 * (0: not begun), the first run's start, the next item of each run,
	 * the next output */
	size_t mw, mlo, ma, mb, mo;
	size_t i, j;         /* marking: the next item of each side */
	bool *seen;          /* counting: the blocks seen holding a lonely item */
	size_t lonely, blocks; /* counting: the side's so far */
	size_t units;        /* spent so far (source_stale_run_units) */
};

size_t source_stale_run_units(const SourceStaleRun *r)
{
	return r->units;
}

bool source_stale_run_reads_korean(const SourceStaleRun *r)
{
	return r->phase == RUN_KO;
}

SourceStaleRun *source_stale_run_new(void)
{
	SourceStaleRun *r = xcalloc(1, sizeof(*r));
	r->line = SIZE_MAX;
	return r;
}

void source_stale_run_free(SourceStaleRun *r)
{
	if (!r)
		return;
	VEC_FREE(&r->en);
	VEC_FREE(&r->ko);
	buf_release(&r->tmp);
	free(r->to);
	free(r->seen);
	free(r);
}

void source_stale_run_korean_changed(SourceStaleRun *r)
{
	if (r->phase != RUN_KO)
		return; /* not started, or gathered already: what it measures */
	r->ko.n = 0;
	r->block = 0;
	r->line = SIZE_MAX;
}

/* n units spent (all of the budget, when it has fewer). */
static void spend(SourceStaleRun *r, size_t *budget, size_t n)
{
	*budget -= MIN(n, *budget);
	r->units += n;
}

/* Gather up to *budget units of d's items into v (a block's head and each
 * line STALE_LINE_UNITS; one line at least); true when the last block is
 * done. */
static bool gather(SourceStaleRun *r, const Lines *l, const RstDoc *d, bool korean, ItemVec *v,
                   size_t *budget)
{
	while (r->block < d->n) {
		if (!*budget)
			return false;
		const Block *b = &d->v[r->block];
		if (r->line == SIZE_MAX) {
			block_head_items(b, r->block, korean, v);
			r->line = b->first;
			spend(r, budget, SOURCE_STALE_LINE_UNITS);
			continue;
		}
		size_t end = block_end(l, b), to = end;
		size_t most = MAX(*budget / SOURCE_STALE_LINE_UNITS, 1);
		if (r->line < end && end - r->line > most)
			to = r->line + most;
		if (r->line < to) {
			block_lines_items(l, b, r->block, r->line, to, korean, v, &r->tmp);
			spend(r, budget, (to - r->line) * SOURCE_STALE_LINE_UNITS);
			r->line = to;
		}
		if (r->line >= end) {
			r->block++;
			r->line = SIZE_MAX;
		}
	}
	return true;
}

static unsigned digit(const Item *it, int pass)
{
	return (unsigned)(it->h >> (pass * RADIX_BITS)) & ((1u << RADIX_BITS) - 1);
}

/* Up to *budget units (items) of the radix sort of v; true when sorted. */
/* A side of few items merge sorted, as the radix passes sort it (by h,
 * equal hashes in their order: the merges are stable): six passes of
 * 2,048 buckets cost more than the items below a few thousand (a corpus
 * pair's sides hold 100-2,000).  In slices like the radix passes: an
 * item merged a unit, log2 n passes (at most 12, the radix's 13). */
enum { STALE_MERGE_MAX = 4096 };

static bool merge_some(SourceStaleRun *r, ItemVec *v, size_t *budget)
{
	size_t n = v->n;
	if (!r->to) {
		r->to = xmalloc(n * sizeof(Item));
		r->mw = 1;
		r->mlo = r->ma = r->mo = 0;
		r->mb = MIN((size_t)1, n);
	}
	while (r->mw < n) {
		if (!*budget)
			return false;
		size_t k = MIN(*budget, n - r->mo);
		spend(r, budget, k);
		const Item *in = v->v;
		for (; k; k--) {
			size_t mid = MIN(r->mlo + r->mw, n), hi = MIN(r->mlo + 2 * r->mw, n);
			if (r->ma < mid && (r->mb >= hi || !(in[r->mb].h < in[r->ma].h)))
				r->to[r->mo++] = in[r->ma++];
			else
				r->to[r->mo++] = in[r->mb++];
			if (r->mo == hi) { /* the next two runs */
				r->mlo = r->ma = hi;
				r->mb = MIN(hi + r->mw, n);
			}
		}
		if (r->mo == n) { /* a pass done: its output the next one's input */
			Item *was = v->v;
			v->v = r->to;
			v->cap = n;
			r->to = was;
			r->mw *= 2;
			r->mlo = r->ma = r->mo = 0;
			r->mb = MIN(r->mw, n);
		}
	}
	free(r->to);
	r->to = NULL;
	r->mw = 0;
	return true;
}

static bool sort_some(SourceStaleRun *r, ItemVec *v, size_t *budget)
{
	if (v->n < 2)
		return true;
	if (v->n <= STALE_MERGE_MAX)
		return merge_some(r, v, budget);
	while (r->pass < RADIX_PASSES) {
		if (!*budget)
			return false;
		size_t to = r->at + MIN(*budget, v->n - r->at);
		spend(r, budget, to - r->at);
		if (r->stage == 0) {
			if (r->at == 0)
				memset(r->count, 0, sizeof(r->count));
			for (size_t k = r->at; k < to; k++)
				r->count[digit(&v->v[k], r->pass)]++;
			r->at = to;
			if (r->at < v->n)
				continue;
			/* the counts into the buckets' starts; a digit every item
			 * shares moves nothing */
			bool one = false;
			for (size_t x = 0, sum = 0; x < ARRAY_LEN(r->count); x++) {
				one |= r->count[x] == v->n;
				size_t c = r->count[x];
				r->count[x] = sum;
				sum += c;
			}
			r->at = 0;
			if (one) {
				r->pass++;
				continue;
			}
			r->stage = 1;
			if (!r->to) {
				r->to = xmalloc(v->n * sizeof(Item));
				r->stage = 2; /* its pages touched first: a stage of their own */
			}
			continue;
		}
		if (r->stage == 2) {
			/* fresh pages cost a fault each (7 MB at 1M lines) */
			memset(r->to + r->at, 0, (to - r->at) * sizeof(Item));
			r->at = to;
			if (r->at == v->n) {
				r->at = 0;
				r->stage = 1;
			}
			continue;
		}
		for (size_t k = r->at; k < to; k++)
			r->to[r->count[digit(&v->v[k], r->pass)]++] = v->v[k];
		r->at = to;
		if (r->at < v->n)
			continue;
		Item *was = v->v;
		v->v = r->to;
		v->cap = v->n;
		r->to = was; /* the next pass's destination (cut to n: VEC_FIT) */
		r->at = 0;
		r->stage = 0;
		r->pass++;
	}
	free(r->to);
	r->to = NULL;
	r->pass = 0;
	return true;
}

/* Up to *budget units of marking the items of each side without an equal
 * item on the other side (a multiset: two equal lines need two); true when
 * done. */
static bool mark_some(SourceStaleRun *r, size_t *budget)
{
	ItemVec *a = &r->en, *b = &r->ko;
	while (r->i < a->n || r->j < b->n) {
		if (!*budget)
			return false;
		spend(r, budget, 1);
		if (r->j == b->n || (r->i < a->n && a->v[r->i].h < b->v[r->j].h))
			a->v[r->i++].lonely = true;
		else if (r->i == a->n || b->v[r->j].h < a->v[r->i].h)
			b->v[r->j++].lonely = true;
		else
			r->i++, r->j++;
	}
	return true;
}

/* Up to *budget units of counting v's lonely items (not weak) and the
 * distinct blocks of nblocks that hold them; true when counted. */
static bool count_some(SourceStaleRun *r, const ItemVec *v, size_t nblocks, size_t *budget)
{
	if (!r->seen)
		r->seen = xcalloc(nblocks + 1, 1);
	for (; r->at < v->n; r->at++) {
		if (!*budget)
			return false;
		spend(r, budget, 1);
		const Item *it = &v->v[r->at];
		if (!it->lonely || it->weak)
			continue;
		r->lonely++;
		size_t b = it->block <= nblocks ? it->block : nblocks;
		r->blocks += !r->seen[b];
		r->seen[b] = true;
	}
	free(r->seen);
	r->seen = NULL;
	r->at = 0;
	return true;
}

static uint64_t *hashes(const ItemVec *v, size_t *n)
{
	uint64_t *h = xmalloc((v->n ? v->n : 1) * sizeof(*h));
	for (size_t i = 0; i < v->n; i++)
		h[i] = v->v[i].h;
	*n = v->n;
	return h; /* sorted: v was */
}

/* The measurement done: out filled, the items freed. */
static void run_finish(SourceStaleRun *r, SourceStale *out)
{
	SourceStaleScore *sc = &out->score;
	sc->items_en = r->en.n;
	sc->items_ko = r->ko.n;
	out->differ = MAX(sc->blocks_ko, sc->blocks_en);
	out->stale = source_stale_says(sc);
	out->unrelated = out->stale && sc->items_en >= SOURCE_STALE_MIN_ITEMS &&
	                 sc->lonely_en * 2 > sc->items_en;
	if (out->stale) {
		/* what source_stale_blocks_differ reads (nothing when not stale:
		 * 7 MB at 1M lines) */
		out->en = hashes(&r->en, &out->en_n);
		out->ko = hashes(&r->ko, &out->ko_n);
	}
	VEC_FREE(&r->en);
	VEC_FREE(&r->ko);
	buf_release(&r->tmp);
	r->phase = RUN_DONE;
}

bool source_stale_run_step(SourceStaleRun *r, const Lines *sl, const RstDoc *sb, const Lines *tl,
                           const RstDoc *tb, size_t max, SourceStale *out)
{
	size_t budget = max;
	for (;;) {
		switch (r->phase) {
		case RUN_EN:
			if (!gather(r, sl, sb, false, &r->en, &budget))
				return false;
			VEC_FIT(&r->en);
			r->phase = RUN_KO;
			r->block = 0;
			r->line = SIZE_MAX;
			break;
		case RUN_KO:
			if (!gather(r, tl, tb, true, &r->ko, &budget))
				return false;
			VEC_FIT(&r->ko);
			r->ko_blocks = tb->n;
			r->phase = RUN_SORT;
			r->side = 0;
			break;
		case RUN_SORT:
			if (!sort_some(r, r->side ? &r->ko : &r->en, &budget))
				return false;
			if (r->side++ == 0)
				break;
			r->phase = RUN_MARK;
			break;
		case RUN_MARK:
			if (!mark_some(r, &budget))
				return false;
			source_stale_release(out);
			r->phase = RUN_COUNT;
			r->side = 0;
			break;
		case RUN_COUNT: {
			bool ko = r->side == 1;
			if (!count_some(r, ko ? &r->ko : &r->en, ko ? r->ko_blocks : sb->n, &budget))
				return false;
			SourceStaleScore *sc = &out->score;
			*(ko ? &sc->lonely_ko : &sc->lonely_en) = r->lonely;
			*(ko ? &sc->blocks_ko : &sc->blocks_en) = r->blocks;
			r->lonely = r->blocks = 0;
			if (r->side++ == 0)
				break;
			run_finish(r, out);
			return true;
		}
		default:
			return true;
		}
	}
}

void source_stale_init(SourceStale *s)
{
	memset(s, 0, sizeof(*s));
}

void source_stale_release(SourceStale *s)
{
	free(s->en);
	free(s->ko);
	source_stale_init(s);
}

void source_stale_score(const Lines *sl, const RstDoc *sb, const Lines *tl, const RstDoc *tb,
                        SourceStaleScore *out)
{
	SourceStale st;
	source_stale_init(&st);
	source_stale_measure(sl, sb, tl, tb, &st);
	*out = st.score;
	source_stale_release(&st);
}

/* Does the score say the English is stale (the rule above)? */
static bool source_stale_says(const SourceStaleScore *sc)
{
	/* A translation explains lonely English items (translated strings
	 * and docstrings) and a lonely Korean one in a block (a typo fixed,
	 * a link to a Korean page); an English older than the Korean leaves
	 * Korean code and URLs it never had in several blocks; a Korean that
	 * lacks most of the English's code is no translation of it (a stub
	 * that replaced the tutorial upstream). */
	return sc->blocks_ko >= SOURCE_STALE_MIN_BLOCKS ||
	       (sc->items_en >= SOURCE_STALE_MIN_ITEMS && sc->lonely_en * 2 > sc->items_en);
}

void source_stale_measure(const Lines *sl, const RstDoc *sb, const Lines *tl, const RstDoc *tb,
                          SourceStale *out)
{
	SourceStaleRun *r = source_stale_run_new();
	source_stale_run_step(r, sl, sb, tl, tb, SIZE_MAX, out);
	source_stale_run_free(r);
}

static bool holds(const uint64_t *v, size_t n, uint64_t h)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo] == h;
}

bool source_stale_blocks_differ(const SourceStale *s, const Lines *l, const RstDoc *d,
                                size_t first, size_t count, bool korean)
{
	if (!s || !s->stale)
		return false;
	ItemVec v = {0};
	Buf tmp = BUF_INIT;
	for (size_t i = first; i < first + count && i < d->n; i++)
		block_items(l, d, i, korean, &v, &tmp);
	buf_release(&tmp);
	const uint64_t *other = korean ? s->en : s->ko;
	size_t other_n = korean ? s->en_n : s->ko_n;
	bool differ = false;
	for (size_t i = 0; i < v.n && !differ; i++)
		differ = !holds(other, other_n, v.v[i].h);
	VEC_FREE(&v);
	return differ;
}

void source_stale_what(const Source *src, const char *target_path, SourceHistory *bulk,
                       char *out, size_t n)
{
	if (!src->rev || strlen(src->rev) < 7) {
		snprintf(out, n, "%s", src->desc ? src->desc : "?");
		return;
	}
	char date[16] = "";
	long long when = -1;
	const VcsLog *log = bulk && !src->repo ? source_history_log(bulk) : NULL;
	for (size_t i = 0; log && i < log->commits.n && when < 0; i++)
		if (!strcmp(log->commits.v[i].id, src->rev))
			when = log->commits.v[i].time;
	if (when < 0) {
		char *dir = src->repo ? xstrdup(src->repo) : path_dirname(target_path);
		Buf b = BUF_INIT;
		const char *argv[] = {"log", "-1", "--format=%at", "--end-of-options", src->rev, "--",
		                      NULL};
		long t = -1;
		if (vcs_git(dir, argv, &b, NULL, NULL)) {
			while (b.len && b.p[b.len - 1] == '\n')
				b.p[--b.len] = '\0';
			if (!parse_long(b.p ? b.p : "", 0, LONG_MAX, &t))
				t = -1;
		}
		when = t;
		buf_release(&b);
		free(dir);
	}
	/* the author date in UTC, as the bulk log has it */
	time_t tt = (time_t)when;
	struct tm tm;
	if (when >= 0 && gmtime_r(&tt, &tm))
		strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	snprintf(out, n, "%s %.12s%s%s", src->upstream ? "upstream" : "git", src->rev,
	         date[0] ? " of " : "", date);
}
