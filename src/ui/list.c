/* The repository view (`yeok DIR`, ui-private.h): the list mode of the one
 * loop over the model of repo.h.  Keys go to the MODE_LIST commands of the
 * command table; idle time reads the last commit dates and fills the rows
 * not counted yet (progress counts in the header); Enter leaves the loop, runs the editor on the
 * selected file (ui_edit) and comes back with its row counted again. */
#include <unistd.h>

#include "safe.h"
#include "ui-private.h"
#include "yeok/text.h"

/* Rows of the list: below the header and the column titles, above the
 * status row and the key bar. */
static int list_rows(void)
{
	return MAX(1, LINES - 4);
}

static void paint_row(Ui *u, int y, const RepoRow *w, bool sel)
{
	ThemeSlot slot = TS_NORMAL;
	char num[160];
	if (!w->filled) {
		snprintf(num, sizeof(num), "%6s %5s %5s %5s %5s %4s %6s  %-10s ", "…", "", "", "", "", "",
		         "", "");
	} else if (w->error) {
		snprintf(num, sizeof(num), "%6s %5s %5s %5s %5s %4s %6s  %-10s ", "error", "", "", "", "",
		         "", "", w->date);
		slot = TS_ERROR;
	} else {
		double pct = progress_percent(&w->c);
		char behind[24] = "-";
		if (w->behind >= 0)
			snprintf(behind, sizeof(behind), "%ld", w->behind);
		snprintf(num, sizeof(num), "%5.0f%% %5zu %5zu %5zu %5zu %4zu %6s  %-10s ", pct,
		         w->c.untranslated, w->c.draft, w->c.done + w->c.reviewed, w->c.stale,
		         w->findings, behind, w->date);
		if (w->c.stale || w->stale_en)
			slot = TS_STALE;
		else if (w->c.total && w->c.untranslated == w->c.total)
			slot = TS_UNTRANSLATED;
		else if (w->c.done + w->c.reviewed == w->c.total)
			slot = TS_DONE;
	}
	ui_fill(u, y, 0, COLS, sel ? TS_CURSOR_LINE : TS_NORMAL, sel);
	int x = ui_put_text(u, y, 1, COLS - 1, num, strlen(num), slot, sel) + 1;
	Buf name = BUF_INIT;
	text_sanitize(w->name, strlen(w->name), &name);
	if (x < COLS)
		x += ui_put_text(u, y, x, COLS - x, name.p, name.len, sel ? TS_CURSOR_LINE : TS_NORMAL,
		                 sel);
	if (w->filled && !w->error && x + 2 < COLS) {
		buf_clear(&name);
		buf_adds(&name, "  ");
		if (w->self)
			buf_adds(&name, "(no English found) ");
		else if (w->stale_en)
			buf_adds(&name, "(stale English: upstream: or --source) ");
		buf_adds(&name, w->checklist ? w->checklist : "-");
		ui_put_text(u, y, x, COLS - x, name.p, name.len, TS_LINENO, sel);
	}
	buf_release(&name);
}

static void list_paint(Ui *u, Mode *m)
{
	(void)m;
	Repo *r = u->repo;
	erase();
	size_t rows = (size_t)list_rows();
	r->page = rows;
	if (r->sel < r->top)
		r->top = r->sel;
	if (r->sel >= r->top + rows)
		r->top = r->sel - rows + 1;
	/* the header: the folder, how many are shown, the filter, the sort,
	 * and while rows are still being counted, how far it is */
	Buf h = BUF_INIT;
	Buf d = BUF_INIT;
	text_sanitize(r->dir, strlen(r->dir), &d);
	buf_addf(&h, " %s  %zu/%zu files · %s", d.p ? d.p : "", r->n_shown, r->rows.n,
	         repo_filter_name(r->filter));
	if (r->text[0]) {
		buf_adds(&h, " · \"");
		text_sanitize(r->text, strlen(r->text), &h);
		buf_adds(&h, "\"");
	}
	buf_addf(&h, " · sorted by %s", repo_sort_name(r->sort));
	if (r->n_unread)
		buf_addf(&h, " · %zu not read", r->n_unread);
	if (r->deferred)
		buf_adds(&h, " · reading the repository's words");
	if (r->dates)
		buf_addf(&h, " · dates %zu/%zu", r->dated, r->rows.n);
	if (r->to_fill)
		buf_addf(&h, " · counting %zu/%zu", r->rows.n - r->to_fill, r->rows.n);
	ui_fill(u, 0, 0, COLS, TS_HEADER, false);
	ui_put_text(u, 0, 0, COLS, h.p, h.len, TS_HEADER, false);
	buf_release(&d);
	buf_clear(&h);
	buf_addf(&h, " %6s %5s %5s %5s %5s %4s %6s  %-10s  %s", "transl", "untr", "draft", "done",
	         "stale", "⚠", "behind", "commit", "file  checklist");
	ui_fill(u, 1, 0, COLS, TS_NORMAL, false);
	ui_put_text(u, 1, 0, COLS, h.p, h.len, TS_LINENO, false);
	buf_release(&h);
	for (size_t k = 0; k < rows && r->top + k < r->n_shown; k++) {
		size_t i = r->shown[r->top + k];
		paint_row(u, 2 + (int)k, &r->rows.v[i], r->top + k == r->sel);
	}
	if (!r->n_shown) {
		const char *none = " No file matches (a shows all, / changes the text filter)";
		ui_put_text(u, 2, 0, COLS, none, strlen(none), TS_LINENO, false);
	}
	ui_fill(u, LINES - 2, 0, COLS, TS_STATUS, false);
	if (r->shell.msg.text[0]) {
		Buf s = BUF_INIT;
		buf_adds(&s, " ");
		text_sanitize(r->shell.msg.text, strlen(r->shell.msg.text), &s);
		ui_put_text(u, LINES - 2, 0, COLS, s.p, s.len, TS_STATUS, false);
		buf_release(&s);
	}
	ui_paint_keybar(u, MODE_LIST, LINES - 1);
	curs_set(0);
}

