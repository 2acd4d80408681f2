/* session: the headless editor (include/yeok/session.h). */
#include "session-private.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yeok/sidecar.h"
#include "yeok/text.h"

void session_init(Session *s)
{
	memset(s, 0, sizeof(*s));
	doc_init(&s->doc);
	s->focus = PANE_TARGET;
	s->goal_col = -1;
	s->cols = 80;
	s->rows = 24;
	s->ratio = 50;
	s->vsegs_dirty = true;
	session_assist_init(s);
}

void session_release(Session *s)
{
	session_assist_release(s);
	doc_release(&s->doc);
	VEC_FREE(&s->vsegs);
	free(s->find);
	memset(s, 0, sizeof(*s));
}

void session_load(Session *s, const char *path, const char *tgt, size_t tgt_n,
                  const char *src_name, const char *src, size_t src_n)
{
	doc_load(&s->doc, path, tgt, tgt_n, src_name, src, src_n);
	s->cur = (Pos){0, 0};
	s->scur = (Pos){0, 0};
	s->top = 0;
	s->top_row = 0;
	s->vsegs_dirty = true;
}

void session_read_checklist(Session *s)
{
	char *sp = sidecar_path(s->doc.path);
	Sidecar sc;
	sidecar_init(&sc);
	Err e;
	err_init(&e);
	if (sidecar_load(sp, &sc, NULL, &e)) {
		/* the items only: the rest of the session's sidecar stays */
		s->sc.checklist.license = sc.checklist.license;
		s->sc.checklist.issue = sc.checklist.issue;
		s->sc.checklist.type = sc.checklist.type;
	} else {
		session_error(s, "%s (the checklist is not shown)", e.msg);
	}
	sidecar_release(&sc);
	free(sp);
}

/* ---- messages ----------------------------------------------------------- */

void session_msg(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->msg, sizeof(s->msg), fmt, ap);
	va_end(ap);
	s->msg_error = false;
	s->msg_note = false;
}

bool session_error(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->msg, sizeof(s->msg), fmt, ap);
	va_end(ap);
	s->msg_error = true;
	s->msg_note = false;
	return false;
}

void session_clear_msg(Session *s)
{
	s->msg[0] = '\0';
	s->msg_error = false;
	s->msg_note = false;
}

/* ---- layout ------------------------------------------------------------- */

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

/* ---- view segments ------------------------------------------------------ */

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
		if (align_src_lines(g, &d->sb, &f, &l)) {
			v.s0 = seen_s ? f : 0;
			seen_s = true;
		} else {
			v.s0 = SIZE_MAX;
		}
		if (align_tgt_lines(g, &d->tb, &f, &l)) {
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

/* ---- scrolling ---------------------------------------------------------- */

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

static void follow(Session *s, bool center)
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
	follow(s, false);
}

void session_resize(Session *s, int cols, int rows)
{
	s->cols = cols;
	s->rows = rows;
	follow(s, true);
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

/* ---- editing ------------------------------------------------------------ */

static bool can_edit(Session *s)
{
	if (s->focus != PANE_TARGET)
		return session_error(s, "The source is read-only (Tab goes to the translation)");
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	return true;
}

static void edited(Session *s, Pos end)
{
	s->cur = end;
	s->goal_col = -1;
	s->match.on = false;
	follow(s, false);
}

bool session_insert(Session *s, const char *p, size_t n)
{
	if (!can_edit(s))
		return false;
	edited(s, doc_replace(&s->doc, s->cur, s->cur, p, n, CH_TYPE));
	return true;
}

bool session_paste(Session *s, const char *p, size_t n)
{
	if (!can_edit(s))
		return false;
	const char *eol = doc_eol(&s->doc);
	Buf b = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\r' && i + 1 < n && p[i + 1] == '\n')
			continue;
		if (p[i] == '\n' || p[i] == '\r')
			buf_adds(&b, eol);
		else
			buf_addc(&b, p[i]);
	}
	doc_break_merge(&s->doc);
	edited(s, doc_replace(&s->doc, s->cur, s->cur, b.p ? b.p : "", b.len, CH_OTHER));
	buf_release(&b);
	return true;
}

