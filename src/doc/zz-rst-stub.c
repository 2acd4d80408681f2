/* TEMPORARY stand-in for src/rst and src/align (another helper's modules,
 * branch h-rst) so that doc/session can be built and tested before they
 * land.  Blank-line blocks, underlined titles, 1:1 alignment in order.
 * Deleted when h-rst is merged (duplicate symbols would fail the link). */
#include "yeok/align.h"
#include "yeok/rst.h"

void rst_init(RstDoc *d) { memset(d, 0, sizeof(*d)); }
void rst_release(RstDoc *d) { free(d->v); memset(d, 0, sizeof(*d)); }

static bool blank(Str s) { return str_trim(s).n == 0; }
static bool adorn(Str s)
{
	s = str_trim_right(s);
	if (s.n < 2) return false;
	for (size_t i = 0; i < s.n; i++) if (s.p[i] != s.p[0] || !strchr("=-~^*#+`'\".:_", s.p[0])) return false;
	return true;
}

void rst_segment_range(const Lines *l, size_t from, size_t to, RstDoc *d)
{
	size_t i = from;
	while (i < to) {
		if (blank(lines_get(l, i))) { i++; continue; }
		size_t j = i;
		while (j + 1 < to && !blank(lines_get(l, j + 1))) j++;
		Block b;
		memset(&b, 0, sizeof(b));
		b.first = i; b.last = j; b.text_line = i; b.parent = -1;
		b.kind = BK_PARAGRAPH;
		if (j == i + 1 && adorn(lines_get(l, j))) { b.kind = BK_TITLE; b.adornment = lines_get(l, j).p[0];
			int lv = 0;
			for (size_t q = 0; q < d->n; q++) if (d->v[q].kind == BK_TITLE) { lv = MAX(lv, d->v[q].title_level); if (d->v[q].adornment == b.adornment) { b.title_level = d->v[q].title_level; break; } }
			if (!b.title_level) b.title_level = lv + 1; }
		else if (str_starts_with(lines_get(l, i), ".. ")) b.kind = BK_DIRECTIVE;
		else if (lines_get(l, i).n && lines_get(l, i).p[0] == ' ') b.kind = BK_LITERAL;
		d->v = xgrow(d->v, &d->cap, d->n + 1, sizeof(Block));
		d->v[d->n++] = b;
		i = j + 1;
	}
}

void rst_segment(const Lines *l, RstDoc *d) { d->n = 0; rst_segment_range(l, 0, l->n, d); }

void rst_block_text(const Lines *l, const Block *b, Buf *out)
{
	size_t last = b->kind == BK_TITLE ? b->text_line : b->last;
	for (size_t i = b->text_line; i <= last; i++) {
		if (i > b->text_line) buf_addc(out, '\n');
		buf_addstr(out, str_trim_right(lines_get(l, i)));
	}
}

const char *rst_kind_name(BlockKind k)
{
	static const char *n[] = {"title", "paragraph", "list-item", "literal", "directive", "table", "comment", "target", "substitution", "field", "transition", "other"};
	return k < BK_COUNT ? n[k] : "other";
}
bool rst_kind_is_prose(BlockKind k) { return k == BK_TITLE || k == BK_PARAGRAPH || k == BK_LIST_ITEM; }
bool rst_check(const RstDoc *d, const Lines *l, Err *e) { (void)d; (void)l; (void)e; return true; }

void align_init(Alignment *a) { memset(a, 0, sizeof(*a)); }
void align_release(Alignment *a) { free(a->v); memset(a, 0, sizeof(*a)); }

static void push(Alignment *a, const Lines *src, const RstDoc *sb, size_t i, bool hs, const Lines *tgt, const RstDoc *tb, size_t j, bool ht)
{
	Segment s;
	memset(&s, 0, sizeof(s));
	s.src = i; s.src_n = hs; s.tgt = j; s.tgt_n = ht;
	s.kind = ht ? tb->v[j].kind : sb->v[i].kind;
	s.status = ST_DRAFT;
	if (hs && ht) {
		Buf x = BUF_INIT, y = BUF_INIT;
		rst_block_text(src, &sb->v[i], &x); rst_block_text(tgt, &tb->v[j], &y);
		if (x.len == y.len && (x.len == 0 || memcmp(x.p, y.p, x.len) == 0)) s.status = ST_UNTRANSLATED;
		buf_release(&x); buf_release(&y);
	}
	a->v = xgrow(a->v, &a->cap, a->n + 1, sizeof(Segment));
	a->v[a->n++] = s;
}

static size_t next_title(const RstDoc *d, size_t i)
{
	for (i++; i < d->n; i++) if (d->v[i].kind == BK_TITLE) return i;
	return d->n;
}

void align_docs(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb, Alignment *a)
{
	a->n = 0;
	size_t i = 0, j = 0;
	while (i < sb->n || j < tb->n) {
		size_t ie = i < sb->n ? next_title(sb, i) : sb->n;
		size_t je = j < tb->n ? next_title(tb, j) : tb->n;
		if (i < sb->n && sb->v[i].kind != BK_TITLE && j < tb->n && tb->v[j].kind == BK_TITLE) je = j; /* leading */
		if (j < tb->n && tb->v[j].kind != BK_TITLE && i < sb->n && sb->v[i].kind == BK_TITLE) ie = i;
		if (ie == i && je == j) { ie = next_title(sb, i); je = next_title(tb, j); if (i >= sb->n) ie = i; if (j >= tb->n) je = j; }
		size_t k = 0;
		for (; i + k < ie || j + k < je; k++)
			push(a, src, sb, MIN(i + k, ie), i + k < ie, tgt, tb, MIN(j + k, je), j + k < je);
		i = ie; j = je;
	}
}

bool align_src_lines(const Segment *s, const RstDoc *sb, size_t *f, size_t *l)
{
	if (!s->src_n) return false;
	*f = sb->v[s->src].first; *l = sb->v[s->src + s->src_n - 1].last; return true;
}
bool align_tgt_lines(const Segment *s, const RstDoc *tb, size_t *f, size_t *l)
{
	if (!s->tgt_n) return false;
	*f = tb->v[s->tgt].first; *l = tb->v[s->tgt + s->tgt_n - 1].last; return true;
}
double align_matched_share(const Alignment *a, const RstDoc *sb) { (void)a; (void)sb; return 1; }
const char *align_status_name(SegStatus s)
{
	static const char *n[] = {"untranslated", "draft", "done", "stale", "reviewed"};
	return s < ST_COUNT ? n[s] : "?";
}
bool align_check(const Alignment *a, const RstDoc *sb, const RstDoc *tb, Err *e) { (void)a; (void)sb; (void)tb; (void)e; return true; }
