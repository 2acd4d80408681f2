/* session, headless: translating in place (issue 16).  Replacing an
 * English paragraph with Alt-x and typed Korean (keystrokes counted
 * against the Delete way), word deletes and kill-line, selection, cut,
 * copy and paste with undo, motion by screen rows, PageDown that shows
 * every row, row alignment of the two sides, word wrap, and the quit
 * question's save-and-quit.  Every key goes through command_run or
 * session_insert, as the UI sends it. */
#include "testutil.h"

#include "yeok/command.h"
#include "yeok/session.h"
#include "yeok/text.h"

#include <unistd.h>

static void check_session(Session *s)
{
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fail_msg("%s", e.msg);
}

static void load_as(Session *s, const char *path, const char *tgt, const char *src)
{
	session_init(s);
	session_load(s, path, tgt, strlen(tgt), "mem.en.rst", src, strlen(src));
	check_session(s);
}

static void load(Session *s, const char *tgt, const char *src)
{
	load_as(s, "mem.rst", tgt, src);
}

static char *text_of(const Session *s)
{
	Buf b = BUF_INIT;
	lines_serialize(&s->doc.tgt, &b);
	return buf_detach(&b);
}

static void assert_text(const Session *s, const char *want)
{
	char *got = text_of(s);
	if (strcmp(got, want) != 0) {
		/* the first line that differs */
		size_t i = 0, line = 1, bol = 0;
		while (got[i] && got[i] == want[i]) {
			if (got[i] == '\n') {
				line++;
				bol = i + 1;
			}
			i++;
		}
		print_message("# line %zu: got [%.120s] want [%.120s]\n", line, got + bol, want + bol);
		FILE *g = fopen("/tmp/edit-got.txt", "w"), *w = fopen("/tmp/edit-want.txt", "w");
		fputs(got, g);
		fputs(want, w);
		fclose(g);
		fclose(w);
	}
	assert_string_equal(got, want);
	free(got);
}

/* A key: a command (counted). */
static size_t keys;

static void key(Session *s, const char *cmd)
{
	command_run(s, cmd, NULL);
	check_session(s);
	keys++;
}

/* Typing: one key per character; a line break is Enter. */
static void type(Session *s, const char *text)
{
	size_t n = strlen(text);
	for (size_t i = 0; i < n;) {
		if (text[i] == '\n') {
			key(s, "newline");
			i++;
			continue;
		}
		int32_t cp;
		size_t k = text_decode(text + i, n - i, &cp);
		assert_true(session_insert(s, text + i, k));
		check_session(s);
		keys++;
		i += k;
	}
}

/* ---- Alt-x: replacing an English paragraph with Korean ------------------ */

/* Lines [a, b) of text (0-based) as one string. */
static char *lines_of(const char *text, size_t a, size_t b)
{
	Lines l;
	lines_init(&l);
	lines_parse(&l, text, strlen(text));
	Buf out = BUF_INIT;
	for (size_t i = a; i < b && i < l.n; i++) {
		buf_addstr(&out, lines_get(&l, i));
		if (i + 1 < b)
			buf_addc(&out, '\n');
	}
	lines_release(&l);
	return buf_detach(&out);
}

/* The byte where line `line` (0-based) of text starts. */
static size_t line_start(const char *text, size_t line)
{
	size_t i = 0;
	for (size_t l = 0; l < line && text[i]; i++)
		if (text[i] == '\n')
			l++;
	return i;
}

/* The English text with lines [a, b) replaced by ko. */
static char *replaced(const char *en, size_t a, size_t b, const char *ko)
{
	size_t x = line_start(en, a), y = line_start(en, b);
	return xasprintf("%.*s%s\n%s", (int)x, en, ko, en + y);
}

static const char *const PAIR = "beginner_source__ddp_series_theory";
/* "This tutorial is a gentle introduction ..." (7 lines) and its Korean */
#define EN_FIRST 32
#define EN_END 39
#define KO_FIRST 33
#define KO_END 40

