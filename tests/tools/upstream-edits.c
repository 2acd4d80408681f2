/* Synthetic upstream edits (tests/tools/upstream-edits.h). */
#include "upstream-edits.h"

#include "yeok/rst.h"

typedef struct Rng {
	uint64_t s;
} Rng;

static uint64_t rng_next(Rng *r)
{
	/* xorshift64* */
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 2685821657736338717ULL;
}

static bool chance(Rng *r, double p)
{
	return (double)(rng_next(r) >> 11) / (double)(1ULL << 53) < p;
}

/* One line of the result being built. */
typedef struct Out {
	struct { char **s; UeLine *v; size_t n, cap, scap; } l;
} Out;

static void put(Out *o, const char *p, size_t n, long from, bool edited)
{
	if (o->l.n == o->l.cap) {
		o->l.cap = o->l.cap ? 2 * o->l.cap : 64;
		o->l.s = xrealloc(o->l.s, o->l.cap * sizeof(*o->l.s));
		o->l.v = xrealloc(o->l.v, o->l.cap * sizeof(*o->l.v));
	}
	o->l.s[o->l.n] = xmemdup0(p, n);
	o->l.v[o->l.n] = (UeLine){from, edited};
	o->l.n++;
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A plain word of line s (letters only, 4+, with spaces or line ends
 * around it): its offset, or -1.  The k-th such word, cycling. */
static long plain_word(Str s, uint64_t k, size_t *len)
{
	size_t offs[256], lens[256], n = 0;
	size_t i = 0;
	while (i < s.n && n < 256) {
		if (!is_alpha(s.p[i])) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < s.n && is_alpha(s.p[j]))
			j++;
		bool before = i == 0 || s.p[i - 1] == ' ';
		bool after = j == s.n || s.p[j] == ' ';
		if (j - i >= 4 && before && after) {
			offs[n] = i;
			lens[n] = j - i;
			n++;
		}
		i = j;
	}
	if (!n)
		return -1;
	*len = lens[k % n];
	return (long)offs[k % n];
}

/* Is line i a comment or blank (code edits leave those alone)? */
static bool comment_or_blank(Str s)
{
	Str t = str_trim(s);
	return !t.n || t.p[0] == '#' || str_starts_with(t, "//") || str_starts_with(t, ">>>");
}

/* The edited copy of line s: a word replaced (prose: "upstream" before it;
 * a title: the word's first letter case swapped, so the length stays), or
 * a code line with "_v2" after its first identifier. */
static char *edit_line(Str s, BlockKind kind, uint64_t k)
{
	Buf b = BUF_INIT;
	if (kind == BK_LITERAL) {
		size_t i = 0;
		while (i < s.n && !(is_alpha(s.p[i]) || s.p[i] == '_'))
			i++;
		while (i < s.n && (is_alpha(s.p[i]) || s.p[i] == '_' || (s.p[i] >= '0' && s.p[i] <= '9')))
			i++;
		buf_add(&b, s.p, i);
		buf_adds(&b, "_v2");
		buf_add(&b, s.p + i, s.n - i);
		return buf_detach(&b);
	}
	size_t len;
	long at = plain_word(s, k, &len);
	if (at < 0)
		return NULL;
	if (kind == BK_TITLE) {
		buf_add(&b, s.p, s.n);
		b.p[at] ^= 0x20;
		return buf_detach(&b);
	}
	buf_add(&b, s.p, (size_t)at);
	buf_adds(&b, "upstream ");
	buf_add(&b, s.p + at, s.n - (size_t)at);
	return buf_detach(&b);
}

/* A top-level paragraph that may be deleted, moved or followed by an
 * insertion: no children, does not introduce a literal block, not right
 * before an indented construct. */
static bool movable(const Lines *l, const RstDoc *d, size_t i)
{
	const Block *b = &d->v[i];
	if (b->kind != BK_PARAGRAPH || b->depth != 0 || b->indent != 0)
		return false;
	if (str_ends_with(str_trim_right(lines_get(l, b->last)), "::"))
		return false;
	if (b->last + 1 >= l->n || str_trim(lines_get(l, b->last + 1)).n)
		return false; /* no blank line after it */
	if (i + 1 < d->n && (d->v[i + 1].parent == (int)i || d->v[i + 1].indent > 0))
		return false;
	if (i > 0 && d->v[i - 1].kind == BK_TITLE && d->v[i - 1].last + 1 == b->first)
		return false; /* glued to a title */
	return true;
}

enum { OP_NONE, OP_EDIT, OP_DELETE, OP_MOVE, OP_INSERT };

/* .py: a paragraph of a text block followed by a lone `#` (a blank line of
 * the same block), after which a new paragraph may go. */
static bool py_insert_ok(const Lines *l, const HostDoc *h, size_t i)
{
	const Block *b = &h->blocks.v[i];
	if (b->kind != BK_PARAGRAPH || b->last + 1 >= l->n)
		return false;
	const HostRegion *g = host_region_of(h, b->first);
	return g && g->kind == HR_TEXT && host_region_of(h, b->last + 1) == g &&
	       str_eq(str_trim_right(lines_get(l, b->last + 1)), STR_LIT("#"));
}

