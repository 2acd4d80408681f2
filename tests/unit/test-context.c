/* context: one context for every front end (issue 38).  The editor's
 * findings are `yeok check`'s, finding for finding, with the same context:
 * on the 50 corpus pairs (the style rules in, the shipped glossary and a
 * config.yaml glossary), and inside a checkout of the dev bundle (the
 * repository's words in, the English from the history), with spelling on
 * some of them; and the repository view's count is the same number.  The
 * glossaries of config.yaml are honoured by both. */
#include "yeok/stats.h"
#include "testutil.h"

#include <stdlib.h>
#include <unistd.h>

#include "yeok/context.h"
#include "yeok/repo.h"
#include "yeok/session.h"
#include "yeok/vcs.h"

/* The findings of check's path: pair_build, context_check_pair. */
static void check_path(Context *ctx, const char *file, const SourceOpts *so, Spell *sp,
                       FindingVec *out)
{
	Sidecar sc;
	sidecar_init(&sc);
	DocPair p;
	pair_init(&p);
	Err e;
	err_init(&e);
	if (!pair_build(&p, file, NULL, 0, so, &sc, &e))
		fail_msg("%s: %s", file, e.msg);
	context_check_pair(ctx, &p, &sc, sp, out);
	findings_sort(out);
	pair_release(&p);
	sidecar_release(&sc);
}

/* The editor's: a session with the context, every segment checked. */
static void editor_path(Context *ctx, const char *file, const SourceOpts *so, bool spell,
                        FindingVec *out)
{
	Session s;
	session_init(&s);
	Err e;
	err_init(&e);
	if (!session_open(&s, file, so, &e))
		fail_msg("%s: %s", file, e.msg);
	session_use_context(&s, ctx);
	session_checks_on(&s, false);
	if (spell) {
		session_spell_start(&s, NULL);
		spell_wait(s.spell.sp);
		/* the English's words in slices first, then the findings */
		size_t calls = 1;
		while (!session_spell_findings(&s))
			assert_true(++calls < 10000);
	}
	while (session_checks_step(&s, SIZE_MAX))
		;
	session_findings_list(&s, out);
	session_release(&s);
}

static void show(const char *what, const FindingVec *v)
{
	for (size_t i = 0; i < v->n && i < 400; i++)
		print_message("#  %s %zu:%zu %s %s\n", what, v->v[i].line + 1, v->v[i].col + 1,
		              check_info(v->v[i].check)->id, v->v[i].message);
}

/* Both paths on file; the number of findings (errors and warnings). */
static size_t same_findings(Context *ctx, const char *file, const SourceOpts *so, bool spell)
{
	FindingVec a = {0}, b = {0};
	check_path(ctx, file, so, spell ? context_spell(ctx, file, true) : NULL, &a);
	editor_path(ctx, file, so, spell, &b);
	bool same = a.n == b.n;
	for (size_t i = 0; same && i < a.n; i++)
		same = a.v[i].line == b.v[i].line && a.v[i].col == b.v[i].col &&
		       a.v[i].check == b.v[i].check && a.v[i].sev == b.v[i].sev &&
		       !strcmp(a.v[i].message, b.v[i].message);
	if (!same) {
		print_message("# %s: check %zu findings, the editor %zu\n", file, a.n, b.n);
		show("check ", &a);
		show("editor", &b);
		fail_msg("%s: the editor's findings are not check's", file);
	}
	size_t n = context_problems(&a);
	findings_clear(&a);
	findings_clear(&b);
	return n;
}