/* The indentation a new line after ln gets: its leading whitespace, or
 * the text column of a list item ("- ", "1. ", "#. "). */
static size_t indent_of(Str ln, Buf *out)
{
	size_t i = 0;
	while (i < ln.n && (ln.p[i] == ' ' || ln.p[i] == '\t'))
		i++;
	buf_add(out, ln.p, i);
	size_t j = i;
	if (j + 1 < ln.n && strchr("-*+", ln.p[j]) && ln.p[j + 1] == ' ') {
		j += 2;
	} else {
		while (j < ln.n && ((ln.p[j] >= '0' && ln.p[j] <= '9') || ln.p[j] == '#'))
			j++;
		if (j > i && j + 1 < ln.n && (ln.p[j] == '.' || ln.p[j] == ')') && ln.p[j + 1] == ' ')
			j += 2;
		else
			j = i;
	}
	while (j > i && j < ln.n && ln.p[j] == ' ')
		j++;
	for (size_t k = i; k < j; k++)
		buf_addc(out, ' ');
	return j;
}

bool session_newline(Session *s)
{
	if (!can_edit(s))
		return false;
	Str ln = lines_get(&s->doc.tgt, s->cur.line);
	Buf t = BUF_INIT;
	buf_adds(&t, doc_eol(&s->doc));
	Buf ind = BUF_INIT;
	indent_of(str_slice(ln, 0, s->cur.col), &ind);
	buf_addstr(&t, buf_str(&ind));
	/* Drop spaces right after the cursor: they would push the text off the indent. */
	Pos b = s->cur;
	while (b.col < ln.n && ln.p[b.col] == ' ')
		b.col++;
	doc_break_merge(&s->doc);
	edited(s, doc_replace(&s->doc, s->cur, b, t.p, t.len, CH_OTHER));
	doc_break_merge(&s->doc);
	buf_release(&t);
	buf_release(&ind);
	return true;
}

bool session_backspace(Session *s)
{
	if (!can_edit(s))
		return false;
	Pos a = s->cur;
	const Lines *l = &s->doc.tgt;
	if (a.col > 0)
		a.col = text_prev_grapheme(l->v[a.line].p, l->v[a.line].n, a.col);
	else if (a.line > 0)
		a = (Pos){a.line - 1, l->v[a.line - 1].n};
	else
		return true;
	edited(s, doc_replace(&s->doc, a, s->cur, "", 0, CH_DEL_BACK));
	return true;
}

bool session_delete(Session *s)
{
	if (!can_edit(s))
		return false;
	Pos b = s->cur;
	const Lines *l = &s->doc.tgt;
	if (b.col < l->v[b.line].n)
		b.col = text_next_grapheme(l->v[b.line].p, l->v[b.line].n, b.col);
	else if (b.line + 1 < l->n)
		b = (Pos){b.line + 1, 0};
	else
		return true;
	Pos keep = s->cur;
	doc_replace(&s->doc, s->cur, b, "", 0, CH_DEL_FWD);
	edited(s, keep);
	return true;
}

/* ---- motion ------------------------------------------------------------- */

static size_t first_text_col(Str ln)
{
	size_t i = 0;
	while (i < ln.n && (ln.p[i] == ' ' || ln.p[i] == '\t'))
		i++;
	return i;
}

/* The first line of vseg k on pane p that shows text (a block start). */
static bool vseg_first_line(Session *s, size_t k, Pane p, size_t *line)
{
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	size_t a = p == PANE_TARGET ? v[k].t0 : v[k].s0;
	size_t b = p == PANE_TARGET ? v[k].t1 : v[k].s1;
	if (a >= b)
		return false;
	const Lines *l = session_lines(s, p);
	for (size_t i = a; i < b; i++) {
		if (str_trim(lines_get(l, i)).n) {
			*line = i;
			return true;
		}
	}
	*line = a;
	return true;
}

