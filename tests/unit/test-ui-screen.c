/* ui: screen dumps of ncurses on a fixed-size fake terminal (newterm on
 * /dev/null): layout, wrapping, the rule, wide characters at the edges,
 * placeholders, line numbers, the too-small notice, the help screen. */
#include "yeok/stats.h"
#include "testutil.h"

#include <dirent.h>
#include <locale.h>
#include <wchar.h>

#include "../../src/ui/ui-private.h"
#include "yeok/text.h"

static SCREEN *scr;
static FILE *fout, *fin;

static void term_open(int cols, int rows)
{
	char c[16], r[16];
	snprintf(c, sizeof(c), "%d", cols);
	snprintf(r, sizeof(r), "%d", rows);
	setenv("COLUMNS", c, 1);
	setenv("LINES", r, 1);
	fout = fopen("/dev/null", "w");
	fin = fopen("/dev/null", "r");
	scr = newterm("xterm-256color", fout, fin);
	assert_non_null(scr);
	set_term(scr);
	resizeterm(rows, cols);
}

static void term_close(void)
{
	endwin();
	delscreen(scr);
	fclose(fout);
	fclose(fin);
}

/* Row y of stdscr as UTF-8 (a wide character's second cell adds nothing). */
static char *row(int y)
{
	Buf b = BUF_INIT;
	for (int x = 0; x < COLS; x++) {
		cchar_t cc;
		wchar_t wch[CCHARW_MAX + 1] = {0};
		attr_t a;
		short pair;
		mvin_wch(y, x, &cc);
		getcchar(&cc, wch, &a, &pair, NULL);
		for (int i = 0; wch[i]; i++)
			text_encode(&b, (int32_t)wch[i]);
		if (wch[0] && wcwidth(wch[0]) == 2)
			x++;
	}
	return buf_detach(&b);
}

/* The character at display column x of row y ("" for a second cell). */
static char *cell(int y, int x)
{
	cchar_t cc;
	wchar_t wch[CCHARW_MAX + 1] = {0};
	attr_t a;
	short pair;
	mvin_wch(y, x, &cc);
	getcchar(&cc, wch, &a, &pair, NULL);
	Buf b = BUF_INIT;
	for (int i = 0; wch[i]; i++)
		text_encode(&b, (int32_t)wch[i]);
	return buf_detach(&b);
}

static void setup(Session *s, Ui *u, const char *tgt, const char *src, int cols, int rows)
{
	session_init(s);
	session_load(s, "t.rst", tgt, strlen(tgt), "t.en.rst", src, strlen(src));
	memset(u, 0, sizeof(*u));
	ui_bind_editor(u, s);
	keymap_init(&u->keys);
	theme_default(&u->theme);
	term_open(cols, rows);
	session_resize(s, COLS, LINES);
}

static void teardown(Session *s, Ui *u)
{
	term_close();
	keymap_release(&u->keys);
	ui_paint_release(u);
	session_release(s);
}

static bool row_has(int y, const char *text)
{
	char *r = row(y);
	bool ok = strstr(r, text) != NULL;
	if (!ok)
		print_message("# row %d: [%s] lacks [%s]\n", y, r, text);
	free(r);
	return ok;
}

static const char *const SRC =
	"Getting Started\n===============\n\nThis English paragraph is long enough to wrap twice in a pane.\n\nShort.\n";
static const char *const TGT =
	"시작하기\n========\n\n이 한국어 문단은 창의 폭보다 길어서 줄이 바뀝니다.\n\n짧음.\n";

