/* Reviewer mode on the terminal (`yeok review FILE`): the changed segments
 * one at a time, English beside the new Korean (and the old Korean with a
 * word-level difference when the base was already Korean: a third column
 * when the terminal is wide enough, inline `[-old-]{+new+}` otherwise),
 * the findings of check, the reviewer's entries, and a multi-line editor
 * for comments and suggestions.  Everything is the headless ReviewSession
 * (include/yeok/review.h), which saves to the sidecar as entries are made;
 * this file only draws and reads keys. */
#include <unistd.h>

#include "ui-private.h"
#include "yeok/diff.h"
#include "yeok/review.h"
#include "yeok/text.h"

/* Three columns from this width on (each at least ~40 columns). */
#define RV_WIDE_COLS 120

typedef struct Span {
	const char *p;
	size_t n;
	ThemeSlot slot;
} Span;

typedef VEC(Span) SpanVec;

typedef struct Rv {
	Ui u;               /* theme and colours (u.s is unused) */
	ReviewSession *rs;
	size_t finding;     /* the selected finding of the current change */
	int scroll;         /* body rows scrolled off the top */
	char msg[512];      /* status-line message until the next key */
	bool msg_error;
	bool quit;
	/* texts of the current change, rebuilt on each frame */
	Buf en, old, neu, inl;
	SpanVec s_en, s_old, s_new, s_inl;
} Rv;

static bool curses_up;

static void rv_restore(void)
{
	if (curses_up) {
		printf("\033[?2004l");
		fflush(stdout);
		endwin();
		curses_up = false;
	}
}

static void msg(Rv *v, bool error, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void msg(Rv *v, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->msg, sizeof(v->msg), fmt, ap);
	va_end(ap);
	v->msg_error = error;
}

static void style(const Rv *v, ThemeSlot slot)
{
	short pair;
	attr_t a = ui_attr(&v->u, slot, false, &pair);
	attr_set(a, pair, NULL);
}

/* Draw s[0..n) at (y, x), at most w columns; returns the columns used. */
static int put(const Rv *v, int y, int x, int w, const char *s, size_t n, ThemeSlot slot)
{
	Buf r = BUF_INIT;
	int col = 0;
	size_t i = 0;
	move(y, x);
	while (i < n && col < w) {
		size_t e = text_next_grapheme(s, n, i);
		int cw = text_cluster_width(s + i, e - i, col);
		if (col + cw > w) {
			style(v, TS_MARKER);
			for (; col < w; col++)
				addch(col + 1 == w ? '>' : ' ');
			break;
		}
		buf_clear(&r);
		text_render_cluster(s + i, e - i, col, &r);
		style(v, slot);
		addnstr(r.p, (int)r.len);
		col += cw;
		i = e;
	}
	buf_release(&r);
	return col;
}

static void fill_row(const Rv *v, int y, ThemeSlot slot)
{
	style(v, slot);
	move(y, 0);
	for (int i = 0; i < COLS; i++)
		addch(' ');
}

/* Paint spans wrapped at width w from virtual row vy; only rows in
 * [lo, hi) are drawn.  '\n' in a span starts a new row.  Returns the rows
 * taken (>= 1). */
static int paint_spans(const Rv *v, const Span *sp, size_t ns, int x, int w, int vy, int lo,
                       int hi)
{
	int row = 0, col = 0;
	Buf r = BUF_INIT;
	for (size_t k = 0; k < ns; k++) {
		const char *s = sp[k].p;
		size_t n = sp[k].n;
		for (size_t i = 0; i < n;) {
			if (s[i] == '\n') {
				row++;
				col = 0;
				i++;
				continue;
			}
			size_t e = text_next_grapheme(s, n, i);
			if (memchr(s + i, '\n', e - i))
				e = i + (size_t)((const char *)memchr(s + i, '\n', e - i) - (s + i));
			int cw = text_cluster_width(s + i, e - i, col);
			if (col + cw > w && col > 0) {
				row++;
				col = 0;
			}
			int y = vy + row;
			if (y >= lo && y < hi && col + cw <= w) {
				buf_clear(&r);
				text_render_cluster(s + i, e - i, col, &r);
				style(v, sp[k].slot);
				mvaddnstr(y, x + col, r.p, (int)r.len);
			}
			col += cw;
			i = e;
		}
	}
	buf_release(&r);
	return row + 1;
}

