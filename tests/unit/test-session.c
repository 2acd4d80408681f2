/* doc + session + command, headless: edits, undo/redo, motion, layout,
 * search, save round trips on the corpus. */
#include "yeok/stats.h"
#include "testutil.h"

#include "yeok/command.h"
#include "yeok/session.h"
#include "yeok/text.h"

#include <sys/stat.h>
#include <unistd.h>

static void check_session(Session *s)
{
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fail_msg("%s", e.msg);
}

static void load(Session *s, const char *tgt, const char *src)
{
	session_init(s);
	session_load(s, "mem.rst", tgt, strlen(tgt), "mem.en.rst", src, strlen(src));
	check_session(s);
}

static char *serialize(const Session *s)
{
	Buf b = BUF_INIT;
	lines_serialize(&s->doc.tgt, &b);
	return buf_detach(&b);
}

static void assert_text(const Session *s, const char *want)
{
	char *got = serialize(s);
	assert_string_equal(got, want);
	free(got);
}

static const char *const SRC = "Title\n=====\n\nHello world, this is text.\n\n.. code-block:: python\n\n   x = 1\n\nMore text here.\n";
static const char *const TGT = "제목\n====\n\nHello world, this is text.\n\n.. code-block:: python\n\n   x = 1\n\n여기에 더 많은 글.\n";

static void type(Session *s, const char *text)
{
	/* one character at a time, as the UI does */
	size_t n = strlen(text);
	for (size_t i = 0; i < n;) {
		int32_t cp;
		size_t k = text_decode(text + i, n - i, &cp);
		assert_true(session_insert(s, text + i, k));
		check_session(s);
		i += k;
	}
}

static void test_typing_merges_into_one_undo(void **state)
{
	(void)state;
	Session s;
	load(&s, TGT, SRC);
	assert_true(session_goto_line(&s, 4));
	type(&s, "안녕 ");
	assert_text(&s, "제목\n====\n\n안녕 Hello world, this is text.\n\n.. code-block:: python\n\n   x = 1\n\n여기에 더 많은 글.\n");
	assert_int_equal(s.doc.cur, 1); /* one record for the run */
	assert_true(doc_modified(&s.doc));
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, TGT);
	assert_false(doc_modified(&s.doc));
	assert_true(command_run(&s, "redo", NULL));
	assert_text(&s, "제목\n====\n\n안녕 Hello world, this is text.\n\n.. code-block:: python\n\n   x = 1\n\n여기에 더 많은 글.\n");
	/* a cursor move starts a new record */
	session_move(&s, MV_END);
	type(&s, "!");
	assert_int_equal(s.doc.cur, 2);
	/* backspaces merge too */
	assert_true(session_backspace(&s));
	assert_true(session_backspace(&s));
	assert_int_equal(s.doc.cur, 3);
	assert_true(command_run(&s, "undo", NULL));
	assert_true(command_run(&s, "undo", NULL));
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, TGT);
	assert_false(command_run(&s, "undo", NULL));
	check_session(&s);
	session_release(&s);
}

static void test_newline_keeps_indent_and_crlf(void **state)
{
	(void)state;
	Session s;
	load(&s, "Intro\r\n\r\n- item one\r\n  .. note::\r\n", "Intro\r\n");
	assert_true(session_goto_line(&s, 3));
	session_move(&s, MV_END);
	assert_true(session_newline(&s));
	type(&s, "x");
	assert_text(&s, "Intro\r\n\r\n- item one\r\n  x\r\n  .. note::\r\n");
	/* Backspace at a line start joins lines; undo restores CRLF exactly */
	session_move(&s, MV_HOME);
	session_move(&s, MV_HOME);
	assert_int_equal(s.caret.cur.col, 0);
	assert_true(session_backspace(&s));
	assert_text(&s, "Intro\r\n\r\n- item one  x\r\n  .. note::\r\n");
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "Intro\r\n\r\n- item one\r\n  x\r\n  .. note::\r\n");
	assert_true(command_run(&s, "undo", NULL));
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "Intro\r\n\r\n- item one\r\n  .. note::\r\n");
	check_session(&s);
	session_release(&s);
}

static void test_paste_is_verbatim(void **state)
{
	(void)state;
	Session s;
	load(&s, "    indented\n", "x\n");
	session_move(&s, MV_END);
	assert_true(session_paste(&s, "\nfirst\r\n  second\nthird", 22));
	assert_text(&s, "    indented\nfirst\n  second\nthird\n");
	assert_int_equal(s.caret.cur.line, 3);
	assert_int_equal(s.caret.cur.col, 5);
	assert_true(command_run(&s, "undo", NULL));
	assert_text(&s, "    indented\n");
	session_release(&s);
}

static void test_motion_by_grapheme_word_line(void **state)
{
	(void)state;
	Session s;
	/* 한 as a decomposed sequence is one cluster of 9 bytes */
	load(&s, "e\xcc\x81\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xabx word two\nab\n", "x\n");
	session_move(&s, MV_RIGHT);
	assert_int_equal(s.caret.cur.col, 3);
	session_move(&s, MV_RIGHT);
	assert_int_equal(s.caret.cur.col, 12);
	assert_true(session_delete(&s)); /* deletes "x" */
	session_move(&s, MV_LEFT);
	assert_int_equal(s.caret.cur.col, 3);
	assert_true(session_delete(&s)); /* deletes the whole Hangul cluster */
	assert_text(&s, "e\xcc\x81 word two\nab\n");
	session_move(&s, MV_WORD_RIGHT);
	assert_int_equal(s.caret.cur.col, 4);
	session_move(&s, MV_WORD_RIGHT);
	assert_int_equal(s.caret.cur.col, 9);
	session_move(&s, MV_END);
	session_move(&s, MV_DOWN);
	assert_int_equal(s.caret.cur.line, 1);
	assert_int_equal(s.caret.cur.col, 2);
	session_move(&s, MV_RIGHT);
	assert_int_equal(s.caret.cur.line, 2);
	session_move(&s, MV_LEFT);
	session_move(&s, MV_UP);
	assert_int_equal(s.caret.cur.line, 0);
	session_move(&s, MV_DOC_END);
	assert_int_equal(s.caret.cur.line, 2);
	check_session(&s);
	session_release(&s);
}

static void test_segment_motion_and_unfinished(void **state)
{
	(void)state;
	Session s;
	load(&s, TGT, SRC);
	session_move(&s, MV_SEG_NEXT);
	long k1 = session_cur_seg(&s);
	assert_true(k1 > 0);
	assert_int_equal(s.caret.cur.line, s.doc.tgt_host.blocks.v[s.doc.al.v[k1].tgt].first);
	session_move(&s, MV_SEG_PREV);
	assert_true(session_cur_seg(&s) < k1);
	/* Alt-n goes to the untranslated paragraph (line 4) */
	session_move(&s, MV_DOC_START);
	assert_true(command_run(&s, "next-unfinished", NULL));
	long k = session_cur_seg(&s);
	assert_true(k >= 0);
	assert_true(doc_seg_unfinished(&s.doc, (size_t)k));
	DocProgress p;
	doc_progress(&s.doc, &p);
	size_t done0 = p.done;
	assert_true(command_run(&s, "done-next", NULL));
	doc_progress(&s.doc, &p);
	assert_true(p.done >= done0);
	session_release(&s);
}

