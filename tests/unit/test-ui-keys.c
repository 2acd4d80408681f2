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
	if (!strncmp(name, "raw:", 4)) { /* bytes in hex: raw:1b5b317e */
		for (const char *h = name + 4; h[0] && h[1]; h += 2) {
			char two[3] = {h[0], h[1], '\0'};
			buf_addc(out, (char)strtol(two, NULL, 16));
		}
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
 * through the loop with base mode ops over u on a terminal of type term;
 * the screen after it into got. */
static void run_keys(Ui *u, const ModeOps *base, const char *script, int cols, int rows,
                     const char *term, Buf *got)
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
	SCREEN *scr = newterm(term, fout, fin);
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
	scr = newterm(term, fout, fin);
	set_term(scr);
	resizeterm(rows, cols);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	ui_keys_define(); /* as ui_term_start does */
	u->in_fd = fileno(fin);
	u->sync_on = true;
	u->quit_at_sync = 1;
	if (u->s)
		session_resize(u->s, COLS, LINES);
	if (u->rs)
		u->rs->rows = LINES;
	ui_push(u, base);
	ui_run(u);
	dump(got);
	while (u->depth > 1)
		ui_pop(u);
	u->depth = 0;
	endwin();
	delscreen(scr);
	fclose(fin);
	fclose(fout);
	free(in);
	free(dir);
}