static void lines_text(const Lines *l, size_t first, size_t last, Buf *out)
{
	buf_clear(out);
	for (size_t i = first; i <= last && i < l->n; i++) {
		Str s = lines_get(l, i);
		if (i > first)
			buf_addc(out, '\n');
		buf_add(out, s.p, s.n);
	}
	if (!out->p)
		buf_adds(out, "");
}

static void one_span(SpanVec *sv, const Buf *b, ThemeSlot slot)
{
	sv->n = 0;
	Span s = {b->p ? b->p : "", b->len, slot};
	VEC_PUSH(sv, s);
}

static void add_span(SpanVec *sv, const char *p, size_t n, ThemeSlot slot)
{
	Span s = {p, n, slot};
	VEC_PUSH(sv, s);
}

/* The texts of the current change and their word difference. */
static void build(Rv *v)
{
	const ReviewSession *rs = v->rs;
	const ReviewChange *c = review_session_change(rs, rs->cur);
	buf_clear(&v->en);
	buf_clear(&v->old);
	buf_clear(&v->neu);
	buf_clear(&v->inl);
	v->s_en.n = v->s_old.n = v->s_new.n = v->s_inl.n = 0;
	if (!c)
		return;
	const Segment *seg = &rs->r.al.v[c->seg];
	size_t sf, sl;
	if (align_src_lines(seg, &rs->r.sb, &sf, &sl))
		lines_text(&rs->r.src, sf, sl, &v->en);
	else
		buf_adds(&v->en, "(no English: the block was added)");
	one_span(&v->s_en, &v->en, TS_SOURCE_TEXT);
	lines_text(&rs->r.head, c->head_first, c->head_last, &v->neu);
	if (!c->has_old) {
		one_span(&v->s_new, &v->neu, TS_TARGET_TEXT);
		return;
	}
	lines_text(&rs->r.base, c->base_first, c->base_last, &v->old);
	DiffWords wa = {0}, wb = {0};
	Diff d = {0};
	diff_words(v->old.p, v->old.len, v->neu.p, v->neu.len, &wa, &wb, &d);
	/* the inline text is built first (spans point into it: no realloc after) */
	Buf *in = &v->inl;
	typedef struct { size_t off, n; ThemeSlot slot; } Piece;
	VEC(Piece) pieces = {0};
	for (size_t i = 0; i < d.n; i++) {
		const DiffOp *op = &d.v[i];
		const DiffWords *w = op->kind == DIFF_DEL ? &wa : &wb;
		const Buf *src = op->kind == DIFF_DEL ? &v->old : &v->neu;
		size_t pos = op->kind == DIFF_DEL ? op->a_pos : op->b_pos;
		if (!op->len)
			continue;
		size_t from = w->v[pos].off;
		size_t to = w->v[pos + op->len - 1].off + w->v[pos + op->len - 1].len;
		ThemeSlot slot = op->kind == DIFF_SAME ? TS_TARGET_TEXT
		                 : op->kind == DIFF_DEL ? TS_ERROR : TS_MATCH;
		if (op->kind == DIFF_SAME) {
			add_span(&v->s_old, v->old.p + wa.v[op->a_pos].off,
			         wa.v[op->a_pos + op->len - 1].off + wa.v[op->a_pos + op->len - 1].len -
			                 wa.v[op->a_pos].off,
			         TS_TARGET_TEXT);
			add_span(&v->s_new, v->neu.p + from, to - from, TS_TARGET_TEXT);
		} else if (op->kind == DIFF_DEL) {
			add_span(&v->s_old, v->old.p + from, to - from, TS_ERROR);
		} else {
			add_span(&v->s_new, v->neu.p + from, to - from, TS_MATCH);
		}
		Piece pc = {in->len, 0, slot};
		if (op->kind == DIFF_DEL)
			buf_adds(in, "[-");
		else if (op->kind == DIFF_INS)
			buf_adds(in, "{+");
		buf_add(in, src->p + from, to - from);
		if (op->kind == DIFF_DEL)
			buf_adds(in, "-]");
		else if (op->kind == DIFF_INS)
			buf_adds(in, "+}");
		pc.n = in->len - pc.off;
		VEC_PUSH(&pieces, pc);
	}
	for (size_t i = 0; i < pieces.n; i++)
		add_span(&v->s_inl, in->p + pieces.v[i].off, pieces.v[i].n, pieces.v[i].slot);
	VEC_FREE(&pieces);
	free(wa.v);
	free(wb.v);
	diff_release(&d);
}

