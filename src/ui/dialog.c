/* Dialog modes over the editor or reviewer mode (ui-private.h): a prompt,
 * a multi-line prompt, a pick list, help, a question, a text viewer, the
 * stale diff.  Each is a mode of the one loop: its keys are a table, its
 * answer runs a command of the base mode (Mode.then) or a function
 * (Mode.done). */
#include "ui-private.h"

#include "yeok/text.h"

static bool is(const UiEvent *ev, const char *name)
{
	return ev->kind == UI_EV_KEY && strcmp(ev->name, name) == 0;
}

/* The first of names (NULL-terminated) that the event is, or -1. */
static int key_in(const UiEvent *ev, const char *const *names)
{
	for (int i = 0; names[i]; i++)
		if (is(ev, names[i]))
			return i;
	return -1;
}

static const char *const cancel_keys[] = {"Esc", "C-c", "C-q", "C-g", NULL};

/* The dialog on top answered (ok) or was cancelled: pop it, then run its
 * command or function. */
static void finish(Ui *u, Mode *m, bool ok, const char *answer)
{
	if (m->done) {
		m->done(u, m, ok, answer);
		return;
	}
	const char *then = m->then, *cancel = m->cancel;
	char *a = answer ? xstrdup(answer) : NULL;
	ui_pop(u);
	if (ok && then)
		ui_command(u, then, a);
	else if (!ok && cancel)
		ui_message(u, false, cancel);
	free(a);
}

/* ---- text editing shared by the prompts ------------------------------------ */

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

/* Up or Down in multi-line text: the same byte offset in the line (on a
 * character boundary). */
static size_t vertical(const Buf *t, size_t cur, int dir)
{
	size_t off = cur - line_start(t, cur);
	size_t to;
	if (dir < 0) {
		if (line_start(t, cur) == 0)
			return cur;
		to = line_start(t, line_start(t, cur) - 1);
	} else {
		if (line_end(t, cur) >= t->len)
			return cur;
		to = line_end(t, cur) + 1;
	}
	size_t c = MIN(to + off, line_end(t, to));
	while (c > to && !text_valid(t->p + to, c - to))
		c--;
	return c;
}

/* Insert p[0..n) at the cursor (newlines dropped unless multi). */
static void insert(Mode *m, const char *p, size_t n, bool multi)
{
	Buf one = BUF_INIT;
	for (size_t i = 0; i < n; i++)
		if (multi || (p[i] != '\n' && p[i] != '\r'))
			buf_addc(&one, p[i]);
	buf_insert(&m->input, m->cur, one.p ? one.p : "", one.len);
	m->cur += one.len;
	buf_release(&one);
}

/* ---- undo in a prompt ---------------------------------------------------------
 * A snapshot of the input before each run of edits: typing, Backspace and
 * Delete each make a run until another kind of key; a paste or Ctrl-U is a
 * step of its own (the editor's granularity, issue 36). */

enum { RUN_NONE, RUN_TYPE, RUN_BACK, RUN_DEL, RUN_OTHER };

static void snap_free(ModeSnapVec *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i].text);
	v->n = 0;
}

void ui_mode_undo_clear(Mode *m)
{
	snap_free(&m->undo);
	snap_free(&m->redo);
	VEC_FREE(&m->undo);
	VEC_FREE(&m->redo);
	m->run = RUN_NONE;
}

static void snap_push(ModeSnapVec *v, const Mode *m)
{
	ModeSnap sn = {xmemdup0(m->input.p ? m->input.p : "", m->input.len), m->input.len,
	                      m->cur};
	VEC_PUSH(v, sn);
}

/* An edit of kind `run` is about to be made: a new step unless it goes on
 * the run before it. */
static void edit_begins(Mode *m, int run)
{
	if (run != m->run || run == RUN_OTHER)
		snap_push(&m->undo, m);
	snap_free(&m->redo);
	m->run = run;
}

/* Ctrl-Z (dir < 0) or Ctrl-Y: the input as it was before the last step. */
static bool undo_step(Mode *m, int dir)
{
	ModeSnapVec *from = dir < 0 ? &m->undo : &m->redo;
	ModeSnapVec *to = dir < 0 ? &m->redo : &m->undo;
	if (!from->n)
		return false;
	snap_push(to, m);
	ModeSnap sn = from->v[--from->n];
	buf_clear(&m->input);
	buf_add(&m->input, sn.text, sn.len);
	m->cur = MIN(sn.cur, m->input.len);
	free(sn.text);
	m->run = RUN_NONE;
	return true;
}