void session_move(Session *s, Motion m)
{
	Pane p = s->focus;
	const Lines *l = session_lines(s, p);
	Pos *c = p == PANE_TARGET ? &s->cur : &s->scur;
	Str ln = lines_get(l, c->line);
	Layout lay;
	session_layout(s, &lay);
	bool keep_goal = false, center = false;
	switch (m) {
	case MV_LEFT:
		if (c->col > 0)
			c->col = text_prev_grapheme(ln.p, ln.n, c->col);
		else if (c->line > 0) {
			c->line--;
			c->col = l->v[c->line].n;
		}
		break;
	case MV_RIGHT:
		if (c->col < ln.n)
			c->col = text_next_grapheme(ln.p, ln.n, c->col);
		else if (c->line + 1 < l->n)
			*c = (Pos){c->line + 1, 0};
		break;
	case MV_WORD_LEFT:
		if (c->col > 0)
			c->col = text_word_prev(ln.p, ln.n, c->col);
		else if (c->line > 0) {
			c->line--;
			c->col = l->v[c->line].n;
		}
		break;
	case MV_WORD_RIGHT:
		if (c->col < ln.n)
			c->col = text_word_next(ln.p, ln.n, c->col);
		else if (c->line + 1 < l->n)
			*c = (Pos){c->line + 1, 0};
		break;
	case MV_UP:
	case MV_DOWN:
	case MV_PAGE_UP:
	case MV_PAGE_DOWN: {
		if (s->goal_col < 0)
			s->goal_col = text_width(ln.p, c->col);
		long step = m == MV_UP ? -1 : m == MV_DOWN ? 1 : m == MV_PAGE_UP ? -(lay.body_h - 1) : lay.body_h - 1;
		long nl = (long)c->line + step;
		nl = MAX(0, MIN(nl, (long)l->n - 1));
		if (m == MV_PAGE_UP || m == MV_PAGE_DOWN)
			session_scroll(s, (int)step);
		c->line = (size_t)nl;
		Str t = lines_get(l, c->line);
		c->col = text_fit(t.p, t.n, 0, s->goal_col, NULL, NULL);
		keep_goal = true;
		break;
	}
	case MV_HOME: {
		size_t f = first_text_col(ln);
		c->col = c->col == f ? 0 : f;
		break;
	}
	case MV_END:
		c->col = ln.n;
		break;
	case MV_DOC_START:
		*c = (Pos){0, 0};
		break;
	case MV_DOC_END:
		*c = (Pos){l->n - 1, l->v[l->n - 1].n};
		break;
	case MV_SEG_NEXT:
	case MV_SEG_PREV: {
		size_t n;
		session_vsegs(s, &n);
		size_t k = session_vseg_of(s, p, c->line);
		size_t line;
		if (m == MV_SEG_PREV) {
			/* to the start of this segment first, then the one before */
			if (vseg_first_line(s, k, p, &line) && line < c->line) {
				*c = (Pos){line, first_text_col(lines_get(l, line))};
				break;
			}
		}
		for (;;) {
			if (m == MV_SEG_NEXT ? k + 1 >= n : k == 0)
				break;
			k = m == MV_SEG_NEXT ? k + 1 : k - 1;
			if (vseg_first_line(s, k, p, &line)) {
				*c = (Pos){line, first_text_col(lines_get(l, line))};
				break;
			}
		}
		center = true;
		break;
	}
	}
	if (!keep_goal)
		s->goal_col = -1;
	doc_break_merge(&s->doc);
	follow(s, center);
}

