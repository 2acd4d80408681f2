/* Reviewer mode on the terminal (`yeok review FILE`): its painting and
 * its mode of the one loop.  The changed segments one at a time, English
 * beside the new Korean (and the old Korean with a word-level difference
 * when the base was already Korean: a third column when the terminal is
 * wide enough, inline `[-old-]{+new+}` otherwise), the findings of check,
 * the reviewer's entries.  Keys are the `review` keymap (rebindable, in
 * F1); the comment editor is the multi-line prompt, the verdict a
 * question.  Everything else is the headless ReviewSession
 * (include/yeok/review.h), which saves to the sidecar as entries are
 * made. */
#include <unistd.h>

#include "safe.h"
#include "ui-private.h"
#include "yeok/diff.h"
#include "yeok/text.h"

/* Three columns from this width on (each at least ~40 columns). */
#define RV_WIDE_COLS 120

typedef VEC(UiSpan) SpanVec;

/* The texts of the current change, rebuilt on each frame. */
typedef struct RvText {
	Buf en, old, neu, inl;
	SpanVec s_en, s_old, s_new, s_inl;
} RvText;

static void rv_text_release(RvText *v)
{
	buf_release(&v->en);
	buf_release(&v->old);
	buf_release(&v->neu);
	buf_release(&v->inl);
	VEC_FREE(&v->s_en);
	VEC_FREE(&v->s_old);
	VEC_FREE(&v->s_new);
	VEC_FREE(&v->s_inl);
}

/* Draw s[0..n) at (y, x), at most w columns; returns the columns used. */
static int put(const Ui *u, int y, int x, int w, const char *s, size_t n, ThemeSlot slot)
{
	return ui_put_text(u, y, x, w, s, n, slot, false);
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
	UiSpan s = {b->p ? b->p : "", b->len, slot};
	VEC_PUSH(sv, s);
}

static void add_span(SpanVec *sv, const char *p, size_t n, ThemeSlot slot)
{
	UiSpan s = {p, n, slot};
	VEC_PUSH(sv, s);
}

/* The texts of the current change and their word difference. */
static void build(const ReviewSession *rs, RvText *v)
{
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
	if (align_src_lines(seg, &rs->r.sh.blocks, &sf, &sl))
		lines_text(&rs->r.src, sf, sl, &v->en);
	else
		buf_adds(&v->en, rs->stale.stale ? "(no English: the English found is older than the "
		                                   "Korean [source-stale])"
		                                 : "(no English: the block was added)");
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

static void paint_bars(Ui *u, ReviewSession *rs)
{
	Buf h = BUF_INIT;
	buf_addf(&h, " review %s  %s → %s", rs->relpath && *rs->relpath ? rs->relpath : rs->path,
	         rs->base_desc ? rs->base_desc : "", rs->head_desc ? rs->head_desc : "");
	Buf right = BUF_INIT;
	review_session_header(rs, &right);
	buf_addc(&right, ' ');
	ui_fill(u, 0, 0, COLS, TS_HEADER, false);
	int rw = text_width(right.p, right.len);
	int lw = COLS - rw - 1;
	if (lw < 10) {
		put(u, 0, 0, COLS, right.p, right.len, TS_HEADER);
	} else {
		put(u, 0, 0, lw, h.p, h.len, TS_HEADER);
		put(u, 0, COLS - rw, rw, right.p, right.len, TS_HEADER);
	}
	buf_release(&h);
	buf_release(&right);
	/* status line */
	ui_fill(u, LINES - 2, 0, COLS, TS_STATUS, false);
	Buf st = BUF_INIT;
	if (rs->msg[0])
		buf_adds(&st, rs->msg);
	else if (review_session_count(rs))
		buf_addf(&st, "this change: %s · English from %s",
		         mark_text(review_session_mark_of(rs, rs->cur)),
		         rs->source_desc ? rs->source_desc : "?");
	else
		buf_adds(&st, "nothing changed between the two revisions");
	put(u, LINES - 2, 0, COLS, st.p, st.len, rs->msg_error ? TS_ERROR : TS_STATUS);
	buf_release(&st);
	ui_paint_keybar(u, MODE_REVIEW, LINES - 1);
}

/* One full-width line of the body at virtual row vy (wrapped); returns rows. */
static int body_line(Ui *u, int vy, ThemeSlot slot, const char *text)
{
	UiSpan s = {text, strlen(text), slot};
	return ui_put_spans_wrapped(u, &s, 1, 1, COLS - 2, vy, 1, LINES - 2);
}

static void paint(Ui *u, ReviewSession *rs)
{
	erase();
	RvText t;
	memset(&t, 0, sizeof(t));
	RvText *v = &t;
	const ReviewChange *c = review_session_change(rs, rs->cur);
	int lo = 1, hi = LINES - 2;
	int vy = lo - rs->scroll;
	if (c) {
		build(rs, v);
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
				put(u, vy, xs[k], w, titles[k], strlen(titles[k]), TS_LINENO);
			int rows = ui_put_spans_wrapped(u, cols[k]->v, cols[k]->n, xs[k], w, vy + 1, lo, hi);
			h = MAX(h, rows);
		}
		for (int y = vy; y <= vy + h; y++)
			if (y >= lo && y < hi)
				for (int k = 1; k < ncol; k++) {
					ui_set_style(u, TS_RULE, false);
					mvaddstr(y, xs[k] - 1, "│");
				}
		vy += h + 2;
		/* findings */
		const FindingVec *fv = &rs->findings[rs->cur];
		char line[1024];
		snprintf(line, sizeof(line), "Findings of check (%zu)%s", fv->n,
		         fv->n ? ": Up/Down selects, f makes it a comment" : "");
		vy += body_line(u, vy, TS_LINENO, line);
		for (size_t k = 0; k < fv->n; k++) {
			const Finding *f = &fv->v[k];
			snprintf(line, sizeof(line), "%s line %zu: %s: %s [%s]", k == rs->finding ? "▸" : " ",
			         f->line + 1, check_severity_name(f->sev), f->message,
			         check_info(f->check)->id);
			vy += body_line(u, vy, f->sev == SEV_ERROR ? TS_ERROR
			                       : f->sev == SEV_WARNING ? TS_WARNING : TS_NORMAL, line);
		}
		vy++;
		size_t idx[64];
		size_t ne = review_session_entries(rs, rs->cur, idx, ARRAY_LEN(idx));
		snprintf(line, sizeof(line), "Comments (%zu)", ne);
		vy += body_line(u, vy, TS_LINENO, line);
		for (size_t k = 0; k < ne && k < ARRAY_LEN(idx); k++) {
			const SidecarComment *m = &rs->sc.comments.v[idx[k]];
			bool sug = m->kind && !strcmp(m->kind, "suggestion");
			char *et = xasprintf("%s %s", sug ? "suggestion:" : "•", m->text);
			vy += body_line(u, vy, sug ? TS_GLOSSARY : TS_NORMAL, et);
			free(et);
		}
	} else {
		body_line(u, vy, TS_NORMAL, "No segment changed between the two revisions.");
	}
	rv_text_release(v);
	paint_bars(u, rs);
	curs_set(0);
}