static void test_alt_x_replaces_a_real_paragraph(void **state)
{
	(void)state;
	char *enp = path_join(tu_corpus(), "beginner_source__ddp_series_theory.en.rst");
	if (access(enp, R_OK) != 0) {
		free(enp);
		print_message("skipped: no corpus (%s)\n", tu_corpus());
		skip();
	}
	free(enp);
	char *name_en = xasprintf("%s.en.rst", PAIR), *name_ko = xasprintf("%s.ko.rst", PAIR);
	char *en = tu_corpus_file(name_en, NULL), *ko = tu_corpus_file(name_ko, NULL);
	char *ko_par = lines_of(ko, KO_FIRST, KO_END);
	char *en_par = lines_of(en, EN_FIRST, EN_END);
	assert_true(strncmp(en_par, "This tutorial is a gentle", 25) == 0);
	char *want = replaced(en, EN_FIRST, EN_END, ko_par);
	char *goto_arg = xasprintf("%d", EN_FIRST + 1);

	/* before: Delete until the English is gone, then type */
	Session s;
	load(&s, en, en);
	session_resize(&s, 120, 40);
	assert_true(command_run(&s, "goto-line", goto_arg));
	keys = 0;
	size_t graphemes = 0;
	for (size_t i = 0; en_par[i];) {
		i = text_next_grapheme(en_par, strlen(en_par), i);
		graphemes++;
	}
	for (size_t i = 0; i < graphemes; i++)
		key(&s, "delete");
	size_t deletes = keys;
	type(&s, ko_par);
	size_t before = keys;
	assert_text(&s, want);
	session_release(&s);

	/* after: Alt-x, then type */
	load(&s, en, en);
	session_resize(&s, 120, 40);
	assert_true(command_run(&s, "goto-line", goto_arg));
	keys = 0;
	key(&s, "clear-block");
	/* the cursor is where the text begins; the English stays on the left */
	assert_int_equal(s.caret.cur.line, EN_FIRST);
	assert_int_equal(s.caret.cur.col, 0);
	assert_int_equal(s.doc.src.n, s.doc.tgt.n + (EN_END - EN_FIRST - 1));
	type(&s, ko_par);
	size_t after = keys;
	/* the file differs from the English in exactly those lines */
	assert_text(&s, want);
	/* undo the typing (a step per typed line and per Enter), then the
	 * Alt-x: the English is back */
	size_t undos = 0;
	while (command_run(&s, "undo", NULL))
		undos++;
	assert_text(&s, en);
	assert_int_equal(undos, 2 * (KO_END - KO_FIRST) - 1 + 1);
	session_release(&s);

	size_t typed = before - deletes;
	print_message("# one real paragraph (%s.en.rst lines %d-%d, %zu bytes): "
	              "before %zu keys (%zu Delete + %zu typed), after %zu keys (1 Alt-x + %zu "
	              "typed)\n",
	              PAIR, EN_FIRST + 1, EN_END, strlen(en_par), before, deletes, typed, after,
	              after - 1);
	assert_int_equal(after, typed + 1);
	assert_true(deletes > 500);
	free(goto_arg);
	free(want);
	free(en_par);
	free(ko_par);
	free(en);
	free(ko);
	free(name_en);
	free(name_ko);
}