/* run_keys on xterm-256color, then compare with the golden screen NAME. */
static void run_script(Ui *u, const ModeOps *base, const char *script, int cols, int rows,
                       const char *name)
{
	Buf got = BUF_INIT;
	run_keys(u, base, script, cols, rows, "xterm-256color", &got);
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
	ui_bind_editor(&u, &s);
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
	ui_bind_review(&u, &rs);
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

/* The decoder of escape sequences: every form a terminal sends for the
 * keys, whatever TERM says; each proper prefix asks for more. */
static void test_seq_decode(void **state)
{
	(void)state;
	static const struct {
		const char *in;
		UiSeq k;
		const char *name;
	} cases[] = {
		/* xterm, tmux, screen, the Linux console, PuTTY, rxvt */
		{"[1~", UI_SEQ_KEY, "Home"},        {"[4~", UI_SEQ_KEY, "End"},
		{"[7~", UI_SEQ_KEY, "Home"},        {"[8~", UI_SEQ_KEY, "End"},
		{"[H", UI_SEQ_KEY, "Home"},         {"[F", UI_SEQ_KEY, "End"},
		{"OH", UI_SEQ_KEY, "Home"},         {"OF", UI_SEQ_KEY, "End"},
		{"[2~", UI_SEQ_KEY, "Insert"},      {"[3~", UI_SEQ_KEY, "Delete"},
		{"[5~", UI_SEQ_KEY, "PageUp"},      {"[6~", UI_SEQ_KEY, "PageDown"},
		/* xterm's modifiers */
		{"[1;2H", UI_SEQ_KEY, "S-Home"},    {"[1;5F", UI_SEQ_KEY, "C-End"},
		{"[1;6H", UI_SEQ_KEY, "C-S-Home"},  {"[1;3H", UI_SEQ_KEY, "M-Home"},
		{"[1;5~", UI_SEQ_KEY, "C-Home"},    {"[4;2~", UI_SEQ_KEY, "S-End"},
		{"[3;5~", UI_SEQ_KEY, "C-Delete"},  {"[3;3~", UI_SEQ_KEY, "M-Delete"},
		{"[5;2~", UI_SEQ_KEY, "S-PageUp"},  {"[6;5~", UI_SEQ_KEY, "C-PageDown"},
		{"[2;2~", UI_SEQ_KEY, "S-Insert"},  {"[1;5D", UI_SEQ_KEY, "C-Left"},
		{"[1;6C", UI_SEQ_KEY, "C-S-Right"}, {"[1;9A", UI_SEQ_KEY, "M-Up"},
		{"O5H", UI_SEQ_KEY, "C-Home"},      {"O1;2F", UI_SEQ_KEY, "S-End"},
		/* rxvt: $ Shift, ^ Ctrl, @ Ctrl-Shift; lower-case arrows */
		{"[7$", UI_SEQ_KEY, "S-Home"},      {"[8$", UI_SEQ_KEY, "S-End"},
		{"[7^", UI_SEQ_KEY, "C-Home"},      {"[8^", UI_SEQ_KEY, "C-End"},
		{"[2$", UI_SEQ_KEY, "S-Insert"},    {"[3^", UI_SEQ_KEY, "C-Delete"},
		{"[5$", UI_SEQ_KEY, "S-PageUp"},    {"[6^", UI_SEQ_KEY, "C-PageDown"},
		{"[7@", UI_SEQ_KEY, "C-S-Home"},    {"[a", UI_SEQ_KEY, "S-Up"},
		{"Oa", UI_SEQ_KEY, "C-Up"},         {"[d", UI_SEQ_KEY, "S-Left"},
		/* function keys: the Linux console's, PuTTY's, xterm's */
		{"[[A", UI_SEQ_KEY, "F1"},          {"[[E", UI_SEQ_KEY, "F5"},
		{"[11~", UI_SEQ_KEY, "F1"},         {"[24~", UI_SEQ_KEY, "F12"},
		{"[15;2~", UI_SEQ_KEY, "S-F5"},     {"OP", UI_SEQ_KEY, "F1"},
		{"[1;2P", UI_SEQ_KEY, "S-F1"},      {"[Z", UI_SEQ_KEY, "S-Tab"},
		/* Alt as an ESC before the key (PuTTY, rxvt) */
		{"\033[A", UI_SEQ_KEY, "M-Up"},     {"\033[3~", UI_SEQ_KEY, "M-Delete"},
		{"\033[1;5H", UI_SEQ_KEY, "C-M-Home"}, {"\033OH", UI_SEQ_KEY, "M-Home"},
		/* the application keypad */
		{"Ok", UI_SEQ_TEXT, "+"},           {"Op", UI_SEQ_TEXT, "0"},
		{"Oy", UI_SEQ_TEXT, "9"},           {"OM", UI_SEQ_KEY, "Enter"},
		/* whole sequences that are no key: dropped */
		{"[99x", UI_SEQ_UNKNOWN, NULL},     {"[1;5;7;9;2~", UI_SEQ_UNKNOWN, NULL},
		{"[?1;2c", UI_SEQ_UNKNOWN, NULL},   {"[9~", UI_SEQ_UNKNOWN, NULL},
		{"[E", UI_SEQ_UNKNOWN, NULL},       {"[1;5 q", UI_SEQ_UNKNOWN, NULL},
		{"[27;5;13~", UI_SEQ_UNKNOWN, NULL}, {"Ow", UI_SEQ_TEXT, "7"},
		/* reports: dropped silently */
		{"[<0;10;5M", UI_SEQ_IGNORE, NULL}, {"[I", UI_SEQ_IGNORE, NULL},
		{"[O", UI_SEQ_IGNORE, NULL},        {"[201~", UI_SEQ_IGNORE, NULL},
		{"[M !!", UI_SEQ_IGNORE, NULL},
		/* a byte that cannot continue a sequence */
		{"[1\r", UI_SEQ_BROKEN, NULL},      {"[1 2", UI_SEQ_BROKEN, NULL},
		{"O\t", UI_SEQ_BROKEN, NULL},       {"[[\001", UI_SEQ_BROKEN, NULL},
		{"\033\033", UI_SEQ_BROKEN, NULL}, /* Esc pressed again */
	};
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		const char *in = cases[i].in;
		size_t n = strlen(in);
		char out[48] = "";
		for (size_t k = 1; k < n; k++) {
			UiSeq p = ui_seq_decode(in, k, out, sizeof(out));
			if (p != UI_SEQ_MORE)
				print_message("# %s: prefix of %zu bytes: %d\n", in + (in[0] == 27), k, p);
			assert_int_equal(p, UI_SEQ_MORE);
		}
		UiSeq got = ui_seq_decode(in, n, out, sizeof(out));
		if (got != cases[i].k || (cases[i].name && strcmp(out, cases[i].name) != 0))
			print_message("# ESC %s: got %d '%s', want %d '%s'\n", in, got, out, cases[i].k,
			              cases[i].name ? cases[i].name : "");
		assert_int_equal(got, cases[i].k);
		if (cases[i].name)
			assert_string_equal(out, cases[i].name);
	}
	/* every sequence given to define_key() is a key */
	for (size_t i = 0; i < ui_seq_count(); i++) {
		char out[48];
		const char *q = ui_seq_at(i);
		assert_int_equal(q[0], 27);
		assert_int_equal(ui_seq_decode(q + 1, strlen(q + 1), out, sizeof(out)), UI_SEQ_KEY);
	}
}

