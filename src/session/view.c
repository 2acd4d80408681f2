/* session: the layout, the view segments, wrapping, row alignment,
 * scrolling and the cursor on the screen (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

static int digits(size_t n)
{
	int d = 1;
	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

void session_layout(const Session *s, Layout *l)
{
	memset(l, 0, sizeof(*l));
	l->too_small = s->view.cols < SESSION_MIN_COLS || s->view.rows < SESSION_MIN_ROWS;
	l->body_y = 1;
	l->body_h = MAX(1, s->view.rows - 3);
	l->status_y = s->view.rows - 2;
	l->keys_y = s->view.rows - 1;
	int avail = MAX(3, s->view.cols - 1);
	int src_total = avail * s->view.ratio / 100;
	src_total = MAX(1, MIN(src_total, avail - 1));
	int tgt_total = avail - src_total;
	l->gutter = s->view.numbers ? digits(MAX(s->doc.tgt.n, s->doc.src.n)) + 1 : 0;
	/* a pull request's review comments: their marks need a column */
	if (s->rem.v.n && l->gutter < 2)
		l->gutter = 2;
	if (l->gutter && (src_total - l->gutter < 5 || tgt_total - l->gutter < 5))
		l->gutter = 0;
	/* the last column of each pane holds the continuation mark */
	l->src_x = l->gutter;
	l->src_w = MAX(1, src_total - l->gutter - SESSION_MARK_W);
	l->rule_x = src_total;
	l->tgt_x = src_total + 1 + l->gutter;
	l->tgt_w = MAX(1, tgt_total - l->gutter - SESSION_MARK_W);
}

static int pane_w(const Session *s, Pane p)
{
	Layout l;
	session_layout(s, &l);
	return MAX(1, p == PANE_TARGET ? l.tgt_w : l.src_w);
}

static bool is_blank_byte(char c)
{
	return c == ' ' || c == '\t';
}

/* Word wrap of a row that does not fit: the end of the row is after the
 * last blank of [from, end) that follows some text (not only blanks and
 * `#`: a row never holds only the indentation or a `# ` prefix), else
 * end itself (a word wider than the pane breaks between graphemes). */
static size_t word_break(const char *p, size_t from, size_t end)
{
	size_t f = from;
	while (f < end && (is_blank_byte(p[f]) || p[f] == '#'))
		f++;
	for (size_t j = end; j > f + 1; j--)
		if (is_blank_byte(p[j - 1]))
			return j;
	return end;
}

size_t session_wrap(const char *p, size_t n, size_t from, int w, WrapMode mode)
{
	if (from >= n)
		return n;
	size_t k = text_fit(p + from, n - from, 0, w, NULL, NULL);
	if (k == 0)
		return text_next_grapheme(p, n, from);
	size_t end = from + k;
	if (end >= n || mode == WRAP_GRAPHEME)
		return end;
	if (is_blank_byte(p[end])) {
		/* the blanks after a full row hang at its end */
		while (end < n && is_blank_byte(p[end]))
			end++;
		return end;
	}
	return word_break(p, from, end);
}

/* The bytes of a list item's marker at p[0..n) with the blanks after it
 * ("- ", "* ", "1. ", "#. ", "a) ", "(iv) "), 0 when there is none. */
static size_t list_marker(const char *p, size_t n)
{
	size_t i = 0;
	if (n >= 2 && (p[0] == '-' || p[0] == '*' || p[0] == '+') && p[1] == ' ') {
		i = 1;
	} else if (n >= 4 && !memcmp(p, "\xe2\x80\xa2", 3) && p[3] == ' ') { /* • */
		i = 3;
	} else {
		size_t j = p[0] == '(' ? 1 : 0, e = j;
		while (e < n && e - j < 4 && ((p[e] >= '0' && p[e] <= '9') || (p[e] >= 'a' && p[e] <= 'z') ||
		                              (p[e] >= 'A' && p[e] <= 'Z') || p[e] == '#'))
			e++;
		if (e == j || e + 1 >= n)
			return 0;
		bool closes = j ? p[e] == ')' : (p[e] == '.' || p[e] == ')');
		if (!closes || p[e + 1] != ' ')
			return 0;
		i = e + 1;
	}
	while (i < n && p[i] == ' ')
		i++;
	return i;
}

/* A line of a pane as the view reads it: its bytes, and its record (the
 * rows' memo: lines.h). */
typedef struct PLine {
	const char *p;
	size_t n;
	Line *ln;
} PLine;

static PLine pline(const Lines *l, size_t i)
{
	const Line *ln = lines_line(l, i);
	/* the session's lines are its own (never const objects): the memo is
	 * a cache of their content */
	return (PLine){lines_bytes(l, i, ln), ln->n, (Line *)ln};
}

/* The hanging indent of a line's rows after the first, in columns: its
 * indentation, the `# ` of a .py text block or comment, and a list item's
 * marker, so that a wrapped row starts under the text.  0 when the line
 * is only that, or when it would leave under half of the pane. */
static int line_hang(const Session *s, Pane p, const PLine *ln, int w)
{
	const char *q = ln->p;
	size_t n = ln->n, i = 0;
	while (i < n && q[i] == ' ')
		i++;
	const HostDoc *h = p == PANE_TARGET ? &s->doc.tgt_host : &s->doc.src_host;
	if (h->fmt == HOST_PY && i < n && q[i] == '#' && i + 1 < n && q[i + 1] == ' ') {
		i += 2;
		while (i < n && q[i] == ' ')
			i++;
	}
	i += list_marker(q + i, n - i);
	if (i >= n)
		return 0;
	int hang = text_width(q, i);
	return hang * 2 > w ? 0 : hang;
}

/* The end of the row of ln that starts at from: the first row w columns
 * wide, the others w - hang. */
