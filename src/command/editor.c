/*
 * The editor's own commands: saving and quitting, undo and redo, find, go
 * to, panes, the next unfinished segment, done-and-next, copying the
 * source; help, numbers, widths, the edit keys, motion, selection, replace
 * (Ctrl-R), the clipboard.
 */
#include "command-private.h"

/* A `.py` Python could no longer read: ask before saving it (the answer
 * y runs `then`).  True when asked. */
static bool ask_py_broken(Session *s, const char *then)
{
	Buf why = BUF_INIT;
	bool broken = session_py_broken(s, &why);
	if (broken) {
		session_question(s, "%s: Python cannot read %s so. Save anyway? (y/n)", why.p, s->doc.path);
		session_question_add(s, "y", then);
		session_question_add(s, "Y", then);
	}
	buf_release(&why);
	return broken;
}

bool c_save(Session *s, const char *arg)
{
	(void)arg;
	if (ask_py_broken(s, "save-anyway"))
		return true;
	return session_save(s);
}

bool c_save_anyway(Session *s, const char *arg)
{
	(void)arg;
	return session_save(s);
}

bool c_quit(Session *s, const char *arg)
{
	(void)arg;
	if (doc_modified(&s->doc) || s->side.dirty) {
		session_question(s, "Unsaved changes. Quit without saving? (y/n) · "
		                    "s: save and quit · Esc: cancel");
		session_question_add(s, "y", "force-quit");
		session_question_add(s, "Y", "force-quit");
		session_question_add(s, "q", "force-quit");
		session_question_add(s, "s", "save-quit");
		return true;
	}
	s->shell.quit = true;
	return true;
}

bool c_force_quit(Session *s, const char *arg)
{
	(void)arg;
	s->shell.quit = true;
	return true;
}

bool c_save_quit(Session *s, const char *arg)
{
	(void)arg;
	if (ask_py_broken(s, "save-quit-anyway"))
		return true;
	if (!session_save(s))
		return false;
	s->shell.quit = true;
	return true;
}

bool c_save_quit_anyway(Session *s, const char *arg)
{
	(void)arg;
	if (!session_save(s))
		return false;
	s->shell.quit = true;
	return true;
}

bool c_undo(Session *s, const char *arg)
{
	(void)arg;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	Pos c;
	if (!doc_undo(&s->doc, &c))
		return session_error(s, "Nothing to undo");
	s->caret.focus = PANE_TARGET;
	s->caret.cur = c; /* the view segments follow the doc's change log */
	s->search.match.on = false;
	session_follow(s);
	return true;
}

bool c_redo(Session *s, const char *arg)
{
	(void)arg;
	Pos c;
	if (!doc_redo(&s->doc, &c))
		return session_error(s, "Nothing to redo");
	s->caret.focus = PANE_TARGET;
	s->caret.cur = c; /* the view segments follow the doc's change log */
	s->search.match.on = false;
	session_follow(s);
	return true;
}

bool c_find(Session *s, const char *arg)
{
	return session_find(s, arg, 1);
}

bool c_find_next(Session *s, const char *arg)
{
	(void)arg;
	return session_find(s, NULL, 1);
}

bool c_find_prev(Session *s, const char *arg)
{
	(void)arg;
	return session_find(s, NULL, -1);
}

bool c_goto(Session *s, const char *arg)
{
	long n;
	if (!arg || !parse_long(arg, 1, 1L << 40, &n))
		return session_error(s, "Not a line number: %s", arg ? arg : "");
	return session_goto_line(s, n);
}

bool c_pane(Session *s, const char *arg)
{
	(void)arg;
	s->caret.focus = s->caret.focus == PANE_TARGET ? PANE_SOURCE : PANE_TARGET;
	/* Keep the other pane's cursor near: the first line of the same segment. */
	Pane from = s->caret.focus == PANE_TARGET ? PANE_SOURCE : PANE_TARGET;
	Pos fc = from == PANE_TARGET ? s->caret.cur : s->caret.scur;
	size_t k = session_vseg_of(s, from, fc.line);
	VSeg g = session_vseg(s, k);
	size_t a = s->caret.focus == PANE_TARGET ? g.t0 : g.s0;
	size_t b = s->caret.focus == PANE_TARGET ? g.t1 : g.s1;
	Pos *c = s->caret.focus == PANE_TARGET ? &s->caret.cur : &s->caret.scur;
	if (a < b && (c->line < a || c->line >= b))
		*c = (Pos){a, 0};
	s->caret.goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow(s);
	return true;
}