void ue_make(const char *en, size_t en_n, HostFormat fmt, uint64_t seed, double rate,
             UeResult *r)
{
	ue_release(r);
	Lines l;
	lines_init(&l);
	lines_parse(&l, en, en_n);
	HostDoc h;
	host_init(&h);
	host_segment(&l, fmt, &h);
	const RstDoc d = h.blocks; /* borrowed view */
	bool py = fmt == HOST_PY;
	Rng g = {seed * 0x9E3779B97F4A7C15ULL + 1};
	int *op = xcalloc(d.n + 1, sizeof(*op));
	long *move_to = xcalloc(d.n + 1, sizeof(*move_to)); /* OP_MOVE: after this block */
	bool *take_line = xcalloc(l.n + 1, sizeof(*take_line)); /* line removed (delete/move) */
	/* the first block (the title) and the author paragraph stay */
	for (size_t i = 1; i < d.n; i++) {
		const Block *b = &d.v[i];
		if (b->kind == BK_LITERAL && chance(&g, 2 * rate)) {
			op[i] = OP_EDIT;
			continue;
		}
		if (py && py_insert_ok(&l, &h, i) && i > 2 && chance(&g, rate / 2)) {
			op[i] = OP_INSERT;
			continue;
		}
		if (!py && movable(&l, &d, i) && i > 2) {
			if (chance(&g, rate / 2)) {
				op[i] = OP_DELETE;
				continue;
			}
			if (chance(&g, rate / 2)) {
				/* after a movable paragraph 2..7 blocks later */
				size_t hop = 2 + (size_t)(rng_next(&g) % 6);
				for (size_t j = i + hop; j < d.n && j < i + hop + 6; j++)
					if (movable(&l, &d, j) && op[j] == OP_NONE) {
						op[i] = OP_MOVE;
						move_to[i] = (long)j;
						break;
					}
				if (op[i])
					continue;
			}
			if (chance(&g, rate / 2)) {
				op[i] = OP_INSERT;
				continue;
			}
		}
		if (rst_kind_is_prose(b->kind) && chance(&g, rate))
			op[i] = OP_EDIT;
	}
	/* a block that receives a moved paragraph is not itself edited away */
	for (size_t i = 0; i < d.n; i++)
		if (op[i] == OP_MOVE && op[move_to[i]] != OP_NONE)
			op[i] = OP_NONE;
	for (size_t i = 0; i < d.n; i++)
		if (op[i] == OP_DELETE || op[i] == OP_MOVE)
			for (size_t k = d.v[i].first; k <= d.v[i].last + 1 && k < l.n; k++)
				take_line[k] = true; /* with the blank line after it */

	Out o = {0};
	uint64_t inserted = 0;
	/* per line: the block that starts or owns it */
	size_t bi = 0;
	for (size_t k = 0; k < l.n; k++) {
		while (bi < d.n && d.v[bi].last < k)
			bi++;
		const Block *b = bi < d.n && d.v[bi].first <= k ? &d.v[bi] : NULL;
		Str s = lines_get(&l, k);
		if (!take_line[k]) {
			char *ed = NULL;
			if (b && op[bi] == OP_EDIT) {
				bool pick = b->kind == BK_LITERAL
				                    ? !comment_or_blank(s) && k >= b->first
				                    : (b->kind == BK_TITLE ? k == b->text_line : k == b->first);
				if (pick) {
					ed = edit_line(s, b->kind, rng_next(&g));
					if (ed) {
						op[bi] = OP_NONE; /* one change per block */
						if (b->kind == BK_LITERAL)
							r->code_edits++;
						else
							r->edits++;
					}
				}
			}
			if (ed) {
				put(&o, ed, strlen(ed), (long)k, true);
				free(ed);
			} else {
				put(&o, s.p, s.n, (long)k, false);
			}
		}
		if (!b || k != b->last)
			continue;
		if (op[bi] == OP_INSERT) {
			char *t = xasprintf("%sUpstream added this paragraph (number %llu) to explain more.",
			                    py ? "# " : "", (unsigned long long)++inserted);
			put(&o, py ? "#" : "", py ? 1 : 0, -1, false);
			put(&o, t, strlen(t), -1, false);
			free(t);
			r->inserts++;
		}
		/* the paragraphs moved after this one */
		for (size_t m = 0; m < d.n; m++)
			if (op[m] == OP_MOVE && move_to[m] == (long)bi) {
				put(&o, "", 0, -1, false);
				for (size_t x = d.v[m].first; x <= d.v[m].last; x++)
					put(&o, lines_get(&l, x).p, lines_line(&l, x)->n, (long)x, false);
				r->moves++;
			}
	}
	for (size_t i = 0; i < d.n; i++)
		r->deletes += op[i] == OP_DELETE;
	/* the text, and one manifest entry per line */
	r->v = xmalloc(MAX(o.l.n, 1) * sizeof(*r->v));
	for (size_t i = 0; i < o.l.n; i++) {
		buf_adds(&r->text, o.l.s[i]);
		if (i + 1 < o.l.n)
			buf_addc(&r->text, '\n');
		r->v[i] = o.l.v[i];
		free(o.l.s[i]);
	}
	r->n = o.l.n;
	free(o.l.s);
	free(o.l.v);
	free(op);
	free(move_to);
	free(take_line);
	host_release(&h);
	lines_release(&l);
}

void ue_release(UeResult *r)
{
	buf_release(&r->text);
	free(r->v);
	memset(r, 0, sizeof(*r));
}