static size_t wrap_row(const Session *s, const PLine *ln, size_t from, int w, int hang)
{
	return session_wrap(ln->p, ln->n, from, from ? w - hang : w, s->prefs.wrap);
}

/* Lines wrapped by rows_of without the cache (session_rows_wrapped). */
static uint64_t g_rows_wrapped;

uint64_t session_rows_wrapped(void)
{
	return g_rows_wrapped;
}

/* Rows of a line of w columns.  The count is kept in the line's memo
 * (include/yeok/lines.h: cleared by every change of its bytes) with the
 * width and mode it was computed for, so a frame wraps only the lines
 * that changed: a key in a long paragraph does not wrap all its rows. */
static int rows_of(const Session *s, Pane p, const PLine *ln, int w)
{
	uint32_t key = (uint32_t)w << 17 | (uint32_t)(s->prefs.wrap == WRAP_GRAPHEME) << 16;
	uint32_t memo = ln->ln->memo;
	if (memo && (memo & 0xffff0000u) == key)
		return (int)(memo & 0xffffu);
	if (ln->n <= (size_t)w) {
		/* short printable ASCII (most lines): one row */
		const unsigned char *q = (const unsigned char *)ln->p;
		size_t i = 0;
		while (i < ln->n && q[i] >= 0x20 && q[i] < 0x7f)
			i++;
		if (i == ln->n) {
			if (w < (1 << 15))
				ln->ln->memo = key | 1u;
			return 1;
		}
	}
	g_rows_wrapped++;
	int r = 0, hang = line_hang(s, p, ln, w);
	size_t at = 0;
	do {
		at = wrap_row(s, ln, at, w, hang);
		r++;
	} while (at < ln->n);
	if (w < (1 << 15) && r < 0xffff)
		ln->ln->memo = key | (uint32_t)r;
	return r;
}

int session_line_rows(Session *s, Pane p, size_t line)
{
	const Lines *l = session_lines(s, p);
	BUG_ON(line >= l->n);
	PLine ln = pline(l, line);
	return rows_of(s, p, &ln, pane_w(s, p));
}

/* ---- view segments -------------------------------------------------------- */

/* A side's start not known yet (the side is empty): build_vsegs and
 * splice_vsegs give it the next start. */
#define VSEG_NONE UINT32_MAX

/* A line number (or line count) as a view segment holds it: 32 bits, below
 * VSEG_NONE (include/yeok/session.h). */
static uint32_t vline(size_t x)
{
	BUG_ON(x >= VSEG_NONE);
	return (uint32_t)x;
}

/* Segment index k as a view segment holds it. */
static int32_t vsegno(size_t k)
{
	BUG_ON(k > INT32_MAX);
	return (int32_t)k;
}

static void build_vsegs(Session *s)
{
	const Doc *d = &s->doc;
	s->view.vsegs.n = 0;
	if (!d->al.n) {
		VSeg v = {-1, 0, vline(d->src.n), 0, vline(d->tgt.n)};
		VEC_PUSH(&s->view.vsegs, v);
		s->view.dirty = false;
		s->view.shift_k = 1;
		s->view.shift_d = 0;
		s->view.gen_align = s->doc.gen_align;
		s->view.gen_edit = s->doc.gen_edit;
		s->view.gen_doc = s->doc.gen;
		s->view.tgt_n = s->doc.tgt.n;
		return;
	}
	VEC_RESERVE_EIGHTH(&s->view.vsegs, d->al.n);
	bool seen_t = false, seen_s = false;
	for (size_t k = 0; k < d->al.n; k++) {
		const Segment *g = &d->al.v[k];
		VSeg v = {vsegno(k), 0, 0, 0, 0};
		size_t f, l;
		if (align_src_lines(g, &d->src_host.blocks, &f, &l)) {
			v.s0 = seen_s ? vline(f) : 0;
			seen_s = true;
		} else {
			v.s0 = VSEG_NONE;
		}
		if (align_tgt_lines(g, &d->tgt_host.blocks, &f, &l)) {
			v.t0 = seen_t ? vline(f) : 0;
			seen_t = true;
		} else {
			v.t0 = VSEG_NONE;
		}
		s->view.vsegs.v[s->view.vsegs.n++] = v;
	}
	VEC_FIT(&s->view.vsegs); /* reserved for the placeholders of a phased load */
	/* Ends: the next start on that side; empty sides start where the next
	 * non-empty one does. */
	uint32_t next_s = vline(d->src.n), next_t = vline(d->tgt.n);
	for (size_t k = s->view.vsegs.n; k-- > 0;) {
		VSeg *v = &s->view.vsegs.v[k];
		if (v->s0 == VSEG_NONE) {
			v->s0 = v->s1 = next_s;
		} else {
			v->s1 = next_s;
			next_s = v->s0;
		}
		if (v->t0 == VSEG_NONE) {
			v->t0 = v->t1 = next_t;
		} else {
			v->t1 = next_t;
			next_t = v->t0;
		}
	}
	/* Lines before the first block of a side belong to the first vseg. */
	if (s->view.vsegs.n) {
		s->view.vsegs.v[0].s0 = 0;
		s->view.vsegs.v[0].t0 = 0;
	}
	s->view.dirty = false;
	s->view.shift_k = s->view.vsegs.n;
	s->view.shift_d = 0;
	s->view.gen_align = s->doc.gen_align;
	s->view.gen_edit = s->doc.gen_edit;
	s->view.gen_doc = s->doc.gen;
	s->view.tgt_n = s->doc.tgt.n;
}

/* Line x moved by d, modulo 2^32: a stored t0 or t1 from shift_k on is
 * the line less shift_d, which may be below 0 (an edit after it added
 * lines, then one before it removed them): it wraps, and adding shift_d
 * back wraps to the line. */
