/* consistency: one English term rendered two ways in the file (its
 * 한글(English) glosses name the renderings), an English term left bare
 * where the file translates it elsewhere, the guide's 한글(영어) rule (the
 * English at the first occurrence only; a title and the body each once),
 * and the repository's majority rendering (CheckDoc.repo).
 *
 * The document-wide part is computed once per reindex (cons_index_build)
 * as findings with positions; check_consistency() hands out those of its
 * unit, plus the repository comparison of the unit's glosses. */
#include <strings.h>

#include "check-private.h"
#include "yeok/text.h"

static const CheckRendering *check_repo_renderings(const CheckRepo *r, const char *en, size_t *n);

typedef struct Gloss {
	char *en;        /* case-folded, spaces collapsed */
	char *ko;        /* the Korean words before '(' */
	size_t line;     /* of the Korean words' start */
	size_t byte;
	size_t ko_off;   /* absolute: block index * 2^32 + offset (document order) */
	bool title;
	bool spaced;     /* "한글 (영어)" */
	char *text;      /* as written: "장치 (device)" */
} Gloss;

typedef struct Pre {
	size_t line, byte;
	CheckSeverity sev;
	char *msg;
	char *sugg;
} Pre;

struct ConsIndex {
	VEC(Gloss) g;
	VEC(Pre) pre; /* sorted by line */
};

void cons_index_free(ConsIndex *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->g.n; i++) {
		free(c->g.v[i].en);
		free(c->g.v[i].ko);
		free(c->g.v[i].text);
	}
	for (size_t i = 0; i < c->pre.n; i++) {
		free(c->pre.v[i].msg);
		free(c->pre.v[i].sugg);
	}
	VEC_FREE(&c->g);
	VEC_FREE(&c->pre);
	free(c);
}

static size_t hangul_back(const char *m, size_t i)
{
	while (i >= 3 && ko_syllable(check_prev_cp(m, i)))
		i -= 3;
	return i;
}

/* English of a gloss: letters, digits, spaces, '-', at most 6 words,
 * starting with a letter.  Returns its end (the ')') or 0. */
static size_t gloss_en_end(const char *m, size_t n, size_t open)
{
	size_t i = open + 1, words = 0;
	if (i >= n || !ascii_letter(m[i]))
		return 0;
	bool in = false;
	for (; i < n && m[i] != ')'; i++) {
		char c = m[i];
		bool w = ascii_letter(c) || (c >= '0' && c <= '9') || c == '-' || c == '\'';
		if (!w && c != ' ')
			return 0;
		if (w && !in)
			words++;
		in = w;
	}
	return i < n && words <= 6 ? i : 0;
}

static size_t count_words(const char *s, size_t n)
{
	size_t w = 0;
	bool in = false;
	for (size_t i = 0; i < n; i++) {
		bool l = s[i] != ' ';
		if (l && !in)
			w++;
		in = l;
	}
	return w;
}

static char *fold(const char *s, size_t n)
{
	Buf f = BUF_INIT, out = BUF_INIT;
	text_casefold(s, n, &f);
	for (size_t i = 0; i < f.len; i++) {
		if (f.p[i] == ' ' && (!out.len || out.p[out.len - 1] == ' '))
			continue;
		buf_addc(&out, f.p[i]);
	}
	while (out.len && out.p[out.len - 1] == ' ')
		out.p[--out.len] = 0;
	buf_release(&f);
	if (!out.p)
		buf_grow(&out, 1);
	return buf_detach(&out);
}

/* A block's prose as the rules read it.  Once gathered, a block without
 * Hangul keeps nothing (no Korean rendering can occur in it, and English
 * is only looked for in Korean prose), and a Korean block keeps its mask
 * (the rules read only the prose bytes, which are the text's; m is NULL
 * for a block that keeps nothing) and where its lines start in it.  32
 * bytes: one for every target block while the index is built (at 1M
 * lines a Joined in each was 16 MB). */
typedef struct BlockText {
	const char *m;   /* n bytes (then a NUL when owned), or NULL */
	uint32_t *start; /* start[i]: offset of line first + i in m */
	uint32_t n;      /* a block's text is at most FILE_MAX_BYTES */
	uint32_t first, nlines;
	bool title;
	bool korean;
	bool borrowed;   /* m is the target's own bytes (prose that masks to
	                    itself, lines unedited and in one piece of the
	                    file: no copy); the build is cancelled before
	                    any change to the lines (check_doc_reindex_cancel) */
} BlockText;
_Static_assert(FILE_MAX_BYTES <= UINT32_MAX, "a block's offsets fit BlockText");

static void bt_release(BlockText *x)
{
	if (!x->borrowed)
		free((char *)x->m);
	free(x->start);
	*x = (BlockText){0};
}

/* The blocks' texts of a build, in chunks of BT_CHUNK (one array of them
 * was freed in one call at the end of the build, an unmap of its pages:
 * 0.7 ms at 100k lines, ten times that at 1M; CP_FREE frees a chunk with
 * its last block, in its slices).  A chunk is allocated,
 * zeroed, when a block of it is first written; an unwritten one reads as
 * a zero BlockText. */
enum { BT_CHUNK = 1024 };
typedef struct BlockTexts {
	BlockText **chunk; /* chunk[i / BT_CHUNK], or NULL (none written, or freed) */
	size_t nb;         /* blocks */
} BlockTexts;

static const BlockText bt_zero;

/* Block i's text to read. */
static const BlockText *bt_get(const BlockTexts *t, size_t i)
{
	BUG_ON(i >= t->nb);
	const BlockText *c = t->chunk[i / BT_CHUNK];
	return c ? &c[i % BT_CHUNK] : &bt_zero;
}

/* Block i's text to write (its chunk allocated if need be). */
static BlockText *bt_mut(BlockTexts *t, size_t i)
{
	BUG_ON(i >= t->nb);
	BlockText **c = &t->chunk[i / BT_CHUNK];
	if (!*c)
		*c = xcalloc(BT_CHUNK, sizeof(BlockText));
	return &(*c)[i % BT_CHUNK];
}

/* Block i's text released, and its chunk freed with the chunk's last
 * block (blocks are released in order; again is harmless). */
static void bt_drop(BlockTexts *t, size_t i)
{
	BlockText **c = &t->chunk[i / BT_CHUNK];
	if (*c)
		bt_release(&(*c)[i % BT_CHUNK]);
	if ((i + 1) % BT_CHUNK == 0 || i + 1 == t->nb) {
		free(*c);
		*c = NULL;
	}
}

static size_t bt_chunks(const BlockTexts *t)
{
	return (t->nb + BT_CHUNK - 1) / BT_CHUNK;
}