static void test_find_both_panes(void **state)
{
	(void)state;
	Session s;
	load(&s, TGT, SRC);
	assert_true(command_run(&s, "find", "MORE TEXT"));
	assert_int_equal(s.caret.focus, PANE_SOURCE);
	assert_int_equal(s.caret.scur.line, 9);
	assert_true(command_run(&s, "find", "hello"));
	assert_int_equal(s.caret.focus, PANE_TARGET);
	assert_int_equal(s.caret.cur.line, 3);
	/* the source's Hello beside it is not a stop (the Korean holds it
	 * too, and typing goes there): the next one wraps back to it */
	assert_true(command_run(&s, "find-next", NULL));
	assert_int_equal(s.caret.focus, PANE_TARGET);
	assert_int_equal(s.caret.cur.line, 3);
	assert_string_equal(s.shell.msg.text, "Search wrapped: hello");
	assert_true(command_run(&s, "find-prev", NULL));
	assert_int_equal(s.caret.focus, PANE_TARGET);
	/* code in both panes: the Korean side's, from either pane */
	assert_true(command_run(&s, "find", "x = 1"));
	assert_int_equal(s.caret.focus, PANE_TARGET);
	assert_int_equal(s.caret.cur.line, 7);
	assert_true(command_run(&s, "switch-pane", NULL));
	assert_true(command_run(&s, "find-next", NULL));
	assert_int_equal(s.caret.focus, PANE_TARGET);
	assert_int_equal(s.caret.cur.line, 7);
	/* English only: the English pane */
	assert_true(command_run(&s, "find", "more text"));
	assert_int_equal(s.caret.focus, PANE_SOURCE);
	assert_true(command_run(&s, "find", "더 많은"));
	assert_int_equal(s.caret.cur.line, 9);
	assert_int_equal(s.caret.cur.col, strlen("여기에 "));
	assert_false(command_run(&s, "find", "nowhere"));
	assert_string_equal(s.shell.msg.text, "Not found: nowhere");
	/* the source is not editable */
	s.caret.focus = PANE_SOURCE;
	assert_false(session_insert(&s, "x", 1));
	session_release(&s);
}

/* Alt-u / Alt-U go to the next / previous untranslated segment, passing
 * over drafts (Alt-n stops on those); F8 / Shift-F8 to the next /
 * previous finding, wrapping. */
static void test_next_untranslated_and_finding(void **state)
{
	(void)state;
	static const char *const en = "Title\n=====\n\nFirst English paragraph.\n\n"
	                              "Second English paragraph.\n\nThird English paragraph.\n\n"
	                              "Fourth English paragraph.\n";
	static const char *const ko = "제목\n====\n\n첫 ``a``를 문단입니다.\n\n"
	                              "Second English paragraph.\n\n셋째 ``x``를 봅니다.\n\n"
	                              "Fourth English paragraph.\n";
	Session s;
	load(&s, ko, en);
	assert_true(command_run(&s, "next-unfinished", NULL)); /* a draft: the paragraph */
	assert_int_equal(s.caret.cur.line, 3);
	assert_true(command_run(&s, "doc-start", NULL));
	assert_true(command_run(&s, "next-untranslated", NULL));
	assert_int_equal(s.caret.cur.line, 5);
	assert_true(command_run(&s, "next-untranslated", NULL));
	assert_int_equal(s.caret.cur.line, 9);
	assert_true(command_run(&s, "next-untranslated", NULL));
	assert_int_equal(s.caret.cur.line, 5);
	assert_string_equal(s.shell.msg.text, "Search wrapped");
	assert_true(command_run(&s, "prev-untranslated", NULL));
	assert_int_equal(s.caret.cur.line, 9);
	/* none left once they are translated */
	Session t;
	load(&t, "제목\n====\n\n문단.\n", "Title\n=====\n\nA paragraph.\n");
	assert_false(command_run(&t, "next-untranslated", NULL));
	assert_string_equal(t.shell.msg.text, "No untranslated segment left");
	session_release(&t);

	/* findings: the glued literals of lines 4 and 8 */
	assert_false(command_run(&s, "next-finding", NULL)); /* checks off */
	session_checks_on(&s, true);
	assert_true(command_run(&s, "doc-start", NULL));
	assert_true(command_run(&s, "next-finding", NULL));
	size_t first = s.caret.cur.line;
	assert_non_null(strstr(s.shell.msg.text, "Finding 1/"));
	assert_true(command_run(&s, "next-finding", NULL));
	assert_true(s.caret.cur.line > first);
	assert_non_null(strstr(s.shell.msg.text, "Finding 2/"));
	assert_true(command_run(&s, "prev-finding", NULL));
	assert_int_equal(s.caret.cur.line, first);
	assert_true(command_run(&s, "prev-finding", NULL)); /* wraps to the last */
	assert_non_null(strstr(s.shell.msg.text, "Search wrapped. Finding "));
	print_message("# %s\n", s.shell.msg.text);
	session_release(&s);
}

/* A title or list item that is only an API's name, kept as in the
 * English, has nothing to translate: the header counts the file whole,
 * Alt-n and Alt-u pass it over. */
static void test_api_names_nothing_to_translate(void **state)
{
	(void)state;
	static const char en[] = "Build the model\n===============\n\nWe define a network.\n\n"
	                         "nn.Flatten\n----------\n\nIt flattens the input.\n\n"
	                         "- **torch.nn**\n- `nn.Linear <https://pytorch.org/docs>`__\n";
	static const char ko[] = "모델 만들기\n===========\n\n신경망을 정의합니다.\n\n"
	                         "nn.Flatten\n----------\n\n입력을 평탄화합니다.\n\n"
	                         "- **torch.nn**\n- `nn.Linear <https://pytorch.org/docs>`__\n";
	Session s;
	load(&s, ko, en);
	DocProgress p;
	doc_progress(&s.doc, &p);
	assert_int_equal(p.untranslated, 0);
	assert_false(command_run(&s, "next-untranslated", NULL));
	session_release(&s);
}

/* Reopening puts the restored cursor's line in the middle of the body,
 * with the text above it on screen: not on the last row, not on a blank
 * screen at the end of the file. */
static void test_reopen_centres_the_cursor(void **state)
{
	(void)state;
	size_t n = 0, en_n = 0;
	char *ko = tu_corpus_file("beginner_source__ddp_series_intro.ko.rst", &n);
	char *en = tu_corpus_file("beginner_source__ddp_series_intro.en.rst", &en_n);
	if (!ko || !en) {
		free(ko);
		free(en);
		skip();
	}
	char *dir = tu_tmpdir();
	char *doc = tu_write(dir, "ko.rst", ko, n);
	char *src = tu_write(dir, "en.rst", en, en_n);
	Lines l;
	lines_init(&l);
	lines_parse(&l, ko, n);
	size_t nlines = l.n;
	lines_release(&l);
	/* the last line, lines of the second screen, one far down */
	const size_t at[] = {nlines, 20, 24, 30, nlines - 5};
	for (size_t i = 0; i < ARRAY_LEN(at); i++) {
		char *sc = xasprintf("yeok: 1\ncursor: {line: %zu, column: 0}\n", at[i]);
		free(tu_write(dir, "ko.rst.yeok.yaml", sc, strlen(sc)));
		free(sc);
		for (int phased = 0; phased < 2; phased++) {
			Session s;
			session_init(&s);
			SourceOpts so = {.path = src};
			Err e;
			err_init(&e);
			assert_true(phased ? session_open_phased(&s, doc, &so, &e)
			                   : session_open(&s, doc, &so, &e));
			session_resize(&s, 100, 24);
			session_prepare_frame(&s);
			Layout lay;
			session_layout(&s, &lay);
			ViewRow rows[64];
			size_t filled = session_view(&s, rows, (size_t)lay.body_h);
			int y, x;
			assert_true(session_cursor_screen(&s, &y, &x));
			int r = y - lay.body_y;
			print_message("# line %zu%s: cursor on body row %d of %d, %zu rows filled\n", at[i],
			              phased ? " (phased)" : "", r, lay.body_h, filled);
			assert_int_equal(s.caret.cur.line, at[i] - 1);
			assert_int_equal(r, lay.body_h / 2);
			assert_true(filled > (size_t)r); /* the text above it on screen */
			session_release(&s);
		}
	}
	free(doc);
	free(src);
	free(dir);
	free(ko);
	free(en);
}