static uint32_t vmove(uint32_t x, long d)
{
	return (uint32_t)((uint64_t)x + (uint64_t)d);
}

/* View segment k as stored, the pending shift applied. */
static VSeg vseg_at(const SessionView *w, size_t k)
{
	VSeg v = w->vsegs.v[k];
	if (k >= w->shift_k) {
		v.seg = (int32_t)k;
		v.t0 = vmove(v.t0, w->shift_d);
		v.t1 = vmove(v.t1, w->shift_d);
	}
	return v;
}

/* Apply the pending shift to view segments [a, b) (they leave it). */
static void vseg_settle(SessionView *w, size_t a, size_t b)
{
	for (size_t k = MAX(a, w->shift_k); k < b; k++)
		w->vsegs.v[k] = vseg_at(w, k);
}

/* The starts of segment k's sides (VSEG_NONE: empty), build_vsegs' rule
 * for a segment after the first of each side. */
static VSeg vseg_starts(const Doc *d, size_t k)
{
	const Segment *g = &d->al.v[k];
	VSeg v = {vsegno(k), 0, 0, 0, 0};
	size_t f, l;
	v.s0 = align_src_lines(g, &d->src_host.blocks, &f, &l) ? vline(f) : VSEG_NONE;
	v.t0 = align_tgt_lines(g, &d->tgt_host.blocks, &f, &l) ? vline(f) : VSEG_NONE;
	return v;
}

/* Test builds: the view segments after a splice (n of them) are what
 * building them all gives, built in an array of their own; the stored
 * ones (their array and its capacity as they are) and their pending
 * shift are left, so the next edit starts from them. */
static void splice_check(Session *s, size_t n)
{
#ifndef NDEBUG
	SessionView *w = &s->view;
	VEC(VSeg) mine = {0};
	VEC_RESERVE(&mine, n);
	for (size_t k = 0; k < n; k++)
		mine.v[k] = vseg_at(w, k);
	VSeg *kept = w->vsegs.v;
	size_t kept_cap = w->vsegs.cap, shift_k = w->shift_k;
	long shift_d = w->shift_d;
	w->vsegs.v = NULL;
	w->vsegs.n = w->vsegs.cap = 0;
	build_vsegs(s);
	BUG_ON(w->vsegs.n != n || memcmp(mine.v, w->vsegs.v, n * sizeof(VSeg)) != 0);
	VEC_FREE(&w->vsegs);
	w->vsegs.v = kept;
	w->vsegs.n = n;
	w->vsegs.cap = kept_cap;
	w->shift_k = shift_k;
	w->shift_d = shift_d;
	VEC_FREE(&mine);
#else
	(void)s;
	(void)n;
#endif
}

/* The view segments after edits whose segments the doc's change log
 * knows (doc_changed_since): those of the changed segments made again,
 * the ones after them moved (every edit is inside the changed segments'
 * lines, so by the change in the number of target lines), the ends of
 * the ones before them that reach into them set again.  False: build
 * them all (the log does not reach back, or everything changed). */
static bool splice_vsegs(Session *s)
{
	const Doc *d = &s->doc;
	DocDirty dd;
	if (s->view.dirty || !d->al.n || !s->view.vsegs.n || s->view.vsegs.v[0].seg < 0 ||
	    !doc_changed_since(d, s->view.gen_doc, &dd) || dd.full)
		return false;
	size_t on = s->view.vsegs.n, n = d->al.n, k0 = dd.k0, k1 = dd.k1;
	if ((long)on + dd.dk != (long)n || k1 > n || k0 > k1)
		return false;
	/* a side's first segment starts at line 0 (build_vsegs): a change at
	 * or before the first segment with a source or a target side can
	 * move that role to a later segment, so build them all */
	bool seen_s = false, seen_t = false;
	for (size_t k = 0; k < k0 && !(seen_s && seen_t); k++) {
		seen_s |= d->al.v[k].src_n > 0;
		seen_t |= d->al.v[k].tgt_n > 0;
	}
	if (!(seen_s && seen_t))
		return false;
	long D = (long)d->tgt.n - (long)s->view.tgt_n;
	size_t ok1 = (size_t)((long)k1 - dd.dk); /* old index of new k1 */
	/* build_vsegs sized them exactly: a new segment grows them by an
	 * eighth (doubling kept 524,288 for 285k segments at 1M: 21 MB) */
	VEC_RESERVE_EIGHTH(&s->view.vsegs, n);
	VSeg *v = s->view.vsegs.v;
	SessionView *w = &s->view;
	/* the segments after the change move by dk and D: by the pending
	 * shift (only those between the last change and this one are
	 * written); the shift starts at the old k1 at the latest */
	if (w->shift_k < ok1) {
		vseg_settle(w, w->shift_k, ok1);
		w->shift_k = ok1;
	}
	if (dd.dk)
		memmove(&v[k1], &v[ok1], (on - ok1) * sizeof(VSeg));
	s->view.vsegs.n = n;
	w->shift_k = (size_t)((long)w->shift_k + dd.dk); /* >= k1 */
	/* from k1 on all move by D: the pending shift grows by D, and
	 * [k1, shift_k), stored as they are, join it (stored shift_d less) */
	for (size_t k = k1; k < w->shift_k && w->shift_d; k++) {
		v[k].t0 = vmove(v[k].t0, -w->shift_d);
		v[k].t1 = vmove(v[k].t1, -w->shift_d);
	}
	w->shift_k = k1; /* >= k0 >= 1: v[0], written below, is stored as it is */
	w->shift_d += D;
	/* the changed ones: starts, then ends from the next start */
	for (size_t k = k0; k < k1; k++)
		v[k] = vseg_starts(d, k);
	uint32_t next_s = k1 < n ? v[k1].s0 : vline(d->src.n);
	uint32_t next_t = k1 < n ? vseg_at(w, k1).t0 : vline(d->tgt.n);
	for (size_t k = k1; k-- > k0;) {
		if (v[k].s0 == VSEG_NONE) {
			v[k].s0 = v[k].s1 = next_s;
		} else {
			v[k].s1 = next_s;
			next_s = v[k].s0;
		}
		if (v[k].t0 == VSEG_NONE) {
			v[k].t0 = v[k].t1 = next_t;
		} else {
			v[k].t1 = next_t;
			next_t = v[k].t0;
		}
	}
	/* before them: empty sides start at the next start, the last side
	 * that is not empty ends there */
	bool done_s = false, done_t = false;
	for (size_t k = k0; k-- > 0 && !(done_s && done_t);) {
		if (!done_s) {
			if (v[k].s0 == v[k].s1) {
				v[k].s0 = v[k].s1 = next_s;
			} else {
				v[k].s1 = next_s;
				done_s = true;
			}
		}
		if (!done_t) {
			if (v[k].t0 == v[k].t1) {
				v[k].t0 = v[k].t1 = next_t;
			} else {
				v[k].t1 = next_t;
				done_t = true;
			}
		}
	}
	v[0].s0 = 0;
	v[0].t0 = 0;
	if (v[0].s1 < v[0].s0)
		v[0].s1 = 0;
	/* a phased load's placeholders outnumber the segments that replace
	 * them: give back the spare (an eighth at most is kept) */
	VEC_FIT(&s->view.vsegs);
	s->view.gen_align = d->gen_align;
	s->view.gen_edit = d->gen_edit;
	s->view.gen_doc = d->gen;
	s->view.tgt_n = d->tgt.n;
	splice_check(s, n);
	return true;
}

