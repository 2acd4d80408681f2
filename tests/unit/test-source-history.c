/* source: the English of many files at once (source_history_*) agrees
 * with the per-file rule (source_english_in_history) on every tutorial of
 * the dev bundle, and on a throwaway repository with deletions and
 * symlinks. */
#include "testutil.h"

#include "yeok/source.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

static void agree(const char *top, const char *rel, SourceHistory *h, size_t *found_n)
{
	char *path = path_join(top, rel);
	Err e;
	err_init(&e);
	bool f1 = false, f2 = false;
	char id1[41] = "", id2[41] = "";
	Buf t1 = BUF_INIT, t2 = BUF_INIT;
	assert_true(source_english_in_history(path, &f1, id1, &t1, &e));
	assert_true(source_history_english(h, rel, SIZE_MAX, &f2, id2, &t2, &e));
	if (f1 != f2 || (f1 && strcmp(id1, id2)))
		fail_msg("%s: per file %d %s, bulk %d %s", rel, f1, id1, f2, id2);
	if (f1) {
		assert_int_equal(t1.len, t2.len);
		assert_memory_equal(t1.p, t2.p, t1.len);
		(*found_n)++;
	}
	buf_release(&t1);
	buf_release(&t2);
	free(path);
}

static void test_bundle(void **state)
{
	(void)state;
	char *rel = path_join(tu_corpus(), "tutorials-kr-dev.bundle");
	char *bundle = realpath(rel, NULL);
	free(rel);
	if (!bundle)
		skip();
	char *dir = tu_tmpdir();
	tu_sh(dir, "git clone -q '%s' r", bundle);
	char *top = path_join(dir, "r");
	static const char *const specs[] = {"*.rst", "*.py", NULL};
	SourceHistory *h = NULL;
	Err e;
	err_init(&e);
	assert_true(source_history_open(top, specs, &h, &e));
	VcsTree tree = {0};
	assert_true(vcs_ls_tree(top, "HEAD", &tree, &e));
	size_t files = 0, found = 0;
	for (size_t i = 0; i < tree.n; i++) {
		size_t n = strlen(tree.v[i].path);
		bool tut = (n > 4 && !strcmp(tree.v[i].path + n - 4, ".rst")) ||
		           (n > 3 && !strcmp(tree.v[i].path + n - 3, ".py"));
		if (!tut)
			continue;
		agree(top, tree.v[i].path, h, &found);
		files++;
	}
	assert_true(files >= 50);
	assert_true(found >= 40);
	/* the log holds every first-parent commit that changed a tutorial */
	const VcsLog *log = source_history_log(h);
	assert_true(log->commits.n > 100);
	vcs_tree_release(&tree);
	source_history_close(h);
	free(top);
	free(dir);
	free(bundle);
}

static void test_small_repo(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	tu_sh(dir, "git init -q -b main . && git config user.email t@t && git config user.name t");
	tu_sh(dir, "printf 'English one\\n' > a.rst && printf 'keep\\n' > 'odd name.rst'"
	           " && git add -A && git commit -qm one");
	tu_sh(dir, "printf '한국어 하나\\n' > a.rst && git commit -qam two");
	tu_sh(dir, "git rm -q a.rst && git commit -qm gone");
	tu_sh(dir, "printf 'English again\\n' > a.rst && git add a.rst && git commit -qm back");
	tu_sh(dir, "printf '다시 한국어\\n' > a.rst && printf '번역\\n' > 'odd name.rst'"
	           " && git commit -qam three");
	/* a branch merged: only the first-parent history counts, in both */
	tu_sh(dir, "git checkout -q -b side && printf 'Side English\\n' > a.rst && git commit -qam side"
	           " && printf '옆 한국어\\n' > a.rst && git commit -qam side2 && git checkout -q main"
	           " && git merge -q --no-ff -m merge side");
	static const char *const specs[] = {"*.rst", NULL};
	SourceHistory *h = NULL;
	Err e;
	err_init(&e);
	assert_true(source_history_open(dir, specs, &h, &e));
	size_t found = 0;
	agree(dir, "a.rst", h, &found);
	agree(dir, "odd name.rst", h, &found);
	assert_int_equal(found, 2);
	char id[41];
	Buf t = BUF_INIT;
	bool f = false;
	assert_true(source_history_english(h, "a.rst", SIZE_MAX, &f, id, &t, &e));
	assert_true(f);
	assert_string_equal(t.p, "English again\n");
	/* over the size cap: not a candidate */
	assert_true(source_history_english(h, "a.rst", 4, &f, id, &t, &e));
	assert_false(f);
	buf_release(&t);
	source_history_close(h);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_repo),
		cmocka_unit_test(test_bundle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
