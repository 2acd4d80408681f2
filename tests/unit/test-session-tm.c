/* session + command with the translation memory, headless: the lookups of
 * the current segment on the worker's thread, the status line's "TM 100%",
 * the F4 list and inserting a match with the segment's RST structure kept
 * (one undo step), Alt-4, a missing memory, the consistency finding. */
#include "testutil.h"

#include "yeok/command.h"
#include "yeok/session.h"
#include "yeok/tm.h"

#include <poll.h>
#include <stdlib.h>

static void check_session(Session *s)
{
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fail_msg("%s", e.msg);
}

static const char en_rst[] =
	"Getting Started\n"
	"===============\n"
	"\n"
	"This tutorial shows how to train a model with ``torch.optim``.\n"
	"\n"
	"- You trained a model in 3 steps.\n"
	"\n"
	"Conclusion\n"
	"----------\n";

static const char ko_rst[] =
	"시작하기\n"
	"========\n"
	"\n"
	"이 튜토리얼은 ``torch.optim`` 으로 모델을 학습하는 방법을 보여줍니다.\n"
	"\n"
	"- 3단계로 모델을 학습했습니다.\n"
	"\n"
	"마무리\n"
	"------\n";

/* A new file: the same English with one placeable changed and one word. */
static const char new_en[] =
	"Getting Started\n"
	"===============\n"
	"\n"
	"This tutorial shows how to train a model with ``torch.nn``.\n"
	"\n"
	"- You trained a model in 3 steps.\n"
	"\n"
	"Conclusion\n"
	"----------\n";

typedef struct Fx {
	char *repo, *db, *doc, *en;
} Fx;

static void put(const char *dir, const char *name, const char *data)
{
	free(tu_write(dir, name, data, strlen(data)));
}

/* A repository with a.rst translated; the memory built from it; c.rst a
 * new file (its English as the target, and c.en.rst the source). */
static void fx_make(Fx *f)
{
	f->repo = tu_tmpdir();
	tu_sh(f->repo, "git init -q -b main . && git config user.email t@t && "
	               "git config user.name Tester");
	put(f->repo, "a.rst", en_rst);
	tu_sh(f->repo, "git add -A && git commit -q -m english");
	put(f->repo, "a.rst", ko_rst);
	tu_sh(f->repo, "git commit -qam 'translate a'");
	f->db = path_join(f->repo, "cache/tm.sqlite");
	TmBuildOpts o = {f->repo, f->db, NULL, NULL};
	TmStats st;
	Err e;
	err_init(&e);
	if (!tm_build(&o, &st, &e))
		fail_msg("tm build: %s", e.msg);
	assert_true(st.segments >= 3);
	f->doc = tu_write(f->repo, "c.rst", new_en, strlen(new_en));
	f->en = tu_write(f->repo, "c.en.rst", new_en, strlen(new_en));
}

static void fx_free(Fx *f)
{
	free(f->repo);
	free(f->db);
	free(f->doc);
	free(f->en);
}

static void open_doc(Session *s, const Fx *f, const char *db)
{
	session_init(s);
	SourceOpts so = {.path = f->en, .self_fallback = true};
	Err e;
	err_init(&e);
	if (!session_open(s, f->doc, &so, &e))
		fail_msg("open: %s", e.msg);
	check_session(s);
	session_tm_start(s, db, false);
	session_tm_poll(s, true); /* the consistency batch */
}

static long seg_at(Session *s, size_t line)
{
	s->caret.focus = PANE_TARGET;
	s->caret.cur = (Pos){line, 0};
	return session_cur_seg(s);
}

static bool status_has(Session *s, const char *what)
{
	Buf l = BUF_INIT, r = BUF_INIT;
	StatusSpanVec ls = {0}, rs = {0};
	session_status_spans(s, &l, &ls, &r, &rs);
	bool has = l.p && strstr(l.p, what);
	buf_release(&l);
	buf_release(&r);
	VEC_FREE(&ls);
	VEC_FREE(&rs);
	return has;
}

static char *line_of(Session *s, size_t i)
{
	Str ln = lines_get(&s->doc.tgt, i);
	char *t = xcalloc(ln.n + 1, 1);
	memcpy(t, ln.p, ln.n);
	return t;
}

static void assert_line(Session *s, size_t i, const char *want)
{
	char *got = line_of(s, i);
	assert_string_equal(got, want);
	free(got);
}