/* ---- lazy view segments (SessionView.lazy) ----------------------------------
 * build_vsegs' result for one segment, from the segments around it: the
 * alignment covers each side's blocks in order (align_check), so a side's
 * first block is the number of that side's blocks in the segments before
 * (P), and a side starts at line_of(P): the first side of the document
 * starts at line 0 (build_vsegs' first-vseg rule), a side past the last
 * block at the end of the lines. */

/* The segments looked at on each side of an empty side for the nearest
 * one that has it (a longer run: the view segments are stored). */
#define VSEG_LAZY_RUN 256

static size_t line_of(const RstDoc *b, const Lines *l, size_t P)
{
	return P >= b->n ? l->n : P == 0 ? 0 : b->v[P].first;
}

static size_t side_n(const Segment *g, bool src)
{
	return src ? g->src_n : g->tgt_n;
}

static size_t side_first(const Segment *g, bool src)
{
	return src ? g->src : g->tgt;
}

/* The blocks of a side (src: the source) in the segments before k, where
 * segment k has none: from the nearest segment that has some, after or
 * before k; false when there is none within VSEG_LAZY_RUN of k. */
static bool blocks_before(const Doc *d, size_t k, bool src, size_t *P)
{
	const Alignment *a = &d->al;
	for (size_t i = 1; i <= VSEG_LAZY_RUN; i++) {
		if (k + i >= a->n) { /* none after k: all of the side's blocks are before it */
			*P = src ? d->src_host.blocks.n : d->tgt_host.blocks.n;
			return true;
		}
		if (side_n(&a->v[k + i], src)) {
			*P = side_first(&a->v[k + i], src);
			return true;
		}
		if (i > k) { /* none before k */
			*P = 0;
			return true;
		}
		const Segment *g = &a->v[k - i];
		if (side_n(g, src)) {
			*P = side_first(g, src) + side_n(g, src);
			return true;
		}
	}
	return false;
}

/* One side of view segment k into *a, *b (lines [a, b)). */
static bool lazy_side(const Doc *d, size_t k, bool src, size_t *a, size_t *b)
{
	const Segment *g = &d->al.v[k];
	const RstDoc *bl = src ? &d->src_host.blocks : &d->tgt_host.blocks;
	const Lines *l = src ? &d->src : &d->tgt;
	size_t P;
	if (side_n(g, src)) {
		*a = line_of(bl, l, side_first(g, src));
		*b = line_of(bl, l, side_first(g, src) + side_n(g, src));
	} else if (blocks_before(d, k, src, &P)) {
		*a = *b = line_of(bl, l, P);
	} else {
		return false;
	}
	if (k == 0) /* lines before the first block belong to the first vseg */
		*a = 0;
	return true;
}

/* View segment k computed (k < the count); false: a run too long. */
static bool lazy_vseg(const Session *s, size_t k, VSeg *v)
{
	const Doc *d = &s->doc;
	if (!d->al.n) {
		*v = (VSeg){-1, 0, vline(d->src.n), 0, vline(d->tgt.n)};
		return true;
	}
	size_t s0, s1, t0, t1;
	if (!lazy_side(d, k, true, &s0, &s1) || !lazy_side(d, k, false, &t0, &t1))
		return false;
	*v = (VSeg){vsegno(k), vline(s0), vline(s1), vline(t0), vline(t1)};
	return true;
}

/* Store the view segments from here on (built at the next count). */
static void unlazy(Session *s)
{
	s->view.lazy = false;
	s->view.dirty = true;
}

/* Test builds: every lazy view segment is the one build_vsegs stores
 * (built in an array of its own; the view is left as it is). */