/* Home and End as xterm, rxvt, the Linux console, PuTTY, screen and tmux
 * send them, each on a terminal of each TERM (so also the forms its
 * terminfo does not list): the cursor moves and nothing is typed; an
 * unknown sequence is dropped whole and the status line says so. */
static void test_raw_keys_every_term(void **state)
{
	(void)state;
	static const char *const terms[] = {"xterm-256color", "rxvt", "linux", "screen",
	                                    "tmux-256color"};
	/* End then E, Home then H, in four encodings each */
	static const char *const ends[] = {"1b5b347e", "1b5b387e", "1b5b46", "1b4f46"};
	static const char *const homes[] = {"1b5b317e", "1b5b377e", "1b5b48", "1b4f48"};
	for (size_t t = 0; t < ARRAY_LEN(terms); t++) {
		/* yeok's own key codes are none of the terminal's */
		FILE *o = fopen("/dev/null", "w"), *i0 = fopen("/dev/null", "r");
		SCREEN *scr = newterm(terms[t], o, i0);
		set_term(scr);
		keypad(stdscr, TRUE);
		for (int c = UI_KEY_OWN; c < UI_KEY_SEQ0 + (int)ui_seq_count(); c++) {
			char *b = keybound(c, 0);
			assert_null(b);
		}
		endwin();
		delscreen(scr);
		fclose(o);
		fclose(i0);
		Buf script = BUF_INIT;
		buf_adds(&script, "C-g text:4 Enter");
		for (size_t i = 0; i < ARRAY_LEN(ends); i++)
			buf_addf(&script, " raw:%s text:E raw:%s text:H", ends[i], homes[i]);
		/* Delete (CSI 3 ~) at the start; PuTTY's Alt-Delete (ESC ESC [ 3 ~)
		 * deletes a word; rxvt's Ctrl-Down (SS3 b: once the code of a paste
		 * marker), tmux's Ctrl-Home (CSI 1 ; 5 H) and rxvt's Shift-End (CSI
		 * 8 $) reach their commands; an unknown one last */
		buf_adds(&script, " raw:1b5b337e raw:1b1b5b337e raw:1b4f62 raw:1b5b313b3548"
		                  " raw:1b5b3824 raw:1b5b393978");
		Session s;
		session_init(&s);
		session_load(&s, "t.rst", TGT, strlen(TGT), "t.en.rst", SRC, strlen(SRC));
		Ui u;
		memset(&u, 0, sizeof(u));
		ui_bind_editor(&u, &s);
		keymap_init(&u.keys);
		theme_default(&u.theme);
		Buf got = BUF_INIT;
		run_keys(&u, &ui_editor_mode, script.p, 80, 20, terms[t], &got);
		Buf line = BUF_INIT;
		doc_tgt_text(&s.doc, 3, 3, &line);
		print_message("# %s: [%s]\n", terms[t], line.p);
		/* HHHH이 ...바뀝니다.EEEE with the cursor after the first H; then
		 * Delete took an H and Alt-Delete the word "HH이 " */
		assert_string_equal(line.p, "H한국어 문단은 창의 폭보다 길어서 줄이 바뀝니다.EEEE");
		assert_int_equal(s.caret.cur.line, 0);  /* Ctrl-Home went to the top ... */
		assert_int_equal(s.caret.cur.col, strlen("시작하기"));
		assert_true(s.sel.on);                  /* ... and Shift-End selected */
		assert_non_null(strstr(got.p, "Ignored ESC [99x"));
		assert_null(strstr(got.p, "99x is not bound"));
		buf_release(&line);
		buf_release(&got);
		buf_release(&script);
		keymap_release(&u.keys);
		ui_paint_release(&u);
		session_release(&s);
	}
}

