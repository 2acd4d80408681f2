/* session + command with the core modules, headless: the sidecar (statuses,
 * cursor, source record, corrupt files), the checklist, the translator
 * line, stale segments, the glossary, the findings kept per segment. */
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

static const char *const EN =
	"Getting Started\n"
	"===============\n"
	"\n"
	"**Author**: `Jane Doe <https://example.com/jane>`__\n"
	"\n"
	"Every parameter of the model is a Tensor.\n"
	"\n"
	".. code-block:: python\n"
	"\n"
	"   x = 1\n"
	"\n"
	"The optimizer updates each parameter.\n";

static const char *const KO =
	"시작하기\n"
	"========\n"
	"\n"
	"**Author**: `Jane Doe <https://example.com/jane>`__\n"
	"\n"
	"모델의 모든 파라미터는 Tensor입니다.\n"
	"\n"
	".. code-block:: python\n"
	"\n"
	"   x = 1\n"
	"\n"
	"The optimizer updates each parameter.\n";

typedef struct Fx {
	char *dir, *ko, *en;
} Fx;

static void fx_make(Fx *f, const char *ko, const char *en)
{
	f->dir = tu_tmpdir();
	f->ko = tu_write(f->dir, "t.rst", ko, strlen(ko));
	f->en = tu_write(f->dir, "t.en.rst", en, strlen(en));
}

static void fx_free(Fx *f)
{
	free(f->dir);
	free(f->ko);
	free(f->en);
}

static void open_doc(Session *s, const Fx *f, bool with_source)
{
	session_init(s);
	SourceOpts so = {with_source ? f->en : NULL, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	if (!session_open(s, f->ko, &so, &e))
		fail_msg("open: %s", e.msg);
	check_session(s);
}

/* The segment whose target starts at line (0-based). */
static long seg_at(Session *s, size_t line)
{
	s->caret.focus = PANE_TARGET;
	s->caret.cur = (Pos){line, 0};
	return session_cur_seg(s);
}

static void test_done_survives_reopen_with_cursor(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, KO, EN);
	Session s;
	open_doc(&s, &f, true);
	long k = seg_at(&s, 5);
	assert_true(k >= 0);
	assert_int_equal(s.doc.al.v[k].status, ST_DRAFT);
	assert_true(command_run(&s, "done-next", NULL));
	assert_int_equal(s.doc.al.v[k].status, ST_DONE);
	s.caret.cur = (Pos){5, 6};
	assert_true(command_run(&s, "save", NULL));
	assert_true(!strncmp(s.shell.msg.text, "Saved ", 6) && !s.shell.msg.error);
	session_release(&s);
	/* the sidecar is there, with the source recorded */
	char *scp = sidecar_path(f.ko);
	assert_true(file_exists(scp));
	Sidecar sc;
	sidecar_init(&sc);
	Err e;
	err_init(&e);
	assert_true(sidecar_load(scp, &sc, NULL, &e));
	assert_int_equal(sc.source.kind, SIDECAR_SRC_FILE);
	assert_int_equal(sc.cursor_line, 6);
	sidecar_release(&sc);
	/* reopen without --source: the English comes from the record */
	open_doc(&s, &f, false);
	assert_int_equal(s.side.src.origin, SOURCE_SIDECAR);
	k = seg_at(&s, 5);
	assert_int_equal(s.doc.al.v[k].status, ST_DONE);
	session_release(&s);
	open_doc(&s, &f, false);
	assert_int_equal(s.caret.cur.line, 5);
	assert_int_equal(s.caret.cur.col, 6);
	session_release(&s);
	free(scp);
	fx_free(&f);
}

static void test_snapshot_when_no_source_given(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, EN, EN);
	Session s;
	open_doc(&s, &f, false);
	assert_int_equal(s.side.src.origin, SOURCE_SELF);
	/* translate a paragraph, save: the English as first opened is kept */
	s.caret.cur = (Pos){5, 0};
	Pos end = {5, lines_line(&s.doc.tgt, 5)->n};
	doc_replace(&s.doc, s.caret.cur, end, "번역된 문장.", strlen("번역된 문장."), CH_OTHER);
	s.view.dirty = true;
	assert_true(session_save(&s));
	session_release(&s);
	open_doc(&s, &f, false);
	assert_int_equal(s.side.src.origin, SOURCE_SIDECAR);
	Str ln = lines_get(&s.doc.src, 5);
	assert_true(ln.n > 10 && !memcmp(ln.p, "Every parameter", 15));
	session_release(&s);
	fx_free(&f);
}