static void test_alt_x_keeps_the_structure(void **state)
{
	(void)state;
	Session s;
	/* a list item: its marker and indentation stay */
	const char *t = "Intro\n\n- First item text\n  continues here.\n- Second\n";
	load(&s, t, t);
	assert_true(command_run(&s, "goto-line", "4"));
	key(&s, "clear-block");
	assert_text(&s, "Intro\n\n- \n- Second\n");
	assert_int_equal(s.caret.cur.line, 2);
	assert_int_equal(s.caret.cur.col, 2);
	type(&s, "첫 항목");
	assert_text(&s, "Intro\n\n- 첫 항목\n- Second\n");
	session_release(&s);

	/* a title: the adornment follows the width of the typed title; an
	 * undo takes the typed run and what it did to the adornment back
	 * together (issue 36.4: one granularity everywhere), the next one the
	 * clearing */
	t = "Getting Started\n===============\n\nText.\n";
	load(&s, t, t);
	key(&s, "clear-block");
	assert_text(&s, "\n===============\n\nText.\n");
	type(&s, "시작하기");
	assert_text(&s, "시작하기\n========\n\nText.\n");
	type(&s, " 전에");
	assert_text(&s, "시작하기 전에\n=============\n\nText.\n");
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "\n===============\n\nText.\n");
	assert_true(command_run(&s, "redo", NULL));
	assert_text(&s, "시작하기 전에\n=============\n\nText.\n");
	assert_true(command_run(&s, "undo", NULL));
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, t);
	session_release(&s);

	/* any title's underline grows with its text (an English underline
	 * longer than the title stays); one that fits follows it exactly */
	t = "Intro\n=========\n\nText.\n\nEnd\n---\n";
	load(&s, t, t);
	s.caret.cur = (Pos){0, 5};
	type(&s, " 소개");
	assert_text(&s, "Intro 소개\n==========\n\nText.\n\nEnd\n---\n");
	s.caret.cur = (Pos){5, 0};
	type(&s, "끝 ");
	assert_text(&s, "Intro 소개\n==========\n\nText.\n\n끝 End\n------\n");
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "Intro 소개\n==========\n\nText.\n\nEnd\n---\n");
	/* an underline is not shortened below its title: refused, said */
	s.caret.cur = (Pos){1, 10};
	assert_false(session_backspace(&s));
	assert_non_null(strstr(s.shell.msg.text, "as wide as its title"));
	assert_text(&s, "Intro 소개\n==========\n\nText.\n\nEnd\n---\n");
	session_release(&s);

	/* a directive is kept whole, with a message */
	t = "Text.\n\n.. note::\n\n   A note.\n";
	load(&s, t, t);
	assert_true(command_run(&s, "goto-line", "3"));
	assert_false(command_run(&s, "clear-block", NULL));
	assert_non_null(strstr(s.shell.msg.text, "kept"));
	assert_text(&s, t);
	session_release(&s);

	/* a `.py` text block: the `# ` prefix of every line stays */
	t = "\"\"\"\nTitle\n=====\n\"\"\"\n\n######################################################################\n"
	    "# An English text block that is long\n# and continues here.\n\nx = 1\n";
	load_as(&s, "t.py", t, t);
	assert_true(command_run(&s, "goto-line", "7"));
	key(&s, "clear-block");
	assert_int_equal(s.caret.cur.line, 6);
	assert_int_equal(s.caret.cur.col, 2);
	type(&s, "한국어 블록\n둘째 줄");
	char *got = text_of(&s);
	assert_non_null(strstr(got, "\n# 한국어 블록\n# 둘째 줄\n\nx = 1\n"));
	free(got);
	session_release(&s);
}

/* ---- word deletes, kill-line -------------------------------------------- */

static void test_word_deletes_and_kill_line(void **state)
{
	(void)state;
	Session s;
	const char *t = "Intro\n\n모델을 학습합니다 with the data\n다음 줄\n";
	load(&s, t, t);
	assert_true(command_run(&s, "goto-line", "3"));
	/* Ctrl-Delete: the whole 어절 after the cursor (particle included)
	 * and the blank after it */
	key(&s, "delete-word");
	assert_text(&s, "Intro\n\n학습합니다 with the data\n다음 줄\n");
	/* Alt-Backspace: the word before the cursor */
	key(&s, "line-end");
	key(&s, "delete-word-back");
	assert_text(&s, "Intro\n\n학습합니다 with the \n다음 줄\n");
	key(&s, "delete-word-back");
	assert_text(&s, "Intro\n\n학습합니다 with \n다음 줄\n");
	/* Ctrl-K: to the end of the line, then the line break */
	key(&s, "line-start");
	key(&s, "word-right");
	key(&s, "kill-line");
	assert_text(&s, "Intro\n\n학습합니다 \n다음 줄\n");
	key(&s, "kill-line");
	assert_text(&s, "Intro\n\n학습합니다 다음 줄\n");
	/* each is its own undo step, and the cursor lands at the change */
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "Intro\n\n학습합니다 \n다음 줄\n");
	assert_int_equal(s.caret.cur.line, 2);
	assert_int_equal(s.caret.cur.col, strlen("학습합니다 "));
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "Intro\n\n학습합니다 with \n다음 줄\n");
	session_release(&s);
}

/* ---- selection, cut, copy, paste ---------------------------------------- */