/* Offset off of x's text: its line and byte (joined_pos). */
static void bt_pos(const BlockText *x, size_t off, size_t *line, size_t *byte)
{
	size_t lo = 0, hi = x->nlines;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (x->start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = x->first + lo;
	*byte = off - x->start[lo];
}

/* Joined text j (joined_block) as bytes of the file l holds: its lines
 * unedited, each after the other's LF; NULL when it is not. */
static const char *file_bytes(const Lines *l, const Joined *j)
{
	if (!l->base || !j->nlines)
		return NULL;
	const char *lo = l->base, *hi = l->base + l->base_n;
	for (size_t k = 0; k < j->nlines; k++) {
		const Line *v = lines_line(l, j->first + k);
		const char *p = lines_bytes(l, j->first + k, v);
		if (v->owned || p < lo || p + v->n > hi)
			return NULL;
		if (k + 1 < j->nlines &&
		    (v->eol != EOL_LF || p + v->n + 1 != lines_get(l, j->first + k + 1).p))
			return NULL;
	}
	return lines_get(l, j->first).p;
}

/* The segment holding target block tb, or NULL (no source, or a block of
 * no segment). */
static const Segment *tgt_segment(const CheckDoc *d, size_t tb)
{
	if (!d->al || !check_compares_source(d))
		return NULL;
	size_t at = align_seg_after_tgt(d->al, tb);
	return at < d->al->n && d->al->v[at].tgt <= tb ? &d->al->v[at] : NULL;
}

/* The English of target block tb's segment, joined into out (empty: no
 * source, or a segment without English). */
static void seg_english(const CheckDoc *d, size_t tb, Buf *out)
{
	buf_clear(out);
	const Segment *s = tgt_segment(d, tb);
	for (size_t k = 0; s && k < s->src_n; k++) {
		Joined j;
		joined_block(d->src, &d->sb->v[s->src + k], &j);
		buf_add(out, j.text.p, j.text.len);
		buf_addc(out, '\n');
		joined_release(&j);
	}
}

static char lower_ascii(char ch)
{
	return ch >= 'A' && ch <= 'Z' ? (char)(ch | 0x20) : ch;
}

/* "(p[0..n))" in the English en, case aside: a parenthesis the
 * translation kept from the English (자동 미분(Beta) for Automatic
 * Differentiation (Beta)), no 한글(영어) gloss the translator added. */
static bool english_has_paren(const Buf *en, const char *p, size_t n)
{
	for (size_t i = 0; en->len > n + 1 && i + n + 1 < en->len; i++) {
		if (en->p[i] != '(' || en->p[i + n + 1] != ')')
			continue;
		size_t k = 0;
		while (k < n && lower_ascii(en->p[i + 1 + k]) == lower_ascii(p[k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

/* The glosses of block bi (j its text, m its mask, title: a title's) */
static void gather_glosses(ConsIndex *c, const CheckDoc *d, const Joined *j, bool title,
                           const char *m, size_t bi, size_t *cost)
{
	Buf en = BUF_INIT;
	bool en_read = false;
	size_t n = j->text.len;
	for (size_t i = 3; i < n; i++) {
		if (m[i] != '(')
			continue;
		size_t k = i;
		if (m[k - 1] == ' ')
			k--; /* 한글 (영어) */
		if (!ko_syllable(check_prev_cp(m, k)))
			continue;
		size_t close = gloss_en_end(m, n, i);
		if (!close)
			continue;
		size_t words = count_words(m + i + 1, close - i - 1);
		size_t a = k;
		for (size_t w = 0; w < MIN(words, (size_t)3); w++) {
			size_t b = hangul_back(m, a);
			if (b == a)
				break;
			a = b;
			if (w + 1 < MIN(words, (size_t)3)) {
				if (a == 0 || m[a - 1] != ' ' || !ko_syllable(check_prev_cp(m, a - 1)))
					break;
				a--;
			}
		}
		while (a < k && m[a] == ' ')
			a++;
		if (a >= k)
			continue;
		/* an abbreviation (DDP, C10D, N-D) or a code name
		 * (DistributedDataParallel) is no 한글(영어) gloss */
		size_t lower = 0, inner_upper = 0;
		for (size_t x = i + 1; x < close; x++) {
			lower += m[x] >= 'a' && m[x] <= 'z';
			inner_upper += x > i + 1 && m[x] >= 'A' && m[x] <= 'Z' && m[x - 1] >= 'a' &&
			               m[x - 1] <= 'z';
		}
		if (!lower || inner_upper) {
			i = close;
			continue;
		}
		if (!en_read) {
			seg_english(d, bi, &en);
			*cost += en.len;
		}
		en_read = true;
		if (english_has_paren(&en, m + i + 1, close - i - 1)) {
			i = close;
			continue;
		}
		Gloss g;
		g.en = fold(m + i + 1, close - i - 1);
		g.ko = xmemdup0(m + a, k - a);
		joined_pos(j, a, &g.line, &g.byte);
		g.ko_off = (bi << 32) | a;
		g.title = title;
		g.text = xmemdup0(j->text.p + a, close + 1 - a);
		g.spaced = k < i;
		VEC_PUSH(&c->g, g);
		i = close;
	}
	buf_release(&en);
}

static void pre_add(ConsIndex *c, const BlockText *bt, size_t off, CheckSeverity sev,
                    const char *sugg, const char *fmt, ...) PRINTF_LIKE(6, 7);
static void pre_add(ConsIndex *c, const BlockText *bt, size_t off, CheckSeverity sev,
                    const char *sugg, const char *fmt, ...)
{
	Pre p;
	bt_pos(bt, off, &p.line, &p.byte);
	va_list ap;
	va_start(ap, fmt);
	p.msg = xvasprintf(fmt, ap);
	va_end(ap);
	p.sev = sev;
	p.sugg = sugg ? xstrdup(sugg) : NULL;
	VEC_PUSH(&c->pre, p);
}

/* Occurrences of ko in a block's masked prose: not after a syllable. */
static ptrdiff_t find_ko(const char *m, size_t n, size_t from, const char *ko)
{
	size_t kl = strlen(ko);
	for (size_t i = from; i + kl <= n; i++) {
		if (m[i] != ko[0] || memcmp(m + i, ko, kl) != 0)
			continue;
		if (ko_syllable(check_prev_cp(m, i)))
			continue;
		return (ptrdiff_t)i;
	}
	return -1;
}

/* Occurrences of the English en (case-folded) as words, not inside the
 * parentheses of a gloss, not followed by '(' or ')'. */
static bool en_at(const char *m, size_t n, size_t i, const char *en, size_t el);

/* The next offset from i of byte c in m[0..n), or n. */
static size_t next_byte(const char *m, size_t n, size_t i, char c)
{
	const char *p = i < n ? memchr(m + i, c, n - i) : NULL;
	return p ? (size_t)(p - m) : n;
}

static ptrdiff_t find_en(const char *m, size_t n, size_t from, const char *en)
{
	size_t el = strlen(en);
	char lo = en[0];
	if (lo >= 'a' && lo <= 'z') {
		/* only where the first letter is, either case (memchr, not a
		 * comparison at every byte: every gloss reads every block) */
		char up = (char)(lo - 'a' + 'A');
		size_t nl = next_byte(m, n, from, lo), nu = next_byte(m, n, from, up);
		for (;;) {
			size_t i = MIN(nl, nu);
			if (i + el > n || i >= n)
				return -1;
			if (en_at(m, n, i, en, el))
				return (ptrdiff_t)i;
			if (i == nl)
				nl = next_byte(m, n, i + 1, lo);
			if (i == nu)
				nu = next_byte(m, n, i + 1, up);
		}
	}
	for (size_t i = from; i + el <= n; i++)
		if (en_at(m, n, i, en, el))
			return (ptrdiff_t)i;
	return -1;
}

/* Is en (el bytes) at m[i] as find_en wants it? */
static bool en_at(const char *m, size_t n, size_t i, const char *en, size_t el)
{
	bool eq = true;
	for (size_t k = 0; k < el && eq; k++) {
		char c = m[i + k];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c | 0x20);
		eq = c == en[k] || (en[k] == ' ' && (c == '\n'));
	}
	if (!eq)
		return false;
	if (i > 0 && (ascii_letter(m[i - 1]) || m[i - 1] == '(' || m[i - 1] == '_' ||
	              m[i - 1] == '.' || m[i - 1] == 1))
		return false;
	size_t e = i + el;
	if (e < n && (ascii_letter(m[e]) || m[e] == ')' || m[e] == '(' || m[e] == '_' ||
	              m[e] == 1 || (m[e] == ' ' && e + 1 < n && m[e + 1] == '(')))
		return false;
	/* inside a gloss: "(... en ...)" with Hangul before '(' */
	size_t b = i;
	while (b > 0 && m[b - 1] != '(' && m[b - 1] != ')' && m[b - 1] != '\n' && i - b < 80)
		b--;
	if (b > 0 && m[b - 1] == '(')
		return false;
	return true;
}

/* Occurrences of ko in block b's masked prose, from byte from on (-1 when
 * none). */
static ptrdiff_t bt_find_ko(const BlockText *bt, size_t from, const char *ko)
{
	return bt->m ? find_ko(bt->m, bt->n, from, ko) : -1;
}

/* Block i's joined text, its prose mask and its glosses, in document order
 * (code comments are prose: their glosses count); inl is scratch.  The
 * bytes of English read for its glosses are added to *cost. */
static void cons_gather_block(ConsIndex *c, const CheckDoc *d, BlockTexts *bts, size_t i,
                              InlineVec *inl, size_t *cost)
{
	const Block *b = &d->tb->v[i];
	Buf mask = BUF_INIT;
	Joined j = {0};
	if (b->kind == BK_LITERAL) {
		if (!comment_text(d->tgt, d->tb, b, &j))
			return;
		buf_add(&mask, j.text.p, j.text.len);
	} else if (rst_kind_is_prose(b->kind)) {
		joined_block(d->tgt, b, &j);
		inl->n = 0;
		prose_mask(j.text.p, j.text.len, &mask, inl);
	} else {
		return;
	}
	if (!mask.p)
		buf_grow(&mask, 1);
	bool title = b->kind == BK_TITLE, korean = false;
	for (size_t k = 0; k + 2 < j.text.len && !korean; k++)
		korean = ko_syllable(check_cp_at(mask.p, j.text.len, k));
	gather_glosses(c, d, &j, title, mask.p, i, cost);
	if (!title && !korean) {
		joined_release(&j);
		buf_release(&mask);
		return; /* reads as the zero BlockText */
	}
	BlockText *bt = bt_mut(bts, i);
	bt->title = title;
	bt->korean = korean;
	if (!korean) {
		joined_release(&j);
		buf_release(&mask);
		return;
	}
	size_t n = j.text.len;
	/* kept until the index is built, for every Korean block: its bytes
	 * only, not the slack of doubling (the mask is as long as the text),
	 * or none when the mask is the text and the text is in the file */
	BUG_ON(mask.len != n || n > UINT32_MAX || j.nlines > UINT32_MAX || j.first > UINT32_MAX);
	const char *in_file = b->kind == BK_LITERAL ? NULL : file_bytes(d->tgt, &j);
	if (in_file && memcmp(in_file, mask.p, n) == 0) {
		buf_release(&mask);
		bt->m = in_file;
		bt->borrowed = true;
	} else {
		bt->m = xrealloc(mask.p, n + 1);
	}
	bt->n = (uint32_t)n;
	bt->first = (uint32_t)j.first;
	bt->nlines = (uint32_t)j.nlines;
	bt->start = xmalloc(MAX(j.nlines, 1) * sizeof(*bt->start));
	for (size_t k = 0; k < j.nlines; k++)
		bt->start[k] = (uint32_t)j.start[k];
	joined_release(&j);
}

/* gloss-space: the guide writes 한글(영어); a spaced gloss where the file
 * writes them together at least as often */
/* The counts of cons_gloss_space, and where it is (a ConsBuild's). */
typedef struct GlossSpace {
	size_t at;                /* the next gloss */
	bool counted;             /* the first pass done */
	size_t glued_n, spaced_n;
} GlossSpace;

/* gloss-space, in slices of about budget (a gloss is one, a finding 16;
 * at 1M lines 290,000 glosses were one step of 3.4-4 ms): true when done. */
static bool cons_gloss_space(ConsIndex *c, const BlockTexts *bt, GlossSpace *st, size_t budget,
                             size_t *used)
{
	for (; !st->counted && st->at < c->g.n && *used < budget; st->at++, (*used)++)
		c->g.v[st->at].spaced ? st->spaced_n++ : st->glued_n++;
	if (!st->counted) {
		if (st->at < c->g.n)
			return false;
		st->counted = true;
		st->at = 0;
	}
	for (; st->at < c->g.n && st->glued_n >= st->spaced_n && *used < budget; st->at++) {
		const Gloss *g = &c->g.v[st->at];
		(*used)++;
		if (!g->spaced)
			continue;
		size_t b = g->ko_off >> 32, off = (g->ko_off & 0xffffffffu) + strlen(g->ko);
		char *fixed = xasprintf("%s(%s", g->ko, strchr(g->text, '(') + 1);
		pre_add(c, bt_get(bt, b), off, SEV_INFO, fixed,
		        "'%s' — the guide writes 한글(영어) without a space (this file %zu times, "
		        "spaced %zu) (rule gloss-space)", g->text, st->glued_n, st->spaced_n);
		free(fixed);
		*used += 16;
	}
	return st->at >= c->g.n || st->glued_n < st->spaced_n;
}

/* Is the Korean at m[at..at+kl) a word of its own: the whole Hangul run,
 * or the word and a particle or a 하다 ending (샤딩하는), not the start of
 * a longer word (기본 of 기본적으로)? */
static bool ko_whole_word(const char *m, size_t n, size_t at, size_t kl)
{
	size_t e = at + kl, st;
	while (e < n && ko_syllable(check_cp_at(m, n, e)))
		e += 3;
	return e == at + kl || ko_is_particle(m + at + kl, e - at - kl) ||
	       (check_is_hada_form(m + at, e - at, &st) && st == kl);
}

/* Does the English come with the Korean ko at m[at..) of block bi
 * already, or is it part of a longer glossed term: inside the Korean
 * words of a gloss, or where the file glosses a phrase holding it
 * (순방향 of "순방향 전달(forward pass)", here or elsewhere), or followed by
 * an English in parentheses that is no gloss of the rules (a class name:
 * "원격 모듈(RemoteModule)", an abbreviation)?  Then it is no first
 * occurrence of ko without its English. */
static bool glossed_at(const ConsIndex *c, const BlockText *x, size_t bi, size_t at,
                       const char *ko)
{
	const char *m = x->m;
	size_t n = x->n, kl = strlen(ko), e = at + kl;
	if (e < n && m[e] == ' ')
		e++;
	if (e + 1 < n && m[e] == '(' && ascii_letter(m[e + 1]))
		return true;
	for (size_t i = 0; i < c->g.n; i++) {
		const Gloss *g = &c->g.v[i];
		size_t go = g->ko_off & 0xffffffffu, gl = strlen(g->ko);
		if ((g->ko_off >> 32) == bi && go <= at && at < go + gl)
			return true;
		/* ko a word of the phrase g->ko, the phrase written here */
		for (const char *p = strstr(g->ko, ko); gl > kl && p; p = strstr(p + 1, ko)) {
			size_t po = (size_t)(p - g->ko);
			bool word = (po == 0 || p[-1] == ' ') && (po + kl == gl || p[kl] == ' ');
			if (word && at >= po && at - po + gl <= n && memcmp(m + at - po, g->ko, gl) == 0)
				return true;
		}
	}
	return false;
}

/* Does the English of the segment holding target block tb name en (the
 * case-folded English of a gloss, its words at word starts, any spacing
 * or a hyphen between them, any ending after: "embedding tables", "sharding" for
 * "shard")?  An earlier occurrence whose English does not is no
 * rendering of that term (모델 of "Model B" for 모델(variant), 호스트 of
 * "host" for 호스트(multi-host)).  True where nothing is known: no
 * source, or a block of no segment.  *cost: the bytes read. */
static bool src_names_en(const CheckDoc *d, size_t tb, const char *en, size_t *cost)
{
	const Segment *s = tgt_segment(d, tb);
	if (!s || !s->src_n)
		return true;
	bool found = false;
	for (size_t k = 0; k < s->src_n && !found; k++) {
		Joined j;
		joined_block(d->src, &d->sb->v[s->src + k], &j);
		const char *m = j.text.p;
		size_t n = j.text.len;
		*cost += n + 1;
		for (size_t i = 0; i < n && !found; i++) {
			if (i > 0 && ascii_letter(m[i - 1]))
				continue;
			size_t a = i, e = 0;
			while (en[e] && a < n) {
				if (en[e] == ' ' || en[e] == '-') {
					/* "whole-slide" and "whole slide" alike */
					if (m[a] != ' ' && m[a] != '\n' && m[a] != '-')
						break;
					while (a < n && (m[a] == ' ' || m[a] == '\n' || m[a] == '-'))
						a++;
					e++;
					continue;
				}
				if (lower_ascii(m[a]) != en[e])
					break;
				a++;
				e++;
			}
			found = !en[e];
		}
		joined_release(&j);
	}
	return found;
}

/* ---- renderings inferred from the alignment (checks-infer.c) ------------ */

/* en, or its plural, as written in a gloss of the file or a glossary
 * term. */
static bool same_en(const char *a, const char *en)
{
	size_t n = strlen(en), an = strlen(a);
	return strncasecmp(a, en, n) == 0 && (an == n || (an == n + 1 && (a[n] | 0x20) == 's'));
}

static bool en_in_glossary(const Glossary *gl, const InferTerm *it)
{
	for (size_t i = 0; gl && i < gl->n; i++)
		for (size_t k = 0; k < gl->v[i].en_n; k++)
			if (same_en(gl->v[i].en[k], it->en))
				return true;
	return false;
}

static bool en_is_known(const ConsIndex *c, const Glossary *gl, const InferTerm *it)
{
	for (size_t i = 0; i < c->g.n; i++)
		if (same_en(c->g.v[i].en, it->en) || strcmp(c->g.v[i].ko, it->ko) == 0)
			return true;
	return en_in_glossary(gl, it);
}

/* The first whole-word occurrence of ko in block x at or after byte
 * from; -1 when none. */
static ptrdiff_t block_find_word(const BlockText *x, size_t from, const char *ko)
{
	ptrdiff_t at = bt_find_ko(x, from, ko);
	while (at >= 0 && !ko_whole_word(x->m, x->n, (size_t)at, strlen(ko)))
		at = bt_find_ko(x, (size_t)at + 1, ko);
	return at;
}

/* The first whole-word occurrence of ko in the target blocks of unit, at
 * or after block *b, byte from; -1 when none. */
static ptrdiff_t unit_find(const CheckDoc *d, const BlockTexts *bt, size_t unit, const char *ko,
                           size_t *b, size_t from)
{
	const Segment *s = &d->al->v[unit];
	if (*b < s->tgt)
		*b = s->tgt;
	for (; *b < s->tgt + s->tgt_n; (*b)++, from = 0) {
		ptrdiff_t at = block_find_word(bt_get(bt, *b), from, ko);
		if (at >= 0)
			return at;
	}
	return -1;
}

/* inferred-renderings: the file renders one English word two ways (each
 * in 2+ segments, never together): the minority's occurrences, with the
 * majority.  gloss-inferred: a word the file renders and also leaves in
 * English, with no gloss and no glossary row: 한글(영어) at the first
 * occurrence of the rendering. */
/* The work of a block: its bytes. */
static size_t block_cost(const BlockText *x)
{
	return (size_t)x->n + 1;
}

static size_t cons_inferred_term(ConsIndex *c, const CheckDoc *d, const BlockTexts *bt,
                                 const InferTerm *it)
{
	size_t cost = 1;
	/* the glossary's terms are the glossary check's */
	bool minor = it->minor && !en_in_glossary(d->glossary, it);
	for (size_t u = 0; minor && u < it->minor_units.n; u++) {
		size_t b = 0;
		const Segment *s = &d->al->v[it->minor_units.v[u]];
		for (size_t k = 0; k < s->tgt_n; k++)
			cost += block_cost(bt_get(bt, s->tgt + k));
		ptrdiff_t at = unit_find(d, bt, it->minor_units.v[u], it->minor, &b, 0);
		for (; at >= 0; at = unit_find(d, bt, it->minor_units.v[u], it->minor, &b,
		                               (size_t)at + 1))
			pre_add(c, bt_get(bt, b), (size_t)at, SEV_INFO, it->ko,
			        "'%s' — '%s' is rendered '%s' in %zu segments of this file ('%s' "
			        "%zu) (rule inferred-renderings)", it->minor, it->en, it->ko,
			        it->ko_segs, it->minor, it->minor_segs);
	}
	if (!it->kept_segs || it->first_unit == SIZE_MAX || en_is_known(c, d->glossary, it))
		return cost + c->g.n;
	/* the first occurrence of the rendering, up to the first segment
	 * where it renders the word */
	const Segment *fs = &d->al->v[it->first_unit];
	size_t b = 0;
	ptrdiff_t at = -1;
	for (; b < fs->tgt + fs->tgt_n && (at = block_find_word(bt_get(bt, b), 0, it->ko)) < 0; b++)
		cost += block_cost(bt_get(bt, b));
	if (at < 0)
		return cost + c->g.n;
	char *s = xasprintf("%s(%s)", it->ko, it->en);
	pre_add(c, bt_get(bt, b), (size_t)at, SEV_INFO, s,
	        "'%s' — renders '%s' in %zu segments of this file, which also leaves '%s' in "
	        "English (line %zu): the guide writes '%s' at the first occurrence (rule "
	        "gloss-inferred)", it->ko, it->en, it->ko_segs, it->en, it->kept_line + 1, s);
	free(s);
	return cost + c->g.n;
}

/* ---- the build, in slices ------------------------------------------------
 * The phases: the inferred renderings (infer_step: gathered and counted by
 * segments, associated by pair slots, a term at a time; first, so that
 * their tables are freed before the blocks' texts are made: at 1M lines
 * the two were 38 and 33 MB, the editor's high-water mark while both were
 * held); gather every block (glosses, masks); gloss-space; for each of
 * the first 400 distinct English terms of the glosses, in order, the
 * stages of its rules, each a walk over the blocks that can stop after
 * any block; then the inferred renderings' rules a term at a time; the
 * blocks' texts freed a slice at a time.  The findings come out in the
 * order of the one-shot build: the rules, then the blocks, in order. */

typedef enum ConsPhase {
	CP_INFER, CP_GATHER, CP_SPACE, CP_TERMS, CP_INFERRED, CP_FREE, CP_DONE
} ConsPhase;

/* Within a term: two-renderings counts both renderings, then flags the
 * minority's occurrences; bare-english; the gloss-first rules. */
typedef enum ConsStage { CS_SETUP, CS_COUNT, CS_FLAG, CS_BARE, CS_FIRST, CS_FIRST_SCAN } ConsStage;

struct ConsBuild {
	const CheckDoc *d; /* of the current step */
	ConsIndex *c;
	BlockTexts bt;
	size_t nb;
	InlineVec inl;  /* scratch of the gather */
	ConsPhase phase;
	size_t at;      /* CP_GATHER, CP_FREE: the next block */
	size_t gi;      /* CP_TERMS: the term's first gloss */
	ConsStage stage;
	size_t b;       /* the stage's next block */
	size_t scan;    /* CS_SETUP: 1 + the next gloss to compare, 0: not begun */
	GlossSpace space; /* CP_SPACE */
	InferBuild *infer; /* CP_INFER: the inferred renderings */
	InferVec iv;
	size_t ii;         /* CP_INFERRED: the next inferred term */
	VEC(size_t) same;  /* the glosses of the term */
	const char *r[2];  /* two-renderings: the term's renderings */
	size_t cnt[2];
	int minor;
	size_t first;      /* gloss-first: the first body gloss */
};

ConsBuild *cons_build_start(const CheckDoc *d)
{
	ConsBuild *b = xcalloc(1, sizeof(*b));
	b->c = xcalloc(1, sizeof(*b->c));
	b->nb = d->tb->n;
	b->bt.nb = b->nb;
	b->bt.chunk = xcalloc(MAX(bt_chunks(&b->bt), 1), sizeof(*b->bt.chunk));
	return b;
}

void cons_build_free(ConsBuild *b)
{
	if (!b)
		return;
	/* from CP_FREE's next block (the ones before it are released; after
	 * CP_FREE, none is left) */
	for (size_t i = b->phase >= CP_FREE ? b->at : 0; b->bt.chunk && i < b->nb; i++)
		bt_drop(&b->bt, i);
	free(b->bt.chunk);
	VEC_FREE(&b->inl);
	VEC_FREE(&b->same);
	infer_free(b->infer);
	infer_release(&b->iv);
	cons_index_free(b->c);
	free(b);
}

/* The words a gloss's Korean starts at are counted back from its '(' as
 * many as its English has (gather_glosses), so a word before the term can
 * come with it: 호출하여 경사하강법(gradient descent) beside
 * 경사하강법(gradient descent).  Two renderings are one when one of them
 * is the other's last words, of two syllables or more, spacing aside
 * (이제 손실함수 and 손실 함수); 집합 통신 and 집단 통신, 하위클래스 and
 * 클래스, or 경사도 and 변화도 stay two. */
static bool same_rendering(const char *x, const char *y)
{
	if (!strcmp(x, y))
		return true;
	size_t i = strlen(x), j = strlen(y), chars = 0;
	for (;;) {
		while (i && x[i - 1] == ' ')
			i--;
		while (j && y[j - 1] == ' ')
			j--;
		if (!i || !j)
			break;
		if (x[i - 1] != y[j - 1])
			return false;
		i--;
		j--;
		chars += (((unsigned char)x[i]) & 0xc0) != 0x80;
	}
	/* one used up, the other at a word start (the blanks before the
	 * words they share were skipped: x[i] or y[j] is one) */
	if (chars < 2)
		return false;
	return !i ? !j || y[j] == ' ' : x[i] == ' ';
}

/* The next term (CS_SETUP of gloss gi + 1). */
static void term_next(ConsBuild *b)
{
	b->same.n = 0;
	b->gi++;
	b->stage = CS_SETUP;
	b->b = 0;
	b->scan = 0;
}

/* The stages of the term at b->gi, each up to budget bytes of blocks. */
static void stage_setup(ConsBuild *b, size_t budget, size_t *used)
{
	ConsIndex *c = b->c;
	const Gloss *g = &c->g.v[b->gi];
	if (!b->scan) {
		bool first_of_en = true;
		for (size_t k = 0; k < b->gi && first_of_en; k++)
			first_of_en = strcmp(c->g.v[k].en, g->en) != 0;
		*used += b->gi + 1;
		if (!first_of_en) {
			term_next(b);
			return;
		}
		b->scan = b->gi + 1;
	}
	/* the term's glosses: a pass over all of them, in slices too (at 1M
	 * lines 290,000 glosses, one step of 3.8 ms at once) */
	for (; b->scan - 1 < c->g.n && *used < budget; b->scan++, (*used)++)
		if (strcmp(c->g.v[b->scan - 1].en, g->en) == 0)
			VEC_PUSH(&b->same, b->scan - 1);
	if (b->scan - 1 < c->g.n)
		return;
	b->scan = 0;
	/* two-renderings: the term's glosses name two Korean renderings;
	 * each occurrence of the minority one is flagged with the majority */
	const char *other = NULL;
	for (size_t k = 0; k < b->same.n && !other; k++)
		if (!same_rendering(c->g.v[b->same.v[k]].ko, g->ko))
			other = c->g.v[b->same.v[k]].ko;
	b->r[0] = g->ko;
	b->r[1] = other;
	b->cnt[0] = b->cnt[1] = 0;
	b->stage = other ? CS_COUNT : CS_BARE;
	b->b = 0;
}

/* r at byte at of block bi renders the term en: one of the term's glosses
 * (제공(write) is a rendering of write whatever its English says:
 * writing), or where the block's English names the term (제공 is 'write'
 * there, and 'provide' elsewhere in the same file).  *named caches the
 * block's answer (-1: not asked yet). */
static bool renders_at(const ConsBuild *b, size_t bi, size_t at, const char *r, const char *en,
                       int *named, size_t *used)
{
	uint64_t off = ((uint64_t)bi << 32) | at;
	for (size_t k = 0; k < b->same.n; k++) {
		const Gloss *x = &b->c->g.v[b->same.v[k]];
		if (x->ko_off == off && !strcmp(x->ko, r))
			return true;
	}
	if (*named < 0)
		*named = src_names_en(b->d, bi, en, used);
	return *named;
}

static void stage_count(ConsBuild *b, size_t budget, size_t *used)
{
	const BlockTexts *bt = &b->bt;
	const char *en = b->c->g.v[b->gi].en;
	for (; b->b < b->nb && *used < budget; b->b++) {
		int named = -1;
		for (int w = 0; w < 2; w++)
			for (ptrdiff_t at = bt_find_ko(bt_get(bt, b->b), 0, b->r[w]); at >= 0;
			     at = bt_find_ko(bt_get(bt, b->b), (size_t)at + 1, b->r[w]))
				b->cnt[w] += renders_at(b, b->b, (size_t)at, b->r[w], en, &named, used);
		*used += block_cost(bt_get(bt, b->b));
	}
	if (b->b == b->nb) {
		b->minor = b->cnt[1] <= b->cnt[0] ? 1 : 0;
		b->stage = CS_FLAG;
		b->b = 0;
	}
}

static void stage_flag(ConsBuild *b, size_t budget, size_t *used)
{
	ConsIndex *c = b->c;
	const BlockTexts *bt = &b->bt;
	const Gloss *g = &c->g.v[b->gi];
	const char *mi = b->r[b->minor], *ma = b->r[!b->minor];
	for (; b->b < b->nb && *used < budget; b->b++) {
		int named = -1;
		for (ptrdiff_t at = bt_find_ko(bt_get(bt, b->b), 0, mi); at >= 0;
		     at = bt_find_ko(bt_get(bt, b->b), (size_t)at + 1, mi))
			if (renders_at(b, b->b, (size_t)at, mi, g->en, &named, used))
				pre_add(c, bt_get(bt, b->b), (size_t)at, SEV_INFO, ma,
				        "'%s' — '%s' is rendered '%s' elsewhere in this file (%zu "
				        "times, '%s' %zu) (rule two-renderings)", mi, g->en, ma,
				        b->cnt[!b->minor], mi, b->cnt[b->minor]);
		*used += block_cost(bt_get(bt, b->b));
	}
	if (b->b == b->nb) {
		b->stage = CS_BARE;
		b->b = 0;
	}
}

static void stage_bare(ConsBuild *b, size_t budget, size_t *used)
{
	ConsIndex *c = b->c;
	const BlockTexts *bt = &b->bt;
	const Gloss *g = &c->g.v[b->gi];
	/* bare-english: the term left in English in Korean prose where the
	 * file translates it (not code names, not names with digits: FP8
	 * Quantization; one word only as written in lower case: Device is
	 * a name) */
	bool phrase = strchr(g->en, ' ') != NULL;
	if (strpbrk(g->en, "0123456789") || (!phrase && !(g->en[0] >= 'a' && g->en[0] <= 'z')))
		b->b = b->nb;
	for (; b->b < b->nb && *used < budget; b->b++) {
		const BlockText *x = bt_get(bt, b->b);
		*used += block_cost(x);
		if (!x->korean)
			continue;
		for (ptrdiff_t at = find_en(x->m, x->n, 0, g->en); at >= 0;
		     at = find_en(x->m, x->n, (size_t)at + 1, g->en)) {
			if (!phrase && (x->m[at] < 'a' || x->m[at] > 'z'))
				continue;
			pre_add(c, x, (size_t)at, SEV_INFO, g->ko,
			        "'%.*s' — this file renders '%s' as '%s' (line %zu) (rule "
			        "bare-english)", (int)strlen(g->en), x->m + at, g->en,
			        g->ko, g->line + 1);
		}
	}
	if (b->b == b->nb) {
		b->stage = CS_FIRST;
		b->b = 0;
	}
}

static void stage_first(ConsBuild *b, size_t budget, size_t *used)
{
	(void)budget;
	ConsIndex *c = b->c;
	const BlockTexts *bt = &b->bt;
	/* The guide's rule: the English at the first occurrence (a title
	 * and the body each once), not again (gloss-repeated), and not
	 * later than the first occurrence of the Korean (gloss-first). */
	const Gloss *first_body = NULL;
	for (size_t k = 0; k < b->same.n; k++) {
		const Gloss *x = &c->g.v[b->same.v[k]];
		if (x->title)
			continue;
		if (!first_body) {
			first_body = x;
			b->first = b->same.v[k];
			continue;
		}
		if (strcmp(x->ko, first_body->ko) != 0)
			continue;
		size_t xb = x->ko_off >> 32;
		pre_add(c, bt_get(bt, xb), (size_t)(x->ko_off & 0xffffffffu), SEV_INFO, x->ko,
		        "'%s' — the English is given at the first occurrence only (line %zu) "
		        "(rule gloss-repeated)", x->text, first_body->line + 1);
	}
	*used += b->same.n + 1;
	/* a word of two syllables or more (배 of 2배 is no ship) */
	if (!first_body || strlen(first_body->ko) < 6) {
		term_next(b);
		return;
	}
	b->stage = CS_FIRST_SCAN;
	b->b = 0;
}

static void stage_first_scan(ConsBuild *b, size_t budget, size_t *used)
{
	ConsIndex *c = b->c;
	const BlockTexts *bt = &b->bt;
	const Gloss *fb = &c->g.v[b->first];
	size_t gb = fb->ko_off >> 32, go = fb->ko_off & 0xffffffffu;
	for (; b->b <= gb && *used < budget; b->b++) {
		const BlockText *x = bt_get(bt, b->b);
		*used += block_cost(x);
		if (!x->m || x->title)
			continue;
		size_t lim = b->b == gb ? go : x->n;
		ptrdiff_t at = find_ko(x->m, lim, 0, fb->ko);
		while (at >= 0 && (!ko_whole_word(x->m, lim, (size_t)at, strlen(fb->ko)) ||
		                   glossed_at(c, x, b->b, (size_t)at, fb->ko)))
			at = find_ko(x->m, lim, (size_t)at + 1, fb->ko);
		if (at >= 0 && !src_names_en(b->d, b->b, fb->en, used))
			continue;
		if (at < 0)
			continue;
		char *sg = xasprintf("%s(%s)", fb->ko, fb->en);
		pre_add(c, x, (size_t)at, SEV_INFO, sg,
		        "'%s' — first occurrence: the guide writes '%s(%s)' here, not later "
		        "(line %zu) (rule gloss-first)", fb->ko, fb->ko, fb->en, fb->line + 1);
		free(sg);
		/* and the late gloss itself: moved up, or dropped */
		size_t fl, fbyte;
		bt_pos(x, (size_t)at, &fl, &fbyte);
		pre_add(c, bt_get(bt, gb), go, SEV_INFO, fb->ko,
		        "'%s' — the English belongs at the first occurrence of '%s' (line %zu), "
		        "not here (rule gloss-late)", fb->text, fb->ko, fl + 1);
		term_next(b);
		return;
	}
	if (b->b > gb)
		term_next(b);
}

typedef void ConsStageFn(ConsBuild *b, size_t budget, size_t *used);
static ConsStageFn *const stages[] = {
	[CS_SETUP] = stage_setup, [CS_COUNT] = stage_count, [CS_FLAG] = stage_flag,
	[CS_BARE] = stage_bare, [CS_FIRST] = stage_first, [CS_FIRST_SCAN] = stage_first_scan,
};

bool cons_build_step(ConsBuild *b, const CheckDoc *d, size_t max_bytes, size_t *used)
{
	size_t u = 0;
	b->d = d;
	do {
		switch (b->phase) {
		case CP_INFER: {
			if (!b->infer)
				b->infer = infer_start();
			size_t iu = 0;
			bool got = infer_step(b->infer, d, max_bytes > u ? max_bytes - u : 1, &iu, &b->iv);
			u += iu;
			if (!got)
				break;
			infer_free(b->infer);
			b->infer = NULL;
			b->phase = CP_GATHER;
			break;
		}
		case CP_GATHER:
			for (; b->at < b->nb && (u < max_bytes || !u); b->at++) {
				cons_gather_block(b->c, d, &b->bt, b->at, &b->inl, &u);
				u += block_cost(bt_get(&b->bt, b->at));
			}
			if (b->at == b->nb) {
				VEC_FREE(&b->inl);
				b->phase = CP_SPACE;
			}
			break;
		case CP_SPACE:
			u++;
			if (cons_gloss_space(b->c, &b->bt, &b->space, max_bytes, &u))
				b->phase = CP_TERMS;
			break;
		case CP_TERMS:
			/* the distinct English terms (the first 400), with their renderings */
			if (b->gi < b->c->g.n && b->gi < 400)
				stages[b->stage](b, max_bytes, &u);
			else
				b->phase = CP_INFERRED;
			break;
		case CP_INFERRED:
			for (; b->ii < b->iv.n && u < max_bytes; b->ii++)
				u += cons_inferred_term(b->c, d, &b->bt, &b->iv.v[b->ii]);
			if (b->ii == b->iv.n) {
				infer_release(&b->iv);
				b->phase = CP_FREE;
				b->at = 0;
			}
			break;
		case CP_FREE: /* the blocks' texts, a slice at a time too; a chunk with its last */
			for (; b->at < b->nb && u < max_bytes; b->at++) {
				bt_drop(&b->bt, b->at);
				u += 32;
			}
			if (b->at == b->nb)
				b->phase = CP_DONE;
			break;
		case CP_DONE:
			break;
		}
	} while (b->phase != CP_DONE && u < max_bytes);
	*used = u;
	return b->phase == CP_DONE;
}

void cons_build_held(const ConsBuild *b, size_t *chunks, bool *inferring)
{
	*chunks = 0;
	for (size_t i = 0; b->bt.chunk && i < bt_chunks(&b->bt); i++)
		*chunks += b->bt.chunk[i] != NULL;
	*inferring = b->infer != NULL;
}

ConsIndex *cons_build_take(ConsBuild *b)
{
	BUG_ON(b->phase != CP_DONE);
	ConsIndex *c = b->c;
	b->c = NULL;
	cons_build_free(b);
	return c;
}

ConsIndex *cons_index_build(const CheckDoc *d)
{
	ConsBuild *b = cons_build_start(d);
	size_t used;
	while (!cons_build_step(b, d, SIZE_MAX, &used))
		;
	return cons_build_take(b);
}

bool check_kept_term(const Glossary *g, const char *en, size_t n)
{
	for (size_t i = 0; g && i < g->n; i++)
		for (size_t k = 0; k < g->v[i].en_n; k++)
			if (g->v[i].keep && strlen(g->v[i].en[k]) == n &&
			    strncasecmp(g->v[i].en[k], en, n) == 0)
				return true;
	return false;
}

/* English words (one or two, lowercase) left in Korean prose or comments
 * where the repository translates them: "device를" where its files write
 * 장치(device). */
static void repo_bare(const Unit *u, const CheckRepo *r, FindingVec *out)
{
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		const Block *b = &u->d->tb->v[k];
		Joined j;
		Buf mask = BUF_INIT;
		if (b->kind == BK_LITERAL) {
			if (!comment_text(u->d->tgt, u->d->tb, b, &j))
				continue;
			buf_add(&mask, j.text.p, j.text.len);
		} else if (rst_kind_is_prose(b->kind)) {
			joined_block(u->d->tgt, b, &j);
			InlineVec inl = {0};
			prose_mask(j.text.p, j.text.len, &mask, &inl);
			VEC_FREE(&inl);
		} else {
			continue;
		}
		const char *m = mask.p;
		size_t n = j.text.len;
		bool korean = false;
		for (size_t i = 0; i + 2 < n && !korean; i++)
			korean = ko_syllable(check_cp_at(m, n, i));
		int depth = 0;
		for (size_t i = 0; korean && i < n; i++) {
			if (m[i] == '(')
				depth++;
			if (m[i] == ')' && depth)
				depth--;
			if (depth || !(m[i] >= 'a' && m[i] <= 'z') ||
			    (i > 0 && (ascii_letter(m[i - 1]) || m[i - 1] == '_' || m[i - 1] == '.' ||
			               m[i - 1] == '=' || m[i - 1] == '\'' || m[i - 1] == '"' ||
			               m[i - 1] == 1)))
				continue;
			size_t e = i;
			while (e < n && m[e] >= 'a' && m[e] <= 'z')
				e++;
			if (e < n && (ascii_letter(m[e]) || m[e] == '_' || m[e] == '(' || m[e] == '.' ||
			              m[e] == '=' || m[e] == '\'' || m[e] == '"' || m[e] == 1)) {
				i = e;
				continue;
			}
			/* the word, or the word and the next one */
			size_t ends[2] = {e, 0};
			if (e + 1 < n && m[e] == ' ' && m[e + 1] >= 'a' && m[e + 1] <= 'z') {
				size_t e2 = e + 1;
				while (e2 < n && m[e2] >= 'a' && m[e2] <= 'z')
					e2++;
				ends[1] = e2;
			}
			for (int w = 1; w >= 0; w--) {
				size_t end = ends[w];
				if (!end || end - i < 3 || check_kept_term(u->d->glossary, m + i, end - i))
					continue;
				char *en = xmemdup0(m + i, end - i);
				size_t nr;
				const CheckRendering *rv = check_repo_renderings(r, en, &nr);
				if (nr && rv[0].files >= 3 && ko_syllable(check_prev_cp(rv[0].ko,
				                                                        strlen(rv[0].ko)))) {
					size_t line, byte;
					joined_pos(&j, i, &line, &byte);
					Finding *f = finding_add(u, out, CK_CONSISTENCY, SEV_INFO, line, byte,
					                         "'%s' — the repository renders '%s' as '%s' (%zu "
					                         "files) (rule repository)", en, en, rv[0].ko,
					                         rv[0].files);
					f->suggestion = xasprintf("%s(%s)", rv[0].ko, en);
					free(en);
					i = end;
					break;
				}
				free(en);
			}
			if (i < e)
				i = e;
		}
		buf_release(&mask);
		joined_release(&j);
	}
}

void check_consistency(const Unit *u, FindingVec *out)
{
	const ConsIndex *c = check_index_cons(u->d->index);
	if (!c || !u->tgt_n)
		return;
	size_t first = u->d->tb->v[u->tgt].first, last = u->d->tb->v[u->tgt + u->tgt_n - 1].last;
	for (size_t i = 0; i < c->pre.n; i++) {
		const Pre *p = &c->pre.v[i];
		if (p->line < first || p->line > last)
			continue;
		Finding *f = finding_add(u, out, CK_CONSISTENCY, p->sev, p->line, p->byte, "%s", p->msg);
		if (p->sugg)
			f->suggestion = xstrdup(p->sugg);
	}
	const CheckRepo *r = u->d->repo;
	if (!r)
		return;
	repo_bare(u, r, out);
	for (size_t i = 0; i < c->g.n; i++) {
		const Gloss *g = &c->g.v[i];
		if (g->line < first || g->line > last)
			continue;
		size_t n;
		const CheckRendering *rv = check_repo_renderings(r, g->en, &n);
		if (!n || strcmp(rv[0].ko, g->ko) == 0)
			continue;
		size_t mine = 0;
		for (size_t k = 0; k < n; k++)
			if (strcmp(rv[k].ko, g->ko) == 0)
				mine = rv[k].files;
		if (rv[0].files < 2 || rv[0].files < 2 * (mine ? mine : 1))
			continue;
		Finding *f = finding_add(u, out, CK_CONSISTENCY, SEV_INFO, g->line, g->byte,
		                         "'%s(%s)' — the repository renders '%s' as '%s' (%zu files; "
		                         "this way %zu) (rule repository)", g->ko, g->en, g->en,
		                         rv[0].ko, rv[0].files, mine);
		f->suggestion = xstrdup(rv[0].ko);
	}
}

/* ---- the repository --------------------------------------------------------- */

void check_repo_init(CheckRepo *r)
{
	memset(r, 0, sizeof(*r));
	spell_words_init(&r->hada);
}

void check_repo_release(CheckRepo *r)
{
	spell_words_release(&r->hada);
	if (r->words) {
		countmap_release(r->words);
		free(r->words);
	}
	for (size_t i = 0; i < r->rend.n; i++) {
		free(r->rend.v[i].en);
		free(r->rend.v[i].ko);
	}
	VEC_FREE(&r->rend);
	memset(r, 0, sizeof(*r));
}

void check_repo_add_rendering(CheckRepo *r, const char *en, const char *ko, size_t files)
{
	CheckRendering x = {fold(en, strlen(en)), xstrdup(ko), files};
	VEC_PUSH(&r->rend, x);
}

/* A Hangul word ending in a 하다/되다 form: its stem into the set. */
static void add_hada_stem(void *ctx, const char *w, size_t n)
{
	size_t st;
	if (check_is_hada_form(w, n, &st))
		spell_words_add(ctx, w, st);
}

void check_repo_add_file(CheckRepo *r, const char *text, size_t n)
{
	/* its blocks' prose as one text: glosses and 하다 stems */
	Buf mask = BUF_INIT;
	InlineVec inl = {0};
	prose_mask(text, n, &mask, &inl);
	VEC_FREE(&inl);
	const char *m = mask.p;
	VEC(char *) seen = {0};
	for (size_t i = 3; i < n; i++) {
		if (m[i] == '(') {
			size_t k = m[i - 1] == ' ' ? i - 1 : i;
			size_t close = ko_syllable(check_prev_cp(m, k)) ? gloss_en_end(m, n, i) : 0;
			if (close) {
				size_t words = MIN(count_words(m + i + 1, close - i - 1), (size_t)3);
				size_t a = k;
				for (size_t w = 0; w < words; w++) {
					size_t b = hangul_back(m, a);
					if (b == a)
						break;
					a = b;
					if (w + 1 < words) {
						if (a == 0 || m[a - 1] != ' ' || !ko_syllable(check_prev_cp(m, a - 1)))
							break;
						a--;
					}
				}
				while (a < k && m[a] == ' ')
					a++;
				if (a < k) {
					char *en = fold(m + i + 1, close - i - 1);
					char *key = xasprintf("%s\t%.*s", en, (int)(k - a), m + a);
					bool dup = false;
					for (size_t s = 0; s < seen.n && !dup; s++)
						dup = strcmp(seen.v[s], key) == 0;
					if (!dup) {
						VEC_PUSH(&seen, key);
						CheckRendering x = {en, xmemdup0(m + a, k - a), 1};
						VEC_PUSH(&r->rend, x);
					} else {
						free(key);
						free(en);
					}
				}
				i = close;
			}
		}
	}
	for (size_t s = 0; s < seen.n; s++)
		free(seen.v[s]);
	VEC_FREE(&seen);
	/* 하다 stems: Hangul words ending in a 하다/되다 form */
	ko_each_run(m, n, add_hada_stem, &r->hada);
	r->files++;
	buf_release(&mask);
}

static int rend_cmp(const void *a, const void *b)
{
	const CheckRendering *x = a, *y = b;
	int c = strcmp(x->en, y->en);
	if (c)
		return c;
	return strcmp(x->ko, y->ko);
}

static int rend_cmp_files(const void *a, const void *b)
{
	const CheckRendering *x = a, *y = b;
	int c = strcmp(x->en, y->en);
	if (c)
		return c;
	return x->files > y->files ? -1 : x->files < y->files ? 1 : strcmp(x->ko, y->ko);
}

void check_repo_finish(CheckRepo *r)
{
	if (r->rend.n > 1)
		qsort(r->rend.v, r->rend.n, sizeof(CheckRendering), rend_cmp);
	size_t w = 0;
	for (size_t i = 0; i < r->rend.n; i++) {
		if (w && rend_cmp(&r->rend.v[w - 1], &r->rend.v[i]) == 0) {
			r->rend.v[w - 1].files += r->rend.v[i].files;
			free(r->rend.v[i].en);
			free(r->rend.v[i].ko);
			continue;
		}
		r->rend.v[w++] = r->rend.v[i];
	}
	r->rend.n = w;
	if (r->rend.n > 1)
		qsort(r->rend.v, r->rend.n, sizeof(CheckRendering), rend_cmp_files);
}

/* The renderings of en (case-folded), most files first: *n of them. */
static const CheckRendering *check_repo_renderings(const CheckRepo *r, const char *en, size_t *n)
{
	*n = 0;
	char *f = fold(en, strlen(en));
	size_t lo = 0, hi = r->rend.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(r->rend.v[mid].en, f) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t k = lo;
	while (k < r->rend.n && strcmp(r->rend.v[k].en, f) == 0)
		k++;
	free(f);
	*n = k - lo;
	return *n ? &r->rend.v[lo] : NULL;
}
