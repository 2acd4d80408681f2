/* session: the layout, the view segments, wrapping, scrolling and the
 * cursor on the screen (include/yeok/session.h). */
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
	l->too_small = s->cols < SESSION_MIN_COLS || s->rows < SESSION_MIN_ROWS;
	l->body_y = 1;
	l->body_h = MAX(1, s->rows - 3);
	l->status_y = s->rows - 2;
	l->keys_y = s->rows - 1;
	int avail = MAX(3, s->cols - 1);
	int src_total = avail * s->ratio / 100;
	src_total = MAX(1, MIN(src_total, avail - 1));
	int tgt_total = avail - src_total;
	l->gutter = s->numbers ? digits(MAX(s->doc.tgt.n, s->doc.src.n)) + 1 : 0;
	if (l->gutter && (src_total - l->gutter < 4 || tgt_total - l->gutter < 4))
		l->gutter = 0;
	l->src_x = l->gutter;
	l->src_w = src_total - l->gutter;
	l->rule_x = src_total;
	l->tgt_x = src_total + 1 + l->gutter;
	l->tgt_w = tgt_total - l->gutter;
}

static int pane_w(const Session *s, Pane p)
{
	Layout l;
	session_layout(s, &l);
	return MAX(1, p == PANE_TARGET ? l.tgt_w : l.src_w);
}

size_t session_wrap(const char *p, size_t n, size_t from, int w)
{
	if (from >= n)
		return n;
	size_t k = text_fit(p + from, n - from, 0, w, NULL, NULL);
	if (k == 0)
		k = text_next_grapheme(p, n, from) - from;
	return from + k;
}

static int rows_of(const Line *ln, int w)
{
	/* Printable ASCII (most English lines): one column per byte. */
	const unsigned char *q = (const unsigned char *)ln->p;
	size_t i = 0;
	while (i < ln->n && q[i] >= 0x20 && q[i] < 0x7f)
		i++;
	if (i == ln->n)
		return ln->n ? (int)((ln->n + (size_t)w - 1) / (size_t)w) : 1;
	int r = 0;
	size_t at = 0;
	do {
		at = session_wrap(ln->p, ln->n, at, w);
		r++;
	} while (at < ln->n);
	return r;
}

int session_line_rows(Session *s, Pane p, size_t line)
{
	const Lines *l = session_lines(s, p);
	BUG_ON(line >= l->n);
	return rows_of(&l->v[line], pane_w(s, p));
}

static void build_vsegs(Session *s)
{
	const Doc *d = &s->doc;
	s->vsegs.n = 0;
	if (!d->al.n) {
		VSeg v = {-1, 0, d->src.n, 0, d->tgt.n};
		VEC_PUSH(&s->vsegs, v);
		s->vsegs_dirty = false;
		s->vsegs_gen_align = s->doc.gen_align;
		s->vsegs_gen_edit = s->doc.gen_edit;
		return;
	}
	VEC_RESERVE(&s->vsegs, d->al.n);
	bool seen_t = false, seen_s = false;
	for (size_t k = 0; k < d->al.n; k++) {
		const Segment *g = &d->al.v[k];
		VSeg v = {(long)k, 0, 0, 0, 0};
		size_t f, l;
		if (align_src_lines(g, &d->sh.blocks, &f, &l)) {
			v.s0 = seen_s ? f : 0;
			seen_s = true;
		} else {
			v.s0 = SIZE_MAX;
		}
		if (align_tgt_lines(g, &d->th.blocks, &f, &l)) {
			v.t0 = seen_t ? f : 0;
			seen_t = true;
		} else {
			v.t0 = SIZE_MAX;
		}
		s->vsegs.v[s->vsegs.n++] = v;
	}
	/* Ends: the next start on that side; empty sides start where the next
	 * non-empty one does. */
	size_t next_s = d->src.n, next_t = d->tgt.n;
	for (size_t k = s->vsegs.n; k-- > 0;) {
		VSeg *v = &s->vsegs.v[k];
		if (v->s0 == SIZE_MAX) {
			v->s0 = v->s1 = next_s;
		} else {
			v->s1 = next_s;
			next_s = v->s0;
		}
		if (v->t0 == SIZE_MAX) {
			v->t0 = v->t1 = next_t;
		} else {
			v->t1 = next_t;
			next_t = v->t0;
		}
	}
	/* Lines before the first block of a side belong to the first vseg. */
	if (s->vsegs.n) {
		s->vsegs.v[0].s0 = 0;
		s->vsegs.v[0].t0 = 0;
		if (s->vsegs.v[0].s1 < s->vsegs.v[0].s0)
			s->vsegs.v[0].s1 = 0;
	}
	s->vsegs_dirty = false;
	s->vsegs_gen_align = s->doc.gen_align;
	s->vsegs_gen_edit = s->doc.gen_edit;
}

