/* The repository view's model on a clone of the dev bundle: every tutorial
 * file is a row with the numbers of repo_file_progress (what `yeok stats`
 * prints), rows fill in steps, the filters split the rows, a second
 * opening takes every row from the cache and an edited file only is
 * counted again; filling the rows of the whole bundle starts as many git
 * processes as filling those of one folder. */
#include "yeok/stats.h"
#include "testutil.h"

#include <stdlib.h>
#include <sys/stat.h>

#include "yeok/repo.h"
#include "yeok/vcs.h"

static void check_repo(const Repo *r)
{
	Err e;
	err_init(&e);
	if (!repo_check(r, &e))
		fail_msg("%s", e.msg);
}

static char *clone_bundle(char **dir)
{
	char *rel = path_join(tu_corpus(), "tutorials-kr-dev.bundle");
	char *bundle = realpath(rel, NULL);
	free(rel);
	if (!bundle) {
		print_message("skipped: no corpus\n");
		return NULL;
	}
	*dir = tu_tmpdir();
	tu_sh(*dir, "git clone -q '%s' r", bundle);
	free(bundle);
	return path_join(*dir, "r/recipes_source");
}

static double cpu_ms(void)
{
	return (double)cpu_ns(false) / 1e6;
}

static void test_rows_fill_cache_refresh(void **state)
{
	(void)state;
	char *dir = NULL;
	char *top = clone_bundle(&dir);
	if (!top)
		skip();
	char *cache = path_join(dir, "cache");
	setenv("XDG_CACHE_HOME", cache, 1);
	Repo r;
	repo_init(&r);
	Err e;
	err_init(&e);
	assert_true(repo_open(&r, top, &e));
	check_repo(&r);
	assert_int_equal(r.rows.n, 10);
	assert_int_equal(r.to_fill, 10);
	assert_int_equal(r.from_cache, 0);
	repo_dates_wait(&r);
	/* the rows are the walk's, named below the folder, with a commit date */
	RepoPaths paths = {0};
	assert_int_equal(repo_walk(top, &paths, NULL), 0);
	assert_int_equal(paths.n, r.rows.n);
	for (size_t i = 0; i < paths.n; i++) {
		assert_string_equal(paths.v[i], r.rows.v[i].path);
		assert_true(r.rows.v[i].name == r.rows.v[i].path + strlen(top) + 1);
		assert_int_equal(strlen(r.rows.v[i].date), 10);
		free(paths.v[i]);
	}
	VEC_FREE(&paths);
	/* filling in steps */
	double t0 = cpu_ms();
	assert_int_equal(repo_fill_step(&r, 3), 7);
	check_repo(&r);
	while (repo_fill_step(&r, 3))
		check_repo(&r);
	double fill = cpu_ms() - t0;
	assert_int_equal(r.to_fill, 0);
	assert_string_equal(r.shell.msg.text, "");
	assert_true(file_exists(r.cache_path));
	/* each row holds what repo_file_progress gives */
	for (size_t i = 0; i < r.rows.n; i++) {
		const RepoRow *w = &r.rows.v[i];
		assert_true(w->filled);
		assert_null(w->error);
		Sidecar sc;
		sidecar_init(&sc);
		assert_true(repo_sidecar_load(w->path, &sc, NULL, &e));
		ProgressCount c = {0};
		const char *from = NULL;
		size_t f = 0;
		assert_true(repo_file_progress(w->path, &sc, NULL, &c, &from, NULL, &f, NULL, &e));
		assert_memory_equal(&c, &w->c, sizeof(c));
		assert_int_equal(w->findings, f);
		assert_int_equal(w->self, !strcmp(from, "self"));
		sidecar_release(&sc);
	}
	/* the filters split the rows */
	size_t sum = 0;
	for (RepoFilter f = RF_UNTRANSLATED; f < RF_COUNT; f++) {
		r.filter = f;
		repo_apply(&r);
		check_repo(&r);
		sum += r.n_shown;
	}
	assert_int_equal(sum, r.rows.n);
	r.filter = RF_ALL;
	snprintf(r.text, sizeof(r.text), "torch_logs");
	repo_apply(&r);
	assert_int_equal(r.n_shown, 1);
	size_t row;
	assert_non_null(repo_selected(&r, &row));
	assert_string_equal(r.rows.v[row].name, "torch_logs.py");
	r.text[0] = '\0';
	r.sort = RS_PERCENT;
	repo_apply(&r);
	for (size_t k = 1; k < r.n_shown; k++)
		assert_true(progress_percent(&r.rows.v[r.shown[k - 1]].c) <=
		            progress_percent(&r.rows.v[r.shown[k]].c));
	repo_release(&r);

	/* a second opening: every row from the cache, the same numbers */
	Repo r2;
	repo_init(&r2);
	t0 = cpu_ms();
	assert_true(repo_open(&r2, top, &e));
	double cached = cpu_ms() - t0;
	assert_int_equal(r2.from_cache, 10);
	assert_int_equal(r2.to_fill, 0);
	check_repo(&r2);
	print_message("# 10 files: filled in %.1f ms of CPU, from the cache in %.1f ms\n", fill,
	              cached);
	/* an edited file is counted again, the others stay cached */
	size_t k = 0;
	while (k < r2.rows.n && strcmp(r2.rows.v[k].name, "torch_logs.py"))
		k++;
	assert_true(k < r2.rows.n);
	ProgressCount before = r2.rows.v[k].c;
	tu_sh(top, "printf '\\n#####################\\n# An English text block\\n' >> torch_logs.py");
	repo_release(&r2);
	repo_init(&r2);
	assert_true(repo_open(&r2, top, &e));
	assert_int_equal(r2.from_cache, 9);
	assert_int_equal(r2.to_fill, 1);
	assert_false(r2.rows.v[k].filled);
	repo_refresh(&r2, k);
	check_repo(&r2);
	assert_int_equal(r2.rows.v[k].c.total, before.total + 1);
	/* a block with no English counterpart: a draft */
	assert_int_equal(r2.rows.v[k].c.draft, before.draft + 1);
	repo_release(&r2);
	unsetenv("XDG_CACHE_HOME");
	free(cache);
	free(top);
	free(dir);
}