bool session_goto_line(Session *s, long n)
{
	if (n < 1 || (size_t)n > s->doc.tgt.n)
		return session_error(s, "No line %ld: the translation has lines 1 to %zu", n,
		                     s->doc.tgt.n);
	s->focus = PANE_TARGET;
	s->cur = (Pos){(size_t)n - 1, 0};
	s->goal_col = -1;
	doc_break_merge(&s->doc);
	follow(s, true);
	return true;
}

bool session_next_unfinished(Session *s, int dir)
{
	const Doc *d = &s->doc;
	if (!d->al.n)
		return session_error(s, "No segments");
	long cur = -1;
	if (s->focus == PANE_TARGET)
		cur = session_cur_seg(s);
	else
		cur = doc_segment_of_tgt_line(d, s->cur.line);
	size_t n = d->al.n;
	size_t start = cur < 0 ? (dir > 0 ? n - 1 : 0) : (size_t)cur;
	for (size_t i = 1; i <= n; i++) {
		size_t k = dir > 0 ? (start + i) % n : (start + n - i % n) % n;
		if (doc_seg_unfinished(d, k)) {
			size_t line = d->tb.v[d->al.v[k].tgt].first;
			if (d->al.v[k].kind == BK_TITLE)
				line = d->tb.v[d->al.v[k].tgt].text_line;
			s->focus = PANE_TARGET;
			s->cur = (Pos){line, first_text_col(lines_get(&d->tgt, line))};
			s->goal_col = -1;
			doc_break_merge(&s->doc);
			follow(s, true);
			if (dir > 0 ? k <= start : k >= start)
				session_msg(s, "Search wrapped");
			return true;
		}
	}
	return session_error(s, "No unfinished segment left");
}

/* ---- search ------------------------------------------------------------- */

/* Offset in ln of the first (dir > 0: at or after from; dir < 0: last
 * before `from`) match of q, or -1; *len gets the matched bytes. */
static long find_in_line(Str ln, const char *q, size_t qn, bool fold, size_t from, int dir,
                         size_t *len)
{
	if (!qn)
		return -1;
	Buf f = BUF_INIT;
	VEC(size_t) map = {0};
	if (fold) {
		/* Fold code point by code point, remembering where each folded
		 * byte came from, so a match maps back onto the line. */
		size_t i = 0;
		while (i < ln.n) {
			int32_t cp;
			size_t k = text_decode(ln.p + i, ln.n - i, &cp);
			size_t before = f.len;
			if (cp < 0)
				buf_add(&f, ln.p + i, k);
			else
				text_casefold(ln.p + i, k, &f);
			for (size_t j = before; j < f.len; j++)
				VEC_PUSH(&map, i);
			i += k;
		}
		VEC_PUSH(&map, ln.n);
	} else {
		buf_add(&f, ln.p, ln.n);
	}
	long best = -1;
	for (size_t at = 0; at + qn <= f.len; at++) {
		if (memcmp(f.p + at, q, qn) != 0)
			continue;
		size_t o = fold ? map.v[at] : at;
		size_t e = fold ? map.v[at + qn] : at + qn;
		if (fold && at > 0 && map.v[at - 1] == o)
			continue; /* starts inside a folded character */
		if (dir > 0 && o >= from) {
			best = (long)o;
			*len = e - o;
			break;
		}
		if (dir < 0 && o < from) {
			best = (long)o;
			*len = e - o;
		}
	}
	buf_release(&f);
	VEC_FREE(&map);
	return best;
}