static void test_corrupt_sidecar_set_aside(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, KO, EN);
	const char *bad = "yeok: 1\nchecklist: {license: [oops\n";
	char *scp = sidecar_path(f.ko);
	FILE *fp = fopen(scp, "w");
	fputs(bad, fp);
	fclose(fp);
	Session s;
	open_doc(&s, &f, true);
	assert_true(s.shell.msg.error);
	assert_non_null(strstr(s.shell.msg.text, ".yeok.yaml:"));
	assert_non_null(strstr(s.shell.msg.text, "set aside"));
	char *badp = xasprintf("%s.bad", scp);
	assert_true(file_exists(badp));
	assert_false(file_exists(scp));
	/* the editor works and the next save writes a fresh sidecar */
	assert_true(session_save(&s));
	assert_true(file_exists(scp));
	session_release(&s);
	free(badp);
	free(scp);
	fx_free(&f);
}

static void test_checklist_through_commands(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, KO, EN);
	Session s;
	open_doc(&s, &f, true);
	ChecklistPart parts[CHECKLIST_PARTS];
	assert_int_equal(session_checklist(&s, parts), 3);
	assert_true(command_run(&s, "checklist", NULL));
	assert_true(s.dlg.pick.on);
	assert_int_equal(s.dlg.pick.items.n, 5);
	assert_true(command_run(&s, "checklist-item", "0")); /* license: yes */
	assert_true(s.dlg.pick.on);
	assert_true(command_run(&s, "checklist-item", "1")); /* issue: asks */
	assert_int_equal(s.shell.ask.kind, SHELL_ASK_LINE);
	s.shell.ask.kind = SHELL_ASK_NONE;
	assert_true(command_run(&s, "checklist-issue", "#1132"));
	assert_true(command_run(&s, "checklist-item", "2")); /* type: a list */
	assert_true(s.dlg.pick.on);
	assert_int_equal(s.dlg.pick.items.n, 4);
	assert_true(command_run(&s, "checklist-type", "1")); /* translate */
	assert_true(command_run(&s, "checklist-item", "3"));
	s.shell.ask.kind = SHELL_ASK_NONE;
	assert_true(command_run(&s, "checklist-name", "홍길동"));
	assert_true(command_run(&s, "checklist-item", "4"));
	s.shell.ask.kind = SHELL_ASK_NONE;
	assert_true(command_run(&s, "checklist-url", "https://github.com/hong"));
	session_pick_close(&s);
	assert_true(s.side.dirty);
	/* quitting now asks */
	assert_true(command_run(&s, "quit", NULL));
	assert_true(s.dlg.q.on);
	assert_string_equal(session_question_answer(&s, "s"), "save-quit");
	s.dlg.q.on = false;
	assert_true(command_run(&s, "save", NULL));
	assert_false(s.side.dirty);
	session_release(&s);
	open_doc(&s, &f, false);
	Buf b = BUF_INIT;
	sidecar_checklist_text(&s.side.sc.checklist, &b);
	assert_string_equal(b.p, "[x]라이선스 #1132 번역");
	buf_release(&b);
	Buf l = BUF_INIT, r = BUF_INIT;
	StatusSpanVec ls = {0}, rs = {0};
	session_clear_msg(&s);
	session_prepare_frame(&s);
	session_status_spans(&s, &l, &ls, &r, &rs);
	assert_non_null(strstr(r.p, "[x]라이선스 #1132 번역"));
	for (size_t i = 0; i < rs.n; i++)
		assert_int_not_equal(rs.v[i].kind, SPAN_WARN);
	buf_release(&l);
	buf_release(&r);
	VEC_FREE(&ls);
	VEC_FREE(&rs);
	assert_string_equal(s.side.sc.translator_name, "홍길동");
	/* the translator line: inserted after the author line, one undo step */
	assert_true(command_run(&s, "translator-line", NULL));
	Str ln = lines_get(&s.doc.tgt, 4);
	Buf want = BUF_INIT;
	buf_adds(&want, "**번역**: `홍길동 <https://github.com/hong>`_");
	assert_int_equal(ln.n, want.len);
	assert_memory_equal(ln.p, want.p, want.len);
	buf_release(&want);
	check_session(&s);
	assert_true(command_run(&s, "translator-line", NULL)); /* already there */
	assert_true(command_run(&s, "undo", NULL));
	Buf t = BUF_INIT;
	lines_serialize(&s.doc.tgt, &t);
	assert_string_equal(t.p, KO);
	buf_release(&t);
	session_release(&s);
	fx_free(&f);
}