/* Editing keys common to both prompts; true when the key was one. */
static bool edit_key(Mode *m, const UiEvent *ev, bool multi)
{
	Buf *t = &m->input;
	if (is(ev, "C-z") || is(ev, "C-y")) {
		undo_step(m, is(ev, "C-z") ? -1 : 1);
		return true;
	}
	if (ev->kind == UI_EV_TEXT)
		edit_begins(m, RUN_TYPE);
	else if (ev->kind == UI_EV_PASTE || is(ev, "C-u"))
		edit_begins(m, RUN_OTHER);
	else if (is(ev, "Backspace"))
		edit_begins(m, RUN_BACK);
	else if (is(ev, "Delete"))
		edit_begins(m, RUN_DEL);
	else
		m->run = RUN_NONE; /* a cursor key ends a run */
	if (ev->kind == UI_EV_TEXT || ev->kind == UI_EV_PASTE) {
		insert(m, ev->text.p ? ev->text.p : "", ev->text.len, multi || ev->kind == UI_EV_TEXT);
		return true;
	}
	static const char *const keys[] = {"Backspace", "Delete", "Left", "Right", "Home", "C-a",
	                                   "End", "C-e", "C-u", "Up", "Down", NULL};
	switch (key_in(ev, keys)) {
	case 0:
		if (m->cur > 0) {
			size_t p = text_prev_grapheme(t->p, t->len, m->cur);
			buf_remove(t, p, m->cur - p);
			m->cur = p;
		}
		return true;
	case 1:
		if (m->cur < t->len)
			buf_remove(t, m->cur, text_next_grapheme(t->p, t->len, m->cur) - m->cur);
		return true;
	case 2:
		if (m->cur > 0)
			m->cur = text_prev_grapheme(t->p, t->len, m->cur);
		return true;
	case 3:
		if (m->cur < t->len)
			m->cur = text_next_grapheme(t->p, t->len, m->cur);
		return true;
	case 4:
	case 5:
		m->cur = multi ? line_start(t, m->cur) : 0;
		return true;
	case 6:
	case 7:
		m->cur = multi ? line_end(t, m->cur) : t->len;
		return true;
	case 8:
		buf_clear(t);
		m->cur = 0;
		return true;
	case 9:
	case 10:
		if (multi)
			m->cur = vertical(t, m->cur, is(ev, "Up") ? -1 : 1);
		return true;
	default:
		return false;
	}
}

/* ---- a prompt in the status row ---------------------------------------------- */

static void prompt_paint(Ui *u, Mode *m)
{
	ui_paint_prompt(u, m->title, m->input.p ? m->input.p : "", m->selected);
}

/* The answer remembered for the next prompt of the same command. */
static void remember(Ui *u, const char *then, const char *answer)
{
	if (!then)
		return;
	size_t free_at = ARRAY_LEN(u->answers);
	for (size_t i = 0; i < ARRAY_LEN(u->answers); i++) {
		if (u->answers[i].then && strcmp(u->answers[i].then, then) == 0) {
			free_at = i;
			break;
		}
		if (!u->answers[i].then && free_at == ARRAY_LEN(u->answers))
			free_at = i;
	}
	if (free_at == ARRAY_LEN(u->answers))
		return;
	u->answers[free_at].then = then;
	snprintf(u->answers[free_at].text, sizeof(u->answers[free_at].text), "%s", answer);
}

static const char *remembered(const Ui *u, const char *then)
{
	for (size_t i = 0; then && i < ARRAY_LEN(u->answers); i++)
		if (u->answers[i].then && strcmp(u->answers[i].then, then) == 0)
			return u->answers[i].text;
	return NULL;
}

static void prompt_event(Ui *u, Mode *m, const UiEvent *ev)
{
	if (is(ev, "Enter")) {
		remember(u, m->then, m->input.p ? m->input.p : "");
		finish(u, m, true, m->input.p ? m->input.p : "");
		return;
	}
	if (key_in(ev, cancel_keys) >= 0) {
		finish(u, m, false, NULL);
		return;
	}
	if (m->selected) {
		/* typing or deleting replaces the selected text; any other key
		 * (a cursor key) keeps it to be edited */
		m->selected = false;
		u->redraw = true;
		bool typing = ev->kind == UI_EV_TEXT || ev->kind == UI_EV_PASTE;
		if (typing || is(ev, "Backspace") || is(ev, "Delete")) {
			edit_begins(m, typing && ev->kind == UI_EV_TEXT ? RUN_TYPE : RUN_OTHER);
			buf_clear(&m->input);
			m->cur = 0;
			if (!typing)
				return;
		}
	}
	if (edit_key(m, ev, false))
		u->redraw = true;
}