static void test_corpus_pairs_editor_equals_check(void **state)
{
	(void)state;
	if (!tu_have_corpus())
		skip();
	char *dir = tu_tmpdir();
	/* a config.yaml glossary: one term of its own */
	char *gpath = tu_write(dir, "team.yaml",
	                       "terms:\n  - {en: tutorial, ko: 튜토리얼, avoid: [따라하기]}\n",
	                       strlen("terms:\n  - {en: tutorial, ko: 튜토리얼, avoid: [따라하기]}\n"));
	Config cfg;
	config_init(&cfg);
	VEC_PUSH(&cfg.glossary, xstrdup(gpath));
	Context ctx;
	context_init(&ctx);
	ContextOpts co = {.cfg = &cfg, .no_spell = true};
	Err e;
	err_init(&e);
	assert_true(context_load(&ctx, &co, &e));
	char **pairs = tu_corpus_pairs();
	size_t files = 0, problems = 0;
	for (char **p = pairs; *p; p++, files++) {
		char *en = path_join(tu_corpus(), *p), *ko;
		char *enf = xasprintf("%s.en.rst", en);
		size_t kn;
		char *kname = xasprintf("%s.ko.rst", *p);
		char *text = tu_corpus_file(kname, &kn);
		ko = tu_write(dir, kname, text, kn);
		SourceOpts so = {.path = enf};
		problems += same_findings(&ctx, ko, &so, false);
		free(text);
		free(kname);
		free(ko);
		free(enf);
		free(en);
	}
	char **py = tu_py_pairs();
	for (char **p = py; *p; p++, files++) {
		size_t sn, kn;
		char *en = tu_py_file(*p, "en", &sn), *ko = tu_py_file(*p, "ko", &kn);
		char *ename = xasprintf("%s.en.py", *p), *kname = xasprintf("%s.py", *p);
		char *ep = tu_write(dir, ename, en, sn), *kp = tu_write(dir, kname, ko, kn);
		SourceOpts so = {.path = ep};
		problems += same_findings(&ctx, kp, &so, false);
		free(en);
		free(ko);
		free(ename);
		free(kname);
		free(ep);
		free(kp);
	}
	print_message("# %zu corpus pairs: the editor's findings are check's (%zu errors and "
	              "warnings)\n", files, problems);
	assert_int_equal(files, 50);
	tu_free_list(py);
	tu_free_list(pairs);
	context_release(&ctx);
	config_release(&cfg);
	free(gpath);
	free(dir);
}

/* config.yaml's glossary is honoured by check's path (it was not): its
 * avoided form is a finding, with it and not without it. */
static void test_config_glossary_honoured(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	const char *en = "Title\n=====\n\nThe widget is ready for the tutorial.\n";
	const char *ko = "제목\n====\n\n위짓이 따라하기에 쓸 준비가 되었습니다.\n";
	char *ep = tu_write(dir, "en.rst", en, strlen(en)), *kp = tu_write(dir, "ko.rst", ko, strlen(ko));
	const char *g = "terms:\n  - {en: widget, ko: 위젯, avoid: [위짓]}\n";
	char *gpath = tu_write(dir, "team.yaml", g, strlen(g));
	SourceOpts so = {.path = ep};
	for (int with = 0; with < 2; with++) {
		Config cfg;
		config_init(&cfg);
		if (with)
			VEC_PUSH(&cfg.glossary, xstrdup(gpath));
		Context ctx;
		context_init(&ctx);
		ContextOpts co = {.cfg = &cfg, .no_spell = true, .only = "glossary"};
		Err e;
		err_init(&e);
		assert_true(context_load(&ctx, &co, &e));
		FindingVec v = {0};
		check_path(&ctx, kp, &so, NULL, &v);
		bool found = false;
		for (size_t i = 0; i < v.n; i++)
			found |= strstr(v.v[i].message, "위짓") != NULL;
		assert_int_equal(found, with);
		assert_int_equal(same_findings(&ctx, kp, &so, false), with ? 1 : 0);
		findings_clear(&v);
		context_release(&ctx);
		config_release(&cfg);
	}
	free(gpath);
	free(ep);
	free(kp);
	free(dir);
}

/* The repository's words are read from HEAD through a bounded number of git
 * processes, as many for 40 Korean files as for 4 (issue 37 item 12: one
 * `git cat-file blob` per file made `yeok DIR` of 100k files wait minutes
 * before its first screen), and the same words either way. */