/* The header fits the width: at 80 columns a long path gives way to
 * "EN ▸ KO", the progress and the findings; wide, everything is there. */
static void test_header_fits_the_width(void **state)
{
	(void)state;
	static const char *const path = "beginner_source/distributed/series/ddp_series_intro_tutorial.rst";
	Session s;
	session_init(&s);
	session_load(&s, path, TGT, strlen(TGT), "en.rst", SRC, strlen(SRC));
	session_checks_on(&s, true);
	assert_true(session_insert(&s, "x", 1)); /* [+] */
	const int widths[] = {200, 100, 80, 60, 40};
	for (size_t i = 0; i < ARRAY_LEN(widths); i++) {
		session_resize(&s, widths[i], 24);
		session_prepare_frame(&s);
		Buf l = BUF_INIT, r = BUF_INIT;
		session_header(&s, &l, &r);
		int w = text_width(l.p, l.len) + 1 + text_width(r.p, r.len);
		print_message("# %d: [%s] [%s] %d\n", widths[i], l.p, r.p, w);
		assert_true(w <= widths[i]);
		assert_non_null(strstr(l.p, "[+]  EN ▸ KO"));
		assert_non_null(strstr(r.p, "done"));
		assert_non_null(strstr(r.p, "⚠"));
		if (widths[i] >= 200)
			assert_non_null(strstr(l.p, path));
		if (widths[i] >= 80)
			assert_non_null(strstr(l.p, "/ddp_series_intro_tutorial.rst"));
		buf_release(&l);
		buf_release(&r);
	}
	session_release(&s);
}

/* A wrapped list item's rows after the first hang under its text (its
 * marker's width in), in both panes; the cursor, Up/Down and a click
 * follow them. */
static void test_list_rows_hang(void **state)
{
	(void)state;
	static const char ko[] = "- 이것은 아주 긴 목록 항목이라서 여러 줄로 접힙니다\n\n  1. 들여 쓴 번호 항목도 마찬가지로 접힙니다\n";
	static const char en[] = "- This is a long list item that wraps over several rows\n\n"
	                         "  1. An indented numbered item wraps in the same way\n";
	Session s;
	load(&s, ko, en);
	session_resize(&s, 43, 12); /* panes of 20 columns */
	Layout l;
	session_layout(&s, &l);
	ViewRow rows[16];
	size_t n = session_view(&s, rows, (size_t)l.body_h);
	size_t tgt_rows = 0, hung = 0;
	for (size_t i = 0; i < n; i++) {
		for (int p = 0; p < 2; p++) {
			const RowSide *rs = &rows[i].side[p];
			if (!rs->has || (rs->from == 0 && rs->to == 0))
				continue;
			Str ln0 = lines_get(session_lines(&s, (Pane)p), rs->line);
			const Str *ln = &ln0;
			int want = rs->from == 0 ? 0 : rs->line == 0 ? 2 : 5; /* "- ", "  1. " */
			assert_int_equal(rs->indent, want);
			/* the row fits beside its indent */
			assert_true(rs->indent + text_width(ln->p + rs->from, rs->to - rs->from) <= 20 ||
			            (rs->to < ln->n && ln->p[rs->to - 1] == ' '));
			if (p == PANE_TARGET) {
				tgt_rows++;
				hung += rs->indent > 0;
			}
		}
	}
	assert_true(hung >= 2);
	assert_int_equal(tgt_rows, (size_t)session_line_rows(&s, PANE_TARGET, 0) +
	                               (size_t)session_line_rows(&s, PANE_TARGET, 2));
	/* the cursor on the second row of the first item: two columns in */
	s.caret.cur = (Pos){0, rows[1].side[PANE_TARGET].from};
	int y, x;
	assert_true(session_cursor_screen(&s, &y, &x));
	assert_int_equal(y, l.body_y + 1);
	assert_int_equal(x, l.tgt_x + 2);
	/* Up keeps the screen column: from the row's start, to the first row's
	 * third column (after "- "); Down comes back to the start */
	s.caret.goal_col = -1;
	assert_true(command_run(&s, "up", NULL));
	assert_int_equal(s.caret.cur.line, 0);
	assert_int_equal(s.caret.cur.col, 2);
	assert_true(command_run(&s, "down", NULL));
	assert_int_equal(s.caret.cur.col, rows[1].side[PANE_TARGET].from);
	/* a click in the hanging indent goes to the row's first character */
	assert_true(session_click(&s, l.body_y + 1, l.tgt_x + 1));
	assert_int_equal(s.caret.cur.col, rows[1].side[PANE_TARGET].from);
	check_session(&s);
	session_release(&s);
}

static void test_layout_wraps_and_pairs_rows(void **state)
{
	(void)state;
	Session s;
	load(&s, "짧음\n\n둘째\n", "A long English line that has to wrap in a narrow pane\n\nSecond\n");
	session_resize(&s, 43, 12); /* panes of 20 columns and a mark column */
	Layout l;
	session_layout(&s, &l);
	assert_false(l.too_small);
	assert_int_equal(l.src_w, 20);
	assert_int_equal(l.rule_x, 21);
	assert_int_equal(l.tgt_w, 20);
	ViewRow rows[16];
	size_t n = session_view(&s, rows, (size_t)l.body_h);
	/* row 0: both first lines; the English wraps to 3 rows, the
	 * segment takes 4 rows (with its blank line), then "Second" beside 둘째 */
	assert_true(rows[0].side[PANE_SOURCE].has && rows[0].side[PANE_TARGET].has);
	/* at a word boundary: "A long English line " */
	assert_int_equal(rows[0].side[PANE_SOURCE].to, 20);
	assert_true(rows[0].side[PANE_SOURCE].cont);
	assert_int_equal(session_wrap("A long English line that has to wrap in a narrow pane", 53, 0, 20, WRAP_GRAPHEME), 20);
	size_t second = 0;
	for (size_t i = 0; i < n; i++)
		if (rows[i].side[PANE_TARGET].has && rows[i].side[PANE_TARGET].line == 2)
			second = i;
	assert_true(second >= 3);
	assert_true(rows[second].side[PANE_SOURCE].has);
	assert_int_equal(rows[second].side[PANE_SOURCE].line, 2);
	/* a wide character never crosses the pane edge */
	assert_int_equal(session_wrap("123456789012345678한", 21, 0, 19, WRAP_WORD), 18);
	assert_int_equal(session_wrap("123456789012345678한", 21, 0, 19, WRAP_GRAPHEME), 18);
	/* the cursor on the screen */
	int y, x;
	assert_true(session_cursor_screen(&s, &y, &x));
	assert_int_equal(y, 1);
	assert_int_equal(x, 22);
	session_move(&s, MV_END);
	assert_true(session_cursor_screen(&s, &y, &x));
	assert_int_equal(x, 26);
	session_resize(&s, 30, 8);
	session_layout(&s, &l);
	assert_true(l.too_small);
	check_session(&s);
	session_release(&s);
}

/* After any edit the incrementally kept blocks and segments equal a full
 * re-segmentation and re-alignment. */