static const ModeOps prompt_mode = {"prompt", prompt_paint, prompt_event, NULL, true};

Mode *ui_prompt(Ui *u, const char *prompt, const char *initial, const char *then,
                const char *cancel)
{
	const char *last = initial ? initial : remembered(u, then);
	Mode *m = ui_push(u, &prompt_mode);
	snprintf(m->title, sizeof(m->title), "%s", prompt);
	if (last)
		buf_adds(&m->input, last);
	m->cur = m->input.len;
	m->selected = m->input.len > 0;
	m->then = then;
	m->cancel = cancel;
	return m;
}

/* ---- a multi-line prompt (reviewer mode's comment editor) -------------------- */

/* Where the cursor at byte cur is in text s wrapped at w: row and column. */
static void wrap_pos(const char *s, size_t cur, int w, int *row, int *col)
{
	*row = *col = 0;
	for (size_t i = 0; i < cur;) {
		if (s[i] == '\n') {
			(*row)++;
			*col = 0;
			i++;
			continue;
		}
		size_t e = text_next_grapheme(s, cur, i);
		int cw = text_cluster_width(s + i, e - i, *col);
		if (*col + cw > w && *col > 0) {
			(*row)++;
			*col = 0;
		}
		*col += cw;
		i = e;
	}
}

static void multi_paint(Ui *u, Mode *m)
{
	int top = MAX(2, LINES / 3), bottom = LINES - 2;
	for (int y = top; y < bottom; y++)
		ui_fill(u, y, 0, COLS, TS_NORMAL, false);
	ui_fill(u, top, 0, COLS, TS_HEADER, false);
	ui_put_text(u, top, 0, COLS, m->title, strlen(m->title), TS_HEADER, false);
	ui_fill(u, LINES - 2, 0, COLS, TS_STATUS, false);
	const char *help = "Ctrl-S or Alt-Enter saves · Esc cancels · Enter starts a new line";
	ui_put_text(u, LINES - 2, 0, COLS, help, strlen(help), TS_KEYNAME, false);
	int w = MAX(1, COLS - 2), y0 = top + 1;
	const char *s = m->input.p ? m->input.p : "";
	int row, col;
	wrap_pos(s, m->cur, w, &row, &col);
	int avail = MAX(1, bottom - y0);
	int skip = row >= avail ? row - avail + 1 : 0;
	UiSpan sp = {s, m->input.len, TS_TARGET_TEXT};
	ui_put_spans_wrapped(u, &sp, 1, 1, w, y0 - skip, y0, bottom);
	/* the real cursor at the insertion point */
	curs_set(1);
	move(MIN(MAX(y0 + row - skip, y0), bottom - 1), MIN(1 + col, COLS - 1));
}

static void multi_event(Ui *u, Mode *m, const UiEvent *ev)
{
	if (is(ev, "C-s") || is(ev, "M-Enter")) {
		finish(u, m, true, m->input.p ? m->input.p : "");
		return;
	}
	if (is(ev, "Esc") || is(ev, "C-q") || is(ev, "C-g")) {
		finish(u, m, false, NULL);
		return;
	}
	if (is(ev, "Enter")) {
		edit_begins(m, RUN_TYPE);
		insert(m, "\n", 1, true);
		u->redraw = true;
		return;
	}
	if (edit_key(m, ev, true))
		u->redraw = true;
}

static const ModeOps multi_mode = {"multi-line prompt", multi_paint, multi_event, NULL, true};

Mode *ui_prompt_multi(Ui *u, const char *title, const char *initial, const char *then,
                      const char *cancel)
{
	Mode *m = ui_push(u, &multi_mode);
	snprintf(m->title, sizeof(m->title), "%s", title);
	if (initial)
		buf_adds(&m->input, initial);
	m->cur = m->input.len;
	m->then = then;
	m->cancel = cancel;
	return m;
}

/* ---- a pick list (Session.pick) ------------------------------------------------ */

