/* ui: headless key scripts with golden screens (dte's test/, tig's screen
 * dumps).  A script of key names is turned into the bytes a terminal sends
 * and fed to the real one loop (ui_run) through ncurses on a fake terminal
 * (newterm reading a file); the screen after the last key (a sync
 * barrier) is compared with tests/data/screens/NAME.txt.  Every mode is
 * covered: editor, prompt, pick list, help, question, reviewer mode, its
 * help, its multi-line prompt and its question.
 * UPDATE_GOLDEN=1 writes the goldens instead of comparing. */
#include "testutil.h"

#include <locale.h>
#include <wchar.h>

#include "../../src/ui/ui-private.h"
#include "yeok/text.h"

#include <term.h> /* last: it defines macros named lines and columns */

static const char *const SRC =
	"Getting Started\n===============\n\nThis English paragraph is long enough to wrap twice in a pane.\n"
	"\nShort one.\n\n.. code-block:: python\n\n   x = 1\n";
static const char *const TGT =
	"시작하기\n========\n\n이 한국어 문단은 창의 폭보다 길어서 줄이 바뀝니다.\n"
	"\nShort one.\n\n.. code-block:: python\n\n   x = 1\n";

/* The bytes a terminal sends for one key name ("C-g", "F2", "Up", "M-c",
 * "Enter", "Esc", text:안녕), appended to out. */
static void key_bytes(const char *name, Buf *out)
{
	static const struct {
		const char *name, *cap;
	} caps[] = {
		{"Up", "kcuu1"},     {"Down", "kcud1"}, {"Left", "kcub1"},  {"Right", "kcuf1"},
		{"Home", "khome"},   {"End", "kend"},   {"PageUp", "kpp"},  {"PageDown", "knp"},
		{"Delete", "kdch1"}, {"F1", "kf1"},     {"F2", "kf2"},      {"F3", "kf3"},
		{"F5", "kf5"},       {"F6", "kf6"},     {"F7", "kf7"},      {"F12", "kf12"},
	};
	if (!strncmp(name, "text:", 5)) {
		buf_adds(out, name + 5);
		return;
	}
	if (!strcmp(name, "Enter")) {
		buf_addc(out, '\r');
		return;
	}
	if (!strcmp(name, "Esc")) {
		buf_addc(out, 27);
		return;
	}
	if (!strcmp(name, "Backspace")) {
		buf_addc(out, 127);
		return;
	}
	if (name[0] == 'C' && name[1] == '-' && name[2] && !name[3]) {
		buf_addc(out, (char)(name[2] & 0x1f));
		return;
	}
	if (name[0] == 'M' && name[1] == '-') {
		buf_addc(out, 27);
		key_bytes(name + 2, out);
		return;
	}
	for (size_t i = 0; i < ARRAY_LEN(caps); i++) {
		if (strcmp(name, caps[i].name) == 0) {
			char *s = tigetstr(caps[i].cap);
			assert_true(s && s != (char *)-1);
			buf_adds(out, s);
			return;
		}
	}
	buf_adds(out, name); /* a plain character */
}

/* The screen as text, one row per line, trailing spaces kept. */
static void dump(Buf *b)
{
	for (int y = 0; y < LINES; y++) {
		for (int x = 0; x < COLS; x++) {
			cchar_t cc;
			wchar_t wch[CCHARW_MAX + 1] = {0};
			attr_t a;
			short pair;
			mvin_wch(y, x, &cc);
			getcchar(&cc, wch, &a, &pair, NULL);
			for (int i = 0; wch[i]; i++)
				text_encode(b, (int32_t)wch[i]);
			if (wch[0] && wcwidth(wch[0]) == 2)
				x++;
		}
		buf_addc(b, '\n');
	}
}

/* Run a script (key names separated by spaces; a trailing sync is added)
 * through the loop with base mode ops over u, then compare with the
 * golden screen NAME. */