static size_t repo_words_spawns(size_t files, size_t *words)
{
	char *dir = tu_tmpdir();
	tu_sh(dir, "git init -q && for i in $(seq %zu); do "
	           "printf '제목 %%s\\n=======\\n\\n튜토리얼 %%s의 한국어 문장입니다.\\n' $i $i >f$i.rst; done && "
	           "git add . && git -c user.name=t -c user.email=t@t commit -qm ko", files);
	char *cache = path_join(dir, "cache");
	setenv("XDG_CACHE_HOME", cache, 1);
	Context ctx;
	context_init(&ctx);
	ContextOpts co = {.no_spell = true};
	Err e;
	err_init(&e);
	assert_true(context_load(&ctx, &co, &e));
	char *f1 = path_join(dir, "f1.rst");
	unsigned long before = stat_get(STAT_GIT_SPAWNS);
	assert_true(context_load_repo(&ctx, f1, &e));
	size_t n = stat_get(STAT_GIT_SPAWNS) - before;
	*words = ctx.repo.files;
	context_release(&ctx);
	unsetenv("XDG_CACHE_HOME");
	free(f1);
	free(cache);
	free(dir);
	return n;
}

static void test_repo_words_git_bounded(void **state)
{
	(void)state;
	if (!vcs_available())
		skip();
	size_t w4 = 0, w40 = 0;
	size_t s4 = repo_words_spawns(4, &w4), s40 = repo_words_spawns(40, &w40);
	print_message("# repository words: %zu git processes for 4 files, %zu for 40\n", s4, s40);
	assert_int_equal(w4, 4);
	assert_int_equal(w40, 40);
	assert_int_equal(s40, s4);
	assert_true(s4 <= 8);
}

/* Inside a checkout of the dev bundle: the English from the history, the
 * repository's words, spelling on; the repository view's count too. */
static void test_dev_bundle_editor_equals_check(void **state)
{
	(void)state;
	char *bundle = path_join(tu_corpus(), "tutorials-kr-dev.bundle");
	if (access(bundle, R_OK) != 0 || access("/usr/share/hunspell/ko.dic", R_OK) != 0) {
		print_message("skipped: no dev bundle or no Korean dictionary\n");
		free(bundle);
		skip();
	}
	char *dir = tu_tmpdir();
	char *abs = realpath(bundle, NULL);
	tu_sh(dir, "git clone -q '%s' kr", abs);
	free(abs);
	static const char *const files[] = {
		"beginner_source/colab.rst",
		"intermediate_source/TP_tutorial.rst",
		"recipes_source/amx.rst",
		"beginner_source/basics/intro.py",
	};
	Context ctx;
	context_init(&ctx);
	ContextOpts co = {0};
	Err e;
	err_init(&e);
	assert_true(context_load(&ctx, &co, &e));
	char *first = xasprintf("%s/kr/%s", dir, files[0]);
	assert_true(context_load_repo(&ctx, first, &e));
	assert_true(ctx.repo_loaded);
	for (size_t i = 0; i < ARRAY_LEN(files); i++) {
		char *f = xasprintf("%s/kr/%s", dir, files[i]);
		SourceOpts so = {.history = true, .self_fallback = true};
		size_t n = same_findings(&ctx, f, &so, true);
		/* the repository view and pr count the same number */
		Sidecar sc;
		sidecar_init(&sc);
		ProgressCount c;
		memset(&c, 0, sizeof(c));
		size_t listed = SIZE_MAX;
		assert_true(repo_file_progress(f, &sc, NULL, &c, NULL, &ctx, &listed, NULL, &e));
		assert_int_equal(listed, n);
		print_message("# %s: %zu errors and warnings in the editor, check and the list\n",
		              files[i], n);
		sidecar_release(&sc);
		free(f);
	}
	free(first);
	context_release(&ctx);
	free(bundle);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config_glossary_honoured),
		cmocka_unit_test(test_repo_words_git_bounded),
		cmocka_unit_test(test_corpus_pairs_editor_equals_check),
		cmocka_unit_test(test_dev_bundle_editor_equals_check),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