static const char *mark_text(ReviewMark m)
{
	return m == REVIEW_MARK_APPROVED ? "approved" : m == REVIEW_MARK_CHANGES ? "needs changes"
	                                                                         : "not marked";
}

static const struct {
	const char *key, *label;
} keybar[] = {
	{"n/p", "Next/Prev"}, {"c", "Comment"}, {"s", "Suggest"}, {"a", "Approve"},
	{"r", "Changes"},     {"f", "Finding→comment"}, {"Up/Dn", "Finding"},
	{"v", "Verdict"},     {"^Q", "Quit"},
};

static void paint_bars(Rv *v)
{
	ReviewSession *rs = v->rs;
	Buf h = BUF_INIT;
	buf_addf(&h, " review %s  %s → %s", rs->relpath && *rs->relpath ? rs->relpath : rs->path,
	         rs->base_desc ? rs->base_desc : "", rs->head_desc ? rs->head_desc : "");
	Buf right = BUF_INIT;
	review_session_header(rs, &right);
	buf_addc(&right, ' ');
	fill_row(v, 0, TS_HEADER);
	int rw = text_width(right.p, right.len);
	int lw = COLS - rw - 1;
	if (lw < 10) {
		put(v, 0, 0, COLS, right.p, right.len, TS_HEADER);
	} else {
		put(v, 0, 0, lw, h.p, h.len, TS_HEADER);
		put(v, 0, COLS - rw, rw, right.p, right.len, TS_HEADER);
	}
	buf_release(&h);
	buf_release(&right);
	/* status line */
	fill_row(v, LINES - 2, TS_STATUS);
	Buf st = BUF_INIT;
	if (v->msg[0])
		buf_adds(&st, v->msg);
	else if (review_session_count(rs))
		buf_addf(&st, "this change: %s · English from %s",
		         mark_text(review_session_mark_of(rs, rs->cur)),
		         rs->source_desc ? rs->source_desc : "?");
	else
		buf_adds(&st, "nothing changed between the two revisions");
	put(v, LINES - 2, 0, COLS, st.p, st.len, v->msg_error ? TS_ERROR : TS_STATUS);
	buf_release(&st);
	/* key bar */
	fill_row(v, LINES - 1, TS_KEYBAR);
	int x = 0;
	for (size_t i = 0; i < ARRAY_LEN(keybar) && x < COLS; i++) {
		x += put(v, LINES - 1, x, COLS - x, keybar[i].key, strlen(keybar[i].key), TS_KEYNAME);
		x += put(v, LINES - 1, x, COLS - x, " ", 1, TS_KEYBAR);
		x += put(v, LINES - 1, x, COLS - x, keybar[i].label, strlen(keybar[i].label),
		         TS_KEYBAR);
		x += put(v, LINES - 1, x, COLS - x, "  ", 2, TS_KEYBAR);
	}
}

/* One full-width line of the body at virtual row vy (wrapped); returns rows. */
static int body_line(Rv *v, int vy, ThemeSlot slot, const char *text)
{
	Span s = {text, strlen(text), slot};
	return paint_spans(v, &s, 1, 1, COLS - 2, vy, 1, LINES - 2);
}