/* Opening and filling the view on dir with an empty cache: the git
 * processes it started. */
static unsigned long spawns_to_fill(const char *dir, const char *cache, size_t *rows)
{
	setenv("XDG_CACHE_HOME", cache, 1);
	Repo r;
	repo_init(&r);
	Err e;
	err_init(&e);
	unsigned long before = stat_get(STAT_GIT_SPAWNS);
	assert_true(repo_open(&r, dir, &e));
	while (repo_fill_step(&r, 5))
		;
	unsigned long n = stat_get(STAT_GIT_SPAWNS) - before;
	*rows = r.rows.n;
	for (size_t i = 0; i < r.rows.n; i++)
		assert_null(r.rows.v[i].error);
	repo_release(&r);
	unsetenv("XDG_CACHE_HOME");
	return n;
}

/* The history is read once for the folder: filling 51 rows starts no more
 * git processes than filling 10, and only a handful. */
static void test_git_processes_constant(void **state)
{
	(void)state;
	char *dir = NULL;
	char *sub = clone_bundle(&dir);
	if (!sub)
		skip();
	char *top = path_join(dir, "r");
	char *c1 = path_join(dir, "cache1"), *c2 = path_join(dir, "cache2");
	size_t n_sub = 0, n_top = 0;
	unsigned long s_sub = spawns_to_fill(sub, c1, &n_sub);
	unsigned long s_top = spawns_to_fill(top, c2, &n_top);
	print_message("# git processes: %lu for %zu files, %lu for %zu files\n", s_sub, n_sub,
	              s_top, n_top);
	assert_int_equal(n_sub, 10);
	assert_true(n_top >= 50);
	assert_true(s_top <= s_sub); /* the second: the top level already known */
	assert_true(s_top <= 10);
	free(c1);
	free(c2);
	free(top);
	free(sub);
	free(dir);
}

static void test_not_a_folder(void **state)
{
	(void)state;
	Repo r;
	repo_init(&r);
	Err e;
	err_init(&e);
	assert_false(repo_open(&r, "/nonexistent/folder", &e));
	assert_int_equal(e.code, EXIT_NOINPUT);
	assert_non_null(strstr(e.msg, "/nonexistent/folder"));
	repo_release(&r);
}

/* A work tree whose git log fails (a missing commit object) lists its
 * files without dates, and says why; a folder outside any work tree has no
 * dates to miss and says nothing. */
static void test_git_log_failure_said(void **state)
{
	(void)state;
	if (!vcs_available())
		skip();
	char *dir = tu_tmpdir();
	tu_sh(dir, "mkdir w plain && printf 'T\\n=\\n' >w/a.rst && cp w/a.rst plain/a.rst && "
	           "cd w && git init -q && git add a.rst && "
	           "git -c user.name=t -c user.email=t@t commit -qm one && "
	           "rm -f .git/objects/$(git rev-parse HEAD | cut -c1-2)/$(git rev-parse HEAD | cut -c3-)");
	setenv("XDG_CACHE_HOME", dir, 1);
	char *w = path_join(dir, "w"), *plain = path_join(dir, "plain");
	Repo r;
	repo_init(&r);
	Err e;
	err_init(&e);
	assert_true(repo_open(&r, w, &e));
	repo_dates_wait(&r);
	assert_int_equal(r.rows.n, 1);
	assert_string_equal(r.rows.v[0].date, "");
	print_message("# %s\n", r.shell.msg.text);
	assert_non_null(strstr(r.shell.msg.text, "No last-commit dates: git log failed"));
	repo_release(&r);
	repo_init(&r);
	assert_true(repo_open(&r, plain, &e));
	repo_dates_wait(&r);
	assert_int_equal(r.rows.n, 1);
	assert_string_equal(r.shell.msg.text, "");
	repo_release(&r);
	free(w);
	free(plain);
	free(dir);
}