/* A session of TGT/SRC in the editor mode, the script run on it. */
static void editor_keys(Session *s, Ui *u, const char *script, Buf *screen)
{
	session_init(s);
	session_load(s, "t.rst", TGT, strlen(TGT), "t.en.rst", SRC, strlen(SRC));
	memset(u, 0, sizeof(*u));
	ui_bind_editor(u, s);
	keymap_init(&u->keys);
	theme_default(&u->theme);
	run_keys(u, &ui_editor_mode, script, 80, 20, "xterm-256color", screen);
}

static void editor_keys_end(Session *s, Ui *u, Buf *screen)
{
	buf_release(screen);
	keymap_release(&u->keys);
	ui_paint_release(u);
	session_release(s);
}

/* A prompt opens with its previous answer selected: typing replaces it,
 * a cursor key keeps it to be edited (Find, Go to line). */
static void test_prompt_previous_answer_selected(void **state)
{
	(void)state;
	Session s;
	Ui u;
	Buf screen = BUF_INIT;
	editor_keys(&s, &u, "C-f text:Short Enter C-f text:one Enter", &screen);
	assert_string_equal(s.search.last, "one"); /* not "Shortone" */
	editor_keys_end(&s, &u, &screen);

	editor_keys(&s, &u, "C-f text:Short Enter C-f Left text:x Enter", &screen);
	assert_string_equal(s.search.last, "Shorxt");
	editor_keys_end(&s, &u, &screen);

	editor_keys(&s, &u, "C-f text:Short Enter C-f Backspace text:one Enter", &screen);
	assert_string_equal(s.search.last, "one");
	editor_keys_end(&s, &u, &screen);

	/* Go to line opens with the last line asked: Enter goes there again,
	 * a digit replaces it ("41" would be past the end) */
	editor_keys(&s, &u, "C-g text:4 Enter C-Home C-g", &screen);
	assert_non_null(strstr(screen.p, "Go to line: 4"));
	editor_keys_end(&s, &u, &screen);
	editor_keys(&s, &u, "C-g text:4 Enter C-g text:6 Enter", &screen);
	assert_int_equal(s.caret.cur.line, 5);
	editor_keys_end(&s, &u, &screen);
	editor_keys(&s, &u, "C-g text:4 Enter C-Home C-g Enter", &screen);
	assert_int_equal(s.caret.cur.line, 3);
	editor_keys_end(&s, &u, &screen);
}

/* The repository view's `/` filter opens with the filter in use,
 * selected: typing replaces it. */