static void test_stale_segment_and_word_diff(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, KO, EN);
	Session s;
	open_doc(&s, &f, true);
	long k = seg_at(&s, 5);
	session_set_status(&s, (size_t)k, ST_DONE);
	assert_true(session_save(&s));
	session_release(&s);
	/* the English of that paragraph changes upstream */
	const char *en2 = "Getting Started\n===============\n\n"
	                  "**Author**: `Jane Doe <https://example.com/jane>`__\n\n"
	                  "Every trainable parameter of the model is a Tensor.\n\n"
	                  ".. code-block:: python\n\n   x = 1\n\n"
	                  "The optimizer updates each parameter.\n";
	char *en2p = tu_write(f.dir, "t.en2.rst", en2, strlen(en2));
	session_init(&s);
	SourceOpts so = {en2p, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	assert_true(session_open(&s, f.ko, &so, &e));
	k = seg_at(&s, 5);
	assert_int_equal(s.doc.al.v[k].status, ST_STALE);
	Buf a = BUF_INIT, b = BUF_INIT;
	assert_true(session_stale_texts(&s, (size_t)k, &a, &b));
	assert_string_equal(a.p, "Every parameter of the model is a Tensor.");
	assert_string_equal(b.p, "Every trainable parameter of the model is a Tensor.");
	DiffWords wa = {0}, wb = {0};
	Diff d = {0};
	diff_words(a.p, a.len, b.p, b.len, &wa, &wb, &d);
	bool saw_ins = false;
	for (size_t i = 0; i < d.n; i++) {
		if (d.v[i].kind == DIFF_INS) {
			const DiffWord *w = &wb.v[d.v[i].b_pos];
			saw_ins |= !strncmp(b.p + w->off, "trainable", 9);
		}
		assert_int_not_equal(d.v[i].kind, DIFF_DEL);
	}
	assert_true(saw_ins);
	diff_release(&d);
	free(wa.v);
	free(wb.v);
	assert_true(command_run(&s, "stale-diff", NULL));
	assert_true(s.dlg.diff);
	/* still stale after a save and reopen (with the same new English) */
	assert_true(session_save(&s));
	session_release(&s);
	open_doc(&s, &f, false);
	k = seg_at(&s, 5);
	assert_int_equal(s.doc.al.v[k].status, ST_STALE);
	a.len = b.len = 0;
	assert_true(session_stale_texts(&s, (size_t)k, &a, &b));
	assert_string_equal(a.p, "Every parameter of the model is a Tensor.");
	/* marking it done ends it */
	assert_true(command_run(&s, "done-next", NULL));
	assert_true(session_save(&s));
	session_release(&s);
	open_doc(&s, &f, false);
	k = seg_at(&s, 5);
	assert_int_equal(s.doc.al.v[k].status, ST_DONE);
	session_release(&s);
	buf_release(&a);
	buf_release(&b);
	free(en2p);
	fx_free(&f);
}

static void load_glossary(Session *s)
{
	Err e;
	err_init(&e);
	/* the tree's glossary: the tests run from the tree */
	if (!session_glossary_load(s, "glossary/ko.yaml", NULL, 0, &e))
		fail_msg("%s", e.msg);
	assert_true(s->gloss.loaded);
}

