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
	Buf en, old, neu, inl, marked;
	SpanVec s_en, s_old, s_new, s_inl, s_marked;
} RvText;

static void rv_text_release(RvText *v)
{
	buf_release(&v->en);
	buf_release(&v->old);
	buf_release(&v->neu);
	buf_release(&v->inl);
	buf_release(&v->marked);
	VEC_FREE(&v->s_marked);
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

/* The new text's lines as spans, the changed ones marked: when only some
 * lines of a change changed (one line of a 100-line code block), each line
 * gets a gutter, "+ " for a changed line and the line in the difference
 * style, "  " for the others. */
static bool changed_spans(const ReviewSession *rs, const ReviewChange *c, Buf *b, SpanVec *sv)
{
	sv->n = 0;
	size_t changed = 0, n = c->head_last - c->head_first + 1;
	for (size_t i = c->head_first; i <= c->head_last && i < rs->r.head.n; i++)
		changed += rs->r.head_changed[i];
	if (n < 2 || !changed || changed == n) {
		one_span(sv, b, TS_TARGET_TEXT);
		return false;
	}
	buf_clear(b);
	typedef struct { size_t off, n; bool mark; } Piece;
	VEC(Piece) pieces = {0};
	for (size_t i = c->head_first; i <= c->head_last && i < rs->r.head.n; i++) {
		bool mark = rs->r.head_changed[i];
		Piece pc = {b->len, 0, mark};
		buf_adds(b, mark ? "+ " : "  ");
		buf_addstr(b, lines_get(&rs->r.head, i));
		if (i < c->head_last)
			buf_addc(b, '\n');
		pc.n = b->len - pc.off;
		VEC_PUSH(&pieces, pc);
	}
	for (size_t k = 0; k < pieces.n; k++)
		add_span(sv, b->p + pieces.v[k].off, pieces.v[k].n,
		         pieces.v[k].mark ? TS_DIFF : TS_TARGET_TEXT);
	VEC_FREE(&pieces);
	return true;
}

/* The texts of the current change and their word difference. */
static void build(const ReviewSession *rs, RvText *v)
{
	const ReviewChange *c = review_session_change(rs, rs->cur);
	buf_clear(&v->en);
	buf_clear(&v->old);
	buf_clear(&v->neu);
	buf_clear(&v->inl);
	buf_clear(&v->marked);
	v->s_en.n = v->s_old.n = v->s_new.n = v->s_inl.n = v->s_marked.n = 0;
	if (!c)
		return;
	const Segment *seg = c->seg != REVIEW_NO_SEG ? &rs->r.al.v[c->seg] : NULL;
	size_t sf, sl;
	if (seg && align_src_lines(seg, &rs->r.src_host.blocks, &sf, &sl))
		lines_text(&rs->r.src, sf, sl, &v->en);
	else
		buf_adds(&v->en, c->deleted       ? "(no English: the deleted block had none)"
		                 : rs->stale.stale ? "(no English: the English found is older than the "
		                                     "Korean [source-stale])"
		                                   : "(no English: the block was added)");
	one_span(&v->s_en, &v->en, TS_SOURCE_TEXT);
	if (c->deleted) {
		/* the old Korean, all of it deleted */
		lines_text(&rs->r.base, c->base_first, c->base_last, &v->old);
		buf_adds(&v->neu, "(deleted in the head: the English above has no Korean now)");
		one_span(&v->s_old, &v->old, TS_ERROR);
		one_span(&v->s_new, &v->neu, TS_WARNING);
		one_span(&v->s_inl, &v->old, TS_ERROR);
		return;
	}
	lines_text(&rs->r.head, c->head_first, c->head_last, &v->neu);
	if (!c->has_old) {
		changed_spans(rs, c, &v->neu, &v->s_new);
		return;
	}
	/* beside the old Korean, the new one with its changed lines marked */
	lines_text(&rs->r.head, c->head_first, c->head_last, &v->marked);
	if (!changed_spans(rs, c, &v->marked, &v->s_marked))
		v->s_marked.n = 0;
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
	if (rs->files)
		buf_addf(&right, "file %zu of %zu · ", rs->file_no + 1, rs->files->n);
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
	if (rs->shell.msg.text[0])
		buf_adds(&st, rs->shell.msg.text);
	else if (review_session_count(rs))
		buf_addf(&st, "this change: %s · English from %s",
		         mark_text(review_session_mark_of(rs, rs->cur)),
		         rs->source_desc ? rs->source_desc : "?");
	else
		buf_adds(&st, "nothing changed between the two revisions");
	put(u, LINES - 2, 0, COLS, st.p, st.len, rs->shell.msg.error ? TS_ERROR : TS_STATUS);
	buf_release(&st);
	ui_paint_keybar(u, MODE_REVIEW, LINES - 1);
}

/* One full-width line of the body at virtual row vy (wrapped); returns rows. */
static int body_line(Ui *u, int vy, ThemeSlot slot, const char *text)
{
	UiSpan s = {text, strlen(text), slot};
	return ui_put_spans_words(u, &s, 1, 1, COLS - 2, vy, 1, LINES - 2);
}

/* GitHub's review comments on this change's lines (--comments). */
static int paint_github(Ui *u, const ReviewSession *rs, int vy)
{
	size_t idx[64];
	size_t n = rs->gh ? review_session_gh_threads(rs, rs->cur, idx, ARRAY_LEN(idx)) : 0;
	if (!n)
		return 0;
	int y0 = vy;
	char line[160];
	snprintf(line, sizeof(line), "On GitHub (%zu)", n);
	vy += 1 + body_line(u, vy + 1, TS_LINENO, line);
	for (size_t k = 0; k < n && k < ARRAY_LEN(idx); k++) {
		const GhPlace *p = &rs->gh_places.v[idx[k]];
		const GhThread *t = &rs->gh->threads.v[p->thread];
		for (size_t r = 0; r <= t->n_replies; r++) {
			const GhComment *c = &rs->gh->v.v[r ? t->replies[r - 1] : t->first];
			char *et = xasprintf("%s%s (line %zu): %s", r ? "    ↳ " : "  • ",
			                     c->user[0] ? c->user : "?", p->line + 1, c->body);
			vy += body_line(u, vy, TS_NORMAL, et);
			free(et);
		}
	}
	return vy - y0;
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
		bool with_old = c->has_old || c->deleted;
		bool three = with_old && COLS >= RV_WIDE_COLS;
		int ncol = three ? 3 : 2;
		int cw = (COLS - (ncol - 1)) / ncol;
		int xs[3] = {0, cw + 1, 2 * (cw + 1)};
		int wlast = COLS - xs[ncol - 1];
		char t_new[96], t_old[96], range[48];
		size_t lf = c->deleted ? c->base_first : c->head_first;
		size_t ll = c->deleted ? c->base_last : c->head_last;
		if (ll > lf)
			snprintf(range, sizeof(range), "lines %zu-%zu", lf + 1, ll + 1);
		else
			snprintf(range, sizeof(range), "line %zu", lf + 1);
		if (c->deleted) {
			snprintf(t_new, sizeof(t_new), "new Korean (deleted before line %zu)",
			         c->head_first + 1);
			snprintf(t_old, sizeof(t_old), "old Korean, DELETED (base %s)", range);
		} else {
			snprintf(t_new, sizeof(t_new), "%s (%s)",
			         c->has_old && !three ? "new Korean, changes inline" : "new Korean", range);
			snprintf(t_old, sizeof(t_old), "old Korean");
		}
		const char *titles[3] = {"English", three ? t_old : (c->deleted ? t_old : t_new), t_new};
		const SpanVec *cols[3] = {&v->s_en, three ? &v->s_old : (with_old ? &v->s_inl : &v->s_new),
		                          three && v->s_marked.n ? &v->s_marked : &v->s_new};
		int h = 0;
		for (int k = 0; k < ncol; k++) {
			int w = k == ncol - 1 ? wlast : cw;
			if (vy >= lo && vy < hi)
				put(u, vy, xs[k], w, titles[k], strlen(titles[k]), TS_LINENO);
			int rows = ui_put_spans_words(u, cols[k]->v, cols[k]->n, xs[k], w, vy + 1, lo, hi);
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
		         fv->n ? ": Up/Down selects, f makes it a comment, N/P: the next/previous "
		                 "change with one" : "");
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
		size_t idx[256];
		size_t ne = review_session_entries(rs, rs->cur, idx, ARRAY_LEN(idx));
		snprintf(line, sizeof(line), "Comments (%zu)%s", ne,
		         ne ? ": e edit, D delete, x resolve, R reply" : "");
		vy += body_line(u, vy, TS_LINENO, line);
		for (size_t k = 0; k < ne && k < ARRAY_LEN(idx); k++) {
			const SidecarComment *m = &rs->sc.comments.v[idx[k]];
			bool sug = m->kind && !strcmp(m->kind, "suggestion");
			bool reply = m->kind && !strcmp(m->kind, "reply");
			bool sel = rs->finding == fv->n + k;
			char *et = xasprintf("%s%s%s %s%s%s", sel ? "▸" : " ", reply ? "  ↳" : "",
			                     sug ? " suggestion:" : reply ? "" : " •", m->text,
			                     !strcmp(m->state, "resolved") ? "  (resolved)" : "",
			                     review_session_outdated(rs, m) ? "  (outdated)" : "");
			vy += body_line(u, vy, !strcmp(m->state, "resolved") ? TS_LINENO
			                       : sug ? TS_GLOSSARY : TS_NORMAL, et);
			free(et);
		}
		vy += paint_github(u, rs, vy);
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
	ui_shell_pending(u, &u->rs->shell);
}

/* ---- the files of a pull request ------------------------------------------- */

/* Show file i of the set (its session becomes the UI's). */
static void show_file(Ui *u, ReviewFiles *f, size_t i)
{
	review_files_go(f, i);
	ui_bind_review(u, &f->v[f->cur]);
	u->rs->rows = LINES;
	Buf b = BUF_INIT;
	review_files_label(f, f->cur, &b);
	review_session_msg(u->rs, false, "file %zu of %zu: %s", f->cur + 1, f->n, b.p);
	buf_release(&b);
}

static void files_paint(Ui *u, Mode *m)
{
	ReviewFiles *f = u->rs->files;
	int h = MAX(3, MIN((int)f->n + 2, LINES - 4)), w = MIN(COLS - 2, 100);
	int y0 = MAX(1, (LINES - h) / 2), x0 = MAX(0, (COLS - w) / 2);
	int rows = h - 2;
	if ((int)m->sel < m->top)
		m->top = (int)m->sel;
	if ((int)m->sel >= m->top + rows)
		m->top = (int)m->sel - rows + 1;
	char title[96];
	snprintf(title, sizeof(title), " Files of the pull request (%zu) · Enter opens, Esc closes",
	         f->n);
	ui_fill(u, y0, x0, w, TS_HEADER, false);
	ui_put_text(u, y0, x0, w, title, strlen(title), TS_HEADER, false);
	for (int r = 0; r < rows; r++) {
		size_t i = (size_t)(m->top + r);
		ui_fill(u, y0 + 1 + r, x0, w, TS_NORMAL, i == m->sel);
		if (i >= f->n)
			continue;
		Buf b = BUF_INIT;
		buf_addf(&b, " %s%zu. ", i == f->cur ? "▸" : " ", i + 1);
		review_files_label(f, i, &b);
		ui_put_text(u, y0 + 1 + r, x0, w, b.p, b.len, TS_NORMAL, i == m->sel);
		buf_release(&b);
	}
	ui_fill(u, y0 + h - 1, x0, w, TS_KEYBAR, false);
}

static void files_event(Ui *u, Mode *m, const UiEvent *ev)
{
	ReviewFiles *f = u->rs->files;
	if (ev->kind != UI_EV_KEY && ev->kind != UI_EV_TEXT)
		return;
	u->redraw = true;
	const char *k = ev->name;
	if (!strcmp(k, "Down") && m->sel + 1 < f->n)
		m->sel++;
	else if (!strcmp(k, "Up") && m->sel > 0)
		m->sel--;
	else if (!strcmp(k, "Enter")) {
		size_t i = m->sel;
		ui_pop(u);
		show_file(u, f, i);
	} else if (!strcmp(k, "Esc") || !strcmp(k, "q") || !strcmp(k, "l"))
		ui_pop(u);
}

static const ModeOps files_mode = {"review-files", files_paint, files_event, NULL, true};

/* A command asked for another file, or the list. */
static void go_file(Ui *u)
{
	ReviewSession *rs = u->rs;
	int go = rs->go_file;
	rs->go_file = 0;
	ReviewFiles *f = rs->files;
	if (!go || !f)
		return;
	if (go == 2) {
		Mode *m = ui_push(u, &files_mode);
		m->sel = f->cur;
	} else if (go > 0 && f->cur + 1 >= f->n) {
		review_session_msg(rs, false, "this is the last file");
	} else if (go < 0 && f->cur == 0) {
		review_session_msg(rs, false, "this is the first file");
	} else {
		show_file(u, f, go > 0 ? f->cur + 1 : f->cur - 1);
	}
}

static void review_event(Ui *u, Mode *m, const UiEvent *ev)
{
	(void)m;
	ReviewSession *rs = u->rs;
	if (ev->kind != UI_EV_KEY && ev->kind != UI_EV_TEXT)
		return;
	shell_msg_clear(&rs->shell);
	u->redraw = true;
	const char *id = ev->name[0] ? keymap_lookup(&u->keys, MODE_REVIEW, ev->name) : NULL;
	if (id)
		ui_command(u, id, NULL);
	go_file(u);
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
	Context ctx; /* the review's files borrow it */
	context_init(&ctx);
	if (!review_args_context(&a, &ctx, cfg, &e)) {
		context_release(&ctx);
		review_args_release(&a);
		return fail(&e, EXIT_CONFIG);
	}
	ReviewFiles files;
	review_files_init(&files);
	bool opened = a.file ? review_files_open_one(&files, a.file, &a.o, &e)
	                     : review_files_open(&files, ".", &a.o, &e);
	if (!opened) {
		int rc = fail(&e, EXIT_NOINPUT);
		review_files_release(&files);
		review_args_release(&a);
		context_release(&ctx);
		return rc;
	}
	if (opened && a.comments && !review_files_comments(&files, a.comments, &e)) {
		int rc = fail(&e, EXIT_DATAERR);
		review_files_release(&files);
		review_args_release(&a);
		context_release(&ctx);
		return rc;
	}
	if (files.gh.notes.len) {
		Buf safe = BUF_INIT;
		text_sanitize(files.gh.notes.p, files.gh.notes.len, &safe);
		fprintf(stderr, "%s", safe.p ? safe.p : "");
		buf_release(&safe);
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "yeok: review needs a terminal (for scripts: yeok review --export)\n");
		review_files_release(&files);
		review_args_release(&a);
		context_release(&ctx);
		return EXIT_USAGE;
	}
	ReviewSession *first = &files.v[0];
	Ui u;
	memset(&u, 0, sizeof(u));
	ui_bind_review(&u, first);
	keymap_init(&u.keys);
	theme_default(&u.theme);
	ui_load_theme_and_keys(&u, a.theme, cfg, report_to_review);
	if (cfg_problem[0])
		report_to_review(&u, cfg_problem);
	review_args_release(&a);
	ui_term_start(&u, false);
	first->rows = LINES;
	if (files.n > 1 && !first->shell.msg.text[0]) {
		Buf b = BUF_INIT;
		review_files_label(&files, 0, &b);
		review_session_msg(first, false, "%zu files (l lists them, > next): file 1: %s%s%.*s",
		                   files.n, b.p, files.notes.len ? " · " : "",
		                   (int)(files.notes.len ? files.notes.len - 1 : 0),
		                   files.notes.p ? files.notes.p : "");
		buf_release(&b);
	} else if (review_session_count(first) && first->cur > 0 && !first->shell.msg.text[0]) {
		review_session_msg(first, false, "resumed at change %zu (the first one not marked)",
		                   first->cur + 1);
	}
	ui_push(&u, &ui_review_mode);
	ui_run(&u);
	ui_safe_quit(NULL);
	ui_term_restore();
	fatal_set_hook(NULL);
	keymap_release(&u.keys);
	review_files_release(&files);
	context_release(&ctx);
	return 0;
}

/* ---- reviewer mode's model (ui-private.h UiModel) ---------------------------- */

static void review_run(Ui *u, const char *id, const char *arg)
{
	command_run_review(u->rs, id, arg);
	if (u->rs->shell.quit)
		u->quit = true;
	else
		ui_review_pending(u);
}

static void review_message(Ui *u, bool error, const char *msg)
{
	review_session_msg(u->rs, error, "%s", msg);
}

static void review_resize(Ui *u)
{
	u->rs->rows = LINES;
}

const UiModel ui_review_model = {"review", MODE_REVIEW, review_run, review_message, NULL,
                                 review_resize, NULL, NULL};