const VSeg *session_vsegs(Session *s, size_t *n)
{
	const Doc *d = &s->doc;
	if (!s->vsegs_dirty && d->gen_align == s->vsegs_gen_align &&
	    d->gen_edit == s->vsegs_gen_edit + 1) {
		/* One edit that kept the segments: shift the line spans. */
		size_t at = d->edit_line;
		long dl = d->edit_delta;
		if (dl) {
			for (size_t k = 0; k < s->vsegs.n; k++) {
				VSeg *v = &s->vsegs.v[k];
				if (v->t0 > at)
					v->t0 = (size_t)((long)v->t0 + dl);
				if (v->t1 > at)
					v->t1 = (size_t)((long)v->t1 + dl);
			}
		}
		s->vsegs_gen_edit = d->gen_edit;
	}
	if (s->vsegs_dirty || d->gen_align != s->vsegs_gen_align || d->gen_edit != s->vsegs_gen_edit)
		build_vsegs(s);
	*n = s->vsegs.n;
	return s->vsegs.v;
}

size_t session_vseg_of(Session *s, Pane p, size_t line)
{
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	size_t lo = 0, hi = n, best = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		size_t x0 = p == PANE_TARGET ? v[mid].t0 : v[mid].s0;
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
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	Pos c = s->focus == PANE_TARGET ? s->cur : s->scur;
	return v[session_vseg_of(s, s->focus, c.line)].seg;
}

/* Rows of one side of a vseg; counting stops once cap is reached. */
static int side_rows(Session *s, const VSeg *v, Pane p, int w, int cap)
{
	const Lines *l = session_lines(s, p);
	size_t a = p == PANE_TARGET ? v->t0 : v->s0, b = p == PANE_TARGET ? v->t1 : v->s1;
	int r = 0;
	for (size_t i = a; i < b && r < cap; i++)
		r += rows_of(&l->v[i], w);
	return r;
}

/* Rows of vseg k, or some number >= cap when it has at least cap rows. */
static int vseg_rows_cap(Session *s, size_t k, int cap)
{
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	int a = side_rows(s, &v[k], PANE_SOURCE, pane_w(s, PANE_SOURCE), cap);
	int b = a >= cap ? a : side_rows(s, &v[k], PANE_TARGET, pane_w(s, PANE_TARGET), cap);
	return MAX(a, b);
}

static int vseg_rows(Session *s, size_t k)
{
	return vseg_rows_cap(s, k, INT32_MAX);
}

/* Row of the cursor of pane p inside its vseg, and its column. */
static void cursor_place(Session *s, Pane p, size_t *k, int *row, int *col)
{
	const Lines *l = session_lines(s, p);
	Pos c = p == PANE_TARGET ? s->cur : s->scur;
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	*k = session_vseg_of(s, p, c.line);
	int w = pane_w(s, p);
	size_t a = p == PANE_TARGET ? v[*k].t0 : v[*k].s0;
	int r = 0;
	for (size_t i = a; i < c.line; i++)
		r += rows_of(&l->v[i], w);
	const Line *ln = &l->v[c.line];
	size_t from = 0;
	for (;;) {
		size_t to = session_wrap(ln->p, ln->n, from, w);
		if (c.col < to || to >= ln->n)
			break;
		from = to;
		r++;
	}
	*row = r;
	*col = MIN(text_width(ln->p + from, c.col - from), w - 1);
}

size_t session_view(Session *s, ViewRow *rows, size_t max)
{
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	size_t out = 0;
	int skip = s->top_row;
	for (size_t k = s->top; k < n && out < max; k++) {
		/* the rows of both sides of vseg k */
		RowSide *side[2] = {NULL, NULL};
		int cnt[2] = {0, 0};
		size_t cap[2] = {0, 0};
		for (int p = 0; p < 2; p++) {
			const Lines *l = session_lines(s, (Pane)p);
			int w = pane_w(s, (Pane)p);
			size_t a = p == PANE_TARGET ? v[k].t0 : v[k].s0;
			size_t b = p == PANE_TARGET ? v[k].t1 : v[k].s1;
			for (size_t i = a; i < b; i++) {
				const Line *ln = &l->v[i];
				size_t from = 0;
				do {
					size_t to = session_wrap(ln->p, ln->n, from, w);
					side[p] = xgrow(side[p], &cap[p], (size_t)cnt[p] + 1, sizeof(RowSide));
					side[p][cnt[p]++] = (RowSide){true, i, from, to, from == 0};
					from = to;
				} while (from < ln->n);
				if ((size_t)cnt[p] > max + (size_t)skip)
					break;
			}
		}
		int total = MAX(cnt[0], cnt[1]);
		for (int r = skip; r < total && out < max; r++) {
			ViewRow *vr = &rows[out++];
			memset(vr, 0, sizeof(*vr));
			vr->vseg = k;
			vr->seg = v[k].seg;
			vr->seg_first = r == 0;
			for (int p = 0; p < 2; p++)
				if (r < cnt[p])
					vr->side[p] = side[p][r];
		}
		skip = 0;
		free(side[0]);
		free(side[1]);
	}
	return out;
}