static void test_two_panes_titles_and_wrapping(void **state)
{
	(void)state;
	Session s;
	Ui u;
	setup(&s, &u, TGT, SRC, 41, 14);
	ui_paint(&u);
	assert_true(row_has(0, "t.rst"));
	assert_true(row_has(0, "EN ▸ KO"));
	/* the titles on the same row */
	assert_true(row_has(1, "Getting Started"));
	assert_true(row_has(1, "시작하기"));
	/* the rule (or a segment mark) at column 20 on every body row */
	for (int y = 1; y < LINES - 2; y++) {
		char *c = cell(y, 20);
		assert_true(strcmp(c, "│") == 0 || strcmp(c, "?") == 0 || strcmp(c, "!") == 0 ||
		            strcmp(c, "✓") == 0);
		free(c);
	}
	/* the English paragraph wraps at word boundaries in 19 columns (the
	 * 20th holds the continuation mark); the Korean beside it */
	char *r4 = row(4), *r5 = row(5);
	assert_string_equal(r4, "This English       >│이 한국어 문단은   >");
	assert_true(strncmp(r5, "paragraph is long  >", strlen("paragraph is long  >")) == 0);
	assert_non_null(strstr(r5, "│창의 폭보다 길어서 >"));
	free(r4);
	free(r5);
	/* "Short." is beside "짧음." after the taller segment */
	int found = -1;
	for (int y = 1; y < LINES - 2; y++) {
		char *r = row(y);
		if (strstr(r, "Short.") && strstr(r, "짧음."))
			found = y;
		free(r);
	}
	assert_true(found > 6);
	/* status line and key bar */
	assert_true(row_has(LINES - 2, "title"));
	assert_true(row_has(LINES - 1, "^S Save"));
	/* the cursor sits at the insertion point in the target pane */
	int y, x;
	assert_true(session_cursor_screen(&s, &y, &x));
	assert_int_equal(y, 1);
	assert_int_equal(x, 21);
	teardown(&s, &u);
}

static void test_wide_character_at_the_edges(void **state)
{
	(void)state;
	Session s;
	Ui u;
	/* panes of 20 columns: a 2-column character at column 19 does not fit */
	setup(&s, &u, "a한한한한한한한한한한한\n", "b영영영영영영영영영영영\n", 41, 10);
	ui_paint(&u);
	char *r = row(1);
	/* 1 + 9*2 = 19 columns, then a marker, the rule, the same on the right */
	assert_string_equal(r, "b영영영영영영영영영>│a한한한한한한한한한>");
	free(r);
	r = row(2);
	assert_string_equal(r, "영영                │한한                ");
	free(r);
	teardown(&s, &u);
}

static void test_placeholders_and_line_numbers(void **state)
{
	(void)state;
	Session s;
	Ui u;
	setup(&s, &u, "esc\x1b[31mred\n", "x\n", 50, 10);
	ui_paint(&u);
	assert_true(row_has(1, "esc^[[31mred"));
	command_run(&s, "toggle-numbers", NULL);
	ui_paint(&u);
	char *r = row(1);
	assert_memory_equal(r, "1 x", 3);
	free(r);
	assert_true(row_has(1, "│1 esc"));
	teardown(&s, &u);
	/* decomposed Hangul is drawn composed (NFC): ncurses would drop it */
	setup(&s, &u, "\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab\xea\xb8\x80\n", "x\n", 50, 10);
	ui_paint(&u);
	assert_true(row_has(1, "│한글"));
	teardown(&s, &u);
}

static void test_too_small_and_back(void **state)
{
	(void)state;
	Session s;
	Ui u;
	setup(&s, &u, TGT, SRC, 41, 14);
	resizeterm(6, 20);
	session_resize(&s, COLS, LINES);
	ui_paint(&u);
	bool seen = false;
	for (int y = 0; y < LINES; y++) {
		char *r = row(y);
		seen = seen || strstr(r, "too small");
		free(r);
	}
	assert_true(seen);
	resizeterm(14, 41);
	session_resize(&s, COLS, LINES);
	ui_paint(&u);
	assert_true(row_has(1, "시작하기"));
	teardown(&s, &u);
}

/* Some row shows both texts. */
static bool some_row_has(const char *a, const char *b)
{
	for (int y = 0; y < LINES; y++) {
		char *r = row(y);
		bool yes = strstr(r, a) && strstr(r, b);
		free(r);
		if (yes)
			return true;
	}
	return false;
}