static void lazy_check(Session *s)
{
#ifndef NDEBUG
	SessionView kept = s->view;
	memset(&s->view.vsegs, 0, sizeof(s->view.vsegs));
	build_vsegs(s);
	SessionView built = s->view;
	s->view = kept;
	for (size_t k = 0; k < built.vsegs.n && s->view.lazy; k++) {
		VSeg v;
		if (lazy_vseg(s, k, &v))
			BUG_ON(memcmp(&v, &built.vsegs.v[k], sizeof(v)) != 0);
	}
	VEC_FREE(&built.vsegs);
#else
	(void)s;
#endif
}

size_t session_vseg_count(Session *s)
{
	const Doc *d = &s->doc;
	if (s->view.lazy)
		return d->al.n ? d->al.n : 1;
	if ((s->view.dirty || d->gen_align != s->view.gen_align ||
	     d->gen_edit != s->view.gen_edit) && !splice_vsegs(s))
		build_vsegs(s);
	return s->view.vsegs.n;
}

VSeg session_vseg(Session *s, size_t k)
{
	BUG_ON(k >= session_vseg_count(s));
	VSeg v;
	if (s->view.lazy) {
		if (lazy_vseg(s, k, &v))
			return v;
		unlazy(s);
		BUG_ON(k >= session_vseg_count(s));
	}
	return vseg_at(&s->view, k);
}

long session_top_seg(const Session *s)
{
	/* view segment i is segment i when there are segments */
	size_t n = s->view.lazy ? s->doc.al.n : s->view.vsegs.n;
	bool known = s->view.lazy ? n > 0 : !s->view.dirty && n && s->view.vsegs.v[0].seg >= 0;
	return known && s->view.top < n ? (long)s->view.top : -1;
}

size_t session_seg_target_bytes(const Session *s, size_t k, size_t cap)
{
	size_t a, b, bytes = 0;
	if (k < s->doc.al.n && align_tgt_lines(&s->doc.al.v[k], &s->doc.tgt_host.blocks, &a, &b))
		for (size_t i = a; i <= b && bytes < cap; i++)
			bytes += lines_get(&s->doc.tgt, i).n + 1;
	return bytes;
}

size_t session_vseg_of(Session *s, Pane p, size_t line)
{
	size_t n = session_vseg_count(s);
	size_t lo = 0, hi = n, best = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		VSeg g = session_vseg(s, mid);
		size_t x0 = p == PANE_TARGET ? g.t0 : g.s0;
		if (x0 <= line) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	/* Ties go to the last: an empty span starts where the next one does. */
	return best;
}

long session_cur_seg(Session *s)
{
	Pos c = s->caret.focus == PANE_TARGET ? s->caret.cur : s->caret.scur;
	return session_vseg(s, session_vseg_of(s, s->caret.focus, c.line)).seg;
}

/* ---- row alignment inside a view segment ----------------------------------
 * The lines of a view segment are paired in slots: the i-th line of the
 * source's text (up to its last non-blank line) beside the i-th line of
 * the target's, then the blank lines after the text, again by index.  A
 * slot takes as many rows as its taller line; the shorter side is padded
 * after its line, so the two sides of a segment never drift apart. */

typedef struct Slots {
	size_t a[2], body[2], b[2]; /* per side: lines [a, body) text, [body, b) blank tail */
	size_t nbody, ntail;        /* slots of text, slots of the tail */
} Slots;

static void vseg_slots(Session *s, const VSeg *v, Slots *sl)
{
	for (int p = 0; p < 2; p++) {
		const Lines *l = session_lines(s, (Pane)p);
		size_t a = p == PANE_TARGET ? v->t0 : v->s0, b = p == PANE_TARGET ? v->t1 : v->s1;
		size_t body = b;
		while (body > a && !str_trim(lines_get(l, body - 1)).n)
			body--;
		sl->a[p] = a;
		sl->body[p] = body;
		sl->b[p] = b;
	}
	sl->nbody = MAX(sl->body[0] - sl->a[0], sl->body[1] - sl->a[1]);
	sl->ntail = MAX(sl->b[0] - sl->body[0], sl->b[1] - sl->body[1]);
}

/* The line of side p in slot i, or SIZE_MAX when that side has none. */
static size_t slot_line(const Slots *sl, int p, size_t i)
{
	if (i < sl->nbody)
		return sl->a[p] + i < sl->body[p] ? sl->a[p] + i : SIZE_MAX;
	i -= sl->nbody;
	return sl->body[p] + i < sl->b[p] ? sl->body[p] + i : SIZE_MAX;
}

/* The slot of line `line` of side p. */
static size_t slot_of(const Slots *sl, int p, size_t line)
{
	if (line < sl->body[p])
		return line - sl->a[p];
	return sl->nbody + (line - sl->body[p]);
}

static int slot_rows(Session *s, const Slots *sl, size_t i, const int w[2])
{
	int r = 0;
	for (int p = 0; p < 2; p++) {
		size_t line = slot_line(sl, p, i);
		if (line != SIZE_MAX) {
			PLine ln = pline(session_lines(s, (Pane)p), line);
			r = MAX(r, rows_of(s, (Pane)p, &ln, w[p]));
		}
	}
	return r;
}

static void pane_widths(const Session *s, int w[2])
{
	w[PANE_SOURCE] = pane_w(s, PANE_SOURCE);
	w[PANE_TARGET] = pane_w(s, PANE_TARGET);
}

/* Rows of vseg k, or some number >= cap when it has at least cap rows. */
static int vseg_rows_cap(Session *s, size_t k, int cap)
{
	Slots sl;
	VSeg vk = session_vseg(s, k);
	vseg_slots(s, &vk, &sl);
	int w[2];
	pane_widths(s, w);
	int r = 0;
	for (size_t i = 0; i < sl.nbody + sl.ntail && r < cap; i++)
		r += slot_rows(s, &sl, i, w);
	return r;
}

static int vseg_rows(Session *s, size_t k)
{
	return vseg_rows_cap(s, k, INT32_MAX);
}