static void test_select_cut_paste_across_segments_and_undo(void **state)
{
	(void)state;
	Session s;
	const char *t = "첫째 문단입니다.\n\n둘째 문단입니다.\n\n셋째 문단.\n";
	load(&s, t, t);
	/* from the middle of the first paragraph to the middle of the second */
	key(&s, "word-right");
	key(&s, "select-down");
	key(&s, "select-down");
	Pane p;
	Pos a, b;
	assert_true(session_sel_range(&s, &p, &a, &b));
	assert_int_equal(p, PANE_TARGET);
	assert_int_equal(a.line, 0);
	assert_int_equal(b.line, 2);
	key(&s, "cut");
	assert_text(&s, "첫째 문단입니다.\n\n셋째 문단.\n");
	assert_false(session_sel_range(&s, &p, &a, &b));
	/* paste at the end (the line after the last line break) */
	key(&s, "doc-end");
	key(&s, "paste");
	assert_text(&s, "첫째 문단입니다.\n\n셋째 문단.\n문단입니다.\n\n둘째 ");
	/* undo each step */
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "첫째 문단입니다.\n\n셋째 문단.\n");
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, t);
	/* the cursor is at the start of what came back */
	assert_int_equal(s.caret.cur.line, 0);
	assert_int_equal(s.caret.cur.col, strlen("첫째 "));
	session_release(&s);

	/* copy from the source, paste over a selection of the translation */
	load(&s, "번역할 문장.\n", "Copy this.\n");
	key(&s, "switch-pane");
	key(&s, "select-line-end");
	key(&s, "copy");
	assert_string_equal(s.clip.text, "Copy this.");
	key(&s, "switch-pane");
	key(&s, "select-word-right");
	key(&s, "paste");
	assert_text(&s, "Copy this.문장.\n");
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "번역할 문장.\n");
	/* typing over a selection replaces it; Esc cancels one */
	key(&s, "select-word-right");
	type(&s, "새");
	assert_text(&s, "새문장.\n");
	key(&s, "select-line-end");
	key(&s, "select-cancel");
	assert_false(session_sel_range(&s, &p, &a, &b));
	assert_false(command_run(&s, "cut", NULL));
	assert_non_null(strstr(s.shell.msg.text, "Nothing selected"));
	session_release(&s);
}

/* A mouse drag selects from the press to the release (screen places). */
static void test_mouse_drag_selects(void **state)
{
	(void)state;
	Session s;
	load(&s, "첫째 줄입니다\n둘째 줄\n", "First line\nSecond\n");
	session_resize(&s, 43, 12);
	Layout l;
	session_layout(&s, &l);
	/* press before 줄 of the first line (column 5), drag to the second
	 * line's column 2 */
	assert_true(session_click(&s, l.body_y, l.tgt_x + 5));
	assert_true(session_drag(&s, l.body_y + 1, l.tgt_x + 2));
	Pane p;
	Pos a, b;
	assert_true(session_sel_range(&s, &p, &a, &b));
	assert_int_equal(p, PANE_TARGET);
	assert_int_equal(a.line, 0);
	assert_int_equal(a.col, strlen("첫째 "));
	assert_int_equal(b.line, 1);
	assert_int_equal(b.col, strlen("둘"));
	key(&s, "cut");
	assert_text(&s, "첫째 째 줄\n");
	/* a drag into the other pane does not select there */
	assert_true(session_click(&s, l.body_y, l.tgt_x));
	assert_false(session_drag(&s, l.body_y, l.src_x + 2));
	session_release(&s);
}

/* ---- motion by what you see -------------------------------------------- */

/* The screen place of the target cursor. */
static void screen_at(Session *s, int *y, int *x)
{
	assert_true(session_cursor_screen(s, y, x));
}