static int list_idle_wait(Ui *u)
{
	return repo_idle_wait_ms(u->repo);
}

static bool list_idle(Ui *u)
{
	return repo_idle(u->repo);
}

static void list_event(Ui *u, Mode *m, const UiEvent *ev)
{
	(void)m;
	Repo *r = u->repo;
	if (ev->kind == UI_EV_IDLE)
		return; /* the model's (list_idle) */
	if (ev->kind != UI_EV_KEY && ev->kind != UI_EV_TEXT)
		return;
	const char *id = ev->name[0] ? keymap_lookup(&u->keys, MODE_LIST, ev->name) : NULL;
	if (!id) {
		if (strcmp(ev->name, "Esc") != 0)
			shell_msg(&r->shell, false, "%s is not bound to a command (F1 lists the keys)",
			         ev->name[0] ? ev->name : "That key");
		u->redraw = true;
		return;
	}
	const Command *c = command_find(id);
	if (c && c->prompt)
		ui_prompt(u, c->prompt, r->text, id, NULL);
	else
		ui_command(u, id, NULL);
}

const ModeOps ui_list_mode = {"list", list_paint, list_event, NULL, false};

static void report_to_list(Ui *u, const char *msg)
{
	shell_msg(&u->repo->shell, false, "%s", msg);
}

int ui_list_main(const UiOpts *o, const char *dir)
{
	Repo r;
	repo_init(&r);
	Err e;
	err_init(&e);
	/* the rows' findings are check's: the editor's context, with the
	 * repository's words, loaded after the first screen (repo_prepare:
	 * before the cache is read, which is keyed by them) */
	r.ctx = o->ctx;
	r.deferred = true;
	if (!repo_open(&r, dir, &e)) {
		Buf b = BUF_INIT;
		text_sanitize(e.msg, strlen(e.msg), &b);
		fprintf(stderr, "yeok: %s\n", b.p);
		buf_release(&b);
		return e.code;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "yeok: the repository view needs a terminal (for scripts: yeok stats)\n");
		repo_release(&r);
		return EXIT_USAGE;
	}
	if (!ui_safe_terminal_ok()) {
		repo_release(&r);
		return EXIT_USAGE;
	}
	Ui u;
	memset(&u, 0, sizeof(u));
	ui_bind_list(&u, &r);
	keymap_init(&u.keys);
	theme_default(&u.theme);
	ui_load_theme_and_keys(&u, o->theme, o->cfg, report_to_list);
	if (o->cfg_problem && o->cfg_problem[0])
		report_to_list(&u, o->cfg_problem);
	int rc = 0;
	for (;;) {
		ui_term_start(&u, false);
		u.depth = 0;
		ui_push(&u, &ui_list_mode);
		u.quit = false;
		ui_run(&u);
		ui_term_restore();
		fatal_set_hook(NULL);
		ui_safe_quit(NULL);
		size_t row;
		if (r.shell.quit || !r.open || !repo_selected(&r, &row))
			break;
		r.open = false;
		/* the editor on the file; its row is counted again after it */
		unsigned long sync = u.sync;
		Buf err = BUF_INIT;
		int erc = ui_edit(o, r.rows.v[row].path, &err);
		if (err.len)
			shell_msg(&r.shell, false, "%s", err.p);
		else if (erc)
			shell_msg(&r.shell, false, "The editor ended with status %d", erc);
		buf_release(&err);
		u.sync = sync;
		repo_refresh(&r, row);
	}
	keymap_release(&u.keys);
	ui_paint_release(&u);
	repo_release(&r);
	return rc;
}

/* ---- the repository view's model (ui-private.h UiModel) ----------------------- */

static void list_run(Ui *u, const char *id, const char *arg)
{
	command_run_list(u->repo, id, arg);
	if (u->repo->shell.quit || u->repo->open) {
		u->quit = true;
	} else if (u->repo->shell.help) {
		u->repo->shell.help = false;
		ui_help(u);
	}
}

static void list_message(Ui *u, bool error, const char *msg)
{
	(void)error;
	shell_msg(&u->repo->shell, false, "%s", msg);
}

const UiModel ui_list_model = {"list", MODE_LIST, list_run, list_message, NULL, NULL,
                               list_idle_wait, list_idle};