/* The row of byte col of a line of pane p (wrapped at w) and where that
 * row starts. */
static int row_in_line(const Session *s, Pane p, const PLine *ln, size_t col, int w,
                       size_t *row_from)
{
	int r = 0, hang = line_hang(s, p, ln, w);
	size_t from = 0;
	for (;;) {
		size_t to = wrap_row(s, ln, from, w, hang);
		if (col < to || to >= ln->n)
			break;
		from = to;
		r++;
	}
	if (row_from)
		*row_from = from;
	return r;
}

/* Row of the cursor of pane p inside its vseg, and its column. */
static void cursor_place(Session *s, Pane p, size_t *k, int *row, int *col)
{
	const Lines *l = session_lines(s, p);
	Pos c = p == PANE_TARGET ? s->caret.cur : s->caret.scur;
	*k = session_vseg_of(s, p, c.line);
	Slots sl;
	VSeg vk = session_vseg(s, *k);
	vseg_slots(s, &vk, &sl);
	int w[2];
	pane_widths(s, w);
	int r = 0;
	size_t mine = slot_of(&sl, p, c.line);
	for (size_t i = 0; i < mine; i++)
		r += slot_rows(s, &sl, i, w);
	PLine pl = pline(l, c.line);
	const PLine *ln = &pl;
	size_t from;
	r += row_in_line(s, p, ln, c.col, w[p], &from);
	*row = r;
	/* up to the mark column: a blank hanging after a full row */
	int ind = from ? line_hang(s, p, ln, w[p]) : 0;
	*col = ind + MIN(text_width(ln->p + from, c.col - from), w[p] - ind);
}

size_t session_view(Session *s, ViewRow *rows, size_t max)
{
	size_t n = session_vseg_count(s);
	int w[2];
	pane_widths(s, w);
	size_t out = 0;
	int skip = s->view.top_row;
	for (size_t k = s->view.top; k < n && out < max; k++) {
		Slots sl;
		VSeg vk = session_vseg(s, k);
		vseg_slots(s, &vk, &sl);
		int r = 0; /* row inside the vseg */
		for (size_t i = 0; i < sl.nbody + sl.ntail && out < max; i++) {
			int h = slot_rows(s, &sl, i, w);
			if (r + h <= skip) {
				r += h;
				continue;
			}
			/* the rows of this slot on each side */
			size_t from[2] = {0, 0}, line[2];
			int hang[2] = {0, 0};
			for (int p = 0; p < 2; p++) {
				line[p] = slot_line(&sl, p, i);
				if (line[p] != SIZE_MAX) {
					PLine ln = pline(session_lines(s, (Pane)p), line[p]);
					hang[p] = line_hang(s, (Pane)p, &ln, w[p]);
				}
			}
			for (int j = 0; j < h && out < max; j++, r++) {
				ViewRow vr;
				memset(&vr, 0, sizeof(vr));
				vr.vseg = k;
				vr.seg = session_vseg(s, k).seg;
				vr.seg_first = r == 0;
				for (int p = 0; p < 2; p++) {
					if (line[p] == SIZE_MAX)
						continue;
					PLine pl = pline(session_lines(s, (Pane)p), line[p]);
					const PLine *ln = &pl;
					if (from[p] >= ln->n && (ln->n || j > 0))
						continue;
					size_t to = wrap_row(s, ln, from[p], w[p], hang[p]);
					vr.side[p] = (RowSide){true, line[p], from[p], to, from[p] == 0,
					                       to < ln->n, from[p] ? hang[p] : 0};
					from[p] = to;
				}
				if (r >= skip)
					rows[out++] = vr;
			}
		}
		skip = 0;
	}
	return out;
}

bool session_cursor_screen(Session *s, int *y, int *x)
{
	Layout l;
	session_layout(s, &l);
	size_t k;
	int row, col;
	cursor_place(s, s->caret.focus, &k, &row, &col);
	if (k < s->view.top || (k == s->view.top && row < s->view.top_row))
		return false;
	int dy = -s->view.top_row;
	for (size_t i = s->view.top; i < k; i++) {
		dy += vseg_rows_cap(s, i, l.body_h - dy + 1);
		if (dy > l.body_h)
			return false;
	}
	dy += row;
	if (dy >= l.body_h)
		return false;
	*y = l.body_y + dy;
	*x = (s->caret.focus == PANE_TARGET ? l.tgt_x : l.src_x) + col;
	return true;
}

/* Rows from the top of the screen to the end of the document, or some
 * number >= cap. */
static int rows_below_top(Session *s, int cap)
{
	size_t n = session_vseg_count(s);
	int r = -s->view.top_row;
	for (size_t k = s->view.top; k < n && r < cap; k++)
		r += vseg_rows_cap(s, k, cap - r);
	return r;
}

void session_scroll(Session *s, int rows)
{
	size_t n = session_vseg_count(s);
	if (rows > 0) {
		/* never past the point where the last row is at the bottom */
		Layout l;
		session_layout(s, &l);
		int below = rows_below_top(s, l.body_h + rows);
		rows = MIN(rows, MAX(0, below - l.body_h));
	}
	int r = rows > 0 ? vseg_rows(s, s->view.top) : 0; /* rows of the top vseg */
	while (rows > 0) {
		if (s->view.top_row + 1 < r) {
			int step = MIN(rows, r - 1 - s->view.top_row);
			s->view.top_row += step;
			rows -= step;
			continue;
		} else if (s->view.top + 1 < n) {
			s->view.top++;
			s->view.top_row = 0;
			r = vseg_rows(s, s->view.top);
		} else {
			break;
		}
		rows--;
	}
	while (rows < 0) {
		if (s->view.top_row > 0) {
			s->view.top_row--;
		} else if (s->view.top > 0) {
			s->view.top--;
			s->view.top_row = MAX(0, vseg_rows(s, s->view.top) - 1);
		} else {
			break;
		}
		rows++;
	}
}