bool session_find(Session *s, const char *text, int dir)
{
	if (!text || !*text) {
		if (!s->find)
			return session_error(s, "Nothing to find (Ctrl-F asks)");
		text = s->find;
	} else if (text != s->find) {
		free(s->find);
		s->find = xstrdup(text);
		text = s->find;
	}
	Buf q = BUF_INIT;
	bool fold = !s->find_case;
	if (fold)
		text_casefold(text, strlen(text), &q);
	else
		buf_adds(&q, text);
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	/* Order: vseg by vseg, the target lines then the source lines. */
	Pane p = s->focus;
	Pos c = p == PANE_TARGET ? s->cur : s->scur;
	size_t k = session_vseg_of(s, p, c.line);
	size_t items_total = s->doc.tgt.n + s->doc.src.n;
	/* item index inside vseg k */
	size_t it = p == PANE_TARGET ? c.line - v[k].t0 : (v[k].t1 - v[k].t0) + (c.line - v[k].s0);
	size_t from = c.col;
	if (dir > 0 && s->match.on && s->match.pane == p && s->match.at.line == c.line &&
	    s->match.at.col == c.col)
		from = c.col + 1;
	bool found = false, wrapped = false;
	for (size_t step = 0; step <= items_total + 1 && !found; step++) {
		size_t tn = v[k].t1 - v[k].t0;
		Pane ip = it < tn ? PANE_TARGET : PANE_SOURCE;
		size_t line = it < tn ? v[k].t0 + it : v[k].s0 + (it - tn);
		Str ln = lines_get(session_lines(s, ip), line);
		size_t lim = step == 0 ? from : dir > 0 ? 0 : ln.n + 1;
		size_t mlen = 0;
		long at = find_in_line(ln, q.p, q.len, fold, lim, dir, &mlen);
		if (at >= 0) {
			found = true;
			s->focus = ip;
			Pos *pc = ip == PANE_TARGET ? &s->cur : &s->scur;
			*pc = (Pos){line, (size_t)at};
			s->match.on = true;
			s->match.pane = ip;
			s->match.at = *pc;
			s->match.len = mlen;
			break;
		}
		/* next item */
		if (dir > 0) {
			if (it + 1 < v[k].t1 - v[k].t0 + v[k].s1 - v[k].s0) {
				it++;
			} else {
				do {
					k = (k + 1) % n;
					if (k == 0)
						wrapped = true;
				} while (v[k].t1 - v[k].t0 + v[k].s1 - v[k].s0 == 0);
				it = 0;
			}
		} else {
			if (it > 0) {
				it--;
			} else {
				do {
					if (k == 0)
						wrapped = true;
					k = (k + n - 1) % n;
				} while (v[k].t1 - v[k].t0 + v[k].s1 - v[k].s0 == 0);
				it = v[k].t1 - v[k].t0 + v[k].s1 - v[k].s0 - 1;
			}
		}
	}
	buf_release(&q);
	if (!found) {
		s->match.on = false;
		return session_error(s, "Not found: %s", text);
	}
	s->goal_col = -1;
	doc_break_merge(&s->doc);
	follow(s, true);
	if (wrapped)
		session_msg(s, "Search wrapped: %s", text);
	return true;
}

/* ---- header and status -------------------------------------------------- */

void session_header(Session *s, Buf *left, Buf *right)
{
	buf_addf(left, " %s", s->doc.path);
	if (doc_modified(&s->doc) || s->sc_dirty)
		buf_adds(left, " [+]");
	if (s->doc.read_only)
		buf_adds(left, " [read-only]");
	if (s->doc.is_new)
		buf_adds(left, " [new]");
	buf_adds(left, "  EN ▸ KO");
	DocProgress pr;
	doc_progress(&s->doc, &pr);
	buf_addf(right, "%zu/%zu done", pr.done, pr.total);
	if (pr.untranslated)
		buf_addf(right, " · %zu untranslated", pr.untranslated);
	if (pr.stale)
		buf_addf(right, " · %zu stale", pr.stale);
	if (s->cd_on)
		buf_addf(right, " · ⚠ %zu%s", s->n_findings, s->uf_pending ? "…" : "");
	buf_addc(right, ' ');
}

void session_status(Session *s, Buf *out)
{
	session_status_spans(s, out, NULL, NULL, NULL);
}

void session_status_right(Session *s, Buf *out)
{
	Buf left = BUF_INIT;
	session_status_spans(s, &left, NULL, out, NULL);
	buf_release(&left);
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