static void test_status_list_and_insert(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f);
	Session s;
	open_doc(&s, &f, f.db);
	assert_non_null(s.tm.w);
	/* the list item: an exact match, said on the status line once the
	 * worker answers (the frame asks, never waits) */
	long k = seg_at(&s, 5);
	assert_true(k >= 0);
	assert_int_equal(s.doc.al.v[k].status, ST_UNTRANSLATED);
	session_prepare_frame(&s);
	session_tm_poll(&s, true);
	assert_true(status_has(&s, "TM 100%"));
	/* F4: the list of matches; Enter inserts one, the list marker kept */
	assert_true(command_run(&s, "tm", NULL));
	session_tm_poll(&s, true);
	assert_true(s.dlg.pick.on);
	assert_string_equal(s.dlg.pick.then, "tm-insert");
	assert_true(s.dlg.pick.items.n >= 1);
	assert_non_null(strstr(s.dlg.pick.items.v[0], "100%"));
	assert_non_null(strstr(s.dlg.pick.items.v[0], "3단계로 모델을 학습했습니다."));
	assert_non_null(strstr(s.dlg.pick.items.v[0], "a.rst"));
	assert_true(s.dlg.pick.details.n >= 1 && s.dlg.pick.details.v[0]);
	assert_true(command_run(&s, "tm-insert", "0"));
	assert_line(&s, 5, "- 3단계로 모델을 학습했습니다.");
	check_session(&s);
	/* one undo step gives the English back */
	assert_true(command_run(&s, "undo", NULL));
	assert_line(&s, 5, "- You trained a model in 3 steps.");
	assert_true(command_run(&s, "redo", NULL));
	assert_line(&s, 5, "- 3단계로 모델을 학습했습니다.");

	/* the paragraph: a fuzzy match (another literal), the placeable made
	 * the current English's; the differing word marked in the detail */
	k = seg_at(&s, 3);
	assert_true(command_run(&s, "tm", NULL));
	session_tm_poll(&s, true);
	assert_true(s.dlg.pick.items.n >= 1);
	assert_null(strstr(s.dlg.pick.items.v[0], "100%"));
	assert_true(s.dlg.pick.marks.n >= 1);
	assert_true(command_run(&s, "tm-insert", "0"));
	assert_line(&s, 3, "이 튜토리얼은 ``torch.nn`` 으로 모델을 학습하는 방법을 보여줍니다.");

	/* Alt-4 on the title before its matches are there: inserted when they
	 * come; the underline follows the new title's width */
	seg_at(&s, 0);
	assert_true(command_run(&s, "tm-insert-best", NULL));
	session_tm_poll(&s, true);
	assert_line(&s, 0, "시작하기");
	assert_line(&s, 1, "========");
	/* and again, now that they are known: at once */
	seg_at(&s, 7);
	session_prepare_frame(&s);
	session_tm_poll(&s, true);
	assert_true(command_run(&s, "tm-insert-best", NULL));
	assert_line(&s, 7, "마무리");
	assert_line(&s, 8, "------");
	check_session(&s);
	assert_true(session_save(&s));
	session_release(&s);
	size_t n;
	char *saved = tu_read(f.doc, &n);
	assert_string_equal(saved, "시작하기\n========\n\n"
	                           "이 튜토리얼은 ``torch.nn`` 으로 모델을 학습하는 방법을 보여줍니다.\n\n"
	                           "- 3단계로 모델을 학습했습니다.\n\n마무리\n------\n");
	free(saved);
	fx_free(&f);
}

/* No memory: F4 and Alt-4 say so; nothing else does, editing goes on. */
static void test_missing_memory(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f);
	char *none = path_join(f.repo, "cache/none.sqlite");
	Session s;
	open_doc(&s, &f, none);
	seg_at(&s, 5);
	session_prepare_frame(&s);
	session_tm_poll(&s, true);
	assert_false(status_has(&s, "TM 100%"));
	assert_false(command_run(&s, "tm", NULL));
	assert_non_null(strstr(s.shell.msg.text, "translation memory"));
	assert_false(s.dlg.pick.on);
	assert_false(command_run(&s, "tm-insert-best", NULL));
	assert_true(session_insert(&s, "x", 1));
	session_release(&s);
	free(none);
	fx_free(&f);
}

