/* source: the English of many files at once (source_history_*) agrees
 * with the per-file rule (source_english_in_history) on every tutorial of
 * the dev bundle, and on a throwaway repository with deletions and
 * symlinks; source_resolve_in() through one history gives every file of
 * the bundle the Source source_resolve() gives it (history and sidecar
 * records, edited and untracked files, a linked folder, a nested
 * repository) with a constant number of git processes. */
#include "yeok/stats.h"
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

/* source_resolve and source_resolve_in agree on target (same result,
 * same Source or the same error). */
static void same_source(const char *target, const SourceOpts *o, SourceHistory *h)
{
	Source a, b;
	source_init(&a);
	source_init(&b);
	Err ea, eb;
	err_init(&ea);
	err_init(&eb);
	bool oka = source_resolve(target, o, &a, &ea);
	bool okb = source_resolve_in(target, o, h, &b, &eb);
	if (oka != okb)
		fail_msg("%s: per file %s (%s), bulk %s (%s)", target, oka ? "ok" : "failed", ea.msg,
		         okb ? "ok" : "failed", eb.msg);
	if (!oka) {
		assert_int_equal(ea.code, eb.code);
		assert_string_equal(ea.msg, eb.msg);
	} else {
		assert_int_equal(a.origin, b.origin);
		if ((a.rev == NULL) != (b.rev == NULL) || (a.rev && strcmp(a.rev, b.rev)))
			fail_msg("%s: rev %s / %s", target, a.rev ? a.rev : "-", b.rev ? b.rev : "-");
		assert_string_equal(a.desc, b.desc);
		if (a.path || b.path)
			assert_string_equal(a.path, b.path);
		assert_string_equal(a.sha256, b.sha256);
		assert_int_equal(a.text.len, b.text.len);
		if (a.text.len)
			assert_memory_equal(a.text.p, b.text.p, a.text.len);
	}
	source_release(&a);
	source_release(&b);
}

static bool is_tut(const char *p)
{
	size_t n = strlen(p);
	return (n > 4 && !strcmp(p + n - 4, ".rst")) || (n > 3 && !strcmp(p + n - 3, ".py"));
}

static void test_resolve_in_bundle(void **state)
{
	(void)state;
	char *rel = path_join(tu_corpus(), "tutorials-kr-dev.bundle");
	char *bundle = realpath(rel, NULL);
	free(rel);
	if (!bundle) {
		print_message("skipped: no corpus\n");
		skip();
	}
	char *dir = tu_tmpdir();
	tu_sh(dir, "git clone -q '%s' r", bundle);
	char *top = path_join(dir, "r");
	/* an uncommitted Korean edit, an untracked tutorial, a linked folder,
	 * a repository nested in the clone */
	tu_sh(top, "printf '\\n한국어 줄\\n' >> recipes_source/amx.rst");
	tu_sh(top, "printf 'New\\n===\\n\\nText.\\n' > recipes_source/new.rst");
	tu_sh(top, "ln -s recipes_source linked");
	tu_sh(top, "mkdir inner && cd inner && git init -q && git config user.email t@t &&"
	           " git config user.name t && printf 'Inner\\n' > in.rst && git add in.rst &&"
	           " git commit -qm one && printf '안쪽\\n' > in.rst && git commit -qam two");
	static const char *const specs[] = {"*.rst", "*.py", NULL};
	SourceHistory *h = NULL;
	Err e;
	err_init(&e);
	assert_true(source_history_open(top, specs, &h, &e));
	VcsTree tree = {0};
	assert_true(vcs_ls_tree(top, "HEAD", &tree, &e));
	VEC(char *) files = {0};
	for (size_t i = 0; i < tree.n; i++)
		if (is_tut(tree.v[i].path))
			VEC_PUSH(&files, path_join(top, tree.v[i].path));
	VEC_PUSH(&files, path_join(top, "recipes_source/new.rst"));
	VEC_PUSH(&files, path_join(top, "linked/torch_logs.py"));
	assert_true(files.n >= 50);

	/* the path rule, without git */
	char *p = source_history_path_of(h, files.v[files.n - 1]);
	assert_string_equal(p, "recipes_source/torch_logs.py");
	free(p);
	char *inner = path_join(top, "inner/in.rst");
	assert_null(source_history_path_of(h, inner));
	char *outside = path_join(dir, "x.rst");
	assert_null(source_history_path_of(h, outside));
	free(outside);

	/* step 4, the English from history: the bulk way spawns at most its
	 * cat-file process, whatever the number of files */
	SourceOpts o = {.history = true};
	for (size_t i = 0; i < files.n; i++)
		same_source(files.v[i], &o, h);
	same_source(inner, &o, h); /* the nested repository: its own history */
	unsigned long before = stat_get(STAT_GIT_SPAWNS);
	Source s;
	source_init(&s);
	size_t from_history = 0;
	for (size_t i = 0; i < files.n; i++) {
		assert_true(source_resolve_in(files.v[i], &o, h, &s, &e));
		from_history += s.origin == SOURCE_HISTORY;
	}
	assert_true(stat_get(STAT_GIT_SPAWNS) - before <= 1);
	assert_true(from_history >= 40);
	/* the per-file way: processes for every file */
	before = stat_get(STAT_GIT_SPAWNS);
	for (size_t i = 0; i < 5; i++)
		assert_true(source_resolve(files.v[i], &o, &s, &e));
	assert_true(stat_get(STAT_GIT_SPAWNS) - before >= 5 * 3);
	source_release(&s);

	/* step 3, sidecar records naming a commit: the same text, or the same
	 * error (a path absent there, an unknown revision, a path with `..`) */
	char head[41], old[41];
	assert_true(vcs_commit(top, "HEAD", head, &e));
	assert_true(vcs_commit(top, "HEAD~40", old, &e));
	const char *revs[] = {head, old, "HEAD~40", "no-such-rev", "HEAD:x"};
	for (size_t i = 0; i < files.n; i++) {
		char *rp = source_history_path_of(h, files.v[i]);
		assert_non_null(rp);
		char *dotted = xasprintf("./%s", rp);
		const char *paths[] = {NULL, rp, dotted, "../r/recipes_source/amx.rst",
		                       "recipes_source/../recipes_source/amx.rst"};
		for (size_t k = 0; k < ARRAY_LEN(revs); k++)
			for (size_t j = 0; j < ARRAY_LEN(paths); j++) {
				if ((k > 1 || j > 1) && i % 10)
					continue; /* the odd cases on some files only */
				SourceRecord r = {.git = revs[k], .path = paths[j]};
				SourceOpts ro = {.recorded = &r, .history = true};
				same_source(files.v[i], &ro, h);
			}
		free(dotted);
		free(rp);
	}
	/* records read through the batch: no process per file */
	before = stat_get(STAT_GIT_SPAWNS);
	for (size_t i = 0; i < files.n; i++) {
		char *rp = source_history_path_of(h, files.v[i]);
		SourceRecord r = {.git = head, .path = rp};
		SourceOpts ro = {.recorded = &r};
		Err quiet;
		err_init(&quiet);
		source_init(&s);
		if (source_resolve_in(files.v[i], &ro, h, &s, &quiet))
			assert_int_equal(s.origin, SOURCE_SIDECAR);
		source_release(&s);
		free(rp);
	}
	/* (only the untracked new.rst, absent at HEAD, is read the per-file
	 * way, for its message: a few processes) */
	assert_true(stat_get(STAT_GIT_SPAWNS) - before < 12);
	for (size_t i = 0; i < files.n; i++)
		free(files.v[i]);
	VEC_FREE(&files);
	free(inner);
	vcs_tree_release(&tree);
	source_history_close(h);
	free(top);
	free(dir);
	free(bundle);
}