bool c_next_unfinished(Session *s, const char *arg)
{
	(void)arg;
	return session_next_unfinished(s, 1);
}

bool c_prev_unfinished(Session *s, const char *arg)
{
	(void)arg;
	return session_next_unfinished(s, -1);
}

bool c_next_untranslated(Session *s, const char *arg)
{
	(void)arg;
	return session_next_untranslated(s, 1);
}

bool c_prev_untranslated(Session *s, const char *arg)
{
	(void)arg;
	return session_next_untranslated(s, -1);
}

bool c_next_finding(Session *s, const char *arg)
{
	(void)arg;
	return session_next_finding(s, 1);
}

bool c_prev_finding(Session *s, const char *arg)
{
	(void)arg;
	return session_next_finding(s, -1);
}

/* The first error finding of segment k, or NULL. */
static const Finding *seg_error(Session *s, size_t k)
{
	const SegFindings *f = session_seg_findings(s, k);
	for (size_t i = 0; f && i < f->n; i++)
		if (f->v[i].sev == SEV_ERROR)
			return &f->v[i];
	return NULL;
}

/* Alt-Enter; arg "force": even with an error finding (the question's y). */
bool c_done_next(Session *s, const char *arg)
{
	long k = session_cur_seg(s);
	if (k < 0 || !s->doc.al.v[k].tgt_n || !s->doc.al.v[k].src_n)
		return session_error(s, "This segment has no source and translation to mark done");
	const Finding *e = arg && !strcmp(arg, "force") ? NULL : seg_error(s, (size_t)k);
	if (e) {
		session_question(s, "This segment has an error (%s: %s). Mark it done anyway? (y/n)",
		                 check_info(e->check)->id, e->message);
		session_question_add(s, "y", "done-next-force");
		session_question_add(s, "Y", "done-next-force");
		return true;
	}
	session_set_status(s, (size_t)k, ST_DONE);
	if (!session_next_unfinished(s, 1)) {
		session_msg(s, "Marked done. No unfinished segment left");
		return true;
	}
	return true;
}

bool c_done_next_force(Session *s, const char *arg)
{
	(void)arg;
	return c_done_next(s, "force");
}

bool c_copy_source(Session *s, const char *arg)
{
	(void)arg;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	long k = session_cur_seg(s);
	if (k < 0)
		return session_error(s, "No segment here");
	const Segment *g = &s->doc.al.v[k];
	size_t sf, sl, tf, tl;
	if (!align_src_lines(g, &s->doc.src_host.blocks, &sf, &sl))
		return session_error(s, "This segment has no source text");
	const char *eol = doc_eol(&s->doc);
	Buf t = BUF_INIT;
	for (size_t i = sf; i <= sl; i++) {
		buf_addstr(&t, lines_get(&s->doc.src, i));
		if (i < sl)
			buf_adds(&t, eol);
	}
	Pos a, b;
	if (align_tgt_lines(g, &s->doc.tgt_host.blocks, &tf, &tl)) {
		a = (Pos){tf, 0};
		b = (Pos){tl, lines_line(&s->doc.tgt, tl)->n};
	} else {
		size_t t0 = session_vseg(s, session_vseg_of(s, PANE_SOURCE, sf)).t0;
		if (t0 < s->doc.tgt.n) {
			buf_adds(&t, eol);
			buf_adds(&t, eol);
			a = b = (Pos){t0, 0};
		} else {
			size_t last = s->doc.tgt.n - 1;
			a = b = (Pos){last, lines_line(&s->doc.tgt, last)->n};
			Buf u = BUF_INIT;
			buf_adds(&u, eol);
			buf_adds(&u, eol);
			buf_addstr(&u, buf_str(&t));
			buf_release(&t);
			t = u;
		}
	}
	session_replace(s, a, b, t.p, t.len, CH_OTHER, SR_GROUP | SR_CURSOR_START);
	buf_release(&t);
	session_msg(s, "Copied the source of this segment (Ctrl-Z undoes)");
	return true;
}

bool c_help(Session *s, const char *arg)
{
	(void)arg;
	s->shell.help = true;
	return true;
}

bool c_numbers(Session *s, const char *arg)
{
	(void)arg;
	s->view.numbers = !s->view.numbers;
	session_follow(s);
	return true;
}