/* F4 and Alt-4 before the worker has found the memory missing (a loaded
 * machine: the keys come before the worker's first job): once it has,
 * the list that waited closes and the status line says there is no
 * memory — not "no match" — whichever came first.  Each round starts a
 * worker and presses the key at once, before any poll waits for it. */
static void test_missing_memory_key_first(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f);
	char *none = path_join(f.repo, "cache/none.sqlite");
	for (int round = 0; round < 20; round++) {
		bool alt = round % 2;
		Session s;
		session_init(&s);
		SourceOpts so = {.path = f.en, .self_fallback = true};
		Err e;
		err_init(&e);
		assert_true(session_open(&s, f.doc, &so, &e));
		seg_at(&s, 5);
		session_tm_start(&s, none, false);
		command_run(&s, alt ? "tm-insert-best" : "tm", NULL);
		while (session_tm_busy(&s))
			session_tm_poll(&s, true);
		session_tm_poll(&s, true);
		assert_false(s.dlg.pick.on);
		assert_non_null(strstr(s.shell.msg.text, "no translation memory"));
		assert_null(strstr(s.shell.msg.text, "o match"));
		assert_line(&s, 5, "- You trained a model in 3 steps.");
		session_release(&s);
	}
	free(none);
	fx_free(&f);
}

/* The consistency finding: a translated segment whose English the
 * repository renders otherwise gets an info naming the majority. */
static void test_consistency_finding(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f);
	const char *ko = "시작하기\n========\n\n"
	                 "이 튜토리얼은 ``torch.nn`` 으로 모델을 학습하는 방법을 보여줍니다.\n\n"
	                 "- 세 단계로 모델을 훈련했습니다.\n\n마무리\n------\n";
	free(f.doc);
	f.doc = tu_write(f.repo, "c.rst", ko, strlen(ko));
	Session s;
	open_doc(&s, &f, f.db);
	session_checks_on(&s, true);
	session_sync(&s);
	while (s.chk.pending)
		session_checks_step(&s, 64);
	FindingVec all = {0};
	session_findings_list(&s, &all);
	bool saw = false;
	for (size_t i = 0; i < all.n; i++)
		if (all.v[i].line == 5 && strstr(all.v[i].message, "3단계로 모델을 학습했습니다."))
			saw = true;
	assert_true(saw);
	findings_clear(&all);
	session_release(&s);
	fx_free(&f);
}

/* No --tm: the repository's memory is found (off the editor's thread) and
 * brought up to date in the background when the repository moved on. */
static void test_default_memory_updated(void **state)
{
	(void)state;
	Fx f;
	fx_make(&f);
	char *cache = path_join(f.repo, "xdg-cache");
	setenv("XDG_CACHE_HOME", cache, 1);
	char id[41];
	Err e;
	err_init(&e);
	assert_true(tm_repo_id(f.repo, id, &e));
	char *db = tm_default_path(id);
	TmBuildOpts o = {f.repo, db, NULL, NULL};
	TmStats st;
	assert_true(tm_build(&o, &st, &e));
	/* a new commit translates another file */
	free(tu_write(f.repo, "d.rst", new_en, strlen(new_en)));
	tu_sh(f.repo, "git add d.rst && git commit -qm 'english d'");
	Session s;
	session_init(&s);
	SourceOpts so = {.path = f.en, .self_fallback = true};
	assert_true(session_open(&s, f.doc, &so, &e));
	session_tm_start(&s, NULL, true);
	while (session_tm_busy(&s)) {
		/* as the editor's loop: wake when the worker says something */
		struct pollfd p = {session_tm_fd(&s), POLLIN, 0};
		assert_true(poll(&p, 1, 1000) >= 0);
		session_tm_poll(&s, false);
	}
	assert_non_null(strstr(s.shell.msg.text, "Translation memory updated: 1 commit"));
	/* and it answers (the next key clears the message) */
	session_clear_msg(&s);
	seg_at(&s, 5);
	session_prepare_frame(&s);
	session_tm_poll(&s, true);
	assert_true(status_has(&s, "TM 100%"));
	session_release(&s);
	unsetenv("XDG_CACHE_HOME");
	free(db);
	free(cache);
	fx_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_memory_updated),
		cmocka_unit_test(test_status_list_and_insert),
		cmocka_unit_test(test_missing_memory),
		cmocka_unit_test(test_missing_memory_key_first),
		cmocka_unit_test(test_consistency_finding),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