/* F1 of a mode lists every command of its keymap with its keys. */
static void help_lists_mode(Ui *u, CommandMode mode)
{
	int lines = 0;
	ui_paint_help(u, mode, 0, &lines);
	size_t n, in_mode = 0;
	const Command *t = command_table(&n);
	for (size_t i = 0; i < n; i++) {
		if (!(t[i].modes & MODE_BIT(mode)))
			continue;
		in_mode++;
		bool seen = false;
		for (int y = 1; y < LINES - 1 && !seen; y++) {
			char *r = row(y);
			seen = strstr(r, t[i].id) && strstr(r, t[i].help);
			free(r);
		}
		if (!seen)
			fail_msg("help of mode %d lacks %s", (int)mode, t[i].id);
	}
	assert_int_equal(lines, (int)in_mode);
}

/* A wrapped list item's second row is painted under its text, after the
 * marker's width of blanks. */
static void test_list_rows_hang_on_screen(void **state)
{
	(void)state;
	Session s;
	Ui u;
	setup(&s, &u, "- 이것은 아주 긴 목록 항목이라서 여러 줄로 접힙니다\n",
	      "- This is a long list item that wraps over several rows\n", 43, 12);
	ui_paint(&u);
	Layout l;
	session_layout(&s, &l);
	char *m = cell(l.body_y, l.tgt_x);
	assert_string_equal(m, "-");
	free(m);
	char *c0 = cell(l.body_y + 1, l.tgt_x), *c1 = cell(l.body_y + 1, l.tgt_x + 1);
	char *c2 = cell(l.body_y + 1, l.tgt_x + 2);
	assert_string_equal(c0, " ");
	assert_string_equal(c1, " ");
	assert_string_not_equal(c2, " ");
	free(c0);
	free(c1);
	free(c2);
	c0 = cell(l.body_y + 1, l.src_x + 2);
	assert_string_not_equal(c0, " "); /* the English too */
	free(c0);
	teardown(&s, &u);
}

static void test_help_lists_every_command(void **state)
{
	(void)state;
	Session s;
	Ui u;
	setup(&s, &u, TGT, SRC, 100, 120);
	help_lists_mode(&u, MODE_EDITOR);
	assert_true(row_has(1, "^S"));
	/* reviewer mode's keys are commands of its own keymap, rebindable */
	help_lists_mode(&u, MODE_REVIEW);
	assert_true(some_row_has("n Right", "review-next"));
	Err e;
	err_init(&e);
	assert_true(keymap_bind(&u.keys, "j", "review-next", &e));
	ui_paint_help(&u, MODE_REVIEW, 0, &(int){0});
	assert_true(some_row_has("n Right j", "review-next"));
	assert_string_equal(keymap_lookup(&u.keys, MODE_REVIEW, "j"), "review-next");
	assert_null(keymap_lookup(&u.keys, MODE_EDITOR, "j"));
	teardown(&s, &u);
}

static attr_t attr_at(int y, int x)
{
	cchar_t cc;
	wchar_t wch[CCHARW_MAX + 1] = {0};
	attr_t a;
	short pair;
	mvin_wch(y, x, &cc);
	getcchar(&cc, wch, &a, &pair, NULL);
	return a;
}

static void test_current_segment_and_marks(void **state)
{
	(void)state;
	Session s;
	Ui u;
	/* the paragraph is untranslated (same text on both sides) */
	setup(&s, &u, "제목\n====\n\nSame text.\n", "Title\n=====\n\nSame text.\n", 41, 12);
	theme_mono(&u.theme); /* no colours: the current segment is bold */
	ui_paint(&u);
	assert_true(attr_at(1, 0) & A_BOLD);  /* source side of the title */
	assert_true(attr_at(1, 25) & A_BOLD); /* target side */
	assert_false(attr_at(4, 0) & A_BOLD); /* the paragraph is not current */
	/* the untranslated paragraph is marked in the rule and underlined */
	char *c = cell(4, 20);
	assert_string_equal(c, "?");
	free(c);
	assert_true(attr_at(4, 21) & A_UNDERLINE);
	/* moving into it moves the highlight */
	session_move(&s, MV_SEG_NEXT);
	ui_paint(&u);
	assert_true(attr_at(4, 0) & A_BOLD);
	assert_false(attr_at(1, 0) & A_BOLD);
	/* Alt-Enter marks it done: the mark changes */
	command_run(&s, "done-next", NULL);
	ui_paint(&u);
	c = cell(4, 20);
	assert_string_equal(c, "✓");
	free(c);
	teardown(&s, &u);
}