static void pick_paint(Ui *u, Mode *m)
{
	ui_paint_pick(u, m->sel, &m->top);
}

static int pick_timeout(Ui *u, Mode *m)
{
	(void)m;
	/* F7's suggestions come from the spelling thread, F4's matches from
	 * the translation memory's */
	return u->s->spell.req || session_tm_busy(u->s) ? 50 : -1;
}

static void pick_event(Ui *u, Mode *m, const UiEvent *ev)
{
	Session *s = u->s;
	if (ev->kind == UI_EV_IDLE) {
		bool tm = session_tm_poll(s, false);
		if (session_spell_poll(s, false) || tm) {
			m->sel = MIN(m->sel, s->dlg.pick.items.n ? s->dlg.pick.items.n - 1 : 0);
			u->redraw = true;
		}
		return;
	}
	size_t n = s->dlg.pick.items.n;
	if (ev->kind == UI_EV_TEXT && !strcmp(ev->name, "q")) {
		session_pick_close(s);
		finish(u, m, false, NULL);
		return;
	}
	if (ev->kind != UI_EV_KEY || !n)
		return;
	size_t page = (size_t)MAX(1, LINES - 6);
	static const char *const keys[] = {"Down", "C-n", "Up", "C-p", "PageDown", "PageUp",
	                                   "Home", "End", "Enter", NULL};
	u->redraw = true;
	switch (key_in(ev, keys)) {
	case 0:
	case 1:
		m->sel = (m->sel + 1) % n;
		return;
	case 2:
	case 3:
		m->sel = (m->sel + n - 1) % n;
		return;
	case 4:
		m->sel = MIN(n - 1, m->sel + page);
		return;
	case 5:
		m->sel = m->sel > page ? m->sel - page : 0;
		return;
	case 6:
		m->sel = 0;
		return;
	case 7:
		m->sel = n - 1;
		return;
	case 8: {
		char arg[32];
		snprintf(arg, sizeof(arg), "%zu", m->sel);
		finish(u, m, true, arg);
		return;
	}
	default:
		break;
	}
	const char *alt = s->dlg.pick.alt_of ? keymap_lookup(&u->keys, MODE_EDITOR, ev->name) : NULL;
	if (alt && !strcmp(alt, s->dlg.pick.alt_of)) {
		char arg[32];
		snprintf(arg, sizeof(arg), "%zu", m->sel);
		m->then = s->dlg.pick.alt_then;
		finish(u, m, true, arg);
		return;
	}
	if (key_in(ev, cancel_keys) >= 0 || ev->name[0] == 'F') {
		session_pick_close(s);
		finish(u, m, false, NULL);
	}
}

static const ModeOps pick_mode = {"pick list", pick_paint, pick_event, pick_timeout, true};

Mode *ui_pick(Ui *u)
{
	Session *s = u->s;
	Mode *m = ui_push(u, &pick_mode);
	size_t n = s->dlg.pick.items.n;
	m->sel = n ? MIN(s->dlg.pick.sel, n - 1) : 0;
	m->then = s->dlg.pick.then;
	return m;
}

/* ---- help (F1) ------------------------------------------------------------------- */

static void help_paint(Ui *u, Mode *m)
{
	int lines = 0;
	ui_paint_help(u, ui_base_mode(u), m->top, &lines);
	m->sel = (size_t)lines;
}

static void help_event(Ui *u, Mode *m, const UiEvent *ev)
{
	int lines = (int)m->sel, page = MAX(1, LINES - 3);
	if (ev->kind == UI_EV_TEXT && !strcmp(ev->name, "q")) {
		finish(u, m, false, NULL);
		return;
	}
	if (ev->kind != UI_EV_KEY)
		return;
	static const char *const keys[] = {"Down", "Up", "PageDown", "PageUp", "Esc", "F1", "C-q",
	                                   NULL};
	u->redraw = true;
	switch (key_in(ev, keys)) {
	case 0:
		m->top = MIN(m->top + 1, MAX(0, lines - page));
		break;
	case 1:
		m->top = MAX(0, m->top - 1);
		break;
	case 2:
		m->top = MIN(m->top + page, MAX(0, lines - page));
		break;
	case 3:
		m->top = MAX(0, m->top - page);
		break;
	case 4:
	case 5:
	case 6:
		finish(u, m, false, NULL);
		break;
	default:
		break;
	}
}