static void paint(Rv *v)
{
	erase();
	ReviewSession *rs = v->rs;
	const ReviewChange *c = review_session_change(rs, rs->cur);
	int lo = 1, hi = LINES - 2;
	int vy = lo - v->scroll;
	if (c) {
		build(v);
		bool three = c->has_old && COLS >= RV_WIDE_COLS;
		int ncol = three ? 3 : 2;
		int cw = (COLS - (ncol - 1)) / ncol;
		int xs[3] = {0, cw + 1, 2 * (cw + 1)};
		int wlast = COLS - xs[ncol - 1];
		char t_new[96], range[48];
		if (c->head_last > c->head_first)
			snprintf(range, sizeof(range), "lines %zu-%zu", c->head_first + 1, c->head_last + 1);
		else
			snprintf(range, sizeof(range), "line %zu", c->head_first + 1);
		snprintf(t_new, sizeof(t_new), "%s (%s)",
		         c->has_old && !three ? "new Korean, changes inline" : "new Korean", range);
		const char *titles[3] = {"English", three ? "old Korean" : t_new, t_new};
		const SpanVec *cols[3] = {&v->s_en, three ? &v->s_old : (c->has_old ? &v->s_inl : &v->s_new),
		                          &v->s_new};
		int h = 0;
		for (int k = 0; k < ncol; k++) {
			int w = k == ncol - 1 ? wlast : cw;
			if (vy >= lo && vy < hi)
				put(v, vy, xs[k], w, titles[k], strlen(titles[k]), TS_LINENO);
			int rows = paint_spans(v, cols[k]->v, cols[k]->n, xs[k], w, vy + 1, lo, hi);
			h = MAX(h, rows);
		}
		for (int y = vy; y <= vy + h; y++)
			if (y >= lo && y < hi)
				for (int k = 1; k < ncol; k++) {
					style(v, TS_RULE);
					mvaddstr(y, xs[k] - 1, "│");
				}
		vy += h + 2;
		/* findings */
		const FindingVec *fv = &rs->findings[rs->cur];
		char line[1024];
		snprintf(line, sizeof(line), "Findings of check (%zu)%s", fv->n,
		         fv->n ? ": Up/Down selects, f makes it a comment" : "");
		vy += body_line(v, vy, TS_LINENO, line);
		for (size_t k = 0; k < fv->n; k++) {
			const Finding *f = &fv->v[k];
			snprintf(line, sizeof(line), "%s line %zu: %s: %s [%s]", k == v->finding ? "▸" : " ",
			         f->line + 1, check_severity_name(f->sev), f->message,
			         check_info(f->check)->id);
			vy += body_line(v, vy, f->sev == SEV_ERROR ? TS_ERROR
			                       : f->sev == SEV_WARNING ? TS_WARNING : TS_NORMAL, line);
		}
		vy++;
		size_t idx[64];
		size_t ne = review_session_entries(rs, rs->cur, idx, ARRAY_LEN(idx));
		snprintf(line, sizeof(line), "Comments (%zu)", ne);
		vy += body_line(v, vy, TS_LINENO, line);
		for (size_t k = 0; k < ne && k < ARRAY_LEN(idx); k++) {
			const SidecarComment *m = &rs->sc.comments.v[idx[k]];
			bool sug = m->kind && !strcmp(m->kind, "suggestion");
			char *t = xasprintf("%s %s", sug ? "suggestion:" : "•", m->text);
			vy += body_line(v, vy, sug ? TS_GLOSSARY : TS_NORMAL, t);
			free(t);
		}
	} else {
		body_line(v, vy, TS_NORMAL, "No segment changed between the two revisions.");
	}
	paint_bars(v);
	curs_set(0);
}

static void draw(Rv *v)
{
	paint(v);
	wnoutrefresh(stdscr);
	doupdate();
}

/* ---- the multi-line editor ---------------------------------------------- */