static void test_key_names(void **state)
{
	(void)state;
	char n[64];
	assert_true(ui_key_name(OK, 19, n, sizeof(n)));
	assert_string_equal(n, "C-s");
	assert_true(ui_key_name(OK, '\r', n, sizeof(n)));
	assert_string_equal(n, "Enter");
	assert_true(ui_key_name(KEY_CODE_YES, KEY_F(1), n, sizeof(n)));
	assert_string_equal(n, "F1");
	assert_true(ui_key_name(KEY_CODE_YES, KEY_NPAGE, n, sizeof(n)));
	assert_string_equal(n, "PageDown");
	assert_false(ui_key_name(OK, 0xD55C, n, sizeof(n))); /* 한 is text */
	Buf b = BUF_INIT;
	ui_key_label("C-s", &b);
	assert_string_equal(b.p, "^S");
	buf_release(&b);
	size_t cnt;
	const Command *t = command_table(&cnt);
	for (size_t k = 0; k < cnt; k++) {
		const char *p = t[k].keys;
		while (*p) {
			size_t l = strcspn(p, " ");
			char *one = xmemdup0(p, l);
			if (!keymap_valid_key(one))
				fail_msg("bad default key '%s' of %s", one, t[k].id);
			free(one);
			p += l;
			while (*p == ' ')
				p++;
		}
	}
}

/* The cells of row y, columns [0, COLS): characters, attributes, pair. */
static void row_cells(int y, Buf *out)
{
	buf_clear(out);
	for (int x = 0; x < COLS; x++) {
		cchar_t cc;
		wchar_t wch[CCHARW_MAX + 1] = {0};
		attr_t a;
		short pair;
		mvin_wch(y, x, &cc);
		getcchar(&cc, wch, &a, &pair, NULL);
		buf_addf(out, "%d:%lx:%d:", x, (unsigned long)a, pair);
		for (int i = 0; wch[i]; i++)
			text_encode(out, (int32_t)wch[i]);
		buf_addc(out, '|');
	}
}

/* Paint s[0..n) with and without the fast path at several columns and
 * widths (1: a wide cell does not fit); the cells must be the same. */
static size_t same_paint(Ui *u, const char *s, size_t n)
{
	static const int XW[][2] = {{0, 80}, {3, 12}, {2, 1}};
	Buf fast = BUF_INIT, slow = BUF_INIT;
	size_t compared = 0;
	for (size_t k = 0; k < sizeof(XW) / sizeof(XW[0]); k++) {
		u->slow_paint = false;
		ui_fill(u, 0, 0, COLS, TS_NORMAL, false);
		int uf = ui_put_text(u, 0, XW[k][0], XW[k][1], s, n, TS_TARGET_TEXT, k & 1);
		row_cells(0, &fast);
		u->slow_paint = true;
		ui_fill(u, 0, 0, COLS, TS_NORMAL, false);
		int us = ui_put_text(u, 0, XW[k][0], XW[k][1], s, n, TS_TARGET_TEXT, k & 1);
		row_cells(0, &slow);
		if (uf != us || fast.len != slow.len || memcmp(fast.p, slow.p, fast.len))
			fail_msg("fast and slow paint differ (%d vs %d columns) for [%.*s]\nfast %s\nslow %s",
			         uf, us, (int)n, s, fast.p, slow.p);
		compared++;
	}
	buf_release(&fast);
	buf_release(&slow);
	return compared;
}

/* The painter's fast path (ASCII, precomposed Hangul) draws the same cells,
 * attributes and colours as the grapheme walk: hand-made edge cases (a
 * syllable with a trailing jamo, an accent after ASCII, decomposed Hangul,
 * tabs, controls, emoji, wide characters at the edge), then every line of
 * the corpus. */