/* Issue 37 item 12: the list is there before git has said anything (the
 * dates are read in steps), and git's lines find their rows through the
 * index: the names compared grow with the lines, not lines times rows (a
 * scan of the rows compared about 5.4 million names here). */
static void test_dates_linear(void **state)
{
	(void)state;
	if (!vcs_available())
		skip();
	char *dir = tu_tmpdir();
	/* 3000 files in one commit, 600 of them changed by a second (a later
	 * date): 3600 names in the log */
	tu_sh(dir, "mkdir w && cd w && git init -q && for d in a b c; do mkdir $d; "
	           "for i in $(seq 1000); do printf 'T\\n=\\n' >$d/f$i.rst; done; done && "
	           "git add . && GIT_COMMITTER_DATE='2020-01-01T00:00:00' "
	           "git -c user.name=t -c user.email=t@t commit -qm one && "
	           "for i in $(seq 200); do printf 'U\\n=\\n' >>b/f$i.rst; "
	           "printf 'U\\n=\\n' >>a/f$i.rst; printf 'U\\n=\\n' >>c/f$i.rst; done && "
	           "git add . && GIT_COMMITTER_DATE='2021-02-03T00:00:00' "
	           "git -c user.name=t -c user.email=t@t commit -qm two");
	setenv("XDG_CACHE_HOME", dir, 1);
	char *w = path_join(dir, "w");
	Repo r;
	repo_init(&r);
	Err e;
	err_init(&e);
	assert_true(repo_open(&r, w, &e));
	assert_int_equal(r.rows.n, 3000);
	/* listed at once: no date yet, the log still to be read */
	assert_non_null(r.dates);
	assert_int_equal(r.dated, 0);
	size_t steps = 0;
	while (repo_dates_step(&r, 100))
		steps++;
	assert_null(r.dates);
	assert_int_equal(r.dated, 3000);
	for (size_t i = 0; i < r.rows.n; i++) {
		const RepoRow *x = &r.rows.v[i];
		int n = atoi(strrchr(x->name, 'f') + 1);
		assert_string_equal(x->date, n <= 200 ? "2021-02-03" : "2020-01-01");
	}
	print_message("# 3600 log lines over 3000 rows: %zu names compared, %zu steps\n",
	              r.name_compares, steps);
	assert_true(r.name_compares >= 3600);
	assert_true(r.name_compares <= 2 * 3600);
	check_repo(&r);
	repo_release(&r);
	unsetenv("XDG_CACHE_HOME");
	free(w);
	free(dir);
}

/* The view's rows count check's findings with the context it is given
 * (repo_open dropped it: every row said 0 findings). */
static void test_findings_with_context(void **state)
{
	(void)state;
	if (!vcs_available())
		skip();
	char *dir = tu_tmpdir();
	tu_sh(dir, "mkdir w && cd w && git init -q && printf 'Title\\n=====\\n\\nSome text.\\n' >a.rst && "
	           "git add . && git -c user.name=t -c user.email=t@t commit -qm en && "
	           "printf '제목입니다\\n==\\n\\n글입니다.\\n' >a.rst && "
	           "git -c user.name=t -c user.email=t@t commit -qam ko");
	setenv("XDG_CACHE_HOME", dir, 1);
	Context ctx;
	context_init(&ctx);
	ContextOpts co = {.no_spell = true};
	Err e;
	err_init(&e);
	assert_true(context_load(&ctx, &co, &e));
	char *w = path_join(dir, "w");
	Repo r;
	repo_init(&r);
	r.ctx = &ctx;
	r.deferred = true;
	assert_true(repo_open(&r, w, &e));
	assert_ptr_equal(r.ctx, &ctx);
	assert_true(r.deferred);
	while (repo_fill_step(&r, 5))
		;
	assert_false(r.deferred);
	assert_int_equal(r.rows.n, 1);
	assert_null(r.rows.v[0].error);
	assert_true(r.rows.v[0].findings >= 1); /* the title's underline */
	repo_release(&r);
	context_release(&ctx);
	unsetenv("XDG_CACHE_HOME");
	free(w);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows_fill_cache_refresh),
		cmocka_unit_test(test_git_processes_constant),
		cmocka_unit_test(test_dates_linear),
		cmocka_unit_test(test_findings_with_context),
		cmocka_unit_test(test_not_a_folder),
		cmocka_unit_test(test_git_log_failure_said),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