static bool same_as_full(Session *s)
{
	Doc *d = &s->doc;
	HostDoc h;
	host_init(&h);
	host_segment(&d->tgt, d->tgt_host.fmt, &h);
	const RstDoc tb = h.blocks;
	assert_int_equal(tb.n, d->tgt_host.blocks.n);
	for (size_t i = 0; i < tb.n; i++) {
		assert_int_equal(tb.v[i].kind, d->tgt_host.blocks.v[i].kind);
		assert_int_equal(tb.v[i].first, d->tgt_host.blocks.v[i].first);
		assert_int_equal(tb.v[i].last, d->tgt_host.blocks.v[i].last);
		assert_int_equal(tb.v[i].parent, d->tgt_host.blocks.v[i].parent);
	}
	bool levels = true;
	for (size_t i = 0; i < tb.n; i++)
		levels = levels && tb.v[i].title_level == d->tgt_host.blocks.v[i].title_level;
	/* The local re-alignment is exact (align_update): the one-shot
	 * alignment of the document as it is now. */
	Alignment al;
	align_init(&al);
	align_docs(d->src_host.text, &d->src_host.blocks, d->tgt_host.text, &tb, &al);
	bool same = levels && al.n == d->al.n;
	for (size_t k = 0; same && k < al.n; k++) {
		same = al.v[k].src_n == d->al.v[k].src_n && al.v[k].tgt_n == d->al.v[k].tgt_n &&
		       (!al.v[k].src_n || al.v[k].src == d->al.v[k].src) &&
		       (!al.v[k].tgt_n || al.v[k].tgt == d->al.v[k].tgt);
	}

	align_release(&al);
	host_release(&h);
	/* the cached progress equals a fresh count */
	DocProgress cached, fresh;
	doc_progress(d, &cached);
	d->prog_valid = false;
	doc_progress(d, &fresh);
	assert_memory_equal(&cached, &fresh, sizeof(fresh));
	return same;
}

static void test_local_realign_matches_full(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	int local = 0, edits = 0, same = 0;
	for (char **p = pairs; *p; p++) {
		char *en = xasprintf("%s.en.rst", *p), *ko = xasprintf("%s.ko.rst", *p);
		size_t sn, tn;
		char *src = tu_corpus_file(en, &sn), *tgt = tu_corpus_file(ko, &tn);
		Session s;
		session_init(&s);
		session_load(&s, ko, tgt, tn, en, src, sn);
		session_checks_on(&s, true);
		uint64_t seed = hash_fnv1a(*p, strlen(*p));
		for (int i = 0; i < 8; i++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			long line = (long)((seed >> 33) % s.doc.tgt.n) + 1;
			assert_true(session_goto_line(&s, line));
			switch (i % 4) {
			case 0: type(&s, "번역 "); break;
			case 1: assert_true(session_newline(&s)); assert_true(session_newline(&s)); break;
			case 2: assert_true(session_backspace(&s)); break;
			case 3: assert_true(command_run(&s, "undo", NULL)); break; /* the backspace */
			}
			edits++;
			local += !stat_get(STAT_DOC_WINDOW_FULL);
			check_session(&s);
			same += same_as_full(&s);
			/* the findings kept up to date equal a full count */
			session_sync(&s);
			session_checks_step(&s, SIZE_MAX);
			size_t inc = s.chk.n;
			session_checks_on(&s, true);
			assert_int_equal(inc, s.chk.n);
		}
		while (doc_undo(&s.doc, NULL))
			;
		s.view.dirty = true;
		Buf out = BUF_INIT;
		lines_serialize(&s.doc.tgt, &out);
		assert_int_equal(out.len, tn);
		assert_memory_equal(out.p, tgt, tn);
		buf_release(&out);
		assert_true(same_as_full(&s)); /* undone to the original */
		session_release(&s);
		free(src);
		free(tgt);
		free(en);
		free(ko);
	}
	tu_free_list(pairs);
	print_message("# %d of %d edits re-aligned locally, %d same as a full re-alignment\n",
	              local, edits, same);
	assert_true(local > edits / 2);
	assert_int_equal(same, edits);
}

static char *dup_file(const char *dir, const char *name, const char *corpus_name, size_t *n)
{
	char *data = tu_corpus_file(corpus_name, n);
	char *path = tu_write(dir, name, data, *n);
	free(data);
	return path;
}

static void test_save_changes_only_the_edited_line(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	size_t tn, sn;
	char *tpath = dup_file(dir, "t.ko.rst", "beginner_source__colab.ko.rst", &tn);
	char *spath = dup_file(dir, "t.en.rst", "beginner_source__colab.en.rst", &sn);
	char *orig = tu_read(tpath, &tn);
	Session s;
	session_init(&s);
	Err e;
	err_init(&e);
	SourceOpts so = {spath, NULL, NULL, false, true, false};
	assert_true(session_open(&s, tpath, &so, &e));
	/* open -> save: byte-identical */
	assert_true(command_run(&s, "save", NULL));
	size_t n2;
	char *again = tu_read(tpath, &n2);
	assert_int_equal(n2, tn);
	assert_memory_equal(again, orig, tn);
	free(again);
	/* type at line 5, save: only line 5 differs */
	assert_true(command_run(&s, "goto-line", "5"));
	type(&s, "가나다");
	assert_true(command_run(&s, "save", NULL));
	Lines a, b;
	lines_init(&a);
	lines_init(&b);
	lines_parse(&a, orig, tn);
	char *now = tu_read(tpath, &n2);
	lines_parse(&b, now, n2);
	assert_int_equal(a.n, b.n);
	for (size_t i = 0; i < a.n; i++) {
		if (i == 4) {
			assert_int_equal(lines_line(&b, i)->n, lines_line(&a, i)->n + strlen("가나다"));
			assert_memory_equal(lines_get(&b, i).p, "가나다", strlen("가나다"));
		} else {
			assert_true(str_eq(lines_get(&a, i), lines_get(&b, i)));
			assert_int_equal(lines_line(&a, i)->eol, lines_line(&b, i)->eol);
		}
	}
	free(now);
	/* undo, save: the original bytes */
	assert_true(command_run(&s, "undo", NULL));
	assert_true(command_run(&s, "save", NULL));
	now = tu_read(tpath, &n2);
	assert_int_equal(n2, tn);
	assert_memory_equal(now, orig, tn);
	free(now);
	/* the checklist of the sidecar is in the status line */
	Buf st = BUF_INIT;
	session_clear_msg(&s); /* a message takes the status line */
	session_status_right(&s, &st);
	assert_non_null(strstr(st.p, "[ ]라이선스 #? 종류?"));
	const char *yml = "yeok: 1\nchecklist: {license: true, issue: 1132, type: translate}\n";
	char *sc = xasprintf("%s.yeok.yaml", tpath);
	free(tu_write(dir, "t.ko.rst.yeok.yaml", yml, strlen(yml)));
	session_read_checklist(&s);
	buf_clear(&st);
	session_status_right(&s, &st);
	assert_non_null(strstr(st.p, "[x]라이선스 #1132 번역"));
	free(tu_write(dir, "t.ko.rst.yeok.yaml", "yeok: [\n", 9));
	session_read_checklist(&s);
	assert_non_null(strstr(s.shell.msg.text, "t.ko.rst.yeok.yaml"));
	assert_non_null(strstr(s.shell.msg.text, "checklist is not shown"));
	session_clear_msg(&s);
	buf_release(&st);
	free(sc);
	/* quit asks only when modified */
	assert_true(command_run(&s, "quit", NULL));
	assert_true(s.shell.quit);
	s.shell.quit = false;
	type(&s, "x");
	assert_true(command_run(&s, "quit", NULL));
	assert_false(s.shell.quit);
	assert_true(s.dlg.q.on);
	assert_string_equal(session_question_answer(&s, "y"), "force-quit");
	assert_string_equal(session_question_answer(&s, "s"), "save-quit");
	assert_null(session_question_answer(&s, "n"));
	lines_release(&a);
	lines_release(&b);
	session_release(&s);
	free(orig);
	free(tpath);
	free(spath);
	free(dir);
}

/* The target is read on a thread while the sidecar is read and the
 * English resolved: a target that cannot be read is still the error
 * (naming it), with an English that resolves or one that does not, and
 * the English resolved for it is let go. */
