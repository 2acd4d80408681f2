/* session + command after `yeok sync`, headless: a stale segment shows the
 * Korean it had (the sidecar's hint:) on the status line; take-hint puts
 * it into the translation at the segment's indentation (one undo step);
 * marking it done ends the stale state and the hint. */
#include "testutil.h"
#include "yeok/text.h"

#include "yeok/command.h"
#include "yeok/session.h"
#include "yeok/sync.h"

static const char old_en[] =
	"Title\n=====\n\n"
	"The first paragraph of the text talks about tensors and models.\n\n"
	"- A list item that stays the same.\n\n"
	"  An indented paragraph under the item, about the optimizer step.\n";
static const char ko[] =
	"제목\n====\n\n"
	"이 글의 첫 문단은 텐서와 모델을\n이야기합니다.\n\n"
	"- 그대로 남는 목록 항목입니다.\n\n"
	"  항목 아래 들여 쓴 문단으로,\n  옵티마이저 단계를 다룹니다.\n";
static const char new_en[] =
	"Title\n=====\n\n"
	"The first paragraph of the text talks about tensors and big models.\n\n"
	"- A list item that stays the same.\n\n"
	"  An indented paragraph under the item, about the optimizer steps.\n";

static bool status_has(Session *s, const char *what)
{
	Buf l = BUF_INIT, r = BUF_INIT;
	StatusSpanVec ls = {0}, rs = {0};
	session_status_spans(s, &l, &ls, &r, &rs);
	bool has = l.p && strstr(l.p, what);
	bool hinted = false;
	for (size_t i = 0; i < ls.n; i++)
		hinted |= ls.v[i].kind == SPAN_HINT;
	buf_release(&l);
	buf_release(&r);
	VEC_FREE(&ls);
	VEC_FREE(&rs);
	return has && (strcmp(what, "hint: ") || hinted);
}

static void open_doc(Session *s, const char *doc)
{
	session_init(s);
	SourceOpts so = {.self_fallback = true}; /* the sidecar's record: NEW_EN */
	Err e;
	err_init(&e);
	if (!session_open(s, doc, &so, &e))
		fail_msg("open: %s", e.msg);
	if (!session_check(s, &e))
		fail_msg("%s", e.msg);
}

static long seg_at(Session *s, size_t line)
{
	s->caret.focus = PANE_TARGET;
	s->caret.cur = (Pos){line, 0};
	return session_cur_seg(s);
}