static void test_up_down_move_by_screen_rows_and_keep_the_column(void **state)
{
	(void)state;
	Session s;
	/* 20-column panes; the Korean line wraps to three rows at its blanks */
	const char *tgt = "가나다 라마바사 아자차카 타파하 가나다라 마바사\n다음 줄입니다\n";
	const char *src = "A short line.\nNext.\n";
	load(&s, tgt, src);
	session_resize(&s, 43, 12);
	int y0, x0, y, x;
	key(&s, "right"); /* after 가: display column 2 */
	screen_at(&s, &y0, &x0);
	key(&s, "down");
	screen_at(&s, &y, &x);
	assert_int_equal(y, y0 + 1);
	assert_int_equal(x, x0);
	assert_int_equal(s.caret.cur.line, 0); /* still the first line: its second row */
	key(&s, "down");
	screen_at(&s, &y, &x);
	assert_int_equal(y, y0 + 2);
	assert_int_equal(x, x0);
	assert_int_equal(s.caret.cur.line, 0);
	key(&s, "down");
	assert_int_equal(s.caret.cur.line, 1);
	screen_at(&s, &y, &x);
	assert_int_equal(y, y0 + 3);
	assert_int_equal(x, x0);
	/* and back up, through the same rows */
	key(&s, "up");
	key(&s, "up");
	key(&s, "up");
	screen_at(&s, &y, &x);
	assert_int_equal(y, y0);
	assert_int_equal(x, x0);
	assert_int_equal(s.caret.cur.col, strlen("가"));
	/* a column between the two halves of a wide character goes to its start */
	key(&s, "line-start");
	for (int i = 0; i < 4; i++)
		key(&s, "right");
	/* after "가나다 ": display column 7, the right half of 카 below */
	int gy, gx;
	screen_at(&s, &gy, &gx);
	assert_int_equal(gx - x0 + 2, 7);
	key(&s, "down");
	screen_at(&s, &y, &x);
	assert_int_equal(y, gy + 1);
	assert_int_equal(x, gx - 1);
	assert_int_equal(s.caret.cur.col, strlen("가나다 라마바사 아자차"));
	session_release(&s);
}

/* Every target line of a real file is on some screen of a PageDown walk
 * at 120x40, and each screen begins with the last row of the one before. */
static void test_page_down_shows_every_row_once(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	if (!pairs || !pairs[0]) {
		tu_free_list(pairs);
		print_message("skipped: no corpus (%s)\n", tu_corpus());
		skip();
	}
	size_t files = 0, pages_all = 0;
	for (size_t f = 0; pairs[f] && f < 6; f++) {
		char *ne = xasprintf("%s.en.rst", pairs[f]), *nk = xasprintf("%s.ko.rst", pairs[f]);
		char *en = tu_corpus_file(ne, NULL), *ko = tu_corpus_file(nk, NULL);
		Session s;
		load(&s, ko, en);
		session_resize(&s, 120, 40);
		Layout l;
		session_layout(&s, &l);
		size_t h = (size_t)l.body_h;
		ViewRow *rows = xcalloc(h, sizeof(*rows));
		ViewRow last = {0};
		bool *seen = xcalloc(s.doc.tgt.n, 1);
		bool *seen_src = xcalloc(s.doc.src.n, 1);
		size_t pages = 0, clamped = SIZE_MAX;
		for (;;) {
			size_t got = session_view(&s, rows, h);
			assert_true(got > 0);
			if (pages > 0) {
				/* one row of overlap: the first row is the last one before */
				bool same = rows[0].vseg == last.vseg;
				for (int p = 0; p < 2; p++)
					same = same && rows[0].side[p].has == last.side[p].has &&
					       (!last.side[p].has ||
					        (rows[0].side[p].line == last.side[p].line &&
					         rows[0].side[p].from == last.side[p].from));
				/* only the last page, clamped to the end, overlaps more */
				if (!same)
					clamped = pages;
			}
			for (size_t r = 0; r < got; r++) {
				if (rows[r].side[PANE_TARGET].has)
					seen[rows[r].side[PANE_TARGET].line] = true;
				if (rows[r].side[PANE_SOURCE].has)
					seen_src[rows[r].side[PANE_SOURCE].line] = true;
			}
			last = rows[got - 1];
			size_t top = s.view.top;
			int top_row = s.view.top_row;
			key(&s, "page-down");
			pages++;
			if (s.view.top == top && s.view.top_row == top_row)
				break;
			assert_true(pages < 10000);
		}
		if (clamped != SIZE_MAX && clamped + 1 != pages)
			fail_msg("%s: page %zu of %zu does not start with the row before", pairs[f],
			         clamped, pages);
		for (size_t i = 0; i < s.doc.tgt.n; i++)
			if (!seen[i])
				fail_msg("%s: target line %zu never on a screen", pairs[f], i + 1);
		for (size_t i = 0; i < s.doc.src.n; i++)
			if (!seen_src[i])
				fail_msg("%s: source line %zu never on a screen", pairs[f], i + 1);
		/* at the end the cursor is on the last line */
		assert_int_equal(s.caret.cur.line, s.doc.tgt.n - 1);
		/* PageUp walks back to the top */
		for (size_t i = 0; i <= pages; i++)
			key(&s, "page-up");
		assert_int_equal(s.view.top, 0);
		assert_int_equal(s.view.top_row, 0);
		pages_all += pages;
		files++;
		free(seen);
		free(seen_src);
		free(rows);
		session_release(&s);
		free(en);
		free(ko);
		free(ne);
		free(nk);
	}
	print_message("# PageDown: %zu files, %zu pages, every line seen\n", files, pages_all);
	tu_free_list(pairs);
}