static void test_open_unreadable_target(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	size_t sn;
	char *spath = dup_file(dir, "a.en.rst", "recipes_source__amx.en.rst", &sn);
	char *tpath = xasprintf("%s/ko.rst", dir), *nopath = xasprintf("%s/none.en.rst", dir);
	assert_int_equal(mkdir(tpath, 0755), 0); /* exists, is not a file */
	const char *srcs[] = {spath, nopath};
	for (size_t i = 0; i < ARRAY_LEN(srcs); i++) {
		Session s;
		session_init(&s);
		Err e;
		err_init(&e);
		SourceOpts so = {srcs[i], NULL, NULL, false, true, false};
		assert_false(session_open(&s, tpath, &so, &e));
		if (!strstr(e.msg, tpath) || !strstr(e.msg, "is a directory"))
			fail_msg("source %zu: the error is not the target's: %s", i, e.msg);
		assert_null(s.side.src.desc);
		assert_int_equal(s.side.src.text.len, 0);
		session_release(&s);
	}
	assert_int_equal(rmdir(tpath), 0);
	free(tpath);
	free(nopath);
	free(spath);
	free(dir);
}

static void test_open_missing_and_read_only(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	size_t sn;
	char *spath = dup_file(dir, "a.en.rst", "recipes_source__amx.en.rst", &sn);
	char *missing = xasprintf("%s/new.rst", dir);
	Session s;
	session_init(&s);
	Err e;
	err_init(&e);
	SourceOpts none = {NULL, NULL, NULL, false, true, false};
	assert_false(session_open(&s, missing, &none, &e));
	assert_int_equal(e.code, EXIT_NOINPUT);
	SourceOpts so = {spath, NULL, NULL, false, true, false};
	assert_true(session_open(&s, missing, &so, &e));
	assert_true(s.doc.is_new);
	assert_true(command_run(&s, "save", NULL));
	size_t n;
	char *a = tu_read(missing, &n);
	assert_int_equal(n, sn);
	free(a);
	session_release(&s);
	/* read-only */
	session_init(&s);
	{
		char *ro = dup_file(dir, "ro.rst", "recipes_source__amx.ko.rst", &n);
		chmod(ro, 0444);
		assert_true(session_open(&s, ro, &so, &e));
		assert_true(s.doc.read_only);
		assert_non_null(strstr(s.shell.msg.text, "read-only"));
		assert_false(session_insert(&s, "x", 1));
		free(ro);
	}
	session_release(&s);
	free(spath);
	free(missing);
	free(dir);
}

static void test_command_table(void **state)
{
	(void)state;
	size_t n;
	const Command *t = command_table(&n);
	assert_true(n > 20);
	for (size_t i = 0; i < n; i++) {
		/* a handler for each mode it is in */
		assert_true(t[i].modes != 0);
		assert_true(!(t[i].modes & MODE_BIT(MODE_EDITOR)) || t[i].fn);
		assert_true(!(t[i].modes & MODE_BIT(MODE_REVIEW)) || t[i].rfn);
		assert_non_null(t[i].help);
		assert_ptr_equal(command_find(t[i].id), &t[i]);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(t[i].id, t[j].id);
	}
	Session s;
	load(&s, TGT, SRC);
	assert_false(command_run(&s, "no-such-command", NULL));
	assert_false(command_run(&s, "review-next", NULL)); /* reviewer mode's */
	assert_false(command_run(&s, "goto-line", "9999"));
	assert_non_null(strstr(s.shell.msg.text, "No line 9999"));
	assert_true(command_run(&s, "copy-source", NULL));
	assert_int_equal(s.caret.cur.line, 0);
	assert_memory_equal(lines_get(&s.doc.tgt, 0).p, "Title", 5);
	session_release(&s);
}

static void test_glossary_hints_in_the_status_line(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	const char *g = "language: ko\nterms:\n  - {en: parameter, ko: 매개변수, avoid: [파라미터]}\n"
	                "  - {en: Tensor, ko: Tensor, keep: true, avoid: [텐서]}\n";
	char *gp = tu_write(dir, "g.yaml", g, strlen(g));
	Session s;
	load(&s, "제목\n====\n\n파라미터를 설정합니다.\n\n텐서 없음.\n",
	     "Title\n=====\n\nSet the parameter.\n\nNo Tensor here.\n");
	Err e;
	err_init(&e);
	const char *paths[] = {gp};
	assert_true(session_glossary_load(&s, "", paths, 1, &e));
	session_checks_on(&s, false);
	assert_true(session_goto_line(&s, 4));
	Buf st = BUF_INIT;
	session_status(&s, &st);
	assert_non_null(strstr(st.p, "용어 !parameter -> 매개변수"));
	/* fixing the translation clears the "!" */
	session_move(&s, MV_HOME);
	for (int i = 0; i < 4; i++)
		assert_true(session_delete(&s));
	type(&s, "매개변수");
	buf_clear(&st);
	session_status(&s, &st);
	assert_non_null(strstr(st.p, "용어 parameter -> 매개변수"));
	assert_null(strstr(st.p, "!parameter"));
	assert_true(session_goto_line(&s, 6));
	buf_clear(&st);
	session_status(&s, &st);
	assert_non_null(strstr(st.p, "!Tensor -> Tensor"));
	buf_release(&st);
	/* the avoided variant is a finding; the header counts it */
	session_checks_step(&s, SIZE_MAX);
	assert_true(s.chk.n >= 1);
	Buf l = BUF_INIT, r = BUF_INIT;
	session_prepare_frame(&s);
	session_header(&s, &l, &r);
	assert_non_null(strstr(r.p, "⚠"));
	buf_release(&l);
	buf_release(&r);
	/* a broken glossary is an error naming the file */
	char *bad = tu_write(dir, "bad.yaml", "terms: [", 8);
	const char *bp[] = {bad};
	assert_false(session_glossary_load(&s, "", bp, 1, &e));
	assert_non_null(strstr(e.msg, "bad.yaml"));
	session_release(&s);
	free(bad);
	free(gp);
	free(dir);
}


/* Issue 14 item 7 (make fuzz: BUG at doc.c:614, a.col > line length): a
 * document that is one CR, then End Enter C-Home Delete Delete and three
 * undos.  The two Deletes merge into "\r\n", which undo re-inserts as a
 * CRLF line end; the Enter's undo then pointed past the line's end.  Now
 * every undo and redo keeps the bytes and the invariants. */
static void test_cr_enter_delete_undo(void **state)
{
	(void)state;
	Session s;
	session_init(&s);
	session_load(&s, "cr.rst", "\r", 1, "cr.en.rst", "\r", 1);
	session_resize(&s, 80, 20);
	s.caret.focus = PANE_TARGET;
	const char *steps[] = {"\r", "\r\n", "\r\n", "\n", ""};
	session_move(&s, MV_END);
	assert_true(session_newline(&s));
	session_move(&s, MV_DOC_START);
	assert_true(session_delete(&s));
	assert_true(session_delete(&s));
	Err e;
	err_init(&e);
	for (int i = 0; i < 3; i++) {
		Pos c;
		if (doc_undo(&s.doc, &c))
			s.caret.cur = c;
		if (!doc_check(&s.doc, &e))
			fail_msg("after undo %d: %s", i + 1, e.msg);
	}
	Buf b = BUF_INIT;
	lines_serialize(&s.doc.tgt, &b);
	assert_int_equal(b.len, 1);
	assert_memory_equal(b.p, steps[0], 1);
	/* and forward again */
	while (doc_redo(&s.doc, NULL))
		if (!doc_check(&s.doc, &e))
			fail_msg("after redo: %s", e.msg);
	buf_clear(&b);
	lines_serialize(&s.doc.tgt, &b);
	assert_int_equal(b.len, 0);
	buf_release(&b);
	session_release(&s);
}