static void test_list_filter_selected(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	tu_sh(dir, "printf 'A\\n=\\n' >alpha.rst && cp alpha.rst beta.rst");
	setenv("XDG_CACHE_HOME", dir, 1);
	Repo r;
	repo_init(&r);
	Err e;
	err_init(&e);
	assert_true(repo_open(&r, dir, &e));
	Ui u;
	memset(&u, 0, sizeof(u));
	ui_bind_list(&u, &r);
	keymap_init(&u.keys);
	theme_default(&u.theme);
	Buf screen = BUF_INIT;
	run_keys(&u, &ui_list_mode, "/ text:alpha Enter / text:beta Enter", 80, 20,
	         "xterm-256color", &screen);
	assert_string_equal(r.text, "beta"); /* not "alphabeta" */
	assert_int_equal(r.n_shown, 1);
	buf_release(&screen);
	keymap_release(&u.keys);
	ui_paint_release(&u);
	repo_release(&r);
	free(dir);
}

/* Issue 37 item 12: the repository view's first screen waits for nothing:
 * the rows are listed before the repository's words, the cache, the
 * counts and git's dates, and the header says what is still being read. */
static void test_list_first_screen_at_once(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	tu_sh(dir, "git init -q && printf 'A\\n=\\n' >alpha.rst && cp alpha.rst beta.rst && "
	           "git add . && git -c user.name=t -c user.email=t@t commit -qm one");
	setenv("XDG_CACHE_HOME", dir, 1);
	Repo r;
	repo_init(&r);
	r.deferred = true;
	Err e;
	err_init(&e);
	assert_true(repo_open(&r, dir, &e));
	Ui u;
	memset(&u, 0, sizeof(u));
	ui_bind_list(&u, &r);
	keymap_init(&u.keys);
	theme_default(&u.theme);
	Buf screen = BUF_INIT;
	run_keys(&u, &ui_list_mode, "", 160, 12, "xterm-256color", &screen);
	assert_non_null(strstr(screen.p, "alpha.rst"));
	assert_non_null(strstr(screen.p, "beta.rst"));
	assert_non_null(strstr(screen.p, "· reading the repository's words · dates 0/2 · counting 0/2"));
	buf_release(&screen);
	/* then, in idle time: the dates, the counts */
	repo_dates_wait(&r);
	while (repo_fill_step(&r, 5))
		;
	assert_false(r.deferred);
	assert_int_equal(r.dated, 2);
	keymap_release(&u.keys);
	ui_paint_release(&u);
	repo_release(&r);
	unsetenv("XDG_CACHE_HOME");
	free(dir);
}

/* Issue 36.4 in prompts: a run of typing is one undo step, as in the editor. */
static void test_prompt_undo_runs(void **state)
{
	(void)state;
	Session s;
	Ui u;
	Buf screen = BUF_INIT;
	/* typed in two runs (a cursor key between): one Ctrl-Z takes the second */
	editor_keys(&s, &u, "C-f text:ab text:cd Left Right text:ef C-z Enter", &screen);
	assert_string_equal(s.search.last, "abcd");
	editor_keys_end(&s, &u, &screen);
	/* a run of Backspace is one step too; Ctrl-Y redoes */
	editor_keys(&s, &u, "C-f text:abcd Backspace Backspace C-z Enter", &screen);
	assert_string_equal(s.search.last, "abcd");
	editor_keys_end(&s, &u, &screen);
	editor_keys(&s, &u, "C-f text:abcd Backspace Backspace C-z C-y Enter", &screen);
	assert_string_equal(s.search.last, "ab");
	editor_keys_end(&s, &u, &screen);
	/* the previous answer typed over: Ctrl-Z gives it back */
	editor_keys(&s, &u, "C-f text:Short Enter C-f text:one C-z Enter", &screen);
	assert_string_equal(s.search.last, "Short");
	editor_keys_end(&s, &u, &screen);
	buf_release(&screen);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seq_decode),
		cmocka_unit_test(test_raw_keys_every_term),
		cmocka_unit_test(test_prompt_previous_answer_selected),
		cmocka_unit_test(test_prompt_undo_runs),
		cmocka_unit_test(test_list_filter_selected),
		cmocka_unit_test(test_list_first_screen_at_once),
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