static void test_glossary_hints_and_insert(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, KO, EN);
	Session s;
	open_doc(&s, &f, true);
	load_glossary(&s);
	long k = seg_at(&s, 5);
	GlossHintVec hv = {0};
	assert_true(session_hints(&s, k, &hv) >= 2);
	bool param_violated = false;
	for (size_t i = 0; i < hv.n; i++)
		if (!strcmp(session_glossary(&s)->v[hv.v[i].term].en[0], "parameter"))
			param_violated = hv.v[i].violated;
	assert_true(param_violated);
	VEC_FREE(&hv);
	Buf l = BUF_INIT;
	StatusSpanVec ls = {0};
	session_clear_msg(&s);
	session_prepare_frame(&s);
	session_status_spans(&s, &l, &ls, NULL, NULL);
	assert_non_null(strstr(l.p, "!parameter -> 매개변수"));
	bool warn = false;
	for (size_t i = 0; i < ls.n; i++)
		warn |= ls.v[i].kind == SPAN_WARN;
	assert_true(warn);
	buf_release(&l);
	VEC_FREE(&ls);
	/* F3: the list, Enter inserts at the cursor */
	assert_true(command_run(&s, "glossary", NULL));
	assert_true(s.dlg.pick.on);
	size_t pi = SIZE_MAX;
	for (size_t i = 0; i < s.dlg.pick.items.n; i++)
		if (strstr(s.dlg.pick.items.v[i], "매개변수"))
			pi = i;
	assert_true(pi != SIZE_MAX);
	s.caret.cur = (Pos){5, 0};
	char arg[16];
	snprintf(arg, sizeof(arg), "%zu", pi);
	assert_true(command_run(&s, "glossary-insert", arg));
	assert_false(s.dlg.pick.on);
	Str ln = lines_get(&s.doc.tgt, 5);
	assert_true(ln.n > 12 && !memcmp(ln.p, "매개변수", strlen("매개변수")));
	check_session(&s);
	session_release(&s);
	fx_free(&f);
}

/* The per-segment findings after edits equal a fresh run. */
#define assert_findings_fresh(s) findings_fresh_at((s), __LINE__)
static void findings_fresh_at(Session *s, int at)
{
	FindingVec a = {0}, b = {0};
	session_findings_list(s, &a);
	CheckDoc d;
	check_doc_init(&d, s->doc.tgt_host.text, &s->doc.tgt_host.blocks, s->doc.src_host.text, &s->doc.src_host.blocks, &s->doc.al,
	               session_glossary(s));
	for (size_t k = 0; k < s->doc.al.n; k++)
		check_unit(&d, &s->chk.cset, k, &b);
	findings_sort(&b);
	check_doc_release(&d);
	if (a.n != b.n) {
		print_message("# findings differ (called at line %d)\n", at);
		for (size_t i = 0; i < a.n; i++)
			print_message("# inc %zu %s %s\n", a.v[i].line, check_info(a.v[i].check)->id, a.v[i].message);
		for (size_t i = 0; i < b.n; i++)
			print_message("# new %zu %s %s\n", b.v[i].line, check_info(b.v[i].check)->id, b.v[i].message);
	}
	assert_int_equal(a.n, b.n);
	for (size_t i = 0; i < a.n; i++) {
		assert_int_equal(a.v[i].line, b.v[i].line);
		assert_int_equal(a.v[i].check, b.v[i].check);
		assert_string_equal(a.v[i].message, b.v[i].message);
	}
	findings_clear(&a);
	findings_clear(&b);
	VEC_FREE(&a);
	VEC_FREE(&b);
}