static void test_take_hint(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *doc = tu_write(dir, "t.rst", ko, strlen(ko));
	char *en = tu_write(dir, "old.en.rst", old_en, strlen(old_en));
	char *en2 = tu_write(dir, "new.en.rst", new_en, strlen(new_en));
	SyncOpts o = {.from = en, .to = en2};
	SyncResult r;
	sync_result_init(&r);
	Err e;
	err_init(&e);
	assert_true(sync_file(doc, &o, &r, &e));
	assert_int_equal(r.count.stale, 2);
	assert_int_equal(r.count.kept, 2);
	assert_true(sync_write(doc, &r, &e));
	sync_result_release(&r);

	Session s;
	open_doc(&s, doc);
	/* the paragraph: stale, its old Korean as the hint */
	long k = seg_at(&s, 3);
	assert_int_equal(s.doc.al.v[k].status, ST_STALE);
	const char *h = session_stale_hint(&s, (size_t)k);
	assert_non_null(h);
	assert_string_equal(h, "이 글의 첫 문단은 텐서와 모델을\n이야기합니다.");
	assert_true(status_has(&s, "hint: "));
	assert_true(status_has(&s, "이 글의 첫 문단은 텐서와 모델을 ⏎ 이야기합니다."));
	/* a kept segment has none, and take-hint says so */
	k = seg_at(&s, 0);
	assert_null(session_stale_hint(&s, (size_t)k));
	assert_false(status_has(&s, "hint: "));
	assert_false(command_run(&s, "take-hint", NULL));
	/* the indented paragraph: taken at its indentation */
	size_t n_before = s.doc.tgt.n;
	for (size_t i = 0; i < s.doc.tgt.n; i++) {
		Str ln = lines_get(&s.doc.tgt, i);
		if (ln.n > 4 && !memcmp(ln.p, "  An", 4)) {
			seg_at(&s, i);
			break;
		}
	}
	assert_true(command_run(&s, "take-hint", NULL));
	Buf t = BUF_INIT;
	doc_tgt_text(&s.doc, 0, s.doc.tgt.n - 1, &t);
	assert_non_null(strstr(t.p, "\n  항목 아래 들여 쓴 문단으로,\n  옵티마이저 단계를 다룹니다."));
	assert_null(strstr(t.p, "optimizer steps"));
	assert_int_equal(s.doc.tgt.n, n_before + 1);
	/* one undo step brings the new English back */
	assert_true(command_run(&s, "undo", NULL));
	t.len = 0;
	doc_tgt_text(&s.doc, 0, s.doc.tgt.n - 1, &t);
	assert_non_null(strstr(t.p, "  An indented paragraph under the item, about the optimizer steps."));
	assert_true(command_run(&s, "redo", NULL));
	/* still stale with its hint until marked done; kept over a save */
	k = session_cur_seg(&s);
	assert_int_equal(s.doc.al.v[k].status, ST_STALE);
	assert_true(session_save(&s));
	session_release(&s);
	open_doc(&s, doc);
	k = -1;
	for (size_t i = 0; i < s.doc.tgt.n && k < 0; i++) {
		Str ln = lines_get(&s.doc.tgt, i);
		if (ln.n > 8 && !memcmp(ln.p, "  항목", strlen("  항목")))
			k = seg_at(&s, i);
	}
	assert_true(k >= 0);
	assert_int_equal(s.doc.al.v[k].status, ST_STALE);
	assert_non_null(session_stale_hint(&s, (size_t)k));
	assert_true(command_run(&s, "done-next", NULL));
	assert_int_equal(s.doc.al.v[k].status, ST_DONE);
	assert_null(session_stale_hint(&s, (size_t)k));
	assert_true(session_save(&s));
	session_release(&s);
	open_doc(&s, doc);
	seg_at(&s, 3);
	assert_true(status_has(&s, "hint: ")); /* the first paragraph: still stale */
	session_release(&s);
	buf_release(&t);
	free(dir);
	free(doc);
	free(en);
	free(en2);
}

/* Issue 36.6: take the hint, edit, Alt-Enter, Ctrl-Z three times: the
 * segment is its new English again, stale, with its hint.  Issue 36.2:
 * the done mark is an unsaved change ([+], Ctrl-Q asks). */