static void test_fast_path_paints_the_same_cells(void **state)
{
	(void)state;
	Session s;
	Ui u;
	setup(&s, &u, TGT, SRC, 100, 6);
	static const char *const EDGE[] = {
		"plain ascii text",
		"한국어 문장입니다. 텐서를 만듭니다",
		"\xea\xb0\x80\xe1\x86\xa8 syllable + trailing jamo",   /* 가 + U+11A8 */
		"cafe\xcc\x81 and e\xcc\x81\xcc\x81",                   /* combining acute */
		"\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab decomposed",     /* 한 as jamo */
		"tab\there\tand\tthere",
		"ctrl\x01\x7f del ^ and < literal",
		"emoji \xf0\x9f\x98\x80 flag \xf0\x9f\x87\xb0\xf0\x9f\x87\xb7 zwj "
		"\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9",
		"bad \xff byte \xea\xb0 cut",
		"\xed\x9e\xa3\xea\xb0\x80" "ab\xed\x9e\xa3", /* 힣가ab힣 */
		"가나다라마바사아자차카타파하가나다라마바사아자차카타파하가나다라마바사아자차카타파하",
		"a\xe2\x80\x8b" "b zero width space, \xef\xbb\xbf bom",
		"가\xcc\x81 mark after a syllable",
		"",
	};
	size_t compared = 0;
	for (size_t i = 0; i < sizeof(EDGE) / sizeof(EDGE[0]); i++)
		compared += same_paint(&u, EDGE[i], strlen(EDGE[i]));
	DIR *d = opendir(tu_corpus());
	if (!d) {
		print_message("skipped: no corpus (the edge cases were compared)\n");
	} else {
		closedir(d);
		char **pairs = tu_corpus_pairs();
		size_t lines = 0;
		for (size_t p = 0; pairs[p]; p++) {
			for (int side = 0; side < 2; side++) {
				char *name = xasprintf("%s.%s.rst", pairs[p], side ? "ko" : "en");
				size_t n;
				char *f = tu_corpus_file(name, &n);
				for (size_t a = 0; a < n;) {
					const char *nl = memchr(f + a, '\n', n - a);
					size_t b = nl ? (size_t)(nl - f) : n;
					compared += same_paint(&u, f + a, b - a);
					lines++;
					a = b + 1;
				}
				free(f);
				free(name);
			}
		}
		tu_free_list(pairs);
		assert_true(lines > 10000);
		assert_true(compared > 50);
	}
	assert_true(compared > 5); /* the edge cases paint fast-path cells too */
	teardown(&s, &u);
}

/* Every cell of the screen (rows [0, LINES)) into out. */
static void screen_cells(Buf *out)
{
	Buf r = BUF_INIT;
	buf_clear(out);
	for (int y = 0; y < LINES; y++) {
		row_cells(y, &r);
		buf_addf(out, "row %d: ", y);
		buf_add(out, r.p, r.len);
		buf_addc(out, '\n');
	}
	buf_release(&r);
}

/* A Ui painting s on its own fake terminal, with colours. */
typedef struct Term {
	SCREEN *scr;
	FILE *out, *in;
	Ui u;
} Term;

static void term2_open(Term *t, Session *s, int cols, int rows)
{
	term_open(cols, rows);
	t->scr = scr;
	t->out = fout;
	t->in = fin;
	memset(&t->u, 0, sizeof(t->u));
	ui_bind_editor(&t->u, s);
	keymap_init(&t->u.keys);
	theme_default(&t->u.theme);
	assert_int_equal(start_color(), OK);
	use_default_colors();
	t->u.colors = COLORS >= 8;
	t->u.ncolors = COLORS;
	assert_true(t->u.colors);
	ui_colors_init(&t->u);
}

static void term2_close(Term *t)
{
	set_term(t->scr);
	scr = t->scr;
	fout = t->out;
	fin = t->in;
	term_close();
	keymap_release(&t->u.keys);
	ui_paint_release(&t->u);
}

/* Paint a frame on t and read its screen. */
static void term2_paint(Term *t, Buf *cells)
{
	set_term(t->scr);
	ui_paint(&t->u);
	screen_cells(cells);
}

/* Repainting only the rows whose signature changed gives the screen of a
 * full repaint, cell by cell (character, attributes, colour pair), after
 * every one of a few hundred random edits, moves, selections, status
 * changes and scrolls on a corpus pair with its glossary marks. */
