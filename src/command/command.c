/* command: the command table and its handlers (include/yeok/command.h). */
#include "yeok/command.h"

#include "yeok/text.h"

static bool c_save(Session *s, const char *arg)
{
	(void)arg;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only: not saved", s->doc.path);
	Err e;
	err_init(&e);
	if (!doc_save(&s->doc, &e))
		return session_error(s, "Not saved: %s", e.msg);
	session_msg(s, "Saved %s", s->doc.path);
	s->chk_valid = false; /* a full re-check (references across the document) */
	return true;
}

static bool c_quit(Session *s, const char *arg)
{
	(void)arg;
	if (doc_modified(&s->doc)) {
		snprintf(s->confirm, sizeof(s->confirm),
		         "Unsaved changes. Quit without saving? (y/n)");
		s->confirm_cmd = "force-quit";
		return true;
	}
	s->quit = true;
	return true;
}

static bool c_force_quit(Session *s, const char *arg)
{
	(void)arg;
	s->quit = true;
	return true;
}

static bool c_undo(Session *s, const char *arg)
{
	(void)arg;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	Pos c;
	if (!doc_undo(&s->doc, &c))
		return session_error(s, "Nothing to undo");
	s->focus = PANE_TARGET;
	s->cur = c;
	s->vsegs_dirty = true;
	s->match.on = false;
	session_follow(s);
	return true;
}

static bool c_redo(Session *s, const char *arg)
{
	(void)arg;
	Pos c;
	if (!doc_redo(&s->doc, &c))
		return session_error(s, "Nothing to redo");
	s->focus = PANE_TARGET;
	s->cur = c;
	s->vsegs_dirty = true;
	s->match.on = false;
	session_follow(s);
	return true;
}

static bool c_find(Session *s, const char *arg)
{
	return session_find(s, arg, 1);
}

static bool c_find_next(Session *s, const char *arg)
{
	(void)arg;
	return session_find(s, NULL, 1);
}

static bool c_find_prev(Session *s, const char *arg)
{
	(void)arg;
	return session_find(s, NULL, -1);
}

static bool c_goto(Session *s, const char *arg)
{
	long n;
	if (!arg || !parse_long(arg, 1, 1L << 40, &n))
		return session_error(s, "Not a line number: %s", arg ? arg : "");
	return session_goto_line(s, n);
}

static bool c_pane(Session *s, const char *arg)
{
	(void)arg;
	s->focus = s->focus == PANE_TARGET ? PANE_SOURCE : PANE_TARGET;
	/* Keep the other pane's cursor near: the first line of the same segment. */
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	Pane from = s->focus == PANE_TARGET ? PANE_SOURCE : PANE_TARGET;
	Pos fc = from == PANE_TARGET ? s->cur : s->scur;
	size_t k = session_vseg_of(s, from, fc.line);
	size_t a = s->focus == PANE_TARGET ? v[k].t0 : v[k].s0;
	size_t b = s->focus == PANE_TARGET ? v[k].t1 : v[k].s1;
	Pos *c = s->focus == PANE_TARGET ? &s->cur : &s->scur;
	if (a < b && (c->line < a || c->line >= b))
		*c = (Pos){a, 0};
	s->goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow(s);
	return true;
}

static bool c_next_unfinished(Session *s, const char *arg)
{
	(void)arg;
	return session_next_unfinished(s, 1);
}

static bool c_prev_unfinished(Session *s, const char *arg)
{
	(void)arg;
	return session_next_unfinished(s, -1);
}

static bool c_done_next(Session *s, const char *arg)
{
	(void)arg;
	long k = session_cur_seg(s);
	if (k < 0 || !s->doc.al.v[k].tgt_n || !s->doc.al.v[k].src_n)
		return session_error(s, "This segment has no source and translation to mark done");
	doc_set_status(&s->doc, (size_t)k, ST_DONE);
	if (!session_next_unfinished(s, 1)) {
		session_msg(s, "Marked done. No unfinished segment left");
		return true;
	}
	return true;
}

static bool c_copy_source(Session *s, const char *arg)
{
	(void)arg;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	long k = session_cur_seg(s);
	if (k < 0)
		return session_error(s, "No segment here");
	const Segment *g = &s->doc.al.v[k];
	size_t sf, sl, tf, tl;
	if (!align_src_lines(g, &s->doc.sb, &sf, &sl))
		return session_error(s, "This segment has no source text");
	const char *eol = doc_eol(&s->doc);
	Buf t = BUF_INIT;
	for (size_t i = sf; i <= sl; i++) {
		buf_addstr(&t, lines_get(&s->doc.src, i));
		if (i < sl)
			buf_adds(&t, eol);
	}
	Pos a, b;
	if (align_tgt_lines(g, &s->doc.tb, &tf, &tl)) {
		a = (Pos){tf, 0};
		b = (Pos){tl, s->doc.tgt.v[tl].n};
	} else {
		size_t n;
		const VSeg *v = session_vsegs(s, &n);
		size_t t0 = v[session_vseg_of(s, PANE_SOURCE, sf)].t0;
		if (t0 < s->doc.tgt.n) {
			buf_adds(&t, eol);
			buf_adds(&t, eol);
			a = b = (Pos){t0, 0};
		} else {
			size_t last = s->doc.tgt.n - 1;
			a = b = (Pos){last, s->doc.tgt.v[last].n};
			Buf u = BUF_INIT;
			buf_adds(&u, eol);
			buf_adds(&u, eol);
			buf_addstr(&u, buf_str(&t));
			buf_release(&t);
			t = u;
		}
	}
	doc_break_merge(&s->doc);
	doc_replace(&s->doc, a, b, t.p ? t.p : "", t.len, CH_OTHER);
	buf_release(&t);
	s->focus = PANE_TARGET;
	s->cur = a;
	s->vsegs_dirty = true;
	session_follow(s);
	session_msg(s, "Copied the source of this segment (Ctrl-Z undoes)");
	return true;
}