static void test_findings_incremental_and_autofix(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, KO, EN);
	Session s;
	open_doc(&s, &f, true);
	load_glossary(&s);
	session_checks_on(&s, false);
	assert_true(s.chk.pending > 0);
	while (session_checks_step(&s, 2))
		;
	assert_findings_fresh(&s);
	size_t before = s.chk.n;
	assert_true(before >= 1); /* 파라미터 */
	/* the title "시작하기" is 8 columns: its underline grows with it, and
	 * markup glued to Hangul in it is a new finding */
	s.caret.focus = PANE_TARGET;
	s.caret.cur = (Pos){0, lines_get(&s.doc.tgt, 0).n};
	assert_true(session_insert(&s, " ``x``를", strlen(" ``x``를")));
	assert_int_equal(lines_get(&s.doc.tgt, 1).n, 16);
	/* the key does not rebuild the document's index: the first idle step does */
	session_sync(&s);
	assert_true(s.chk.check_doc_stale);
	while (session_checks_step(&s, 8))
		;
	assert_false(s.chk.check_doc_stale);
	assert_findings_fresh(&s);
	assert_int_equal(s.chk.n, before + 1);
	/* type elsewhere: only that segment is checked again */
	s.caret.cur = (Pos){11, 0};
	for (const char *p = "가나다 "; *p;) {
		int32_t cp;
		size_t n = text_decode(p, strlen(p), &cp);
		assert_true(session_insert(&s, p, n));
		p += n;
	}
	session_sync(&s);
	assert_findings_fresh(&s);
	/* autofix the markup spacing: one undo step, the underline still fits */
	s.caret.cur = (Pos){0, 0};
	assert_true(command_run(&s, "autofix", NULL));
	Str ul = lines_get(&s.doc.tgt, 1);
	Str l0 = lines_get(&s.doc.tgt, 0);
	assert_true(ul.n >= (size_t)text_width(l0.p, l0.n));
	while (session_checks_step(&s, 8))
		; /* a title edit: everything again, between keys */
	assert_int_equal(s.chk.n, before);
	assert_findings_fresh(&s);
	assert_true(command_run(&s, "undo", NULL));
	l0 = lines_get(&s.doc.tgt, 0);
	assert_true(l0.n == strlen("시작하기 ``x``를") && memcmp(l0.p, "시작하기 ``x``를", l0.n) == 0);
	session_sync(&s);
	assert_findings_fresh(&s);
	check_session(&s);
	/* F5 lists them with a jump */
	assert_true(command_run(&s, "findings", NULL));
	assert_true(s.dlg.pick.on);
	assert_true(s.dlg.pick.items.n >= 2);
	size_t want = (size_t)(s.dlg.pick.data.v[1] / 1048576L);
	assert_true(strstr(s.dlg.pick.items.v[1], "[") != NULL);
	assert_true(command_run(&s, "goto-finding", "1"));
	assert_int_equal(s.caret.cur.line, want);
	assert_false(s.dlg.pick.on);
	/* M-a in the list (fix-finding): the selected finding's fix; one
	 * without a fix says so and changes nothing */
	/* a short underline as a file may have it (the editor's edits keep
	 * an underline as wide as its title) */
	doc_replace(&s.doc, (Pos){1, 0}, (Pos){1, lines_get(&s.doc.tgt, 1).n}, "====", 4, CH_OTHER);
	session_sync(&s);
	while (session_checks_step(&s, 8))
		;
	assert_true(command_run(&s, "findings", NULL));
	assert_string_equal(s.dlg.pick.alt_of, "autofix"); /* M-a by default */
	size_t fix_i = SIZE_MAX, other_i = SIZE_MAX;
	for (size_t i = 0; i < s.dlg.pick.items.n; i++) {
		if (strstr(s.dlg.pick.items.v[i], "[title-underline]"))
			fix_i = i;
		else if (strstr(s.dlg.pick.items.v[i], "[glossary]"))
			other_i = i;
	}
	assert_true(fix_i != SIZE_MAX && other_i != SIZE_MAX);
	char arg[16];
	snprintf(arg, sizeof(arg), "%zu", fix_i);
	assert_true(command_run(&s, s.dlg.pick.alt_then, arg));
	assert_false(s.dlg.pick.on);
	ul = lines_get(&s.doc.tgt, 1);
	l0 = lines_get(&s.doc.tgt, 0);
	assert_int_equal(ul.n, (size_t)text_width(l0.p, l0.n));
	assert_non_null(strstr(s.shell.msg.text, "Fixed title-underline"));
	assert_true(command_run(&s, "findings", NULL));
	for (size_t i = 0; i < s.dlg.pick.items.n; i++)
		if (strstr(s.dlg.pick.items.v[i], "[glossary]"))
			other_i = i;
	uint64_t gen = s.doc.gen;
	snprintf(arg, sizeof(arg), "%zu", other_i);
	assert_false(command_run(&s, "fix-finding", arg));
	assert_non_null(strstr(s.shell.msg.text, "no automatic fix"));
	assert_true(s.doc.gen == gen);
	check_session(&s);
	session_release(&s);
	fx_free(&f);
}

/* Trailing whitespace on lines of a paragraph: one finding, and autofix
 * trims every line of it in one undo step, the lines' count kept. */