/* The editor's phased open (session_open_phased) against session_open on
 * corpus pairs with a sidecar (statuses, a cursor in the middle): before
 * the first frame the segments on the lines around the cursor are the
 * one-shot ones; once the idle slices ran, every segment (statuses
 * included) and the progress equal session_open's; typing before that
 * starts from the whole alignment. */
/* The recorded English's SHA-256 is taken while the target is loaded (a
 * thread for an English of a megabyte or more): the same open as with the
 * hash first.  Unchanged, the record is the source; changed, the document
 * itself is, with the message of the refused record. */
static void test_recorded_source_hash(void **state)
{
	(void)state;
	for (int big = 0; big < 2; big++) {
		Buf en = BUF_INIT, ko = BUF_INIT;
		for (size_t n = 40; en.len < (big ? (1u << 20) + 1000 : 1); n *= 2) {
			buf_clear(&en);
			buf_clear(&ko);
			tu_gen_pair(n, 7, &en, &ko);
		}
		char *dir = tu_tmpdir();
		char *spath = tu_write(dir, "t.en.rst", en.p, en.len);
		char *tpath = tu_write(dir, "t.ko.rst", ko.p, ko.len);
		SourceOpts given = {spath, NULL, NULL, false, true, false};
		SourceOpts none = {NULL, NULL, NULL, false, true, false};
		Err e;
		err_init(&e);
		Session s;
		session_init(&s);
		assert_true(session_open_phased(&s, tpath, &given, &e));
		assert_true(session_save(&s)); /* records the English with its sha256 */
		session_release(&s);
		char want[65], self[65];
		sha256_hex(en.p, en.len, want);
		sha256_hex(ko.p, ko.len, self);
		for (int phased = 0; phased < 2; phased++) {
			session_init(&s);
			assert_true(phased ? session_open_phased(&s, tpath, &none, &e)
			                   : session_open(&s, tpath, &none, &e));
			assert_int_equal(s.side.src.origin, SOURCE_SIDECAR);
			assert_string_equal(s.side.src.sha256, want);
			assert_int_equal(lines_size(&s.doc.src), en.len);
			session_release(&s);
		}
		buf_adds(&en, "\nA paragraph added upstream.\n");
		free(tu_write(dir, "t.en.rst", en.p, en.len));
		for (int phased = 0; phased < 2; phased++) {
			session_init(&s);
			assert_true(phased ? session_open_phased(&s, tpath, &none, &e)
			                   : session_open(&s, tpath, &none, &e));
			assert_int_equal(s.side.src.origin, SOURCE_SELF);
			assert_string_equal(s.side.src.sha256, self);
			assert_int_equal(lines_size(&s.doc.src), ko.len);
			assert_int_equal(lines_size(&s.doc.tgt), ko.len);
			assert_non_null(strstr(s.shell.msg.text, "has changed"));
			assert_non_null(strstr(s.shell.msg.text, "the document itself is shown as the source"));
			check_session(&s);
			session_release(&s);
		}
		free(spath);
		free(tpath);
		free(dir);
		buf_release(&en);
		buf_release(&ko);
	}
}

/* b's segments (statuses included) and progress are a's. */
static void assert_same_segments(Session *a, Session *b, const char *name)
{
	assert_int_equal(b->doc.al.n, a->doc.al.n);
	for (size_t k = 0; k < a->doc.al.n; k++) {
		const Segment *g = &b->doc.al.v[k], *h = &a->doc.al.v[k];
		if (g->src != h->src || g->src_n != h->src_n || g->tgt != h->tgt ||
		    g->tgt_n != h->tgt_n || g->kind != h->kind || g->status != h->status ||
		    g->no_prose != h->no_prose)
			fail_msg("%s: segment %zu differs from session_open's", name, k);
	}
	DocProgress pa, pb;
	doc_progress(&a->doc, &pa);
	doc_progress(&b->doc, &pb);
	assert_memory_equal(&pa, &pb, sizeof(pa));
}

/* b's view segments are a's. */
static void assert_same_view(Session *a, Session *b, const char *name)
{
	size_t n = session_vseg_count(a);
	assert_int_equal(session_vseg_count(b), n);
	for (size_t k = 0; k < n; k++) {
		VSeg g = session_vseg(a, k), h = session_vseg(b, k);
		if (memcmp(&g, &h, sizeof(g)))
			fail_msg("%s: view segment %zu differs", name, k);
	}
}