static void test_undo_keeps_the_hint(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *doc = tu_write(dir, "t.rst", ko, strlen(ko));
	char *en = tu_write(dir, "old.en.rst", old_en, strlen(old_en));
	char *en2 = tu_write(dir, "new.en.rst", new_en, strlen(new_en));
	SyncOpts o = {.from = en, .to = en2};
	SyncResult r;
	sync_result_init(&r);
	Err e;
	err_init(&e);
	assert_true(sync_file(doc, &o, &r, &e));
	assert_true(sync_write(doc, &r, &e));
	sync_result_release(&r);
	Session s;
	open_doc(&s, doc);
	long k = seg_at(&s, 3);
	assert_int_equal(s.doc.al.v[k].status, ST_STALE);
	Buf before = BUF_INIT, t = BUF_INIT;
	doc_tgt_text(&s.doc, 0, s.doc.tgt.n - 1, &before);
	assert_true(command_run(&s, "take-hint", NULL));
	s.caret.cur = (Pos){3, 0};
	assert_true(session_insert(&s, "큰 ", strlen("큰 ")));
	assert_true(command_run(&s, "done-next", NULL));
	assert_int_equal(s.doc.al.v[k].status, ST_DONE);
	assert_true(command_run(&s, "undo", NULL)); /* the done mark */
	assert_int_equal(s.doc.al.v[k].status, ST_STALE);
	assert_true(command_run(&s, "undo", NULL)); /* the typing */
	assert_true(command_run(&s, "undo", NULL)); /* the hint taken */
	doc_tgt_text(&s.doc, 0, s.doc.tgt.n - 1, &t);
	assert_string_equal(t.p, before.p);
	k = seg_at(&s, 3);
	assert_int_equal(s.doc.al.v[k].status, ST_STALE);
	assert_non_null(session_stale_hint(&s, (size_t)k));
	assert_false(doc_modified(&s.doc));
	/* a done mark alone is an unsaved change: [+], and Ctrl-Q asks */
	assert_true(command_run(&s, "done-next", NULL));
	assert_true(doc_modified(&s.doc));
	Buf head = BUF_INIT, right = BUF_INIT;
	session_header(&s, &head, &right);
	assert_non_null(strstr(head.p, "[+]"));
	buf_release(&right);
	assert_true(command_run(&s, "quit", NULL));
	assert_false(s.shell.quit);
	assert_true(s.dlg.q.on);
	assert_non_null(strstr(s.dlg.q.text, "Unsaved"));
	s.dlg.q.on = false;
	assert_true(session_save(&s));
	assert_false(doc_modified(&s.doc));
	buf_release(&head);
	session_release(&s);
	buf_release(&before);
	buf_release(&t);
	free(dir);
	free(doc);
	free(en);
	free(en2);
}

/* A long hint is cut in the status line between two characters (grapheme
 * clusters), never inside one ("…있습니<eb>…" was seen). */
static void test_long_hint_cut_between_characters(void **state)
{
	(void)state;
	Buf ko_long = BUF_INIT, want = BUF_INIT;
	buf_adds(&ko_long, "제목\n====\n\n");
	buf_adds(&want, "hint: ");
	for (int i = 0; i < 70; i++) {
		buf_adds(&ko_long, "가");
		if (i < 60)
			buf_adds(&want, "가");
	}
	buf_adds(&want, "…");
	buf_adds(&ko_long, "\n\n- 그대로 남는 목록 항목입니다.\n");
	static const char en1[] = "Title\n=====\n\nThe first paragraph of the text talks about "
	                          "tensors and models.\n\n- A list item that stays the same.\n";
	static const char en2[] = "Title\n=====\n\nThe first paragraph of the text talks about "
	                          "tensors and big models.\n\n- A list item that stays the same.\n";
	char *dir = tu_tmpdir();
	char *doc = tu_write(dir, "t.rst", ko_long.p, ko_long.len);
	char *en = tu_write(dir, "old.en.rst", en1, strlen(en1));
	char *enb = tu_write(dir, "new.en.rst", en2, strlen(en2));
	SyncOpts o = {.from = en, .to = enb};
	SyncResult r;
	sync_result_init(&r);
	Err e;
	err_init(&e);
	assert_true(sync_file(doc, &o, &r, &e));
	assert_int_equal(r.count.stale, 1);
	assert_true(sync_write(doc, &r, &e));
	sync_result_release(&r);
	Session s;
	open_doc(&s, doc);
	seg_at(&s, 3);
	Buf l = BUF_INIT, rt = BUF_INIT;
	StatusSpanVec ls = {0}, rs = {0};
	session_status_spans(&s, &l, &ls, &rt, &rs);
	print_message("# %s\n", l.p);
	assert_true(text_valid(l.p, l.len));
	assert_non_null(strstr(l.p, want.p));
	buf_release(&l);
	buf_release(&rt);
	VEC_FREE(&ls);
	VEC_FREE(&rs);
	session_release(&s);
	buf_release(&ko_long);
	buf_release(&want);
	free(dir);
	free(doc);
	free(en);
	free(enb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_take_hint),
		cmocka_unit_test(test_undo_keeps_the_hint),
		cmocka_unit_test(test_long_hint_cut_between_characters),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