/* The sides of a segment stay row-aligned when they wrap differently. */
static void test_rows_stay_aligned_inside_a_segment(void **state)
{
	(void)state;
	Session s;
	const char *src = "A long English first line that wraps to three rows here\n"
	                  "second line\n"
	                  "third line\n";
	const char *tgt = "짧은 첫 줄\n"
	                  "둘째 줄은 한국어로 길게 써서 여러 줄로 넘어갑니다\n"
	                  "셋째 줄\n";
	load(&s, tgt, src);
	session_resize(&s, 43, 20);
	ViewRow rows[20];
	size_t n = session_view(&s, rows, 17);
	int first[2][3];
	memset(first, -1, sizeof(first));
	for (size_t r = 0; r < n; r++)
		for (int p = 0; p < 2; p++)
			if (rows[r].side[p].has && rows[r].side[p].first && rows[r].side[p].line < 3)
				first[p][rows[r].side[p].line] = (int)r;
	/* the i-th line of each side starts on the same row */
	for (int i = 0; i < 3; i++) {
		assert_true(first[0][i] >= 0);
		assert_int_equal(first[0][i], first[1][i]);
	}
	/* the first line takes the English's rows, the second the Korean's */
	assert_true(first[0][1] >= 3);
	assert_true(first[0][2] - first[0][1] >= 2);
	/* the rows between are padding on the shorter side */
	assert_false(rows[1].side[PANE_TARGET].has);
	assert_false(rows[first[0][1] + 1].side[PANE_SOURCE].has);
	session_release(&s);
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Word wrap on real files: a row that continues ends at a blank, unless
 * the word there is wider than the pane (beside the row's indentation). */
static void test_word_wrap_never_splits_a_word(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	if (!pairs || !pairs[0]) {
		tu_free_list(pairs);
		print_message("skipped: no corpus (%s)\n", tu_corpus());
		skip();
	}
	size_t wrapped = 0, wide = 0;
	for (size_t f = 0; pairs[f]; f++) {
		char *ne = xasprintf("%s.en.rst", pairs[f]), *nk = xasprintf("%s.ko.rst", pairs[f]);
		char *en = tu_corpus_file(ne, NULL), *ko = tu_corpus_file(nk, NULL);
		Session s;
		load(&s, ko, en);
		session_resize(&s, 80, 24);
		Layout l;
		session_layout(&s, &l);
		int w[2] = {l.src_w, l.tgt_w};
		size_t cap = 4 * (s.doc.src.n + s.doc.tgt.n) + 64;
		ViewRow *rows = xcalloc(cap, sizeof(*rows));
		size_t got = session_view(&s, rows, cap);
		assert_true(got < cap);
		for (size_t r = 0; r < got; r++) {
			for (int p = 0; p < 2; p++) {
				const RowSide *rs = &rows[r].side[p];
				if (!rs->has || !rs->cont)
					continue;
				Str ln0 = lines_get(session_lines(&s, (Pane)p), rs->line);
				const Str *ln = &ln0;
				wrapped++;
				/* blanks after a full row may hang past the edge */
				size_t end = rs->to;
				while (end > rs->from && blank(ln->p[end - 1]))
					end--;
				/* (a row after the first of a list item hangs under its
				 * text: rs->indent columns less) */
				assert_true(rs->indent + text_width(ln->p + rs->from, end - rs->from) <= w[p]);
				if (blank(ln->p[rs->to - 1]) || blank(ln->p[rs->to]))
					continue;
				/* the word across the break is wider than the pane */
				size_t a = rs->to, b = rs->to;
				while (a > 0 && !blank(ln->p[a - 1]))
					a--;
				while (b < ln->n && !blank(ln->p[b]))
					b++;
				/* (a row never holds only the indentation: the word
				 * does not fit beside it) */
				size_t lead = rs->from;
				while (lead < rs->to && (blank(ln->p[lead]) || ln->p[lead] == '#'))
					lead++;
				int room = w[p] - rs->indent - text_width(ln->p + rs->from, lead - rs->from);
				if (text_width(ln->p + a, b - a) <= room)
					fail_msg("%s: %s line %zu split inside a word at byte %zu", pairs[f],
					         p ? "target" : "source", rs->line + 1, rs->to);
				wide++;
			}
		}
		free(rows);
		session_release(&s);
		free(en);
		free(ko);
		free(ne);
		free(nk);
	}
	print_message("# word wrap at 80 columns: %zu wrapped rows, %zu inside words wider than "
	              "the pane\n",
	              wrapped, wide);
	assert_true(wrapped > 1000);
	tu_free_list(pairs);
}

/* ---- search and replace (Ctrl-R) ------------------------------------------- */

/* Answer the pending question with key (as the UI does). */
static bool answer(Session *s, const char *k)
{
	assert_true(s->dlg.q.on);
	const char *cmd = session_question_answer(s, k);
	assert_non_null(cmd);
	s->dlg.q.on = false;
	bool ok = command_run(s, cmd, NULL);
	check_session(s);
	return ok;
}

static void test_replace_one_skip_all_and_undo(void **state)
{
	(void)state;
	Session s;
	const char *t = "Tensor 텐서 tensor\n\nTENSOR 텐서\n";
	load(&s, t, t);
	assert_true(command_run(&s, "replace", "tensor"));
	assert_int_equal(s.shell.ask.kind, SHELL_ASK_LINE);
	s.shell.ask.kind = SHELL_ASK_NONE;
	assert_true(command_run(&s, "replace-with", "텐서"));
	/* case-insensitive: three matches, the count in the question */
	assert_non_null(strstr(s.dlg.q.text, "Replace 1/3"));
	assert_true(s.search.match.on);
	answer(&s, "y");
	assert_text(&s, "텐서 텐서 tensor\n\nTENSOR 텐서\n");
	assert_non_null(strstr(s.dlg.q.text, "Replace 1/2"));
	answer(&s, "n");
	assert_non_null(strstr(s.dlg.q.text, "Replace 2/2"));
	/* the case toggle: only the lower-case one matches */
	answer(&s, "c");
	assert_non_null(strstr(s.dlg.q.text, "1/1"));
	answer(&s, "c");
	answer(&s, "a");
	assert_text(&s, "텐서 텐서 텐서\n\n텐서 텐서\n");
	assert_false(s.repl.on);
	assert_non_null(strstr(s.shell.msg.text, "Replaced 3"));
	/* replace-all is one undo step */
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "텐서 텐서 tensor\n\nTENSOR 텐서\n");
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, t);
	session_release(&s);

	/* a POSIX extended regex with a group, toggled on with r */
	t = "see `a <x>`_ and `b <y>`_\n";
	load(&s, t, t);
	assert_true(command_run(&s, "replace", "`([a-z]) <([a-z])>`_"));
	s.shell.ask.kind = SHELL_ASK_NONE;
	assert_false(command_run(&s, "replace-with", "\\2=\\1"));
	assert_non_null(strstr(s.shell.msg.text, "Not found"));
	s.repl.regex = true;
	assert_true(command_run(&s, "replace-with", "\\2=\\1"));
	assert_non_null(strstr(s.dlg.q.text, "regex on"));
	answer(&s, "a");
	assert_text(&s, "see x=a and y=b\n");
	/* a bad regex says so */
	assert_true(command_run(&s, "replace", "("));
	s.shell.ask.kind = SHELL_ASK_NONE;
	assert_false(command_run(&s, "replace-with", "x"));
	assert_non_null(strstr(s.shell.msg.text, "Bad regular expression"));
	session_release(&s);

	/* Esc after some replacements says how many (not "Cancelled") */
	t = "a x b x c x\n";
	load(&s, t, t);
	assert_true(command_run(&s, "replace", "x"));
	s.shell.ask.kind = SHELL_ASK_NONE;
	assert_true(command_run(&s, "replace-with", "y"));
	answer(&s, "y");
	answer(&s, "y");
	answer(&s, "Esc");
	assert_text(&s, "a y b y c x\n");
	assert_false(s.repl.on);
	assert_false(s.search.match.on);
	assert_string_equal(s.shell.msg.text, "Replaced 2, then stopped (1 left; Ctrl-Z undoes)");
	/* Esc before any: Cancelled */
	assert_true(command_run(&s, "replace", "x"));
	s.shell.ask.kind = SHELL_ASK_NONE;
	assert_true(command_run(&s, "replace-with", "y"));
	answer(&s, "Esc");
	assert_string_equal(s.shell.msg.text, "Cancelled");
	session_release(&s);
}