/* Read a key; an Esc followed at once by another key is Alt-that-key
 * ("M-Enter").  Returns false for a plain character (in *ch). */
static bool read_key(int *r, wint_t *ch, char *name, size_t n)
{
	for (;;) {
		*r = get_wch(ch);
		if (*r != ERR)
			break;
	}
	if (!ui_key_name(*r, *ch, name, n))
		return false;
	if (strcmp(name, "Esc") == 0) {
		timeout(50);
		wint_t c2;
		int r2 = get_wch(&c2);
		timeout(-1);
		char inner[48];
		if (r2 != ERR) {
			if (ui_key_name(r2, c2, inner, sizeof(inner))) {
				snprintf(name, n, "M-%s", inner);
			} else {
				Buf b = BUF_INIT;
				text_encode(&b, (int32_t)c2);
				snprintf(name, n, "M-%s", b.p);
				buf_release(&b);
			}
		}
	}
	return true;
}

static size_t line_start(const Buf *b, size_t at)
{
	while (at > 0 && b->p[at - 1] != '\n')
		at--;
	return at;
}

static size_t line_end(const Buf *b, size_t at)
{
	while (at < b->len && b->p[at] != '\n')
		at++;
	return at;
}

/* Edit text in a box over the lower part of the screen; true when
 * submitted (Ctrl-S or Alt-Enter), false when cancelled (Esc). */
static bool editor(Rv *v, const char *title, Buf *text)
{
	size_t cur = text->len;
	for (;;) {
		paint(v);
		int top = MAX(2, LINES / 3), bottom = LINES - 2;
		for (int y = top; y < bottom; y++)
			fill_row(v, y, TS_NORMAL);
		fill_row(v, top, TS_HEADER);
		put(v, top, 0, COLS, title, strlen(title), TS_HEADER);
		fill_row(v, LINES - 2, TS_STATUS);
		const char *help = "Ctrl-S or Alt-Enter saves · Esc cancels · Enter starts a new line";
		put(v, LINES - 2, 0, COLS, help, strlen(help), TS_KEYNAME);
		/* the text, wrapped, with the real cursor at the insertion point */
		int w = COLS - 2, y0 = top + 1, row = 0, col = 0, cy = y0, cx = 1;
		const char *s = text->p ? text->p : "";
		Buf r = BUF_INIT;
		/* rows of the text before the cursor, to scroll the box */
		int cur_row = 0;
		for (size_t i = 0, c2 = 0; i < cur;) {
			if (s[i] == '\n') {
				cur_row++;
				c2 = 0;
				i++;
				continue;
			}
			size_t e = text_next_grapheme(s, cur, i);
			int cw = text_cluster_width(s + i, e - i, (int)c2);
			if ((int)c2 + cw > w && c2 > 0) {
				cur_row++;
				c2 = 0;
			}
			c2 += (size_t)cw;
			i = e;
		}
		int rows_avail = bottom - y0;
		int skip = cur_row >= rows_avail ? cur_row - rows_avail + 1 : 0;
		for (size_t i = 0; i <= text->len;) {
			if (i == cur) {
				cy = y0 + row - skip;
				cx = 1 + col;
			}
			if (i == text->len)
				break;
			if (s[i] == '\n') {
				row++;
				col = 0;
				i++;
				continue;
			}
			size_t e = text_next_grapheme(s, text->len, i);
			if (memchr(s + i, '\n', e - i))
				e = i + (size_t)((const char *)memchr(s + i, '\n', e - i) - (s + i));
			int cw = text_cluster_width(s + i, e - i, col);
			if (col + cw > w && col > 0) {
				row++;
				col = 0;
			}
			int y = y0 + row - skip;
			if (y >= y0 && y < bottom) {
				buf_clear(&r);
				text_render_cluster(s + i, e - i, col, &r);
				style(v, TS_TARGET_TEXT);
				mvaddnstr(y, 1 + col, r.p, (int)r.len);
			}
			col += cw;
			i = e;
		}
		buf_release(&r);
		if (cx > COLS - 1)
			cx = COLS - 1;
		curs_set(1);
		move(MIN(MAX(cy, y0), bottom - 1), cx);
		wnoutrefresh(stdscr);
		doupdate();

		int rc;
		wint_t ch;
		char name[64];
		if (!read_key(&rc, &ch, name, sizeof(name))) {
			Buf one = BUF_INIT;
			text_encode(&one, (int32_t)ch);
			buf_insert(text, cur, one.p, one.len);
			cur += one.len;
			buf_release(&one);
			continue;
		}
		if (rc == KEY_CODE_YES && ch == KEY_RESIZE)
			continue;
		if (!strcmp(name, "C-s") || !strcmp(name, "M-Enter"))
			return true;
		if (!strcmp(name, "Esc") || !strcmp(name, "C-q") || !strcmp(name, "C-g"))
			return false;
		if (!strcmp(name, "Enter")) {
			buf_insert(text, cur, "\n", 1);
			cur++;
		} else if (!strcmp(name, "Backspace") && cur > 0) {
			size_t p = text_prev_grapheme(text->p, text->len, cur);
			buf_remove(text, p, cur - p);
			cur = p;
		} else if (!strcmp(name, "Delete") && cur < text->len) {
			size_t e = text_next_grapheme(text->p, text->len, cur);
			buf_remove(text, cur, e - cur);
		} else if (!strcmp(name, "Left") && cur > 0) {
			cur = text_prev_grapheme(text->p, text->len, cur);
		} else if (!strcmp(name, "Right") && cur < text->len) {
			cur = text_next_grapheme(text->p, text->len, cur);
		} else if (!strcmp(name, "Home") || !strcmp(name, "C-a")) {
			cur = line_start(text, cur);
		} else if (!strcmp(name, "End") || !strcmp(name, "C-e")) {
			cur = line_end(text, cur);
		} else if (!strcmp(name, "Up") && line_start(text, cur) > 0) {
			size_t off = cur - line_start(text, cur);
			size_t prev = line_start(text, line_start(text, cur) - 1);
			cur = MIN(prev + off, line_end(text, prev));
			while (cur > prev && !text_valid(text->p + prev, cur - prev))
				cur--;
		} else if (!strcmp(name, "Down") && line_end(text, cur) < text->len) {
			size_t off = cur - line_start(text, cur);
			size_t next = line_end(text, cur) + 1;
			cur = MIN(next + off, line_end(text, next));
			while (cur > next && !text_valid(text->p + next, cur - next))
				cur--;
		}
	}
}