static void test_incremental_paint_equals_full(void **state)
{
	(void)state;
	DIR *d = opendir(tu_corpus());
	if (!d) {
		print_message("skipped: no corpus\n");
		return;
	}
	closedir(d);
	size_t en_n, ko_n;
	char *en = tu_corpus_file("beginner_source__pytorch_with_examples.en.rst", &en_n);
	char *ko = tu_corpus_file("beginner_source__pytorch_with_examples.ko.rst", &ko_n);
	Session s;
	session_init(&s);
	session_load(&s, "t.rst", ko, ko_n, "t.en.rst", en, en_n);
	Err e;
	err_init(&e);
	assert_true(session_glossary_load(&s, "glossary/ko.yaml", NULL, 0, &e));
	Term inc, full;
	term2_open(&inc, &s, 90, 30);
	term2_open(&full, &s, 90, 30);
	full.u.full_paint = true;
	session_resize(&s, 90, 30);
	Buf a = BUF_INIT, b = BUF_INIT;
	unsigned seed = 19;
	unsigned long frames = 0, partial = 0;
	unsigned long inc_painted = 0, full_painted = 0, inc_moved = 0; /* stats.h, per screen */
	static const char *const TYPED[] = {"a", "텐서", " ", "tensor ", "x"};
	for (int step = 0; step < 400; step++) {
		seed = seed * 1103515245u + 12345u;
		unsigned r = (seed >> 16) % 20;
		switch (r) {
		case 0: case 1: case 2: case 3:
			session_insert(&s, TYPED[(seed >> 8) % 5], strlen(TYPED[(seed >> 8) % 5]));
			break;
		case 4: session_backspace(&s); break;
		case 5: session_newline(&s); break;
		case 6: command_run(&s, "undo", NULL); break;
		case 7: session_move(&s, MV_DOWN); break;
		case 8: session_move(&s, MV_UP); break;
		case 9: session_move(&s, MV_RIGHT); break;
		case 10: session_move(&s, MV_SEG_NEXT); break;
		case 11: session_move(&s, MV_SEG_PREV); break;
		case 12: session_scroll(&s, (int)((seed >> 8) % 7) - 3); break;
		case 13: session_select(&s, MV_WORD_RIGHT); break;
		case 14: session_select_cancel(&s); break;
		case 15: command_run(&s, "done-next", NULL); break;
		case 16: session_move(&s, MV_PAGE_DOWN); break;
		case 17: session_move(&s, MV_END); break;
		case 18: session_msg(&s, "a message %d", step); break;
		default: session_clear_msg(&s); break;
		}
		session_prepare_frame(&s);
		unsigned long before = inc_painted;
		uint64_t p0 = stat_get(STAT_UI_ROWS_PAINTED), m0 = stat_get(STAT_UI_ROWS_MOVED);
		term2_paint(&inc, &a);
		inc_painted += stat_get(STAT_UI_ROWS_PAINTED) - p0;
		inc_moved += stat_get(STAT_UI_ROWS_MOVED) - m0;
		p0 = stat_get(STAT_UI_ROWS_PAINTED);
		term2_paint(&full, &b);
		full_painted += stat_get(STAT_UI_ROWS_PAINTED) - p0;
		frames++;
		partial += inc_painted - before < (unsigned long)(LINES - 3);
		if (a.len != b.len || memcmp(a.p, b.p, a.len)) {
			/* the first row that differs */
			const char *pa = a.p, *pb = b.p;
			while (*pa && *pa == *pb) {
				pa++;
				pb++;
			}
			while (pa > a.p && pa[-1] != '\n')
				pa--, pb--;
			fail_msg("step %d (op %u): the incremental screen differs from a full repaint\n"
			         "incremental %.300s\nfull        %.300s",
			         step, r, pa, pb);
		}
	}
	/* the frames did skip rows (else the test compares nothing new) */
	assert_true(partial > frames / 4);
	assert_true(inc_painted < full_painted / 2);
	assert_true(inc_moved > 5); /* new lines and joins moved rows */
	print_message("# %lu frames, %lu painted some rows only; rows painted %lu (full: %lu), "
	              "%lu blocks moved\n",
	              frames, partial, inc_painted, full_painted, inc_moved);
	buf_release(&a);
	buf_release(&b);
	term2_close(&inc);
	term2_close(&full);
	session_release(&s);
	free(en);
	free(ko);
}