/* ---- undo, quit --------------------------------------------------------- */

static void test_undo_puts_the_cursor_at_the_change(void **state)
{
	(void)state;
	Session s;
	const char *t = "Hello world and more\n";
	load(&s, t, t);
	key(&s, "word-right");
	for (int i = 0; i < 6; i++)
		key(&s, "delete");
	assert_text(&s, "Hello and more\n");
	key(&s, "line-end");
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, t);
	assert_int_equal(s.caret.cur.col, strlen("Hello "));
	session_release(&s);
}

/* Alt-Enter on a segment with an error finding says why and asks. */
static void test_done_with_an_error_asks(void **state)
{
	(void)state;
	Session s;
	load(&s, "시작하기 전에\n====\n\n본문입니다.\n", "Before you start\n================\n\nText.\n");
	session_checks_on(&s, true);
	assert_true(command_run(&s, "done-next", NULL));
	assert_true(s.dlg.q.on);
	assert_non_null(strstr(s.dlg.q.text, "title-underline"));
	assert_int_equal(s.doc.al.v[0].status == ST_DONE, 0);
	/* y marks it done */
	answer(&s, "y");
	assert_int_equal(s.doc.al.v[0].status, ST_DONE);
	session_release(&s);
}

/* Alt-t with no translator name opens the checklist at the name. */
static void test_translator_line_without_a_name_opens_f2(void **state)
{
	(void)state;
	Session s;
	load(&s, "제목\n====\n", "Title\n=====\n");
	s.side.path = xstrdup("mem.rst.yeok.yaml");
	assert_true(command_run(&s, "translator-line", NULL));
	assert_true(s.dlg.pick.on);
	assert_int_equal(s.dlg.pick.sel, 3);
	assert_non_null(strstr(s.shell.msg.text, "then Alt-t again"));
	session_pick_close(&s);
	session_release(&s);
}

