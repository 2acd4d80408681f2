/* The editor on sphinx-gallery `.py` tutorials (the 20 pairs of
 * ../shared/corpus/py), through the session as the UI drives it: open and
 * save without edits gives the same bytes; typing lands in the RST text of
 * a text block, Enter and paste keep its `# `, Backspace at the start of a
 * text line joins it without leaving its prefix behind; code is kept
 * (only its comments take typing) and separator lines too. */
#include "testutil.h"

#include <unistd.h>


#include "yeok/command.h"
#include "yeok/session.h"
#include "yeok/text.h"

static void check_session(Session *s)
{
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fail_msg("%s", e.msg);
}

/* A pair written to dir and opened with its English as --source. */
typedef struct Opened {
	Session s;
	char *path, *src_path;
	char *ko;
	size_t kn;
} Opened;

static void open_pair(Opened *o, const char *dir, const char *name)
{
	size_t sn;
	char *en = tu_py_file(name, "en", &sn);
	o->ko = tu_py_file(name, "ko", &o->kn);
	char *en_name = xasprintf("%s.en.py", name), *ko_name = xasprintf("%s.py", name);
	o->src_path = tu_write(dir, en_name, en, sn);
	o->path = tu_write(dir, ko_name, o->ko, o->kn);
	session_init(&o->s);
	SourceOpts so = {o->src_path, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	if (!session_open(&o->s, o->path, &so, &e))
		fail_msg("%s: %s", o->path, e.msg);
	check_session(&o->s);
	assert_int_equal(o->s.doc.tgt_host.fmt, HOST_PY);
	o->s.caret.focus = PANE_TARGET;
	free(en);
	free(en_name);
	free(ko_name);
}

/* The English of pair `name` opened as a new translation: the target is a
 * copy of the English, the English its source. */
static void open_en_copy(Opened *o, const char *dir, const char *name)
{
	size_t sn;
	char *en = tu_py_file(name, "en", &sn);
	o->ko = xmemdup0(en, sn);
	o->kn = sn;
	char *en_name = xasprintf("%s.en.py", name), *ko_name = xasprintf("%s.py", name);
	o->src_path = tu_write(dir, en_name, en, sn);
	o->path = tu_write(dir, ko_name, en, sn);
	session_init(&o->s);
	SourceOpts so = {o->src_path, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	if (!session_open(&o->s, o->path, &so, &e))
		fail_msg("%s: %s", o->path, e.msg);
	check_session(&o->s);
	o->s.caret.focus = PANE_TARGET;
	free(en);
	free(en_name);
	free(ko_name);
}

static void close_pair(Opened *o)
{
	session_release(&o->s);
	free(o->path);
	free(o->src_path);
	free(o->ko);
}

static char *saved(Opened *o, size_t *n)
{
	if (!session_save(&o->s))
		fail_msg("not saved: %s", o->s.shell.msg.text);
	return tu_read(o->path, n);
}

static Str line_of(const Session *s, size_t i)
{
	return lines_get(&s->doc.tgt, i);
}

static bool line_is(const Session *s, size_t i, const char *want)
{
	Str l = line_of(s, i);
	return l.n == strlen(want) && memcmp(l.p, want, l.n) == 0;
}

static void type(Session *s, const char *text)
{
	size_t n = strlen(text);
	for (size_t i = 0; i < n;) {
		int32_t cp;
		size_t k = text_decode(text + i, n - i, &cp);
		assert_true(session_insert(s, text + i, k));
		check_session(s);
		i += k;
	}
}

/* The first line of kind k in a region of kind rk with some text (or, for
 * want_blank, a lone `#`). */
static size_t find_line(const Session *s, HostLineKind k, HostRegionKind rk, bool want_blank)
{
	const HostDoc *h = &s->doc.tgt_host;
	for (size_t i = 0; i < s->doc.tgt.n; i++) {
		const HostRegion *g = host_region_of(h, i);
		if (!g || g->kind != rk || host_line_kind(h, i) != k)
			continue;
		Str l = line_of(s, i);
		if (want_blank ? l.n == 1 && l.p[0] == '#' : lines_line(&h->view, i)->n > 3)
			return i;
	}
	fail_msg("no such line");
	return 0;
}

static const char *const AUTOGRAD = "beginner_source__blitz__autograd_tutorial";

static void test_open_save_is_byte_identical(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char *dir = tu_tmpdir();
	char **pairs = tu_py_pairs();
	size_t files = 0;
	for (char **p = pairs; *p; p++) {
		Opened o;
		open_pair(&o, dir, *p);
		size_t n;
		char *back = saved(&o, &n);
		if (n != o.kn || memcmp(back, o.ko, n) != 0)
			fail_msg("%s: open + save changed the bytes", *p);
		free(back);
		close_pair(&o);
		files++;
	}
	assert_int_equal(files, 20);
	tu_free_list(pairs);
	free(dir);
}

static void test_text_block_typing_enter_and_save(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char *dir = tu_tmpdir();
	Opened o;
	open_pair(&o, dir, AUTOGRAD);
	Session *s = &o.s;
	size_t i = find_line(s, HL_RST, HR_TEXT, false);
	Str l0 = line_of(s, i);
	char *before = xmemdup0(l0.p, l0.n);
	assert_true(before[0] == '#' && before[1] == ' ');
	/* at the end of a text line: typing, Enter, typing */
	s->caret.cur = (Pos){i, l0.n};
	type(s, " 가");
	assert_true(session_newline(s));
	check_session(s);
	assert_true(line_is(s, i + 1, "# "));
	assert_int_equal(s->caret.cur.line, i + 1);
	assert_int_equal(s->caret.cur.col, 2);
	type(s, "나다");
	/* Enter on a line with only its prefix leaves a lone `#` behind */
	assert_true(session_newline(s));
	assert_true(session_newline(s));
	assert_true(line_is(s, i + 2, "#"));
	type(s, "라");
	check_session(s);
	/* the saved bytes: the edited line, "# 나다", "#", "# 라", the rest */
	size_t n;
	char *got = saved(&o, &n);
	Buf want = BUF_INIT;
	const char *at = strstr(o.ko, before);
	assert_non_null(at);
	size_t cut = (size_t)(at - o.ko) + strlen(before);
	buf_add(&want, o.ko, cut);
	buf_adds(&want, " 가\n# 나다\n#\n# 라");
	buf_add(&want, o.ko + cut, o.kn - cut);
	assert_int_equal(n, want.len);
	assert_memory_equal(got, want.p, n);
	/* what the file now holds is still read as one text block there */
	assert_int_equal(host_line_kind(&s->doc.tgt_host, i + 3), HL_RST);
	assert_ptr_equal(host_region_of(&s->doc.tgt_host, i), host_region_of(&s->doc.tgt_host, i + 3));
	buf_release(&want);
	free(got);
	free(before);
	close_pair(&o);
	free(dir);
}

static void test_prefix_kept_by_paste_backspace_delete(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char *dir = tu_tmpdir();
	Opened o;
	open_pair(&o, dir, AUTOGRAD);
	Session *s = &o.s;
	size_t i = find_line(s, HL_RST, HR_TEXT, false);
	Str l = line_of(s, i);
	/* typing at column 0 goes after the `# ` */
	s->caret.cur = (Pos){i, 0};
	type(s, "가");
	assert_true(line_of(s, i).p[2] == (char)0xea && line_of(s, i).p[0] == '#');
	/* pasted lines get the prefix */
	l = line_of(s, i);
	s->caret.cur = (Pos){i, l.n};
	assert_true(session_paste(s, "\n첫째\n# 둘째\n", strlen("\n첫째\n# 둘째\n")));
	check_session(s);
	assert_true(line_is(s, i + 1, "# 첫째"));
	assert_true(line_is(s, i + 2, "# 둘째"));
	assert_true(line_is(s, i + 3, "# "));
	/* Backspace at the start of a text line joins it, prefix and all */
	s->caret.cur = (Pos){i + 2, 2};
	assert_true(session_backspace(s));
	assert_true(line_is(s, i + 1, "# 첫째둘째"));
	/* Delete at the end of a line brings the next one's text up */
	l = line_of(s, i + 1);
	s->caret.cur = (Pos){i + 1, l.n};
	size_t nl = s->doc.tgt.n;
	assert_true(session_delete(s));
	assert_int_equal(s->doc.tgt.n, nl - 1);
	assert_true(line_is(s, i + 1, "# 첫째둘째"));
	check_session(s);
	/* a lone `#`: typing adds the blank of the block's `# ` first */
	size_t b = find_line(s, HL_RST, HR_TEXT, true);
	s->caret.cur = (Pos){b, 1};
	type(s, "다");
	assert_true(line_is(s, b, "# 다"));
	/* Backspace after a separator line does not join the text to it */
	size_t sep = SIZE_MAX;
	for (size_t k = 1; k < s->doc.tgt.n && sep == SIZE_MAX; k++)
		if (host_line_kind(&s->doc.tgt_host, k) == HL_SEP &&
		    host_line_kind(&s->doc.tgt_host, k + 1) == HL_RST && lines_line(&s->doc.tgt_host.view, k + 1)->n)
			sep = k;
	assert_true(sep != SIZE_MAX);
	s->caret.cur = (Pos){sep + 1, 2};
	nl = s->doc.tgt.n;
	assert_false(session_backspace(s));
	assert_int_equal(s->doc.tgt.n, nl);
	close_pair(&o);
	free(dir);
}

static void test_code_is_kept_comments_take_typing(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char *dir = tu_tmpdir();
	Opened o;
	open_pair(&o, dir, AUTOGRAD);
	Session *s = &o.s;
	const HostDoc *h = &s->doc.tgt_host;
	size_t code = SIZE_MAX, comment = SIZE_MAX, sep = SIZE_MAX;
	for (size_t i = 0; i < s->doc.tgt.n; i++) {
		Str l = line_of(s, i);
		HostLineKind k = host_line_kind(h, i);
		Str t = str_trim(l);
		if (k == HL_CODE && t.n > 3 && t.p[0] != '#' && !memchr(l.p, '#', l.n) && code == SIZE_MAX)
			code = i;
		if (k == HL_CODE && t.n > 3 && t.p[0] == '#' && comment == SIZE_MAX)
			comment = i;
		if (k == HL_SEP && sep == SIZE_MAX)
			sep = i;
	}
	assert_true(code != SIZE_MAX && comment != SIZE_MAX && sep != SIZE_MAX);
	Str l = line_of(s, code);
	char *was = xmemdup0(l.p, l.n);
	s->caret.cur = (Pos){code, l.n / 2};
	assert_false(session_insert(s, "x", 1));
	assert_non_null(strstr(s->shell.msg.text, "Code stays"));
	assert_false(session_newline(s));
	assert_false(session_backspace(s));
	assert_true(line_is(s, code, was));
	s->caret.cur = (Pos){sep, 3};
	assert_false(session_insert(s, "x", 1));
	assert_false(session_delete(s));
	/* a comment: typing after its `#`, Enter keeps `# ` and the indentation */
	l = line_of(s, comment);
	size_t ind = 0;
	while (l.p[ind] == ' ')
		ind++;
	s->caret.cur = (Pos){comment, ind};
	assert_false(session_insert(s, "x", 1)); /* before the `#`: code */
	s->caret.cur = (Pos){comment, l.n};
	type(s, " 주석");
	assert_true(session_newline(s));
	Str n = line_of(s, comment + 1);
	assert_true(n.n == ind + 2 && n.p[ind] == '#' && n.p[ind + 1] == ' ');
	/* the `#` of a comment is not deleted, and the editor says why */
	s->caret.cur = (Pos){comment + 1, ind + 1};
	assert_false(session_backspace(s));
	assert_non_null(strstr(s->shell.msg.text, "only the comment's text is translated"));
	check_session(s);
	/* nor the `#` of a comment after code (`prediction = model(data) #
	 * forward pass`): Backspace at its text's start leaves the line */
	size_t after = SIZE_MAX;
	for (size_t i = 0; i < s->doc.tgt.n && after == SIZE_MAX; i++) {
		Str t = str_trim(line_of(s, i));
		const char *hash = memchr(t.p, '#', t.n);
		if (host_line_kind(h, i) == HL_CODE && t.n && t.p[0] != '#' && hash &&
		    hash + 2 < t.p + t.n)
			after = i;
	}
	assert_true(after != SIZE_MAX);
	l = line_of(s, after);
	char *line_was = xmemdup0(l.p, l.n);
	size_t text_at = (size_t)((const char *)memchr(l.p, '#', l.n) - l.p) + 1;
	s->caret.cur = (Pos){after, text_at};
	assert_false(session_backspace(s));
	assert_non_null(strstr(s->shell.msg.text, "stay as in the English"));
	assert_true(line_is(s, after, line_was));
	free(line_was);
	check_session(s);
	free(was);
	close_pair(&o);
	free(dir);
}

/* The file as Python reads it: every line of a text block (as sphinx-gallery
 * reads the file now) starts with `#`, the text blocks and the docstring are
 * the ones the file had, and python3's ast.parse accepts the saved bytes
 * (when /usr/bin/python3 is there). */
static void assert_python_ok(Opened *o, size_t text_regions)
{
	Session *s = &o->s;
	HostDoc h;
	host_init(&h);
	host_segment(&s->doc.tgt, HOST_PY, &h);
	size_t texts = 0;
	for (size_t r = 0; r < h.regions.n; r++) {
		const HostRegion *g = &h.regions.v[r];
		if (g->kind != HR_TEXT)
			continue;
		texts++;
		for (size_t i = g->first; i <= g->last; i++) {
			Str l = lines_get(&s->doc.tgt, i);
			if (!l.n || l.p[0] != '#')
				fail_msg("line %zu of a text block lost its '#': %.*s", i + 1, (int)l.n, l.p);
		}
	}
	if (texts != text_regions)
		fail_msg("%zu text blocks, the file had %zu", texts, text_regions);
	host_release(&h);
	size_t n;
	char *got = saved(o, &n);
	free(got);
	if (access("/usr/bin/python3", X_OK) == 0) {
		char *cmd = xasprintf("/usr/bin/python3 -c 'import ast,sys; ast.parse(open(sys.argv[1],"
		                      "encoding=\"utf-8\").read())' '%s' 2>/dev/null",
		                      o->path);
		int rc = system(cmd);
		free(cmd);
		if (rc != 0)
			fail_msg("%s: python3 cannot parse the saved file", o->path);
	}
}

static size_t text_regions_of(const Session *s)
{
	size_t n = 0;
	for (size_t r = 0; r < s->doc.tgt_host.regions.n; r++)
		n += s->doc.tgt_host.regions.v[r].kind == HR_TEXT;
	return n;
}

static size_t line_with(const Session *s, const char *text)
{
	for (size_t i = 0; i < s->doc.tgt.n; i++) {
		Str l = line_of(s, i);
		if (l.n == strlen(text) && memcmp(l.p, text, l.n) == 0)
			return i;
	}
	fail_msg("no line '%s'", text);
	return 0;
}

/* Issue 36.1 and 36.4: Alt-x on a text block's title and typing Korean keeps
 * the underline a `#` line as wide as the title (prefix included); the
 * typing is undone as one run, the clearing as the step before it. */
static void test_py_title_follows_typing(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char *dir = tu_tmpdir();
	Opened o;
	open_en_copy(&o, dir, "advanced_source__neural_style_tutorial");
	Session *s = &o.s;
	size_t regions = text_regions_of(s);
	size_t t = line_with(s, "# Underlying Principle");
	s->caret.cur = (Pos){t, 5};
	assert_true(command_run(s, "clear-block", NULL));
	assert_true(line_is(s, t, "# "));
	type(s, "기본 원리와 그 너머의 이야기");
	check_session(s);
	assert_true(line_is(s, t, "# 기본 원리와 그 너머의 이야기"));
	Str u = line_of(s, t + 1);
	int w = text_width("기본 원리와 그 너머의 이야기", strlen("기본 원리와 그 너머의 이야기"));
	assert_true(u.n >= 2 && u.p[0] == '#' && u.p[1] == ' ');
	assert_int_equal(u.n - 2, (size_t)w);
	for (size_t i = 2; i < u.n; i++)
		assert_int_equal(u.p[i], '-');
	assert_python_ok(&o, regions);
	/* one undo: the typed run, with what the underline did; the second: Alt-x */
	assert_true(command_run(s, "undo", NULL));
	assert_true(line_is(s, t, "# "));
	assert_true(command_run(s, "undo", NULL));
	assert_true(line_is(s, t, "# Underlying Principle"));
	assert_true(line_is(s, t + 1, "# --------------------"));
	check_session(s);
	/* typing over the title selected with Shift-Home does the same */
	s->caret.cur = (Pos){t, line_of(s, t).n};
	session_select(s, MV_HOME);
	type(s, "원리");
	check_session(s);
	assert_true(line_is(s, t, "# 원리"));
	u = line_of(s, t + 1);
	assert_true(u.n >= 2 + 4 && u.p[0] == '#' && u.p[1] == ' ');
	assert_python_ok(&o, regions);
	close_pair(&o);
	free(dir);
}

/* Issue 36, "also seen": in a code comment Alt-x, Shift-Home + typing and
 * Home + Ctrl-K act on the text after `# `; in a text block Home stops
 * after `# `; Backspace at the start of a text line below a lone `#` keeps
 * the blank (`# 새 줄`, not `#새 줄`). */
static void test_comment_and_prefix_edits(void **state)
{
	(void)state;
	const char *t = "\"\"\"\nTitle\n=====\n\"\"\"\n\n"
	                "######################################################################\n"
	                "# First text line.\n#\n# After a lone hash.\n\n"
	                "def f():\n    # A comment on two\n    # lines of code.\n    return 1  # the one\n";
	Session s;
	session_init(&s);
	session_load(&s, "t.py", t, strlen(t), "en", t, strlen(t));
	s.caret.focus = PANE_TARGET;
	/* Home in a text block: after `# ` */
	s.caret.cur = (Pos){6, 10};
	session_move(&s, MV_HOME);
	assert_int_equal(s.caret.cur.col, 2);
	/* Backspace below a lone `#` */
	s.caret.cur = (Pos){8, 2};
	assert_true(session_backspace(&s));
	assert_true(line_is(&s, 7, "# After a lone hash."));
	assert_true(command_run(&s, "undo", NULL));
	assert_true(line_is(&s, 7, "#"));
	/* Home + Ctrl-K in a comment after code */
	s.caret.cur = (Pos){13, lines_get(&s.doc.tgt, 13).n};
	session_move(&s, MV_HOME);
	assert_int_equal(s.caret.cur.col, strlen("    return 1  # "));
	assert_true(session_kill_line(&s));
	assert_true(line_is(&s, 13, "    return 1  # "));
	/* Shift-Home + typing in an own-line comment */
	s.caret.cur = (Pos){12, lines_get(&s.doc.tgt, 12).n};
	session_select(&s, MV_HOME);
	type(&s, "코드의 줄.");
	assert_true(line_is(&s, 12, "    # 코드의 줄."));
	/* Alt-x on a comment of two lines: one `# ` line left, the code stays */
	s.caret.cur = (Pos){11, 6};
	assert_true(command_run(&s, "clear-block", NULL));
	assert_true(line_is(&s, 11, "    # "));
	assert_true(line_is(&s, 12, "    return 1  # "));
	type(&s, "두 줄 주석");
	assert_true(line_is(&s, 11, "    # 두 줄 주석"));
	check_session(&s);
	Buf why = BUF_INIT;
	assert_false(session_py_broken(&s, &why));
	buf_release(&why);
	session_release(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_save_is_byte_identical),
		cmocka_unit_test(test_text_block_typing_enter_and_save),
		cmocka_unit_test(test_prefix_kept_by_paste_backspace_delete),
		cmocka_unit_test(test_code_is_kept_comments_take_typing),
		cmocka_unit_test(test_py_title_follows_typing),
		cmocka_unit_test(test_comment_and_prefix_edits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