/* The glossary marks of a frame are matched once per line content: a
 * second frame with no edit matches no line, a frame after one edit
 * matches only the edited line, and the kept marks are those of a fresh
 * match. */
static void test_glossary_marks_cached_per_line(void **state)
{
	(void)state;
	DIR *d = opendir(tu_corpus());
	if (!d) {
		print_message("skipped: no corpus\n");
		return;
	}
	closedir(d);
	size_t en_n, ko_n;
	char *en = tu_corpus_file("beginner_source__pytorch_with_examples.en.rst", &en_n);
	char *ko = tu_corpus_file("beginner_source__pytorch_with_examples.ko.rst", &ko_n);
	Session s;
	session_init(&s);
	session_load(&s, "t.rst", ko, ko_n, "t.en.rst", en, en_n);
	Err e;
	err_init(&e);
	assert_true(session_glossary_load(&s, "glossary/ko.yaml", NULL, 0, &e));
	Ui u;
	memset(&u, 0, sizeof(u));
	ui_bind_editor(&u, &s);
	keymap_init(&u.keys);
	theme_default(&u.theme);
	u.full_paint = true; /* every row asks for its marks */
	term_open(100, 40);
	session_resize(&s, COLS, LINES);
	/* a prose paragraph with glossary hits at the top */
	while (session_cur_seg(&s) >= 0 &&
	       !rst_kind_is_prose(s.doc.al.v[session_cur_seg(&s)].kind))
		session_move(&s, MV_SEG_NEXT);
	session_move(&s, MV_SEG_NEXT);
	session_prepare_frame(&s);
	ui_paint(&u);
	size_t first = stat_get(STAT_GLOSS_LINE_MATCHES);
	assert_true(first > 3);
	ui_paint(&u);
	assert_int_equal(stat_get(STAT_GLOSS_LINE_MATCHES), first);
	/* one edit: only that line is matched again */
	session_insert(&s, "텐서 ", strlen("텐서 "));
	session_prepare_frame(&s);
	ui_paint(&u);
	assert_int_equal(stat_get(STAT_GLOSS_LINE_MATCHES), first + 1);
	/* the kept marks are those of a fresh match, on every line */
	size_t marks = 0;
	for (int p = 0; p < 2; p++) {
		const Lines *ls = session_lines(&s, (Pane)p);
		for (size_t i = 0; i < ls->n; i++) {
			GlossHitVec kept = {0}, fresh = {0};
			session_gloss_line(&s, (Pane)p, i, &kept);
			Str ln = lines_get(ls, i);
			if (p == PANE_SOURCE)
				glossary_match_en(&s.gloss.glossary, ln.p, ln.n, &fresh);
			else
				glossary_match_ko(&s.gloss.glossary, ln.p, ln.n, &fresh);
			size_t m = 0;
			for (size_t k = 0; k < fresh.n; k++)
				if (p == PANE_SOURCE || fresh.v[k].kind == GH_AVOID)
					fresh.v[m++] = fresh.v[k];
			assert_int_equal(kept.n, m);
			for (size_t k = 0; k < m; k++) {
				assert_int_equal(kept.v[k].start, fresh.v[k].start);
				assert_int_equal(kept.v[k].end, fresh.v[k].end);
			}
			marks += m;
			VEC_FREE(&kept);
			VEC_FREE(&fresh);
		}
	}
	assert_true(marks > 10);
	term_close();
	keymap_release(&u.keys);
	ui_paint_release(&u);
	session_release(&s);
	free(en);
	free(ko);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_panes_titles_and_wrapping),
		cmocka_unit_test(test_wide_character_at_the_edges),
		cmocka_unit_test(test_placeholders_and_line_numbers),
		cmocka_unit_test(test_too_small_and_back),
		cmocka_unit_test(test_list_rows_hang_on_screen),
		cmocka_unit_test(test_help_lists_every_command),
		cmocka_unit_test(test_current_segment_and_marks),
		cmocka_unit_test(test_key_names),
		cmocka_unit_test(test_fast_path_paints_the_same_cells),
		cmocka_unit_test(test_incremental_paint_equals_full),
		cmocka_unit_test(test_glossary_marks_cached_per_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