static void test_autofix_trailing_whitespace(void **state)
{
	(void)state;
	const char *en = "Title\n=====\n\nThe first line\nthe second line\nthe third line.\n";
	const char *ko = "제목\n====\n\n첫째 줄이고 \n둘째 줄이고\n셋째 줄입니다.  \n";
	Fx f;
	fx_make(&f, ko, en);
	Session s;
	open_doc(&s, &f, true);
	session_checks_on(&s, false);
	while (session_checks_step(&s, 2))
		;
	FindingVec v = {0};
	session_findings_list(&s, &v);
	size_t ws = 0;
	for (size_t i = 0; i < v.n; i++)
		if (v.v[i].check == CK_WHITESPACE) {
			ws++;
			assert_int_equal(v.v[i].line, 3);
			assert_int_equal(v.v[i].last, 5);
			assert_non_null(strstr(v.v[i].message, "on 2 lines of this block (4, 6)"));
		}
	assert_int_equal(ws, 1);
	findings_clear(&v);
	size_t n = s.doc.tgt.n;
	s.caret.focus = PANE_TARGET;
	s.caret.cur = (Pos){4, 0};
	assert_true(command_run(&s, "autofix", NULL));
	assert_non_null(strstr(s.shell.msg.text, "Fixed whitespace"));
	assert_int_equal(s.doc.tgt.n, n);
	assert_true(str_eq_cstr(lines_get(&s.doc.tgt, 3), "첫째 줄이고"));
	assert_true(str_eq_cstr(lines_get(&s.doc.tgt, 4), "둘째 줄이고"));
	assert_true(str_eq_cstr(lines_get(&s.doc.tgt, 5), "셋째 줄입니다."));
	session_sync(&s);
	while (session_checks_step(&s, 8))
		;
	session_findings_list(&s, &v);
	for (size_t i = 0; i < v.n; i++)
		assert_int_not_equal(v.v[i].check, CK_WHITESPACE);
	findings_clear(&v);
	VEC_FREE(&v);
	assert_true(command_run(&s, "undo", NULL));
	assert_true(str_eq_cstr(lines_get(&s.doc.tgt, 3), "첫째 줄이고 "));
	assert_true(str_eq_cstr(lines_get(&s.doc.tgt, 5), "셋째 줄입니다.  "));
	check_session(&s);
	session_release(&s);
	fx_free(&f);
}

static void test_spelling_f7_and_word_lists(void **state)
{
	(void)state;
	const char *en = "Title\n=====\n\nWe run it in the cloud today.\n";
	const char *ko = "제목\n====\n\n오늘 클라우드에서 실행합니다.\n";
	Fx f;
	fx_make(&f, ko, en);
	Session s;
	open_doc(&s, &f, true);
	char *words = xasprintf("%s/words", f.dir);
	SpellOptions o = {.personal_words = words, .project_top = f.dir};
	session_spell_start(&s, &o);
	spell_wait(s.spell.sp);
	if (!spell_has_dict(s.spell.sp, SPELL_HANGUL)) {
		session_release(&s);
		free(words);
		fx_free(&f);
		skip();
	}
	SpellMisses m = {0};
	assert_int_equal(session_spell_line(&s, 3, &m), 1);
	Str ln = lines_get(&s.doc.tgt, 3);
	assert_int_equal(m.v[0].len, strlen("클라우드에서"));
	assert_memory_equal(ln.p + m.v[0].off, "클라우드에서", m.v[0].len);
	m.n = 0;
	/* English in the source and Korean elsewhere do not flag */
	assert_int_equal(session_spell_line(&s, 0, &m), 0);
	VEC_FREE(&m);
	/* F7: a list, suggestions computed on the spelling thread */
	s.caret.focus = PANE_TARGET;
	s.caret.cur = (Pos){3, strlen("오늘 ") + 3};
	assert_true(command_run(&s, "spell", NULL));
	assert_true(s.dlg.pick.on);
	assert_true(session_spell_poll(&s, true));
	assert_true(s.dlg.pick.on);
	size_t last = s.dlg.pick.items.n - 1;
	assert_non_null(strstr(s.dlg.pick.items.v[last], ".yeok-words"));
	/* the project list item adds the word to TOP/.yeok-words */
	char arg[16];
	snprintf(arg, sizeof(arg), "%zu", last);
	assert_true(command_run(&s, "spell-choose", arg));
	char *pw = xasprintf("%s/.yeok-words", f.dir);
	size_t n;
	char *got = tu_read(pw, &n);
	assert_non_null(strstr(got, "클라우드"));
	free(got);
	spell_wait(s.spell.sp);
	m.n = 0;
	assert_int_equal(session_spell_line(&s, 3, &m), 0);
	VEC_FREE(&m);
	/* a suggestion replaces the word: one undo step */
	s.spell.word = s.spell.word ? s.spell.word : xstrdup("");
	free(s.spell.word);
	s.spell.word = xstrdup("클라우드에서");
	s.spell.at = (Pos){3, strlen("오늘 ")};
	s.spell.len = strlen("클라우드에서");
	spell_list_free(s.spell.sugg, s.spell.nsugg);
	s.spell.sugg = xmalloc(sizeof(char *));
	s.spell.sugg[0] = xstrdup("구름에서");
	s.spell.nsugg = 1;
	assert_true(session_spell_choose(&s, 0));
	ln = lines_get(&s.doc.tgt, 3);
	assert_true(!memcmp(ln.p, "오늘 구름에서 실행", strlen("오늘 구름에서 실행")));
	assert_true(command_run(&s, "undo", NULL));
	Buf t = BUF_INIT;
	lines_serialize(&s.doc.tgt, &t);
	assert_string_equal(t.p, ko);
	buf_release(&t);
	/* M-w: the personal list (F7's word, nothing is flagged at the cursor now) */
	assert_true(command_run(&s, "spell-add-word", NULL));
	got = tu_read(words, &n);
	assert_non_null(strstr(got, "클라우드에서"));
	free(got);
	check_session(&s);
	session_release(&s);
	free(pw);
	free(words);
	fx_free(&f);
}