/* ---- keys ------------------------------------------------------------------ */

static void report(Rv *v, bool ok, const Err *e, const char *done)
{
	if (ok)
		msg(v, false, "%s (saved in %s)", done, path_basename(v->rs->sc_path));
	else
		msg(v, true, "%s", e->msg);
}

static void entry(Rv *v, bool suggestion)
{
	ReviewSession *rs = v->rs;
	const ReviewChange *c = review_session_change(rs, rs->cur);
	if (!c) {
		msg(v, true, "no change here");
		return;
	}
	Buf text = BUF_INIT;
	if (suggestion)
		lines_text(&rs->r.head, c->head_first, c->head_last, &text);
	char *title = c->head_last > c->head_first
	        ? xasprintf(" %s on lines %zu-%zu", suggestion ? "Suggest replacement text" : "Comment",
	                    c->head_first + 1, c->head_last + 1)
	        : xasprintf(" %s on line %zu", suggestion ? "Suggest replacement text" : "Comment",
	                    c->head_first + 1);
	bool go = editor(v, title, &text);
	free(title);
	if (go) {
		Err e;
		err_init(&e);
		const char *t = text.p ? text.p : "";
		bool ok = suggestion ? review_session_suggest(rs, t, &e) : review_session_comment(rs, t, &e);
		report(v, ok, &e, suggestion ? "suggestion saved" : "comment saved");
	} else {
		msg(v, false, "cancelled");
	}
	buf_release(&text);
}