static bool c_help(Session *s, const char *arg)
{
	(void)arg;
	s->help = true;
	return true;
}

static bool c_numbers(Session *s, const char *arg)
{
	(void)arg;
	s->numbers = !s->numbers;
	session_follow(s);
	return true;
}

static bool c_wider(Session *s, const char *arg)
{
	(void)arg;
	s->ratio = MIN(80, s->ratio + 5);
	session_follow(s);
	return true;
}

static bool c_narrower(Session *s, const char *arg)
{
	(void)arg;
	s->ratio = MAX(20, s->ratio - 5);
	session_follow(s);
	return true;
}

static bool c_newline(Session *s, const char *arg)
{
	(void)arg;
	return session_newline(s);
}

static bool c_backspace(Session *s, const char *arg)
{
	(void)arg;
	return session_backspace(s);
}

static bool c_delete(Session *s, const char *arg)
{
	(void)arg;
	return session_delete(s);
}

#define MOVE(name, m)                                        \
	static bool name(Session *s, const char *arg)       \
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

static const Command commands[] = {
	/* id, keys, bar, help, prompt, fn */
	{"save", "C-s", "Save", "Save the translation (atomically)", NULL, c_save},
	{"quit", "C-q", "Quit", "Quit (asks when there are unsaved changes)", NULL, c_quit},
	{"force-quit", "", NULL, "Quit without saving", NULL, c_force_quit},
	{"undo", "C-z", "Undo", "Undo the last change (typing is undone as a run)", NULL, c_undo},
	{"redo", "C-y", "Redo", "Redo what was undone", NULL, c_redo},
	{"find", "C-f", "Find", "Find text in both panes (case-insensitive)", "Find: ", c_find},
	{"find-next", "F6 M-f", NULL, "Find the next match (wraps)", NULL, c_find_next},
	{"find-prev", "S-F6 M-F", NULL, "Find the previous match (wraps)", NULL, c_find_prev},
	{"goto-line", "C-g", "Line", "Go to a line of the translation", "Go to line: ", c_goto},
	{"switch-pane", "Tab", "Pane", "Move between the source and the translation", NULL, c_pane},
	{"next-unfinished", "M-n", "Next", "Next unfinished segment", NULL, c_next_unfinished},
	{"prev-unfinished", "M-p", NULL, "Previous unfinished segment", NULL, c_prev_unfinished},
	{"done-next", "M-Enter", "Done", "Mark this segment done and go to the next unfinished one",
	 NULL, c_done_next},
	{"copy-source", "M-c", NULL, "Copy the source of this segment into the translation", NULL,
	 c_copy_source},
	{"help", "F1", "Help", "Show every command and its keys", NULL, c_help},
	{"toggle-numbers", "M-l", NULL, "Show or hide line numbers", NULL, c_numbers},
	{"source-wider", "M->", NULL, "Make the source pane wider", NULL, c_wider},
	{"source-narrower", "M-<", NULL, "Make the source pane narrower", NULL, c_narrower},
	{"newline", "Enter", NULL, "New line, keeping the indentation", NULL, c_newline},
	{"backspace", "Backspace", NULL, "Delete the character before the cursor", NULL, c_backspace},
	{"delete", "Delete", NULL, "Delete the character at the cursor", NULL, c_delete},
	{"left", "Left", NULL, "Cursor left (one character)", NULL, c_left},
	{"right", "Right", NULL, "Cursor right (one character)", NULL, c_right},
	{"up", "Up", NULL, "Cursor up a line", NULL, c_up},
	{"down", "Down", NULL, "Cursor down a line", NULL, c_down},
	{"word-left", "C-Left M-b", NULL, "Cursor to the previous word", NULL, c_word_left},
	{"word-right", "C-Right", NULL, "Cursor to the next word", NULL, c_word_right},
	{"line-start", "Home C-a", NULL, "Start of the text of the line, then of the line", NULL,
	 c_home},
	{"line-end", "End C-e", NULL, "End of the line", NULL, c_end},
	{"page-up", "PageUp", NULL, "Up a screen", NULL, c_page_up},
	{"page-down", "PageDown", NULL, "Down a screen", NULL, c_page_down},
	{"doc-start", "C-Home", NULL, "Start of the document", NULL, c_doc_start},
	{"doc-end", "C-End", NULL, "End of the document", NULL, c_doc_end},
	{"segment-next", "C-Down", NULL, "Next segment", NULL, c_seg_next},
	{"segment-prev", "C-Up", NULL, "Start of this segment, then the previous one", NULL,
	 c_seg_prev},
};

const Command *command_table(size_t *n)
{
	*n = ARRAY_LEN(commands);
	return commands;
}

const Command *command_find(const char *id)
{
	for (size_t i = 0; i < ARRAY_LEN(commands); i++)
		if (strcmp(commands[i].id, id) == 0)
			return &commands[i];
	return NULL;
}

bool command_run(Session *s, const char *id, const char *arg)
{
	const Command *c = command_find(id);
	if (!c)
		return session_error(s, "Unknown command: %s", id);
	return c->fn(s, arg);
}