bool c_wider(Session *s, const char *arg)
{
	(void)arg;
	s->view.ratio = MIN(80, s->view.ratio + 5);
	session_follow(s);
	return true;
}

bool c_narrower(Session *s, const char *arg)
{
	(void)arg;
	s->view.ratio = MAX(20, s->view.ratio - 5);
	session_follow(s);
	return true;
}

bool c_newline(Session *s, const char *arg)
{
	(void)arg;
	return session_newline(s);
}

bool c_backspace(Session *s, const char *arg)
{
	(void)arg;
	return session_backspace(s);
}

bool c_delete(Session *s, const char *arg)
{
	(void)arg;
	return session_delete(s);
}

#define MOVE(name, m)                                        \
	bool name(Session *s, const char *arg)              \
	{                                                    \
		(void)arg;                                   \
		session_move(s, m);                          \
		return true;                                 \
	}
MOVE(c_left, MV_LEFT)
MOVE(c_right, MV_RIGHT)
MOVE(c_up, MV_UP)
MOVE(c_down, MV_DOWN)
MOVE(c_word_left, MV_WORD_LEFT)
MOVE(c_word_right, MV_WORD_RIGHT)
MOVE(c_home, MV_HOME)
MOVE(c_end, MV_END)
MOVE(c_page_up, MV_PAGE_UP)
MOVE(c_page_down, MV_PAGE_DOWN)
MOVE(c_doc_start, MV_DOC_START)
MOVE(c_doc_end, MV_DOC_END)
MOVE(c_seg_next, MV_SEG_NEXT)
MOVE(c_seg_prev, MV_SEG_PREV)
#undef MOVE

#define SELECT(name, m)                                      \
	bool name(Session *s, const char *arg)              \
	{                                                    \
		(void)arg;                                   \
		session_select(s, m);                        \
		return true;                                 \
	}
SELECT(c_sel_left, MV_LEFT)
SELECT(c_sel_right, MV_RIGHT)
SELECT(c_sel_up, MV_UP)
SELECT(c_sel_down, MV_DOWN)
SELECT(c_sel_word_left, MV_WORD_LEFT)
SELECT(c_sel_word_right, MV_WORD_RIGHT)
SELECT(c_sel_home, MV_HOME)
SELECT(c_sel_end, MV_END)
SELECT(c_sel_page_up, MV_PAGE_UP)
SELECT(c_sel_page_down, MV_PAGE_DOWN)
#undef SELECT

bool c_sel_mark(Session *s, const char *arg)
{
	(void)arg;
	session_select_mark(s);
	return true;
}

bool c_sel_cancel(Session *s, const char *arg)
{
	(void)arg;
	session_select_cancel(s);
	return true;
}

bool c_replace(Session *s, const char *arg)
{
	if (!arg || !*arg)
		return session_error(s, "Nothing to find");
	free(s->repl.find);
	s->repl.find = xstrdup(arg);
	session_ask(s, "Replace with: ", NULL, "replace-with");
	return true;
}

bool c_replace_with(Session *s, const char *arg)
{
	char *find = s->repl.find ? xstrdup(s->repl.find) : NULL;
	bool ok = session_replace_start(s, find, arg ? arg : "");
	free(find);
	return ok;
}

bool c_replace_one(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_one(s);
}

bool c_replace_skip(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_skip(s);
}

bool c_replace_all(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_all(s);
}

bool c_replace_case(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_toggle(s, false);
}

bool c_replace_regex(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_toggle(s, true);
}

bool c_replace_stop(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_stop(s);
}

bool c_copy(Session *s, const char *arg)
{
	(void)arg;
	return session_copy(s);
}

bool c_cut(Session *s, const char *arg)
{
	(void)arg;
	return session_cut(s);
}

bool c_paste(Session *s, const char *arg)
{
	(void)arg;
	return session_paste_clip(s);
}

bool c_delete_word_back(Session *s, const char *arg)
{
	(void)arg;
	return session_delete_word(s, -1);
}

bool c_delete_word(Session *s, const char *arg)
{
	(void)arg;
	return session_delete_word(s, 1);
}

bool c_kill_line(Session *s, const char *arg)
{
	(void)arg;
	return session_kill_line(s);
}

bool c_clear_block(Session *s, const char *arg)
{
	(void)arg;
	return session_clear_block(s);
}