static const ModeOps help_mode = {"help", help_paint, help_event, NULL, false};

Mode *ui_help(Ui *u)
{
	return ui_push(u, &help_mode);
}

/* ---- a question: one key answers --------------------------------------------- */

static void question_paint(Ui *u, Mode *m)
{
	ui_fill(u, LINES - 2, 0, COLS, TS_WARNING, false);
	ui_put_text(u, LINES - 2, 0, COLS, m->title, strlen(m->title), TS_WARNING, false);
	curs_set(0);
}

static void question_event(Ui *u, Mode *m, const UiEvent *ev)
{
	if (ev->kind != UI_EV_KEY && ev->kind != UI_EV_TEXT)
		return;
	u->redraw = true;
	finish(u, m, true, ev->name);
}

static const ModeOps question_mode = {"question", question_paint, question_event, NULL, true};

Mode *ui_question(Ui *u, const char *question, const char *then, ModeDone done)
{
	Mode *m = ui_push(u, &question_mode);
	snprintf(m->title, sizeof(m->title), " %s", question);
	m->then = then;
	m->done = done;
	return m;
}

/* ---- a text viewer --------------------------------------------------------------- */

static void text_paint(Ui *u, Mode *m)
{
	erase();
	ui_fill(u, 0, 0, COLS, TS_HEADER, false);
	ui_put_text(u, 0, 0, COLS, m->title, strlen(m->title), TS_HEADER, false);
	const char *p = m->text.p ? m->text.p : "";
	size_t n = m->text.len, pos = 0;
	int line = 0, y = 1;
	while (pos < n && y < LINES) {
		const char *nl = memchr(p + pos, '\n', n - pos);
		size_t end = nl ? (size_t)(nl - p) : n;
		if (line >= m->top)
			ui_put_text(u, y++, 0, COLS, p + pos, end - pos, TS_NORMAL, false);
		line++;
		pos = end + 1;
	}
	curs_set(0);
}

static void text_event(Ui *u, Mode *m, const UiEvent *ev)
{
	if (ev->kind != UI_EV_KEY && ev->kind != UI_EV_TEXT && ev->kind != UI_EV_PASTE)
		return;
	static const char *const keys[] = {"Down", "PageDown", "Up", "PageUp", NULL};
	int page = MAX(1, LINES - 2);
	u->redraw = true;
	switch (key_in(ev, keys)) {
	case 0:
	case 1:
		m->top += is(ev, "Down") ? 1 : page;
		return;
	case 2:
	case 3:
		m->top = MAX(0, m->top - (is(ev, "Up") ? 1 : page));
		return;
	default:
		ui_pop(u);
	}
}

static const ModeOps text_mode = {"text", text_paint, text_event, NULL, false};

Mode *ui_text_view(Ui *u, const char *title, const char *text, size_t n)
{
	Mode *m = ui_push(u, &text_mode);
	snprintf(m->title, sizeof(m->title), "%s", title);
	buf_add(&m->text, text, n);
	return m;
}

/* ---- the stale diff (any key closes) ---------------------------------------------- */

static void diff_paint(Ui *u, Mode *m)
{
	(void)m;
	ui_paint_diff(u);
}

static void diff_event(Ui *u, Mode *m, const UiEvent *ev)
{
	(void)m;
	if (ev->kind == UI_EV_KEY || ev->kind == UI_EV_TEXT || ev->kind == UI_EV_PASTE)
		ui_pop(u);
}

static const ModeOps diff_mode = {"diff", diff_paint, diff_event, NULL, true};

Mode *ui_diff_view(Ui *u)
{
	return ui_push(u, &diff_mode);
}

void ui_shell_pending(Ui *u, Shell *sh)
{
	if (sh->help) {
		sh->help = false;
		ui_help(u);
		return;
	}
	ShellAskKind k = sh->ask.kind;
	sh->ask.kind = SHELL_ASK_NONE;
	if (k == SHELL_ASK_LINE) {
		ui_prompt(u, sh->ask.title, sh->ask.initial, sh->ask.then, "Cancelled");
	} else if (k == SHELL_ASK_TEXT) {
		ui_prompt_multi(u, sh->ask.title, sh->ask.initial, sh->ask.then, "Cancelled");
	} else if (k == SHELL_ASK_KEY) {
		ui_question(u, sh->ask.title, sh->ask.then, NULL);
	}
}