/* source_history_open_files: every tutorial of the bundle gets the answer
 * of the per-file rule, from the log the first time and from the cache the
 * second (no path logged, no old version read), and the second history's
 * log holds each English commit with the first's date. */
static void test_open_files_cached(void **state)
{
	(void)state;
	char *rel = path_join(tu_corpus(), "tutorials-kr-dev.bundle");
	char *bundle = realpath(rel, NULL);
	free(rel);
	if (!bundle)
		skip();
	char *dir = tu_tmpdir();
	tu_sh(dir, "git clone -q '%s' r", bundle);
	char *top = path_join(dir, "r"), *cache = path_join(dir, "cache");
	setenv("XDG_CACHE_HOME", cache, 1);
	Err e;
	err_init(&e);
	char head[41];
	assert_true(vcs_commit(top, "HEAD", head, &e));
	VcsTree tree = {0};
	assert_true(vcs_ls_tree(top, "HEAD", &tree, &e));
	VEC(const char *) rels = {0};
	for (size_t i = 0; i < tree.n; i++) {
		size_t n = strlen(tree.v[i].path);
		if ((n > 4 && !strcmp(tree.v[i].path + n - 4, ".rst")) ||
		    (n > 3 && !strcmp(tree.v[i].path + n - 3, ".py")))
			VEC_PUSH(&rels, tree.v[i].path);
	}
	assert_true(rels.n > 40);
	long long first_time = -1;
	char first_id[41] = "";
	for (int run = 0; run < 2; run++) {
		uint64_t p0 = stat_get(STAT_HISTORY_PATHS), v0 = stat_get(STAT_HISTORY_VERSIONS);
		SourceHistory *h = NULL;
		assert_true(source_history_open_files(top, head, rels.v, rels.n, &h, &e));
		size_t found = 0;
		for (size_t i = 0; i < rels.n; i++)
			agree(top, rels.v[i], h, &found);
		assert_true(found > 20);
		uint64_t p1 = stat_get(STAT_HISTORY_PATHS), v1 = stat_get(STAT_HISTORY_VERSIONS);
		if (run == 0) {
			assert_int_equal(p1 - p0, rels.n);
			assert_true(v1 > v0);
		} else {
			assert_int_equal(p1 - p0, 0);
			assert_int_equal(v1 - v0, 0);
		}
		/* the English commit of one file, with its date, in the log */
		bool f = false;
		char id[41];
		Buf t = BUF_INIT;
		for (size_t i = 0; i < rels.n && !f; i++)
			assert_true(source_history_english(h, rels.v[i], SIZE_MAX, &f, id, &t, &e));
		assert_true(f);
		const VcsLog *log = source_history_log(h);
		long long when = -1;
		for (size_t i = 0; i < log->commits.n; i++)
			if (!strcmp(log->commits.v[i].id, id))
				when = log->commits.v[i].time;
		assert_true(when > 0);
		if (run == 0) {
			first_time = when;
			memcpy(first_id, id, 41);
		} else {
			assert_string_equal(id, first_id);
			assert_true(when == first_time);
		}
		buf_release(&t);
		source_history_close(h);
	}
	unsetenv("XDG_CACHE_HOME");
	VEC_FREE(&rels);
	vcs_tree_release(&tree);
	free(cache);
	free(top);
	free(dir);
	free(bundle);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_repo),
		cmocka_unit_test(test_bundle),
		cmocka_unit_test(test_resolve_in_bundle),
		cmocka_unit_test(test_open_files_cached),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