static void test_phased_open_equals_open(void **state)
{
	(void)state;
	char **names = tu_corpus_pairs();
	size_t opened = 0, slices = 0, count = 0;
	while (names[count])
		count++;
	/* each pair, then the first one twelve times over (longer than the
	 * lines aligned before the first frame: the idle slices have work) */
	for (size_t x = 0; count && x <= count; x++) {
		const char *nm = names[x < count ? x : 0];
		char *en = xasprintf("%s.en.rst", nm), *ko = xasprintf("%s.ko.rst", nm);
		size_t tn, sn;
		char *dir = tu_tmpdir(), *tpath, *spath;
		if (x < count) {
			tpath = dup_file(dir, "t.ko.rst", ko, &tn);
			spath = dup_file(dir, "t.en.rst", en, &sn);
		} else {
			char *t1 = tu_corpus_file(ko, &tn), *s1 = tu_corpus_file(en, &sn);
			Buf tb = BUF_INIT, sb = BUF_INIT;
			for (int r = 0; r < 12; r++) {
				buf_add(&tb, t1, tn);
				buf_adds(&tb, "\n\n");
				buf_add(&sb, s1, sn);
				buf_adds(&sb, "\n\n");
			}
			tpath = tu_write(dir, "t.ko.rst", tb.p, tb.len);
			spath = tu_write(dir, "t.en.rst", sb.p, sb.len);
			buf_release(&tb);
			buf_release(&sb);
			free(t1);
			free(s1);
		}
		SourceOpts so = {spath, NULL, NULL, false, true, false};
		Err e;
		err_init(&e);
		Session a, b, c;
		/* opened the first time (--source, no sidecar yet): the same
		 * phased path, equal once the idle slices ran */
		session_init(&a);
		session_init(&b);
		assert_true(session_open(&a, tpath, &so, &e));
		assert_true(session_open_phased(&b, tpath, &so, &e));
		check_session(&b);
		if (x == count)
			assert_true(doc_align_partial(&b.doc));
		while (session_align_idle(&b, 0))
			slices++;
		assert_false(doc_align_partial(&b.doc));
		check_session(&b);
		assert_same_segments(&a, &b, ko);
		session_release(&a);
		session_release(&b);
		session_init(&a);
		assert_true(session_open(&a, tpath, &so, &e));
		for (size_t k = 0; k < a.doc.al.n; k++)
			if (a.doc.al.v[k].src_n && k % 3)
				session_set_status(&a, k, k % 3 == 1 ? ST_DONE : ST_REVIEWED);
		a.caret.cur = (Pos){a.doc.tgt.n / 2, 0};
		assert_true(session_save(&a));
		session_release(&a);
		session_init(&a);
		session_init(&b);
		session_init(&c);
		assert_true(session_open(&a, tpath, &so, &e));
		assert_true(session_open_phased(&b, tpath, &so, &e));
		assert_true(session_open_phased(&c, tpath, &so, &e));
		check_session(&b);
		assert_int_equal(b.caret.cur.line, a.caret.cur.line);
		if (x == count) /* twelve times over: more than the first frame aligns */
			assert_true(doc_align_partial(&b.doc) && b.side.statuses_pending);
		/* the first frame (as ui_edit lays it out): the view segments
		 * computed where they are asked for, none stored; the last one,
		 * asked for at once, ends with both documents (check_session
		 * compares each with build_vsegs') */
		session_resize(&b, 160, 50);
		assert_true(b.view.lazy);
		assert_int_equal(b.view.vsegs.n, 0);
		VSeg last = session_vseg(&b, session_vseg_count(&b) - 1);
		assert_int_equal(last.s1, b.doc.src.n);
		assert_int_equal(last.t1, b.doc.tgt.n);
		assert_int_equal(last.seg, (long)b.doc.al.n - 1);
		check_session(&b);
		/* the segments on the lines around the cursor are exact already */
		size_t near = 0;
		for (size_t k = 0; k < b.doc.al.n; k++) {
			const Segment *g = &b.doc.al.v[k];
			if (!g->tgt_n)
				continue;
			size_t line = b.doc.tgt_host.blocks.v[g->tgt].first;
			if (line + 300 < b.caret.cur.line || line > b.caret.cur.line + 300)
				continue;
			const Segment *h = NULL;
			for (size_t j = 0; j < a.doc.al.n && !h; j++)
				if (a.doc.al.v[j].tgt_n && a.doc.al.v[j].tgt == g->tgt)
					h = &a.doc.al.v[j];
			assert_non_null(h);
			assert_int_equal(g->src, h->src);
			assert_int_equal(g->src_n, h->src_n);
			assert_int_equal(g->tgt_n, h->tgt_n);
			near++;
		}
		assert_true(near > 0);
		/* the view between the slices, stored (as after a long one-sided
		 * run, session.h SessionView): its segments spliced as the
		 * placeholders are replaced, kept with an eighth of spare at
		 * most (doubling kept 524,288 for 285k segments at 1M lines) */
		b.view.lazy = false;
		b.view.dirty = true;
		size_t kcap = b.side.keys.cap, hashed = 0, kept = 0;
		/* slices of no time and of all the time there is, in turn: the
		 * keys the splices took hashed in idle time (an unbounded slice
		 * ends at the next splice, the keys of those before hashed), or
		 * by the application */
		while (session_align_idle(&b, slices % 2 ? UINT64_MAX : 0)) {
			slices++;
			hashed = MAX(hashed, b.side.keys_hashed);
			if (b.side.keys.cap) {
				/* reserved exactly: an eighth more and 64 (a power of
				 * two left 40% of 38 MB unused at 1M lines) */
				size_t want = MIN(b.side.sc.segs.n, b.doc.src_host.blocks.n + b.doc.tgt_host.blocks.n);
				assert_int_equal(b.side.keys.cap, want + want / 8 + 64);
				kept++;
			}
			/* the stretches' progress keys: their array reserved once,
			 * for the sidecar's entries (never grown by a copy) */
			if (b.side.keys_on && b.side.keys.cap != kcap) {
				if (kcap)
					fail_msg("%s: the keys' array grew %zu -> %zu", ko, kcap,
					         b.side.keys.cap);
				assert_true(b.side.keys.cap >= b.side.sc.segs.n);
				kcap = b.side.keys.cap;
			}
			size_t vn = session_vseg_count(&b);
			if (b.view.vsegs.cap > vn + vn / 8 + 64)
				fail_msg("%s: %zu view segments in an array of %zu", ko, vn,
				         b.view.vsegs.cap);
		}
		if (x == count) /* the long one: stretches spliced in idle time */
			assert_true(hashed > 0 && kept > 0);
		size_t vn = session_vseg_count(&b);
		assert_true(b.view.vsegs.cap <= vn + vn / 8 + 64);
		assert_false(doc_align_partial(&b.doc));
		assert_false(b.side.statuses_pending);
		check_session(&b);
		assert_same_segments(&a, &b, ko);
		assert_true(a.view.lazy && !b.view.lazy);
		assert_same_view(&a, &b, ko); /* computed = stored and spliced */
		/* a key before the idle slices: the whole alignment, then the edit */
		type(&c, "가");
		assert_false(doc_align_partial(&c.doc));
		assert_true(same_as_full(&c));
		opened++;
		session_release(&a);
		session_release(&b);
		session_release(&c);
		free(tpath);
		free(spath);
		free(dir);
		free(en);
		free(ko);
	}
	tu_free_list(names);
	if (!opened)
		skip();
	print_message("# %zu pairs opened phased: %zu idle slices, then equal to session_open\n",
	              opened, slices);
}

/* The English with some of its prose changed: every fifth line that
 * starts a sentence gets a word more (the translations of those are
 * stale against a sidecar made before). */
static char *edit_english(const char *en, size_t n, size_t *out_n)
{
	Buf b = BUF_INIT;
	size_t line = 0, prose = 0;
	for (size_t i = 0; i < n;) {
		const char *e = memchr(en + i, '\n', n - i);
		size_t len = e ? (size_t)(e - (en + i)) : n - i;
		buf_add(&b, en + i, len);
		if (len > 30 && en[i] >= 'A' && en[i] <= 'Z' && prose++ % 5 == 0)
			buf_adds(&b, " Edited");
		if (e)
			buf_addc(&b, '\n');
		i += len + (e != NULL);
		line++;
	}
	*out_n = b.len;
	return buf_detach(&b);
}

/* The statuses of b (opened phased, with the sidecar's statuses) applied
 * in idle slices: every segment pending before, those on screen applied
 * before the others, and after all slices every status, the progress
 * and the stale segments (their old English) equal a's (session_open,
 * applied in one step).  Returns the slices. */
/* What a reader sees while the statuses are applied: the header counts
 * no segment done ("⋯/N done"), the cursor's segment (applied first) shows
 * its status, and a segment not yet applied says "status pending", never
 * the alignment's guess. */
static void pending_shown(Session *b, size_t cur)
{
	Buf l = BUF_INIT, r = BUF_INIT, st = BUF_INIT;
	session_header(b, &l, &r);
	DocProgress pr;
	doc_progress(&b->doc, &pr);
	char *want = xasprintf("⋯/%zu done", pr.total);
	assert_non_null(strstr(r.p, want));
	free(want);
	session_status(b, &st);
	assert_null(strstr(st.p, "status pending"));
	assert_non_null(strstr(st.p, align_status_name(b->doc.al.v[cur].status)));
	size_t k = 0;
	while (k < b->doc.al.n && !(session_seg_status_pending(b, k) && b->doc.al.v[k].tgt_n))
		k++;
	if (k < b->doc.al.n) {
		Pos was = b->caret.cur;
		b->caret.cur = (Pos){b->doc.tgt_host.blocks.v[b->doc.al.v[k].tgt].first, 0};
		assert_int_equal(session_cur_seg(b), (long)k);
		buf_clear(&st);
		session_status(b, &st);
		assert_non_null(strstr(st.p, "status pending"));
		b->caret.cur = was;
	}
	buf_release(&l);
	buf_release(&r);
	buf_release(&st);
}