/* Spelling marks are remembered per line by content: a second frame with
 * no edit looks up no word; after one edit only the edited line's words
 * are looked up again, and the marks are those of a fresh check. */
static void test_spelling_marks_cached_per_line(void **state)
{
	(void)state;
	const char *en = "Title\n=====\n\nWe run it in the cloud today.\nThen we train the model.\n"
	                 "And we save it.\n";
	const char *ko = "제목\n====\n\n오늘 클라우드에서 실행합니다.\n그 다음 모델을 학습합니다.\n"
	                 "그리고 저장합니다.\n";
	Fx f;
	fx_make(&f, ko, en);
	Session s;
	open_doc(&s, &f, true);
	char *words = xasprintf("%s/words", f.dir);
	SpellOptions o = {.personal_words = words, .project_top = f.dir};
	session_spell_start(&s, &o);
	spell_wait(s.spell.sp);
	if (!spell_has_dict(s.spell.sp, SPELL_HANGUL)) {
		session_release(&s);
		free(words);
		fx_free(&f);
		skip();
	}
	SpellMisses first = {0}, m = {0};
	SpellStats st0, st1;
	for (size_t i = 0; i < s.doc.tgt.n; i++)
		session_spell_line(&s, i, &first);
	spell_stats(s.spell.sp, &st0);
	for (size_t i = 0; i < s.doc.tgt.n; i++)
		session_spell_line(&s, i, &m);
	spell_stats(s.spell.sp, &st1);
	assert_int_equal(st1.lookups - st0.lookups, 0);
	assert_int_equal(m.n, first.n);
	assert_memory_equal(m.v, first.v, m.n * sizeof(*m.v));
	assert_int_equal(first.n, 1); /* 클라우드에서 */
	/* one edit on line 4: its words only */
	Str ln = lines_get(&s.doc.tgt, 4);
	const char *add = " 클라우드에서도";
	session_replace(&s, (Pos){4, ln.n}, (Pos){4, ln.n}, add, strlen(add), CH_OTHER, SR_GROUP);
	ln = lines_get(&s.doc.tgt, 4);
	SpellMisses fresh = {0};
	spell_stats(s.spell.sp, &st0);
	spell_check_text(s.spell.sp, ln.p, ln.n, NULL, SPELL_NOWAIT, &fresh);
	spell_stats(s.spell.sp, &st1);
	uint64_t words4 = st1.lookups - st0.lookups;
	assert_true(words4 >= 4);
	m.n = 0;
	spell_stats(s.spell.sp, &st0);
	for (size_t i = 0; i < s.doc.tgt.n; i++)
		session_spell_line(&s, i, &m);
	spell_stats(s.spell.sp, &st1);
	assert_int_equal(st1.lookups - st0.lookups, words4);
	assert_int_equal(m.n, 2); /* 클라우드에서, 클라우드에서도 */
	assert_int_equal(fresh.n, 1);
	m.n = 0;
	assert_int_equal(session_spell_line(&s, 4, &m), 1);
	assert_int_equal(m.v[0].off, fresh.v[0].off);
	assert_int_equal(m.v[0].len, fresh.v[0].len);
	/* a word added to a list (a new generation) is checked again */
	Err e;
	err_init(&e);
	assert_true(spell_add_word(s.spell.sp, "클라우드에서", NULL, SPELL_LIST_SESSION, &e));
	spell_wait(s.spell.sp);
	m.n = 0;
	assert_int_equal(session_spell_line(&s, 3, &m), 0);
	VEC_FREE(&m);
	VEC_FREE(&first);
	VEC_FREE(&fresh);
	session_release(&s);
	free(words);
	fx_free(&f);
}