/* Put the top so that the cursor of the focused pane is at body row want. */
static void place_at(Session *s, size_t k, int r, int want)
{
	while (want > r && k > 0) {
		want -= r + 1;
		k--;
		r = vseg_rows(s, k) - 1;
	}
	s->view.top = k;
	s->view.top_row = MAX(0, r - want);
}

void session_follow_center(Session *s, bool center)
{
	Layout l;
	session_layout(s, &l);
	size_t n = session_vseg_count(s);
	if (s->view.top >= n)
		s->view.top = n ? n - 1 : 0;
	if (s->view.top_row > 0 && vseg_rows_cap(s, s->view.top, s->view.top_row + 1) <= s->view.top_row)
		s->view.top_row = MAX(0, vseg_rows(s, s->view.top) - 1);
	size_t k;
	int row, col;
	cursor_place(s, s->caret.focus, &k, &row, &col);
	if (s->view.middle && l.body_h > 0) {
		s->view.middle = false;
		place_at(s, k, row, l.body_h / 2);
		return;
	}
	if (k < s->view.top || (k == s->view.top && row < s->view.top_row)) {
		if (center)
			place_at(s, k, row, l.body_h / 3);
		else {
			s->view.top = k;
			s->view.top_row = row;
		}
		return;
	}
	int dy = -s->view.top_row;
	for (size_t i = s->view.top; i < k && dy < 2 * l.body_h; i++)
		dy += vseg_rows_cap(s, i, 2 * l.body_h - dy);
	dy += row;
	if (dy < l.body_h)
		return;
	if (center && dy >= 2 * l.body_h)
		place_at(s, k, row, l.body_h / 3);
	else
		place_at(s, k, row, l.body_h - 1);
}

void session_follow(Session *s)
{
	session_follow_center(s, false);
}

void session_resize(Session *s, int cols, int rows)
{
	s->view.cols = cols;
	s->view.rows = rows;
	session_follow_center(s, true);
}

/* ---- motion by screen rows ------------------------------------------------ */

/* The byte of row [from, to) of ln nearest to display column goal: the
 * end of a row that continues stays before its last cluster (else the
 * cursor would show on the next row). */
static size_t col_in_row(const PLine *ln, size_t from, size_t to, int goal)
{
	size_t k = from + text_fit(ln->p + from, to - from, 0, goal, NULL, NULL);
	if (k >= to && to < ln->n && to > from)
		k = text_prev_grapheme(ln->p, ln->n, to);
	return k;
}

/* Start and end of row r of a line (r counted from 0; the last row when
 * r is past it). */
static void row_span(const Session *s, const PLine *ln, int w, int hang, int r, size_t *from,
                     size_t *to)
{
	size_t a = 0, b = wrap_row(s, ln, 0, w, hang);
	for (int i = 0; i < r && b < ln->n; i++) {
		a = b;
		b = wrap_row(s, ln, a, w, hang);
	}
	*from = a;
	*to = b;
}

/* col_in_row for a display column of the pane: a row after the first
 * starts hang columns in. */
static size_t col_in_pane_row(const PLine *ln, size_t from, size_t to, int hang, int goal)
{
	return col_in_row(ln, from, to, from ? MAX(0, goal - hang) : goal);
}

bool session_row_move(Session *s, Pane p, Pos *c, int dir, int goal)
{
	const Lines *l = session_lines(s, p);
	int w = pane_w(s, p);
	PLine pl = pline(l, c->line);
	const PLine *ln = &pl;
	size_t from;
	int r = row_in_line(s, p, ln, c->col, w, &from);
	size_t line = c->line;
	int want;
	if (dir < 0) {
		if (r > 0) {
			want = r - 1;
		} else if (line > 0) {
			line--;
			want = INT32_MAX;
		} else {
			return false;
		}
	} else {
		size_t end = wrap_row(s, ln, from, w, line_hang(s, p, ln, w));
		if (end < ln->n) {
			want = r + 1;
		} else if (line + 1 < l->n) {
			line++;
			want = 0;
		} else {
			return false;
		}
	}
	PLine tl = pline(l, line);
	const PLine *t = &tl;
	int hang = line_hang(s, p, t, w);
	size_t a, b;
	row_span(s, t, w, hang, want, &a, &b);
	*c = (Pos){line, col_in_pane_row(t, a, b, hang, goal)};
	return true;
}

int session_row_col(Session *s, Pane p, Pos c)
{
	PLine pl = pline(session_lines(s, p), c.line);
	const PLine *ln = &pl;
	int w = pane_w(s, p);
	size_t from;
	row_in_line(s, p, ln, c.col, w, &from);
	return (from ? line_hang(s, p, ln, w) : 0) + text_width(ln->p + from, c.col - from);
}

/* The screen row (0-based in the body) of the cursor of pane p, or -1
 * when it is not on the screen. */
static int cursor_body_row(Session *s)
{
	int y, x;
	if (!session_cursor_screen(s, &y, &x))
		return -1;
	Layout l;
	session_layout(s, &l);
	return y - l.body_y;
}