static void test_quit_question_offers_save_and_quit(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "t.rst", "Text.\n", 6);
	Session s;
	session_init(&s);
	Err e;
	err_init(&e);
	SourceOpts so = {.path = NULL, .self_fallback = true};
	assert_true(session_open(&s, path, &so, &e));
	type(&s, "새 ");
	assert_true(command_run(&s, "quit", NULL));
	assert_false(s.shell.quit);
	assert_true(s.dlg.q.on);
	assert_non_null(strstr(s.dlg.q.text, "s: save and quit"));
	const char *cmd = session_question_answer(&s, "s");
	assert_non_null(cmd);
	assert_true(command_run(&s, cmd, NULL));
	assert_true(s.shell.quit);
	char *got = tu_read(path, NULL);
	assert_string_equal(got, "새 Text.\n");
	free(got);
	session_release(&s);
	free(path);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alt_x_replaces_a_real_paragraph),
		cmocka_unit_test(test_alt_x_keeps_the_structure),
		cmocka_unit_test(test_word_deletes_and_kill_line),
		cmocka_unit_test(test_select_cut_paste_across_segments_and_undo),
		cmocka_unit_test(test_mouse_drag_selects),
		cmocka_unit_test(test_up_down_move_by_screen_rows_and_keep_the_column),
		cmocka_unit_test(test_page_down_shows_every_row_once),
		cmocka_unit_test(test_rows_stay_aligned_inside_a_segment),
		cmocka_unit_test(test_word_wrap_never_splits_a_word),
		cmocka_unit_test(test_replace_one_skip_all_and_undo),
		cmocka_unit_test(test_undo_puts_the_cursor_at_the_change),
		cmocka_unit_test(test_done_with_an_error_asks),
		cmocka_unit_test(test_translator_line_without_a_name_opens_f2),
		cmocka_unit_test(test_quit_question_offers_save_and_quit),
	};
	const char *only = getenv("TEST_FILTER");
	if (only && *only)
		cmocka_set_test_filter(only);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