static void run_script(Ui *u, const ModeOps *base, const char *script, int cols, int rows,
                       const char *name)
{
	char *dir = tu_tmpdir();
	char c[16], r[16];
	snprintf(c, sizeof(c), "%d", cols);
	snprintf(r, sizeof(r), "%d", rows);
	setenv("COLUMNS", c, 1);
	setenv("LINES", r, 1);
	/* the terminfo strings are needed to write the keys: a first terminal */
	char *in = xasprintf("%s/keys", dir);
	FILE *fout = fopen("/dev/null", "w"), *fin = fopen("/dev/null", "r");
	SCREEN *scr = newterm("xterm-256color", fout, fin);
	assert_non_null(scr);
	set_term(scr);
	Buf bytes = BUF_INIT;
	char *copy = xstrdup(script), *save = NULL;
	for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
		key_bytes(t, &bytes);
	free(copy);
	key_bytes("F12", &bytes);
	endwin();
	delscreen(scr);
	fclose(fin);
	FILE *kf = fopen(in, "w");
	fwrite(bytes.p, 1, bytes.len, kf);
	fclose(kf);
	buf_release(&bytes);
	/* the terminal that runs the script */
	fin = fopen(in, "r");
	scr = newterm("xterm-256color", fout, fin);
	set_term(scr);
	resizeterm(rows, cols);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	u->in_fd = fileno(fin);
	u->sync_on = true;
	u->quit_at_sync = 1;
	if (u->s)
		session_resize(u->s, COLS, LINES);
	if (u->rs)
		u->rs->rows = LINES;
	ui_push(u, base);
	ui_run(u);
	Buf got = BUF_INIT;
	dump(&got);
	while (u->depth > 1)
		ui_pop(u);
	u->depth = 0;
	endwin();
	delscreen(scr);
	fclose(fin);
	fclose(fout);
	char *golden = xasprintf("%s/tests/data/screens/%s.txt", getenv("ROOT") ? getenv("ROOT") : ".",
	                         name);
	const char *upd = getenv("UPDATE_GOLDEN");
	if (upd && *upd) {
		FILE *g = fopen(golden, "w");
		assert_non_null(g);
		fwrite(got.p, 1, got.len, g);
		fclose(g);
	} else {
		size_t n = 0;
		char *want = tu_read(golden, &n);
		if (!want || n != got.len || memcmp(want, got.p, n) != 0) {
			print_message("# %s: the screen differs from %s:\n%s", name, golden, got.p);
			fail();
		}
		free(want);
	}
	free(golden);
	buf_release(&got);
	free(in);
	free(dir);
}

static void editor_script(const char *script, int cols, int rows, const char *name)
{
	Session s;
	session_init(&s);
	session_load(&s, "t.rst", TGT, strlen(TGT), "t.en.rst", SRC, strlen(SRC));
	session_checks_on(&s, true);
	s.side.path = xstrdup("t.rst.yeok.yaml"); /* F2 needs a sidecar path (never written here) */
	Ui u;
	memset(&u, 0, sizeof(u));
	u.s = &s;
	keymap_init(&u.keys);
	theme_default(&u.theme);
	run_script(&u, &ui_editor_mode, script, cols, rows, name);
	keymap_release(&u.keys);
	ui_paint_release(&u);
	session_release(&s);
}

static void test_editor(void **state)
{
	(void)state;
	/* typing, a word and a newline; motion; line numbers */
	editor_script("C-g text:4 Enter End text:새 Enter text:줄 M-l", 80, 20, "editor");
}

static void test_prompt(void **state)
{
	(void)state;
	editor_script("C-f text:Short", 80, 20, "prompt");
}

static void test_pick_list(void **state)
{
	(void)state;
	editor_script("F2 Down Down", 80, 20, "pick");
}

static void test_help(void **state)
{
	(void)state;
	editor_script("F1 PageDown", 100, 20, "help");
}

static void test_question(void **state)
{
	(void)state;
	editor_script("text:x C-q", 80, 20, "question");
}

static void test_undo_runs(void **state)
{
	(void)state;
	/* typing is undone as a run; a paste-like command (M-c) as one step */
	editor_script("C-g text:4 Enter text:하나 text:둘 C-z M-c C-z", 80, 20, "undo");
}

static const char *const RV_SRC = "Title\n=====\n\nThe first paragraph.\n\nThe second one.\n";
static const char *const RV_BASE = "Title\n=====\n\nThe first paragraph.\n\nThe second one.\n";
static const char *const RV_HEAD = "제목\n====\n\n첫 문단입니다.\n\n두 번째 문단.\n";

static void review_script(const char *script, int cols, int rows, const char *name)
{
	ReviewSession rs;
	review_session_init(&rs);
	Err e;
	err_init(&e);
	assert_true(review_session_setup(&rs, "doc.rst", NULL, RV_SRC, strlen(RV_SRC), RV_BASE,
	                                 strlen(RV_BASE), RV_HEAD, strlen(RV_HEAD), &e));
	rs.base_desc = xstrdup("abc1234 (HEAD~1)");
	rs.head_desc = xstrdup("working tree");
	rs.source_desc = xstrdup("the base revision abc1234 (HEAD~1)");
	Ui u;
	memset(&u, 0, sizeof(u));
	u.rs = &rs;
	keymap_init(&u.keys);
	theme_default(&u.theme);
	run_script(&u, &ui_review_mode, script, cols, rows, name);
	keymap_release(&u.keys);
	review_session_release(&rs);
}

static void test_review(void **state)
{
	(void)state;
	review_script("n", 100, 20, "review");
}

static void test_review_comment_editor(void **state)
{
	(void)state;
	review_script("c text:용어를 Enter text:확인해 Left", 100, 20, "review-comment");
}

static void test_review_verdict_question(void **state)
{
	(void)state;
	review_script("v", 100, 20, "review-verdict");
}

static void test_review_help(void **state)
{
	(void)state;
	review_script("F1", 100, 24, "review-help");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_editor),
		cmocka_unit_test(test_prompt),
		cmocka_unit_test(test_pick_list),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_question),
		cmocka_unit_test(test_undo_runs),
		cmocka_unit_test(test_review),
		cmocka_unit_test(test_review_comment_editor),
		cmocka_unit_test(test_review_verdict_question),
		cmocka_unit_test(test_review_help),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