void session_page(Session *s, int dir)
{
	Layout l;
	session_layout(s, &l);
	Pane p = s->caret.focus;
	Pos *c = p == PANE_TARGET ? &s->caret.cur : &s->caret.scur;
	const Lines *lines = session_lines(s, p);
	if (s->caret.goal_col < 0)
		s->caret.goal_col = session_row_col(s, p, *c);
	int y = cursor_body_row(s);
	if (y < 0)
		y = 0;
	size_t top0 = s->view.top;
	int row0 = s->view.top_row;
	int step = MAX(1, l.body_h - 1);
	session_scroll(s, dir > 0 ? step : -step);
	if (s->view.top == top0 && s->view.top_row == row0) {
		/* the view is at the end: to the first or last line */
		if (dir > 0)
			*c = (Pos){lines->n - 1, lines_line(lines, lines->n - 1)->n};
		else
			*c = (Pos){0, 0};
		return;
	}
	/* the cursor keeps its screen row: the nearest row of its pane
	 * that shows text, below first */
	ViewRow *rows = xcalloc((size_t)l.body_h, sizeof(ViewRow));
	size_t got = session_view(s, rows, (size_t)l.body_h);
	long pick = -1;
	for (long d = 0; d < l.body_h && pick < 0; d++) {
		long cand[2] = {y + d, y - d};
		for (int i = 0; i < 2 && pick < 0; i++)
			if (cand[i] >= 0 && (size_t)cand[i] < got && rows[cand[i]].side[p].has)
				pick = cand[i];
	}
	if (pick >= 0) {
		const RowSide *rs = &rows[pick].side[p];
		PLine ln = pline(lines, rs->line);
		*c = (Pos){rs->line, col_in_pane_row(&ln, rs->from, rs->to, rs->indent, s->caret.goal_col)};
	}
	free(rows);
}

bool session_click(Session *s, int y, int x)
{
	Layout l;
	session_layout(s, &l);
	if (l.too_small || y < l.body_y || y >= l.body_y + l.body_h || x == l.rule_x)
		return false;
	ViewRow *rows = xcalloc((size_t)l.body_h, sizeof(ViewRow));
	size_t got = session_view(s, rows, (size_t)l.body_h);
	size_t r = (size_t)(y - l.body_y);
	bool ok = false;
	if (r < got) {
		Pane p = x > l.rule_x ? PANE_TARGET : PANE_SOURCE;
		int px = x - (p == PANE_TARGET ? l.tgt_x : l.src_x);
		RowSide *rs = &rows[r].side[p];
		if (rs->has && px >= 0) {
			PLine ln = pline(session_lines(s, p), rs->line);
			size_t k = col_in_pane_row(&ln, rs->from, rs->to, rs->indent, px);
			Pos *c = p == PANE_TARGET ? &s->caret.cur : &s->caret.scur;
			*c = (Pos){rs->line, k};
			s->caret.focus = p;
			s->caret.goal_col = -1;
			doc_break_merge(&s->doc);
			ok = true;
		}
	}
	free(rows);
	return ok;
}

/* The findings' slots (findings.c, read here: view.c is below it): every
 * message is the pool's, and the pool counts them all. */
static bool findings_check(const Session *s, Err *e)
{
	const StrPool *p = &s->chk.msgs;
	if (!strpool_check(p, e))
		return false;
	size_t held = 0, refs = 0;
	for (size_t k = 0; k < s->chk.seg.n; k++)
		for (size_t i = 0; i < s->chk.seg.v[k].n; i++) {
			const char *m = s->chk.seg.v[k].v[i].message;
			if (!m || !strpool_refs(p, m))
				return err_set(e, EXIT_DATAERR, "session: segment %zu finding %zu: its "
				               "message is not the pool's", k, i);
			held++;
		}
	for (size_t i = 0; i < p->cap; i++)
		refs += p->v[i].s ? p->v[i].refs : 0;
	if (held != refs)
		return err_set(e, EXIT_DATAERR, "session: %zu findings hold %zu pooled messages",
		               held, refs);
	return true;
}

bool session_check(Session *s, Err *e)
{
	if (!doc_check(&s->doc, e))
		return false;
	const Lines *t = &s->doc.tgt, *src = &s->doc.src;
	if (s->caret.cur.line >= t->n || s->caret.cur.col > lines_line(t, s->caret.cur.line)->n)
		return err_set(e, EXIT_DATAERR, "session: cursor %zu:%zu outside", s->caret.cur.line, s->caret.cur.col);
	if (s->caret.scur.line >= src->n || s->caret.scur.col > lines_line(src, s->caret.scur.line)->n)
		return err_set(e, EXIT_DATAERR, "session: source cursor outside");
	if (s->sel.on) {
		const Lines *sl = session_lines(s, s->sel.pane);
		if (s->sel.at.line >= sl->n || s->sel.at.col > lines_line(sl, s->sel.at.line)->n)
			return err_set(e, EXIT_DATAERR, "session: selection anchor outside");
	}
	size_t n = session_vseg_count(s);
	if (s->view.top >= n)
		return err_set(e, EXIT_DATAERR, "session: top %zu >= %zu", s->view.top, n);
	if (s->view.lazy)
		lazy_check(s);
	/* The vsegs partition both documents. */
	size_t ns = 0, nt = 0;
	for (size_t k = 0; k < n; k++) {
		VSeg g = session_vseg(s, k);
		if (g.s0 != ns && g.s1 != g.s0)
			return err_set(e, EXIT_DATAERR, "session: vseg %zu source starts at %zu, not %zu", k, (size_t)g.s0, ns);
		if (g.t0 != nt && g.t1 != g.t0)
			return err_set(e, EXIT_DATAERR, "session: vseg %zu target starts at %zu, not %zu", k, (size_t)g.t0, nt);
		if (g.s1 > g.s0)
			ns = g.s1;
		if (g.t1 > g.t0)
			nt = g.t1;
	}
	if (ns != src->n || nt != t->n)
		return err_set(e, EXIT_DATAERR, "session: vsegs cover %zu/%zu source, %zu/%zu target lines",
		               ns, src->n, nt, t->n);
	return findings_check(s, e);
}