static void verdict(Rv *v)
{
	paint(v);
	fill_row(v, LINES - 2, TS_STATUS);
	const char *q = "Verdict: a approve · r request changes · c comment · x none · Esc cancel";
	put(v, LINES - 2, 0, COLS, q, strlen(q), TS_KEYNAME);
	wnoutrefresh(stdscr);
	doupdate();
	int r;
	wint_t ch;
	char name[64];
	if (read_key(&r, &ch, name, sizeof(name))) {
		msg(v, false, "verdict unchanged");
		return;
	}
	ReviewVerdict vd;
	switch (ch) {
	case 'a': vd = REVIEW_APPROVE; break;
	case 'r': vd = REVIEW_REQUEST_CHANGES; break;
	case 'c': vd = REVIEW_COMMENT; break;
	case 'x': vd = REVIEW_VERDICT_NONE; break;
	default: msg(v, false, "verdict unchanged"); return;
	}
	Err e;
	err_init(&e);
	bool ok = review_session_set_verdict(v->rs, vd, &e);
	char *d = xasprintf("verdict: %s", review_verdict_label(vd));
	report(v, ok, &e, d);
	free(d);
}

static void move_change(Rv *v, int dir)
{
	if (review_session_move(v->rs, dir)) {
		v->finding = 0;
		v->scroll = 0;
	} else {
		msg(v, false, dir > 0 ? "this is the last change" : "this is the first change");
	}
}

static void mark(Rv *v, ReviewMark m)
{
	Err e;
	err_init(&e);
	bool ok = review_session_mark(v->rs, m, &e);
	ReviewMark now = review_session_mark_of(v->rs, v->rs->cur);
	char *d = xasprintf("this change: %s", mark_text(now));
	report(v, ok, &e, d);
	free(d);
}

static void on_key(Rv *v, int r, wint_t ch)
{
	char name[64];
	ReviewSession *rs = v->rs;
	size_t nf = review_session_count(rs) ? rs->findings[rs->cur].n : 0;
	if (ui_key_name(r, ch, name, sizeof(name))) {
		if (!strcmp(name, "C-q"))
			v->quit = true;
		else if (!strcmp(name, "Down") && v->finding + 1 < nf)
			v->finding++;
		else if (!strcmp(name, "Up") && v->finding > 0)
			v->finding--;
		else if (!strcmp(name, "PageDown"))
			v->scroll += MAX(1, LINES - 5);
		else if (!strcmp(name, "PageUp"))
			v->scroll = MAX(0, v->scroll - MAX(1, LINES - 5));
		else if (!strcmp(name, "Right"))
			move_change(v, 1);
		else if (!strcmp(name, "Left"))
			move_change(v, -1);
		return;
	}
	Err e;
	err_init(&e);
	switch (ch) {
	case 'n': move_change(v, 1); break;
	case 'p': move_change(v, -1); break;
	case 'c': entry(v, false); break;
	case 's': entry(v, true); break;
	case 'a': mark(v, REVIEW_MARK_APPROVED); break;
	case 'r': mark(v, REVIEW_MARK_CHANGES); break;
	case 'v': verdict(v); break;
	case 'f':
		if (v->finding < nf)
			report(v, review_session_finding_comment(rs, v->finding, &e), &e,
			       "finding turned into a comment");
		else
			msg(v, false, "no finding on this change");
		break;
	case 'q': msg(v, false, "Ctrl-Q quits (everything is kept)"); break;
	default: break;
	}
}

/* The theme as the editor finds it: --theme, else the configuration's;
 * looked up in the user's folder, beside the binary, the installed ones. */