/* ---- the mode -------------------------------------------------------------- */

static void review_paint(Ui *u, Mode *m)
{
	(void)m;
	paint(u, u->rs);
}

void ui_review_pending(Ui *u)
{
	ReviewSession *rs = u->rs;
	if (rs->help) {
		rs->help = false;
		ui_help(u);
	} else if (rs->ask.kind == REVIEW_ASK_TEXT) {
		rs->ask.kind = REVIEW_ASK_NONE;
		ui_prompt_multi(u, rs->ask.title, rs->ask.initial, rs->ask.then, "cancelled");
	} else if (rs->ask.kind == REVIEW_ASK_KEY) {
		rs->ask.kind = REVIEW_ASK_NONE;
		ui_question(u, rs->ask.title, rs->ask.then, NULL);
	}
}

static void review_event(Ui *u, Mode *m, const UiEvent *ev)
{
	(void)m;
	ReviewSession *rs = u->rs;
	if (ev->kind != UI_EV_KEY && ev->kind != UI_EV_TEXT)
		return;
	rs->msg[0] = '\0';
	rs->msg_error = false;
	u->redraw = true;
	const char *id = ev->name[0] ? keymap_lookup(&u->keys, MODE_REVIEW, ev->name) : NULL;
	if (id)
		ui_command(u, id, NULL);
}

const ModeOps ui_review_mode = {"review", review_paint, review_event, NULL, false};

static void report_to_review(Ui *u, const char *msg)
{
	review_session_msg(u->rs, true, "%s", msg);
}

static int fail(const Err *e, int fallback)
{
	Buf b = BUF_INIT;
	text_sanitize(e->msg, strlen(e->msg), &b);
	fprintf(stderr, "yeok: %s\n", b.p);
	buf_release(&b);
	return e->code ? e->code : fallback;
}

int ui_review_main(int argc, char **argv, const Config *cfg, const char *cfg_problem)
{
	ReviewArgs a;
	Err e;
	err_init(&e);
	if (!review_args_parse(&a, argc, argv, &e)) {
		review_args_release(&a);
		return fail(&e, EXIT_USAGE);
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
		int rc = fail(&e, EXIT_NOINPUT);
		review_session_release(&rs);
		review_args_release(&a);
		return rc;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "yeok: review needs a terminal (for scripts: yeok review --export)\n");
		review_session_release(&rs);
		review_args_release(&a);
		return EXIT_USAGE;
	}
	Ui u;
	memset(&u, 0, sizeof(u));
	u.rs = &rs;
	keymap_init(&u.keys);
	theme_default(&u.theme);
	ui_load_theme_and_keys(&u, a.theme, cfg, report_to_review);
	if (cfg_problem[0])
		report_to_review(&u, cfg_problem);
	review_args_release(&a);
	ui_term_start(&u, false);
	rs.rows = LINES;
	if (review_session_count(&rs) && rs.cur > 0 && !rs.msg[0])
		review_session_msg(&rs, false, "resumed at change %zu (the first one not marked)",
		                   rs.cur + 1);
	ui_push(&u, &ui_review_mode);
	ui_run(&u);
	ui_safe_quit(NULL);
	ui_term_restore();
	fatal_set_hook(NULL);
	keymap_release(&u.keys);
	review_session_release(&rs);
	return 0;
}
