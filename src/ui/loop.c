/* The one loop and the mode stack (ui-private.h): sync, paint, doupdate,
 * read an event, dispatch it to the mode on top. */
#include "ui-private.h"

#include "yeok/text.h"

Mode *ui_top(Ui *u)
{
	BUG_ON(u->depth < 1);
	return &u->modes[u->depth - 1];
}

Mode *ui_push(Ui *u, const ModeOps *ops)
{
	if (u->depth >= UI_MAX_MODES)
		fatal("BUG: more than %d nested dialogs", UI_MAX_MODES);
	Mode *m = &u->modes[u->depth++];
	memset(m, 0, sizeof(*m));
	m->ops = ops;
	buf_init(&m->input);
	buf_init(&m->text);
	u->redraw = true;
	u->waited = true; /* the time after this is the user's */
	return m;
}

void ui_pop(Ui *u)
{
	BUG_ON(u->depth < 2); /* the base mode stays */
	Mode *m = ui_top(u);
	buf_release(&m->input);
	buf_release(&m->text);
	ui_mode_undo_clear(m);
	u->depth--;
	u->redraw = true;
}

void ui_bind_editor(Ui *u, Session *s)
{
	u->model = &ui_editor_model;
	u->s = s;
	u->rs = NULL;
	u->repo = NULL;
}

void ui_bind_review(Ui *u, ReviewSession *rs)
{
	u->model = &ui_review_model;
	u->s = NULL;
	u->rs = rs;
	u->repo = NULL;
}

void ui_bind_list(Ui *u, Repo *r)
{
	u->model = &ui_list_model;
	u->s = NULL;
	u->rs = NULL;
	u->repo = r;
}

CommandMode ui_base_mode(const Ui *u)
{
	return u->model->mode;
}

void ui_command(Ui *u, const char *id, const char *arg)
{
	u->redraw = true;
	u->model->run(u, id, arg);
}

void ui_message(Ui *u, bool error, const char *msg)
{
	u->model->message(u, error, msg);
}

void ui_frame_end(Ui *u)
{
	if (u->sync_on) {
		char t[32];
		int n = snprintf(t, sizeof(t), "[sync %lu]", u->sync);
		if (n < COLS) {
			attr_set(A_NORMAL, 0, NULL);
			int y, x;
			getyx(stdscr, y, x);
			mvaddnstr(LINES - 1, COLS - n - 1, t, n);
			move(y, x); /* the real cursor stays where the mode put it */
		}
	}
	wnoutrefresh(stdscr);
	doupdate();
}

/* Paint every mode from the last one that is not an overlay up. */
static void paint(Ui *u)
{
	int from = u->depth - 1;
	while (from > 0 && u->modes[from].ops->overlay)
		from--;
	for (int i = from; i < u->depth; i++)
		u->modes[i].ops->paint(u, &u->modes[i]);
	if (u->depth > 1)
		ui_paint_forget(u); /* a dialog painted over the editor's rows */
	ui_frame_end(u);
	u->redraw = false;
}

/* The model brought up to date for the frame (painting only reads). */
static void sync_model(Ui *u)
{
	if (u->model->prepare)
		u->model->prepare(u);
}

void ui_run(Ui *u)
{
	u->redraw = true;
	while (!u->quit) {
		if (u->redraw) {
			sync_model(u);
			paint(u);
		}
		Mode *m = ui_top(u);
		bool base = u->depth == 1; /* idle time is the model's, else the dialog's */
		int t = base ? (u->model->idle_wait ? u->model->idle_wait(u) : -1)
		             : m->ops->wait_ms ? m->ops->wait_ms(u, m) : -1;
		UiEvent ev;
		ui_next_event(u, t, &ev);
		if (ev.kind == UI_EV_IGNORED) {
			/* never typed into anything: said in the status line */
			char msg[160];
			snprintf(msg, sizeof(msg), "Ignored %s: a key sequence yeok does not know",
			         ev.name);
			ui_message(u, false, msg);
			u->redraw = true;
			ui_event_release(&ev);
			continue;
		}
		if (ev.kind == UI_EV_IDLE && base) {
			if (u->model->idle && u->model->idle(u))
				u->redraw = true;
			ui_event_release(&ev);
			continue;
		}
		uint64_t k0 = now_ns();
		bool is_key = ev.kind == UI_EV_KEY || ev.kind == UI_EV_TEXT || ev.kind == UI_EV_PASTE;
		if (is_key)
			u->waited = u->depth > 1;
		if (ev.kind == UI_EV_RESIZE || ev.kind == UI_EV_SYNC)
			u->redraw = true;
		if (ev.kind == UI_EV_RESIZE || ev.kind == UI_EV_FOCUS_IN)
			ui_paint_forget(u);
		m->ops->event(u, m, &ev);
		if (ev.kind == UI_EV_SYNC && u->quit_at_sync && u->sync >= u->quit_at_sync) {
			sync_model(u);
			paint(u); /* the frame a key script compares */
			u->quit = true;
		}
		ui_event_release(&ev);
		if (!is_key || u->quit)
			continue;
		u->redraw = true;
		sync_model(u);
		paint(u);
		uint64_t dt = now_ns() - k0;
		if (u->trace)
			fprintf(u->trace, "%s %.1f%s\n", ev.name[0] ? ev.name : "text", (double)dt / 1e3,
			        u->waited ? " waited" : "");
		if (u->waited)
			continue; /* the time went into waiting for the user */
		u->key_total += dt;
		u->key_max = MAX(u->key_max, dt);
		u->key_count++;
	}
}