static void load_theme(Rv *v, const char *opt, const Config *cfg)
{
	char name[128] = "default";
	if (opt)
		snprintf(name, sizeof(name), "%s", opt);
	else if (cfg->theme)
		snprintf(name, sizeof(name), "%s", cfg->theme);
	const char *x = getenv("XDG_CONFIG_HOME");
	const char *h = getenv("HOME");
	char *user = x && *x ? xasprintf("%s/yeok/themes", x)
	                     : xasprintf("%s/.config/yeok/themes", h ? h : ".");
	char exe[4096];
	char *tree = NULL;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *dir = path_dirname(exe);
		tree = path_join(dir, "themes");
		if (!file_exists(tree)) {
			free(tree);
			tree = xasprintf("%s/../../themes", dir);
		}
		free(dir);
	}
	const char *dirs[] = {user, tree ? tree : user, YEOK_DATADIR "/themes"};
	Err e;
	err_init(&e);
	if (!theme_load(&v->u.theme, name, dirs, ARRAY_LEN(dirs), &e)) {
		theme_default(&v->u.theme);
		msg(v, true, "%s; using the default theme", e.msg);
	}
	free(user);
	free(tree);
}

int ui_review_main(int argc, char **argv, const Config *cfg)
{
	ReviewArgs a;
	Err e;
	err_init(&e);
	if (!review_args_parse(&a, argc, argv, &e)) {
		review_args_release(&a);
		Buf b = BUF_INIT;
		text_sanitize(e.msg, strlen(e.msg), &b);
		fprintf(stderr, "yeok: %s\n", b.p);
		buf_release(&b);
		return e.code ? e.code : EXIT_USAGE;
	}
	if (MB_CUR_MAX == 1) {
		review_args_release(&a);
		fprintf(stderr, "yeok: review needs a UTF-8 locale (Korean would be lost); "
		                "try LANG=C.UTF-8\n");
		return EXIT_CONFIG;
	}
	ReviewSession rs;
	review_session_init(&rs);
	if (!review_session_open(&rs, a.file, &a.o, &e)) {
		Buf b = BUF_INIT;
		text_sanitize(e.msg, strlen(e.msg), &b);
		fprintf(stderr, "yeok: %s\n", b.p);
		buf_release(&b);
		review_session_release(&rs);
		review_args_release(&a);
		return e.code ? e.code : EXIT_NOINPUT;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "yeok: review needs a terminal (for scripts: yeok review --export)\n");
		review_session_release(&rs);
		review_args_release(&a);
		return EXIT_USAGE;
	}
	Rv v;
	memset(&v, 0, sizeof(v));
	v.rs = &rs;
	theme_default(&v.u.theme);
	load_theme(&v, a.theme, cfg);
	review_args_release(&a);
	initscr();
	curses_up = true;
	fatal_set_hook(rv_restore);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	define_key("\033[200~", UI_KEY_PASTE_START);
	define_key("\033[201~", UI_KEY_PASTE_END);
	const char *nc = getenv("NO_COLOR");
	if (has_colors() && !(nc && *nc)) {
		start_color();
		use_default_colors();
		v.u.colors = COLORS >= 8;
		v.u.ncolors = COLORS;
	}
	if (!v.u.colors)
		theme_mono(&v.u.theme);
	ui_colors_init(&v.u);
	printf("\033[?2004h");
	fflush(stdout);
	if (review_session_count(&rs) && rs.cur > 0 && !v.msg[0])
		msg(&v, false, "resumed at change %zu (the first one not marked)", rs.cur + 1);
	draw(&v);
	while (!v.quit) {
		wint_t ch;
		int r = get_wch(&ch);
		if (r == ERR)
			continue;
		v.msg[0] = '\0';
		v.msg_error = false;
		if (r == KEY_CODE_YES && ch == KEY_RESIZE) {
			draw(&v);
			continue;
		}
		on_key(&v, r, ch);
		if (!v.quit)
			draw(&v);
	}
	rv_restore();
	fatal_set_hook(NULL);
	buf_release(&v.en);
	buf_release(&v.old);
	buf_release(&v.neu);
	buf_release(&v.inl);
	VEC_FREE(&v.s_en);
	VEC_FREE(&v.s_old);
	VEC_FREE(&v.s_new);
	VEC_FREE(&v.s_inl);
	review_session_release(&rs);
	return 0;
}