bool session_cursor_screen(Session *s, int *y, int *x)
{
	Layout l;
	session_layout(s, &l);
	size_t k;
	int row, col;
	cursor_place(s, s->focus, &k, &row, &col);
	if (k < s->top || (k == s->top && row < s->top_row))
		return false;
	int dy = -s->top_row;
	for (size_t i = s->top; i < k; i++) {
		dy += vseg_rows_cap(s, i, l.body_h - dy + 1);
		if (dy > l.body_h)
			return false;
	}
	dy += row;
	if (dy >= l.body_h)
		return false;
	*y = l.body_y + dy;
	*x = (s->focus == PANE_TARGET ? l.tgt_x : l.src_x) + col;
	return true;
}

void session_scroll(Session *s, int rows)
{
	size_t n;
	session_vsegs(s, &n);
	int r = rows > 0 ? vseg_rows(s, s->top) : 0; /* rows of the top vseg */
	while (rows > 0) {
		if (s->top_row + 1 < r) {
			int step = MIN(rows, r - 1 - s->top_row);
			s->top_row += step;
			rows -= step;
			continue;
		} else if (s->top + 1 < n) {
			s->top++;
			s->top_row = 0;
			r = vseg_rows(s, s->top);
		} else {
			break;
		}
		rows--;
	}
	while (rows < 0) {
		if (s->top_row > 0) {
			s->top_row--;
		} else if (s->top > 0) {
			s->top--;
			s->top_row = MAX(0, vseg_rows(s, s->top) - 1);
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
	s->top = k;
	s->top_row = MAX(0, r - want);
}

void session_follow_center(Session *s, bool center)
{
	Layout l;
	session_layout(s, &l);
	size_t n;
	session_vsegs(s, &n);
	if (s->top >= n)
		s->top = n ? n - 1 : 0;
	if (s->top_row > 0 && vseg_rows_cap(s, s->top, s->top_row + 1) <= s->top_row)
		s->top_row = MAX(0, vseg_rows(s, s->top) - 1);
	size_t k;
	int row, col;
	cursor_place(s, s->focus, &k, &row, &col);
	if (k < s->top || (k == s->top && row < s->top_row)) {
		if (center)
			place_at(s, k, row, l.body_h / 3);
		else {
			s->top = k;
			s->top_row = row;
		}
		return;
	}
	int dy = -s->top_row;
	for (size_t i = s->top; i < k && dy < 2 * l.body_h; i++)
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
	s->cols = cols;
	s->rows = rows;
	session_follow_center(s, true);
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
			const Line *ln = &session_lines(s, p)->v[rs->line];
			size_t k = text_fit(ln->p + rs->from, rs->to - rs->from, 0, px, NULL, NULL);
			Pos *c = p == PANE_TARGET ? &s->cur : &s->scur;
			*c = (Pos){rs->line, rs->from + k};
			s->focus = p;
			s->goal_col = -1;
			doc_break_merge(&s->doc);
			ok = true;
		}
	}
	free(rows);
	return ok;
}

bool session_check(Session *s, Err *e)
{
	if (!doc_check(&s->doc, e))
		return false;
	const Lines *t = &s->doc.tgt, *src = &s->doc.src;
	if (s->cur.line >= t->n || s->cur.col > t->v[s->cur.line].n)
		return err_set(e, EXIT_DATAERR, "session: cursor %zu:%zu outside", s->cur.line, s->cur.col);
	if (s->scur.line >= src->n || s->scur.col > src->v[s->scur.line].n)
		return err_set(e, EXIT_DATAERR, "session: source cursor outside");
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	if (s->top >= n)
		return err_set(e, EXIT_DATAERR, "session: top %zu >= %zu", s->top, n);
	/* The vsegs partition both documents. */
	size_t ns = 0, nt = 0;
	for (size_t k = 0; k < n; k++) {
		if (v[k].s0 != ns && v[k].s1 != v[k].s0)
			return err_set(e, EXIT_DATAERR, "session: vseg %zu source starts at %zu, not %zu", k, v[k].s0, ns);
		if (v[k].t0 != nt && v[k].t1 != v[k].t0)
			return err_set(e, EXIT_DATAERR, "session: vseg %zu target starts at %zu, not %zu", k, v[k].t0, nt);
		if (v[k].s1 > v[k].s0)
			ns = v[k].s1;
		if (v[k].t1 > v[k].t0)
			nt = v[k].t1;
	}
	if (ns != src->n || nt != t->n)
		return err_set(e, EXIT_DATAERR, "session: vsegs cover %zu/%zu source, %zu/%zu target lines",
		               ns, src->n, nt, t->n);
	return true;
}
