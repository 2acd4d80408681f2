/* Is the English older than the Korean?  What a translator never changes,
 * compared (include/yeok/source.h, "A stale English"). */
#include "yeok/source.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <time.h>

#include "yeok/text.h"
#include "yeok/vcs.h"

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
	buf_clear(out);
	char quote = 0;
	for (size_t i = 0; i < line.n; i++) {
		char c = line.p[i];
		if (quote) {
			if (c == '\\' && i + 1 < line.n) {
				buf_addc(out, c);
				buf_addc(out, line.p[++i]);
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
			buf_addc(out, c);
	}
}

/* The code lines of a literal block (its first line is the `::` or
 * directive line only for a one-line block: content starts at first). */
static void code_items(const Lines *l, const Block *b, size_t bi, bool korean, ItemVec *v,
                       Buf *tmp)
{
	for (size_t i = b->first; i <= b->last && i < l->n; i++) {
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
		if ((rest > 8 && !strncmp(p, "https://", 8)) || (rest > 7 && !strncmp(p, "http://", 7))) {
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
				for (size_t k = 0; k < n; k++)
					if (p[2 + k] != ' ')
						buf_addc(tmp, p[2 + k]);
				push(v, 'L', tmp->p, tmp->len, bi);
			}
			i += (size_t)(end - p) + 1;
		}
	}
}

/* Block bi's items into v. */
static void block_items(const Lines *l, const RstDoc *d, size_t bi, bool korean, ItemVec *v,
                        Buf *tmp)
{
	const Block *b = &d->v[bi];
	switch ((BlockKind)b->kind) {
	case BK_LITERAL:
		code_items(l, b, bi, korean, v, tmp);
		return;
	case BK_DIRECTIVE: {
		/* an argument without blanks: a path, a language, a name (a title
		 * with blanks is prose a translator translates) */
		Str a = str_trim(rst_block_arg(b));
		if (a.n && !memchr(a.p, ' ', a.n) && !(korean && has_hangul(a.p, a.n)))
			push(v, 'D', a.p, a.n, bi);
		for (size_t i = b->first; i <= b->last && i < l->n; i++)
			inline_items(lines_get(l, i), false, korean, bi, v, tmp);
		return;
	}
	case BK_COMMENT:
	case BK_TRANSITION:
		return;
	default:
		for (size_t i = b->first; i <= b->last && i < l->n; i++)
			inline_items(lines_get(l, i), true, korean, bi, v, tmp);
		return;
	}
}

static void doc_items(const Lines *l, const RstDoc *d, bool korean, ItemVec *v)
{
	Buf tmp = BUF_INIT;
	for (size_t i = 0; i < d->n; i++)
		block_items(l, d, i, korean, v, &tmp);
	buf_release(&tmp);
}

static int cmp_item(const void *a, const void *b)
{
	const Item *x = a, *y = b;
	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	return (x->block > y->block) - (x->block < y->block);
}

/* Mark the items of a and b without an equal item on the other side (a
 * multiset: two equal lines need two). */
static void mark_lonely(ItemVec *a, ItemVec *b)
{
	if (a->n)
		qsort(a->v, a->n, sizeof(Item), cmp_item);
	if (b->n)
		qsort(b->v, b->n, sizeof(Item), cmp_item);
	size_t i = 0, j = 0;
	while (i < a->n || j < b->n) {
		if (j == b->n || (i < a->n && a->v[i].h < b->v[j].h))
			a->v[i++].lonely = true;
		else if (i == a->n || b->v[j].h < a->v[i].h)
			b->v[j++].lonely = true;
		else
			i++, j++;
	}
}

/* How many distinct blocks hold a lonely item. */
static size_t lonely_blocks(const ItemVec *v, size_t nblocks, size_t *items)
{
	bool *seen = xcalloc(nblocks + 1, 1);
	size_t n = 0;
	*items = 0;
	for (size_t i = 0; i < v->n; i++) {
		if (!v->v[i].lonely || v->v[i].weak)
			continue;
		(*items)++;
		size_t b = v->v[i].block <= nblocks ? v->v[i].block : nblocks;
		n += !seen[b];
		seen[b] = true;
	}
	free(seen);
	return n;
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

static uint64_t *hashes(const ItemVec *v, size_t *n)
{
	uint64_t *h = xmalloc((v->n ? v->n : 1) * sizeof(*h));
	for (size_t i = 0; i < v->n; i++)
		h[i] = v->v[i].h;
	*n = v->n;
	return h; /* sorted: v was */
}

void source_stale_score(const Lines *sl, const RstDoc *sb, const Lines *tl, const RstDoc *tb,
                        SourceStaleScore *out)
{
	ItemVec en = {0}, ko = {0};
	doc_items(sl, sb, false, &en);
	doc_items(tl, tb, true, &ko);
	mark_lonely(&en, &ko);
	memset(out, 0, sizeof(*out));
	out->items_en = en.n;
	out->items_ko = ko.n;
	out->blocks_en = lonely_blocks(&en, sb->n, &out->lonely_en);
	out->blocks_ko = lonely_blocks(&ko, tb->n, &out->lonely_ko);
	VEC_FREE(&en);
	VEC_FREE(&ko);
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
	source_stale_release(out);
	ItemVec en = {0}, ko = {0};
	doc_items(sl, sb, false, &en);
	doc_items(tl, tb, true, &ko);
	mark_lonely(&en, &ko);
	SourceStaleScore *sc = &out->score;
	sc->items_en = en.n;
	sc->items_ko = ko.n;
	sc->blocks_en = lonely_blocks(&en, sb->n, &sc->lonely_en);
	sc->blocks_ko = lonely_blocks(&ko, tb->n, &sc->lonely_ko);
	out->differ = MAX(sc->blocks_ko, sc->blocks_en);
	out->stale = source_stale_says(sc);
	out->en = hashes(&en, &out->en_n);
	out->ko = hashes(&ko, &out->ko_n);
	VEC_FREE(&en);
	VEC_FREE(&ko);
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
