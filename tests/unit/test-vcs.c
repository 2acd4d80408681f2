/* vcs: reading revisions through git, with hostile file names. */
#include "yeok/stats.h"
#include "testutil.h"

#include <sys/stat.h>
#include <unistd.h>

#include "yeok/vcs.h"

static char *repo;

static int setup(void **state)
{
	(void)state;
	repo = tu_tmpdir();
	tu_sh(repo, "git init -q -b main . && git config user.email t@t && git config user.name t");
	tu_sh(repo, "mkdir -p 'sub dir' && printf 'English v1\\n' > 'sub dir/a b.rst'");
	tu_sh(repo, "printf 'dash\\n' > ./-lead.rst && printf 'dollar\\n' > './$(touch pwned).rst'");
	tu_sh(repo, "printf \"q\\n\" > \"quote'd.rst\"");
	tu_sh(repo, "git add -A && git commit -q -m one");
	tu_sh(repo, "printf 'Korean 번역\\n' > 'sub dir/a b.rst' && git commit -qam two");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(repo);
	return 0;
}

static char *in_repo(const char *rel)
{
	return path_join(repo, rel);
}

static void test_show_revisions(void **state)
{
	(void)state;
	char *path = in_repo("sub dir/a b.rst");
	Buf out = BUF_INIT;
	Err e;
	err_init(&e);
	assert_true(vcs_show(path, "HEAD~1", &out, &e));
	assert_string_equal(out.p, "English v1\n");
	assert_true(vcs_show(path, "HEAD", &out, &e));
	assert_string_equal(out.p, "Korean 번역\n");
	char id[41];
	assert_true(vcs_commit(path, "HEAD", id, &e));
	assert_int_equal(strlen(id), 40);
	bool clean;
	assert_true(vcs_is_clean(path, &clean, &e));
	assert_true(clean);
	tu_sh(repo, "printf 'edited\\n' >> 'sub dir/a b.rst'");
	assert_true(vcs_is_clean(path, &clean, &e));
	assert_false(clean);
	tu_sh(repo, "git checkout -q -- 'sub dir/a b.rst'");
	char *rel = NULL;
	assert_true(vcs_relpath(path, &rel, &e));
	assert_string_equal(rel, "sub dir/a b.rst");
	free(rel);
	buf_release(&out);
	free(path);
}

static void test_hostile_names(void **state)
{
	(void)state;
	static const char *names[] = {"-lead.rst", "$(touch pwned).rst", "quote'd.rst"};
	Buf out = BUF_INIT;
	Err e;
	err_init(&e);
	for (size_t i = 0; i < ARRAY_LEN(names); i++) {
		char *path = in_repo(names[i]);
		if (!vcs_show(path, "HEAD", &out, &e))
			fail_msg("%s: %s", names[i], e.msg);
		assert_true(out.len > 0);
		free(path);
	}
	char *pwned = in_repo("pwned");
	assert_false(file_exists(pwned)); /* no shell ever ran */
	free(pwned);
	buf_release(&out);
}

static void test_errors(void **state)
{
	(void)state;
	Buf out = BUF_INIT;
	Err e;
	err_init(&e);
	char *path = in_repo("sub dir/a b.rst");
	assert_false(vcs_show(path, "no-such-rev", &out, &e));
	assert_int_equal(e.code, EXIT_NOINPUT);
	assert_non_null(strstr(e.msg, "unknown revision 'no-such-rev'"));
	char *absent = in_repo("absent.rst");
	assert_false(vcs_show(absent, "HEAD", &out, &e));
	assert_non_null(strstr(e.msg, "no such file at revision 'HEAD'"));
	char *outside = tu_tmpdir();
	char *lone = tu_write(outside, "x.rst", "x\n", 2);
	assert_false(vcs_show(lone, "HEAD", &out, &e));
	assert_non_null(strstr(e.msg, "not in a git work tree"));
	free(lone);
	free(outside);
	free(absent);
	free(path);
	buf_release(&out);
}

/* What git itself prints for path's folder (rev-parse ARG), chomped. */
static char *git_says(const char *path, const char *arg)
{
	char *dir = path_dirname(path);
	const char *argv[] = {"rev-parse", arg, NULL};
	Buf out = BUF_INIT;
	Err e;
	err_init(&e);
	assert_true(vcs_git(dir, argv, &out, NULL, &e));
	while (out.len && out.p[out.len - 1] == '\n')
		out.p[--out.len] = '\0';
	free(dir);
	return buf_detach(&out);
}

/* The top level is asked of git once per work tree; every other folder of
 * it gets git's answers without git (its prefix too), through a symbolic
 * link as well; a work tree made inside later is its own. */
static void test_toplevel_known(void **state)
{
	(void)state;
	char *a = in_repo("sub dir/a b.rst"), *b = in_repo("-lead.rst");
	char *top = NULL, *rel = NULL;
	Err e;
	err_init(&e);
	assert_true(vcs_toplevel(b, &top, &e)); /* git asked (or known before) */
	free(top);
	unsigned long before = stat_get(STAT_GIT_SPAWNS);
	assert_true(vcs_toplevel(a, &top, &e));
	assert_true(vcs_relpath(a, &rel, &e));
	assert_int_equal(stat_get(STAT_GIT_SPAWNS), before);
	char *git_top = git_says(a, "--show-toplevel"), *git_pre = git_says(a, "--show-prefix");
	assert_string_equal(top, git_top);
	char *want = xasprintf("%s%s", git_pre, "a b.rst");
	assert_string_equal(rel, want);
	free(want);
	free(rel);
	free(top);
	/* a folder itself: its prefix with the '/', the top level's empty */
	char *sub = in_repo("sub dir");
	assert_true(vcs_relpath(sub, &rel, &e));
	assert_string_equal(rel, "sub dir/");
	free(rel);
	assert_true(vcs_relpath(repo, &rel, &e));
	assert_string_equal(rel, "");
	free(rel);
	/* through a link from outside */
	char *out = tu_tmpdir();
	tu_sh(out, "ln -s '%s/sub dir' l", repo);
	char *via = path_join(out, "l/a b.rst");
	assert_true(vcs_relpath(via, &rel, &e));
	assert_string_equal(rel, "sub dir/a b.rst");
	free(rel);
	/* a work tree made inside after: git's answer, not the outer one */
	tu_sh(repo, "mkdir -p inner && git -C inner init -q");
	char *inner = in_repo("inner/x.rst");
	assert_true(vcs_toplevel(inner, &top, &e));
	char *inner_top = git_says(inner, "--show-toplevel");
	assert_string_equal(top, inner_top);
	free(top);
	assert_true(vcs_relpath(inner, &rel, &e));
	assert_string_equal(rel, "x.rst");
	free(rel);
	tu_sh(repo, "rm -rf inner");
	/* outside every work tree: no git needed to say so */
	before = stat_get(STAT_GIT_SPAWNS);
	char *lone = path_join(out, "x.rst");
	assert_false(vcs_toplevel(lone, &top, &e));
	assert_non_null(strstr(e.msg, "not in a git work tree"));
	assert_int_equal(stat_get(STAT_GIT_SPAWNS), before);
	free(lone);
	free(inner_top);
	free(inner);
	free(via);
	free(out);
	free(sub);
	free(git_top);
	free(git_pre);
	free(a);
	free(b);
}

int main(void)
{
	if (!vcs_available()) {
		printf("1..0 # SKIP git is not installed\n");
		return 0;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_show_revisions),
		cmocka_unit_test(test_hostile_names),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_toplevel_known),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