static size_t statuses_sliced_equal(Session *a, Session *b)
{
	size_t slices = 0, n = b->doc.al.n;
	bool any_entry = b->side.sc.segs.n > 0, partial = doc_align_partial(&b->doc);
	if (any_entry && partial)
		for (size_t k = 0; k < n; k++)
			assert_true(session_seg_status_pending(b, k));
	bool saw_shown = false;
	while (session_align_idle(b, 0)) {
		slices++;
		if (b->side.apply.shown && !saw_shown) {
			saw_shown = true;
			size_t k0 = b->side.apply.end, shown = 0, pending = 0;
			long cur = session_cur_seg(b);
			/* the cursor's segment and those around it are in, the
			 * others are not yet all */
			assert_true(cur >= 0);
			assert_false(session_seg_status_pending(b, (size_t)cur));
			for (size_t k = 0; k < b->doc.al.n; k++) {
				bool p = session_seg_status_pending(b, k);
				shown += !p;
				pending += p;
			}
			assert_true(shown > 0);
			assert_true(shown <= k0 + 64);
			if (n > 2000) /* the rest comes after */
				assert_true(pending > 0);
			pending_shown(b, (size_t)cur);
		}
	}
	/* all in: the header and the status line say what one step says */
	Buf la = BUF_INIT, ra = BUF_INIT, lb = BUF_INIT, rb = BUF_INIT;
	session_header(a, &la, &ra);
	session_header(b, &lb, &rb);
	assert_string_equal(rb.p, ra.p);
	buf_release(&la);
	buf_release(&ra);
	buf_release(&lb);
	buf_release(&rb);
	b->caret.cur = a->caret.cur;
	Buf sa = BUF_INIT, sb = BUF_INIT;
	session_status(a, &sa);
	session_status(b, &sb);
	assert_string_equal(sb.p, sa.p);
	assert_null(strstr(sb.p, "status pending"));
	buf_release(&sa);
	buf_release(&sb);
	assert_false(b->side.statuses_pending);
	assert_int_equal(b->side.apply.phase, 0);
	assert_int_equal(b->doc.al.n, a->doc.al.n);
	for (size_t k = 0; k < a->doc.al.n; k++) {
		assert_false(session_seg_status_pending(b, k));
		if (b->doc.al.v[k].status != a->doc.al.v[k].status)
			fail_msg("segment %zu: status %d in slices, %d in one step", k,
			         (int)b->doc.al.v[k].status, (int)a->doc.al.v[k].status);
	}
	DocProgress pa, pb;
	doc_progress(&a->doc, &pa);
	doc_progress(&b->doc, &pb);
	assert_memory_equal(&pa, &pb, sizeof(pa));
	assert_int_equal(b->side.stale.n, a->side.stale.n);
	for (size_t i = 0; i < a->side.stale.n; i++) {
		const SessionStale *x = &a->side.stale.v[i], *y = &b->side.stale.v[i];
		assert_string_equal(x->source.hex, y->source.hex);
		assert_string_equal(x->old_key.hex, y->old_key.hex);
		assert_int_equal(x->mark, y->mark);
		assert_true((x->old == NULL) == (y->old == NULL));
		if (x->old)
			assert_string_equal(x->old, y->old);
	}
	return slices;
}

/* One case of test_statuses_in_slices: the pair written to dir, a sidecar
 * made by a session (done, reviewed and draft statuses; the cursor in the
 * middle), then reopened against en2 (NULL: the same English). */
static size_t statuses_case(const char *en, size_t en_n, const char *ko, size_t ko_n,
                            const char *en2, size_t en2_n, size_t *stale)
{
	char *dir = tu_tmpdir();
	char *tpath = tu_write(dir, "t.ko.rst", ko, ko_n);
	char *spath = tu_write(dir, "t.en.rst", en, en_n);
	SourceOpts so = {spath, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	Session a, b, c;
	session_init(&a);
	assert_true(session_open(&a, tpath, &so, &e));
	static const SegStatus marks[] = {ST_DONE, ST_REVIEWED, ST_DONE, ST_DRAFT};
	for (size_t k = 0; k < a.doc.al.n; k++)
		if (a.doc.al.v[k].src_n && a.doc.al.v[k].tgt_n && k % 5)
			session_set_status(&a, k, marks[k % 4]);
	a.caret.cur = (Pos){a.doc.tgt.n / 2, 0};
	assert_true(session_save(&a));
	session_release(&a);
	if (en2) {
		free(spath);
		spath = tu_write(dir, "t.en.rst", en2, en2_n);
		so.path = spath;
	}
	session_init(&a);
	session_init(&b);
	session_init(&c);
	assert_true(session_open(&a, tpath, &so, &e));
	assert_true(session_open_phased(&b, tpath, &so, &e));
	assert_true(session_open_phased(&c, tpath, &so, &e));
	for (size_t k = 0; k < a.doc.al.n; k++)
		*stale += a.doc.al.v[k].status == ST_STALE;
	size_t slices = statuses_sliced_equal(&a, &b);
	check_session(&b);
	/* a key while the statuses are being applied: they are all in
	 * first, as in one step */
	while (session_align_idle(&c, 0) && !c.side.apply.phase)
		;
	assert_int_equal(c.caret.cur.line, a.caret.cur.line);
	type(&c, "가");
	type(&a, "가");
	assert_false(c.side.statuses_pending);
	assert_int_equal(c.doc.al.n, a.doc.al.n);
	for (size_t k = 0; k < a.doc.al.n; k++)
		assert_int_equal(c.doc.al.v[k].status, a.doc.al.v[k].status);
	check_session(&c);
	session_release(&a);
	session_release(&b);
	session_release(&c);
	free(tpath);
	free(spath);
	free(dir);
	return slices;
}

/* The sidecar's statuses after a phased open, applied in idle slices,
 * equal their application in one step (session_open): on generated
 * pairs, on the corpus pairs, and on the corpus pairs against an edited
 * English (the sidecar's keys moved: stale segments). */
static void test_statuses_in_slices_equal_one_step(void **state)
{
	(void)state;
	size_t cases = 0, slices = 0, stale = 0;
	static const size_t sizes[] = {60, 2500, 9000};
	for (size_t i = 0; i < ARRAY_LEN(sizes); i++) {
		Buf en = BUF_INIT, ko = BUF_INIT;
		tu_gen_pair(sizes[i], 7 + i, &en, &ko);
		slices += statuses_case(en.p, en.len, ko.p, ko.len, NULL, 0, &stale);
		size_t n2;
		char *en2 = edit_english(en.p, en.len, &n2);
		slices += statuses_case(en.p, en.len, ko.p, ko.len, en2, n2, &stale);
		free(en2);
		buf_release(&en);
		buf_release(&ko);
		cases += 2;
	}
	char **names = tu_corpus_pairs();
	for (char **p = names; *p; p++) {
		char *enn = xasprintf("%s.en.rst", *p), *kon = xasprintf("%s.ko.rst", *p);
		size_t sn, tn, n2;
		char *en = tu_corpus_file(enn, &sn), *ko = tu_corpus_file(kon, &tn);
		char *en2 = edit_english(en, sn, &n2);
		slices += statuses_case(en, sn, ko, tn, NULL, 0, &stale);
		slices += statuses_case(en, sn, ko, tn, en2, n2, &stale);
		cases += 2;
		free(en2);
		free(en);
		free(ko);
		free(enn);
		free(kon);
	}
	tu_free_list(names);
	assert_true(stale > 0); /* the edited English made some */
	print_message("# %zu cases: %zu idle slices, %zu stale segments, equal to one step\n",
	              cases, slices, stale);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_typing_merges_into_one_undo),
		cmocka_unit_test(test_newline_keeps_indent_and_crlf),
		cmocka_unit_test(test_paste_is_verbatim),
		cmocka_unit_test(test_motion_by_grapheme_word_line),
		cmocka_unit_test(test_segment_motion_and_unfinished),
		cmocka_unit_test(test_find_both_panes),
		cmocka_unit_test(test_layout_wraps_and_pairs_rows),
		cmocka_unit_test(test_local_realign_matches_full),
		cmocka_unit_test(test_phased_open_equals_open), cmocka_unit_test(test_recorded_source_hash),
		cmocka_unit_test(test_statuses_in_slices_equal_one_step),
		cmocka_unit_test(test_save_changes_only_the_edited_line),
		cmocka_unit_test(test_open_missing_and_read_only),
		cmocka_unit_test(test_open_unreadable_target),
		cmocka_unit_test(test_command_table),
		cmocka_unit_test(test_next_untranslated_and_finding),
		cmocka_unit_test(test_api_names_nothing_to_translate),
		cmocka_unit_test(test_reopen_centres_the_cursor),
		cmocka_unit_test(test_header_fits_the_width),
		cmocka_unit_test(test_list_rows_hang),
		cmocka_unit_test(test_glossary_hints_in_the_status_line),
		cmocka_unit_test(test_cr_enter_delete_undo),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