static void test_spelling_never_blocks_the_first_frame(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, KO, EN);
	Session s;
	open_doc(&s, &f, true);
	uint64_t t0 = now_ns();
	session_spell_start(&s, NULL);
	SpellMisses m = {0};
	for (size_t i = 0; i < s.doc.tgt.n; i++)
		session_spell_line(&s, i, &m);
	uint64_t dt = now_ns() - t0;
	/* no timing assertion: report it; the calls return whatever is known */
	print_message("# spell start + one screen of lines: %.2f ms (ready: %d)\n", (double)dt / 1e6,
	              spell_ready(s.spell.sp));
	VEC_FREE(&m);
	session_release(&s);
	fx_free(&f);
}

static void test_new_commands_in_table(void **state)
{
	(void)state;
	static const char *const ids[] = {"checklist", "translator-line", "glossary", "findings",
	                                  "autofix", "stale-diff", "spell", "spell-add-word",
	                                  "spell-add-project"};
	for (size_t i = 0; i < ARRAY_LEN(ids); i++) {
		const Command *c = command_find(ids[i]);
		assert_non_null(c);
		assert_true(c->keys && c->keys[0]);
	}
}


/* Issue 14 item 2: the editor's save keeps what another yeok wrote to the
 * sidecar meanwhile (`yeok checklist --issue 42`, a review comment and a
 * reviewed mark), and the editor's own statuses follow the merge. */
static void test_save_keeps_other_yeoks_sidecar(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f, KO, EN);
	Session s;
	open_doc(&s, &f, true);
	long k = seg_at(&s, 5);
	assert_true(session_save(&s)); /* the sidecar exists, source recorded */
	/* another yeok: checklist issue, a review comment, segment 5 reviewed */
	char *scp = sidecar_path(f.ko);
	Sidecar other;
	sidecar_init(&other);
	Err e;
	err_init(&e);
	assert_true(sidecar_load(scp, &other, NULL, &e));
	other.checklist.issue = 42;
	SidecarKey none = {""};
	sidecar_add_comment(&other, 6, none, "용어를 확인해 주세요", "open");
	assert_true(sidecar_save(scp, &other, &e));
	sidecar_release(&other);
	/* the editor marks segment 5 done and saves */
	session_set_status(&s, (size_t)k, ST_DONE);
	assert_true(session_save(&s));
	assert_true(s.side.sc.merged);
	assert_int_equal(s.side.sc.checklist.issue, 42); /* the status line shows it */
	Sidecar disk;
	sidecar_init(&disk);
	assert_true(sidecar_load(scp, &disk, NULL, &e));
	assert_int_equal(disk.checklist.issue, 42);
	assert_int_equal(disk.comments.n, 1);
	assert_string_equal(disk.comments.v[0].text, "용어를 확인해 주세요");
	bool done = false;
	for (size_t i = 0; i < disk.segs.n; i++)
		done |= disk.segs.v[i].mark == SIDECAR_DONE;
	assert_true(done);
	sidecar_release(&disk);
	free(scp);
	session_release(&s);
	fx_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_done_survives_reopen_with_cursor),
		cmocka_unit_test(test_snapshot_when_no_source_given),
		cmocka_unit_test(test_corrupt_sidecar_set_aside),
		cmocka_unit_test(test_checklist_through_commands),
		cmocka_unit_test(test_stale_segment_and_word_diff),
		cmocka_unit_test(test_glossary_hints_and_insert),
		cmocka_unit_test(test_findings_incremental_and_autofix),
		cmocka_unit_test(test_autofix_trailing_whitespace),
		cmocka_unit_test(test_spelling_f7_and_word_lists),
		cmocka_unit_test(test_spelling_never_blocks_the_first_frame),
		cmocka_unit_test(test_spelling_marks_cached_per_line),
		cmocka_unit_test(test_new_commands_in_table),
		cmocka_unit_test(test_save_keeps_other_yeoks_sidecar),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
